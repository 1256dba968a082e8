"""Switch Tracks: twice a game, a three-way piece on your own track and a new link from it
(RW-p7-26..30). Railways of Australia has the same pieces as part of its rules (AU-018,
AU-033; its Switchback card places one for free, AU-042), so the mechanism is written once
here as :class:`SwitchRules` and used by this module and by the Australia plug-in.

How the pieces are modelled (our reading, docs/boards/australia.md):

- A switch goes on a hex of one of the seat's own *complete* links that holds no other
  track (a crossover cannot become a switch) and has no switch yet. It is offered to the
  core as a :class:`~railways.core.track.BuildOrigin`: a build may start there, leaving by
  one of the four sides the link's own tile does not use. It costs $5,000 and uses one of
  the four tiles of the build (RW-p7-27). The parent link's tile stays as it is; the switch
  is a marker on it, and no other track may be laid on that hex afterwards.
- The new link (the *branch*) counts from the parent link's first city and must reach a
  third city (RW-p7-30): neither end of the parent. Until it does, it is an incomplete link
  like any other and is removed, with its switch, in the income phase (RW-p7-29); the
  switch marker then goes back to its owner.
- Once complete, the three cities are joined three ways, each counting as one link for
  deliveries (RW-p7-30): the parent (A-B), the branch (A-C) and, as a way over the same
  track (``Plugin.route_links``), B-C. The branch belongs to the switch's owner.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from railways.core.delivery import RouteLink
from railways.core.errors import IllegalAction
from railways.core.game import DERIVED_FORKS
from railways.core.hexgrid import Hex, Side
from railways.core.plugins import BuildRestriction, Marker
from railways.core.track import BuildOrigin, CostRules, track_changed
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.actions import BuildTrack
    from railways.core.game import Game
    from railways.core.state import Link
    from railways.core.track import BuildPlan

SWITCHES_PER_PLAYER = 2  # RW-p7-26, AU-018
SWITCH_COST = 5  # $5,000 (RW-p7-27)
KIND = "switch"  # the BuildOrigin kind of a switch
DATA = "switch_tracks"  # the key of the switches in state.plugin_data
ALL_SIDES = frozenset(Side)


class SwitchRules:
    """The Switch Track mechanism, for a plug-in to delegate its hooks to."""

    def __init__(self, clause: str = "RW-p7-28", limit_clause: str = "RW-p7-26") -> None:
        self.clause = clause  # the clause of building on from a switch (or AU-033)
        self.limit_clause = limit_clause  # two switches per player (or AU-018)

    # -- the switches on the board ------------------------------------------------------
    @staticmethod
    def switches(game: Game) -> list[dict[str, Any]]:
        """Every switch: ``{"hex": [row, col], "seat", "parent", "branch"}`` (link ids)."""
        data: dict[str, Any] = game.state.plugin_data.setdefault(DATA, {"switches": []})
        found: list[dict[str, Any]] = data["switches"]
        return found

    def left(self, game: Game, seat: int) -> int:
        """Switch markers the seat has not placed (a removed switch comes back, RW-p7-29)."""
        return SWITCHES_PER_PLAYER - sum(1 for s in self.switches(game) if s["seat"] == seat)

    def hexes(self, game: Game) -> frozenset[Hex]:
        """The hexes of every switch (the same set until the track changes)."""
        return _marks(game)[1]

    def branches(self, game: Game) -> dict[int, dict[str, Any]]:
        """Every switch by the id of its branch (kept until the track changes: do not
        modify)."""
        return _marks(game)[2]

    # -- building -----------------------------------------------------------------------
    def origins(self, game: Game, seat: int) -> tuple[BuildOrigin, ...]:
        """Where the seat may place a switch and build on from it now (RW-p7-27, RW-p7-30).

        Asked for every build checked or listed, so kept until the track changes (the
        switches change only with the track: built with it, removed with it).
        """
        every: dict[int, tuple[int, tuple[BuildOrigin, ...]]]
        every = game.derived.setdefault("switch_origins", {})
        hit = every.get(seat)
        if hit is not None and hit[0] == game.state.track_version:
            return hit[1]
        found = self._origins(game, seat)
        every[seat] = (game.state.track_version, found)
        return found

    def _origins(self, game: Game, seat: int) -> tuple[BuildOrigin, ...]:
        refusal: str | None = None
        if self.left(game, seat) <= 0:  # shown, so a try is told why (RW-p7-26, AU-018)
            refusal = f"you have placed both of your {SWITCHES_PER_PLAYER} Switch Tracks"
        state = game.state
        taken = self.hexes(game)
        branches = self.branches(game)
        clause = self.limit_clause if refusal else self.clause
        # The same origin is the same object from one change of track to the next: listings
        # keep verdicts on routes from it, and an identity is quicker to check than fields.
        made: dict[tuple[object, ...], BuildOrigin]
        made = game.derived.setdefault("switch_origins_made", {})
        # A complete link's tiles do not change: its origins are kept with a copy of them,
        # and only the hexes that became a switch or a crossover since are left out here.
        by_link: dict[tuple[object, ...], tuple[list[Any], list[BuildOrigin]]]
        by_link = game.derived.setdefault("switch_origins_by_link", {})
        track = state.track
        out: list[BuildOrigin] = []
        for link in state.links.values():
            if link.owner != seat or not link.complete or link.id in branches:
                continue
            key = (link.id, seat, link.start, clause, refusal)
            kept = by_link.get(key)
            if kept is None or kept[0] != link.tiles:
                kept = by_link[key] = (
                    list(link.tiles),
                    [
                        _origin(made, h, a, b, seat, link.start, clause, refusal)
                        for h, a, b in link.tiles
                    ],
                )
            for origin in kept[1]:
                h = origin.at
                if h in taken or len(track.get(h, ())) != 1:
                    continue  # a switch already, or a crossover: no room for a switch
                out.append(origin)
        return tuple(out)

    def build_rules(self, game: Game, seat: int, rules: CostRules) -> CostRules:
        """``rules`` with the seat's origins added: asked for every build checked or listed,
        so the answer for the same ``rules`` object is kept until the track changes (a
        ``dataclasses.replace`` costs more than the rest of the hook)."""
        every: dict[tuple[int, str], tuple[int, CostRules, CostRules]]
        every = game.derived.setdefault("switch_rules", {})
        key = (seat, self.clause)
        hit = every.get(key)
        version = game.state.track_version
        if hit is not None and hit[0] == version and hit[1] is rules:
            return hit[2]
        origins = self.origins(game, seat)
        found = with_rules(rules, origins=rules.origins + origins) if origins else rules
        every[key] = (version, rules, found)
        return found

    @staticmethod
    def free(rules: CostRules) -> CostRules:
        """The rules with every switch free (the Switchback card, AU-042). Each free switch
        is made once per switch (``_freed``): the listings keep routes by origin object."""
        origins = tuple(_freed(o) if o.kind == KIND else o for o in rules.origins)
        return with_rules(rules, origins=origins)

    def parent_at(self, game: Game, at: Hex) -> Link:
        (piece,) = game.state.track[at]
        return game.state.links[piece.link]

    def judge_build(self, game: Game, action: BuildTrack, plan: BuildPlan) -> BuildPlan:
        """A branch must reach a third city and is never joined to another loose end."""
        state = game.state
        branches = self.branches(game)
        if plan.origin is not None and plan.origin.kind == KIND:
            parent = self.parent_at(game, plan.origin.at)
            ends: tuple[str | None, ...] = (parent.start, parent.end)
            if plan.joins is not None:
                raise IllegalAction(
                    "a link from a switch must reach a city, not join another loose end",
                    "RW-p7-29",
                )
        elif plan.extends is not None and plan.extends in branches:
            parent = state.links[branches[plan.extends]["parent"]]
            ends = (parent.start, parent.end)
            if plan.joins is not None:
                raise IllegalAction(
                    "a link from a switch must reach a city, not join another loose end",
                    "RW-p7-29",
                )
        else:
            if plan.joins is not None and plan.joins in branches:
                raise IllegalAction(
                    "a link from a switch must reach a city, not join another loose end",
                    "RW-p7-29",
                )
            return plan
        if plan.end_city is not None and plan.end_city in ends:
            raise IllegalAction(
                "a link from a switch joins a third city: it may not end where the track it "
                f"leaves ends ({game.city_name(plan.end_city)})",
                "RW-p7-30",
            )
        return plan

    def after_plan(self, game: Game, seat: int, link: Link, plan: BuildPlan) -> None:
        if plan.origin is None or plan.origin.kind != KIND:
            return
        at = plan.origin.at
        parent = self.parent_at(game, at)
        self.switches(game).append(
            {"hex": [at.row, at.col], "seat": seat, "parent": parent.id, "branch": link.id}
        )
        track_changed(game.state)  # what may be built from own track has changed
        game.log(f"{game.seats[seat]} places a Switch Track at {at}")

    def after_income(self, game: Game) -> None:
        """A switch whose link was removed unfinished goes with it (RW-p7-29)."""
        data = self.switches(game)
        kept = [s for s in data if s["branch"] in game.state.links]
        for gone in data:
            if gone not in kept:
                game.log(f"{game.seats[gone['seat']]}'s unfinished Switch Track is removed")
        if len(kept) != len(data):
            data[:] = kept
            track_changed(game.state)

    def build_restriction(self, game: Game, seat: int) -> BuildRestriction | None:
        """No track on a switch's hex (the same object until the track changes)."""
        hit: tuple[int, BuildRestriction | None] | None
        hit = game.derived.get("switch_restriction")
        version = game.state.track_version
        if hit is None or hit[0] != version:
            hexes = self.hexes(game)
            found = None
            if hexes:
                found = BuildRestriction(hexes, "a Switch Track is there", "RW-p7-27")
            hit = game.derived["switch_restriction"] = (version, found)
        return hit[1]

    # -- deliveries -----------------------------------------------------------------------
    def route_links(self, game: Game) -> Sequence[RouteLink]:
        """A finished branch also joins its city to the far end of the track it leaves."""
        state = game.state
        out: list[RouteLink] = []
        for s in self.switches(game):
            branch = state.links.get(s["branch"])
            parent = state.links.get(s["parent"])
            if branch is None or parent is None or branch.end is None or parent.end is None:
                continue
            out.append(RouteLink(-branch.id, parent.end, branch.end, branch.owner, branch.id))
        return out

    # -- what front ends show ---------------------------------------------------------------
    def view(self, game: Game) -> dict[str, Any]:
        return {
            "switches": [dict(s) for s in self.switches(game)],
            "left": {str(p.seat): self.left(game, p.seat) for p in game.state.players},
        }

    def markers(self, game: Game) -> list[Marker]:
        return [
            Marker(
                kind="switch",
                label=f"{game.seats[s['seat']]}'s Switch Track",
                symbol="Y",
                hex=Hex.from_offset(*s["hex"]),
                owner=s["seat"],
                help=self.clause,
            )
            for s in self.switches(game)
        ]


