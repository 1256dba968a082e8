"""Random games with every module alone and the compatible ones together, on two boards,
with every check of ``railways simulate`` (invariants, secrets in views, record replay)."""

from __future__ import annotations

from pathlib import Path

import pytest

from railways.cli.simulate import play_one
from railways.rules.modules.base import module_classes

# Modules that fit together (one turn-order module: auction-v2).
TOGETHER = (
    "auction-v2",
    "cube-reduction",
    "cut-throat",
    "event-deck",
    "hotels",
    "mines",
    "shorter-game",
    "switch-tracks",
)
# The board and player count each module is played with alone.
TOLL_VALLEY = Path(__file__).resolve().parents[1] / "fixtures" / "maps" / "toll-valley"
ALONE = {mid: ("eastern-us", 4) for mid in module_classes()} | {
    "glenn-drover": ("eastern-us", 2),
    "black-stars": ("mexico", 4),  # only Mexico's decks have Black Star cards
    "base-score-track": ("australia", 4),  # Australia's modules (AU-020, AU-047..AU-049)
    "australia-optional-barons": ("australia", 4),
    # The Transcontinental game's own options (RW-p8-34..36, RW-p9-39..42).
    "baron-option-2": ("transcontinental", 4),
    "baron-option-2-variant": ("transcontinental", 4),
    "transcontinental-faster": ("transcontinental", 4),
}


@pytest.mark.slow
@pytest.mark.parametrize("module", sorted(ALONE))
def test_each_module_alone_plays_a_checked_game(module):
    map_id, players = ALONE[module]
    result = play_one(map_id, players, ["random"], seed=11, check=True, modules=(module,))
    assert result.problems == []
    assert result.finished


@pytest.mark.slow
@pytest.mark.parametrize(
    ("map_id", "modules"),
    [
        ("eastern-us", TOGETHER),
        # Toll Valley (a test board with its own plug-in) is not on the cube chart.
        (str(TOLL_VALLEY), tuple(m for m in TOGETHER if m != "cube-reduction")),
    ],
)
def test_compatible_modules_together_on_two_boards(map_id, modules, monkeypatch):
    monkeypatch.setenv("RAILWAYS_PLUGINS", "tests.fixtures.plugins.toll_valley")
    monkeypatch.syspath_prepend(str(TOLL_VALLEY.parents[3]))
    for seed in (1, 2):
        result = play_one(map_id, 3, ["greedy", "random"], seed=seed, check=True, modules=modules)
        assert result.problems == []
        assert result.finished
