"""Railways of Australia's Operations cards (AU-032, AU-036..AU-046): the effect of each kind.

Cards that are played on a build change its rules (``CostRules``): a card's ``permits`` name
lets the plug-in's judgement of the build (``plugin.Australia.judge_build``) lift the gauge
rule (Triple Gauge), waive a ferry hex's price (Spirit of Tasmania) or require a switch
(Switchback). Cards that go back to the display once played carry ``rebound = 1`` and are
moved back by the plug-in after the action (AU-046).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from railways.core.actions import TakeOperationsCard
from railways.core.board import Board, Color
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.delivery import DeliveryHook, Refusal, Walk
from railways.core.errors import IllegalAction
from railways.core.track import track_changed
from railways.rules.boards.australia import state as au
from railways.rules.boards.australia.regions import TOWN, ferry_hexes
from railways.rules.cards import MadeRules, kept_rules
from railways.rules.modules.switch_tracks import SwitchRules, with_rules

if TYPE_CHECKING:
    from railways.core.board import TerrainCosts
    from railways.core.game import Game
    from railways.core.state import Link
    from railways.core.track import BuildPlan, CostRules

# What a card played on a build allows; the plug-in reads them from CostRules.permits.
TRIPLE_GAUGE = "triple-gauge"
SPIRIT = "spirit-of-tasmania"
SWITCHBACK = "switchback"
FERRY_FEE = 5  # $5,000 on top of the water tile for each ferry hex (house; AU-041)


def _int(card: CardDef, key: str, default: int) -> int:
    value = card.params.get(key, default)
    return value if isinstance(value, int) else default


def _icon(card: CardDef, icon: Icon) -> list[str]:
    if card.icon is not icon:
        return [f"{card.effect} is written for the {icon.value} icon, not {card.icon.value}"]
    return []


# -- cards that act when they are turned up -------------------------------------------------
class TownCard(CardEffect):
    """Turned up, the town is built (or, built already, gets two goods), the card is discarded
    and another card turned up (AU-032). Never dealt to the starting display (AU-016)."""

    def dealt_at_setup(self, card: CardDef) -> bool:
        return False

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        town = str(card.params.get("town"))
        city = board.cities.get(town)
        if city is None or TOWN not in city.flags:
            return [f"{card.name} names {town!r}, not a town of the board"]
        return _icon(card, Icon.IMMEDIATE)

    def on_reveal(self, game: Game, card: CardDef) -> None:
        town = str(card.params.get("town"))
        game.log(f"{card.name} is turned up")
        au.build_town(game, town, card.name)
        game.discard(card.id)
        game.draw_operations_card()

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        town = str(card.params.get("town"))
        return f"turned up: {city_names.get(town, town)} is built (or gets two goods)"


class Federation(CardEffect):
    """Turned up, the Commonwealth token goes on Canberra, which takes goods of every colour
    from then on (AU-017, AU-037); the card is discarded and another turned up."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        city = str(card.params.get("city", "canberra"))
        if city not in board.cities:
            return [f"{card.name} names {city!r}, not a city of the board"]
        return _icon(card, Icon.IMMEDIATE)

    def on_reveal(self, game: Game, card: CardDef) -> None:
        city = str(card.params.get("city", "canberra"))
        au.data(game)["federation"] = city
        game.log(
            f"{card.name}: the Commonwealth token goes on {game.city_name(city)}, which takes "
            "goods of every colour from now on"
        )
        game.discard(card.id)
        game.draw_operations_card()

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "turned up: Canberra takes goods of every colour"


class FederationHook(DeliveryHook):
    """Canberra, with the Commonwealth token, is a city of every colour (AU-037)."""

    def __init__(self, city: str) -> None:
        self.city = city

    def accepts(self, game: Game, walk: Walk) -> bool:
        return walk.cities[-1] == self.city

    def wildcards(self, game: Game, seat: int) -> frozenset[str] | None:
        return frozenset((self.city,))  # all it changes: the integer walk lists the routes


