"""Railroad Operations cards of the Eastern U.S. deck.

The icons (RW-p5-34..41, RW-p21-01..06) and each card of the deck
(RW-p21-17, RW-p21-28/29, RW-p21-31, RW-p22-03, RW-p22-06..10, RW-p22-12,
RW-p22-17/18, RW-p22-20). A card is put on the display or in a hand by
editing the state; everything after that goes through ``Game.apply``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from railways.core.actions import (
    BuildTrack,
    DeliverGoods,
    Pass,
    TakeOperationsCard,
    UpgradeEngine,
)
from railways.core.board import Color, Terrain
from railways.core.cards import CardDef, Icon
from railways.core.game import Delivery, Game
from railways.core.legal import _cheapest_from, legal_actions, static_routes
from railways.rules import new_game
from support import make_turn, start

from .eus_helpers import link, pass_to_next_turn, place_cubes, refused, turn_of

PE = "perfect-engineering-1"
LG = "land-grant-1"


def game_with_display(*cards: str, players: int = 4) -> Game:
    """A game at the action rounds whose Operations display holds exactly ``cards``."""
    game = start(players)
    game.state.ops_display = list(cards)
    return game


def take(game: Game, seat: int, card: str, **choice: str) -> None:
    turn_of(game, seat)
    game.apply(TakeOperationsCard(seat=seat, card=card, **choice))


def route(game: Game, a: str, b: str, tiles: int = 4) -> tuple:
    """The cheapest empty-board path of hexes from city a to city b."""
    return static_routes(game.board, tiles)[(a, b)][0].path


def deliver(game: Game, seat: int, city: str, color: str, *links: int) -> None:
    turn_of(game, seat)
    game.apply(DeliverGoods(seat=seat, city=city, color=color, links=links))


# -- the deck --------------------------------------------------------------------------------
EUS_DECK = {
    "City Growth": (4, Icon.IMMEDIATE),
    "Government Land Grant": (4, Icon.HAND),
    "Hotel": (6, Icon.INFINITY),
    "New Industry": (4, Icon.IMMEDIATE),
    "Passenger Lines": (1, Icon.GOAL),
    "Perfect Engineering": (2, Icon.DIAMOND),
    "Railroad Executive": (2, Icon.IMMEDIATE),
    "Service Bounty": (6, Icon.GOAL),
    "Speed Record": (1, Icon.GOAL),
    "The Railroad Era Begins": (1, Icon.GOAL),
}


def _kind(name: str) -> str:
    return name.split(":")[0]


@pytest.mark.rules("RW-p10-05", "RW-p21-10")
def test_eastern_deck_has_31_cards_in_the_listed_numbers() -> None:
    game = start(4)
    cards = game.ruleset.cards.values()
    assert len(cards) == 31
    counts = Counter(_kind(c.name) for c in cards)
    assert counts == {name: n for name, (n, _icon) in EUS_DECK.items()}


@pytest.mark.rules("RW-p5-36", "RW-p21-01")
def test_every_card_carries_the_icon_of_its_kind() -> None:
    game = start(4)
    for card in game.ruleset.cards.values():
        assert card.icon is EUS_DECK[_kind(card.name)][1], card.id


@pytest.mark.rules("RW-p21-09")
def test_hotels_and_service_bounties_each_name_a_city_of_the_board() -> None:
    game = start(4)
    named = [c for c in game.ruleset.cards.values() if c.effect in ("hotel", "service_bounty")]
    assert len(named) == 12
    for kind in ("hotel", "service_bounty"):
        cities = [c.params["city"] for c in named if c.effect == kind]
        assert len(set(cities)) == 6  # six different cities per kind
        assert all(city in game.board.cities for city in cities)


# -- selecting a card (RW-p5-34, RW-p5-35) ---------------------------------------------------
@pytest.mark.rules("RW-p5-34")
def test_taking_a_card_is_one_action() -> None:
    game = game_with_display("city-growth-1")
    take(game, 0, "city-growth-1", target="chicago")
    assert game.to_act == 1
    assert "city-growth-1" not in game.state.ops_display


@pytest.mark.rules("RW-p5-34")
def test_only_a_card_on_the_display_can_be_taken() -> None:
    game = game_with_display("city-growth-1")
    turn_of(game, 0)
    refused(game, TakeOperationsCard(seat=0, card="city-growth-2", target="chicago"), "RW-p5-34")


@pytest.mark.rules("RW-p5-35")
def test_playing_a_card_is_part_of_the_action_it_helps() -> None:
    """A build with Land Grant is still one action: the next seat acts afterwards."""
    game = start(4)
    game.state.players[0].hand.append(LG)
    turn_of(game, 0)
    game.state.players[0].cash = 20
    game.apply(BuildTrack(seat=0, path=route(game, "albany", "new-york"), cards=(LG,)))
    assert game.to_act == 1
    assert game.state.round == 1


@pytest.mark.rules("RW-p5-35")
def test_a_card_cannot_be_played_on_an_action_it_does_not_help() -> None:
    game = start(4)
    player = game.state.players[0]
    player.hand.append(LG)
    player.cash = 20
    turn_of(game, 0)
    refused(game, UpgradeEngine(seat=0, cards=(LG,)), "RW-p5-35")
    nh_ny = link(game, 0, "new-haven", "new-york")
    place_cubes(game, "new-haven", [Color.RED])
    turn_of(game, 0)
    refused(
        game,
        DeliverGoods(seat=0, city="new-haven", color="red", links=(nh_ny,), cards=(LG,)),
        "RW-p5-35",
    )


# -- green circle: goals (RW-p5-37, RW-p21-02) ---------------------------------------------
@pytest.mark.rules("RW-p5-37", "RW-p21-02")
@pytest.mark.parametrize(
    "card", ["passenger-lines", "speed-record", "railroad-era-begins", "service-bounty-dallas"]
)
def test_goal_cards_cannot_be_taken(card: str) -> None:
    game = game_with_display(card, "city-growth-1")
    turn_of(game, 0)
    refused(game, TakeOperationsCard(seat=0, card=card), "RW-p5-37")
    offered = {a.card for a in legal_actions(game, 0).simple if isinstance(a, TakeOperationsCard)}
    assert offered == {"city-growth-1"}


def _ny_links(game: Game) -> dict[str, int]:
    """Seat 0's links around New Haven and New York (every one open terrain, $2,000)."""
    return {
        "phi-ny": link(game, 0, "philadelphia", "new-york"),
        "ny-nh": link(game, 0, "new-york", "new-haven"),
        "nh-prov": link(game, 0, "new-haven", "providence"),
        "prov-bos": link(game, 0, "providence", "boston"),
    }


