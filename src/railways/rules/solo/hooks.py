"""What a board adds to the solo game (its solo appendix), behind one hook.

The generic solo rules (``railways.rules.solo.plugin``), the Railbot (``railbot``) and the
solo bot call :func:`solo_hook` and ask it; a board's plug-in names its own hook in
``Plugin.solo_hook`` (``"module:Class"``, a :class:`SoloHook` subclass in the board's
folder), imported when a solo game of the board first asks. Every method's default does
nothing, so a board with no appendix of its own needs none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from railways.rules.registry import named_class

if TYPE_CHECKING:
    from railways.content.solo import RailbotCard, SoloMap
    from railways.core.board import Board, Color
    from railways.core.game import Delivery, Game
    from railways.core.plugins import Plugin
    from railways.core.state import Link

# A Railbot task: a small dict of plain data in ``SoloState.tasks`` (``railbot``).
Task = dict[str, Any]


class SoloHook:
    """The board's part of the solo game. Towns here are places the board builds during the
    game (a town tracker counts them, RB-093..RB-095); a board without them says no."""

    # -- the board's own data: tables of ``solo.toml`` and keys of its Railbot cards ----------
    def appendix_keys(self) -> frozenset[str]:
        """Top-level keys of ``solo.toml`` that the board reads (``SoloMap.own``)."""
        return frozenset()

    def card_keys(self) -> frozenset[str]:
        """Keys of the board's Railbot cards that the board reads (``RailbotCard.own``)."""
        return frozenset()

    def read_appendix(self, smap: SoloMap, board: Board, problems: list[str]) -> object:
        """What the game needs of ``smap.own`` (kept as ``SoloMap.appendix``), checked against
        the printed ``board``; what is wrong goes in ``problems`` as ``file:key: message``."""
        return None

    # -- set-up and the cubes -------------------------------------------------------------
    def setup(self, game: Game) -> None:
        """After the Operations display is dealt, before the Railbot deck is."""

    def cube_returned(self, game: Game, color: Color) -> None:
        """A cube went back in the bag: delivered, or taken off the board by the Railbot."""

    def new_industry(self, game: Game, city: str, why: str) -> None:
        """A New Industry card put a cube on ``city`` (``why``: the card's name)."""

    def card_drawn(self, game: Game, card_id: str) -> bool:
        """The Railbot drew ``card_id``; True when the appendix has dealt with it (it is then
        discarded and the next card drawn)."""
        return False

    def exhaust_spares(self, game: Game) -> frozenset[str]:
        """Cities an Exhaust Goods card never takes cubes from."""
        return frozenset()

    def lane_prices(self, game: Game) -> Mapping[str, int]:
        """Border kinds whose lanes the Railbot's paths may use, each lane at this price as a
        whole whatever its hexes would cost."""
        return {}

    def card_icon_tasks(self, game: Game, card: RailbotCard) -> list[Task]:
        """Tasks of the board's own icons on a card being resolved, after those of its kinds
        (the generic icons' follow)."""
        return []

    def view(self, game: Game) -> dict[str, Any]:
        """Fields the board adds to the solo part of every view."""
        return {}

    # -- what a bot may ask (facts of the rules, not tactics) ------------------------------
    def delivery_points(self, game: Game, city: str) -> int:
        """Points the appendix adds if the player's next delivery goes to ``city``."""
        return 0

    def delivery_needed(self, game: Game, city: str) -> bool:
        """Whether that delivery lifts the appendix's loss whatever the score (``lost``)."""
        return False

    def build_points(self, game: Game, city: str | None) -> int:
        """Points the appendix adds if the player's next link builds ``city``."""
        return 0

    def removal_saves(self, game: Game, color: Color | str | None) -> int:
        """Points a cube of ``color`` leaving the board saves over the penalties still to come."""
        return 0

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

    # -- Railbot cards of the board's own kinds (``railbot.toml`` ``kind``) --------------
    def card_kinds(self) -> frozenset[str]:
        """The kinds of Railbot card the board's deck adds to the common ones."""
        return frozenset()

    def card_problems(self, card: RailbotCard) -> list[str]:
        """What is wrong with a card of one of ``card_kinds`` (``railbot.toml:id...``)."""
        return []

    def card_tasks(self, game: Game, card: RailbotCard) -> list[Task]:
        """The Railbot's tasks for a card of one of ``card_kinds``, resolved in this order
        (the generic kinds' tasks, ``railbot`` lists them, or the board's own)."""
        return []

    def describe_card(self, game: Game | None, card: RailbotCard) -> str | None:
        """A card of one of ``card_kinds`` in words (None: the card's kinds by name)."""
        return None

    def do_task(self, game: Game, task: Task) -> bool:
        """Carry out a task of the board's own kind (one ``card_tasks`` made); False for
        a kind it does not know."""
        return False


NO_HOOK = SoloHook()


@cache
def _load(path: str) -> SoloHook:
    cls = named_class(path, "solo hook", SoloHook)
    hook: SoloHook = cls()
    return hook


def solo_hook(game: Game) -> SoloHook:
    """The hook of the game's board (the first plug-in that names one), or one that does
    nothing."""
    return hook_of(game.ruleset.plugins)


def hook_of(plugins: Sequence[Plugin]) -> SoloHook:
    """The hook the first of ``plugins`` that names one names, or one that does nothing."""
    for plugin in plugins:
        if plugin.solo_hook:
            return _load(plugin.solo_hook)
    return NO_HOOK


def card_problems(cards: Sequence[RailbotCard], hook: SoloHook) -> list[str]:
    """Railbot cards of a kind neither common nor the board's, keys of a card the board's
    hook does not read, and what the board's hook finds wrong with those of its kinds."""
    from railways.content.solo import CARD_KINDS

    own = hook.card_kinds()
    keys = hook.card_keys()
    out: list[str] = []
    for card in cards:
        out += [f"railbot.toml:{card.id}.{k}: unknown key" for k in card.own if k not in keys]
        if card.kind in CARD_KINDS:
            continue
        if card.kind not in own:
            known = ", ".join([*CARD_KINDS, *sorted(own)])
            out.append(f"railbot.toml:{card.id}.kind: unknown kind {card.kind!r} ({known})")
            continue
        out += hook.card_problems(card)
    return out


def read_appendix(smap: SoloMap, board: Board, hook: SoloHook) -> tuple[object, list[str]]:
    """What the board's hook makes of its own keys of ``solo.toml``, and what is wrong: a key
    neither generic nor the hook's is unknown."""
    keys = hook.appendix_keys()
    problems = [f"solo.toml:{k}: unknown key" for k in smap.own if k not in keys]
    appendix = hook.read_appendix(smap, board, problems)
    return appendix, problems
