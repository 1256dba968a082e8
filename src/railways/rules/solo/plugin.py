"""The Rail Barons solo rules as a plug-in and a turn structure.

:class:`SoloRules` is the plug-in: set-up (RB-039..049), the player's new actions
(Insurance, Duel Baron claims), the choices of the Railbot's cards, the changed deliveries
(RB-054), the Eastern U.S. building limit (RB-100) and the public view. :class:`SoloTurn`
is the turn: no auction, two actions, the Railbot's card, the third action, then income and
an Operations card on a display of at most five (RB-050, RB-052); no Railbot card on the
final turn (RB-013). :class:`SoloHotel` is the Hotel card as the solo rules change it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from railways.content.solo import RailbotCard, SoloMap
from railways.core.actions import Action, TakeOperationsCard
from railways.core.board import Color
from railways.core.cards import CardDef, CardEffect
from railways.core.errors import IllegalAction
from railways.core.game import Delivery, Game
from railways.core.kinds import ActionInfo, ActionKind, KindInfo
from railways.core.plugins import BuildRestriction, Plugin
from railways.core.rng import Rng
from railways.core.state import Link, Phase
from railways.core.turns import TurnStructure
from railways.rules.cards import Hotel, NewIndustry
from railways.rules.solo import duel, railbot
from railways.rules.solo.actions import (
    FREE_ACTIONS,
    RAILBOT_CHOICES,
    ClaimDuelBaron,
    EndTurn,
    Insure,
    RailbotBlackCity,
    RailbotClaimLine,
    RailbotDuelBaron,
    RailbotExhaust,
    RailbotRemoveCube,
)
from railways.rules.solo.hooks import solo_hook
from railways.rules.solo.options import DUEL_BARONS_BONUS, SoloOptions
from railways.rules.solo.state import KEY, RAILBOT, SoloState, solo_map, solo_state

PLAYER = 0
DUEL_BARONS_SHOWN = 4  # RB-049
EASY_START_CASH = 5  # $5,000 (RB-017)
INSURABLE_SLOTS = (0, 1)  # slots 1 and 2, never 3 (RB-056)

# The choice action each waiting task accepts, and the clause that asks for the choice.
_CHOICE_KIND: dict[str, tuple[type[Action], str, str]] = {
    "remove": (RailbotRemoveCube, "RB-065", "which cube the Railbot takes from {city}"),
    "exhaust": (RailbotExhaust, "RB-071", "which city loses a {color} cube"),
    "claim_line": (RailbotClaimLine, "RB-072", "which Major Line the Railbot claims"),
    "duel_baron": (RailbotDuelBaron, "RB-076", "which Duel Baron the Railbot claims"),
    "black_city": (RailbotBlackCity, "RB-086", "which gray city gets the Black New City tile"),
}


class SoloRules(Plugin):
    id = "solo"
    deals_operations = True  # RB-048: the display is the solo set-up's own

    def __init__(self, solo_map: SoloMap, options: SoloOptions) -> None:
        self.solo_map = solo_map
        self.options = options

    # -- set-up (RB-039..049, RB-097..099) --------------------------------------------------
    def setup(self, game: Game) -> None:
        smap, opts, state = self.solo_map, self.options, game.state
        target = (opts.target_score or smap.target_score) + (
            DUEL_BARONS_BONUS if opts.duel_barons else 0
        )
        solo = SoloState(
            target=target,
            base_exhaust=max(0, smap.base_exhaust + opts.base_exhaust_change),
            ops_limit=opts.operations_limit,
            west_open=not smap.west_limits,
        )
        state.plugin_data[KEY] = solo
        state.ecm_needed = smap.empty_city_markers - opts.fewer_empty_cities  # RB-025
        self._setup_operations(game)
        solo_hook(game).setup(game)  # the board's appendix (Mexico's purple cubes, RB-102)
        railbot.setup_deck(game, smap, solo, opts.railbot_cards_removed)
        if opts.duel_barons:  # RB-049
            barons = sorted(smap.duel_barons)
            state.rng.shuffle(barons)
            solo.duel = barons[:DUEL_BARONS_SHOWN]
        if opts.easy_start:  # RB-017
            game.receive(PLAYER, EASY_START_CASH, "starting cash (easier game)")

    def _setup_operations(self, game: Game) -> None:
        """Two random Service Bounties and the map's number of dealt cards (RB-048, RB-098),
        after the map's own display cards (RB-091, RB-111).

        The bounties are the cards of the start pool (``CardEffect.start_pool``); the
        other start cards stay in the box.
        """
        state, cards = game.state, game.ruleset.cards
        bounties = sorted(
            c for c, card in cards.items() if game.card_effect(card).start_pool(card) is not None
        )
        state.rng.shuffle(bounties)
        chosen = sorted(bounties[: self.solo_map.service_bounties])
        shown = list(self.solo_map.display_cards)  # RB-091, RB-111: farthest from the deck
        deck = sorted(c for c, card in cards.items() if not card.start and c not in shown)
        state.rng.shuffle(deck)  # Start cards go back in the box (RB-048b)
        dealt = game.deal_operations(deck, self.solo_map.operations_dealt)  # RW-p22-10
        state.ops_display = shown + chosen + dealt
        # As in the base game's deal, each card turned up is told so (Operations Growth).
        game._dealing = True
        for card_id in dealt:
            if card_id in state.ops_display:
                card = game.card(card_id)
                game.card_effect(card).on_reveal(game, card)
        game._dealing = False
        state.ops_deck = deck
        state.ops_discard = []
        railbot.trim_display(game)  # RB-022

    # -- the player's actions -----------------------------------------------------------------
    def action_kinds(self) -> Sequence[ActionKind]:
        return (
            _SoloKind(self, Insure, KindInfo("Insurance", _INSURE_SUMMARY, "RB-056", "i")),
            _SoloKind(self, ClaimDuelBaron, KindInfo("Duel Baron", _CLAIM_SUMMARY, "RB-075")),
            _SoloKind(self, EndTurn),
            *(_SoloKind(self, choice) for choice in RAILBOT_CHOICES),
        )

    def kind_options(self, game: Game, seat: int, action_type: type[Action]) -> list[Action]:
        """The player's Insurance and Duel Baron claims in an action round (the others are
        offered by the turn's steps)."""
        if action_type is Insure:
            solo = solo_state(game)
            row = [solo.row[i] if i < len(solo.row) else None for i in INSURABLE_SLOTS]
            return [Insure(seat=seat, card=card) for card in row if card is not None]
        if action_type is ClaimDuelBaron:
            return [ClaimDuelBaron(seat=seat, baron=b) for b, _p in duel.claimable(game)]
        return []

    def check(self, game: Game, action: Action) -> None:
        solo = solo_state(game)
        if isinstance(action, Insure):
            self._check_insure(game, solo, action)
        elif isinstance(action, ClaimDuelBaron):
            self._check_claim(game, solo, action)
        elif isinstance(action, EndTurn):
            if not solo.claim_window:
                raise IllegalAction("the turn ends with your third action", "RB-050")
        else:
            # The task waiting (``railbot.waiting``) and its answers, worked out once.
            task = solo.tasks[0] if solo.tasks else None
            options = None if task is None else railbot.choices(game, task)
            if task is None or options is None:
                raise IllegalAction("no Railbot card waits for a choice", "RB-060")
            kind, clause, _what = _CHOICE_KIND[task["kind"]]
            if not isinstance(action, kind):
                raise IllegalAction(f"the Railbot's card waits for {_ask(game, task)}", clause)
            answer = _answer_of(action)
            if isinstance(action, (RailbotRemoveCube,)) and action.city != task["city"]:
                raise IllegalAction(
                    f"the Railbot takes its cube from {game.city_name(task['city'])}", clause
                )
            if isinstance(action, RailbotExhaust) and action.color != task["color"]:
                raise IllegalAction(f"this Exhaust Goods card takes {task['color']} cubes", clause)
            if answer not in options:
                raise IllegalAction(
                    f"{answer!r} is not a possible answer; choose one of {', '.join(options)}",
                    clause,
                )

    def _check_insure(self, game: Game, solo: SoloState, action: Insure) -> None:
        state = game.state
        if solo.insured is not None:  # RB-057
            raise IllegalAction("the Insurance token is already on a Railbot card", "RB-057")
        if state.round != 1 or state.extra_actions_seat is not None:  # RB-056
            raise IllegalAction(
                "Insurance takes the first two actions of a turn, before the Railbot's card",
                "RB-056",
            )
        if action.card not in solo.row:
            raise IllegalAction(f"{action.card} is not in the Railbot row", "RB-056")
        if solo.row.index(action.card) not in INSURABLE_SLOTS:
            raise IllegalAction(
                "the third card of the Railbot row cannot be insured, only the first two", "RB-056"
            )

    def _check_claim(self, game: Game, solo: SoloState, action: ClaimDuelBaron) -> None:
        if not solo.duel:
            raise IllegalAction("this game is played without the Duel Barons", "RB-049")
        if action.baron not in solo.duel:
            raise IllegalAction(f"{action.baron} is not one of the face-up Duel Barons", "RB-075")
        if action.baron in solo.duel_claims:
            raise IllegalAction("that Duel Baron is already claimed", "RB-075")
        if duel.points_now(game, action.baron) <= 0:
            baron = self.solo_map.duel_barons[action.baron]
            raise IllegalAction(f"you have not met {baron.name}'s goal yet", "RB-075")

    def perform(self, game: Game, action: Action) -> None:
        solo = solo_state(game)
        if isinstance(action, Insure):
            solo.insured = action.card
            game.state.round += 1  # the first two actions (RB-056)
            if duel.in_force(game, "insurance_cost"):
                solo.skip_third = True  # Jon Eric Olsen: one action more (RB-035)
            game.log(f"{game.seats[action.seat]} insures Railbot card {action.card}")
        elif isinstance(action, ClaimDuelBaron):
            points = duel.points_now(game, action.baron)
            solo.duel_claims[action.baron] = action.seat
            game.score(action.seat, points, self.solo_map.duel_barons[action.baron].name)
            if solo.claim_window and not duel.claimable(game):
                solo.claim_window = False
                game.turns.end_turn(game)
        elif isinstance(action, EndTurn):
            solo.claim_window = False
            game.turns.end_turn(game)
        else:
            task = railbot.waiting(game)
            assert task is not None
            railbot.answer(game, task, _answer_of(action))
            if railbot.run(game):
                after_railbot(game)

    # -- deliveries (RB-054, RB-036, RB-037) ----------------------------------------------
    def after_delivery(self, game: Game, delivery: Delivery) -> None:
        solo = solo_state(game)
        seat = delivery.seat
        used = delivery.points.get(RAILBOT, 0)
        if used:
            game.score(seat, -used, "Railbot links used")  # RB-054
        # RB-036, RB-037: a delivery to a city of the Baron's colours is worth that many points
        # less, as printed: not floored at 0, so a 1-link delivery under Mark Dainty is -1.
        for baron in duel.in_force(game, "delivery_penalty"):
            colors = str(baron.effect_params.get("colors", "")).split()
            points = baron.effect_params.get("points", 1)
            if delivery.color.value in colors and isinstance(points, int):
                game.score(seat, -points, baron.name)
        solo.delivered[delivery.color.value] = solo.delivered.get(delivery.color.value, 0) + 1
        hook = solo_hook(game)
        hook.cube_returned(game, delivery.color)  # Mexico's purple: beside the board (RB-102)
        hook.delivered(game, delivery)  # Australia: the first cube to a town (RB-094)
        solo.longest_delivery = max(solo.longest_delivery, len(delivery.links))

    def cubes_held(self, game: Game) -> Mapping[Color, int]:
        """Cubes the board's appendix keeps out of the bag (Mexico's purple cubes beside the
        board, RB-102; the cubes on Australia's town tracker, RB-093, RB-094)."""
        return solo_hook(game).held(game)

    def final_points(self, game: Game, seat: int) -> int:
        """What the board's appendix scores after the last turn (Mexico's purple penalty a
        third time, RB-108; Australia's town tracker, RB-093, RB-094)."""
        return solo_hook(game).final_points(game)

    def after_build(self, game: Game, seat: int, link: Link) -> None:
        solo_hook(game).player_builds(
            game, seat, link
        )  # Australia: a town the player pays for (RB-093)

    def engine_level(self, game: Game, seat: int, level: int) -> int:
        for baron in duel.in_force(game, "engine_minus"):  # RB-030
            levels = baron.effect_params.get("levels", 1)
            level -= levels if isinstance(levels, int) else 1
        return max(0, level)

    # -- Eastern U.S.: west of the mountains (RB-100) -----------------------------------------
    def build_restriction(self, game: Game, seat: int) -> BuildRestriction | None:
        smap = self.solo_map
        if not smap.west_limits or west_open(game):
            return None
        board = game.board
        west = board.derived(
            ("solo-west", smap.map_id), lambda: frozenset(h for h in board.hexes if smap.is_west(h))
        )
        return BuildRestriction(
            west,
            f"west of the mountains opens at {smap.west_unlock_score} points or once the "
            "Final Evaluation card has been drawn",
            "RB-100",
        )

    # -- hidden information -------------------------------------------------------------------
    def determinize(self, game: Game, seat: int, rng: Rng) -> None:
        solo = solo_state(game)
        fe = self.solo_map.final_evaluation_id
        # Sorted first: the cards the player has not seen are redrawn from their set alone,
        # so nothing of the true order (or of which cards were set aside) carries over.
        unknown = sorted([c for c in solo.deck if c != fe] + solo.removed)
        rng.shuffle(unknown)
        solo.removed = unknown[: len(solo.removed)]
        deck = unknown[len(solo.removed) :]
        if fe in solo.deck:
            low, high = solo.evaluation_window
            high = min(high, len(deck))
            low = min(low, high)
            deck.insert(low + rng.below(high - low + 1), fe)
        solo.deck = deck

    # -- views ----------------------------------------------------------------------------------
    def view(self, game: Game, seat: int | None) -> Mapping[str, Any]:
        solo, smap = solo_state(game), self.solo_map
        task = railbot.waiting(game)
        choice = None
        if task is not None:
            choice = {
                "kind": _CHOICE_KIND[task["kind"]][0].kind,
                "question": _ask(game, task),
                "options": railbot.choices(game, task),
            }
        barons = smap.duel_barons
        return {
            "solo": {
                "railbot_seat": RAILBOT,
                "target_score": solo.target,
                "base_exhaust": solo.base_exhaust,
                "row": [_card_view(game, smap, c, solo) for c in solo.row],
                "insured": solo.insured,
                "drawn": _card_view(game, smap, solo.drawn, solo),  # joins the row when done
                "deck_size": len(solo.deck),
                "removed": len(solo.removed),
                "discard": [_card_view(game, smap, c, solo) for c in solo.discard],
                "evaluations": solo.evaluations,
                "bottom_half": solo.bottom_half,
                "operations_capacity": railbot.display_capacity(game),
                "deadheads": len(solo.deadheads),
                "west_open": west_open(game),
                "out_of_play_cities": sorted(smap.out_of_play_cities),
                "out_of_play_lines": sorted(smap.out_of_play_lines),
                "duel_barons": [
                    {
                        "id": b,
                        "name": barons[b].name,
                        "text": barons[b].text,
                        "claimed_by": solo.duel_claims.get(b),
                        "points_now": duel.points_now(game, b) if b not in solo.duel_claims else 0,
                    }
                    for b in solo.duel
                ],
                "choice": choice,
                "claim_window": solo.claim_window,
                "final_turn": game.final_turn,
                **solo_hook(game).view(game),  # the board's appendix (Australia's towns)
            }
        }