@pytest.mark.rules("RW-p5-37", "RW-p21-02", "RW-p22-20")
def test_railroad_era_begins_goes_to_the_first_delivery_then_is_discarded() -> None:
    game = game_with_display("railroad-era-begins")
    links = _ny_links(game)
    place_cubes(game, "new-haven", [Color.RED, Color.RED])
    deliver(game, 0, "new-haven", "red", links["ny-nh"])
    assert game.state.players[0].score == 1 + 1  # the link and the card
    assert "railroad-era-begins" not in game.state.ops_display
    assert "railroad-era-begins" in game.state.ops_discard
    deliver(game, 0, "new-haven", "red", links["ny-nh"])
    assert game.state.players[0].score == 3  # only the link this time


@pytest.mark.rules("RW-p22-20")
def test_railroad_era_begins_goes_to_whoever_delivers_first() -> None:
    game = game_with_display("railroad-era-begins")
    ny_nh = link(game, 1, "new-york", "new-haven")
    place_cubes(game, "new-haven", [Color.RED])
    deliver(game, 1, "new-haven", "red", ny_nh)
    assert [p.score for p in game.state.players] == [0, 2, 0, 0]


@pytest.mark.rules("RW-p22-17", "RW-p22-18")
def test_speed_record_needs_exactly_three_links() -> None:
    """A four-link and a two-link delivery leave the card; a three-link one takes it."""
    game = game_with_display("speed-record")
    links = _ny_links(game)
    game.state.players[0].engine = 4
    place_cubes(game, "philadelphia", [Color.YELLOW])
    place_cubes(game, "new-york", [Color.YELLOW])
    place_cubes(game, "new-haven", [Color.YELLOW])
    four = (links["phi-ny"], links["ny-nh"], links["nh-prov"], links["prov-bos"])
    deliver(game, 0, "philadelphia", "yellow", *four)
    assert game.state.players[0].score == 4
    assert "speed-record" in game.state.ops_display
    deliver(game, 0, "new-haven", "yellow", links["nh-prov"], links["prov-bos"])
    assert game.state.players[0].score == 6
    assert "speed-record" in game.state.ops_display
    deliver(game, 0, "new-york", "yellow", *four[1:])
    assert game.state.players[0].score == 6 + 3 + 3
    assert "speed-record" in game.state.ops_discard


