"""The twelve Rail Barons of Mexico (RW-p19-23 .. RW-p19-34), each scored both ways on a
position set up by hand; the expected points are worked out here from the card's goal.

The games are played with the black-stars module so that all twelve are in the deck.
"""

from __future__ import annotations

import itertools

import pytest

from railways.core.actions import TakeOperationsCard, UpgradeEngine
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.state import Link

from .helpers import act_as, baron_score, pass_turn, position, put_link


def scores(game: Game, baron: str) -> list[int]:
    return [baron_score(game, baron, seat) for seat in range(game.n)]


def hold_hotels(game: Game, seat: int, count: int) -> None:
    """Give ``seat`` the first ``count`` Hotel cards of the deck, kept face up."""
    hotels = sorted(c for c, card in game.ruleset.cards.items() if card.effect == "hotel")
    game.state.players[seat].kept.extend(hotels[:count])


def chain(game: Game, seat: int, cities: list[str]) -> None:
    for a, b in itertools.pairwise(cities):
        put_link(game, seat, a, b)


# -- Francisco I. Madero (Black Star): hotels held ------------------------------------------
@pytest.mark.rules("RW-p19-23")
@pytest.mark.parametrize(("hotels", "points"), [(0, 0), (1, 0), (2, 3), (3, 4), (4, 5)])
def test_madero_three_four_or_five_points_for_two_three_or_four_hotels(
    hotels: int, points: int
) -> None:
    game = position()
    hold_hotels(game, 0, hotels)
    assert scores(game, "francisco-madero")[0] == points


@pytest.mark.rules("RW-p19-23")
def test_madero_counts_only_hotel_cards() -> None:
    game = position()
    hold_hotels(game, 0, 1)
    others = sorted(c for c, card in game.ruleset.cards.items() if card.effect == "trading_depot")
    game.state.players[0].kept.extend(others[:2])  # kept too, but not hotels
    assert scores(game, "francisco-madero")[0] == 0


@pytest.mark.rules("RW-p19-23", "RW-p21-31", "RW-p5-41")
def test_madero_counts_a_hotel_taken_from_the_display() -> None:
    """A Hotel taken in play is kept face up, and Madero counts it."""
    game = position()
    hold_hotels(game, 1, 1)
    held = set(game.state.players[1].kept)
    hotel = next(
        c
        for c, card in sorted(game.ruleset.cards.items())
        if card.effect == "hotel" and c not in held
    )
    for p in game.state.players:
        if hotel in p.kept:
            p.kept.remove(hotel)
    if hotel in game.state.ops_deck:
        game.state.ops_deck.remove(hotel)
    game.state.ops_display.append(hotel)
    assert scores(game, "francisco-madero")[1] == 0
    act_as(game, 1)
    game.apply(TakeOperationsCard(seat=1, card=hotel))
    assert hotel in game.state.players[1].kept
    assert scores(game, "francisco-madero")[1] == 3


# -- Matías Romero (Black Star): first to a level 6 engine ------------------------------------
def upgrade(game: Game, seat: int) -> None:
    act_as(game, seat, cash=30)
    game.apply(UpgradeEngine(seat=seat))


@pytest.mark.rules("RW-p19-24")
def test_romero_first_to_level_six_is_shown_at_once_and_scores_six() -> None:
    game = position()
    game.state.players[0].baron = "matias-romero"
    game.state.players[0].engine = 5
    upgrade(game, 0)
    assert game.state.players[0].engine == 6
    assert game.state.players[0].baron_revealed
    assert scores(game, "matias-romero")[0] == 6


@pytest.mark.rules("RW-p19-24")
def test_romero_nothing_for_the_second_to_level_six() -> None:
    game = position()
    game.state.players[1].baron = "matias-romero"
    game.state.players[0].engine = game.state.players[1].engine = 5
    upgrade(game, 0)
    upgrade(game, 1)
    assert game.state.players[1].engine == 6
    assert not game.state.players[1].baron_revealed
    assert scores(game, "matias-romero")[1] == 0


