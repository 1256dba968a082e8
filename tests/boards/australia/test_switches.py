"""Switch Tracks on the Australia board (AU-018, AU-025, AU-033): the switch-tracks module's
pieces are part of this map's rules. Bendigo (26,27) - 26,28 - 27,28 - 28,28 - Melbourne
(29,28) is the link the switch goes on; Ballarat (28,27) is one tile (27,27) west of 27,28."""

from __future__ import annotations

import pytest

from railways.core.actions import BuildTrack
from railways.rules import new_game

from .helpers import act_as, build, path, refused, side, start

BENDIGO_MELBOURNE = path("26,27", "26,28", "27,28", "28,28", "29,28")
TO_BALLARAT = path("27,28", "27,27", "28,27")


@pytest.mark.rules("AU-033", "AU-025")
def test_a_switch_on_own_track_for_5000_then_a_link_from_it():
    game = start()
    seat = game.to_act
    build(game, seat, BENDIGO_MELBOURNE)
    act_as(game, seat, cash=30)
    cash = game.state.players[seat].cash
    game.apply(BuildTrack(seat=seat, path=TO_BALLARAT))
    assert game.state.players[seat].cash == cash - (5 + 2)  # the switch and one open tile
    link = game.state.links[max(game.state.links)]
    assert link.end == "ballarat"
    marks = [m for m in game.state.plugin_data["switch_tracks"]["switches"]]
    assert [(m["hex"], m["seat"]) for m in marks] == [([27, 28], seat)]


@pytest.mark.rules("AU-033")
def test_the_switch_counts_as_one_of_four_and_one_link_a_build():
    game = start()
    seat = game.to_act
    build(game, seat, BENDIGO_MELBOURNE)
    act_as(game, seat, cash=60)
    # From the switch, four tiles through Victoria to Sale would be five builds.
    far = path("27,28", "27,29", "27,30", "27,31", "28,32", "29,31")
    error = refused(game, BuildTrack(seat=seat, path=far), "RW-p4-43")
    assert "switch" in str(error)


@pytest.mark.rules("AU-018", "AU-033")
def test_the_switch_tracks_module_is_refused_with_australia():
    with pytest.raises(ValueError, match="AU-018"):
        new_game("australia", players=2, seed=1, options={"modules": ["switch-tracks"]})


@pytest.mark.rules("AU-025", "AU-024", "AU-033")
def test_a_switch_on_a_split_hex_leaves_in_the_region_its_track_runs_in():
    game = start()
    seat = game.to_act
    build(game, seat, BENDIGO_MELBOURNE)  # runs through the split hex 26,28 in Victoria
    act_as(game, seat, cash=30)
    # Out of the switch into New South Wales (26,29): a crossing.
    into_nsw = BuildTrack(seat=seat, path=path("26,28", "26,29"), exit=side("26,29", "25,29"))
    refused(game, into_nsw, "AU-023")
    # Out of it into Victoria (27,27) and on to Ballarat: no crossing.
    game.apply(BuildTrack(seat=seat, path=path("26,28", "27,27", "28,27")))
    assert game.state.links[max(game.state.links)].end == "ballarat"