@pytest.mark.rules("RW-p22-06", "RW-p22-07")
def test_passenger_lines_first_to_four_colours() -> None:
    """Colours are counted per player; a repeat colour adds nothing; the fourth scores 4."""
    game = game_with_display("passenger-lines")
    ny_nh = link(game, 0, "new-york", "new-haven")
    nh_bos = link(game, 0, "new-haven", "boston")
    nh_prov = link(game, 0, "new-haven", "providence")
    ny_phi = link(game, 1, "new-york", "philadelphia")
    game.state.players[0].engine = 2
    place_cubes(game, "new-haven", [Color.RED, Color.RED, Color.YELLOW, Color.BLACK, Color.BLUE])
    place_cubes(game, "new-york", [Color.BLUE])
    deliver(game, 1, "new-york", "blue", ny_phi)  # seat 1's first colour
    deliver(game, 0, "new-haven", "red", ny_nh)
    deliver(game, 0, "new-haven", "red", ny_nh)
    deliver(game, 0, "new-haven", "yellow", nh_bos)
    deliver(game, 0, "new-haven", "black", nh_prov)
    # Four colours have been delivered at the table, but seat 0 has only three.
    assert "passenger-lines" in game.state.ops_display
    assert game.state.players[0].score == 4
    deliver(game, 0, "new-haven", "blue", ny_nh, ny_phi)  # over seat 1's link
    assert game.state.players[0].score == 4 + 1 + 4
    assert game.state.players[1].score == 1 + 1
    assert "passenger-lines" in game.state.ops_discard


def _bounty_links(game: Game) -> tuple[int, int]:
    """Seat 0 owns Savannah - Augusta, seat 1 owns Augusta - Charleston (purple city)."""
    sav_aug = link(game, 0, "savannah", "augusta")
    aug_cha = link(game, 1, "augusta", "charleston")
    game.state.players[0].engine = 2
    game.state.players[1].engine = 2
    return sav_aug, aug_cha


@pytest.mark.rules("RW-p22-12")
def test_service_bounty_full_bounty_over_other_players_links() -> None:
    """Owning the first link is enough to collect the whole bounty."""
    game = game_with_display("service-bounty-charleston")
    points = game.card("service-bounty-charleston").params["points"]
    sav_aug, aug_cha = _bounty_links(game)
    place_cubes(game, "savannah", [Color.PURPLE])
    deliver(game, 0, "savannah", "purple", sav_aug, aug_cha)
    assert game.state.players[0].score == 1 + points
    assert game.state.players[1].score == 1
    assert "service-bounty-charleston" in game.state.ops_discard


@pytest.mark.rules("RW-p22-12", "RW-p5-37")
def test_service_bounty_only_for_the_first_delivery_to_its_city() -> None:
    game = game_with_display("service-bounty-charleston")
    points = game.card("service-bounty-charleston").params["points"]
    sav_aug, aug_cha = _bounty_links(game)
    place_cubes(game, "savannah", [Color.PURPLE])
    place_cubes(game, "augusta", [Color.PURPLE, Color.YELLOW])
    # Not owning the first link: the delivery is refused and the bounty stays.
    turn_of(game, 1)
    refused(
        game,
        DeliverGoods(seat=1, city="savannah", color="purple", links=(sav_aug, aug_cha)),
        "RW-p5-32",
    )
    assert "service-bounty-charleston" in game.state.ops_display
    deliver(game, 1, "augusta", "purple", aug_cha)
    assert game.state.players[1].score == 1 + points
    deliver(game, 0, "savannah", "purple", sav_aug, aug_cha)
    assert game.state.players[0].score == 1  # the bounty is gone


