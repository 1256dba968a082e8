"""The Transcontinental game: the Eastern and Western U.S. boards joined (RW-p8-21 .. RW-p9-43).

The board (``content/maps/transcontinental``) is both boards side by side; its ``west``
region is the Western board and its cities carry the flag ``east`` or ``west``. This
plug-in runs the game in two phases, kept in ``plugin_data["transcontinental"]``:

- **Eastern phase** (RW-p9-05..11): only the Eastern board is played. Its hexes are the only
  ones open to track (``build_restriction``), its cities the only ones to urbanize or grow;
  the Western cities hold no cubes; Fuel Depots wait (RW-p9-09). The Eastern U.S. deck is
  the Operations deck (RW-p9-01), with the four Golden Spike start cards (RW-p8-30..31). The
  last Empty City Marker ends the phase at the end of that turn, with no extra turn
  (RW-p9-10, RW-p9-11).
- **Between the phases** (RW-p9-12..26): each player, in the last turn's order, may return
  bonds at 2, 3, 4 ... points each (``ReturnBonds``); then the Empty City Markers come off,
  the Western cities get their cubes (one fewer each, RW-p9-22), the Eastern deck leaves the
  game and the Western deck, without its start cards, deals two cards a player.
- **Western phase** (RW-p9-27..37): both boards, links between them; Empty City Markers only
  on Western cities printed with more than one cube, 6 + 2 per player of them end the game
  (then the usual extra turn); no Urbanize or goods growth on the Eastern board.

Rail Barons: the twelve Golden Spike barons by default (Option 1, RW-p8-33); with the
``baron-option-2`` module each player keeps an Eastern baron at set-up and a Western one
when the West opens (RW-p8-34, RW-p8-35), with ``baron-option-2-variant`` both at set-up
(RW-p8-36). The ``transcontinental-faster`` module clears Eastern cubes at the change
(RW-p9-39..43).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from railways.core.actions import (
    Action,
    ChooseBaron,
    TakeOperationsCard,
    Urbanize,
    register,
)
from railways.core.board import Board, Color
from railways.core.cards import BaronDef, BaronEffect, CardDef, CardEffect
from railways.core.errors import IllegalAction
from railways.core.game import Delivery, Game
from railways.core.hexgrid import Hex
from railways.core.kinds import ActionInfo, ActionKind, KindInfo
from railways.core.plugins import BuildRestriction, Marker, Plugin
from railways.core.rng import Rng
from railways.core.state import Link, Phase
from railways.core.turns import TurnStructure
from railways.rules.cards import ServiceBounty
from railways.rules.registry import register_plugin

KEY = "transcontinental"
EAST, BETWEEN, WEST = "east", "between", "west"
WEST_REGION = "west"
EAST_CARD, WEST_CARD, SPIKE_CARD = "e-", "w-", "gs-"  # Operations card and baron id prefixes
WEST_LINE = "W"  # Major Line ids: E..., W..., T1-T4
EAST_LINE = "E"
OPTION_2 = "baron-option-2"
OPTION_2_VARIANT = "baron-option-2-variant"
FASTER = "transcontinental-faster"
FUEL_DEPOT_KIND = "place_fuel_depot"
# The kinds of action this plug-in may refuse (``check_action``).
CHECKED_KINDS = frozenset({FUEL_DEPOT_KIND, Urbanize.kind, TakeOperationsCard.kind})


# -- state -------------------------------------------------------------------------------------
def data(game: Game) -> dict[str, Any]:
    found: dict[str, Any] | None = game.state.plugin_data.get(KEY)
    if found is not None:  # asked on every action: no new default made each time
        return found
    found = game.state.plugin_data.setdefault(
        KEY,
        {
            "phase": EAST,
            "returning": [],  # seats still to say how many bonds they return
            "west_barons": {},  # seat (str) -> the Western baron kept (Option 2), secret
            "west_dealt": {},  # seat (str) -> the two Western barons to choose from, secret
            "west_baron_deck": [],  # Western barons not dealt, secret
            "longest": {},  # seat (str) -> the most links of one of its deliveries
            "first": {},  # first-to-connect goal key -> the seat that did it first
            "returned": {},  # seat (str) -> bonds returned between the phases
        },
    )
    return found


def phase(game: Game) -> str:
    return str(data(game)["phase"])


def modules(game: Game) -> frozenset[str]:
    return frozenset(game.options.extra.get("modules", ()))


def western_hexes(board: Board) -> frozenset[Hex]:
    region = board.regions.get(WEST_REGION)
    return region.hexes if region is not None else frozenset()


def is_western(board: Board, city: str) -> bool:
    return "west" in board.cities[city].flags


def western_cities(board: Board) -> list[str]:
    return sorted(c for c in board.cities if is_western(board, c))


def western_city_set(board: Board) -> frozenset[str]:
    """The Western board's cities (worked out once per board: asked on many checks)."""
    return board.derived((KEY, "west_cities"), lambda: frozenset(western_cities(board)))


