"""Delivering through time (TT-014..021, RW-p13-19, RW-p14-01..09).

A player whose own track joins a city of one era to a time gate, and a city of another era
to a time gate there, may move cubes between those two cities as if one link joined them
(TT-014): the first delivery example runs from a purple Stone Age city to a red Napoleonic
city with a level 1 engine and scores 1 point (TT-015). Each such pair of gate links is a
*time link* here: a ``RouteLink`` (``Plugin.route_links``) between the two cities, owned by
the player, with an id below zero that says which two links it joins.

:class:`TimeTravel` is the rest of the rules, as a delivery hook: no track but the player's
own (RW-p13-19); no stop at a time gate by track and no way through one to a city of the same
era (a gate is entered only to travel through time, TT-019); never back into an era the cube
has left (TT-019, RW-p14-06); never through the same gate or along the same link twice
(RW-p5-27).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from railways.core.board import Board
from railways.core.delivery import DeliveryHook, Refusal, RouteLink, Walk
from railways.core.game import Game
from railways.core.state import Link
from railways.rules.boards.through_time.eras import eras_of, is_gate

SPAN = 1 << 16  # link ids below this fit in a time link's id


def time_link_id(first: int, second: int) -> int:
    """The id of the time link joining the gate links ``first`` < ``second`` (below 0)."""
    return -(first * SPAN + second)


def gate_links_of(time_link: int) -> tuple[int, int]:
    """The two gate links a time link's id names."""
    return divmod(-time_link, SPAN)


@dataclass(frozen=True, slots=True)
class GateLink:
    """A complete link between a city and a time gate."""

    link: int
    owner: int
    city: str
    gate: str
    era: str


def gate_links(board: Board, links: Sequence[Link]) -> list[GateLink]:
    """The complete links that join a city to a time gate."""
    eras = eras_of(board)
    out: list[GateLink] = []
    for link in links:
        if link.end is None:
            continue
        start, end = board.cities[link.start], board.cities[link.end]
        if is_gate(start) == is_gate(end):
            continue  # city to city (a gate to a gate is never built, TT-020)
        gate, city = (start, end) if is_gate(start) else (end, start)
        era = eras.of_city(gate.id)
        assert era is not None
        out.append(GateLink(link.id, link.owner, city.id, gate.id, era))
    return out


def time_links(game: Game) -> list[RouteLink]:
    """Every time link: each pair of one player's gate links in two different eras."""
    found = gate_links(game.board, list(game.state.links.values()))
    found.sort(key=lambda g: g.link)
    out: list[RouteLink] = []
    for i, first in enumerate(found):
        for second in found[i + 1 :]:
            if first.owner != second.owner or first.era == second.era:
                continue  # never your rival's track (RW-p13-19); never within one era (TT-019)
            out.append(
                RouteLink(
                    time_link_id(first.link, second.link),
                    first.city,
                    second.city,
                    first.owner,
                    first.link,
                )
            )
    return out


class TimeTravel(DeliveryHook):
    """The delivery rules of Railways Through Time."""

    def __init__(self, game: Game) -> None:
        board = game.board
        self.eras = eras_of(board)
        self.gates = frozenset(c.id for c in board.cities.values() if is_gate(c))
        self.gate_of: Mapping[int, str] = {
            g.link: g.gate for g in gate_links(board, list(game.state.links.values()))
        }

    def refuse_step(self, game: Game, walk: Walk, link: int, to: str, owner: int) -> Refusal | None:
        if owner != walk.seat:
            return Refusal(
                "in Railways Through Time a cube travels only on your own track", "RW-p13-19"
            )
        if to in self.gates:
            return Refusal(
                f"{game.city_name(to)} is a time gate: a cube goes through it only to a city of "
                "another era, never to one of its own era, and never stops there",
                "TT-019",
            )
        if link >= 0:
            return None
        era = self.eras.of_city(to)
        if any(self.eras.of_city(c) == era for c in walk.cities):
            name = self.eras.by_id[era].name if era is not None else "?"
            return Refusal(
                f"the cube has already been in the {name} era and may never come back to it",
                "TT-019",
            )
        used = {link_id for t in walk.links if t < 0 for link_id in gate_links_of(t)}
        gates = {self.gate_of.get(link_id) for link_id in used}
        for link_id in gate_links_of(link):
            if link_id in used or self.gate_of.get(link_id) in gates:
                return Refusal("the cube would go through the same time gate twice", "RW-p5-27")
        return None