def _origin(
    made: dict[tuple[object, ...], BuildOrigin],
    h: Hex,
    a: Side,
    b: Side,
    seat: int,
    start: str,
    clause: str,
    refusal: str | None,
) -> BuildOrigin:
    """The switch origin on the tile (``h``, ``a``, ``b``) of a link from ``start``: the same
    object each time (listings keep verdicts on routes from an origin by its identity)."""
    key = (h, a, b, seat, start, clause, refusal)
    origin = made.get(key)
    if origin is None:
        # (Positional: keywords cost a compiled class 25 times as much here.)
        sides = ALL_SIDES - {a, b}
        args = (h, seat, start, sides, SWITCH_COST, 1, KIND, clause, refusal)
        origin = made[key] = BuildOrigin(*args)
    return origin


# The fields of CostRules in the order its __init__ takes them (``with_rules``).
_RULES_FIELDS = (
    "free_open",
    "max_tiles",
    "edge_costs",
    "terrain",
    "origins",
    "permits",
    "special_tiles",
)
assert tuple(f.name for f in fields(CostRules)) == _RULES_FIELDS, "with_rules is out of date"


def with_rules(
    rules: CostRules,
    *,
    origins: tuple[BuildOrigin, ...] | None = None,
    permits: frozenset[str] | None = None,
) -> CostRules:
    """``dataclasses.replace(rules, ...)`` of the origins or the permits, made positionally:
    ``replace`` runs as Python and calls the compiled class with keywords (some 20,000
    instructions), and new rules are made for each seat at every change of the track."""
    return CostRules(
        rules.free_open,
        rules.max_tiles,
        rules.edge_costs,
        rules.terrain,
        rules.origins if origins is None else origins,
        rules.permits if permits is None else permits,
        rules.special_tiles,
    )