def _east_restriction(board: Board) -> BuildRestriction:
    return BuildRestriction(
        western_hexes(board),
        "the Western board is not in play until the West is opened",
        "RW-p9-05",
    )


def eastern_cities(board: Board) -> list[str]:
    return sorted(c for c in board.cities if not is_western(board, c))


def bond_return_cost(count: int) -> int:
    """Points for returning ``count`` bonds: 2 for the first, 3 more for the next... (RW-p9-13)."""
    return sum(range(2, count + 2))


# -- actions -------------------------------------------------------------------------------
@register
@dataclass(frozen=True, slots=True)
class ReturnBonds(Action):
    amount: int = 0  # how many bonds (``amount``: a field name records already decode)
    kind: ClassVar[str] = "return_bonds"

    def __str__(self) -> str:
        return f"P{self.seat + 1} returns {self.amount} bond(s)"


@register
@dataclass(frozen=True, slots=True)
class ChooseWesternBaron(Action):
    baron: str = ""
    kind: ClassVar[str] = "choose_western_baron"

    def __str__(self) -> str:
        return f"P{self.seat + 1} keeps a Western Rail Baron card"


class ReturnBondsKind(ActionKind):
    """Between the phases: return bonds to the bank for points (RW-p9-13..16)."""

    action_type = ReturnBonds
    advances_turn = False
    sample_group = "return_bonds"
    info = KindInfo(
        "Return bonds",
        "between the phases: give bonds back for 2, 3, 4 ... points each",
        "RW-p9-13",
        "r",
    )

    def check(self, game: Game, action: ReturnBonds) -> object:
        state = data(game)
        if state["phase"] != BETWEEN:
            raise IllegalAction("bonds are returned only between the two phases", "RW-p9-13")
        if not state["returning"] or state["returning"][0] != action.seat:
            raise IllegalAction("another player returns bonds first", "RW-p9-16")
        bonds = game.state.players[action.seat].bonds
        if not 0 <= action.amount <= bonds:
            raise IllegalAction(f"you can return 0 to {bonds} bonds", "RW-p9-15")
        return None

    def perform(self, game: Game, action: ReturnBonds, checked: object) -> None:
        player = game.state.players[action.seat]
        cost = bond_return_cost(action.amount)
        player.bonds -= action.amount
        game.score(action.seat, -cost, "bonds returned")  # logged, so every point is explained
        data(game)["returned"][str(action.seat)] = action.amount
        if action.amount:
            game.log(f"{game.seats[action.seat]} returns {action.amount} bond(s) for {cost} points")
        else:
            game.log(f"{game.seats[action.seat]} keeps every bond")
        next_to_return(game)

    def options(self, game: Game, seat: int) -> list[Action]:
        state = data(game)
        if state["phase"] != BETWEEN or not state["returning"] or state["returning"][0] != seat:
            return []
        bonds = game.state.players[seat].bonds
        return [ReturnBonds(seat=seat, amount=k) for k in range(bonds + 1)]

    def describe(self, game: Game, action: ReturnBonds) -> ActionInfo:
        cost = bond_return_cost(action.amount)
        label = (
            f"Return {action.amount} bond(s) for {cost} points"
            if action.amount
            else "Return no bonds"
        )
        return ActionInfo(label, help="RW-p9-13")


