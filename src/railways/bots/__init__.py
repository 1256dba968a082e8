"""Bots: players the engine can seat. ``make_bot("random", seed)`` builds one by name.

A name may carry options after colons, for the bots that take them:
``mcts:iters=200``, ``mcts:time=1.5:width=10`` (see docs/bots.md). The levels people
pick are names too: ``easy``, ``medium`` (the greedy bot) and ``hard`` (the search bot).

A user's own bot is named by a Python entry point, ``module:callable`` (``my_pkg.bots:make``):
the callable is called with the seat's seed and returns a bot (anything with a ``name`` and
``choose(game, seat, legal)``; ``railways.rl.policy.PolicyBot`` wraps a policy over the
observation and the action mask). The module is imported where the bot plays (every worker),
so it must be importable there.

How strong and how fast each bot is comes from the ladder (``railways ladder``), whose
results ship in the package as ``ladder.json`` (``railways.bots.ladder``).
"""

from __future__ import annotations

import importlib
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

# What each registered bot is, in a few words (``railways bots``).
ABOUT = {
    "random": "a uniformly random legal move",
    "greedy": "one action of look-ahead with hand-made values",
    "mcts": "information-set Monte Carlo tree search over greedy's best ideas",
    "easy": "greedy's values, but half of its moves one of its next three ideas",
    "medium": "the level that seats greedy",
    "hard": "the level that seats mcts (1 s a move by default)",
}


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


def entry_point(spec: str) -> tuple[str, str] | None:
    """``"module:callable"`` -> ``("module", "callable")``; None for a registered bot's name
    (with or without options: ``mcts:iters=50``)."""
    module, sep, attr = spec.strip().partition(":")
    if not sep or dict.__contains__(BOTS, module) or "=" in attr or ":" in attr:
        return None
    if not all(part.isidentifier() for part in [*module.split("."), *attr.split(".")]):
        return None
    return module, attr


def _user_bot(module_name: str, attr: str, spec: str, seed: int) -> Bot:
    try:
        target: object = importlib.import_module(module_name)
    except Exception as exc:  # not only ImportError: the user's module may fail as it loads
        why = f"{type(exc).__name__}: {exc}"
        raise ValueError(f"bot {spec!r}: cannot import {module_name!r} ({why})") from None
    for part in attr.split("."):
        if not hasattr(target, part):
            raise ValueError(f"bot {spec!r}: {module_name!r} has no {attr!r}")
        target = getattr(target, part)
    if not callable(target):
        raise ValueError(f"bot {spec!r}: {attr!r} is not callable")
    bot = target(seed)
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot {spec!r}: {attr}({seed}) gave no bot (no choose method)")
    if not isinstance(getattr(bot, "name", None), str):
        bot.name = spec
    return bot  # type: ignore[no-any-return]


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot from its spec: a name in ``BOTS`` with options (``"mcts:iters=200"``,
    ``parse_spec``) or a user's ``module:callable`` (``entry_point``), seeded with ``seed``.

    Raises ``ValueError`` naming the unknown bot or what is wrong with the spec.
    """
    point = entry_point(name)
    if point is not None:
        return _user_bot(*point, name, seed)
    base, options = parse_spec(name)
    factory = dict.get(BOTS, base)
    if factory is None:
        known = ", ".join(sorted(dict.keys(BOTS)))
        raise ValueError(f"unknown bot {base!r} (known: {known})")
    return factory(seed, options)


def unknown_bots_message(names: list[str]) -> str:
    """Why the bots ``names`` cannot be seated, for a front end's error: unknown names and
    the known ones, and for each entry point (``module:callable``) its own reason, such as
    the error its module raised on import."""
    plain = [n for n in names if entry_point(n) is None]
    parts = []
    if plain or not names:
        known = ", ".join(BOTS)
        parts.append(f"unknown bot(s) {', '.join(plain) or '(none)'}; known: {known}")
    for name in names:
        if entry_point(name) is not None:
            try:
                make_bot(name)
            except ValueError as exc:
                parts.append(str(exc))
    return "; ".join(parts)
