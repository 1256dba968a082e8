"""Checks for simulated games: hidden information in views, and replays of the full state."""
