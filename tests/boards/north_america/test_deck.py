"""The maple-leaf Operations deck of North America: the appendix's RONA counts of every card
type (RW-p21, RW-p22), the start cards on the display, and each card working on this board.

Every rule runs through ``Game.apply``; expected values are worked out by hand.
"""

from __future__ import annotations

from collections import Counter

import pytest

import support
from railways.core.actions import BuildTrack, DeliverGoods, TakeOperationsCard, UpgradeEngine
from railways.core.board import Color
from railways.core.game import Game
from railways.core.hexgrid import Side

from .helpers import H, give_card, ready, refused, start

RONA = {  # effect -> copies, by the appendix's RONA counts
    "boomtown": 1,  # RW-p21-11
    "city_growth": 4,  # RW-p21-17
    "coal_fueled_engines": 2,  # RW-p21-19
    "ferry_line": 5,  # RW-p21-23
    "land_grant": 4,  # RW-p21-28
    "hotel": 6,  # RW-p21-31
    "mine": 5,  # RW-p22-02
    "new_industry": 4,  # RW-p22-03
    "new_train": 1,  # RW-p22-04
    "passenger_lines": 1,  # RW-p22-06
    "perfect_engineering": 2,  # RW-p22-08
    "service_bounty": 6,  # RW-p22-12
    "railroad_era_begins": 1,  # RW-p22-20
    "tunnel_engineer": 4,  # RW-p22-25
}


@pytest.fixture
def game() -> Game:
    g = start(players=3)
    ready(g, g.state.order[0])
    return g


def seat_of(game: Game) -> int:
    seat = game.to_act
    assert seat is not None
    return seat


@pytest.mark.rules(
    "RW-p15-08",
    "RW-p15-12",
    "RW-p21-10",
    "RW-p21-11",
    "RW-p21-17",
    "RW-p21-19",
    "RW-p21-23",
    "RW-p21-28",
    "RW-p21-31",
    "RW-p22-02",
    "RW-p22-03",
    "RW-p22-04",
    "RW-p22-06",
    "RW-p22-08",
    "RW-p22-12",
    "RW-p22-20",
    "RW-p22-25",
)
def test_the_deck_has_the_appendix_rona_counts(game: Game) -> None:
    counts = Counter(card.effect for card in game.ruleset.cards.values())
    assert counts == RONA
    # 46 maple-leaf cards; the box's 50 also holds the four Golden Spike bounties.
    assert sum(RONA.values()) == 46 == 50 - 4
    assert all(card.text for card in game.ruleset.cards.values())
    # Cards of other decks only: no Speed Record, Railroad Executive, Western U.S.'s Golden
    # Spike, nor the Golden Spike bounties of the Transcontinental game (RW-p5-43).
    others = {"speed_record", "railroad_executive", "golden_spike", "golden_spike_bounty"}
    assert others.isdisjoint(counts)


@pytest.mark.rules("RW-p4-01", "RW-p4-02", "RW-p4-03", "RW-p21-02", "RW-p21-23", "RW-p22-02")
def test_start_cards_ferries_and_mines_among_them_are_laid_out(game: Game) -> None:
    display = Counter(game.card(c).effect for c in game.state.ops_display)
    for effect in ("ferry_line", "mine"):  # yellow S cards
        assert display[effect] == 5
    for effect in ("passenger_lines", "railroad_era_begins", "new_train"):
        assert display[effect] == 1
    assert display["service_bounty"] == 4  # four of the six at random
    bounties = [c for c in game.ruleset.cards.values() if c.effect == "service_bounty"]
    assert len(bounties) == 6
    dealt = len(game.state.ops_display) - (5 + 5 + 3 + 4)
    assert dealt == 2 * game.n  # then two cards per player from the deck (RW-p4-04)


@pytest.mark.rules("RW-p22-02", "RW-p21-04")
def test_a_mine_card_digs_goods_out_of_a_gray_city(game: Game) -> None:
    seat = seat_of(game)
    card = next(c for c in game.state.ops_display if c.startswith("mine-"))
    before = game.state.players[seat].cash
    cubes_before = len(game.state.cubes["whitehorse"])
    game.apply(TakeOperationsCard(seat=seat, card=card, target="whitehorse"))
    assert before - game.state.players[seat].cash == 10
    added = game.state.cubes["whitehorse"][cubes_before:]
    assert 1 <= len(added) <= 5 and len(set(added)) == len(added)  # distinct colours only
    assert card in game.state.ops_discard
    other = next(c for c in game.state.ops_display if c.startswith("mine-"))
    ready(game, seat)
    refused(game, TakeOperationsCard(seat=seat, card=other, target="whitehorse"), "RW-p22-02")
    refused(game, TakeOperationsCard(seat=seat, card=other, target="winnipeg"), "RW-p22-02")


