"""Game records: save, load, replay; bad records are refused saying where."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from railways.bots.random_bot import RandomBot
from railways.core.errors import RecordError
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.record import GameRecord
from railways.core.view import view_for
from railways.rules import new_game
from railways.rules.records import game_from_record, load_record, record_of, save_record
from waits import RUN_SECONDS


def _play(game: Game, bot: RandomBot, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))


@pytest.fixture()
def midgame() -> Game:
    game = new_game("eastern-us", players=4, seed=11)
    _play(game, RandomBot(3), 120)
    return game


def test_record_round_trips(midgame: Game) -> None:
    data = record_of(midgame).to_dict()
    again = GameRecord.from_dict(json.loads(json.dumps(data)))
    assert again == record_of(midgame)
    assert again.to_dict() == data


def test_saved_midgame_continues_identically(midgame: Game, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record(midgame, path)
    loaded = load_record(path)
    assert view_for(loaded, None) == view_for(midgame, None)
    _play(midgame, RandomBot(9), 10_000)
    _play(loaded, RandomBot(9), 10_000)
    assert midgame.over and loaded.over
    assert view_for(loaded, None) == view_for(midgame, None)
    assert loaded.state.final_scores == midgame.state.final_scores


def test_tampered_record_is_refused(midgame: Game) -> None:
    data = record_of(midgame).to_dict()
    data["seed"] += 1
    with pytest.raises(RecordError) as err:
        GameRecord.from_dict(data)
    assert err.value.where == "digest"


def test_illegal_action_in_record_is_named_by_index(midgame: Game) -> None:
    data = record_of(midgame).to_dict()
    del data["digest"]
    bad = next(i for i, a in enumerate(data["actions"]) if a["kind"] == "build_track")
    data["actions"][bad]["path"] = data["actions"][bad]["path"][:1]
    with pytest.raises(RecordError) as err:
        game_from_record(data)
    assert err.value.where == f"actions[{bad}]"


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.pop("actions"), "actions"),
        (lambda d: d.update(format="something-else"), "format"),
        (lambda d: d.update(seats="Ann"), "seats"),
        (lambda d: d.update(seed="x"), "seed"),
        (lambda d: d["actions"].append({"kind": "teleport", "seat": 0}), "actions["),
        (lambda d: d["actions"].append({"kind": "bid", "seat": 0, "amount": "lots"}), "actions["),
        (lambda d: d.update(extra=1), "extra"),
    ],
)
def test_malformed_records_say_where(midgame: Game, change: object, where: str) -> None:
    data = record_of(midgame).to_dict()
    del data["digest"]
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError) as err:
        game_from_record(data)
    assert err.value.where.startswith(where)


def test_truncated_file_is_refused(midgame: Game, tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    save_record(midgame, path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert "not valid JSON" in err.value.message


def test_unknown_map_in_record(midgame: Game) -> None:
    data = record_of(midgame).to_dict()
    del data["digest"]
    data["map"] = "atlantis"
    with pytest.raises(RecordError) as err:
        game_from_record(data)
    assert err.value.where == "map"


def test_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"options\.shortr_game"):
        new_game("eastern-us", players=3, seed=1, options={"shortr_game": True})
    with pytest.raises(ValueError, match=r"options\.universal_barons"):
        new_game("eastern-us", players=3, seed=1, options={"universal_barons": "yes"})
    game = new_game("eastern-us", players=3, seed=1, options={"shorter_game": True})
    assert game.state.ecm_needed == 12 - 2


def test_a_solo_record_loads_in_a_fresh_process() -> None:
    """Plug-in action kinds are registered before a record is read (no earlier solo game)."""
    import subprocess
    import sys

    fixture = Path(__file__).parents[1] / "fixtures" / "games" / "solo-eastern-us-greedy-201.json"
    code = (
        "import json, sys\n"
        "from railways.rules.records import game_from_record\n"
        "data = json.load(open(sys.argv[1]))\n"
        "game = game_from_record(data['record'])\n"
        "print(game.state.final_scores == {int(k): v for k, v in data['final_scores'].items()})\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(fixture)],
        capture_output=True,
        text=True,
        check=True,
        timeout=RUN_SECONDS,
    )
    assert out.stdout.strip() == "True", out.stderr
