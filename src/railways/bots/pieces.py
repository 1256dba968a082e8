"""What a bot knows of a board, found through the board's plug-ins.

A plug-in names its pieces in ``Plugin.bot_pieces``: bot name -> ``"module:Class"``. A bot
asks :func:`pieces` for those of a game; each plug-in of the ruleset brings at most one a
bot, in the ruleset's order. :func:`combined` makes one class of several pieces that
subclass one base (the first plug-in's piece first in the method order, each calling
``super()``), or gives the base when there is none, so no bot names a board;
:func:`combined_under` puts a class of the bot's own on top of them (the solo greedy bot's
tuning over a board's greedy pieces).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, TypeVar

from railways.rules.registry import named_class

if TYPE_CHECKING:
    from railways.core.game import Game

T = TypeVar("T")


@cache
def _load(path: str) -> type:
    return named_class(path, "bot piece")


def pieces(game: Game, bot: str) -> tuple[type, ...]:
    """The pieces the game's plug-ins bring for ``bot``, in the ruleset's order."""
    return tuple(_load(p.bot_pieces[bot]) for p in game.ruleset.plugins if bot in p.bot_pieces)


_COMPOSED: dict[tuple[type, ...], type] = {}


def _compose(base: type, found: tuple[type, ...]) -> type:
    for piece in found:
        if not issubclass(piece, base):
            raise ValueError(f"bot piece {piece.__qualname__} is not a {base.__qualname__}")
    if len(found) == 1:
        return found[0]
    if found not in _COMPOSED:
        name = "+".join(piece.__name__ for piece in found)
        _COMPOSED[found] = type(name, found, {"__module__": __name__})
    return _COMPOSED[found]


def combined(game: Game, bot: str, base: type[T]) -> type[T]:
    """One class of the game's pieces for ``bot`` (each a subclass of ``base``); ``base``
    itself when the game's plug-ins bring none."""
    found = pieces(game, bot)
    if not found:
        return base
    out: type[T] = _compose(base, found)
    return out


def combined_under(top: type[T], game: Game, bot: str, base: type) -> type[T]:
    """One class of ``top`` first in the method order, then the game's pieces for ``bot``
    (each, like ``top``, a subclass of ``base``); ``top`` itself when there are none."""
    found = pieces(game, bot)
    if not found:
        return top
    out: type[T] = _compose(base, (top, *found))
    return out
