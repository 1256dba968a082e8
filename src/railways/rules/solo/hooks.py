"""What a board adds to the solo game (its solo appendix), behind one hook.

The generic solo rules (``railways.rules.solo.plugin``), the Railbot (``railbot``) and the
solo bot call :func:`solo_hook` and ask it; a board's plug-in names its own hook in
``Plugin.solo_hook`` (``"module:Class"``, a :class:`SoloHook` subclass in the board's
folder), imported when a solo game of the board first asks. Every method's default does
nothing, so a board with no appendix of its own needs none.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from railways.rules.registry import named_class

if TYPE_CHECKING:
    from railways.core.board import Color
    from railways.core.game import Delivery, Game
    from railways.core.state import Link


class SoloHook:
    """The board's part of the solo game. Towns here are places the board builds during the
    game (a town tracker counts them, RB-093..RB-095); a board without them says no."""

    def is_town(self, game: Game, city: str) -> bool:
        """Whether ``city`` is one of the board's towns, built or not."""
        return False

    def is_unbuilt(self, game: Game, city: str | None) -> bool:
        """Whether ``city`` is a town not yet built."""
        return False

    def path_prices(self, game: Game) -> dict[str, int]:
        """What the Railbot's paths pay to enter each of these cities, on top of the track."""
        return {}

    def player_builds(self, game: Game, seat: int, link: Link) -> None:
        """The player's link is about to be built (before the board's plug-in reacts)."""

    def railbot_builds(self, game: Game, link: Link) -> None:
        """The Railbot laid ``link``."""

    def delivered(self, game: Game, delivery: Delivery) -> None:
        """After a delivery of the player's."""

    def final_points(self, game: Game) -> int:
        """Points the board's appendix scores after the last turn."""
        return 0

    def lost(self, game: Game) -> bool:
        """Whether the board's appendix says the player lost, whatever the score."""
        return False

    def held(self, game: Game) -> dict[Color, int]:
        """Cubes the appendix keeps off the board and out of the bag, by colour."""
        return {}


NO_HOOK = SoloHook()


@cache
def _load(path: str) -> SoloHook:
    cls = named_class(path, "solo hook", SoloHook)
    hook: SoloHook = cls()
    return hook


def solo_hook(game: Game) -> SoloHook:
    """The hook of the game's board (the first plug-in that names one), or one that does
    nothing."""
    for plugin in game.ruleset.plugins:
        if plugin.solo_hook:
            return _load(plugin.solo_hook)
    return NO_HOOK
