"""What the boxes hold and what of it the rules rely on (RW-p2, RW-p3, RW-p5-43): the city
colours and terrains a board may use, the track tiles in the supply, how many player sets
(so how many players) a box has, and which boxes carry which special pieces and cards.

Expected values are the rulebook's numbers, written out here by hand.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

import support
from railways.content.maps import MapError, available_maps, load_map
from railways.core.actions import Bid, PassBid
from railways.core.board import Terrain
from railways.core.state import Phase
from railways.rules import new_game

TINY = Path(__file__).parents[1] / "fixtures" / "maps" / "tiny"
CITY_COLOURS = {"red", "yellow", "blue", "black", "purple", "gray"}  # RW-p2-06
NIPPON_BOX = {"nippon"}  # the Railways of Nippon box (164 tiles, four player sets)
TWO_BOXES = {"transcontinental"}  # the Eastern and Western U.S. boards side by side


def _broken_tiny(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    target = tmp_path / "tiny"
    shutil.copytree(TINY, target)
    text = (target / file).read_text()
    assert old in text
    (target / file).write_text(text.replace(old, new, 1))
    with pytest.raises(MapError) as info:
        load_map(target)
    return info.value.problems


@pytest.mark.rules("RW-p2-06")
@pytest.mark.parametrize("map_id", available_maps())
def test_every_board_colours_its_cities_with_the_six_city_colours(map_id: str) -> None:
    board = load_map(map_id)
    used = {city.color.value for city in board.cities.values()}
    assert used <= CITY_COLOURS, used - CITY_COLOURS
    assert {"red", "yellow", "blue"} <= used  # every board has goods cities of these


@pytest.mark.rules("RW-p2-06")
def test_a_city_of_another_colour_is_refused_where_it_is_written(tmp_path: Path) -> None:
    problems = _broken_tiny(tmp_path, "cities.toml", 'color = "red"', 'color = "green"')
    assert any(p.startswith("cities.toml:city[0].color:") and "green" in p for p in problems)


@pytest.mark.rules("RW-p2-07")
@pytest.mark.parametrize("map_id", available_maps())
def test_terrain_is_plains_water_mountains_and_ridge_lines(map_id: str) -> None:
    board = load_map(map_id)
    assert set(board.hexes.values()) <= {Terrain.OPEN, Terrain.WATER, Terrain.MOUNTAIN}
    assert Terrain.OPEN in set(board.hexes.values())
    assert board.ridges, "every board prints ridge lines"
    # a ridge line lies between two hexes of the board
    for edge in board.ridges:
        assert edge.a in board.hexes or edge.b in board.hexes


@pytest.mark.rules("RW-p2-07")
def test_a_terrain_the_rules_do_not_know_is_refused(tmp_path: Path) -> None:
    problems = _broken_tiny(tmp_path, "map.toml", "~ . . . . ~", "~ . s . . ~")
    assert any("unknown terrain letter 's'" in p for p in problems)


@pytest.mark.rules("RW-p2-14", "RW-p2-15")
@pytest.mark.parametrize("map_id", available_maps())
def test_the_track_supply_is_the_boxs_tiles(map_id: str) -> None:
    """217 tiles in a Railways of the World box, 164 in Nippon's; the Transcontinental game
    lays out two boards, and so two boxes of tiles."""
    supply = load_map(map_id).tables.tile_supply
    if map_id in NIPPON_BOX:
        expected = 164
    elif map_id in TWO_BOXES:
        expected = 2 * 217
    else:
        expected = 217
    assert sum(supply.values()) == expected
    assert set(supply) == {"straight", "gentle", "crossing"}


@pytest.mark.rules("RW-p2-16", "RW-p2-17")
@pytest.mark.parametrize("map_id", available_maps())
def test_no_board_seats_more_players_than_its_box_has_player_sets(map_id: str) -> None:
    """Six locomotive sets in a Railways of the World box, four in Nippon's."""
    sets = 4 if map_id in NIPPON_BOX else 6
    board = load_map(map_id)
    assert board.max_players <= sets
    with pytest.raises(ValueError, match="players"):
        new_game(map_id, players=board.max_players + 1, seed=1)


