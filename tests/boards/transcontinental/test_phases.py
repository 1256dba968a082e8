"""The Eastern phase, the pause between the phases and the Western phase (RW-p9-04..38)."""

from __future__ import annotations

import pytest

import support
from railways.content.maps import load_map
from railways.core.actions import BuildTrack, DeliverGoods, Pass, TakeOperationsCard, Urbanize
from railways.core.board import Color
from railways.core.game import Game
from railways.core.legal import build_options, legal_actions
from railways.core.state import Phase
from railways.rules.boards.transcontinental import (
    ReturnBonds,
    data,
    western_cities,
    western_hexes,
)
from railways.rules.modules.fuel_depots import PlaceFuelDepot

from .helpers import (
    end_eastern_phase,
    pass_auction,
    pass_out_the_turn,
    pass_steps,
    put_link,
    ready,
    refused,
    start,
    to_the_west,
)

KC_TO_TOPEKA_SIDE = "kansas-city", "wichita"


@pytest.fixture
def game() -> Game:
    return start(players=4, seed=1)


def seat_of(game: Game) -> int:
    seat = game.to_act
    assert seat is not None
    return seat


# -- the Eastern phase --------------------------------------------------------------------------
@pytest.mark.rules("RW-p9-04", "RW-p9-05")
def test_in_the_eastern_phase_no_track_goes_on_the_western_board(game: Game) -> None:
    seat = seat_of(game)
    west = western_hexes(game.board)
    assert all(west.isdisjoint(o.action.path) for o in build_options(game, seat))
    # From Wichita (Western board) east to Kansas City: refused, whatever the route.
    option = next(
        o
        for o in _options_after_the_change(seat)
        if {game.board.city_at(o.action.path[0]), game.board.city_at(o.route[-1])}
        and _ends(game, o) == {"wichita", "kansas-city"}
    )
    refused(game, BuildTrack(seat=seat, path=option.action.path), "RW-p9-05")


def _options_after_the_change(seat: int) -> list:  # type: ignore[type-arg]
    west = start(players=4, seed=1)
    to_the_west(west)
    while west.state.phase is not Phase.ACTIONS:
        pass_auction(west)
    return build_options(west, seat)


def _ends(game: Game, option: object) -> set[str]:
    action = option.action  # type: ignore[attr-defined]
    route = option.route  # type: ignore[attr-defined]
    a, b = game.board.city_at(action.path[0]), game.board.city_at(route[-1])
    return {c.id for c in (a, b) if c is not None}


@pytest.mark.rules("RW-p9-05")
def test_in_the_eastern_phase_western_cities_are_not_urbanized_or_grown(game: Game) -> None:
    seat = seat_of(game)
    refused(game, Urbanize(seat=seat, city="dodge-city", color="blue"), "RW-p9-05")
    growth = next(c for c in game.state.ops_display if c.startswith("e-city-growth"))
    refused(game, TakeOperationsCard(seat=seat, card=growth, target="denver"), "RW-p9-05")
    listed = legal_actions(game, seat).simple
    assert not [
        a for a in listed if isinstance(a, Urbanize) and a.city in western_cities(game.board)
    ]
    # An Eastern gray city may be urbanized as usual.
    game.apply(Urbanize(seat=seat, city="knoxville", color="blue"))
    assert game.state.city_colors["knoxville"] is Color.BLUE


@pytest.mark.rules("RW-p9-09")
def test_fuel_depots_wait_for_the_western_phase(game: Game) -> None:
    seat = seat_of(game)
    put_link(game, seat, "chicago", "milwaukee")
    ready(game, seat)
    depot = PlaceFuelDepot(seat=seat, city="chicago", amount=1)
    refused(game, depot, "RW-p9-09")
    assert not [a for a in legal_actions(game, seat).simple if isinstance(a, PlaceFuelDepot)]
    to_the_west(game)
    pass_auction(game)
    seat = seat_of(game)
    put_link(game, seat, "chicago", "milwaukee")
    ready(game, seat)
    game.apply(PlaceFuelDepot(seat=seat, city="chicago", amount=1))  # now it is taken


@pytest.mark.rules("RW-p9-08")
def test_rotor_cities_are_optional() -> None:
    board = load_map("transcontinental")
    assert board.default_modules == ("fuel-depots",)
    with_rotors = start(players=3, seed=2, options={"modules": ["city-rotors", "fuel-depots"]})
    assert "city-rotors" in with_rotors.options.extra["modules"]


