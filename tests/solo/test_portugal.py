"""Rail Barons solo on Portugal (RB-082..088): all cities in play, the maritime links, the
islands spared by Exhaust, the Black City and the Final Evaluation card that comes back."""

from __future__ import annotations

import pytest

from railways.content.maps import load_map
from railways.content.solo import load_solo
from railways.core.board import Color
from railways.core.game import Game
from railways.rules.solo.actions import RailbotBlackCity, RailbotExhaust, RailbotRemoveCube

from .helpers import (
    PLAYER,
    RAILBOT,
    choice_kinds,
    cubes,
    lay_link,
    railbot_links,
    real_solo,
    refused,
    set_row,
    set_top,
    solo_state,
    to_railbot,
)

MAP = "portugal"
MARITIME = "pt-07"  # Açores/Lisboa and Madeira/Sagres (RB-088)
ISLANDS = ("acores", "madeira")


def game(seed: int = 1) -> Game:
    return real_solo(seed, map_id=MAP)


def _simple(g: Game):  # type: ignore[no-untyped-def]
    from railways.core.legal import legal_actions

    return legal_actions(g, PLAYER).simple


@pytest.mark.rules("RB-082", "RB-043")
def test_every_city_is_in_play_with_its_printed_cubes() -> None:
    """No cube fewer on Portugal (the appendix); the solo ``[cubes]`` table (house calibration,
    issue 28) gives ten cities more, and only more."""
    g = game()
    printed = load_map(MAP)
    extra = load_solo(MAP).city_cubes
    assert set(g.board.cities) == set(printed.cities)
    assert extra and all(n > printed.cities[c].cubes for c, n in extra.items())
    for city, held in g.state.cubes.items():
        assert len(held) == extra.get(city, printed.cities[city].cubes), city
    assert g.state.ecm_needed == 8 and solo_state(g).base_exhaust == 3


