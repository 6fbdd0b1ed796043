"""Checks: deck rules, the game's own data (pool, box, boards), and their findings."""
