"""The ten Rail Barons of Europe (RW-p19-35 .. RW-p19-46), each scored both ways on a
position set up by hand; the expected points are worked out here from the card's goal."""

from __future__ import annotations

import itertools

import pytest

from railways.core.game import Game

from .helpers import SPAIN, baron_score, pass_turn, position, put_link


def scores(game: Game, baron: str) -> list[int]:
    return [baron_score(game, baron, seat) for seat in range(game.n)]


def chain(game: Game, seat: int, cities: list[str]) -> None:
    for a, b in itertools.pairwise(cities):
        put_link(game, seat, a, b)


# -- Czar Nicholas I: links from Moscow, four at most -----------------------------------------
@pytest.mark.rules("RW-p19-39", "RW-p19-40", "RW-p19-04")
@pytest.mark.parametrize(("links", "points"), [(0, 0), (1, 2), (3, 6), (4, 8), (6, 8)])
def test_czar_nicholas_two_points_a_moscow_link_for_four_links_at_most(
    links: int, points: int
) -> None:
    game = position()
    others = ["minsk", "st-petersburg", "kiev", "minsk", "riga", "st-petersburg"]
    for other in others[:links]:  # Minsk and St. Petersburg twice: repeats count
        put_link(game, 0, "moscow", other)
    assert scores(game, "czar-nicholas")[0] == points


@pytest.mark.rules("RW-p19-39")
def test_czar_nicholas_counts_only_the_players_own_links_into_moscow() -> None:
    game = position()
    put_link(game, 1, "moscow", "minsk")
    put_link(game, 0, "minsk", "warsaw")  # seat 0's link does not touch Moscow
    assert scores(game, "czar-nicholas") == [0, 2, 0]


# -- King Alfonso XII: Spanish cities reached ---------------------------------------------------
@pytest.mark.rules("RW-p19-41", "RW-p19-42")
def test_king_alfonso_two_points_a_spanish_city_and_none_for_lisbon() -> None:
    """Seat 0 reaches Lisbon, Madrid, Zaragoza and Barcelona: three Spanish cities, 6."""
    game = position()
    chain(game, 0, ["lisbon", "madrid", "zaragoza", "barcelona"])
    put_link(game, 0, "lisbon", "porto")  # Portugal again: nothing
    assert scores(game, "king-alfonso")[0] == 6


@pytest.mark.rules("RW-p19-41")
def test_king_alfonso_all_six_spanish_cities_give_twelve() -> None:
    game = position()
    chain(game, 1, ["seville", "madrid", "valencia", "barcelona", "zaragoza", "bilbao"])
    assert {c for lk in game.own_links(1) for c in (lk.start, lk.end)} == SPAIN
    assert scores(game, "king-alfonso") == [0, 12, 0]


@pytest.mark.rules("RW-p19-41")
def test_king_alfonso_counts_no_city_reached_only_by_others() -> None:
    game = position()
    put_link(game, 0, "bordeaux", "bilbao")  # seat 0 reaches Bilbao
    put_link(game, 1, "bilbao", "madrid")  # Madrid only by seat 1's link
    assert scores(game, "king-alfonso") == [2, 4, 0]


# -- Franz Anton Gerstner: Vienna to St. Petersburg ----------------------------------------------
@pytest.mark.rules("RW-p19-46", "RW-p19-07")
def test_gerstner_vienna_to_st_petersburg_on_own_links() -> None:
    game = position()
    route = ["vienna", "krakow", "warsaw", "riga", "st-petersburg"]
    chain(game, 2, route)
    assert scores(game, "franz-anton-gerstner") == [0, 0, 5]
    chain(game, 0, route[:2])
    put_link(game, 1, "krakow", "warsaw")  # the middle of seat 0's way is seat 1's
    chain(game, 0, route[2:])
    assert scores(game, "franz-anton-gerstner")[0] == 0