@pytest.mark.rules("RB-084", "RB-048")
def test_two_bounties_and_two_operations_cards_and_final_evaluation_half_way() -> None:
    for seed in range(8):
        g = game(seed)
        cards = g.ruleset.cards
        display = g.state.ops_display
        assert len(display) == 4
        assert [cards[c].effect for c in display[:2]] == ["service_bounty"] * 2
        assert all(cards[c].effect != "service_bounty" for c in display[2:])
        s = solo_state(g)
        fe = s.deck.index("final-evaluation")
        assert abs(fe - (len(s.deck) - 1) // 2) <= 1


def _first_evaluation(g: Game) -> None:
    set_top(g, "final-evaluation")
    to_railbot(g)


@pytest.mark.rules("RB-084", "RB-086", "RB-087")
def test_first_final_evaluation_places_a_black_city_and_goes_back_to_the_bottom() -> None:
    """The leftmost row card names Lisboa, Santarém, then gray Entroncamento: the Black City
    goes there; no Railbot card acts this turn and the game goes on."""
    g = game()
    set_row(g, "pt-01", "pt-02", "pt-03")  # pt-01: Lisboa/Santarém/Entroncamento
    row = list(solo_state(g).row)
    tiles = g.state.new_city_tiles[Color.BLACK]
    before = list(g.state.cubes["entroncamento"])
    _first_evaluation(g)
    s = solo_state(g)
    assert g.state.city_colors["entroncamento"] is Color.BLACK
    assert g.state.new_city_tiles[Color.BLACK] == tiles - 1
    assert g.state.cubes["entroncamento"] == before  # no cubes come with the tile
    assert s.evaluations == 1 and g.state.end_trigger_turn is None
    assert s.deck.index("final-evaluation") <= 2  # among the bottom three (RB-087)
    assert s.row == row and not s.discard and not railbot_links(g)  # nothing resolved
    assert g.state.round == 3  # on to the third action


@pytest.mark.rules("RB-086")
def test_the_black_city_skips_cards_without_a_gray_city_available() -> None:
    """pt-13 (Sevilla/Huelva/Faro) names no gray city; pt-02 names Chaves, but Chaves is
    empty (an Empty City Marker): the third card, pt-06, gives Sagres."""
    g = game()
    set_row(g, "pt-13", "pt-02", "pt-06")
    cubes(g, "chaves")  # empty: it gets its Empty City Marker
    g.state.ecm.add("chaves")
    _first_evaluation(g)
    assert g.state.city_colors["chaves"] is Color.GRAY
    assert g.state.city_colors["sagres"] is Color.BLACK


@pytest.mark.rules("RB-086")
def test_with_no_gray_city_on_the_row_the_player_chooses_one() -> None:
    g = game()
    set_row(g, "pt-13", "pt-14", "pt-10")  # no gray city on any of them
    _first_evaluation(g)
    assert choice_kinds(g) == {"railbot_black_city"}
    offered = {a.city for a in _simple(g) if isinstance(a, RailbotBlackCity)}
    grays = {c for c, col in g.state.city_colors.items() if col is Color.GRAY}
    assert offered == grays - g.state.ecm and "guarda" in offered
    refused(g, RailbotBlackCity(seat=PLAYER, city="lisboa"), "RB-086")  # red, not gray
    g.apply(RailbotBlackCity(seat=PLAYER, city="guarda"))
    assert g.state.city_colors["guarda"] is Color.BLACK and g.state.round == 3


@pytest.mark.rules("RB-013", "RB-084")
def test_the_second_final_evaluation_ends_the_game() -> None:
    g = game()
    set_row(g, "pt-01", "pt-02", "pt-03")
    _first_evaluation(g)
    while g.state.round == 3:
        g.apply(_pass())
    set_top(g, "final-evaluation")
    to_railbot(g)
    assert solo_state(g).evaluations == 2 and g.state.end_trigger_turn is not None


def _pass():  # type: ignore[no-untyped-def]
    from railways.core.actions import Pass

    return Pass(seat=PLAYER)


@pytest.mark.rules("RB-088")
def test_the_maritime_card_lays_both_links_then_takes_a_cube_from_each_island() -> None:
    g = game()
    cubes(g, "acores", Color.RED)
    cubes(g, "madeira", Color.BLUE, Color.YELLOW)
    set_row(g, "pt-01", MARITIME, "pt-03")
    set_top(g, "pt-08")  # slot 2: the maritime card acts
    score = g.state.players[PLAYER].score
    to_railbot(g)
    assert sorted(railbot_links(g)) == [("lisboa", "acores"), ("sagres", "madeira")]
    assert g.state.cubes["acores"] == []  # one colour: taken at once
    assert choice_kinds(g) == {"railbot_remove_cube"}  # Madeira: the player's choice
    refused(g, RailbotRemoveCube(seat=PLAYER, city="madeira", color="red"), "RB-065")
    g.apply(RailbotRemoveCube(seat=PLAYER, city="madeira", color="yellow"))
    assert g.state.cubes["madeira"] == [Color.BLUE]
    assert g.state.players[PLAYER].score == score  # no point: this is not Building Links


@pytest.mark.rules("RB-088")
def test_the_maritime_card_builds_even_if_the_islands_are_joined_and_skips_a_taken_lane() -> None:
    """Lisboa - Açores is the player's already (its lane holds the player's track): that lane
    takes no second link. Madeira is joined to Sagres through nothing, and is built."""
    g = game()
    lay_link(g, PLAYER, "lisboa", "acores")
    cubes(g, "acores", Color.RED)
    cubes(g, "madeira", Color.BLUE)
    set_row(g, "pt-01", MARITIME, "pt-03")
    set_top(g, "pt-08")
    to_railbot(g)
    assert railbot_links(g) == [("sagres", "madeira")]
    assert g.state.cubes["acores"] == [] and g.state.cubes["madeira"] == []


@pytest.mark.rules("RB-085", "RB-071")
def test_exhaust_never_takes_goods_from_the_islands() -> None:
    g = game()
    for city, held in list(g.state.cubes.items()):
        if Color.PURPLE in held:
            cubes(g, city, *[c for c in held if c is not Color.PURPLE])
    cubes(g, "acores", Color.PURPLE, Color.PURPLE)
    cubes(g, "madeira", Color.PURPLE)
    cubes(g, "braga", Color.PURPLE, Color.RED)
    cubes(g, "sines", Color.PURPLE)
    set_row(g, "pt-01", "exhaust-purple", "pt-03")
    set_top(g, "pt-08")  # slot 2: Exhaust Purple, three cubes
    to_railbot(g)
    # Only two purple cubes may go (Braga's and Sines'); the islands keep theirs.
    assert g.state.cubes["braga"] == [Color.RED] and g.state.cubes["sines"] == []
    assert g.state.cubes["acores"] == [Color.PURPLE, Color.PURPLE]
    assert g.state.cubes["madeira"] == [Color.PURPLE]


@pytest.mark.rules("RB-085")
def test_an_exhaust_choice_never_offers_an_island() -> None:
    g = game()
    for city, held in list(g.state.cubes.items()):
        if Color.PURPLE in held:
            cubes(g, city, *[c for c in held if c is not Color.PURPLE])
    cubes(g, "acores", Color.PURPLE)
    cubes(g, "braga", Color.PURPLE, Color.PURPLE)
    cubes(g, "sines", Color.PURPLE, Color.PURPLE)
    set_row(g, "pt-01", "exhaust-purple", "pt-03")
    set_top(g, "pt-08")
    to_railbot(g)
    offered = {a.city for a in _simple(g) if isinstance(a, RailbotExhaust)}
    assert offered == {"braga", "sines"}
    refused(g, RailbotExhaust(seat=PLAYER, city="acores", color="purple"), "RB-071")


@pytest.mark.rules("RB-085", "RB-065")
def test_the_railbot_may_use_the_maritime_connections() -> None:
    """A path from Madeira to the Açores runs over both lanes (the only way to the islands);
    the Railbot lays it in links, the lanes among them."""
    from railways.rules.solo.paths import cheapest_path

    g = game()
    legs = cheapest_path(g, "madeira", "acores")
    assert legs is not None
    ends = [(g.board.city_at(leg[0]).id, g.board.city_at(leg[-1]).id) for leg in legs]  # type: ignore[union-attr]
    assert ends[0] == ("madeira", "sagres") and ends[-1] == ("lisboa", "acores")


@pytest.mark.rules("RB-083")
def test_a_capital_charter_counts_the_railbots_maritime_link_into_its_city() -> None:
    g = game()
    g.state.players[PLAYER].kept.append("capital-charter-lisboa")
    for pile in (g.state.ops_deck, g.state.ops_display):
        if "capital-charter-lisboa" in pile:
            pile.remove("capital-charter-lisboa")
    cubes(g, "acores", Color.RED)
    cubes(g, "madeira", Color.RED)
    set_row(g, "pt-01", MARITIME, "pt-03")
    set_top(g, "pt-08")
    score = g.state.players[PLAYER].score
    to_railbot(g)
    assert ("lisboa", "acores") in railbot_links(g)
    assert g.state.players[PLAYER].score == score + 1  # Lisboa's link; Sagres has no charter


@pytest.mark.rules("RB-083", "RB-012")
def test_the_charter_ignores_the_railbots_other_links_into_its_city() -> None:
    g = game()
    g.state.players[PLAYER].kept.append("capital-charter-lisboa")
    for pile in (g.state.ops_deck, g.state.ops_display):
        if "capital-charter-lisboa" in pile:
            pile.remove("capital-charter-lisboa")
    set_row(g, "pt-01", "pt-02", "pt-03")  # Lisboa/Santarém/Entroncamento
    set_top(g, "pt-04")  # slot 1
    score = g.state.players[PLAYER].score
    to_railbot(g)
    assert ("lisboa", "santarem") in railbot_links(g)
    assert all(lk.owner == RAILBOT for lk in g.state.links.values())
    assert g.state.players[PLAYER].score == score
