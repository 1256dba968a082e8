"""Write whole solo-game fixtures for tests/solo/test_recorded_solo_games.py.

Run after a deliberate change to the solo rules or data:
`.venv/bin/python tools/record_solo_games.py [MAP ...]` (only the games of the maps named, or
all). Each file is a game record (its options carry the solo settings) plus the final score it
must replay to. The files also satisfy
tests/engine/test_recorded_games.py, which replays every fixture in the folder.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from railways.bots import make_bot
from railways.core.legal import legal_actions
from railways.rules.records import record_of
from railways.rules.solo import new_solo_game, solo_state

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "games"
GAMES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("eastern-us", "greedy", 201, {}),
    ("eastern-us", "random", 202, {"duel_barons": True, "operations_limit": 4}),
    ("portugal", "greedy", 203, {}),  # maritime links, the Black City, Final Evaluation twice
    ("sweden", "greedy", 204, {}),  # three cities out, the Ferry Passage on the display
    ("nippon", "greedy", 205, {}),
    ("great-britain", "greedy", 206, {}),  # Base Exhaust 4
    ("mexico", "greedy", 207, {}),  # the purple cubes and their penalty
    ("australia", "greedy", 208, {}),  # towns, the town tracker, the gauge rule
]


def main(maps: list[str]) -> None:
    """Record the games of ``maps`` (every game when empty)."""
    OUT.mkdir(parents=True, exist_ok=True)
    for map_id, bot_name, seed, options in GAMES:
        if maps and map_id not in maps:
            continue
        game = new_solo_game(map_id, seed=seed, options=options)
        bot = make_bot(bot_name, seed * 10)
        while not game.over:
            game.apply(bot.choose(game, 0, legal_actions(game, 0)))
        assert game.state.final_scores is not None
        solo = solo_state(game)
        fixture = {
            "record": record_of(game).to_dict(),
            "final_scores": {str(k): v for k, v in game.state.final_scores.items()},
            "winner": game.state.winner,
            "turns": game.state.turn,
            "solo": {
                "target": solo.target,
                "railbot_links": sum(1 for lk in game.state.links.values() if lk.owner < 0),
                "evaluations": solo.evaluations,
                "duel_claims": dict(solo.duel_claims),
            },
        }
        variant = "-duel" if options.get("duel_barons") else ""
        path = OUT / f"solo-{map_id}{variant}-{bot_name}-{seed}.json"
        path.write_text(json.dumps(fixture) + "\n")
        print(f"wrote {path.name}: {len(game.actions)} actions, score {fixture['final_scores']}")


if __name__ == "__main__":
    main(sys.argv[1:])
