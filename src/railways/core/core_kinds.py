"""The base game's action kinds (RW-p4..p6), registered like any plug-in's.

Each kind hands the work to the engine's methods for that rule (``Game.check_bid``,
``Game.plan``, ...) and to ``railways.core.legal`` for the structured listings of
builds and deliveries; what it adds is the one place that says in which phase the
action is taken, how it is listed and drawn, and how it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railways.core.actions import (
    Action,
    Bid,
    BuildTrack,
    ChooseBaron,
    DeliverGoods,
    Pass,
    PassBid,
    TakeOperationsCard,
    UpgradeEngine,
    Urbanize,
    kept_action,
)
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.errors import IllegalAction
from railways.core.kinds import (
    ActionInfo,
    ActionKind,
    KindInfo,
    draw_by_place,
    draw_legal,
    overrides,
)
from railways.core.plugins import Plugin
from railways.core.state import Phase

if TYPE_CHECKING:
    from railways.core.game import Game
    from railways.core.hexgrid import Hex
    from railways.core.legal import LegalActions
    from railways.core.rng import Rng


class ChooseBaronKind(ActionKind):
    action_type = ChooseBaron
    phases = frozenset({Phase.CHOOSE_BARON})
    sample_group = "baron"
    advances_turn = False
    info = KindInfo("Rail Baron", "keep one of the two cards you were dealt", "RW-p4-12")

    def check(self, game: Game, action: ChooseBaron) -> object:
        game.check_baron(action)
        return None

    def perform(self, game: Game, action: ChooseBaron, checked: object) -> None:
        game.do_baron(action)

    def options(self, game: Game, seat: int) -> list[Action]:
        return [ChooseBaron(seat=seat, baron=b) for b in game.state.players[seat].barons_dealt]

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        return ChooseBaron(seat=seat, baron=rng.choice(game.state.players[seat].barons_dealt))


class BidKind(ActionKind):
    action_type = Bid
    phases = frozenset({Phase.AUCTION})
    sample_group = "bid"
    advances_turn = False
    info = KindInfo("Bid", "bid for first player", "RW-p4-32", "b")

    def check(self, game: Game, action: Bid) -> object:
        game.check_bid(action)
        return None

    def perform(self, game: Game, action: Bid, checked: object) -> None:
        game.do_bid(action)

    def list_into(self, game: Game, seat: int, legal: LegalActions) -> None:
        assert game.state.auction is not None
        legal.min_bid = game.state.auction.high_bid + 1

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        # Low bids now and then, like the random bot: drawn half the time against
        # passing, a bid is made two times in three, so a third of the draws bid.
        assert game.state.auction is not None
        low = game.state.auction.high_bid + 1
        if low <= 3 and rng.below(3) < 2:
            return Bid(seat=seat, amount=low + rng.below(2))
        return None

    def describe(self, game: Game, action: Bid) -> ActionInfo:
        return ActionInfo(f"Bid ${action.amount},000", action.amount, help="RW-p4-32")


class PassBidKind(ActionKind):
    action_type = PassBid
    phases = frozenset({Phase.AUCTION})
    sample_group = "pass_bid"
    advances_turn = False
    info = KindInfo("Pass", "drop out of this turn's auction", "RW-p4-33", "p")

    def perform(self, game: Game, action: PassBid, checked: object) -> None:
        game.do_pass_bid(action)

    def __init__(self) -> None:
        self._made: dict[int, Action] = {}  # seat -> its pass, made once

    def options(self, game: Game, seat: int) -> list[Action]:
        made = self._made.get(seat)
        if made is None:
            made = self._made[seat] = PassBid(seat=seat)
        return [made]

    def describe(self, game: Game, action: PassBid) -> ActionInfo:
        return ActionInfo("Pass in the auction", help="RW-p4-33")


class PassKind(ActionKind):
    action_type = Pass
    sample_group = "pass"
    info = KindInfo("Pass", "take no action this round", "RW-p4-39", "p")

    def perform(self, game: Game, action: Pass, checked: object) -> None:
        game.log(f"{game.seats[action.seat]} passes")

    def __init__(self) -> None:
        self._made: dict[int, Action] = {}  # seat -> its pass, made once

    def options(self, game: Game, seat: int) -> list[Action]:
        return [self._pass(seat)]

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        return self._pass(seat)

    def _pass(self, seat: int) -> Action:
        made = self._made.get(seat)
        if made is None:
            made = self._made[seat] = Pass(seat=seat)
        return made

    def describe(self, game: Game, action: Pass) -> ActionInfo:
        return ActionInfo("Pass", help="RW-p4-39")


class UpgradeEngineKind(ActionKind):
    action_type = UpgradeEngine
    sample_group = "upgrade"
    info = KindInfo("Upgrade engine", "move your engine up one level", "RW-p5-17", "e")

    def check(self, game: Game, action: UpgradeEngine) -> object:
        return game.upgrade_cost(action)

    def perform(self, game: Game, action: UpgradeEngine, checked: object) -> None:
        assert isinstance(checked, int)
        game.do_upgrade(action, checked)

    def __init__(self) -> None:
        self._made: dict[tuple[int, str], Action] = {}  # (seat, card or "") -> its upgrade
        # (seat, *hand) -> the options: a hand changes far less often than it is asked
        self._lists: dict[tuple[object, ...], list[Action]] = {}

    def options(self, game: Game, seat: int) -> list[Action]:
        hand = game.state.players[seat].hand
        kept = self._lists.get((seat, *hand))
        if kept is None:
            if len(self._lists) >= KEPT_LISTS:
                self._lists.clear()
            kept = self._lists[(seat, *hand)] = [self._upgrade(seat, c) for c in ("", *hand)]
        return list(kept)

    def _upgrade(self, seat: int, card_id: str) -> Action:
        """The upgrade with the card ``card_id`` ("": none), made once per seat and card."""
        upgrade = self._made.get((seat, card_id))
        if upgrade is None:
            cards = (card_id,) if card_id else ()
            upgrade = self._made[(seat, card_id)] = UpgradeEngine(seat=seat, cards=cards)
        return upgrade

    def list_into(self, game: Game, seat: int, legal: LegalActions) -> None:
        options = self.options(game, seat)
        legal.simple.extend(game.allowed([a for a in options if not _upgrade_refused(game, a)]))

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        return draw_legal(game, self.options(game, seat), rng, lambda a: _upgrade_refused(game, a))

    def describe(self, game: Game, action: UpgradeEngine) -> ActionInfo:
        level = game.state.players[action.seat].engine + 1
        try:
            cost: int | None = game.upgrade_cost(action)
        except Exception:  # an illegal upgrade has no price to show
            cost = None
        using = (
            f" using {', '.join(game.card(c).name for c in action.cards)}" if action.cards else ""
        )
        return ActionInfo(f"Upgrade to engine level {level}{using}", cost, help="RW-p5-17")


def _upgrade_refused(game: Game, action: Action) -> bool:
    """Whether ``Game.upgrade_cost`` surely refuses ``action``, told without its exceptions:
    the engine is at the top, or a card named neither changes the price nor plays on an
    upgrade (RW-p5-21, RW-p5-35)."""
    assert isinstance(action, UpgradeEngine)
    tables = game.board.tables
    if game.state.players[action.seat].engine >= tables.max_engine:
        return True
    for card_id in action.cards:
        effect = game.card_effect(game.card(card_id))
        if "upgrade" not in effect.plays_on and not overrides(effect, "upgrade_cost", CardEffect):
            return True
    return False


class UrbanizeKind(ActionKind):
    action_type = Urbanize
    sample_group = "urbanize"
    info = KindInfo("Urbanize", "put a New City tile on a gray city", "RW-p5-13", "u")

    def check(self, game: Game, action: Urbanize) -> object:
        game.check_urbanize(action)
        return None

    def perform(self, game: Game, action: Urbanize, checked: object) -> None:
        game.do_urbanize(action)

    def __init__(self) -> None:
        # The options by (seat, gray cities open, colours left): the same few lists are
        # asked for again and again (one kind per game, shared by its copies).
        self._made: dict[tuple[int, tuple[str, ...], tuple[str, ...]], list[Action]] = {}

    def options(self, game: Game, seat: int) -> list[Action]:
        colors = game.new_city_colors()
        if not colors:
            return []
        key = (seat, game.gray_cities(), colors)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= KEPT_LISTS:
                self._made.clear()
            made = self._made[key] = [
                kept_action(Urbanize, seat, city, color) for city in key[1] for color in colors
            ]
        return list(made)

    def list_into(self, game: Game, seat: int, legal: LegalActions) -> None:
        legal.simple.extend(self._legal(game, seat))

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        if game.kinds.judges:
            choices = self._legal(game, seat)
            return choices[rng.below(len(choices))] if choices else None
        # Every option legal as listed: the one at the drawn place of ``options``' list
        # (by city, then colour) is made alone; the list was made anew whenever a city was
        # urbanized or a colour ran out, which in playouts is most draws.
        colors = game.new_city_colors()
        if not colors:
            return None
        cities = game.gray_cities()
        count = len(cities) * len(colors)
        if not count:
            return None
        i = rng.below(count)
        return kept_action(Urbanize, seat, cities[i // len(colors)], colors[i % len(colors)])

    def _legal(self, game: Game, seat: int) -> list[Action]:
        # Each option is legal as listed, unless a plug-in refuses some (the Transcontinental
        # game closes one board's cities to Urbanize, RW-p9-34): only those plug-ins are asked.
        options = self.options(game, seat)
        judges = list(game.kinds.judges)
        if judges and options:
            options = [a for a in options if _passes(game, judges, a)]
        return options

    def describe(self, game: Game, action: Urbanize) -> ActionInfo:
        where = game.city_name(action.city) if action.city in game.board.cities else action.city
        return ActionInfo(
            f"Urbanize {where} ({action.color})",
            game.board.tables.urbanize_cost,
            cities=(action.city,),
            help="RW-p5-13",
        )


# Lists of options kept per kind before they are all dropped (a bound, never reached in a
# game: the keys change only as cities are urbanized and tiles run out).
KEPT_LISTS = 256


def _passes(game: Game, judges: list[Plugin], action: Action) -> bool:
    try:
        for plugin in judges:
            plugin.check_action(game, action)
    except IllegalAction:
        return False
    return True


class TakeCardKind(ActionKind):
    action_type = TakeOperationsCard
    sample_group = "card"
    info = KindInfo("Operations card", "take a card from the display", "RW-p5-34", "c")

    def check(self, game: Game, action: TakeOperationsCard) -> object:
        game.check_take(action)
        return None

    def perform(self, game: Game, action: TakeOperationsCard, checked: object) -> None:
        game.do_take(action)

    def __init__(self) -> None:
        # Worked out once per card of the game (``_note``; one kind per game, whose cards
        # never change): copies of one card are told apart from other cards, and a card
        # with no choice to make has its one take made once per seat.
        self._notes: dict[str, tuple[CardDef, str | None, CardEffect | None, bool]] = {}
        self._firsts: dict[tuple[object, ...], str] = {}
        self._plain: dict[tuple[int, str], Action] = {}
        # ``_shown`` by the display's cards (it reads nothing else), and the part of ``_parts``
        # for a card with one take, by (seat, card): asked at every sampled take.
        self._shown_by: dict[tuple[str, ...], list[_Shown]] = {}
        self._plain_parts: dict[tuple[int, str], _Part] = {}

    def options(self, game: Game, seat: int) -> list[Action]:
        return self._listed(game, seat, None)

    def list_into(self, game: Game, seat: int, legal: LegalActions) -> None:
        # The takes ``check`` surely allows (a card of the display, no goal, and a choice
        # its effect makes only as it allows) are asked only the rest of the check.
        sure: list[bool] = []
        options = self._listed(game, seat, sure)
        legal.simple.extend(game.allowed_as_listed(options, sure))

    def _listed(self, game: Game, seat: int, sure: list[bool] | None) -> list[Action]:
        """The options; with ``sure``, whether ``check`` surely allows each (appended)."""
        out: list[Action] = []
        for card_id, card, effect, exact in self._shown(game):
            if effect is not None:
                takes = effect.take_options(game, seat, card)
                out.extend(takes)
                if sure is not None:
                    sure.extend([exact] * len(takes))
                continue
            out.append(self._plain_take(seat, card_id))
            if sure is not None:
                sure.append(exact)
        return out

    def _shown(self, game: Game) -> list[_Shown]:
        """The display's cards that list takes, in its order, with their notes (``_note``).
        Copies of one card are the same choice: only the first copy on the display is
        listed (the others may still be taken; there is nothing to tell them apart).
        Kept per display (do not modify the answer)."""
        display = tuple(game.state.ops_display)
        kept = self._shown_by.get(display)
        if kept is None:
            if len(self._shown_by) >= KEPT_LISTS:
                self._shown_by.clear()
            kept = self._shown_by[display] = self._shown_now(game, display)
        return kept

    def _shown_now(self, game: Game, display: tuple[str, ...]) -> list[_Shown]:
        out: list[_Shown] = []
        seen: set[str] = set()
        notes = self._notes
        for card_id in display:
            note = notes.get(card_id)
            if note is None:
                note = self._note(game, card_id)
            card, same, effect, exact = note
            if same is None or same in seen:
                continue
            seen.add(same)
            out.append((card_id, card, effect, exact))
        return out

    def _note(
        self, game: Game, card_id: str
    ) -> tuple[CardDef, str | None, CardEffect | None, bool]:
        """The card, the id of the first card alike (None for a goal), its effect (None
        when the effect lists the default take, the card alone), and whether its takes as
        listed surely pass ``check``: the default take of an effect with no ``check_take``
        of its own, or an effect's whose ``takes_as_listed`` says so."""
        card = game.card(card_id)
        same: str | None = None
        if card.icon is not Icon.GOAL:
            alike = (card.name, card.effect, card.icon, tuple(sorted(card.params.items())))
            same = self._firsts.setdefault(alike, card_id)
        effect: CardEffect | None = game.card_effect(card)
        assert effect is not None
        exact = not overrides(effect, "check_take", CardEffect)
        if overrides(effect, "take_options", CardEffect):
            exact = effect.takes_as_listed
        else:
            effect = None
        note = self._notes[card_id] = (card, same, effect, exact)
        return note

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        # Drawn first, then checked (most cards have one way to be taken), by place in the
        # list ``options`` makes, without making it: a card whose effect tells how many
        # takes it lists (``CardEffect.take_count``) has only the drawn one made. A New
        # Industry lists one take per gray city and colour, made anew whenever either
        # changed: most of what a sampled take cost.
        parts = self._parts(game, seat)
        count = 0
        for part in parts:
            count += part[0]
        return draw_by_place(game, count, rng, lambda j: self._take_at(game, seat, parts, j))

    def _parts(self, game: Game, seat: int) -> list[_Part]:
        """The options of ``_listed`` in its order, as (how many, card, the effect that makes
        them one at a time or None, the list made when there is no such effect)."""
        out: list[_Part] = []
        plain = self._plain_parts
        for card_id, card, effect, _exact in self._shown(game):
            if effect is None:
                part = plain.get((seat, card_id))
                if part is None:
                    take = self._plain_take(seat, card_id)
                    part = plain[(seat, card_id)] = (1, card, None, [take])
                out.append(part)
                continue
            count = effect.take_count(game, seat, card)
            if count is None:
                takes: list[Action] = list(effect.take_options(game, seat, card))
                out.append((len(takes), card, None, takes))
            else:
                out.append((count, card, effect, None))
        return out

    @staticmethod
    def _take_at(game: Game, seat: int, parts: list[_Part], place: int) -> Action:
        """The option at ``place`` of the list ``_parts`` stands for."""
        for count, card, effect, takes in parts:
            if place < count:
                if takes is not None:
                    return takes[place]
                assert effect is not None
                return effect.take_at(game, seat, card, place)
            place -= count
        raise IndexError(place)

    def _plain_take(self, seat: int, card_id: str) -> Action:
        """The one take of a card with no choice, made once per seat."""
        take = self._plain.get((seat, card_id))
        if take is None:
            take = self._plain[(seat, card_id)] = TakeOperationsCard(seat=seat, card=card_id)
        return take

    def describe(self, game: Game, action: TakeOperationsCard) -> ActionInfo:
        name = game.card(action.card).name if action.card in game.ruleset.cards else action.card
        target = action.target
        cities: tuple[str, ...] = ()
        hexes: tuple[Hex, ...] = ()
        extra = ""
        if target is not None and target in game.board.cities:
            cities = (target,)
            extra = f": {game.city_name(target)}"
        elif target is not None and target.isdigit() and int(target) in game.state.links:
            chosen = game.state.links[int(target)]  # a link (Trading Depot)
            hexes = tuple(h for h, _a, _b in chosen.tiles)
            ends = [chosen.start] if chosen.end is None else [chosen.start, chosen.end]
            cities = tuple(ends)
            owner = game.seats[chosen.owner] if 0 <= chosen.owner < game.n else "another"
            extra = f": {owner}'s link {' - '.join(game.city_name(c) for c in ends)}"
        elif target is not None:
            extra = f": {target}"
        extra += f" ({action.color})" if action.color else ""
        if action.links and cities:  # taking the card delivers a cube along a route
            here, names = cities[0], []
            for link_id in action.links:
                step = game.state.links.get(link_id)
                if step is None or step.end is None or here not in (step.start, step.end):
                    break
                here = step.other_city(here)
                names.append(here)
            cities = (*cities, *names)
            extra += " to " + " - ".join(game.city_name(c) for c in names)
        return ActionInfo(f"Take {name}{extra}", hexes=hexes, cities=cities, help="RW-p5-34")


