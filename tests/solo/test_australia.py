"""Rail Barons solo on Railways of Australia (RB-089..095): the whole map, the ferry card on
the display, a target of 105 and the town tracker card.

Albury (26,31) is a town on the New South Wales / Victoria border, one river hex (25,31) from
Wagga Wagga (24,31); Bendigo (26,27) is in Victoria. The scenes play the fixed test deck
(tests/fixtures/solo/australia-railbot.toml) so the house deck can be recalibrated.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from railways.content.maps import load_map, map_dir
from railways.content.solo import load_solo
from railways.core.actions import BuildTrack, DeliverGoods, Pass, Urbanize
from railways.core.board import Color
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.invariants import check_invariants
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.boards.australia.solo import Kept
from railways.rules.solo.invariants import check_solo_invariants

from .helpers import (
    PLAYER,
    RAILBOT,
    cubes,
    fixture_solo,
    lay_link,
    railbot_links,
    refused,
    set_row,
    set_top,
    solo_state,
)

MAP = "australia"
WAGGA_ALBURY = tuple(Hex.from_offset(r, c) for r, c in ((24, 31), (25, 31), (26, 31)))
# RB-093 and RB-094: the tracker card's tables, for 1, 2, 3, 4, 5 towns.
BUILT = {0: 0, 1: 2, 2: 4, 3: 6, 4: 10, 5: 16, 6: 16}
DELIVERED = {0: 0, 1: 1, 2: 2, 3: 3, 4: 5, 5: 8, 6: 8}


def game(seed: int = 1) -> Game:
    """A solo game on Australia with the fixed test deck."""
    return fixture_solo(MAP, seed)


def quiet(g: Game) -> None:
    """An empty Railbot row: the card drawn after the second action resolves nothing."""
    set_row(g)


def bag_total(g: Game) -> int:
    return sum(g.state.bag.values())


def give_cash(g: Game, amount: int) -> None:
    """Cash for the scene, through the ledger (the invariants check that it explains it)."""
    g.receive(PLAYER, amount - g.state.players[PLAYER].cash, "test set-up")


def build_wagga_albury(g: Game) -> int:
    give_cash(g, 50)
    g.apply(BuildTrack(seat=PLAYER, path=WAGGA_ALBURY))
    return max(g.state.links)


def end_now(g: Game, score: int, built: list[str], delivered: list[str]) -> None:
    """Play the final turn (three passes) with this score and tracker."""
    kept = Kept(g)
    kept.built[:], kept.delivered[:] = built, delivered
    g.state.players[PLAYER].score = score
    g.state.end_trigger_turn = g.state.turn - 1  # this is the final turn: the Railbot rests
    for _ in range(3):
        g.apply(Pass(seat=PLAYER))
    assert g.over


def healthy(g: Game) -> None:
    assert check_invariants(g) == [] and check_solo_invariants(g) == []


@pytest.mark.rules("RB-089")
def test_no_city_is_out_of_play_the_whole_map_is_played() -> None:
    smap = load_solo(MAP)
    assert smap.out_of_play_cities == frozenset() and smap.out_of_play_lines == frozenset()
    assert (smap.base_exhaust, smap.empty_city_markers) == (3, 8)
    g = game()
    printed = load_map(MAP)
    # Every city and every town of the printed board, in all five regions (AU-007): 52 cities
    # and 13 towns.
    assert len(printed.cities) == 52 and len(printed.towns) == 13
    assert set(g.board.cities) == set(printed.cities) | set(printed.towns)
    assert len(g.board.regions) == 5
    assert g.state.ecm_needed == 8
    # The towns hold no goods until they are built (AU-028).
    assert all(g.state.cubes[t] == [] for t in printed.towns)
    # A small multiplayer game, by contrast, leaves regions out (AU-008).
    two = new_game(MAP, players=2, seed=1)
    assert len(two.board.regions) == 3 and "perth" not in two.board.cities


@pytest.mark.rules("RB-090")
def test_no_operations_card_leaves_the_deck() -> None:
    """The whole-map deck: region cards and both Triple Gauge cards stay; only the optional
    Black Star cards, which wait for their module, are out as in any game without it."""
    with (map_dir(MAP) / "operations.toml").open("rb") as fh:
        printed: list[dict[str, Any]] = tomllib.load(fh)["card"]
    ids: set[str] = set()
    for card in printed:
        if card.get("only_with"):
            continue
        copies = card.get("copies", 1)
        ids |= {card["id"]} if copies == 1 else {f"{card['id']}-{i + 1}" for i in range(copies)}
    g = game()
    assert set(g.ruleset.cards) == ids
    for card in ("triple-gauge-3", "triple-gauge-5", "hotel-alice-springs", "town-halls-creek"):
        assert card in g.ruleset.cards
    two = new_game(MAP, players=2, seed=1)  # a 2-player game leaves them out (AU-012, AU-015)
    assert "triple-gauge-3" not in two.ruleset.cards
    assert "hotel-alice-springs" not in two.ruleset.cards


@pytest.mark.rules("RB-091")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_ferry_card_starts_on_the_display_farthest_from_the_deck(seed: int) -> None:
    g = game(seed)
    display = g.state.ops_display
    # The ferry card first (farthest), two Service Bounties, one card dealt (RB-048).
    assert display[0] == "spirit-of-tasmania"
    assert len(display) == 4
    kinds = [g.card(c).effect for c in display]
    assert kinds[1:3] == ["service_bounty", "service_bounty"]
    assert kinds[3] not in ("service_bounty", "town")  # no Town card dealt (AU-016)


@pytest.mark.rules("RB-091", "RB-052")
def test_the_ferry_card_is_the_first_pushed_off() -> None:
    g = game()
    quiet(g)
    for _ in range(3):  # the turn ends: a fifth card comes to the display
        g.apply(Pass(seat=PLAYER))
    assert len(g.state.ops_display) == 5 and g.state.ops_display[0] == "spirit-of-tasmania"
    set_row(g, "deadhead-1")  # a Deadhead leaves room for four (RB-068)
    set_top(g, "fx-au-01")  # slot 1 acts
    g.apply(Pass(seat=PLAYER))
    g.apply(Pass(seat=PLAYER))
    assert "spirit-of-tasmania" not in g.state.ops_display
    assert "spirit-of-tasmania" in g.state.ops_discard
    assert len(g.state.ops_display) == 4


@pytest.mark.rules("RB-092", "RB-094")
@pytest.mark.parametrize(("score", "won"), [(104, True), (103, False)])
def test_the_target_is_105(score: int, won: bool) -> None:
    """One town delivered to adds 1 point (RB-094): 104 + 1 reaches 105, 103 + 1 does not."""
    g = game()
    assert solo_state(g).target == 105
    end_now(g, score, [], ["albury"])
    assert g.state.final_scores == {PLAYER: score + 1}
    assert (g.state.winner == PLAYER) is won


@pytest.mark.rules("RB-093")
def test_a_town_the_player_pays_for_puts_a_cube_on_the_tracker() -> None:
    g = game()
    quiet(g)
    before = bag_total(g)
    build_wagga_albury(g)
    # $3,000 for the river hex and $5,000 for the town (AU-028).
    assert g.state.players[PLAYER].cash == 50 - 3 - 5
    assert len(g.state.cubes["albury"]) == 2  # two cubes on the new gray city
    s = Kept(g)
    assert len(s.cubes) == 1 and s.built == ["albury"]  # the third on the tracker
    assert bag_total(g) == before - 3
    healthy(g)
    view = view_for(g, PLAYER)["plugins"]["solo"]["towns"]
    assert view["built"] == ["albury"] and view["built_points"] == 2


@pytest.mark.rules("RB-093")
def test_a_town_built_by_its_card_or_reached_again_puts_nothing_on_the_tracker() -> None:
    g = game()
    quiet(g)
    g.state.ops_deck.append("town-albury")  # the next Operations card turned up
    for _ in range(3):
        g.apply(Pass(seat=PLAYER))  # the turn ends and the card is turned up (AU-032)
    assert len(g.state.cubes["albury"]) == 2
    s = Kept(g)
    assert s.cubes == [] and s.built == []
    quiet(g)
    before = bag_total(g)
    build_wagga_albury(g)  # the town is built already: $3,000, no town to pay for
    assert g.state.players[PLAYER].cash == 50 - 3
    assert s.cubes == [] and s.built == [] and bag_total(g) == before
    healthy(g)


@pytest.mark.rules("RB-093")
@pytest.mark.parametrize("built", sorted(BUILT))
def test_towns_built_score_at_the_end(built: int) -> None:
    g = game()
    towns = ["albury", "mildura", "serviceton", "eucla", "esperance", "cooktown"][:built]
    end_now(g, 50, towns, ["wallangarra"])
    assert g.state.final_scores == {PLAYER: 50 + BUILT[built] + 1}


def _deliver_blue_to_albury(g: Game, link: int) -> int:
    """Deliver a blue cube from Wagga Wagga to Albury; the blue cubes in the bag just before."""
    cubes(g, "wagga-wagga", Color.BLUE)
    blue = g.state.bag[Color.BLUE]
    g.apply(DeliverGoods(seat=PLAYER, city="wagga-wagga", color="blue", links=(link,)))
    return blue


@pytest.mark.rules("RB-094")
def test_the_first_cube_delivered_to_a_town_goes_on_the_tracker() -> None:
    g = game()
    quiet(g)
    link = build_wagga_albury(g)
    g.apply(Urbanize(seat=PLAYER, city="albury", color="blue"))
    s = Kept(g)
    on_tracker = list(s.cubes)
    quiet(g)
    blue = _deliver_blue_to_albury(g, link)
    assert s.delivered == ["albury"]
    assert s.cubes == [*on_tracker, "blue"]
    assert g.state.bag[Color.BLUE] == blue  # the delivered cube did not come back
    healthy(g)
    # The second cube to the same town goes back into the bag as usual.
    blue = _deliver_blue_to_albury(g, link)
    assert s.delivered == ["albury"] and s.cubes == [*on_tracker, "blue"]
    assert g.state.bag[Color.BLUE] == blue + 1
    healthy(g)


@pytest.mark.rules("RB-094")
def test_a_delivery_to_a_city_that_was_never_a_town_is_not_counted() -> None:
    g = game()
    quiet(g)
    link = lay_link(g, PLAYER, "sydney", "newcastle")
    cubes(g, "sydney", g.state.city_colors["newcastle"])
    g.apply(
        DeliverGoods(
            seat=PLAYER, city="sydney", color=g.state.city_colors["newcastle"].value, links=(link,)
        )
    )
    assert Kept(g).delivered == [] and Kept(g).cubes == []


@pytest.mark.rules("RB-094")
def test_no_delivery_to_a_town_loses_whatever_the_score() -> None:
    g = game()
    end_now(g, 300, ["albury"], [])
    assert g.state.final_scores == {PLAYER: 300 + 2}
    assert g.state.winner is None
    assert "delivered no cube to a town" in g.state.log[-1]


@pytest.mark.rules("RB-094")
@pytest.mark.parametrize("delivered", sorted(DELIVERED))
def test_towns_delivered_to_score_at_the_end(delivered: int) -> None:
    g = game()
    towns = ["albury", "mildura", "serviceton", "eucla", "esperance", "cooktown"][:delivered]
    end_now(g, 50, [], towns)
    assert g.state.final_scores == {PLAYER: 50 + DELIVERED[delivered]}
    assert (g.state.winner is None) is True  # 50 is short of 105 either way


@pytest.mark.rules("RB-095")
def test_the_railbot_builds_a_town_it_must_reach() -> None:
    g = game()
    set_row(g, "fx-au-01", "fx-au-09", "fx-au-02")  # Wagga Wagga / Albury / Bendigo in slot 2
    set_top(g, "fx-au-07")  # a slot-2 card: the middle card acts
    before = bag_total(g)
    g.apply(Pass(seat=PLAYER))
    g.apply(Pass(seat=PLAYER))
    assert railbot_links(g) == [("wagga-wagga", "albury"), ("albury", "bendigo")]
    assert len(g.state.cubes["albury"]) == 2  # a gray city with two random cubes
    assert bag_total(g) == before - 2
    s = Kept(g)
    assert s.cubes == [] and s.built == []  # nothing for the player (RB-093)
    assert g.state.players[PLAYER].score == 0
    healthy(g)
    # Built by the Railbot, the town is a city the player may build to, for no town price.
    g.apply(Pass(seat=PLAYER))
    give_cash(g, 50)
    quiet(g)
    g.apply(BuildTrack(seat=PLAYER, path=WAGGA_ALBURY, exit=None))
    assert g.state.players[PLAYER].cash == 50 - 3


@pytest.mark.rules("RB-095", "RB-065")
def test_the_railbot_crosses_a_region_border_only_at_a_town() -> None:
    """Wagga Wagga (New South Wales) to Bendigo (Victoria): the Railbot holds no Triple Gauge
    card, so its path changes region at Albury, the border town, which it builds."""
    g = game()
    set_row(g, "fx-au-01", "fx-au-02", "fx-au-12")  # Wagga Wagga / Bendigo / Ballarat
    set_top(g, "fx-au-13")  # slot 3 acts
    g.apply(Pass(seat=PLAYER))
    g.apply(Pass(seat=PLAYER))
    links = railbot_links(g)
    assert links[:2] == [("wagga-wagga", "albury"), ("albury", "bendigo")]
    assert len(g.state.cubes["albury"]) == 2
    for link in g.state.links.values():
        assert link.owner == RAILBOT
    # The player may not lay the same crossing without a Triple Gauge card (AU-023).
    give_cash(g, 50)
    across = ((26, 27), (26, 28), (26, 29), (25, 29), (24, 30), (24, 31))  # Bendigo to Wagga
    refused(g, BuildTrack(seat=PLAYER, path=tuple(Hex.from_offset(*rc) for rc in across)), "AU-023")