# Free switches by the switch they were made from (kept with it, so an id is never reused
# while its entry stands): the same object each time the same switch is made free.
_FREED: dict[int, tuple[BuildOrigin, BuildOrigin]] = {}
FREED_KEPT = 4096  # free switches kept before starting afresh


def _freed(origin: BuildOrigin) -> BuildOrigin:
    hit = _FREED.get(id(origin))
    if hit is not None and hit[0] is origin:
        return hit[1]
    if len(_FREED) >= FREED_KEPT:
        _FREED.clear()
    freed = replace(origin, cost=0)
    _FREED[id(origin)] = (origin, freed)
    return freed


def _marks(game: Game) -> tuple[int, frozenset[Hex], dict[int, dict[str, Any]]]:
    """The switches' hexes and the switches by branch, kept until the track changes (a
    switch is placed and removed only with a change of track, which says so)."""
    version = game.state.track_version
    hit: tuple[int, frozenset[Hex], dict[int, dict[str, Any]]] | None
    hit = game.derived.get("switch_marks")
    if hit is None or hit[0] != version:
        placed = SwitchRules.switches(game)
        hexes = frozenset(Hex.from_offset(*s["hex"]) for s in placed)
        hit = game.derived["switch_marks"] = (version, hexes, {s["branch"]: s for s in placed})
    return hit