@pytest.mark.rules("RW-p22-12")
def test_service_bounty_not_for_deliveries_elsewhere() -> None:
    game = game_with_display("service-bounty-charleston")
    sav_aug = link(game, 0, "savannah", "augusta")
    game.state.city_colors["augusta"] = Color.YELLOW  # as if urbanized
    place_cubes(game, "savannah", [Color.YELLOW])
    deliver(game, 0, "savannah", "yellow", sav_aug)
    assert game.state.players[0].score == 1
    assert "service-bounty-charleston" in game.state.ops_display


@pytest.mark.rules("RW-p22-12")
def test_four_of_the_six_service_bounties_start_face_up_the_rest_leave_the_game() -> None:
    chosen: set[frozenset[str]] = set()
    for seed in range(12):
        game = new_game("eastern-us", players=4, seed=seed)
        state = game.state
        bounties = {c for c in game.ruleset.cards if c.startswith("service-bounty")}
        shown = bounties & set(state.ops_display)
        assert len(shown) == 4
        assert not bounties & set(state.ops_deck)
        assert not bounties & set(state.ops_discard)
        chosen.add(frozenset(shown))
    assert len(chosen) > 1  # the four are drawn at random


# -- red X: used at once and discarded (RW-p5-39, RW-p21-04) --------------------------------
@pytest.mark.rules("RW-p5-39", "RW-p21-04", "RW-p21-17")
def test_city_growth_adds_two_random_cubes_to_the_chosen_city() -> None:
    game = game_with_display("city-growth-1")
    place_cubes(game, "tulsa", [])
    total = game.state.cubes_total()
    take(game, 0, "city-growth-1", target="tulsa")
    assert len(game.state.cubes["tulsa"]) == 2
    assert game.state.cubes_total() == total  # drawn from the bag
    player = game.state.players[0]
    assert "city-growth-1" not in player.hand + player.kept
    assert game.state.ops_discard == ["city-growth-1"]


@pytest.mark.rules("RW-p21-17")
def test_city_growth_needs_a_city() -> None:
    game = game_with_display("city-growth-1")
    turn_of(game, 0)
    refused(game, TakeOperationsCard(seat=0, card="city-growth-1"), "RW-p21-17")
    refused(game, TakeOperationsCard(seat=0, card="city-growth-1", target="atlantis"), "RW-p21-17")


@pytest.mark.rules("RW-p22-03", "RW-p5-39")
def test_new_industry_urbanizes_a_gray_city_for_free() -> None:
    game = game_with_display("new-industry-1")
    place_cubes(game, "tulsa", [])
    game.state.players[0].cash = 12
    tiles = game.state.new_city_tiles[Color.YELLOW]
    take(game, 0, "new-industry-1", target="tulsa", color="yellow")
    assert game.state.city_colors["tulsa"] is Color.YELLOW
    assert len(game.state.cubes["tulsa"]) == 2
    assert game.state.new_city_tiles[Color.YELLOW] == tiles - 1
    assert game.state.players[0].cash == 12
    assert game.state.ops_discard == ["new-industry-1"]


@pytest.mark.rules("RW-p22-03")
def test_new_industry_only_on_a_gray_city_with_a_real_tile() -> None:
    game = game_with_display("new-industry-1")
    turn_of(game, 0)
    refused(game, TakeOperationsCard(seat=0, card="new-industry-1", color="yellow"), "RW-p22-03")
    refused(
        game,
        TakeOperationsCard(seat=0, card="new-industry-1", target="chicago", color="yellow"),
        "RW-p5-16",
    )
    refused(
        game,
        TakeOperationsCard(seat=0, card="new-industry-1", target="tulsa", color="red"),
        "RW-p5-13",
    )


@pytest.mark.rules("RW-p22-09")
def test_railroad_executive_gives_two_actions_at_once() -> None:
    game = game_with_display("railroad-executive-1", "city-growth-1")
    take(game, 0, "railroad-executive-1")
    assert game.to_act == 0
    assert game.state.ops_discard == ["railroad-executive-1"]
    game.apply(TakeOperationsCard(seat=0, card="city-growth-1", target="chicago"))
    assert game.to_act == 0
    game.apply(Pass(seat=0))
    assert game.to_act == 1
    assert game.state.round == 1  # the extra actions came on top of the normal ones


