"""What the server says about the boards: the maps, their decks as printed, their pictures.

Each is worked out once per map and kept (a board does not change while the server runs),
and the routes of ``railways.server.routes.maps`` hand them out.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from railways.content.decks import load_barons, load_operations
from railways.content.maps import DEFAULT_MAP, MapError, available_maps, load_map
from railways.content.solo import SOLO_OPERATIONS, load_solo, solo_maps
from railways.core.board import Board
from railways.core.cards import CardEffect
from railways.render.svg import render_board
from railways.rules import (
    board_plugin_classes,
    board_plugins,
    effects_with,
    offered_options,
)
from railways.rules.texts import card_text


@cache
def maps() -> list[dict[str, Any]]:
    """The maps the server offers (those that load), with what the lobby needs of each."""
    out = []
    for map_id in available_maps():
        try:
            board = load_map(map_id)
        except MapError:
            continue
        out.append(
            {
                "id": board.id,
                "name": board.name,
                "min_players": board.min_players,
                "max_players": board.max_players,
                "solo": board.id in _solo_ids(),
                "default": board.id == DEFAULT_MAP,
                "default_modules": list(board.default_modules),
                "choices": _choices(board),
                "options": offered_options(board),
            }
        )
    return out


def _choices(board: Board) -> dict[str, list[dict[str, str]]]:
    """The board plug-ins' multi-choice options (``Plugin.option_choices``)."""
    out: dict[str, list[dict[str, str]]] = {}
    try:
        classes = board_plugin_classes(board)
    except ValueError:
        return out
    for cls in classes:
        for key, values in cls.option_choices(board).items():
            out[key] = [{"id": vid, "name": name} for vid, name in values]
    return out


@cache
def _solo_ids() -> frozenset[str]:
    return frozenset(solo_maps())


@cache
def _plays_on_build(effect: CardEffect | None) -> bool:
    """Whether a card of this effect may be named on a Build Track action (the page offers it)."""
    if effect is None:
        return False
    return "build" in effect.plays_on or type(effect).build_rules is not CardEffect.build_rules


def map_info(map_id: str) -> dict[str, Any] | None:
    """A map's public facts: its card and Rail Baron decks as printed (names, texts) and,
    for a solo map, where building west of the mountains waits (RB-100). Never who holds
    what: that is in a game's views only."""
    entry = next((m for m in maps() if m["id"] == map_id), None)
    if entry is None:
        return None
    board = load_map(map_id)
    cards = load_operations(map_id)
    barons = load_barons(map_id)
    effects, _barons = effects_with(board_plugins(board))
    city_names = {cid: c.name for cid, c in board.cities.items()}
    west = None
    if entry["solo"]:
        cards.update(load_operations(map_id, SOLO_OPERATIONS))  # the solo game's own cards
        smap = load_solo(map_id)
        if smap.west_limits:
            west = {"limits": dict(smap.west_limits), "unlock_score": smap.west_unlock_score}
    return {
        **entry,
        "cards": {
            cid: {
                "name": c.name,
                "icon": c.icon.value,
                "text": card_text(c, city_names, effects),
                "on_build": _plays_on_build(effects.get(c.effect)),
            }
            for cid, c in cards.items()
        },
        "barons": {
            bid: {"name": b.name, "text": b.text, "points": b.points} for bid, b in barons.items()
        },
        "major_lines": {
            lid: {"name": line.name, "endpoints": list(line.endpoints), "points": line.points}
            for lid, line in board.major_lines.items()
        },
        "west_of_the_mountains": west,
        # How the map's own features look: front ends draw them from this, whatever the rule.
        "specials": {
            sid: {
                "kind": sp.kind,
                "label": sp.label,
                "symbol": sp.symbol,
                "hex": [sp.at.row, sp.at.col],
                "city": sp.city,
            }
            for sid, sp in board.specials.items()
        },
        "borders": {bid: {"kind": b.kind, "label": b.label} for bid, b in board.borders.items()},
    }


@cache
def board_svg(map_id: str, colorblind: bool) -> str:
    return render_board(load_map(map_id), colorblind=colorblind)


def game_board_svg(board: Board, colorblind: bool) -> str:
    """The picture of a game's own board (Through Time's chosen eras), made once per board."""
    return board.derived(
        ("board-svg", colorblind), lambda: render_board(board, colorblind=colorblind)
    )
