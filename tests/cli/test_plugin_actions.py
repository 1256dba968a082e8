"""The terminal draws a map's own actions generically, from what their kinds say of them.

The Eastern U.S. board's Western Link is the example: the terminal has no code of its own
for it. Its menu entry, the label and cost of each choice, the forced-bond warning and the
help all come from the legal-actions payload, the view and the clause summaries.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from railways.cli.terminal.board import city_codes
from railways.cli.terminal.io import Terminal
from railways.cli.terminal.menus import Hooks
from railways.cli.terminal.panels import major_lines_panel
from railways.cli.terminal.prompts import Decision
from railways.content.rules import load_summaries
from railways.core.actions import Action
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.view import view_for
from support import build_link, make_turn, start


class Scripted:
    """Answers prompts in order; each answer is given only to a prompt with its fragment."""

    def __init__(self, term: Terminal, steps: Sequence[tuple[str, str]]) -> None:
        self.term = term
        self.steps = list(steps)
        self.used = 0

    def __call__(self) -> str:
        prompt = self.term.last_prompt
        fragment, answer = self.steps[self.used]
        assert fragment in prompt, f"expected a prompt with {fragment!r}, got {prompt!r}"
        self.used += 1
        return answer


def decide(game: Game, seat: int, steps: Sequence[tuple[str, str]]) -> tuple[Action, str]:
    out = io.StringIO()
    term = Terminal(console=Console(file=out, width=140, highlight=False), echo=True)
    script = Scripted(term, steps)
    term.read = script
    hooks = Hooks(save=lambda _name: None, redraw=lambda: None)
    action = Decision(game, seat, term, city_codes(game.board), hooks).choose()
    assert script.used == len(steps)
    return action, out.getvalue()


def position(cash: int) -> Game:
    """Seat 0 to act with its own link into Kansas City (a Western Link city) and ``cash``."""
    game = start(4)
    game.state.round = 1
    build_link(game, 0, "st-louis", "kansas-city")
    make_turn(game, 0)
    game.state.players[0].cash = cash
    return game


def payload_entries(game: Game, kind: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    data = legal_actions(game, 0).to_dict(game)
    return [e for e in data["simple"] if e["action"]["kind"] == kind], data["kinds"][kind]


def test_a_plugin_action_is_chosen_from_the_generic_menu_with_its_label_and_cost() -> None:
    game = position(cash=20)
    (entry,), info = payload_entries(game, "build_western_link")
    # The kind suggests the key "w", which no base-game menu uses.
    assert info["key"] == "w"
    action, out = decide(
        game,
        0,
        [("What will you do", info["key"]), ("Which?", "1"), ("Go ahead?", "y")],
    )
    assert action.to_dict() == entry["action"]
    assert info["title"] in out and info["summary"] in out
    assert entry["label"] in out
    assert f"${entry['cost']}k" in out
    # $20k in hand: the rest is raised with bonds of the view's value, rounded up.
    bond = view_for(game, 0)["money"]["bond_value"]
    bonds = -(-(entry["cost"] - 20) // bond)
    assert bonds == 2  # 30 - 20 = 10 short, two bonds of $5k
    assert f"{bonds} bonds will be issued" in out


def test_declining_the_forced_bonds_goes_back_to_the_menu() -> None:
    game = position(cash=0)
    action, out = decide(
        game,
        0,
        [
            ("What will you do", "w"),
            ("Which?", "1"),
            ("Go ahead?", "n"),
            ("What will you do", "p"),
        ],
    )
    assert action.kind == "pass"
    assert "6 bonds will be issued" in out  # $30k with nothing in hand: six $5k bonds


def test_help_for_a_plugin_kind_is_its_info_and_the_clause_summary() -> None:
    game = position(cash=50)
    _entries, info = payload_entries(game, "build_western_link")
    _action, out = decide(game, 0, [("What will you do", "help w"), ("What will you do", "p")])
    summary = load_summaries()[info["help"]]
    flat = " ".join(out.split())
    assert info["title"] in flat
    assert f"Rule {info['help']}: {summary}" in flat


def test_a_kind_with_nothing_possible_is_listed_dim_and_explained_by_the_engine() -> None:
    game = start(4)
    game.state.round = 1
    make_turn(game, 0)
    assert payload_entries_or_none(game) == []
    _action, out = decide(game, 0, [("What will you do", "w"), ("What will you do", "p")])
    assert "not possible now" in out
    assert "[rule RW-p10-10]" in out  # the engine's refusal, with its clause


def payload_entries_or_none(game: Game) -> list[dict[str, Any]]:
    data = legal_actions(game, 0).to_dict(game)
    return [e for e in data["simple"] if e["action"]["kind"] == "build_western_link"]


def test_markers_are_listed_by_their_own_labels() -> None:
    game = position(cash=50)
    (entry,), _info = payload_entries(game, "build_western_link")
    game.apply(next(a for a in legal_actions(game, 0).simple if a.kind == "build_western_link"))
    view = view_for(game, 0)
    (marker,) = view["markers"]
    out = io.StringIO()
    Console(file=out, width=200, highlight=False).print(
        major_lines_panel(game, view, city_codes(game.board))
    )
    assert marker["label"] in out.getvalue()
    assert marker["symbol"] in out.getvalue()
    assert entry["cities"] == ["kansas-city"]