# How a copy of the game takes these caches over (Game.copy): the marks and restrictions are
# never changed in place; the per-seat tables are.
DERIVED_FORKS.update(
    switch_marks=lambda kept: kept,
    switch_origins=dict,
    switch_origins_made=dict,
    switch_origins_by_link=dict,  # (entries never changed in place: made anew)
    switch_rules=dict,
    switch_restriction=lambda kept: kept,
)


@register_plugin
class SwitchTracks(Module):
    id = "switch-tracks"
    title = "Switch Tracks"
    summary = "twice a game, $5,000 for a three-way switch on your track and a new link from it"
    clauses = ("RW-p7-26", "RW-p7-27", "RW-p7-28", "RW-p7-29", "RW-p7-30")

    def __init__(self) -> None:
        self.rules = SwitchRules()

    def setup(self, game: Game) -> None:
        self.rules.switches(game)

    def build_rules(self, game: Game, seat: int, rules: CostRules) -> CostRules:
        return self.rules.build_rules(game, seat, rules)

    def judge_build(
        self, game: Game, action: BuildTrack, plan: BuildPlan, rules: CostRules
    ) -> BuildPlan:
        return self.rules.judge_build(game, action, plan)

    def judgement_key(self, game: Game, seat: int) -> Hashable:
        """Nothing: the verdicts read the hexes of their own links (a switch's hex is closed
        and the track a link from a switch leaves is on its first hex), as listings note."""
        return ()

    def after_plan(self, game: Game, seat: int, link: Link, plan: BuildPlan) -> None:
        self.rules.after_plan(game, seat, link, plan)

    def after_income(self, game: Game) -> None:
        self.rules.after_income(game)

    def build_restriction(self, game: Game, seat: int) -> BuildRestriction | None:
        return self.rules.build_restriction(game, seat)

    def route_links(self, game: Game) -> Sequence[RouteLink]:
        return self.rules.route_links(game)

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        return {**super().view(game, seat), "switch_tracks": self.rules.view(game)}

    def own_markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        return self.rules.markers(game)
