"""An option of Toll Valley's own (``open_customs``, declared in its plug-in only) reaches
the rules, the records, the CLI, the server's API and the lobby's payload, with no line of
``src/railways`` naming it.

The CLI's flags and the server's model are made when their modules are imported, so those
checks run in a child process that finds the plug-in from the start (``child_env``).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from plugins.conftest import ROOT, child_env
from railways.content.maps import load_map
from railways.core.actions import DeliverGoods
from railways.core.board import Color
from railways.core.view import view_for
from railways.rules import declared_owners, new_game, offered_options
from railways.rules.records import game_from_record, record_of
from support import build_link, choose_barons, make_turn, pass_auction, set_cubes

OPEN = {"open_customs": ["dunmore-customs"]}


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=180,
    )


def _railways(*args: str) -> subprocess.CompletedProcess[str]:
    return _python("-m", "railways", *args)


def test_the_option_is_declared_by_the_board_and_offered_on_it_only() -> None:
    owner, spec = declared_owners()["open_customs"]
    assert owner == "toll_valley" and spec.flag == "--open-customs"
    (offered,) = [o for o in offered_options(load_map("toll-valley")) if o["key"] == "open_customs"]
    assert offered["module"] is None  # the board's own
    assert offered["choices"] == [{"id": "dunmore-customs", "name": "Customs house of Dunmore"}]
    assert offered["default"] == "every customs house turns its colour away"
    eastern = offered_options(load_map("eastern-us"))
    assert "open_customs" not in {o["key"] for o in eastern}
    # A module's options are offered on every board, marked with the module.
    assert {"key": "event_deck_without", "module": "event-deck"}.items() <= next(
        o for o in eastern if o["key"] == "event_deck_without"
    ).items()


def test_an_open_customs_house_takes_black_goods_and_the_record_keeps_the_choice() -> None:
    game = new_game("toll-valley", players=2, seed=1, options=OPEN)
    again = game_from_record(record_of(game).to_dict())
    assert again.options.extra["open_customs"] == ["dunmore-customs"]
    assert again.state.cubes == game.state.cubes
    choose_barons(game)
    pass_auction(game)
    west = build_link(game, 0, "cinderfell", "dunmore")
    game.state.players[0].engine = 2
    set_cubes(game, "cinderfell", [Color.BLACK])
    game.state.ops_display = []
    make_turn(game, 0)
    game.apply(DeliverGoods(seat=0, city="cinderfell", color="black", links=(west,)))
    assert "Player 1 delivers black from Cinderfell to Dunmore" in game.state.log
    assert "embargo" not in {m["kind"] for m in view_for(game, 0)["markers"]}


def test_a_customs_house_not_on_the_board_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"options\.open_customs: no customs house harbour"):
        new_game("toll-valley", players=2, seed=1, options={"open_customs": ["harbour"]})
    with pytest.raises(ValueError, match=r"options\.open_customs: not an option of this game"):
        new_game("eastern-us", players=2, seed=1, options=OPEN)


def test_the_cli_offers_the_option_as_a_flag_and_as_option_key_value() -> None:
    helped = _railways("play", "--help")
    assert helped.returncode == 0, helped.stderr
    assert "--open-customs HEX,HEX,..." in " ".join(helped.stdout.split())
    base = ["simulate", "--map", "toll-valley", "--players", "2", "--games", "1", "-q"]
    for given in (["--open-customs", "dunmore-customs"], ["--option", "open_customs=nowhere"]):
        done = _railways(*base, *given, "--json")
        if "nowhere" in given[-1]:
            assert done.returncode == 1
            assert "no customs house nowhere on Toll Valley" in done.stderr + done.stdout
        else:
            assert done.returncode == 0, done.stderr
            assert json.loads(done.stdout)["finished"] == 1


def test_the_api_and_the_lobby_payload_are_made_from_the_declaration(tmp_path) -> None:
    done = _python(
        "-c",
        textwrap.dedent(
            f"""
        import json
        from fastapi.testclient import TestClient
        from railways.server import create_app
        from railways.store import open_store

        app = create_app(open_store(data_dir={str(tmp_path)!r}), bot_delay=0)
        with TestClient(app) as client:
            maps = client.get("/api/maps").json()
            schema = client.get("/openapi.json").json()["components"]["schemas"]
            seats = [{{"name": "Ann", "kind": "human"}}, {{"name": "Bo", "kind": "human"}}]
            body = {{"map": "toll-valley", "seats": seats, "seed": 1, "options": {OPEN!r}}}
            made = client.post("/api/games", json=body)
            game = made.json()
            token = game["seats"][0]["token"]
            view = client.get(f"/api/games/{{game['id']}}", params={{"token": token}}).json()
            wrong = client.post("/api/games", json={{**body, "options": {{"open_customs": "x"}}}})
        print(json.dumps({{
            "entry": next(m for m in maps if m["id"] == "toll-valley"),
            "field": schema["OptionsIn"]["properties"]["open_customs"],
            "made": made.status_code,
            "markers": sorted({{m["kind"] for m in view["view"]["markers"]}}),
            "wrong": wrong.status_code,
        }}))
        """
        ),
    )
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    (offered,) = [o for o in got["entry"]["options"] if o["key"] == "open_customs"]
    assert offered["label"] == "Open customs houses"
    assert offered["choices"][0]["id"] == "dunmore-customs"
    assert got["entry"]["choices"]["open_customs"][0]["id"] == "dunmore-customs"
    assert got["field"]["description"].startswith("Toll Valley: the customs houses left open")
    assert got["made"] == 201
    assert "embargo" not in got["markers"] and "toll" in got["markers"]  # the customs open
    assert got["wrong"] == 422