def _card_view(
    game: Game, smap: SoloMap, card_id: str | None, solo: SoloState
) -> dict[str, Any] | None:
    """A Railbot card in the view. What it says depends only on the card, the half of its
    chains the Railbot builds and the board's names, and every observation of a research
    environment asks for the whole discard pile: kept per board, handed out as a copy."""
    if card_id is None:
        return None
    kept: dict[tuple[str, bool], dict[str, Any]] = game.board.derived(
        ("solo-card-views", smap.map_id), dict
    )
    key = (card_id, solo.bottom_half)
    shown = kept.get(key)
    if shown is None:
        shown = kept[key] = _new_card_view(game, smap.cards[card_id], solo.bottom_half)
    return {
        **shown,
        "kinds": list(shown["kinds"]),
        "cities": list(shown["cities"]),
        "icons": list(shown["icons"]),
    }


def _new_card_view(game: Game, card: RailbotCard, bottom_half: bool) -> dict[str, Any]:
    return {
        "id": card.id,
        "kind": card.kind,
        "kinds": list(card.kinds),  # a card may carry both Deadhead and Taxation (RB-058)
        "slot": card.slot,
        "cities": list(card.chain(bottom_half)),
        "color": card.color.value if card.color else None,
        "icons": sorted(card.icons),
        "text": railbot.describe(card, bottom_half, game),
    }