@pytest.mark.rules("RW-p19-24")
def test_romero_stays_hidden_below_level_six() -> None:
    game = position()
    game.state.players[0].baron = "matias-romero"
    game.state.players[0].engine = 4
    upgrade(game, 0)
    assert not game.state.players[0].baron_revealed
    assert scores(game, "matias-romero")[0] == 0


# -- goals of joining two cities (Pancho Villa, Manuel González) ------------------------------
@pytest.mark.rules("RW-p19-25", "RW-p19-07")
def test_pancho_villa_chihuahua_to_brownsville_on_own_links() -> None:
    game = position()
    route = ["chihuahua", "torreon", "monterrey", "brownsville"]
    chain(game, 0, route)
    assert scores(game, "pancho-villa") == [3, 0, 0]
    chain(game, 1, route[:2])  # seat 1 owns only part of the way ...
    put_link(game, 2, "torreon", "monterrey")  # ... the middle is seat 2's
    chain(game, 1, route[2:])
    assert scores(game, "pancho-villa") == [3, 0, 0]


@pytest.mark.rules("RW-p19-31", "RW-p19-07")
def test_manuel_gonzalez_culiacan_to_tampico_on_own_links() -> None:
    game = position()
    chain(game, 1, ["culiacan", "durango", "zacatecas", "san-luis-potosi", "tampico"])
    assert scores(game, "manuel-gonzalez") == [0, 5, 0]
    chain(game, 2, ["culiacan", "durango", "zacatecas"])  # halfway
    assert scores(game, "manuel-gonzalez")[2] == 0


# -- Sebastián Lerdo de Tejada: links from Mexico City, no limit -----------------------------
@pytest.mark.rules("RW-p19-33", "RW-p19-04")
def test_lerdo_two_points_a_mexico_city_link_without_a_cap() -> None:
    """Five links touch Mexico City, two of them to Puebla: 10 points (no limit is printed,
    unlike the Eastern U.S. cards that stop at 8)."""
    game = position()
    for other in ("puebla", "puebla", "toluca", "pachuca", "queretaro"):
        put_link(game, 0, "mexico-city", other)
    put_link(game, 0, "puebla", "veracruz")  # does not touch Mexico City
    put_link(game, 1, "mexico-city", "toluca")  # another player's
    assert scores(game, "sebastian-lerdo-de-tejada") == [10, 2, 0]


@pytest.mark.rules("RW-p19-33")
def test_lerdo_counts_no_incomplete_link() -> None:
    game = position()
    state = game.state
    link_id = state.next_link_id
    state.next_link_id += 1
    state.links[link_id] = Link(link_id, 0, "mexico-city", [(Hex(0, 0), Side.E, Side.W)])
    assert scores(game, "sebastian-lerdo-de-tejada")[0] == 0


# -- goals of being alone at the top (RW-p19-03: a tie scores nothing) -------------------------
@pytest.mark.rules("RW-p19-26", "RW-p19-03")
def test_cooney_most_track_tiles_and_a_tie() -> None:
    game = position()
    put_link(game, 0, "mexico-city", "puebla", tiles=3)
    put_link(game, 1, "monterrey", "saltillo", tiles=2)
    assert scores(game, "patrick-henry-cooney") == [6, 0, 0]
    put_link(game, 1, "saltillo", "torreon", tiles=1)
    assert scores(game, "patrick-henry-cooney") == [0, 0, 0]


@pytest.mark.rules("RW-p19-27", "RW-p19-03")
def test_benito_juarez_highest_engine_and_a_tie() -> None:
    game = position()
    for p, level in zip(game.state.players, [3, 5, 4], strict=True):
        p.engine = level
    assert scores(game, "benito-juarez") == [0, 6, 0]
    game.state.players[2].engine = 5
    assert scores(game, "benito-juarez") == [0, 0, 0]