# A card of the display that lists takes, with its note (TakeCardKind._shown).
_Shown = tuple[str, CardDef, CardEffect | None, bool]

# A run of a card's takes in the order listed: (how many, card, the effect that makes the
# take at a place, or None and the takes made) (TakeCardKind._parts).
_Part = tuple[int, CardDef, CardEffect | None, list[Action] | None]


class BuildTrackKind(ActionKind):
    action_type = BuildTrack
    sample_group = "build"
    info = KindInfo("Build track", "lay up to four track tiles", "RW-p4-42", "t")

    def check(self, game: Game, action: BuildTrack) -> object:
        return game.plan(action)

    def perform(self, game: Game, action: BuildTrack, checked: object) -> None:
        game.do_build(action, checked)

    def __init__(self) -> None:
        # The listing and the sampler, found once per game: an import in the method ran at
        # every sampled build (legal imports the game, which imports these kinds).
        from railways.core.legal import listed_builds, sample_build

        self._listed = listed_builds
        self._sample = sample_build

    def list_into(self, game: Game, seat: int, legal: LegalActions) -> None:
        legal.builds = self._listed(game, seat)  # (listed when first read: BuildList)

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        return self._sample(game, seat, rng)

    def describe(self, game: Game, action: BuildTrack) -> ActionInfo:
        try:
            cost: int | None = game.plan(action).cost
        except IllegalAction:  # an illegal build has no price to show
            cost = None
        return ActionInfo(str(action), cost, hexes=action.path, help="RW-p4-42")


