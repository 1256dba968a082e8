"""Behaviour of the Railroad Operations card effects (RW-p21, RW-p22)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from railways.core.actions import TakeOperationsCard, kept_action
from railways.core.board import Color
from railways.core.cards import CardDef, CardEffect
from railways.core.core_kinds import KEPT_LISTS
from railways.core.errors import IllegalAction
from railways.core.game import Delivery, Game
from railways.core.track import CostRules

_GRAY = Color.GRAY  # read once: a member read from its Enum class is a slow lookup


def _int(card: CardDef, key: str, default: int) -> int:
    value = card.params.get(key, default)
    return value if isinstance(value, int) else default


class _Goal(CardEffect):
    """A green-circle goal: the first to meet it gets the points (RW-p5-37)."""

    def met(self, game: Game, delivery: Delivery, card: CardDef) -> bool:
        raise NotImplementedError

    def after_delivery(
        self, game: Game, delivery: Delivery, card: CardDef, holder: int | None
    ) -> None:
        if card.id in game.state.ops_display and self.met(game, delivery, card):
            game.claim_goal(card.id, delivery.seat, _int(card, "points", 0))


class PassengerLines(_Goal):
    """First to deliver goods of four different colours (RW-p22-06, RW-p22-07)."""

    def met(self, game: Game, delivery: Delivery, card: CardDef) -> bool:
        colors = game.state.players[delivery.seat].delivered_colors
        return len(colors) >= _int(card, "colors", 4)


class SpeedRecord(_Goal):
    """First to make a delivery of exactly three links (RW-p22-17, RW-p22-18)."""

    def met(self, game: Game, delivery: Delivery, card: CardDef) -> bool:
        return len(delivery.links) == _int(card, "links", 3)


class RailroadEraBegins(_Goal):
    """First to deliver any cube (RW-p22-20)."""

    def met(self, game: Game, delivery: Delivery, card: CardDef) -> bool:
        return True


SERVICE_BOUNTIES_AT_START = 4  # RW-p4-02


class ServiceBounty(_Goal):
    """First to deliver a cube to the named city (RW-p22-12, RW-p22-13).

    Of the start cards that are bounties, four drawn at random go out (RW-p4-02).
    """

    def start_pool(self, card: CardDef) -> tuple[str, int] | None:
        return ("service_bounty", SERVICE_BOUNTIES_AT_START)

    def met(self, game: Game, delivery: Delivery, card: CardDef) -> bool:
        return delivery.destination == card.params.get("city")

    def delivery_city(self, card: CardDef) -> str | None:
        city = card.params.get("city")  # met by deliveries there only
        return city if isinstance(city, str) else None


class CityGrowth(CardEffect):
    """Add two random cubes to any one city (RW-p21-17)."""

    takes_as_listed = True  # one take per open city: every one a city of the board

    def __init__(self) -> None:
        # The takes by (seat, card, open cities): one per open city, asked for at every
        # listing while the card is on the display (dozens of actions each time).
        self._made: dict[tuple[object, ...], list[TakeOperationsCard]] = {}

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        cities = tuple(game.open_cities())
        key = (seat, card.id, cities)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= KEPT_LISTS:
                self._made.clear()
            made = self._made[key] = [
                TakeOperationsCard(seat=seat, card=card.id, target=city) for city in cities
            ]
        return list(made)

    def take_count(self, game: Game, seat: int, card: CardDef) -> int | None:
        return len(game.open_cities())

    def take_at(self, game: Game, seat: int, card: CardDef, index: int) -> TakeOperationsCard:
        return kept_action(TakeOperationsCard, seat, card.id, game.open_cities()[index])

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        if action.target not in game.board.cities:
            raise IllegalAction(f"{card.name}: choose the city that grows", "RW-p21-17")

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        assert action.target is not None
        cubes = game.draw_cubes(_int(card, "cubes", 2))
        game.add_cubes(action.target, cubes)
        game.log(
            f"{game.city_name(action.target)} grows: "
            f"{', '.join(c.value for c in cubes) or 'the bag is empty'}"
        )


class NewIndustry(CardEffect):
    """A free Urbanize on a gray city of the taker's choice (RW-p22-03)."""

    def __init__(self) -> None:
        # The takes by (seat, card, gray cities open, colours left): the same few lists are
        # asked for at every listing while the card is on the display.
        self._made: dict[tuple[object, ...], list[TakeOperationsCard]] = {}

    def take_options(self, game: Game, seat: int, card: CardDef) -> list[TakeOperationsCard]:
        colors = game.new_city_colors()
        if not colors:
            return []
        cities = game.gray_cities()
        key = (seat, card.id, cities, colors)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= KEPT_LISTS:
                self._made.clear()
            made = self._made[key] = [
                kept_action(TakeOperationsCard, seat, card.id, city, color)
                for city in cities
                for color in colors
            ]
        return list(made)

    def take_count(self, game: Game, seat: int, card: CardDef) -> int | None:
        colors = game.new_city_colors()
        return len(game.gray_cities()) * len(colors) if colors else 0

    def take_at(self, game: Game, seat: int, card: CardDef, index: int) -> TakeOperationsCard:
        colors = game.new_city_colors()  # the list's order: by city, then by colour
        city = game.gray_cities()[index // len(colors)]
        return kept_action(TakeOperationsCard, seat, card.id, city, colors[index % len(colors)])

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        target = action.target
        if target is None or target not in game.board.cities:
            raise IllegalAction(f"{card.name}: choose a gray city", "RW-p22-03")
        if game.state.city_colors[target] is not _GRAY:
            raise IllegalAction(f"{card.name}: {game.city_name(target)} is not gray", "RW-p5-16")
        game.new_city_color(action.color)

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        assert action.target is not None
        color = game.new_city_color(action.color)
        game.urbanize(action.seat, action.target, color, cost=0)


# A card's rules for a build by the id of the rules they were made from: (those rules, what
# else they were made from, the rules made). See ``kept_rules``.
MadeRules = dict[int, tuple[CostRules, object, CostRules]]
RULES_KEPT = 256  # rules a card keeps its answer for (seats, cards, track versions)


def kept_rules(
    made: MadeRules, rules: CostRules, also: object, make: Callable[[], CostRules]
) -> CostRules:
    """The rules ``make`` makes from ``rules`` and ``also`` (a card, a terrain: compared by
    identity), kept in ``made``. A card's ``build_rules`` is asked for every build listed or
    checked with it (each hand-card variant of a listing too), most often for the same rules
    object, and a ``dataclasses.replace`` runs as Python, slower than the rest of the hook.
    Rules never change once made, and those kept stay alive, so their ids are not reused."""
    hit = made.get(id(rules))
    if hit is not None and hit[0] is rules and hit[1] is also:
        return hit[2]
    found = make()
    if len(made) >= RULES_KEPT:
        made.clear()
    made[id(rules)] = (rules, also, found)
    return found


class LandGrant(CardEffect):
    """Open-terrain tiles are free on one build (RW-p21-28, RW-p21-29)."""

    def __init__(self) -> None:
        self._made: MadeRules = {}

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        return kept_rules(self._made, rules, None, lambda: replace(rules, free_open=True))


class PerfectEngineering(CardEffect):
    """Five tiles instead of four, on one action per turn (RW-p22-08)."""

    def __init__(self) -> None:
        self._made: MadeRules = {}

    def build_rules(self, game: Game, seat: int, card: CardDef, rules: CostRules) -> CostRules:
        return kept_rules(self._made, rules, card, lambda: self._more_tiles(card, rules))

    @staticmethod
    def _more_tiles(card: CardDef, rules: CostRules) -> CostRules:
        return replace(rules, max_tiles=max(rules.max_tiles, _int(card, "tiles", 5)))


class Hotel(CardEffect):
    """The owner scores a point for every cube delivered to the city (RW-p21-31)."""

    def after_delivery(
        self, game: Game, delivery: Delivery, card: CardDef, holder: int | None
    ) -> None:
        if holder is not None and delivery.destination == card.params.get("city"):
            game.score(holder, 1, card.name)

    def delivery_city(self, card: CardDef) -> str | None:
        city = card.params.get("city")  # scores for deliveries there only
        return city if isinstance(city, str) else None


class RailroadExecutive(CardEffect):
    """The taker takes two more actions at once (RW-p22-09); never dealt at setup (RW-p22-10)."""

    def dealt_at_setup(self, card: CardDef) -> bool:
        return False

    def check_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        if game.state.extra_actions_seat == action.seat:
            raise IllegalAction(
                "a Railroad Executive's actions cannot take another Railroad Executive", "RW-p22-09"
            )

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        game.grant_extra_actions(action.seat, _int(card, "actions", 2))


CARD_EFFECTS: dict[str, CardEffect] = {
    "passenger_lines": PassengerLines(),
    "speed_record": SpeedRecord(),
    "railroad_era_begins": RailroadEraBegins(),
    "service_bounty": ServiceBounty(),
    "city_growth": CityGrowth(),
    "new_industry": NewIndustry(),
    "land_grant": LandGrant(),
    "perfect_engineering": PerfectEngineering(),
    "hotel": Hotel(),
    "railroad_executive": RailroadExecutive(),
}


def _with_other_decks() -> None:
    # The other maps' card types live in railways.rules.operations, one module per family.
    from railways.rules.operations import OPERATIONS_EFFECTS

    clash = sorted(set(CARD_EFFECTS) & set(OPERATIONS_EFFECTS))
    if clash:
        raise ValueError(f"card effect(s) defined twice: {', '.join(clash)}")
    CARD_EFFECTS.update(OPERATIONS_EFFECTS)


_with_other_decks()