@pytest.mark.rules("RW-p22-09")
def test_railroad_executive_actions_come_before_the_turn_ends() -> None:
    """Taken with the last action of the turn, its two actions still happen this turn."""
    game = game_with_display("railroad-executive-1")
    turn = game.state.turn
    game.state.round = 3
    make_turn(game, 3)
    game.apply(TakeOperationsCard(seat=3, card="railroad-executive-1"))
    game.apply(Pass(seat=3))
    assert (game.state.turn, game.to_act) == (turn, 3)
    game.apply(Pass(seat=3))
    assert game.state.turn == turn + 1


@pytest.mark.rules("RW-p22-09")
def test_railroad_executive_cannot_take_another_railroad_executive() -> None:
    game = game_with_display("railroad-executive-1", "railroad-executive-2")
    take(game, 0, "railroad-executive-1")
    refused(game, TakeOperationsCard(seat=0, card="railroad-executive-2"), "RW-p22-09")
    offered = [a for a in legal_actions(game, 0).simple if isinstance(a, TakeOperationsCard)]
    assert offered == []
    # Once the extra actions are over, the next player may take it normally.
    game.apply(Pass(seat=0))
    game.apply(Pass(seat=0))
    assert game.to_act == 1
    game.apply(TakeOperationsCard(seat=1, card="railroad-executive-2"))
    assert game.to_act == 1


@pytest.mark.rules("RW-p22-10")
def test_railroad_executive_is_never_dealt_at_setup() -> None:
    for seed in range(40):
        game = new_game("eastern-us", players=6, seed=seed)
        state = game.state
        assert not any(c.startswith("railroad-executive") for c in state.ops_display), seed
        assert {"railroad-executive-1", "railroad-executive-2"} <= set(state.ops_deck)
        bounties_out = 2
        assert len(state.ops_display) + len(state.ops_deck) == 31 - bounties_out


@pytest.mark.rules("RW-p22-10")
def test_railroad_executive_can_come_up_after_setup() -> None:
    game = start(4)
    deck = game.state.ops_deck
    deck.remove("railroad-executive-1")
    deck.append("railroad-executive-1")  # the top card
    pass_to_next_turn(game)
    assert game.state.ops_display[-1] == "railroad-executive-1"


# -- purple diamond (RW-p5-38, RW-p21-03, RW-p22-08) ------------------------------------------
@pytest.mark.rules("RW-p5-38", "RW-p21-03", "RW-p22-08")
def test_perfect_engineering_lays_five_tiles() -> None:
    game = game_with_display(PE)
    path = route(game, "chicago", "detroit", tiles=5)
    assert len(path) == 7
    game.state.players[0].cash = 30
    turn_of(game, 0)
    refused(game, BuildTrack(seat=0, path=path), "RW-p4-43")
    take(game, 0, PE)
    assert game.state.players[0].kept == [PE]
    turn_of(game, 0)
    game.apply(BuildTrack(seat=0, path=path, cards=(PE,)))
    (built,) = game.state.links.values()
    assert built.complete and len(built.tiles) == 5
    assert game.state.players[0].kept == [PE]  # kept for the rest of the game


@pytest.mark.rules("RW-p21-28", "RW-p22-08")
@pytest.mark.parametrize("card", ["land-grant-1", PE])
def test_a_build_cards_rules_are_made_once_per_rules_object(card: str) -> None:
    """A card's rules for a build are kept by the rules object they come from (asked for
    every build listed with the card): the same answer as made afresh, a new one for other
    rules."""
    game = new_game("eastern-us", players=3, seed=1)
    plain = game.build_rules(BuildTrack(seat=0, path=()))
    effect, card_def = game.card_effect(game.card(card)), game.card(card)
    first = effect.build_rules(game, 0, card_def, plain)
    assert effect.build_rules(game, 0, card_def, plain) is first
    expected = (
        replace(plain, free_open=True)
        if card != PE
        else replace(plain, max_tiles=max(plain.max_tiles, 5))
    )
    assert first == expected and first != plain
    other = replace(plain, max_tiles=6)
    assert effect.build_rules(game, 0, card_def, other) == (
        replace(other, free_open=True) if card != PE else other
    )


@pytest.mark.rules("RW-p22-08")
def test_perfect_engineering_still_limits_a_build_to_five() -> None:
    game = start(4)
    game.state.players[0].kept.append(PE)
    game.state.players[0].cash = 40
    far = next(r for r in _cheapest_from(game.board, "chicago", 8).values() if len(r) >= 9)
    turn_of(game, 0)
    for tiles, ok in ((6, False), (5, True)):
        path = far[: tiles + 1]
        exit_ = path[-1].side_towards(far[tiles + 1])
        action = BuildTrack(seat=0, path=path, exit=exit_, cards=(PE,))
        if ok:
            game.apply(action)
        else:
            refused(game, action, "RW-p4-43")
    (partial,) = game.state.links.values()
    assert len(partial.tiles) == 5 and not partial.complete


