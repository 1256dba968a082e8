"""The terminal's build menu with a hand card that the listing also offers on builds."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from railways.cli.terminal.board import city_codes
from railways.cli.terminal.build import BuildMenus
from railways.cli.terminal.io import Terminal
from railways.cli.terminal.menus import Back, Hooks
from railways.core.cards import Icon
from railways.core.game import Game
from railways.core.legal import legal_actions
from rules.operations.eus_cards import card, game_with, give
from support import make_turn

TE = card("tunnel-engineer", "tunnel_engineer", Icon.HAND)


def _menu_text(game: Game, *answers: str) -> str:
    out = io.StringIO()
    term = Terminal(console=Console(file=out, width=160, highlight=False), echo=True)
    script: Iterator[str] = iter(answers)
    term.read = lambda: next(script)
    menus = BuildMenus(game, 0, term, city_codes(game.board), Hooks(lambda _p: None, lambda: None))
    with pytest.raises(Back):
        menus.build()
    return out.getvalue()


def _game(with_card: bool) -> Game:
    game = game_with(TE)
    if with_card:
        give(game, 0, TE.id)
    game.state.players[0].cash = 50
    make_turn(game, 0)
    return game


@pytest.mark.rules("RW-p22-25", "RW-p5-35")
def test_a_hand_card_is_a_toggle_and_its_listed_builds_are_not_shown_twice() -> None:
    game = _game(with_card=True)
    assert any(o.action.cards == (TE.id,) for o in legal_actions(game, 0).builds)
    text = _menu_text(game, "c1", "b")
    assert "c1 use Tunnel Engineer (off)" in text
    assert "c1 use Tunnel Engineer (on)" in text  # toggled on by the first answer
    without = _menu_text(_game(with_card=False), "b")
    counts = re.findall(r"· (\d+) choices", text)
    assert counts[0] == re.findall(r"· (\d+) choices", without)[0]
