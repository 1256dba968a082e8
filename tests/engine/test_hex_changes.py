"""The log of changed hexes the build listing keeps its work by (``build_slots._HexChanges``).

Work kept over many hexes (an origin's routes, an open link's extensions) holds until the
track changes on one of its hexes; the log says which hexes changed since a look: every hex
whose track differs now, and only hexes whose track changed from one look to the next
(track laid and lifted again in between is named too). Checked at every action of random
Australia games (towns built and switches placed change the track without naming hexes:
the log finds them hex by hex), from each earlier look still in the log, against the
track's sides compared hex by hex.
"""

from __future__ import annotations

from railways.core.build_slots import SLOT_LOG, _hexes_changed_since, _synced_changes
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import sample_action
from railways.core.rng import Rng
from railways.rules import new_game

_Sides = dict[Hex, tuple[tuple[Side, Side], ...]]


def _sides(game: Game) -> _Sides:
    return {h: tuple((p.a, p.b) for p in ps) for h, ps in game.state.track.items() if ps}


def _differ(before: _Sides, after: _Sides) -> set[Hex]:
    return {h for h in before.keys() | after.keys() if before.get(h) != after.get(h)}


def test_changed_hexes_are_those_whose_track_differs() -> None:
    checked = unnamed = 0
    for seed in (3, 4):
        game = new_game("australia", players=4, seed=seed)
        rng = Rng(seed)
        looks: dict[int, _Sides] = {}  # the track's sides at each look
        steps: dict[int, set[Hex]] = {}  # the hexes that differ from the look before
        while not game.over:
            log = _synced_changes(game)
            now = _sides(game)
            if log.version not in looks:
                steps[log.version] = _differ(looks.get(log.version - 1, now), now)
                looks[log.version] = now
            for seen, then in looks.items():
                found = _hexes_changed_since(log, seen)
                if seen < log.version - SLOT_LOG:
                    assert found is None  # older than the log: every hex is to be looked at
                    continue
                assert found is not None
                stepped = set().union(*(steps[v] for v in range(seen + 1, log.version + 1)))
                assert _differ(then, now) <= set(found) == stepped
                checked += 1
            before = game.state.track_log[-1] if game.state.track_log else None
            seat = game.to_act
            assert seat is not None
            game.apply(sample_action(game, seat, rng))
            after = game.state.track_log[-1] if game.state.track_log else None
            unnamed += after is not before and after is not None and after[1] is None
    assert checked > 1000 and unnamed > 5  # (towns built, switches placed)
