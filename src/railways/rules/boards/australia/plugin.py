"""The Railways of Australia plug-in: regions and gauges, towns, ferries, switches, its cards.

Everything the map changes in the base game (AU-004..AU-057) is here or in the modules next to
it: which regions and cards a game uses (``game_board``, ``cards_in_play``), the gauge rule,
towns and the ferry price of a build (``judge_build``), the Switch Tracks every player has
(``SwitchRules``, shared with the switch-tracks module), Canberra after Federation
(``delivery_hooks``), the cards that act after an action (``after_action``: Mechanical
Stoker's price, Newspaper Fame's points, rebound cards back to the display) and what the front
ends draw (``markers``).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import is_dataclass, replace
from typing import TYPE_CHECKING, Any

from railways.core.actions import Action, BuildTrack, DeliverGoods, Urbanize
from railways.core.board import Board
from railways.core.cards import BaronEffect, CardDef, CardEffect
from railways.core.delivery import DeliveryHook, RouteLink
from railways.core.errors import IllegalAction
from railways.core.hexgrid import Hex
from railways.core.plugins import BuildRestriction, Marker, Plugin
from railways.core.track import BuildPlan, CostRules
from railways.rules.boards.australia import state as au
from railways.rules.boards.australia.barons import BARON_EFFECTS
from railways.rules.boards.australia.cards import (
    EFFECTS,
    FERRY_FEE,
    SPIRIT,
    SWITCHBACK,
    TRIPLE_GAUGE,
    FederationHook,
)
from railways.rules.boards.australia.regions import (
    FERRY,
    GAUGE,
    REGIONS,
    TOWN,
    describe,
    ferry_hexes,
    fewest_players,
    game_board,
    parse_hexes,
    regions_of,
    step,
)
from railways.rules.modules.base import Module
from railways.rules.modules.switch_tracks import KIND as SWITCH
from railways.rules.modules.switch_tracks import SwitchRules
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.game import Game, Options
    from railways.core.state import Link

PLUGIN_ID = "australia"
BASE_TRACK = "base-score-track"  # the module that plays the base game's score track (AU-020)
OPTIONAL_BARONS = "australia-optional-barons"  # Mayes, Anderson, Lloyd (AU-047..AU-049)
SCORE_TOKEN = 50  # a +50 token for a score above 50 (AU-006)
_NOWHERE: frozenset[str] = frozenset()  # the regions of a hex in none


def _base_track() -> tuple[int, ...]:
    """The base game's Income and Score Track (that of the Eastern U.S. board)."""
    from railways.content.maps import load_map

    return load_map("eastern-us").tables.income_track