def _answer_of(action: Action) -> str:
    if isinstance(action, RailbotRemoveCube):
        return action.color or ""
    if isinstance(action, RailbotExhaust):
        return action.city
    if isinstance(action, RailbotClaimLine):
        return action.target or ""
    if isinstance(action, RailbotDuelBaron):
        return action.baron
    if isinstance(action, RailbotBlackCity):
        return action.city
    raise TypeError(action)


def _ask(game: Game, task: dict[str, Any]) -> str:
    what = _CHOICE_KIND[task["kind"]][2]
    city = game.city_name(task["city"]) if "city" in task else ""
    return what.format(city=city, color=task.get("color", ""))


def _choice_actions(game: Game, seat: int, task: dict[str, Any]) -> list[Action]:
    options = railbot.choices(game, task) or []
    kind = task["kind"]
    if kind == "remove":
        return [RailbotRemoveCube(seat=seat, city=task["city"], color=c) for c in options]
    if kind == "exhaust":
        return [RailbotExhaust(seat=seat, city=c, color=task["color"]) for c in options]
    if kind == "claim_line":
        return [RailbotClaimLine(seat=seat, target=line) for line in options]
    if kind == "black_city":
        return [RailbotBlackCity(seat=seat, city=c) for c in options]
    return [RailbotDuelBaron(seat=seat, baron=b) for b in options]


