"""Bots: players the engine can seat. ``make_bot("random", seed)`` builds one by name."""

from __future__ import annotations

from collections.abc import Callable

from railways.bots.base import Bot
from railways.bots.greedy import GreedyBot
from railways.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed)
