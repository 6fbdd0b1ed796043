"""Rendering: layouts and cards to Pillow images (one image per card face and back)."""