class ChooseWesternBaronKind(ActionKind):
    """Keep one of the two Western Rail Baron cards dealt (Option 2, RW-p8-34, RW-p8-36)."""

    action_type = ChooseWesternBaron
    phases = frozenset({Phase.AUCTION, Phase.ACTIONS})
    advances_turn = False
    sample_group = "western_baron"
    info = KindInfo(
        "Keep a Western Rail Baron",
        "keep one of your two Western U.S. Rail Baron cards",
        "RW-p8-34",
        "k",
    )

    def check(self, game: Game, action: ChooseWesternBaron) -> object:
        dealt = data(game)["west_dealt"].get(str(action.seat))
        if not dealt:
            raise IllegalAction("you have no Western Rail Baron cards to choose from", "RW-p8-34")
        if action.baron not in dealt:
            raise IllegalAction(
                "keep one of the two Western Rail Baron cards you were dealt", "RW-p8-34"
            )
        return None

    def perform(self, game: Game, action: ChooseWesternBaron, checked: object) -> None:
        state = data(game)
        state["west_barons"][str(action.seat)] = action.baron
        del state["west_dealt"][str(action.seat)]
        game.log(f"{game.seats[action.seat]} keeps a Western Rail Baron card")

    def options(self, game: Game, seat: int) -> list[Action]:
        dealt = data(game)["west_dealt"].get(str(seat), [])
        return [ChooseWesternBaron(seat=seat, baron=b) for b in dealt]

    def describe(self, game: Game, action: ChooseWesternBaron) -> ActionInfo:
        baron = game.ruleset.barons.get(action.baron)
        name = baron.name if baron is not None else action.baron
        return ActionInfo(f"Keep the Western Rail Baron {name}", help="RW-p8-34")


# -- the turn ----------------------------------------------------------------------------------
class TranscontinentalTurn(TurnStructure):
    """The base turn, with the pause between the phases and the Western baron choice."""

    id = "transcontinental"

    def check(self, game: Game, action: Action) -> None:
        # Asked of every action checked: the state read without a call of ``data`` where
        # it is made, and nothing more in the usual turn of either phase.
        state = game.state.plugin_data.get(KEY)
        if state is None:
            state = data(game)
        if not state["west_dealt"] and state["phase"] != BETWEEN:
            return  # the usual turn: nothing of this structure's own to check
        if state["phase"] == BETWEEN:
            if not isinstance(action, ReturnBonds):
                raise IllegalAction(
                    "play pauses between the phases: each player first says how many bonds "
                    "to return",
                    "RW-p9-12",
                )
            return
        if str(action.seat) in state["west_dealt"] and not isinstance(
            action, (ChooseWesternBaron, ChooseBaron)
        ):
            raise IllegalAction("keep one of your Western Rail Baron cards first", "RW-p8-34")

    def step_actions(self, game: Game, seat: int) -> list[Action] | None:
        state = data(game)
        if state["phase"] == BETWEEN:
            return ReturnBondsKind().options(game, seat)
        if game.state.phase is not Phase.CHOOSE_BARON and str(seat) in state["west_dealt"]:
            return ChooseWesternBaronKind().options(game, seat)
        return None

    def end_turn(self, game: Game) -> None:
        if phase(game) == EAST and game.state.end_trigger_turn is not None:
            # The last Empty City Marker of the Eastern phase was placed this turn: the turn
            # ends as usual, and no further turn is played on the Eastern board alone
            # (RW-p9-10, RW-p9-11). The Eastern deck is done, so no card is turned up.
            game.income_phase()
            begin_between(game)
            return
        super().end_turn(game)


def begin_between(game: Game) -> None:
    """Pause for the change of phase (RW-p9-12): bonds first, in the last turn's order."""
    state = data(game)
    state["phase"] = BETWEEN
    order = list(game.state.order) or list(range(game.n))
    state["returning"] = [s for s in order if game.state.players[s].bonds > 0]
    game.log("The Eastern phase is over: the West is about to open")
    if not state["returning"]:
        open_the_west(game)
        return
    gs = game.state
    gs.phase = Phase.ACTIONS
    gs.round = 0
    gs.order = list(state["returning"])
    gs.order_index = 0


