"""Benchmarks (not tests): `make bench` or `.venv/bin/python -m bench`."""
