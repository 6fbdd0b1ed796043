"""Benchmarks: `make bench` runs every bench_*.py module here through run.py."""
