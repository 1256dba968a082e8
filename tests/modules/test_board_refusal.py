"""A board may refuse a module in its map.toml (``[modules.<id>] refused = "why"``): a board
whose own rules already have the module's (Australia's Switch Tracks, AU-018)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from railways.content.maps import load_map
from railways.rules import check_map, new_game


@pytest.mark.rules("AU-018")
def test_a_board_refuses_a_module_in_its_own_words():
    with pytest.raises(ValueError, match=r"switch-tracks: Railways of Australia has Switch Tr"):
        new_game("australia", 3, 1, {"modules": ["switch-tracks"]})
    new_game("nippon", 3, 1, {"modules": ["switch-tracks"]})  # a board that does not refuse


def test_the_refusal_is_checked_by_file_and_key():
    board = load_map("australia")
    assert not [p for p in check_map(board) if "switch-tracks" in p]
    for settings, defaults, wanted in (
        ({"refused": ""}, (), "map.toml:modules.switch-tracks.refused: expected the reason"),
        ({"refused": 3}, (), "map.toml:modules.switch-tracks.refused: expected the reason"),
        ({"refused": "no"}, ("switch-tracks",), "map.toml:modules.switch-tracks.refused: the "),
        ({"refused": "no", "x": 1}, (), "map.toml:modules.switch-tracks: a refused module"),
    ):
        bad = replace(board, module_params={"switch-tracks": settings}, default_modules=defaults)
        problems = check_map(bad)
        assert any(p.startswith(wanted) for p in problems), (settings, problems)
