"""Bots: players the engine can seat. ``make_bot("random", seed)`` builds one by name.

A name may carry options after colons, for the bots that take them:
``mcts:iters=200``, ``mcts:time=1.5:width=10`` (see docs/bots.md). The levels people
pick are names too: ``easy``, ``medium`` (the greedy bot) and ``hard`` (the search bot).
"""

from __future__ import annotations

from collections.abc import Callable

from railways.bots.base import Bot
from railways.bots.easy import EasyBot
from railways.bots.greedy import GreedyBot
from railways.bots.mcts import MctsBot, MctsSettings
from railways.bots.random_bot import RandomBot


def _mcts(seed: int, options: dict[str, str]) -> Bot:
    return MctsBot(seed, MctsSettings.parse(options))


def _plain(factory: Callable[[int], Bot]) -> Callable[[int, dict[str, str]], Bot]:
    def make(seed: int, options: dict[str, str]) -> Bot:
        if options:
            raise ValueError(f"this bot takes no options ({', '.join(options)})")
        return factory(seed)

    return make


LEVELS = {"easy": "easy", "medium": "greedy", "hard": "mcts"}  # level -> the bot it seats


class BotRegistry(dict[str, Callable[[int, dict[str, str]], Bot]]):
    """Bot names and their factories. ``in`` also accepts a name with valid options
    (``"mcts:iters=50" in BOTS``), so every front end checks names the same way."""

    def __contains__(self, spec: object) -> bool:
        if not isinstance(spec, str):
            return False
        try:
            make_bot(spec)
        except ValueError:
            return False
        return True


BOTS = BotRegistry(
    random=_plain(RandomBot),
    greedy=_plain(GreedyBot),
    mcts=_mcts,
    easy=_plain(EasyBot),
    medium=_plain(GreedyBot),
    hard=_mcts,
)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=200:c=1.5"`` -> ``("mcts", {"iters": "200", "c": "1.5"})``."""
    name, *parts = spec.strip().split(":")
    options: dict[str, str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bot option {part!r}: expected name=value")
        options[key.strip()] = value.strip()
    return name, options


def make_bot(name: str, seed: int = 0) -> Bot:
    base, options = parse_spec(name)
    factory = dict.get(BOTS, base)
    if factory is None:
        known = ", ".join(sorted(dict.keys(BOTS)))
        raise ValueError(f"unknown bot {base!r} (known: {known})")
    return factory(seed, options)