# -- taken: Company Merger, Navvy Camp, Newspaper Fame ----------------------------------------
def link_cost(game: Game, link: Link) -> int:
    """What a link's tiles cost to build at the board's prices: terrain, ridges and ferry
    hexes (AU-036). Prices a card or an event changed for that build are not remembered."""
    board = game.board
    tc = board.tables.terrain_costs
    ferries = ferry_hexes(board)
    total = 0
    for h, a, _b in link.tiles:
        total += tc.of(board.hexes[h])
        total += FERRY_FEE if h in ferries else 0
        if board.crosses_ridge(h.neighbour(a), h):
            total += tc.ridge
    if link.tiles:
        h, _a, b = link.tiles[-1]
        if board.crosses_ridge(h, h.neighbour(b)):
            total += tc.ridge
    return total


class CompanyMerger(CardEffect):
    """Pay another player what one of their links cost: the taker owns it with them and both
    score when it is used (AU-036). ``target`` is the link's id."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.IMMEDIATE)

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        return [
            TakeOperationsCard(seat=seat, card=card.id, target=str(link.id))
            for link in sorted(game.state.links.values(), key=lambda lk: lk.id)
            if link.complete
            and 0 <= link.owner < game.n
            and link.owner != seat
            and seat not in link.partners
        ]

    def _link(self, game: Game, action: TakeOperationsCard) -> Link:
        target = action.target or ""
        link = game.state.links.get(int(target)) if target.isdigit() else None
        if link is None or not link.complete:
            raise IllegalAction(
                "name a complete link of another player for the Company Merger", "AU-036"
            )
        if link.owner == action.seat or action.seat in link.partners:
            raise IllegalAction("you own that link already", "AU-036")
        if not 0 <= link.owner < game.n:
            raise IllegalAction("only another player's link can be merged", "AU-036")
        return link

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        self._link(game, action)

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        # (its own copy: a copy of the game may share the link, GameState.own_link)
        link = game.state.own_link(self._link(game, action).id)
        cost = link_cost(game, link)
        game.pay(action.seat, cost, "Company Merger")
        game.receive(link.owner, cost, "Company Merger")
        link.partners.append(action.seat)
        # Who owns track changed: what is kept until the track changes (each seat's own
        # network, the links it may start a delivery on) is worked out again.
        track_changed(game.state)
        assert link.end is not None
        game.log(
            f"{game.seats[action.seat]} pays {game.seats[link.owner]} ${cost},000 and owns the "
            f"link {game.city_name(link.start)} - {game.city_name(link.end)} with them"
        )
        game.check_major_lines(action.seat)  # both own it: it may join a Major Line

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "pay for a share in another player's link; both score for it"


class NavvyCamp(CardEffect):
    """On a gray city the taker chooses: a point to the taker whenever anyone completes a
    link to it, 6 at most (AU-039). ``target`` is the city."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.INFINITY)

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        return [
            TakeOperationsCard(seat=seat, card=card.id, target=city)
            for city, colour in sorted(game.state.city_colors.items())
            if colour is Color.GRAY and not au.is_unbuilt(game, city)
        ]

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        city = action.target
        if city is None or game.state.city_colors.get(city) is not Color.GRAY:
            raise IllegalAction("a Navvy Camp goes on a gray city", "AU-039")

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        assert action.target is not None
        au.data(game)["navvy"][card.id] = {"city": action.target, "points": 0}
        game.log(
            f"{game.seats[action.seat]} sets up a Navvy Camp at {game.city_name(action.target)}"
        )

    def after_build(
        self,
        game: Game,
        seat: int,
        link: Link,
        plan: BuildPlan,
        card: CardDef,
        holder: int | None,
        played: bool,
    ) -> None:
        camp = au.data(game)["navvy"].get(card.id)
        if holder is None or camp is None or not plan.completes or link.end is None:
            return
        if camp["city"] in (link.start, link.end) and camp["points"] < _int(card, "cap", 6):
            camp["points"] += _int(card, "points", 1)
            game.score(holder, _int(card, "points", 1), card.name)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "a point each time a link is built to your gray city, 6 at most"


