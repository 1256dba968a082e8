"""What the page explains before and after a move (issue 17, "Explained"): every priced
action shows its price and the bonds it will force before it is taken."""

from __future__ import annotations

from typing import Any

from web.conftest import Server
from web.play import open_game, to_actions


def test_engine_upgrade_and_urbanize_show_price_and_forced_bonds(page: Any, server: Server) -> None:
    created = server.new_game(seed=51)
    open_game(page, created["seats"][0]["url"])
    to_actions(page)
    cash = page.evaluate("window.railwaysGame.state.view.players[0].cash")
    assert cash < 10  # players start with nothing (RW-p4-20): urbanizing forces bonds
    # By the rulebook: level 2 costs $5,000 (RW-p5), urbanizing $10,000, a bond brings $5,000;
    # what cash does not cover is paid with as few bonds as needed.
    upgrade = page.inner_text("#action-panel .btn-upgrade")
    assert "$5,000" in upgrade
    short = max(0, 5 - cash)
    bonds = -(-short // 5)
    if bonds:
        assert f"{bonds} bond{'s' if bonds > 1 else ''} will be issued" in upgrade
    else:
        assert "bond" not in upgrade
    urbanize = page.inner_text("#btn-urbanize")
    assert "$10,000" in urbanize
    bonds = -(-(10 - cash) // 5)
    assert f"{bonds} bond{'s' if bonds > 1 else ''} will be issued" in urbanize
