"""Benchmarks of the engine and the bots, run by ``railways bench`` (never by the tests)."""