class DeliverGoodsKind(ActionKind):
    action_type = DeliverGoods
    sample_group = "deliver"
    info = KindInfo("Deliver goods", "move one goods cube to a city of its colour", "RW-p5-22", "d")

    def check(self, game: Game, action: DeliverGoods) -> object:
        return game.route(action)

    def perform(self, game: Game, action: DeliverGoods, checked: object) -> None:
        game.do_delivery(action, checked)

    def __init__(self) -> None:
        # Found once per game, as BuildTrackKind's.
        from railways.core.legal import delivery_options, sample_delivery

        self._listed = delivery_options
        self._sample = sample_delivery

    def list_into(self, game: Game, seat: int, legal: LegalActions) -> None:
        legal.deliveries = self._listed(game, seat)

    def sample(self, game: Game, seat: int, rng: Rng) -> Action | None:
        return self._sample(game, seat, rng)

    def describe(self, game: Game, action: DeliverGoods) -> ActionInfo:
        try:
            cities = game.route(action)[1]
        except IllegalAction:  # an illegal route: mark where it starts
            cities = (action.city,)
        names = " - ".join(game.city_name(c) for c in cities if c in game.board.cities)
        return ActionInfo(f"Deliver {action.color} {names}", cities=cities, help="RW-p5-22")


def before_plugins() -> list[ActionKind]:
    """The core kinds listed before plug-ins' own (the order of ``legal_actions``)."""
    return [
        ChooseBaronKind(),
        BidKind(),
        PassBidKind(),
        PassKind(),
        UpgradeEngineKind(),
        UrbanizeKind(),
        TakeCardKind(),
    ]


def after_plugins() -> list[ActionKind]:
    """The core kinds listed after plug-ins' own."""
    return [BuildTrackKind(), DeliverGoodsKind()]