def next_to_return(game: Game) -> None:
    state = data(game)
    state["returning"].pop(0)
    if state["returning"]:
        game.state.order = list(state["returning"])
        game.state.order_index = 0
        return
    open_the_west(game)


def open_the_west(game: Game) -> None:
    """Set up the Western phase (RW-p9-17..26) and start its first turn."""
    state = data(game)
    gs, board = game.state, game.board
    n = game.n
    gs.ecm.clear()  # the markers come off the Eastern board, to be used again (RW-p9-18)
    gs.end_trigger_turn = None
    needed = 6 + 2 * n  # as on the Western board alone (RW-p9-36)
    gs.ecm_needed = needed - 2 if game.options.shorter_game else needed
    if FASTER in modules(game):  # RW-p9-40, RW-p9-41
        linked = {c for link in gs.links.values() if link.end for c in (link.start, link.end)}
        for city in eastern_cities(board):
            if city not in linked or board.cities[city].color is Color.GRAY:
                for cube in list(gs.cubes[city]):
                    gs.cubes[city].remove(cube)
                    gs.bag[cube] += 1
        game.log("Faster game: Eastern cities without a link, and gray ones, lose their cubes")
    reduction = board.tables.cube_reduction.get(n, 0)
    for city in western_cities(board):  # one cube fewer, never below one (RW-p9-22)
        count = max(1, board.cities[city].cubes - reduction)
        game.add_cubes(city, game.draw_cubes(count))
    # The Eastern deck leaves the game; the Western deck without its start cards deals two
    # cards a player (RW-p9-24..26). Golden Spike start cards stay until won.
    cards = game.ruleset.cards
    gone = [c for c in gs.ops_display + gs.ops_deck if c.startswith(EAST_CARD)]
    gs.ops_display = [c for c in gs.ops_display if not c.startswith(EAST_CARD)]
    gs.ops_discard.extend(gone)
    deck = sorted(c for c, d in cards.items() if c.startswith(WEST_CARD) and not d.start)
    gs.rng.shuffle(deck)
    gs.ops_display += game.deal_operations(deck, 2 * n)
    gs.ops_deck = deck
    if OPTION_2 in modules(game) and not state["west_barons"] and not state["west_dealt"]:
        deal_western_barons(game)
    state["phase"] = WEST
    game.log("The West is open: both boards are in play")
    game.next_turn_or_finish()


def deal_western_barons(game: Game) -> None:
    """Two Western U.S. Rail Baron cards to each player, to keep one (RW-p8-34, RW-p8-36)."""
    state = data(game)
    deck = sorted(b for b in game.ruleset.barons if b.startswith(WEST_CARD))
    game.state.rng.shuffle(deck)
    for p in game.state.players:
        if len(deck) >= 2:
            state["west_dealt"][str(p.seat)] = [deck.pop(), deck.pop()]
    state["west_baron_deck"] = deck


# -- Rail Baron and card effects -------------------------------------------------------------
def _cities(value: object) -> list[str]:
    return [c for c in str(value or "").split(",") if c]


class LongDelivery(BaronEffect):
    """A delivery of ``links`` links or more (RW-p20-31, RW-p20-40)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        need = baron.params.get("links", 9)
        best = data(game)["longest"].get(str(seat), 0)
        return baron.points if isinstance(need, int) and best >= need else 0


class ConnectAny(BaronEffect):
    """Own links join any city of ``from`` to any city of ``to`` (RW-p20-37, RW-p20-41)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        targets = set(_cities(baron.params.get("to")))
        for city in _cities(baron.params.get("from")):
            if targets & game.network(seat, city):
                return baron.points
        return 0


def first_key(baron: BaronDef) -> str:
    return f"{baron.params.get('from', '')}>{baron.params.get('to', '')}"


