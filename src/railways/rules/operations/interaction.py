"""Operations cards that involve another player (RW-p22-11, RW-p22-23/24, RW-p21-20).

- **Railroad Inspector** (hand): played while another player's delivery waits, it stops
  that delivery. The engine holds a delivery back when a card says it may be answered
  (``CardEffect.may_react``): the holders answer in turn order after the mover with the two
  kinds defined here, ``play_inspector`` or ``pass_inspector``, and only then does the
  delivery go ahead (``Game.pass_reaction``) or not (``Game.cancel_held``). Nobody holding
  an Inspector that could be played means no extra step at all.
- **Trading Depot** (infinity): taking it puts the taker's marker on another player's
  complete link; every later delivery over that link scores the depot's owner a point.
- **Diplomatic Relations** (red X): taking it *is* a delivery. The take names the cube
  and the route (``TakeOperationsCard.target``, ``color``, ``links``), which the one set
  of delivery rules checks with one hook more: links of at least two players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from railways.core.actions import Action, DeliverGoods, TakeOperationsCard, register
from railways.core.board import Board
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.delivery import DeliveryHook, DeliveryRules, Refusal, Walk
from railways.core.errors import IllegalAction
from railways.core.game import Delivery, Game
from railways.core.kinds import ActionInfo, ActionKind, KindInfo
from railways.core.legal import link_graph
from railways.core.plugins import Marker
from railways.core.state import Phase

INSPECTOR = "railroad_inspector"
DEPOT = "trading_depot"
DIPLOMATIC = "diplomatic_relations"


def owners(game: Game, links: Sequence[int]) -> list[int]:
    """Who scores for each link of a checked route, in order (co-owners too)."""
    return [owner for i in links for owner in game.link_owners(i)]


def _int(card: CardDef, key: str, default: int) -> int:
    value = card.params.get(key, default)
    return value if isinstance(value, int) else default


def _icon(card: CardDef, icon: Icon) -> list[str]:
    if card.icon is icon:
        return []
    return [f"{card.effect} needs the {icon.value!r} icon, not {card.icon.value!r}"]


# -- Railroad Inspector (RW-p22-11) -----------------------------------------------------------
@register
@dataclass(frozen=True, slots=True)
class PlayInspector(Action):
    """Stop the delivery that waits for answers with the Railroad Inspector ``card``."""

    card: str = ""
    kind: ClassVar[str] = "play_inspector"

    def __str__(self) -> str:
        return f"P{self.seat + 1} stops the delivery with {self.card}"


@register
@dataclass(frozen=True, slots=True)
class PassInspector(Action):
    """Let the delivery that waits for answers go ahead."""

    kind: ClassVar[str] = "pass_inspector"

    def __str__(self) -> str:
        return f"P{self.seat + 1} lets the delivery go ahead"


def stopped(game: Game) -> list[int]:
    """The seats an Inspector has stopped so far (each at most once a game)."""
    data = game.state.plugin_data.get("inspector", {})
    seats: list[int] = data.get("stopped", [])
    return seats


def _held(game: Game) -> Action:
    reaction = game.state.reaction
    if reaction is None:
        raise IllegalAction("no delivery is waiting to be stopped", "RW-p22-11")
    return reaction.action


def _held_label(game: Game, held: Action) -> str:
    return game.kinds.get(held).describe(game, held).label


class RailroadInspector(CardEffect):
    """Stop one delivery of another player; nobody is stopped twice (RW-p22-11)."""

    def may_react(self, game: Game, action: Action, card: CardDef, holder: int) -> bool:
        return (
            isinstance(action, DeliverGoods)
            and action.seat != holder
            and action.seat not in stopped(game)
            and card.id in game.state.players[holder].hand
        )

    def action_kinds(self) -> Sequence[ActionKind]:
        return (PlayInspectorKind(), PassInspectorKind())

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.HAND)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        return (
            "play when another player delivers: the cube stays and that action is lost "
            "(nobody is stopped twice in a game)"
        )


class PlayInspectorKind(ActionKind):
    action_type = PlayInspector
    phases = frozenset({Phase.REACTION})
    sample_group = "play_inspector"
    advances_turn = False  # the engine moves the turn on for the stopped action
    final = True
    info = KindInfo(
        "Railroad Inspector",
        "stop this delivery: the cube stays and its mover loses the action",
        "RW-p22-11",
        "i",
    )

    def check(self, game: Game, action: PlayInspector) -> object:
        held = _held(game)
        player = game.state.players[action.seat]
        if action.card not in player.hand:
            raise IllegalAction(f"you do not hold {action.card}", "RW-p5-40")
        card = game.card(action.card)
        if card.effect != INSPECTOR:
            raise IllegalAction(f"{card.name} cannot stop a delivery", "RW-p22-11")
        if not isinstance(held, DeliverGoods):
            raise IllegalAction("an Inspector stops deliveries only", "RW-p22-11")
        if held.seat in stopped(game):
            raise IllegalAction(
                f"{game.seats[held.seat]} has been stopped by an Inspector already", "RW-p22-11"
            )
        return None

    def perform(self, game: Game, action: PlayInspector, checked: object) -> None:
        held = _held(game)
        card = game.card(action.card)
        game.discard(card.id)
        data = game.state.plugin_data.setdefault("inspector", {"stopped": []})
        data["stopped"].append(held.seat)
        game.log(
            f"{game.seats[action.seat]} plays {card.name}: "
            f"{game.seats[held.seat]}'s delivery is stopped and the cube stays"
        )
        game.cancel_held()

    def options(self, game: Game, seat: int) -> list[Action]:
        for card_id in game.state.players[seat].hand:
            if game.card(card_id).effect == INSPECTOR:
                return [PlayInspector(seat=seat, card=card_id)]  # one is enough to offer
        return []

    def describe(self, game: Game, action: PlayInspector) -> ActionInfo:
        reaction = game.state.reaction
        if reaction is None:
            return ActionInfo("Play the Railroad Inspector", help="RW-p22-11")
        held = reaction.action
        cities = game.kinds.get(held).describe(game, held).cities
        return ActionInfo(
            f"Stop {game.seats[held.seat]}'s delivery ({_held_label(game, held)})",
            cities=cities,
            help="RW-p22-11",
        )


class PassInspectorKind(ActionKind):
    action_type = PassInspector
    phases = frozenset({Phase.REACTION})
    sample_group = "pass_inspector"
    advances_turn = False  # the delivery it lets go ahead moves the turn on
    final = True
    info = KindInfo("Let it go", "let the delivery go ahead", "RW-p22-11", "l")

    def check(self, game: Game, action: PassInspector) -> object:
        _held(game)
        return None

    def perform(self, game: Game, action: PassInspector, checked: object) -> None:
        game.pass_reaction()

    def options(self, game: Game, seat: int) -> list[Action]:
        return [PassInspector(seat=seat)]

    def describe(self, game: Game, action: PassInspector) -> ActionInfo:
        reaction = game.state.reaction
        if reaction is None:
            return ActionInfo("Let the delivery go ahead", help="RW-p22-11")
        held = reaction.action
        return ActionInfo(
            f"Let {game.seats[held.seat]}'s delivery go ahead ({_held_label(game, held)})",
            help="RW-p22-11",
        )


# -- Trading Depot (RW-p22-23, RW-p22-24) -------------------------------------------------------
def depots(game: Game) -> dict[str, list[int]]:
    """``{card id: [owner seat, link id]}`` for every Trading Depot placed (read only)."""
    placed: dict[str, list[int]] = game.state.plugin_data.get("trading_depots", {})
    return placed


def _travels(game: Game, links: Sequence[int], link_id: int) -> bool:
    """Whether a route goes along the link, or along a way over its track (a switch's
    branch counts as one link for deliveries: ``Game.route_links``)."""
    if link_id in links:
        return True
    ways = game.route_links() if any(i < 0 for i in links) else {}
    return any(i < 0 and i in ways and ways[i].of == link_id for i in links)


class TradingDepot(CardEffect):
    """A marker on another player's link: each delivery over it scores the marker's owner."""

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        return [
            TakeOperationsCard(seat=seat, card=card.id, target=str(link.id))
            for link in sorted(game.state.links.values(), key=lambda lk: lk.id)
            if link.complete and 0 <= link.owner < game.n and seat not in game.link_owners(link.id)
        ]

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        target = action.target
        if target is None:
            raise IllegalAction(f"{card.name}: choose another player's link", "RW-p22-24")
        link = game.state.links.get(int(target)) if target.isdigit() else None
        if link is None:
            raise IllegalAction(f"{card.name}: there is no link {target!r}", "RW-p22-24")
        if not link.complete:
            raise IllegalAction(f"{card.name}: the depot goes on a complete link", "RW-p22-24")
        if action.seat in game.link_owners(link.id):
            raise IllegalAction(
                f"{card.name}: the depot goes on another player's link, not your own", "RW-p22-24"
            )
        if not 0 <= link.owner < game.n:
            raise IllegalAction(f"{card.name}: that link belongs to no player", "RW-p22-24")

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        assert action.target is not None
        link = game.state.links[int(action.target)]
        placed = game.state.plugin_data.setdefault("trading_depots", {})
        placed[card.id] = [action.seat, link.id]
        assert link.end is not None
        game.log(
            f"{game.seats[action.seat]} puts a Trading Depot on {game.seats[link.owner]}'s link "
            f"{game.city_name(link.start)} - {game.city_name(link.end)}"
        )

    def after_delivery(
        self, game: Game, delivery: Delivery, card: CardDef, holder: int | None
    ) -> None:
        depot = depots(game).get(card.id)
        if holder is None or depot is None or not _travels(game, delivery.links, depot[1]):
            return
        game.score(depot[0], _int(card, "points", 1), card.name)  # RW-p22-23

    def markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        out: list[Marker] = []
        for _card, (owner, link_id) in sorted(depots(game).items()):
            link = game.state.links.get(link_id)
            if link is None or link.end is None:
                continue
            middle = link.tiles[len(link.tiles) // 2][0] if link.tiles else None
            out.append(
                Marker(
                    kind="trading_depot",
                    label=(
                        f"{game.seats[owner]}'s Trading Depot on {game.seats[link.owner]}'s "
                        f"link {game.city_name(link.start)} - {game.city_name(link.end)}"
                    ),
                    symbol="TD",
                    hex=middle,
                    owner=owner,
                    help="RW-p22-23",
                )
            )
        return out

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.INFINITY)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        points = _int(card, "points", 1)
        return f"mark another player's link: you score {points} whenever a cube travels it"


# -- Diplomatic Relations (RW-p21-20) -------------------------------------------------------------
class _TwoOwners(DeliveryHook):
    """The route must use links of at least two players (the mover's first link is one)."""

    def refuse_arrival(self, game: Game, walk: Walk) -> Refusal | None:
        if len(set(owners(game, walk.links))) >= 2:
            return None
        return Refusal(
            "Diplomatic Relations: the route must also use a link of another player", "RW-p21-20"
        )


class DiplomaticRelations(CardEffect):
    """Taking the card delivers a cube over links of two or more players; each of them
    scores a point more than the delivery gives (RW-p21-20)."""

    @staticmethod
    def rules(game: Game, seat: int) -> DeliveryRules:
        """The seat's delivery rules now, with the two-players hook added."""
        base = game.delivery_rules(seat)
        return DeliveryRules(game, seat, (*base.hooks, _TwoOwners()))

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        rules = self.rules(game, seat)
        graph = link_graph(game)
        out: list[TakeOperationsCard] = []
        for city in sorted(graph):
            cubes = game.state.cubes[city]
            if not cubes or not any(owner == seat for _l, _c, owner in graph[city]):
                continue
            colors = sorted(set(cubes), key=lambda c: c.value)
            for color, routes in rules.routes(graph, city, colors).items():
                out.extend(
                    TakeOperationsCard(
                        seat=seat, card=card.id, target=city, color=color.value, links=links
                    )
                    for links, _dest, _owners in routes
                )
        return out

    @staticmethod
    def delivery(action: TakeOperationsCard) -> DeliverGoods:
        assert action.target is not None
        return DeliverGoods(
            seat=action.seat, city=action.target, color=action.color, links=action.links
        )

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        if action.target is None or action.color is None or not action.links:
            raise IllegalAction(
                f"{card.name}: name the cube (its city and colour) and the route it takes",
                "RW-p21-20",
            )
        self.rules(game, action.seat).check(self.delivery(action))

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        deliver = self.delivery(action)
        checked = self.rules(game, action.seat).check(deliver)
        involved = sorted(set(owners(game, action.links)))
        game.do_delivery(deliver, checked)  # scored, emptied and heard like any delivery
        for owner in involved:  # RW-p21-20: one more point for every player whose link is used
            if 0 <= owner < game.n:
                game.score(owner, _int(card, "points", 1), card.name)

    def check_card(self, board: Board, card: CardDef) -> list[str]:
        return _icon(card, Icon.IMMEDIATE)

    def summary(self, card: CardDef, city_names: Mapping[str, str]) -> str:
        points = _int(card, "points", 1)
        return (
            "taking it delivers a cube over links of two or more players; "
            f"each of them scores {points} more"
        )


EFFECTS: dict[str, CardEffect] = {
    INSPECTOR: RailroadInspector(),
    DEPOT: TradingDepot(),
    DIPLOMATIC: DiplomaticRelations(),
}
