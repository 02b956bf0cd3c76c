"""Benchmarks: each `bench_<area>.py` module exposes `run() -> dict[str, float]`; `python -m bench` runs them all."""
