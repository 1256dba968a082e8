"""Every point at which the engine consults a card's effect is reached.

A card type is one handler plus data: these tests give a made-up card a handler
that records each call, put the card where the rules say (kept by a player, on the
display, in the deck) and check the engine called it, with what it needed, and
that the handler's answer took effect.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from railways.content.maps import load_map
from railways.core.actions import BuildTrack, UpgradeEngine
from railways.core.cards import CardDef, CardEffect, Icon
from railways.core.game import Game
from railways.core.state import Link, Phase
from railways.core.track import BuildPlan
from railways.rules import ruleset_for
from support import choose_barons, link_option, make_turn, pass_auction

CARD = "test-card"


class Recorder(CardEffect):
    """Records each call; changes income and the final score by fixed amounts."""

    plays_on = frozenset({"build", "upgrade"})

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []

    def on_reveal(self, game: Game, card: CardDef) -> None:
        self.calls.append(("reveal", card.id))

    def income(self, game: Game, seat: int, card: CardDef, holder: int | None, amount: int) -> int:
        self.calls.append(("income", (seat, holder, amount)))
        return amount + 3 if seat == holder else amount

    def final_points(self, game: Game, seat: int, card: CardDef, holder: int | None) -> int:
        return 7 if seat == holder else 0

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
        self.calls.append(("build", (seat, holder, played, len(plan.tiles))))


def _game(icon: Icon, start: bool = False) -> tuple[Game, Recorder]:
    board = load_map("eastern-us")
    ruleset = ruleset_for(board)
    effect = Recorder()
    card = CardDef(id=CARD, name="Test Card", effect="test", icon=icon, start=start)
    ruleset = dataclasses.replace(
        ruleset,
        cards={**ruleset.cards, CARD: card},
        card_effects={**ruleset.card_effects, "test": effect},
    )
    game = Game(board, ruleset, ["A", "B"], seed=4)
    return game, effect


def _to_actions(game: Game) -> None:
    choose_barons(game)
    pass_auction(game)
    assert game.state.phase is Phase.ACTIONS


def test_a_kept_card_changes_its_holders_income_only() -> None:
    game, effect = _game(Icon.INFINITY)
    _to_actions(game)
    for p in game.state.players:
        p.cash = 0
    game.state.players[0].kept.append(CARD)
    plain = game.income(0)
    assert plain == game.income(1)  # both start at the same place on the income track
    game.income_phase()
    assert game.state.players[0].cash == plain + 3
    assert game.state.players[1].cash == plain
    assert ("income", (0, 0, plain)) in effect.calls


def test_a_card_flipped_onto_the_display_is_told() -> None:
    game, effect = _game(Icon.GOAL)
    _to_actions(game)
    game.state.ops_deck.append(CARD)  # the top of the deck
    game.draw_operations_card()
    assert game.state.ops_display[-1] == CARD
    assert effect.calls == [("reveal", CARD)]


def test_a_kept_card_scores_at_the_end() -> None:
    game, _effect = _game(Icon.INFINITY)
    _to_actions(game)
    game.state.players[1].kept.append(CARD)
    scores = [p.score - p.bonds for p in game.state.players]
    game._finish()
    assert game.state.final_scores is not None
    baron = [
        game.ruleset.baron_effects[game.ruleset.barons[p.baron].effect].score(
            game, p.seat, game.ruleset.barons[p.baron]
        )
        for p in game.state.players
        if p.baron
    ]
    assert game.state.final_scores[1] == scores[1] + baron[1] + 7
    assert game.state.final_scores[0] == scores[0] + baron[0]


def test_builds_are_reported_to_kept_cards_and_to_the_card_played() -> None:
    game, effect = _game(Icon.DIAMOND)
    _to_actions(game)
    game.state.players[0].kept.append(CARD)
    make_turn(game, 0)
    game.state.players[0].cash = 50
    option = link_option(game, 0, "new-york", "philadelphia")
    game.apply(BuildTrack(seat=0, path=option.action.path))
    tiles = len(option.action.path) - 2
    assert effect.calls[-1] == ("build", (0, 0, False, tiles))
    make_turn(game, 1)
    game.state.players[1].cash = 50
    option = link_option(game, 1, "boston", "providence")
    game.apply(BuildTrack(seat=1, path=option.action.path))
    assert effect.calls[-1] == ("build", (1, 0, False, len(option.action.path) - 2))


def test_a_card_that_acts_afterwards_may_be_named_on_a_build_and_an_upgrade() -> None:
    """``plays_on``: the card changes no price, yet naming it is allowed (RW-p5-35)."""
    game, effect = _game(Icon.HAND)
    _to_actions(game)
    game.state.players[0].hand.append(CARD)
    make_turn(game, 0)
    game.state.players[0].cash = 50
    option = link_option(game, 0, "new-york", "philadelphia")
    game.apply(BuildTrack(seat=0, path=option.action.path, cards=(CARD,)))
    assert effect.calls[-1] == ("build", (0, 0, True, len(option.action.path) - 2))
    assert CARD not in game.state.players[0].hand  # a hand card is discarded once played
    game.state.players[0].hand.append(CARD)
    make_turn(game, 0)
    game.check(UpgradeEngine(seat=0, cards=(CARD,)))
