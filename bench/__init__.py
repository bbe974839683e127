"""Benchmarks: ``invoke bench <name>``; results are printed and written to ``bench/results/``."""