class FirstToConnect(BaronEffect):
    """The first player whose own links joined ``from`` to one of ``to`` (RW-p20-39, -42)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        return baron.points if data(game)["first"].get(first_key(baron)) == seat else 0


class MajorLinesWon(BaronEffect):
    """``count`` Major Lines won, of the Western board (``board = "west"``, RW-p20-36), or of
    any board with ``each_board`` or more on each of the two (RW-p20-38)."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        won = [line for line, owner in game.state.major_lines.items() if owner == seat]
        count = baron.params.get("count", 1)
        if not isinstance(count, int):
            return 0
        if baron.params.get("board") == "west":
            won = [line for line in won if line.startswith(WEST_LINE)]
        each = baron.params.get("each_board", 0)
        if isinstance(each, int) and each:
            east = sum(1 for line in won if line.startswith(EAST_LINE))
            west = sum(1 for line in won if line.startswith(WEST_LINE))
            if east < each or west < each:
                return 0
        return baron.points if len(won) >= count else 0


class LinkAcrossBoards(BaronEffect):
    """The Eastern baron who scores for a Western Link (RW-p19-15): with no Western Link in
    this game (RW-p9-06), for a link of the seat's own that joins the two boards."""

    def score(self, game: Game, seat: int, baron: BaronDef) -> int:
        board = game.board
        for link in game.own_links(seat):
            assert link.end is not None
            if is_western(board, link.start) != is_western(board, link.end):
                return baron.points
        return 0


class GoldenSpikeBounty(ServiceBounty):
    """A Golden Spike start card: the first delivery to its city scores (RW-p22-13..15).

    Unlike the boards' Service Bounties these four are all laid out (RW-p8-30, RW-p8-31).
    """

    def start_pool(self, card: CardDef) -> tuple[str, int] | None:
        return None


