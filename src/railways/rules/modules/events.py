"""The Event Deck (RW-p6-30..37) with the house deck of 50 events (content/events/).

Slots: the deck (face down), the Future event, the Current event and the discard pile,
kept in ``plugin_data["events"]``. At set-up the deck is shuffled and one card goes to
the Future slot, Future Events drawn then being discarded (RW-p6-30, -31, -33). After
income and dividends each turn, Current goes to the discard, Future moves to Current
and a new card is drawn for Future (RW-p6-34). An ordinary event acts while Current;
a Future Event acts once, when it is drawn into the Future slot, and not again as
Current (RW-p6-35, -36). Players may take cards out (the option ``WITHOUT``, RW-p6-37,
declared here so every front end offers it).

Each event is data; ``effect`` names one of the small handlers below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from railways.content.event_deck import EventDef, load_events
from railways.core.board import Color
from railways.core.delivery import DeliveryHook, Refusal, Walk
from railways.core.plugins import Marker, OptionSpec
from railways.core.track import CostRules
from railways.rules.modules.base import Module
from railways.rules.registry import register_plugin

if TYPE_CHECKING:
    from railways.core.board import Board
    from railways.core.game import Delivery, Game
    from railways.core.rng import Rng

CLAUSE = "RW-p6-35"
WITHOUT = "event_deck_without"  # the game option of the cards taken out (RW-p6-37)


def _int(event: EventDef, key: str) -> int:
    value = event.params.get(key, 0)
    return value if isinstance(value, int) else 0


def _str(event: EventDef, key: str) -> str:
    value = event.params.get(key, "")
    return value if isinstance(value, str) else ""


class EventEffect:
    """What an event does. One-shot effects act in ``on_enter``; the others while Current."""

    def on_enter(self, game: Game, event: EventDef) -> None:
        """The event takes effect now (Current for ordinary events, Future for Future ones)."""

    def delivery_hook(self, game: Game, event: EventDef) -> DeliveryHook | None:
        return None

    def after_delivery(self, game: Game, delivery: Delivery, event: EventDef) -> None:
        """A delivery was made while the event is Current."""

    def engine_level(self, game: Game, seat: int, level: int, event: EventDef) -> int:
        return level

    def build_rules(self, game: Game, seat: int, rules: CostRules, event: EventDef) -> CostRules:
        return rules

    def problems(self, event: EventDef) -> list[str]:
        return []


def _color_ok(event: EventDef, allow_any: bool) -> list[str]:
    color = _str(event, "color")
    colours = {c.value for c in Color} - {"gray"}
    if color in colours or (allow_any and color == "any"):
        return []
    return [f"{event.id}: color {color!r} is not a goods colour"]


class DeliveryBonus(EventEffect):
    def after_delivery(self, game: Game, delivery: Delivery, event: EventDef) -> None:
        color = _str(event, "color")
        if color in ("any", delivery.color.value):
            game.score(delivery.seat, _int(event, "points"), event.name)

    def problems(self, event: EventDef) -> list[str]:
        return _color_ok(event, allow_any=True)


class _Embargo(DeliveryHook):
    def __init__(self, color: str, name: str) -> None:
        self.color = color
        self.name = name

    def refuse_arrival(self, game: Game, walk: Walk) -> Refusal | None:
        if walk.color.value == self.color:
            return Refusal(f"{self.name}: no {self.color} cube may be delivered now", CLAUSE)
        return None


class Embargo(EventEffect):
    def delivery_hook(self, game: Game, event: EventDef) -> DeliveryHook | None:
        return _Embargo(_str(event, "color"), event.name)

    def problems(self, event: EventDef) -> list[str]:
        return _color_ok(event, allow_any=False)


class EnginePenalty(EventEffect):
    def engine_level(self, game: Game, seat: int, level: int, event: EventDef) -> int:
        return max(1, level - _int(event, "levels"))


class TerrainSurcharge(EventEffect):
    FIELDS = ("open", "water", "mountain")

    def build_rules(self, game: Game, seat: int, rules: CostRules, event: EventDef) -> CostRules:
        prices = rules.terrain or game.board.tables.terrain_costs
        more = _int(event, "amount")
        for name in _str(event, "terrain").split(","):
            prices = replace(prices, **{name: getattr(prices, name) + more})
        return replace(rules, terrain=prices)

    def problems(self, event: EventDef) -> list[str]:
        names = _str(event, "terrain").split(",")
        return [f"{event.id}: unknown terrain {n!r}" for n in names if n not in self.FIELDS]


class MaxTiles(EventEffect):
    def build_rules(self, game: Game, seat: int, rules: CostRules, event: EventDef) -> CostRules:
        return replace(rules, max_tiles=max(rules.max_tiles, _int(event, "tiles")))


def _pay_or_receive(game: Game, seat: int, amount: int, reason: str) -> None:
    if amount > 0:
        game.receive(seat, amount, reason)
    elif amount < 0:
        game.pay(seat, -amount, reason)


class CashAll(EventEffect):
    def on_enter(self, game: Game, event: EventDef) -> None:
        for p in game.state.players:
            _pay_or_receive(game, p.seat, _int(event, "amount"), event.name)


class CashPerBond(EventEffect):
    def on_enter(self, game: Game, event: EventDef) -> None:
        for p in game.state.players:
            if p.bonds:
                game.pay(p.seat, p.bonds * _int(event, "amount"), event.name)


class CashPerLink(EventEffect):
    def on_enter(self, game: Game, event: EventDef) -> None:
        for p in game.state.players:
            links = len(game.own_links(p.seat))
            _pay_or_receive(game, p.seat, links * _int(event, "amount"), event.name)


def _lowest(game: Game) -> list[int]:
    low = min(p.score for p in game.state.players)
    return [p.seat for p in game.state.players if p.score == low]


class CashLowest(EventEffect):
    def on_enter(self, game: Game, event: EventDef) -> None:
        for seat in _lowest(game):
            game.receive(seat, _int(event, "amount"), event.name)


class PointsLowest(EventEffect):
    def on_enter(self, game: Game, event: EventDef) -> None:
        for seat in _lowest(game):
            game.score(seat, _int(event, "points"), event.name)


class NewIndustry(EventEffect):
    """``cubes`` random cubes to each of ``cities`` cities drawn at random (gray ones with
    ``gray = 1``, otherwise colour cities)."""

    def on_enter(self, game: Game, event: EventDef) -> None:
        gray = _int(event, "gray") == 1
        pool = sorted(c for c, col in game.state.city_colors.items() if (col is Color.GRAY) == gray)
        for _ in range(min(_int(event, "cities"), len(pool))):
            city = pool.pop(game.state.rng.below(len(pool)))
            game.add_cubes(city, game.draw_cubes(_int(event, "cubes")))
            game.log(f"{event.name}: new goods in {game.city_name(city)}")


class Harvest(EventEffect):
    def on_enter(self, game: Game, event: EventDef) -> None:
        color = _str(event, "color")
        for city, col in sorted(game.state.city_colors.items()):
            if col.value == color:
                game.add_cubes(city, game.draw_cubes(1))

    def problems(self, event: EventDef) -> list[str]:
        return _color_ok(event, allow_any=False)


EFFECTS: Mapping[str, EventEffect] = {
    "delivery_bonus": DeliveryBonus(),
    "embargo": Embargo(),
    "engine_penalty": EnginePenalty(),
    "terrain_surcharge": TerrainSurcharge(),
    "max_tiles": MaxTiles(),
    "cash_all": CashAll(),
    "cash_per_bond": CashPerBond(),
    "cash_per_link": CashPerLink(),
    "cash_lowest": CashLowest(),
    "points_lowest": PointsLowest(),
    "new_industry": NewIndustry(),
    "harvest": Harvest(),
}


@cache
def house_deck() -> Mapping[str, EventDef]:
    """The house deck, checked against the handlers (read once per process)."""
    deck = load_events()
    problems: list[str] = []
    for event in deck.values():
        if event.effect not in EFFECTS:
            problems.append(f"{event.id}: no handler for effect {event.effect!r}")
        else:
            problems += EFFECTS[event.effect].problems(event)
    if problems:
        raise ValueError("event deck: " + "; ".join(problems))
    return deck


def slots(game: Game) -> dict[str, Any]:
    """``{"deck": [...], "future": id | None, "current": id | None, "discard": [...]}``."""
    data: dict[str, Any] = game.state.plugin_data.setdefault(
        "events", {"deck": [], "future": None, "current": None, "discard": []}
    )
    return data


@register_plugin
class EventDeck(Module):
    id = "event-deck"
    title = "Event Deck"
    summary = "a Future and a Current event each turn from a deck of 50 house events"
    clauses = tuple(f"RW-p6-{n}" for n in range(30, 38))

    def __init__(self) -> None:
        self.deck = house_deck()

    option_keys = frozenset({WITHOUT})
    option_specs = (
        OptionSpec(
            WITHOUT,
            "With the Event Deck: leave these event cards out of the deck",
            clause="RW-p6-37",
            default="all 50 in the deck",
            title="Event cards left out",
            max_items=60,
            metavar="EVENT,EVENT,...",
            ordered=False,
        ),
    )

    @classmethod
    def option_choices(cls, board: Board) -> Mapping[str, Sequence[tuple[str, str]]]:
        return {WITHOUT: [(eid, event.name) for eid, event in sorted(house_deck().items())]}

    @classmethod
    def check_options(cls, board: Board, extra: Mapping[str, Any]) -> None:
        """Refuse removing cards the deck does not have (RW-p6-37)."""
        ids = extra.get(WITHOUT, [])
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise ValueError(f"options.{WITHOUT}: expected a list of ids")
        unknown = sorted(set(ids) - set(house_deck()))
        if unknown:
            raise ValueError(f"options.{WITHOUT}: no event {', '.join(unknown)} in the deck")

    def event(self, event_id: str | None) -> EventDef | None:
        return None if event_id is None else self.deck[event_id]

    def setup(self, game: Game) -> None:
        removed = set(game.options.extra.get(WITHOUT, []))
        data = slots(game)
        data["deck"] = sorted(e for e in self.deck if e not in removed)
        game.state.rng.shuffle(data["deck"])  # RW-p6-30
        while data["deck"]:  # RW-p6-31, RW-p6-33
            drawn = data["deck"].pop()
            if self.deck[drawn].future:
                data["discard"].append(drawn)
                continue
            data["future"] = drawn
            break

    def after_income(self, game: Game) -> None:
        if game.final_turn:  # the game ends with this turn: no turn for another event
            return
        data = slots(game)
        if data["current"] is not None:  # RW-p6-34
            data["discard"].append(data["current"])
        data["current"] = data["future"]
        data["future"] = None
        current = self.event(data["current"])
        if current is not None:
            game.log(f"Event now: {current.name}")
            if not current.future:  # RW-p6-35; a Future Event has acted already (RW-p6-36)
                EFFECTS[current.effect].on_enter(game, current)
        if data["deck"]:
            data["future"] = data["deck"].pop()
            future = self.deck[data["future"]]
            game.log(f"Next event: {future.name}")
            if future.future:  # RW-p6-36: it acts as it enters the Future slot
                EFFECTS[future.effect].on_enter(game, future)

    def active(self, game: Game) -> EventDef | None:
        """The Current event when it acts while Current (not a Future Event)."""
        current = self.event(slots(game)["current"])
        return current if current is not None and not current.future else None

    def delivery_hooks(self, game: Game) -> Sequence[DeliveryHook]:
        event = self.active(game)
        hook = None if event is None else EFFECTS[event.effect].delivery_hook(game, event)
        return () if hook is None else (hook,)

    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        event = self.active(game)
        if event is not None:
            EFFECTS[event.effect].after_delivery(game, delivery, event)

    def engine_level(self, game: Game, seat: int, level: int) -> int:
        event = self.active(game)
        if event is None:
            return level
        return EFFECTS[event.effect].engine_level(game, seat, level, event)

    def build_rules(self, game: Game, seat: int, rules: CostRules) -> CostRules:
        event = self.active(game)
        if event is None:
            return rules
        return EFFECTS[event.effect].build_rules(game, seat, rules, event)

    def determinize(self, game: Game, seat: int, rng: Rng) -> None:
        rng.shuffle(slots(game)["deck"])

    def _card(self, event_id: str | None) -> dict[str, Any] | None:
        event = self.event(event_id)
        if event is None:
            return None
        return {"id": event.id, "name": event.name, "text": event.text, "future": event.future}

    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        data = slots(game)
        return {
            **super().view(game, seat),
            "event_deck": {
                "future": self._card(data["future"]),
                "current": self._card(data["current"]),
                "discard": list(data["discard"]),
                "deck_size": len(data["deck"]),  # never the order (secrets stay secret)
            },
        }

    def own_markers(self, game: Game, seat: int | None) -> Sequence[Marker]:
        data = slots(game)
        out = []
        for slot, event_id in (("Current", data["current"]), ("Future", data["future"])):
            event = self.event(event_id)
            if event is not None:
                out.append(
                    Marker(
                        kind="event",
                        label=f"{slot} event: {event.name} - {event.text}",
                        symbol="E",
                        help="RW-p6-34",
                    )
                )
        return out
