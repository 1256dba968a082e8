"""Invariants that hold after every action of every game (ARCHITECTURE.md, 'Tests')."""

from __future__ import annotations

from railways.core.board import GOODS_COLORS
from railways.core.game import Game
from railways.core.track import count_tiles, tiles_in_use


def check_invariants(game: Game) -> list[str]:
    """Every broken invariant, described; an empty list when all hold."""
    state, board = game.state, game.board
    problems: list[str] = []
    for p in state.players:
        ledger = sum(e.amount for e in state.ledger if e.seat == p.seat)
        if ledger != p.cash:
            problems.append(f"seat {p.seat}: cash {p.cash} but the ledger explains {ledger}")
        if p.cash < 0:
            problems.append(f"seat {p.seat}: negative cash {p.cash}")
        if p.bonds < 0 or not 1 <= p.engine <= board.tables.max_engine:
            problems.append(f"seat {p.seat}: bonds {p.bonds}, engine {p.engine} out of range")
    held = [p.cubes_held(game) for p in game.ruleset.plugins]
    for color in GOODS_COLORS:
        on_board = sum(cubes.count(color) for cubes in state.cubes.values())
        aside = sum(h.get(color, 0) for h in held)  # held by a plug-in's rule
        if on_board + state.bag[color] + aside != board.tables.goods_per_color:
            problems.append(
                f"{color.value} cubes: {on_board} on the board + {state.bag[color]} in the "
                f"bag + {aside} held != {board.tables.goods_per_color}"
            )
    used = count_tiles(state)
    if used != tiles_in_use(state):
        problems.append(f"tile count cache {tiles_in_use(state)} differs from the board {used}")
    for kind, count in used.items():
        if count > board.tables.tile_supply.get(kind, 0):
            problems.append(f"{count} {kind} tiles in play, more than the supply")
    # A city printed with no goods (a Through Time time gate) is never emptied: no marker.
    never = {cid for cid, city in board.cities.items() if city.cubes == 0}
    never |= {cid for cid in board.cities if not game.places_ecm(cid)}  # a plug-in's rule
    empty = {city for city, cubes in state.cubes.items() if not cubes} - never
    if empty != state.ecm - never:
        problems.append(f"Empty City Markers {sorted(state.ecm)} but empty cities {sorted(empty)}")
    for hex_, pieces in state.track.items():
        if not 1 <= len(pieces) <= 2:
            problems.append(f"hex {hex_} holds {len(pieces)} tracks")
        for piece in pieces:
            link = state.links.get(piece.link)
            if link is None or (hex_, piece.a, piece.b) not in link.tiles:
                problems.append(f"hex {hex_}: track of link {piece.link} does not match the link")
    for link in state.links.values():
        for hex_, a, b in link.tiles:
            if not any(
                p.link == link.id and p.a == a and p.b == b for p in state.track.get(hex_, ())
            ):
                problems.append(f"link {link.id}: tile at {hex_} is missing from the board")
    if state.major_lines and not set(state.major_lines) <= set(board.major_lines):
        problems.append("a Major Line was awarded that the board does not have")
    return problems