@register_plugin
class Australia(Plugin):
    id = PLUGIN_ID
    feature_kinds = frozenset({GAUGE, FERRY})
    judges_routes = True  # routes that cross a region border are never built without a card
    prices_edges = True  # a ferry hex costs its fee on top of the water tile
    card_effects: Mapping[str, CardEffect] = EFFECTS
    solo_hook = "railways.rules.boards.australia.solo:AustraliaSolo"  # the town tracker
    bot_pieces: Mapping[str, str] = {
        "greedy": "railways.rules.boards.australia.greedy:AustraliaContext",  # solo too
    }
    baron_effects: Mapping[str, BaronEffect] = BARON_EFFECTS

    def __init__(self) -> None:
        self.switches = SwitchRules(clause="AU-033", limit_clause="AU-018")
        self._ferry_board: Board | None = None  # the board whose ferry hexes are these
        self._ferries: frozenset[Hex] = frozenset()
        self._regions_board: Board | None = None  # the board whose regions are these
        self._regions: dict[Hex, frozenset[str]] = {}

    # -- the game's board and deck -------------------------------------------------------------
    @classmethod
    def game_board(cls, board: Board, options: Options, players: int) -> tuple[Board, Options]:
        """Only the regions in play (AU-008..AU-010), towns as cities that hold no goods yet,
        and the base game's score track with the base-score-track module (AU-020)."""
        if not board.towns:  # already a game's board: its towns are cities
            return board, options
        income = _base_track() if BASE_TRACK in options.extra.get("modules", []) else None
        return game_board(board, players, income), options

    def cards_in_play(self, board: Board, cards: Mapping[str, CardDef]) -> Mapping[str, CardDef]:
        """Without the cards of regions not in play (AU-012..AU-014) and the Triple Gauge cards
        for more players than this game's regions are for (AU-015)."""
        fewest = fewest_players(board)
        out = {}
        for cid, card in cards.items():
            region = card.params.get("region")
            if region is not None and region not in board.regions:
                continue
            players = card.params.get("players")
            if isinstance(players, int) and players > fewest:
                continue
            out[cid] = card
        return out

    def setup(self, game: Game) -> None:
        """Towns hold no goods until built: the one the base set-up gave each goes back."""
        au.data(game)
        self.switches.switches(game)
        state = game.state
        for town in au.towns(game):
            for color in state.cubes[town]:
                state.bag[color] += 1
            state.cubes[town] = []

    # -- building ------------------------------------------------------------------------------
    def route_allowed(self, board: Board, path: Sequence[Hex]) -> bool:
        # AU-023: no border crossed (``crossings(board, path) == 0``, stopping at the first
        # one: asked for every route on the empty board, from every switch's hex). The
        # board's regions are kept here rather than looked up each time.
        if board is not self._regions_board:
            self._regions_board, self._regions = board, regions_of(board)
        regions = self._regions
        now = regions.get(path[0], _NOWHERE)
        for h in path[1:]:
            now = now & regions.get(h, _NOWHERE)
            if not now:
                return False
        return True

    def build_rules(self, game: Game, seat: int, rules: CostRules) -> CostRules:
        return self.switches.build_rules(game, seat, rules)  # AU-018, AU-033

    def edge_cost(self, board: Board, a: Hex, b: Hex) -> int:
        # AU-041 (the fee is ours). Asked for every edge priced: the board's ferry hexes
        # are kept here rather than looked up each time.
        if board is not self._ferry_board:
            self._ferry_board, self._ferries = board, ferry_hexes(board)
        return FERRY_FEE if b in self._ferries else 0

    def judged_cities(self, game: Game) -> frozenset[str]:
        return self._towns_now(game)[1]  # a link to one builds it, for more (AU-028)

    def _towns_now(self, game: Game) -> tuple[int, frozenset[str], tuple[BuildRestriction, ...]]:
        """The towns not built yet and the restrictions on builds now, kept until the track
        changes (a town is built and a switch placed or removed only with such a change).
        Asked for every build checked or listed: the same objects each time, so the sets
        hash once where they key the listings' caches."""
        version = game.state.track_version
        hit: tuple[int, frozenset[str], tuple[BuildRestriction, ...]] | None
        hit = game.derived.get("australia_towns")
        if hit is None or hit[0] != version:
            unbuilt = frozenset(au.unbuilt(game))
            hit = (version, unbuilt, self._restrictions(game, unbuilt))
            game.derived["australia_towns"] = hit
        return hit

    def judgement_key(self, game: Game, seat: int) -> Hashable:
        """Nothing: a verdict on a link reads its own hexes, whether its ends are towns not
        built yet and the hexes closed to builds, as the listings note with each verdict (the
        regions and ferries are the board's; a town built changes the price and the starts
        of its own links only). The switches count only through their hexes, which are
        closed (AU-033): a link over one is refused; one elsewhere changes nothing (a link
        from a switch reads the track it leaves, on the first hex of its own path)."""
        return ()

    def build_restrictions(self, game: Game, seat: int) -> Sequence[BuildRestriction]:
        return self._towns_now(game)[2]  # the same for every seat

    def _restrictions(self, game: Game, unbuilt: frozenset[str]) -> tuple[BuildRestriction, ...]:
        out = []
        switches = self.switches.build_restriction(game, 0)
        if switches is not None:  # nothing more is laid on a switch's hex (AU-033)
            out.append(replace(switches, clause="AU-033"))
        hexes = frozenset(game.board.cities[t].at for t in unbuilt)
        if hexes:
            out.append(
                BuildRestriction(
                    hexes, "a town is built only by a link that ends there", "AU-030", True
                )
            )
        return tuple(out)

    def judge_build(
        self, game: Game, action: BuildTrack, plan: BuildPlan, rules: CostRules
    ) -> BuildPlan:
        plan = self.switches.judge_build(game, action, plan)
        self._no_track_on_switches(game, plan)
        if SWITCHBACK in rules.permits and (plan.origin is None or plan.origin.kind != SWITCH):
            raise IllegalAction(
                "Switchback places one of your Switch Tracks: start the build on your own track",
                "AU-042",
            )
        permits = rules.permits
        if TRIPLE_GAUGE not in permits:
            self._gauges(game, plan)
        extra_cost, extras = 0, 0
        end = plan.end_city
        if end is not None and end in self._towns_now(game)[1]:
            extra_cost += au.TOWN_COST  # the town is one of the four builds (AU-028, AU-030)
            extras += 1
        spirit = SPIRIT in permits
        if plan.joins is not None or spirit:  # (the ferry hexes matter to these alone)
            ferry = ferry_hexes(game.board)
            if plan.joins is not None and action.path[-1] in ferry:
                extra_cost -= FERRY_FEE  # the fee of the edge into a loose end: no tile there
            if spirit:
                ferries = [h for h, _a, _b in plan.tiles if h in ferry]
                if not ferries:
                    raise IllegalAction(
                        "Spirit of Tasmania is played on a build of a ferry hex", "AU-041"
                    )
                tc = rules.terrain or game.board.tables.terrain_costs
                extra_cost -= FERRY_FEE + tc.of(game.board.hexes[ferries[0]])  # one of them free
        if not extra_cost and not extras:
            return plan
        # Made directly: ``dataclasses.replace`` runs as Python, about as long as the rest.
        return BuildPlan(
            plan.seat,
            plan.start_city,
            plan.extends,
            plan.redirect,
            plan.redirect_side,
            plan.tiles,
            plan.end_city,
            plan.joins,
            plan.cost + extra_cost,
            plan.tile_costs,
            plan.ridges,
            plan.origin,
            plan.extras + extras,
            plan.extra_cost + extra_cost,
        )

    def _no_track_on_switches(self, game: Game, plan: BuildPlan) -> None:
        taken = self.switches.hexes(game)
        for h, _a, _b in plan.tiles:
            if h in taken:
                raise IllegalAction(
                    f"no track may be laid at {h}: a Switch Track is there", "AU-033"
                )

    def _gauges(self, game: Game, plan: BuildPlan) -> None:
        """Refuse a build whose new track crosses a region border (AU-023..AU-027)."""
        board, state = game.board, game.state
        if plan.extends is not None:
            now = self._link_regions(game, plan.extends)
        elif plan.origin is not None:  # a switch: where the track it sits on runs (AU-025)
            now = self._switch_regions(game, plan.origin.at)
        else:
            assert plan.start_city is not None
            now = regions_of(board).get(board.cities[plan.start_city].at, _NOWHERE)
        ahead = tuple([h for h, _a, _b in plan.tiles])
        if plan.end_city is not None:
            ahead += (board.cities[plan.end_city].at,)
        now, crossed_at = _walk(board, now, ahead)
        if crossed_at is not None:
            raise IllegalAction(self._crossing(board, crossed_at), "AU-023")
        if plan.joins is not None:  # the other loose end must run in a region this one is in
            other = state.links[plan.joins]
            theirs = self._link_regions(game, other.id)
            if not now & theirs:
                raise IllegalAction(self._crossing(board, other.tiles[-1][0]), "AU-023")

    def _link_regions(self, game: Game, link: int) -> frozenset[str]:
        """``_along`` a whole link, kept until the track changes (each build extending it
        or joining it is judged by it: the listings judge many)."""
        kept = self._regions_now(game)
        found = kept.get(link)
        if found is None:
            whole = game.state.links[link]
            found = kept[link] = self._along(game, whole, len(whole.tiles))
        return found

    def _switch_regions(self, game: Game, at: Hex) -> frozenset[str]:
        """``_at_switch``, kept until the track changes (every route from a switch is judged
        by it)."""
        kept = self._regions_now(game)
        found = kept.get(at)
        if found is None:
            found = kept[at] = self._at_switch(game, at)
        return found

    @staticmethod
    def _regions_now(game: Game) -> dict[int | Hex, frozenset[str]]:
        """Where links' track and switches run now, by link id and switch hex (a change of
        track starts afresh: links, switches and the towns that start them change only
        with one)."""
        version = game.state.track_version
        hit: tuple[int, dict[int | Hex, frozenset[str]]] | None
        hit = game.derived.get("australia_regions_now")
        if hit is None or hit[0] != version:
            hit = game.derived["australia_regions_now"] = (version, {})
        return hit[1]

    def _along(self, game: Game, link: Link, upto: int) -> frozenset[str]:
        """The regions a link's track is in after its first ``upto`` tiles (crossings made
        before were made with a card: the track goes on from where it is)."""
        board = game.board
        branch = self.switches.branches(game).get(link.id)
        if branch is not None:
            now = self._at_switch(game, Hex.from_offset(*branch["hex"]))
        else:
            now = regions_of(board).get(board.cities[link.start].at, frozenset())
        return _walk(board, now, tuple(h for h, _a, _b in link.tiles[:upto]))[0]

    def _at_switch(self, game: Game, at: Hex) -> frozenset[str]:
        """The regions of the track a switch sits on, at the switch: a new link from it
        leaves in the same region as that track (AU-025)."""
        (piece,) = game.state.track[at]
        link = game.state.links[piece.link]
        upto = next(i for i, (h, _a, _b) in enumerate(link.tiles) if h == at) + 1
        return self._along(game, link, upto)

    @staticmethod
    def _crossing(board: Board, at: Hex) -> str:
        names = ", ".join(board.regions[r].name for r in sorted(regions_of(board).get(at, ())))
        return (
            f"the track would cross a region border (a break of gauge) into {names} at {at}; "
            "only through a town on the border, or with a Triple Gauge card (AU-026)"
        )

    def after_plan(self, game: Game, seat: int, link: Link, plan: BuildPlan) -> None:
        self.switches.after_plan(game, seat, link, plan)
        if plan.end_city is not None and au.is_unbuilt(game, plan.end_city):
            au.build_town(game, plan.end_city, f"built by {game.seats[seat]}'s link")

    def after_income(self, game: Game) -> None:
        self.switches.after_income(game)

    # -- deliveries ----------------------------------------------------------------------------
    def route_links(self, game: Game) -> Sequence[RouteLink]:
        return self.switches.route_links(game)

    def delivery_hooks(self, game: Game) -> Sequence[DeliveryHook]:
        city = au.data(game)["federation"]
        return (FederationHook(city),) if city else ()

    # -- other actions ------------------------------------------------------------------------
    def check_action(self, game: Game, action: Action) -> None:
        # Asked for every action checked, and refusing thousands a game that name a town
        # (every Urbanize and city card of one at each listing): the kept towns read inline,
        # the refusal's message made only if someone reads it.
        hit = game.derived.get("australia_towns")
        if hit is None or hit[0] != game.state.track_version:
            hit = self._towns_now(game)
        unbuilt: frozenset[str] = hit[1]
        if unbuilt:
            fields = _CITY_FIELDS.get(type(action))
            for name in _city_fields(action) if fields is None else fields:
                named = getattr(action, name, None)
                if isinstance(named, str) and named in unbuilt:
                    raise UnbuiltTown(game.board, named)
        if isinstance(action, Urbanize):
            federation = au.data(game)["federation"]
            if federation and action.city == federation:
                raise IllegalAction(
                    f"{game.city_name(federation)} takes goods of every colour already", "AU-037"
                )

    def after_action(self, game: Game, action: Action) -> None:
        cards: tuple[str, ...] = getattr(action, "cards", ())
        if isinstance(action, DeliverGoods):
            for card_id in cards:
                card = game.card(card_id)
                if card.effect == "mechanical_stoker":  # AU-038
                    cost = card.params.get("cost", 2)
                    game.pay(action.seat, cost if isinstance(cost, int) else 2, card.name)
        for card_id in cards:  # rebound cards go back to the display once used (AU-046)
            card = game.card(card_id)
            if card.params.get("rebound") and card_id in game.state.ops_discard:
                game.state.ops_discard.remove(card_id)
                game.state.ops_display.append(card_id)
                game.log(f"{card.name} goes back to the display")
        self._fame(game)

    def _fame(self, game: Game) -> None:
        """Newspaper Fame: a point more for each Major Line its holder completes (AU-040)."""
        fame = au.data(game)["fame"]
        for player in game.state.players:
            for card_id in player.kept:
                if card_id not in fame:
                    continue
                card = game.card(card_id)
                won = sorted(k for k, v in game.state.major_lines.items() if v == player.seat)
                new = [k for k in won if k not in fame[card_id]]
                if new:
                    fame[card_id] = won
                    points = card.params.get("points", 1)
                    each = points if isinstance(points, int) else 1
                    game.score(player.seat, each * len(new), card.name)

    # -- what the front ends show -------------------------------------------------------------
    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        data = au.data(game)
        return {
            "australia": {
                "regions": describe(game.board),
                "towns_built": sorted(data["built"]),
                "towns_unbuilt": au.unbuilt(game),
                "federation": data["federation"],
                "navvy_camps": {k: dict(v) for k, v in sorted(data["navvy"].items())},
            },
            "switch_tracks": self.switches.view(game),
        }

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        board = game.board
        out: list[Marker] = [
            Marker(
                kind="regions",
                label="Regions in play: " + ", ".join(describe(board).values()),
                help="AU-007",
            )
        ]
        for town in au.unbuilt(game):
            out.append(
                Marker(
                    kind="town",
                    label=f"{game.city_name(town)}: a town, built for $5,000 by a link to it",
                    symbol="T",
                    hex=board.cities[town].at,
                    city=town,
                    help="AU-028",
                )
            )
        for h in sorted(ferry_hexes(board)):
            out.append(
                Marker(
                    kind="ferry", label="Bass Strait ferry hex", symbol="F", hex=h, help="AU-041"
                )
            )
        out.extend(replace(m, help="AU-033") for m in self.switches.markers(game))
        federation = au.data(game)["federation"]
        if federation:
            out.append(
                Marker(
                    kind="commonwealth",
                    label=f"Commonwealth of Australia: {game.city_name(federation)} takes goods "
                    "of every colour",
                    symbol="CW",
                    hex=board.cities[federation].at,
                    city=federation,
                    help="AU-037",
                )
            )
        for card_id, camp in sorted(au.data(game)["navvy"].items()):
            holder = next((p.seat for p in game.state.players if card_id in p.kept), None)
            out.append(
                Marker(
                    kind="navvy_camp",
                    label=f"Navvy Camp at {game.city_name(camp['city'])} ({camp['points']} of 6)",
                    symbol="N",
                    hex=board.cities[camp["city"]].at,
                    city=camp["city"],
                    owner=holder,
                    help="AU-039",
                )
            )
        for link in sorted(game.state.links.values(), key=lambda lk: lk.id):
            for partner in link.partners:
                middle = link.tiles[len(link.tiles) // 2][0]
                out.append(
                    Marker(
                        kind="merger",
                        label=f"{game.seats[partner]} owns this link with {game.seats[link.owner]}",
                        symbol="M",
                        hex=middle,
                        owner=partner,
                        help="AU-036",
                    )
                )
        for player in game.state.players:
            if player.score > SCORE_TOKEN:
                out.append(
                    Marker(
                        kind="score_token",
                        label=f"{player.name}: +50 token (the score is {player.score})",
                        symbol="50",
                        owner=player.seat,
                        help="AU-006",
                    )
                )
        return out

    # -- the board's data --------------------------------------------------------------------
    def check_board(self, board: Board) -> list[str]:
        problems: list[str] = []
        missing = [r for r in REGIONS if r not in board.regions]
        if board.regions and missing:
            problems.append(f"Australia needs the regions {', '.join(missing)}")
        regions = regions_of(board)
        for h in sorted(board.hexes):
            if board.regions and h not in regions:
                problems.append(f"hex {h} is in no region")
        for border in sorted(board.borders.values(), key=lambda b: b.id):
            if border.kind == GAUGE:
                for edge in sorted(border.edges):
                    if regions.get(edge.a, frozenset()) & regions.get(edge.b, frozenset()):
                        problems.append(
                            f"border {border.id}: the edge {edge.a}-{edge.b} has one region on "
                            "both sides"
                        )
            elif border.kind == FERRY:
                for h in parse_hexes(str(border.params.get("hexes", ""))):
                    if h not in board.hexes:
                        problems.append(f"ferry hex {h} of {border.id} is not on the board")
        for town in board.towns.values():
            if board.regions and town.at not in regions:
                problems.append(f"town {town.name} is in no region")
        return problems


class UnbuiltTown(IllegalAction):
    """AU-028's refusal of an action naming a town not built yet. Its message is made only
    when read: the listings have thousands of these refused a game and read none."""

    def __init__(self, board: Board, town: str) -> None:  # (nothing formatted here)
        self.board, self.town, self.clause = board, town, "AU-028"
        self.args = (town,)  # (not the board, which BaseException would show)

    @property
    def message(self) -> str:
        name = self.board.cities[self.town].name
        return f"{name} is a town not yet built: a link to it builds it"

    @message.setter
    def message(self, value: str) -> None:
        raise AttributeError("the message of a refusal is made from its town")

    def __str__(self) -> str:
        return f"{self.message} ({self.clause})"

    def __repr__(self) -> str:
        return f"UnbuiltTown({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:  # (pickled as the refusal it reads as)
        return (IllegalAction, (self.message, self.clause))


WALKS_KEPT = 50_000  # walks kept per board before starting afresh

# The fields naming a city that ``Australia.check_action`` reads, per kind of action: a
# frozen dataclass always has its fields, so which it has is looked up once per class (a
# ``getattr`` with a default that misses raises and catches an AttributeError inside).
_CITY_FIELDS: dict[type, tuple[str, ...]] = {}


def _city_fields(action: Action) -> tuple[str, ...]:
    kind = type(action)
    found = _CITY_FIELDS.get(kind)
    if found is None:
        found = tuple(n for n in ("city", "target") if hasattr(action, n))
        if not is_dataclass(kind):
            return ("city", "target")  # (not kept: another kind may set them as it likes)
        _CITY_FIELDS[kind] = found
    return found


def _walk(
    board: Board, now: frozenset[str], hexes: tuple[Hex, ...]
) -> tuple[frozenset[str], Hex | None]:
    """Where a track stepping from regions ``now`` over ``hexes`` ends up (``step`` on each,
    crossings included), and the first hex where it crosses a border (None: it crosses
    none). Asked for every build judged, so kept per board."""
    table: dict[tuple[frozenset[str], tuple[Hex, ...]], tuple[frozenset[str], Hex | None]]
    table = board.derived("australia-walks", dict)
    key = (now, hexes)
    hit = table.get(key)
    if hit is None:
        regions = regions_of(board)
        first: Hex | None = None
        for h in hexes:
            now, crossed = step(regions, now, h)
            if crossed and first is None:
                first = h
        if len(table) >= WALKS_KEPT:
            table.clear()
        hit = table[key] = (now, first)
    return hit


@register_plugin
class BaseScoreTrack(Module):
    id = BASE_TRACK
    title = "Base game score track"
    summary = "Australia with the base game's gentler income and score track instead of its own"
    clauses = ("AU-020",)

    @classmethod
    def refuse(cls, board: Board, players: int) -> str | None:
        if PLUGIN_ID not in board.rulesets:
            return "only Railways of Australia has a score track of its own to replace"
        return None


@register_plugin
class OptionalBarons(Module):
    id = OPTIONAL_BARONS
    title = "Australia's optional Rail Barons"
    summary = "Matthew Mayes, Ralph H. Anderson and Randal Lloyd join the Rail Baron deck"
    clauses = ("AU-047", "AU-048", "AU-049")

    @classmethod
    def refuse(cls, board: Board, players: int) -> str | None:
        if PLUGIN_ID not in board.rulesets:
            return "these Rail Barons are Railways of Australia's"
        return None


__all__ = ["TOWN", "Australia", "BaseScoreTrack", "OptionalBarons", "UnbuiltTown"]