@pytest.mark.rules("RW-p19-28", "RW-p19-03")
def test_escandon_connected_to_most_cities_and_a_tie() -> None:
    game = position()
    chain(game, 2, ["oaxaca", "puebla", "veracruz"])  # seat 2: three cities
    put_link(game, 0, "monterrey", "saltillo")  # seat 0: two cities
    put_link(game, 0, "monterrey", "saltillo")  # a second link to the same two
    assert scores(game, "antonio-escandon") == [0, 0, 5]
    put_link(game, 0, "saltillo", "torreon")  # seat 0: three cities too
    assert scores(game, "antonio-escandon") == [0, 0, 0]


@pytest.mark.rules("RW-p19-29", "RW-p19-03")
def test_maximilian_fewest_bonds_and_a_tie() -> None:
    game = position()
    for p, bonds in zip(game.state.players, [2, 1, 3], strict=True):
        p.bonds = bonds
    assert scores(game, "ferdinand-maximilian") == [0, 6, 0]
    game.state.players[0].bonds = 1
    assert scores(game, "ferdinand-maximilian") == [0, 0, 0]


@pytest.mark.rules("RW-p19-30", "RW-p19-03")
def test_limantour_most_money_and_a_tie() -> None:
    game = position()
    for p, cash in zip(game.state.players, [12, 30, 29], strict=True):
        p.cash = cash
    assert scores(game, "jose-limantour") == [0, 6, 0]
    game.state.players[2].cash = 30
    assert scores(game, "jose-limantour") == [0, 0, 0]


@pytest.mark.rules("RW-p19-32", "RW-p19-05", "RW-p19-03")
def test_porfirio_diaz_most_completed_links_and_a_tie() -> None:
    game = position()
    chain(game, 0, ["mexico-city", "puebla", "veracruz"])
    put_link(game, 1, "monterrey", "saltillo")
    assert scores(game, "porfirio-diaz") == [5, 0, 0]
    put_link(game, 1, "saltillo", "torreon")
    assert scores(game, "porfirio-diaz") == [0, 0, 0]


@pytest.mark.rules("RW-p19-34", "RW-p19-06", "RW-p19-03")
def test_palmer_longest_unbranched_chain_and_a_tie() -> None:
    """Seat 0 has a chain of three and a branch (four links, longest three); seat 1 a
    chain of four."""
    game = position()
    chain(game, 0, ["toluca", "mexico-city", "puebla", "veracruz"])
    put_link(game, 0, "mexico-city", "pachuca")  # a branch: not part of the chain
    chain(game, 1, ["monterrey", "saltillo", "torreon", "durango", "mazatlan"])
    assert scores(game, "william-jackson-palmer") == [0, 5, 0]
    put_link(game, 0, "veracruz", "coatzacoalcos")  # seat 0's chain grows to four
    assert scores(game, "william-jackson-palmer") == [0, 0, 0]


# -- at the end of the game -------------------------------------------------------------------
@pytest.mark.rules("RW-p19-01", "RW-p19-23", "RW-p19-33", "RW-p6-13")
def test_baron_bonuses_land_in_the_final_scores() -> None:
    game = position()
    state = game.state
    state.players[0].baron = "francisco-madero"  # three hotels: 4
    state.players[1].baron = "sebastian-lerdo-de-tejada"  # three Mexico City links: 6
    state.players[2].baron = "jose-limantour"  # most money, but tied: nothing
    hold_hotels(game, 0, 3)
    for other in ("puebla", "toluca", "pachuca"):
        put_link(game, 1, "mexico-city", other)
    for p in state.players:
        p.cash = 20
    state.end_trigger_turn = state.turn
    pass_turn(game)
    before = {p.seat: p.score - p.bonds for p in state.players}
    pass_turn(game)
    assert game.over
    assert all(p.baron_revealed for p in state.players)
    assert state.final_scores == {0: before[0] + 4, 1: before[1] + 6, 2: before[2]}