@pytest.mark.rules("RW-p22-04", "RW-p21-02")
def test_new_train_goes_to_the_first_level_four_engine(game: Game) -> None:
    seat = seat_of(game)
    player = game.state.players[seat]
    player.engine, player.cash = 3, 20
    score = player.score
    game.apply(UpgradeEngine(seat=seat))
    assert player.engine == 4 and player.score == score + 4
    assert "new-train" in game.state.ops_discard


@pytest.mark.rules("RW-p21-11")
def test_boomtown_urbanizes_a_gray_city_without_cubes(game: Game) -> None:
    seat = seat_of(game)
    game.state.ops_display.append("boomtown")
    game.state.ops_deck.remove("boomtown")
    cubes = list(game.state.cubes["fort-nelson"])
    cash = game.state.players[seat].cash
    game.apply(TakeOperationsCard(seat=seat, card="boomtown", target="fort-nelson", color="blue"))
    assert game.state.city_colors["fort-nelson"] is Color.BLUE
    assert game.state.cubes["fort-nelson"] == cubes  # no cubes come with it
    assert game.state.players[seat].cash == cash  # and it is free


@pytest.mark.rules("RW-p21-19", "RW-p21-05")
def test_coal_fueled_engines_halve_an_upgrade_rounded_up(game: Game) -> None:
    seat = seat_of(game)
    give_card(game, seat, "coal-fueled-engines-1")
    player = game.state.players[seat]
    player.cash = 20
    game.apply(UpgradeEngine(seat=seat, cards=("coal-fueled-engines-1",)))
    assert 20 - player.cash == 3  # level 2 costs $5,000: half is 2.5, rounded up to 3
    assert "coal-fueled-engines-1" in game.state.ops_discard


@pytest.mark.rules("RW-p22-25")
def test_tunnel_engineer_halves_mountain_tiles_and_ridges(game: Game) -> None:
    seat = seat_of(game)
    give_card(game, seat, "tunnel-engineer-1")
    # Calgary west into the Rockies: mountain (21,7), water (21,6), mountain-free (20,6)...
    path = (H(21, 8), H(21, 7), H(21, 6), H(20, 6), H(20, 5))
    plain = game.plan(BuildTrack(seat=seat, path=path))
    halved = game.plan(BuildTrack(seat=seat, path=path, cards=("tunnel-engineer-1",)))
    assert 4 in plain.tile_costs  # the route crosses mountains
    expected = sum(t // 2 if t == 4 else t for t in plain.tile_costs) + plain.ridges * 2
    assert halved.cost == expected < plain.cost


@pytest.mark.rules("RW-p21-28", "RW-p21-29")
def test_land_grant_makes_open_tiles_free(game: Game) -> None:
    seat = seat_of(game)
    give_card(game, seat, "land-grant-1")
    # Fort McMurray east: two open hexes north of the snow line. Free open ground leaves the
    # snow line's $1,000 a tile (it is not the terrain's price).
    path = (H(15, 11), H(15, 12), H(15, 13))
    plan = game.plan(BuildTrack(seat=seat, path=path, exit=Side.E, cards=("land-grant-1",)))
    assert plan.cost == 2


@pytest.mark.rules("RW-p21-31", "RW-p21-06", "RW-p22-12", "RW-p22-20")
def test_hotel_and_bounty_pay_on_a_delivery_to_their_city(game: Game) -> None:
    seat = seat_of(game)
    other = (seat + 1) % game.n
    game.state.players[other].kept.append("hotel-winnipeg")
    game.state.ops_deck = [c for c in game.state.ops_deck if c != "hotel-winnipeg"]
    game.state.ops_display = [c for c in game.state.ops_display if c != "hotel-winnipeg"]
    if "service-bounty-winnipeg" not in game.state.ops_display:
        game.state.ops_display.append("service-bounty-winnipeg")
    link = support.build_link(game, seat, "regina", "winnipeg")
    support.set_cubes(game, "regina", [Color.RED])  # Winnipeg is red
    ready(game, seat)
    scores = [p.score for p in game.state.players]
    game.apply(DeliverGoods(seat=seat, city="regina", color="red", links=(link,)))
    # 1 for the link, 3 for the Winnipeg bounty, 1 for the first delivery of the game.
    assert game.state.players[seat].score - scores[seat] == 1 + 3 + 1
    assert game.state.players[other].score - scores[other] == 1  # the hotel's holder