@register_plugin
class Transcontinental(Plugin):
    id = "transcontinental"
    turn_structure = TranscontinentalTurn
    baron_effects: Mapping[str, BaronEffect] = {
        "long_delivery": LongDelivery(),
        "connect_any": ConnectAny(),
        "first_to_connect": FirstToConnect(),
        "major_lines_won": MajorLinesWon(),
        "built_western_link": LinkAcrossBoards(),
    }
    card_effects: Mapping[str, CardEffect] = {"golden_spike_bounty": GoldenSpikeBounty()}

    def action_kinds(self) -> Sequence[ActionKind]:
        return (ReturnBondsKind(), ChooseWesternBaronKind())

    # -- set-up ----------------------------------------------------------------------------
    def setup(self, game: Game) -> None:
        state = data(game)
        gs, board = game.state, game.board
        for city in western_cities(board):  # no cubes on the West until it opens (RW-p8-31)
            for cube in list(gs.cubes[city]):
                gs.cubes[city].remove(cube)
                gs.bag[cube] += 1
        self._deal_eastern_deck(game)
        self._deal_barons(game, state)

    def _deal_eastern_deck(self, game: Game) -> None:
        """The Eastern deck and the Golden Spike start cards only (RW-p9-01, RW-p8-30)."""
        gs, cards = game.state, game.ruleset.cards
        rng = gs.rng
        ours = {c: d for c, d in cards.items() if not c.startswith(WEST_CARD)}
        display = sorted(c for c, d in ours.items() if d.start and c.startswith(SPIKE_CARD))
        start = sorted(c for c, d in ours.items() if d.start and c.startswith(EAST_CARD))
        pools: dict[str, tuple[int, list[str]]] = {}
        for cid in start:
            pool = game.card_effect(cards[cid]).start_pool(cards[cid])
            if pool is None:
                display.append(cid)
            else:
                pools.setdefault(pool[0], (pool[1], []))[1].append(cid)
        for name in sorted(pools):  # four of the Eastern bounties (RW-p4-02)
            size, pool_cards = pools[name]
            rng.shuffle(pool_cards)
            display += sorted(pool_cards[:size])
        deck = sorted(c for c, d in ours.items() if not d.start and c.startswith(EAST_CARD))
        rng.shuffle(deck)
        display += game.deal_operations(deck, 2 * game.n)
        gs.ops_display, gs.ops_deck = display, deck

    def _deal_barons(self, game: Game, state: dict[str, Any]) -> None:
        gs = game.state
        chosen = modules(game)
        family = EAST_CARD if chosen & {OPTION_2, OPTION_2_VARIANT} else SPIKE_CARD
        deck = sorted(b for b in game.ruleset.barons if b.startswith(family))
        gs.rng.shuffle(deck)
        for p in gs.players:  # two each, keep one (RW-p8-33, RW-p8-34)
            p.baron = None
            p.barons_dealt = (deck.pop(), deck.pop())
        gs.baron_deck = deck
        if OPTION_2_VARIANT in chosen:  # both boards' barons at set-up (RW-p8-36)
            deal_western_barons(game)

    # -- the phases --------------------------------------------------------------------------
    def build_restriction(self, game: Game, seat: int) -> BuildRestriction | None:
        if phase(game) != EAST:
            return None
        # Asked for every build checked or listed: the same object each time, made once per
        # board (a restriction never changes once made).
        board = game.board
        return board.derived((KEY, "east_restriction"), lambda: _east_restriction(board))

    def allowed_kinds(self, game: Game, seat: int) -> frozenset[str] | None:
        if phase(game) == EAST and FUEL_DEPOT_KIND in game.kinds.kinds:
            # Asked before every action: the same set each time, made once per game.
            kinds: frozenset[str] | None = game.derived.get("transcontinental_east_kinds")
            if kinds is None:
                kinds = frozenset(k for k in game.kinds.kinds if k != FUEL_DEPOT_KIND)
                game.derived["transcontinental_east_kinds"] = kinds
            return kinds
        return None

    def check_action(self, game: Game, action: Action) -> None:
        kind = action.kind
        if kind not in CHECKED_KINDS:  # asked of every action: most pass at once
            return
        board = game.board
        now = game.state.plugin_data[KEY]["phase"]
        if now == EAST and kind == FUEL_DEPOT_KIND:
            raise IllegalAction("Fuel Depots come with the Western phase", "RW-p9-09")
        city: str | None = None
        if isinstance(action, Urbanize):
            city = action.city
        elif isinstance(action, TakeOperationsCard):
            city = action.target
        if city is None or city not in board.cities:
            return
        west = city in western_city_set(board)
        if now == EAST and west:
            raise IllegalAction(
                f"{game.city_name(city)} is on the Western board, not in play until the West "
                "is opened",
                "RW-p9-05",
            )
        if now == WEST and not west:
            raise IllegalAction(
                f"{game.city_name(city)} is on the Eastern board: its cities are no longer "
                "urbanized and get no new goods",
                "RW-p9-34",
            )

    def open_cities(self, game: Game) -> frozenset[str] | None:
        # What check_action refuses, left out of the listings: the Western cities until the
        # West opens (RW-p9-05), the Eastern ones after (RW-p9-34).
        now = phase(game)
        board = game.board
        if now == EAST:
            return board.derived((KEY, "east_cities"), lambda: frozenset(eastern_cities(board)))
        if now == WEST:
            return western_city_set(board)
        return None

    def end_trigger_note(self, game: Game) -> str | None:
        if phase(game) != EAST:
            return None  # the Western phase ends as usual (RW-p9-37)
        return (
            "The last Empty City Marker of the Eastern phase is placed: the phase ends with "
            "this turn, then the West opens"
        )

    def places_ecm(self, game: Game, city: str) -> bool:
        board = game.board
        west = is_western(board, city)
        if phase(game) != WEST:
            return not west  # the Western map is not used yet (RW-p9-05)
        # Western cities printed with more than one cube only (RW-p9-31..33).
        return west and board.cities[city].cubes > 1

    # -- what the barons need -------------------------------------------------------------------
    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        longest = data(game)["longest"]
        key = str(delivery.seat)
        longest[key] = max(longest.get(key, 0), len(delivery.links))

    def after_build(self, game: Game, seat: int, link: Link) -> None:
        if not link.complete:
            return
        first = data(game)["first"]
        networks: dict[str, frozenset[str]] = {}  # worked out once a start, not once a baron
        for baron in game.ruleset.barons.values():
            if baron.effect != "first_to_connect":
                continue
            key = first_key(baron)
            if key in first:
                continue
            start = str(baron.params.get("from", ""))
            if not start:
                continue
            if start not in networks:
                networks[start] = game.network(seat, start)
            if set(_cities(baron.params.get("to"))) & networks[start]:
                first[key] = seat

    def final_points(self, game: Game, seat: int) -> int:
        chosen = data(game)["west_barons"].get(str(seat))
        if not chosen:
            return 0
        baron = game.ruleset.barons[chosen]
        points = game.ruleset.baron_effects[baron.effect].score(game, seat, baron)
        if points:
            game.log(f"{game.seats[seat]}'s Western Rail Baron {baron.name} scores {points}")
        return points

    def determinize(self, game: Game, seat: int, rng: Rng) -> None:
        state = data(game)
        gs = game.state
        me = gs.players[seat]
        chosen = modules(game)
        family = EAST_CARD if chosen & {OPTION_2, OPTION_2_VARIANT} else SPIKE_CARD
        seen = set(me.barons_dealt) | {p.baron for p in gs.players if p.baron_revealed}
        pool = sorted(b for b in game.ruleset.barons if b.startswith(family) and b not in seen)
        rng.shuffle(pool)
        for p in gs.players:
            if p.seat != seat and not p.baron_revealed and p.baron and len(pool) >= 2:
                p.baron = pool.pop()
                p.barons_dealt = (p.baron, pool.pop())
        gs.baron_deck = pool
        mine = {state["west_barons"].get(str(seat)), *state["west_dealt"].get(str(seat), [])}
        west = sorted(b for b in game.ruleset.barons if b.startswith(WEST_CARD) and b not in mine)
        rng.shuffle(west)
        for key in sorted(state["west_barons"]):
            if key != str(seat) and west:
                state["west_barons"][key] = west.pop()
        for key in sorted(state["west_dealt"]):
            if key != str(seat) and len(west) >= 2:
                state["west_dealt"][key] = [west.pop(), west.pop()]
        state["west_baron_deck"] = west

    # -- what the players see ---------------------------------------------------------------------
    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        state = data(game)
        over = game.state.phase is Phase.GAME_OVER
        out: dict[str, Any] = {
            "transcontinental": {
                "phase": state["phase"],
                "returning": list(state["returning"]),
                "bonds_returned": dict(state["returned"]),
                "western_barons_held": sorted(int(s) for s in state["west_barons"]),
            }
        }
        mine = out["transcontinental"]
        if over:
            mine["western_barons"] = dict(state["west_barons"])
        elif seat is not None:
            own = state["west_barons"].get(str(seat))
            if own:
                mine["my_western_baron"] = own
            dealt = state["west_dealt"].get(str(seat))
            if dealt:
                mine["my_western_barons_dealt"] = list(dealt)
        return out

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        now = phase(game)
        if now == EAST:
            label = (
                "Eastern phase: the Western board opens when the last Empty City Marker is "
                f"placed ({len(game.state.ecm)} of {game.state.ecm_needed})"
            )
            return [Marker(kind="transcontinental", label=label, symbol="E", help="RW-p9-10")]
        if now == BETWEEN:
            label = "Between the phases: players return bonds, then the West opens"
            return [Marker(kind="transcontinental", label=label, symbol="B", help="RW-p9-12")]
        label = (
            "Western phase: Empty City Markers on the Western board only "
            f"({len(game.state.ecm)} of {game.state.ecm_needed})"
        )
        return [Marker(kind="transcontinental", label=label, symbol="W", help="RW-p9-31")]

    def check_board(self, board: Board) -> list[str]:
        problems: list[str] = []
        if WEST_REGION not in board.regions:
            problems.append("the board has no 'west' region: the phases need the Western board")
        unflagged = [c.id for c in board.cities.values() if not c.flags & {"east", "west"}]
        if unflagged:
            problems.append(f"cities without an east or west flag: {', '.join(unflagged)}")
        west = western_hexes(board)
        for city in board.cities.values():
            if ("west" in city.flags) != (city.at in west):
                problems.append(f"{city.name} is flagged for one board and stands on the other")
        return problems
