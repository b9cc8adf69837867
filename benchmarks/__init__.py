"""Benchmarks of mafia-mail (issue 7): run by hand with ``python benchmarks/run.py``.

A report, never a pass/fail test: see benchmarks/README.md.
"""