class NewspaperFame(CardEffect):
    """A point more for each Major Line the holder completes from now on (AU-040); the
    plug-in counts them after every action (``plugin.Australia.after_action``)."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.INFINITY)

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        won = sorted(k for k, v in game.state.major_lines.items() if v == action.seat)
        au.data(game)["fame"][card.id] = won  # lines completed before do not count

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "a point more for each Major Line you complete"


# -- played on a delivery ----------------------------------------------------------------------
class LongerHook(DeliveryHook):
    """One link further than the engine, and only for a delivery that needs it."""

    def __init__(self, links: int, base: int, name: str, clause: str) -> None:
        self.extra_links = links
        self.base = base
        self.name = name
        self.clause = clause

    def shortest(self, game: Game, seat: int) -> int | None:
        return self.base + 1  # all it changes: the integer walk lists the routes

    def refuse_arrival(self, game: Game, walk: Walk) -> Refusal | None:
        if len(walk.links) <= self.base:
            return Refusal(
                f"the {self.name} is for a delivery longer than your engine reaches", self.clause
            )
        return None


class Tenders(CardEffect):
    """Played on one delivery: the cube may go a link further than the engine (AU-043)."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.HAND)

    def delivery_hook(self, game: Game, seat: int, card: CardDef) -> DeliveryHook | None:
        return LongerHook(_int(card, "links", 1), game.engine_level(seat), card.name, "AU-043")

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "one delivery may go a link further than your engine"


class MechanicalStoker(CardEffect):
    """Once a turn, $2,000 for a delivery a link further than the engine (AU-038); the plug-in
    takes the money after the delivery."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.DIAMOND)

    def delivery_hook(self, game: Game, seat: int, card: CardDef) -> DeliveryHook | None:
        return LongerHook(_int(card, "links", 1), game.engine_level(seat), card.name, "AU-038")

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "once a turn, $2,000: a delivery one link further than your engine"


# -- played on a build -------------------------------------------------------------------------
class Permit(CardEffect):
    """A hand card that lets one build do what the plug-in otherwise refuses."""

    permit = ""
    clause = ""
    text = ""

    def __init__(self) -> None:
        self._made: MadeRules = {}  # see build_rules

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.HAND)

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        # Asked for every build listed or checked with the card (its variants of a listing
        # too), most often for the same rules object: the answer depends on it alone.
        return kept_rules(self._made, rules, None, lambda: self._permitted(rules))

    def _permitted(self, rules: CostRules) -> CostRules:
        return with_rules(rules, permits=rules.permits | {self.permit})

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return self.text


class TripleGauge(Permit):
    """One build may cross region borders (AU-044); back to the display after (AU-046)."""

    permit = TRIPLE_GAUGE
    clause = "AU-044"
    text = "one build may cross region borders; then back to the display"


class SpiritOfTasmania(Permit):
    """One ferry hex of a build is free (AU-041); back to the display after (AU-046)."""

    permit = SPIRIT
    clause = "AU-041"
    text = "one ferry hex of a build for free; then back to the display"


class Switchback(Permit):
    """A switch placed for free on one build, starting it (AU-042)."""

    permit = SWITCHBACK
    clause = "AU-042"
    text = "place one of your Switch Tracks for free and build on from it"

    def _permitted(self, rules: CostRules) -> CostRules:
        return SwitchRules.free(super()._permitted(rules))


class ZigZag(CardEffect):
    """One build: mountain tiles at half price (rounded up) and ridges crossed for nothing
    (AU-045)."""

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.HAND)

    def __init__(self) -> None:
        self._made: MadeRules = {}

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        tc = rules.terrain or game.board.tables.terrain_costs
        return kept_rules(self._made, rules, tc, lambda: _zig_zag(rules, tc))

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return "one build: mountains half price, ridges free"


def _zig_zag(rules: CostRules, tc: TerrainCosts) -> CostRules:
    return replace(rules, terrain=replace(tc, mountain=-(-tc.mountain // 2), ridge=0))


EFFECTS: dict[str, CardEffect] = {
    "town": TownCard(),
    "federation": Federation(),
    "company_merger": CompanyMerger(),
    "navvy_camp": NavvyCamp(),
    "newspaper_fame": NewspaperFame(),
    "tenders": Tenders(),
    "mechanical_stoker": MechanicalStoker(),
    "triple_gauge": TripleGauge(),
    "spirit_of_tasmania": SpiritOfTasmania(),
    "switchback": Switchback(),
    "zig_zag": ZigZag(),
}