# -- goals of being alone at the top (RW-p19-03: a tie scores nothing) -------------------------
@pytest.mark.rules("RW-p19-35", "RW-p19-03")
def test_siemens_highest_engine_and_a_tie() -> None:
    game = position()
    for p, level in zip(game.state.players, [6, 4, 5], strict=True):
        p.engine = level
    assert scores(game, "werner-siemens") == [6, 0, 0]
    game.state.players[2].engine = 6
    assert scores(game, "werner-siemens") == [0, 0, 0]


@pytest.mark.rules("RW-p19-36", "RW-p19-03")
def test_bismarck_fewest_bonds_and_a_tie() -> None:
    game = position()
    for p, bonds in zip(game.state.players, [3, 4, 2], strict=True):
        p.bonds = bonds
    assert scores(game, "otto-von-bismarck") == [0, 0, 6]
    game.state.players[0].bonds = 2
    assert scores(game, "otto-von-bismarck") == [0, 0, 0]


@pytest.mark.rules("RW-p19-37", "RW-p19-05", "RW-p19-03")
def test_estrup_most_completed_links_and_a_tie() -> None:
    game = position()
    chain(game, 1, ["paris", "brussels", "cologne"])
    put_link(game, 0, "berlin", "leipzig")
    assert scores(game, "jacob-estrup") == [0, 5, 0]
    put_link(game, 0, "leipzig", "prague")
    assert scores(game, "jacob-estrup") == [0, 0, 0]


@pytest.mark.rules("RW-p19-38", "RW-p19-03")
def test_holley_connected_to_most_cities_and_a_tie() -> None:
    game = position()
    chain(game, 0, ["rome", "florence", "milan"])  # three cities
    put_link(game, 1, "vienna", "budapest")
    put_link(game, 1, "budapest", "vienna")  # still two cities
    assert scores(game, "alexander-holley") == [5, 0, 0]
    put_link(game, 1, "budapest", "belgrade")  # three too
    assert scores(game, "alexander-holley") == [0, 0, 0]


@pytest.mark.rules("RW-p19-43", "RW-p19-44", "RW-p19-03")
@pytest.mark.parametrize("baron", ["johannes-scharrer", "friedrich-list"])
def test_scharrer_and_list_most_money_and_a_tie(baron: str) -> None:
    game = position()
    for p, cash in zip(game.state.players, [25, 31, 8], strict=True):
        p.cash = cash
    assert scores(game, baron) == [0, 6, 0]
    game.state.players[0].cash = 31
    assert scores(game, baron) == [0, 0, 0]


@pytest.mark.rules("RW-p19-45", "RW-p19-06", "RW-p19-03")
def test_charles_albert_longest_unbranched_chain_and_a_tie() -> None:
    """Seat 1: a chain of four plus a branch; seat 2: a chain of three."""
    game = position()
    chain(game, 1, ["turin", "milan", "venice", "trieste", "vienna"])
    put_link(game, 1, "milan", "genoa")  # a branch
    chain(game, 2, ["madrid", "zaragoza", "barcelona", "valencia"])
    assert scores(game, "charles-albert") == [0, 5, 0]
    put_link(game, 2, "valencia", "seville")  # seat 2 reaches four as well
    assert scores(game, "charles-albert") == [0, 0, 0]


# -- at the end of the game -------------------------------------------------------------------
@pytest.mark.rules("RW-p19-01", "RW-p19-39", "RW-p19-41", "RW-p6-13")
def test_baron_bonuses_land_in_the_final_scores() -> None:
    game = position()
    state = game.state
    state.players[0].baron = "czar-nicholas"  # five Moscow links: 8 at most
    state.players[1].baron = "king-alfonso"  # Madrid and Seville: 4
    state.players[2].baron = "franz-anton-gerstner"  # not joined: nothing
    for other in ("minsk", "kiev", "riga", "st-petersburg", "minsk"):
        put_link(game, 0, "moscow", other)
    put_link(game, 1, "madrid", "seville")
    state.end_trigger_turn = state.turn
    pass_turn(game)
    before = {p.seat: p.score - p.bonds for p in state.players}
    pass_turn(game)
    assert game.over
    assert state.final_scores == {0: before[0] + 8, 1: before[1] + 4, 2: before[2]}