@pytest.mark.rules("RW-p5-38", "RW-p21-03", "RW-p22-08")
def test_perfect_engineering_once_per_turn_then_again_next_turn() -> None:
    game = start(4)
    game.state.players[0].kept.append(PE)
    game.state.players[0].cash = 40
    turn_of(game, 0)
    game.apply(BuildTrack(seat=0, path=route(game, "chicago", "detroit", 5), cards=(PE,)))
    turn_of(game, 0)
    second = route(game, "cincinnati", "st-louis", 5)
    refused(game, BuildTrack(seat=0, path=second, cards=(PE,)), "RW-p5-38")
    # A four-tile build without the card is still fine in the same turn.
    game.apply(BuildTrack(seat=0, path=route(game, "chicago", "milwaukee")))
    pass_to_next_turn(game)
    turn_of(game, 0)
    game.state.players[0].cash = 40
    game.apply(BuildTrack(seat=0, path=second, cards=(PE,)))
    assert sum(1 for lk in game.state.links.values() if len(lk.tiles) == 5) == 2


@pytest.mark.rules("RW-p5-40", "RW-p5-38")
def test_a_card_must_be_held_to_be_used() -> None:
    game = start(4)
    game.state.players[0].cash = 30
    turn_of(game, 0)
    refused(
        game, BuildTrack(seat=0, path=route(game, "chicago", "detroit", 5), cards=(PE,)), "RW-p5-40"
    )
    refused(
        game, BuildTrack(seat=0, path=route(game, "albany", "new-york"), cards=(LG,)), "RW-p5-40"
    )


# -- hand of cards (RW-p5-40, RW-p21-05, RW-p21-28, RW-p21-29) -------------------------------
def _non_open_cost(game: Game, path: tuple) -> int:
    costs = game.board.tables.terrain_costs
    return sum(
        costs.of(game.board.hexes[h]) for h in path[1:-1] if game.board.hexes[h] is not Terrain.OPEN
    )


@pytest.mark.rules("RW-p5-40", "RW-p21-05")
def test_land_grant_is_kept_in_hand_until_played() -> None:
    game = game_with_display(LG)
    take(game, 0, LG)
    assert game.state.players[0].hand == [LG]
    # A build without it pays in full and keeps the card, even into the next turn.
    game.state.players[0].cash = 20
    turn_of(game, 0)
    game.apply(BuildTrack(seat=0, path=route(game, "new-york", "new-haven")))
    assert game.state.players[0].cash == 18
    pass_to_next_turn(game)
    assert game.state.players[0].hand == [LG]


@pytest.mark.rules("RW-p21-28", "RW-p21-29", "RW-p5-40", "RW-p21-05")
def test_land_grant_makes_open_terrain_free_and_is_discarded() -> None:
    """Albany - New York crosses one river and one open hex: only the river is paid."""
    game = start(4)
    game.state.players[0].hand.append(LG)
    game.state.players[0].cash = 20
    path = route(game, "albany", "new-york")
    kinds = sorted(game.board.hexes[h].value for h in path[1:-1])
    assert kinds == ["open", "water"]
    turn_of(game, 0)
    game.apply(BuildTrack(seat=0, path=path, cards=(LG,)))
    assert game.state.players[0].cash == 20 - _non_open_cost(game, path)
    assert game.state.players[0].cash == 17
    assert game.state.players[0].hand == []
    assert game.state.ops_discard == [LG]
    # Played once, it is gone.
    turn_of(game, 0)
    refused(
        game, BuildTrack(seat=0, path=route(game, "new-york", "new-haven"), cards=(LG,)), "RW-p5-40"
    )


@pytest.mark.rules("RW-p21-28")
def test_land_grant_covers_a_single_build() -> None:
    game = start(4)
    game.state.players[0].hand.append(LG)
    game.state.players[0].cash = 20
    turn_of(game, 0)
    game.apply(BuildTrack(seat=0, path=route(game, "new-york", "new-haven"), cards=(LG,)))
    assert game.state.players[0].cash == 20
    turn_of(game, 0)
    game.apply(BuildTrack(seat=0, path=route(game, "new-haven", "boston")))
    assert game.state.players[0].cash == 18