def west_open(game: Game) -> bool:
    """RB-100: open once the player reached the score or Final Evaluation was drawn."""
    solo = solo_state(game)
    if solo.west_open:
        return True
    unlock = solo_map(game).west_unlock_score
    return unlock is not None and game.state.players[PLAYER].score >= unlock


def after_railbot(game: Game) -> None:
    """The Railbot's card is done: the third action, or the turn's end if Insurance took it."""
    solo = solo_state(game)
    if solo.skip_third:
        solo.skip_third = False
        actions_done(game)


def actions_done(game: Game) -> None:
    """All actions are taken: a last chance to claim Duel Barons, then the turn ends."""
    solo = solo_state(game)
    if duel.claimable(game):
        solo.claim_window = True
        return
    game.turns.end_turn(game)


_INSURE_SUMMARY = "spend your first two actions to protect you from one Railbot card"
_CLAIM_SUMMARY = "score a face-up Duel Baron whose goal you have met"


class _SoloKind(ActionKind):
    """A solo action kind: the plug-in checks and performs it (its ``check``/``perform``)."""

    def __init__(
        self, rules: SoloRules, action_type: type[Action], info: KindInfo | None = None
    ) -> None:
        self.rules = rules
        self.action_type = action_type
        self.info = info

    def check(self, game: Game, action: Any) -> object:
        self.rules.check(game, action)
        return None

    def perform(self, game: Game, action: Any, checked: object) -> None:
        self.rules.perform(game, action)

    def options(self, game: Game, seat: int) -> list[Action]:
        return self.rules.kind_options(game, seat, self.action_type)

    def describe(self, game: Game, action: Any) -> ActionInfo:
        clause = self.info.help if self.info is not None else None
        return ActionInfo(str(action), help=clause)


