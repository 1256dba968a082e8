"""The optional Rail Barons of Railways of Australia (AU-047..AU-049), with their module."""

from __future__ import annotations

import pytest

from railways.rules import new_game

from .helpers import baron_score, build, path, put_link, start

MODULE = "australia-optional-barons"


def game_with_barons(players: int = 3):
    return start(players=players, modules=(MODULE,))


@pytest.mark.rules("AU-047", "AU-048", "AU-049")
def test_the_optional_barons_join_the_deck_only_with_their_module():
    names = {"matthew-mayes", "ralph-h-anderson", "randal-lloyd"}
    assert not names & set(new_game("australia", players=3, seed=1).ruleset.barons)
    game = new_game("australia", players=3, seed=1, options={"modules": [MODULE]})
    assert names <= set(game.ruleset.barons)


@pytest.mark.rules("AU-047")
def test_matthew_mayes_most_money_and_fewest_bonds_ties_allowed():
    game = game_with_barons()
    players = game.state.players
    for p, (cash, bonds) in zip(players, [(20, 1), (20, 1), (5, 0)], strict=True):
        p.cash, p.bonds_issued_total = cash, bonds
    assert baron_score(game, "matthew-mayes", 0) == 0  # most money, but not fewest bonds
    players[2].bonds_issued_total = 1
    assert baron_score(game, "matthew-mayes", 0) == 8  # tied on both: it still scores
    assert baron_score(game, "matthew-mayes", 1) == 8
    assert baron_score(game, "matthew-mayes", 2) == 0


@pytest.mark.rules("AU-048")
def test_ralph_anderson_two_points_a_major_line_eight_at_most():
    game = game_with_barons()
    assert baron_score(game, "ralph-h-anderson", 0) == 0
    game.state.major_lines.update({"A": 0, "B": 0, "C": 1})
    assert baron_score(game, "ralph-h-anderson", 0) == 4
    game.state.major_lines.update({"D": 0, "E": 0, "F": 0})
    assert baron_score(game, "ralph-h-anderson", 0) == 8  # five lines, but 8 at most


@pytest.mark.rules("AU-049")
def test_randal_lloyd_points_for_towns_reached_by_own_links():
    game = game_with_barons()
    seat = 0
    assert baron_score(game, "randal-lloyd", seat) == 0
    build(game, seat, path("24,31", "25,31", "26,31"))  # Wagga Wagga to Albury: built
    data = game.state.plugin_data["australia"]
    for i, town in enumerate(["mildura", "serviceton", "broken-hill", "wallangarra"]):
        data["built"].append(town)
        put_link(game, seat, "sydney", town)
        reached = i + 2
        expected = {2: 0, 3: 2, 4: 5, 5: 8}[reached]
        assert baron_score(game, "randal-lloyd", seat) == expected, reached
    put_link(game, 1, "sydney", "camooweal")  # another player's link reaches nothing for us
    assert baron_score(game, "randal-lloyd", seat) == 8