@pytest.mark.rules("RW-p2-16", "RW-p2-17")
def test_six_players_play_the_eastern_us_and_five_do_not_fit_on_nippon() -> None:
    assert len(new_game("eastern-us", players=6, seed=1).state.players) == 6
    assert len(new_game("nippon", players=4, seed=1).state.players) == 4
    with pytest.raises(ValueError):
        new_game("nippon", players=5, seed=1)


@pytest.mark.rules("RW-p2-17")
def test_a_seats_colour_marks_only_its_links_and_is_no_cube_colour() -> None:
    """Locomotive colours only tell owners apart: each seat's colour differs from every
    other seat's, in both front ends, and the terminal does not reuse a cube's colour."""
    from railways.cli.terminal import style

    six = [style.PLAYER_COLORS[s % len(style.PLAYER_COLORS)] for s in range(6)]
    assert len(set(six)) == 6
    assert not {"red", "yellow", "blue", "purple", "black", "grey", "gray"} & set(six)
    js = (Path(style.__file__).parents[2] / "web" / "static" / "common.js").read_text()
    line = next(ln for ln in js.splitlines() if "PLAYER_COLORS =" in ln)
    web = [part.strip(' "') for part in line.split("[", 1)[1].split("]", 1)[0].split(",")]
    assert len(web) == 6 and len(set(web)) == 6


@pytest.mark.rules("RW-p2-12")
def test_the_auction_winner_holds_the_first_player_marker_and_acts_first() -> None:
    game = support.start(players=3, to_actions=False)
    support.choose_barons(game)
    assert game.state.phase is Phase.AUCTION and game.state.first_player is None
    bidder = game.to_act
    assert bidder is not None
    game.state.players[(bidder + 1) % 3].cash = 5
    game.apply(PassBid(seat=bidder))
    winner = game.to_act
    assert winner is not None
    game.apply(Bid(seat=winner, amount=1))
    while game.state.phase is Phase.AUCTION:
        seat = game.to_act
        assert seat is not None and seat != winner
        game.apply(PassBid(seat=seat))
    assert game.state.first_player == winner
    assert game.to_act == winner


@pytest.mark.rules("RW-p3-16")
def test_the_special_link_tiles_are_not_part_of_nippon() -> None:
    """The two special link hexes belong to the Eastern U.S. board (RW-p3-15); Nippon's
    board has none and its rules have no plug-in for them."""
    nippon = new_game("nippon", players=3, seed=1)
    assert not [s for s in nippon.board.specials.values() if s.kind == "western_link"]
    assert "western_link" not in [p.id for p in nippon.ruleset.plugins]
    east = new_game("eastern-us", players=3, seed=1)
    assert len([s for s in east.board.specials.values() if s.kind == "western_link"]) == 2


@pytest.mark.rules("RW-p5-43")
def test_golden_spike_cards_are_dealt_only_in_the_transcontinental_game() -> None:
    """The four Golden Spike cards come in the North America box but are played only in
    the Transcontinental game: that deck holds them, North America's own does not."""
    transcontinental = new_game("transcontinental", players=4, seed=1)
    # (Western U.S. has its own card called Golden Spike, a different card: by effect here.)
    effects = Counter(c.effect for c in transcontinental.ruleset.cards.values())
    assert effects["golden_spike_bounty"] == 4
    cards = transcontinental.ruleset.cards.values()
    spikes = [c for c in cards if c.effect == "golden_spike_bounty"]
    assert all(c.name.startswith("Golden Spike") for c in spikes)
    america = new_game("north-america", players=4, seed=1)
    assert "golden_spike_bounty" not in {c.effect for c in america.ruleset.cards.values()}
    assert not [c for c in america.ruleset.cards.values() if c.name.startswith("Golden Spike")]