@pytest.mark.rules("RW-p21-29", "RW-p22-08")
def test_land_grant_with_perfect_engineering_five_free_tiles() -> None:
    game = start(4)
    player = game.state.players[0]
    player.hand.append(LG)
    player.kept.append(PE)
    player.cash = 5
    path = route(game, "atlanta", "mobile", 5)
    assert all(game.board.hexes[h] is Terrain.OPEN for h in path[1:-1])
    turn_of(game, 0)
    game.apply(BuildTrack(seat=0, path=path, cards=(LG, PE)))
    assert (player.cash, player.bonds) == (5, 0)
    assert player.hand == [] and player.kept == [PE]


# -- infinity (RW-p5-41, RW-p21-06, RW-p21-31) -----------------------------------------------
@pytest.mark.rules("RW-p5-41", "RW-p21-06", "RW-p21-31")
def test_hotel_scores_for_every_delivery_to_its_city_by_anyone() -> None:
    game = game_with_display("hotel-new-york")
    take(game, 0, "hotel-new-york")
    assert game.state.players[0].kept == ["hotel-new-york"]
    nh_ny = link(game, 1, "new-haven", "new-york")
    nh_bos = link(game, 1, "new-haven", "boston")
    place_cubes(game, "new-haven", [Color.RED, Color.RED, Color.YELLOW])
    deliver(game, 1, "new-haven", "red", nh_ny)
    assert [p.score for p in game.state.players[:2]] == [1, 1]
    deliver(game, 1, "new-haven", "red", nh_ny)
    assert [p.score for p in game.state.players[:2]] == [2, 2]
    deliver(game, 1, "new-haven", "yellow", nh_bos)  # Boston: no hotel point
    assert [p.score for p in game.state.players[:2]] == [2, 3]
    assert game.state.players[0].kept == ["hotel-new-york"]


@pytest.mark.rules("RW-p21-31")
def test_hotel_holder_delivering_there_gets_the_point_too() -> None:
    game = game_with_display()
    game.state.players[0].kept.append("hotel-new-york")
    nh_ny = link(game, 0, "new-haven", "new-york")
    place_cubes(game, "new-haven", [Color.RED])
    deliver(game, 0, "new-haven", "red", nh_ny)
    assert game.state.players[0].score == 2


@pytest.mark.rules("RW-p21-31", "RW-p22-12")
def test_hotel_and_bounty_hooks_are_asked_only_for_deliveries_to_their_city(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = game_with_display("hotel-new-york")
    take(game, 0, "hotel-new-york")
    hotel = game.card_effect(game.card("hotel-new-york"))
    assert hotel.delivery_city(game.card("hotel-new-york")) == "new-york"
    bounties = [c for c in game.ruleset.cards.values() if c.effect == "service_bounty"]
    assert bounties and all(
        game.card_effect(c).delivery_city(c) == c.params["city"] for c in bounties
    )
    asked: list[str] = []

    def spy(g: Game, delivery: Delivery, card: CardDef, holder: int | None) -> None:
        asked.append(delivery.destination)

    monkeypatch.setattr(hotel, "after_delivery", spy)
    nh_ny = link(game, 1, "new-haven", "new-york")
    nh_bos = link(game, 1, "new-haven", "boston")
    place_cubes(game, "new-haven", [Color.RED, Color.YELLOW])
    deliver(game, 1, "new-haven", "yellow", nh_bos)
    assert asked == []  # Boston: the Hotel is not asked
    deliver(game, 1, "new-haven", "red", nh_ny)
    assert asked == ["new-york"]


@pytest.mark.rules("RW-p21-31", "RW-p5-41")
def test_hotel_on_the_display_scores_for_nobody() -> None:
    game = game_with_display("hotel-new-york")
    nh_ny = link(game, 1, "new-haven", "new-york")
    place_cubes(game, "new-haven", [Color.RED])
    deliver(game, 1, "new-haven", "red", nh_ny)
    assert [p.score for p in game.state.players] == [0, 1, 0, 0]
    assert game.state.ops_display == ["hotel-new-york"]
