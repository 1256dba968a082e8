"""The Universal Rail Baron cards for multiplayer games on any map (RB-006, RB-026)."""

from __future__ import annotations

import pytest

from railways.bots.random_bot import RandomBot
from railways.content.universal import load_universal_barons
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.records import game_from_record, record_of
from railways.rules.universal_barons import UNIVERSAL_BARON_EFFECTS
from support import build_link, choose_barons, pass_auction


def _game(players: int = 3, seed: int = 1) -> Game:
    game = new_game("eastern-us", players=players, seed=seed, options={"universal_barons": True})
    choose_barons(game)
    pass_auction(game)
    return game


def _score(game: Game, baron_id: str, seat: int) -> int:
    baron = game.ruleset.barons[baron_id]
    return game.ruleset.baron_effects[baron.effect].score(game, seat, baron)


@pytest.mark.rules("RB-006", "RB-026")
def test_twenty_four_cards_that_fit_any_map() -> None:
    barons = load_universal_barons()
    assert len(barons) == 24
    for baron in barons.values():
        assert "city" not in baron.params and "cities" not in baron.params
        assert baron.source == "house" and baron.text
    game = _game(6)
    assert set(game.ruleset.barons) == set(barons)
    for p in game.state.players:
        assert p.baron in barons
    for baron in barons.values():
        assert baron.effect in game.ruleset.baron_effects
    # Without the option the map's own barons are dealt.
    plain = new_game("eastern-us", players=3, seed=1)
    assert not set(plain.ruleset.barons) & set(barons)


@pytest.mark.rules("RB-026")
def test_a_whole_game_with_universal_barons_replays() -> None:
    game = new_game("eastern-us", players=3, seed=9, options={"universal_barons": True})
    bots = [RandomBot(i) for i in range(3)]
    while not game.over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
    again = game_from_record(record_of(game).to_dict())
    assert again.state.final_scores == game.state.final_scores


@pytest.mark.rules("RB-026", "RW-p19-03")
def test_colour_goals_and_ties() -> None:
    game = _game()
    build_link(game, 0, "new-york", "philadelphia")  # red New York
    build_link(game, 1, "richmond", "norfolk")  # red Richmond
    assert _score(game, "joseph-locke", 0) == 0  # a tie scores nothing
    build_link(game, 0, "boston", "providence")
    build_link(game, 0, "providence", "new-york")
    assert _score(game, "joseph-locke", 0) == 0  # still one red city
    build_link(game, 0, "philadelphia", "baltimore")
    build_link(game, 0, "baltimore", "washington")
    build_link(game, 0, "washington", "richmond")
    assert _score(game, "joseph-locke", 0) == 5 and _score(game, "joseph-locke", 1) == 0
    # 1 point per own link at a red city: NY-PH, Providence-NY, Washington-Richmond.
    assert _score(game, "samuel-morton-peto", 0) == 3


@pytest.mark.rules("RB-026")
def test_deliveries_lines_and_hotels() -> None:
    game = _game()
    p0, p1 = game.state.players[0], game.state.players[1]
    p0.delivered_colors = {"red", "yellow", "blue", "purple"}
    assert _score(game, "thomas-cook", 0) == 0
    p0.delivered_colors.add("black")
    assert _score(game, "thomas-cook", 0) == 5
    p0.deliveries, p1.deliveries = 4, 4
    assert _score(game, "friedrich-list", 0) == 0
    p0.deliveries = 5
    assert _score(game, "friedrich-list", 0) == 6
    game.state.major_lines.update({"A": 0, "B": 1, "C": 0})
    assert _score(game, "sergei-witte", 0) == 6 and _score(game, "sergei-witte", 1) == 0
    p1.kept.append("hotel-chicago")
    assert _score(game, "henry-plant", 1) == 5 and _score(game, "henry-plant", 0) == 0


def test_every_universal_effect_is_registered() -> None:
    used = {b.effect for b in load_universal_barons().values()}
    assert {"most_color_cities", "links_at_color", "every_color"} <= used
    assert set(UNIVERSAL_BARON_EFFECTS) <= used
