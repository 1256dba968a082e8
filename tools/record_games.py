"""Write whole-game fixtures for tests/engine/test_recorded_games.py.

Run after a deliberate rules change: `.venv/bin/python tools/record_games.py` (or name maps to
record only their games: `tools/record_games.py north-america`). Each file is a game record
plus the final scores it must replay to.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from railways.bots import make_bot
from railways.core.legal import legal_actions
from railways.rules import new_game
from railways.rules.records import record_of

OUT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "games"
GAMES = [
    ("eastern-us", 2, "random", 101),
    ("eastern-us", 4, "random", 102),
    ("eastern-us", 6, "random", 103),
    ("eastern-us", 3, "greedy", 104),
    ("eastern-us", 5, "greedy", 105),
    ("north-america", 4, "greedy", 106),
    ("great-britain", 3, "greedy", 111),
    ("nippon", 2, "greedy", 121),
    ("western-us", 4, "random", 121),  # City Rotors and Fuel Depots at work (a carried cube)
    ("europe", 5, "greedy", 141),
    ("australia", 4, "greedy", 151),
    ("through-time", 3, "greedy", 161),  # Stone Age, Egypt, Napoleonic, Industrial
    ("portugal", 3, "greedy", 171),
    ("sweden", 4, "greedy", 181),
    ("transcontinental", 4, "greedy", 175),  # both phases, Golden Spike barons
]
# Games played with optional modules: (map, players, bot, seed, modules); the file name ends
# with the modules ("-with-black-stars").
GAMES_WITH = [
    ("mexico", 4, "greedy", 131, ("black-stars",)),  # all 12 barons and 38 cards in play
    # the optional Rail Barons (AU-047..AU-049) and the Black Star cards (AU-035)
    ("australia", 2, "greedy", 152, ("australia-optional-barons", "black-stars")),
    # Eastern barons at set-up, Western ones when the West opens (RW-p8-34)
    ("transcontinental", 3, "greedy", 172, ("baron-option-2", "fuel-depots")),
]


def main(only: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    games = [(*g, ()) for g in GAMES] + GAMES_WITH
    for map_id, players, bot_name, seed, modules in games:
        if only and map_id not in only:
            continue
        options = {"modules": list(modules)} if modules else None
        game = new_game(map_id, players=players, seed=seed, options=options)
        bots = [make_bot(bot_name, seed * 10 + i) for i in range(players)]
        while not game.over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game, seat, legal_actions(game, seat)))
        assert game.state.final_scores is not None
        fixture = {
            "record": record_of(game).to_dict(),
            "final_scores": {str(k): v for k, v in game.state.final_scores.items()},
            "winner": game.state.winner,
            "turns": game.state.turn,
        }
        suffix = "".join(f"-with-{m}" for m in modules)
        path = OUT / f"{map_id}-{players}p-{bot_name}-{seed}{suffix}.json"
        path.write_text(json.dumps(fixture) + "\n")
        print(f"wrote {path.name}: {len(game.actions)} actions, scores {fixture['final_scores']}")


if __name__ == "__main__":
    main(sys.argv[1:])