class SoloTurn(TurnStructure):
    """Two actions, the Railbot's card, the third action; income; no auction (RB-050)."""

    id = "solo"

    def start_turn(self, game: Game, first_turn: bool) -> None:
        state = game.state
        state.phase = Phase.ACTIONS  # RB-050: no auction
        state.auction = None
        state.first_player = PLAYER
        state.order = [PLAYER]
        state.order_index = 0
        state.round = 1
        final = " (the final turn: the Railbot rests)" if game.final_turn else ""
        game.log(f"Turn {state.turn}{final}")

    def is_free(self, game: Game, action: Action) -> bool:
        return isinstance(action, FREE_ACTIONS)

    def check(self, game: Game, action: Action) -> None:
        solo = solo_state(game)
        task = railbot.waiting(game)
        if task is not None:
            kind, clause, _what = _CHOICE_KIND[task["kind"]]
            if not isinstance(action, kind):
                raise IllegalAction(f"first choose {_ask(game, task)}", clause)
        elif solo.claim_window and not isinstance(action, (ClaimDuelBaron, EndTurn)):
            raise IllegalAction(
                "your three actions are done: claim a Duel Baron or end the turn", "RB-075"
            )

    def step_actions(self, game: Game, seat: int) -> list[Action] | None:
        solo = solo_state(game)
        task = railbot.waiting(game)
        if task is not None:
            return _choice_actions(game, seat, task)
        if solo.claim_window:
            claims: list[Action] = [
                ClaimDuelBaron(seat=seat, baron=b) for b, _p in duel.claimable(game)
            ]
            return [*claims, EndTurn(seat=seat)]
        return None

    def after_action(self, game: Game, action: Action) -> None:
        state, solo = game.state, solo_state(game)
        if not solo.west_open and west_open(game):
            solo.west_open = True  # RB-100: once reached, it stays open
        if state.round == 1:
            state.round = 2
            return
        if state.round == 2:  # RB-050, RB-059: the Railbot's card comes now
            state.round = 3
            # RB-013: the Railbot rests on the final turn.
            if game.final_turn or railbot.railbot_step(game):
                after_railbot(game)
            return
        actions_done(game)

    def end_turn(self, game: Game) -> None:
        game.income_phase()  # RB-050: income and dividends as usual
        game.draw_operations_card()
        game.state.reveals += 1  # the turn is over (a card was revealed): no undo into it
        railbot.trim_display(game)  # RB-052
        game.next_turn_or_finish()

    def result(self, game: Game, final: Mapping[int, int]) -> tuple[int | None, str]:
        target = solo_state(game).target
        score = final[PLAYER]
        if solo_hook(game).lost(game):  # RB-094
            return None, (
                f"Game over. {game.seats[PLAYER]} has {score} points but delivered no cube to a "
                "town, and loses"
            )
        if score >= target:  # RB-014
            return PLAYER, f"Game over. {game.seats[PLAYER]} wins with {score} of {target} points"
        return None, f"Game over. {game.seats[PLAYER]} has {score} points, short of {target}"


class SoloHotel(Hotel):
    """A Hotel in the solo game (RB-009): deliveries there pay, unless P. Andrew Sellers says
    otherwise (RB-038); the Railbot's removals pay too (see ``railbot.take_cube``)."""

    def after_delivery(
        self, game: Game, delivery: Delivery, card: CardDef, holder: int | None
    ) -> None:
        if duel.in_force(game, "hotels_no_delivery_bonus"):
            return
        super().after_delivery(game, delivery, card, holder)


class SoloNewIndustry(NewIndustry):
    """New Industry in the solo game: the board's appendix may add to it (on Mexico a purple
    cube comes too, RB-105)."""

    def on_take(self, game: Game, action: TakeOperationsCard, card: CardDef) -> None:
        super().on_take(game, action, card)
        if action.target is not None:
            solo_hook(game).new_industry(game, action.target, card.name)


SOLO_CARD_EFFECTS: dict[str, CardEffect] = {"hotel": SoloHotel(), "new_industry": SoloNewIndustry()}