@pytest.mark.rules("RW-p9-10", "RW-p9-11", "RW-p9-12")
def test_the_last_marker_ends_the_eastern_phase_at_the_end_of_that_turn(game: Game) -> None:
    turn = game.state.turn
    game.state.players[1].bonds = 1  # so that the game pauses for bonds
    end_eastern_phase(game)
    assert data(game)["phase"] == "east"  # the turn goes on to its end
    # The players are told so, not that one more turn follows (RW-p9-11).
    assert any("the phase ends with this turn" in line for line in game.state.log[-4:])
    assert not [line for line in game.state.log if "one more remain" in line]
    cash = [p.cash for p in game.state.players]
    pass_out_the_turn(game)
    # Income was paid at the end of that turn, and play pauses between the phases.
    assert game.state.players[0].cash > cash[0]
    assert (game.state.turn, data(game)["phase"]) == (turn, "between")
    refused(game, Pass(seat=1), "RW-p9-12")
    game.apply(ReturnBonds(seat=1, amount=0))
    # No further turn on the Eastern board alone: the next turn is the West's first.
    assert (game.state.turn, data(game)["phase"]) == (turn + 1, "west")
    assert game.state.phase is Phase.AUCTION


# -- between the phases -------------------------------------------------------------------------
@pytest.mark.rules("RW-p9-13", "RW-p9-14", "RW-p9-15", "RW-p9-16")
def test_returning_bonds_costs_two_three_four_points(game: Game) -> None:
    players = game.state.players
    for p, bonds in zip(players, (4, 0, 1, 2), strict=True):
        p.bonds = bonds
        p.score = 20
    end_eastern_phase(game)
    order = list(game.state.order)
    pass_out_the_turn(game)
    assert data(game)["phase"] == "between"
    scores = [p.score for p in players]
    # Only players with bonds are asked, in the last turn's order.
    asked = [s for s in order if players[s].bonds]
    seen = []
    counts = {0: 4, 2: 0, 3: 1}
    while data(game)["phase"] == "between":
        seat = seat_of(game)
        seen.append(seat)
        offered = legal_actions(game, seat).simple
        assert offered == [ReturnBonds(seat=seat, amount=k) for k in range(players[seat].bonds + 1)]
        if seat == 0:
            refused(game, ReturnBonds(seat=0, amount=5), "RW-p9-15")
        game.apply(ReturnBonds(seat=seat, amount=counts[seat]))
    assert seen == asked
    # Four bonds: 2 + 3 + 4 + 5 = 14 points; one bond: 2; none: nothing.
    assert (players[0].bonds, players[0].score) == (0, scores[0] - 14)
    assert (players[2].bonds, players[2].score) == (1, scores[2])
    assert (players[3].bonds, players[3].score) == (1, scores[3] - 2)
    assert players[1].score == scores[1]


@pytest.mark.rules("RW-p9-17", "RW-p9-18", "RW-p9-19", "RW-p9-22", "RW-p9-36")
def test_opening_the_west(game: Game) -> None:
    board = game.board
    state = game.state
    put_link(game, 0, "new-york", "philadelphia")
    state.city_colors["knoxville"] = Color.BLUE  # a New City tile on the Eastern board
    to_the_west(game)
    assert data(game)["phase"] == "west"
    assert state.ecm == set()  # the markers are off the Eastern board, to be used again
    assert state.ecm_needed == 6 + 2 * 4
    assert state.city_colors["knoxville"] is Color.BLUE  # the East stays as it is
    assert any(lk.start == "new-york" for lk in state.links.values())
    assert [c for c in board.cities if "west" not in board.cities[c].flags and not state.cubes[c]]
    for city in western_cities(board):  # one cube fewer, at least one (4 players)
        assert len(state.cubes[city]) == max(1, board.cities[city].cubes - 1)


@pytest.mark.rules("RW-p9-02", "RW-p9-23", "RW-p9-24", "RW-p9-25", "RW-p9-26")
def test_the_decks_change(game: Game) -> None:
    seat = seat_of(game)
    held = next(c for c in game.ruleset.cards if c.startswith("e-land-grant"))
    if held not in game.state.ops_display:  # lay it out to be taken (scenario set-up)
        game.state.ops_deck.remove(held)
        game.state.ops_display.append(held)
    game.apply(TakeOperationsCard(seat=seat, card=held))
    to_the_west(game)
    state = game.state
    assert held in state.players[seat].hand  # a card taken stays with its player
    assert not [c for c in state.ops_display + state.ops_deck if c.startswith("e-")]
    western = [c for c in state.ops_display + state.ops_deck if c.startswith("w-")]
    assert not [c for c in western if game.card(c).start]  # no Western start cards
    assert len([c for c in state.ops_display if c.startswith("w-")]) == 2 * 4
    all_west = [c for c, d in game.ruleset.cards.items() if c.startswith("w-") and not d.start]
    assert sorted(western) == sorted(all_west)
    # The Golden Spike start cards are not Eastern cards: they stay until won.
    assert [c for c in state.ops_display if c.startswith("gs-")]


# -- the Western phase -------------------------------------------------------------------------
@pytest.fixture
def west_game() -> Game:
    g = start(players=4, seed=1)
    to_the_west(g)
    pass_auction(g)
    pass_steps(g)
    return g


