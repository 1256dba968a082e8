"""What the front ends show of modules: the choice and the Event Deck's two slots."""

from __future__ import annotations

from railways.cli.terminal.panels import markers_text
from railways.core.view import view_for
from railways.rules.modules.events import slots

from .helpers import finish_turn, start


def test_terminal_lists_the_modules_and_both_event_slots_for_every_seat():
    game = start(["event-deck", "mines"])
    finish_turn(game)  # turn 2: a Current and a Future event
    data = slots(game)
    assert data["current"] is not None and data["future"] is not None
    for seat in (0, 1, 2, 3, None):
        text = markers_text(view_for(game, seat))
        assert text is not None
        plain = text.plain
        assert "Modules: Event Deck, Mines" in plain
        assert "Current event: " in plain and "Future event: " in plain
    assert sum(m["kind"] == "modules" for m in view_for(game, 0)["markers"]) == 1