@pytest.mark.rules("RW-p9-27", "RW-p9-28", "RW-p9-29", "RW-p9-30")
def test_both_boards_and_links_between_them(west_game: Game) -> None:
    game = west_game
    seat = seat_of(game)
    ready(game, seat)
    options = build_options(game, seat)
    across = [o for o in options if _ends(game, o) == {"wichita", "kansas-city"}]
    assert across, "a link between the boards is offered"
    game.apply(BuildTrack(seat=seat, path=across[0].action.path))
    # Far from any track of the player's: the West Coast.
    ready(game, seat)
    coast = [
        o for o in build_options(game, seat) if _ends(game, o) == {"san-francisco", "sacramento"}
    ]
    assert coast
    game.apply(BuildTrack(seat=seat, path=coast[0].action.path))
    owned = {frozenset((lk.start, lk.end)) for lk in game.state.links.values() if lk.owner == seat}
    assert {
        frozenset({"wichita", "kansas-city"}),
        frozenset({"san-francisco", "sacramento"}),
    } <= owned


def _empty(game: Game, seat: int, city: str, to: str, color: Color) -> None:
    """Deliver the only cube of ``city`` to ``to`` over a link written into the state."""
    link = put_link(game, seat, city, to)
    support.set_cubes(game, city, [color])
    ready(game, seat)
    game.apply(DeliverGoods(seat=seat, city=city, color=color.value, links=(link,)))
    assert game.state.cubes[city] == []


@pytest.mark.rules("RW-p9-31", "RW-p9-32", "RW-p9-33")
def test_markers_only_on_western_cities_printed_with_two_cubes_or_more(west_game: Game) -> None:
    game = west_game
    seat = seat_of(game)
    _empty(game, seat, "dodge-city", "wichita", Color.YELLOW)  # gray, printed with 1 cube
    assert "dodge-city" not in game.state.ecm
    _empty(game, seat, "santa-fe", "albuquerque", game.board.cities["albuquerque"].color)
    assert "santa-fe" in game.state.ecm  # gray too, but printed with 2 cubes
    _empty(game, seat, "pittsburgh", "cleveland", Color.BLUE)  # an Eastern city
    assert "pittsburgh" not in game.state.ecm
    assert len(game.state.ecm) == 1


@pytest.mark.rules("RW-p9-34", "RW-p9-42")
def test_the_eastern_board_no_longer_grows(west_game: Game) -> None:
    game = west_game
    seat = seat_of(game)
    refused(game, Urbanize(seat=seat, city="knoxville", color="blue"), "RW-p9-34")
    growth = next((c for c in game.state.ops_display if game.card(c).effect == "city_growth"), None)
    if growth is not None:
        refused(game, TakeOperationsCard(seat=seat, card=growth, target="chicago"), "RW-p9-34")
        game.apply(TakeOperationsCard(seat=seat, card=growth, target="denver"))
    listed = legal_actions(game, seat).simple
    east = set(game.board.cities) - set(western_cities(game.board))
    assert not [a for a in listed if isinstance(a, Urbanize) and a.city in east]
    ready(game, seat)
    game.apply(Urbanize(seat=seat, city="dodge-city", color="blue"))  # the West may grow


@pytest.mark.rules("RW-p9-35", "RW-p9-37", "RW-p9-38", "RW-p6-10")
def test_the_game_ends_a_turn_after_the_last_western_marker(west_game: Game) -> None:
    game = west_game
    seat = seat_of(game)
    game.state.ecm_needed = 1
    _empty(game, seat, "santa-fe", "albuquerque", game.board.cities["albuquerque"].color)
    trigger = game.state.turn
    assert game.state.end_trigger_turn == trigger
    assert any("this turn and one more remain" in line for line in game.state.log[-3:])
    while not game.over:
        who = game.to_act
        assert who is not None
        step = game.turns.step_actions(game, who)
        if game.state.phase is Phase.AUCTION:
            pass_auction(game)
            continue
        game.apply(step[0] if step else Pass(seat=who))
    assert game.state.turn == trigger + 1  # the rest of that turn and one more
    final = game.state.final_scores
    assert final is not None
    for p in game.state.players:  # scored as usual: points less bonds, plus the Rail Baron
        baron = game.ruleset.barons[p.baron or ""]
        bonus = game.ruleset.baron_effects[baron.effect].score(game, p.seat, baron)
        assert final[p.seat] == p.score - p.bonds + bonus


@pytest.mark.rules("RW-p9-05", "RW-p9-34")
def test_listings_name_only_the_cities_of_the_board_in_play(game: Game) -> None:
    """Urbanize and the cards that grow or urbanize a city are offered on the cities of the
    board in play only: the Eastern ones first, the Western ones once the West is open."""
    seat = game.state.order[0]
    ready(game, seat)
    board = game.board

    def named() -> set[str]:
        legal = legal_actions(game, game.to_act)
        return {a.city for a in legal.simple if isinstance(a, Urbanize)} | {
            a.target for a in legal.simple if isinstance(a, TakeOperationsCard) and a.target
        }

    east = named()
    assert east and not {c for c in east if "west" in board.cities[c].flags}
    to_the_west(game)
    pass_auction(game)
    pass_steps(game)
    ready(game, game.state.order[0])
    west = named()
    assert west and all("west" in board.cities[c].flags for c in west)
