"""Every listed and every sampled delivery, against a brute-force search through ``Game.check``.

Positions come from seeded random games on the Eastern U.S. (2-6 players, and
solo games against the Railbot), taken far enough in that seats own several
links. At each position the seat to act is given several engine levels in turn
(1-6; its own level too), so that long routes through real networks occur.

The brute force knows nothing of the route rules: from every city with cubes it
tries every sequence of distinct link ids in which each link touches the city the
previous one reached (incomplete links included, as a last step), up to one link
longer than the engine allows, for every goods colour, and asks ``Game.check``.
The set it accepts must be exactly what ``legal.delivery_options`` lists, and
every delivery the sampler draws must be in it. ``Game.check``'s verdict on each
sequence is also compared with the route rules written out here from the clauses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from railways.core import legal
from railways.core.actions import DeliverGoods
from railways.core.board import GOODS_COLORS, Color
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.rng import Rng
from railways.core.state import Link, Phase
from railways.rules import new_game

Key = tuple[str, str, tuple[int, ...]]  # city, colour, links
Checker = Callable[[Game, Any], object]  # Game.check, or a stand-in for it

ENGINES = (1, 2, 3, 4, 5, 6)
SAMPLES = 40  # draws of the delivery sampler per position and engine level


def _sequences(links: list[Link], start: str, longest: int) -> Iterator[tuple[int, ...]]:
    """Every sequence of distinct links, each touching the city the last one reached."""
    touching: dict[str, list[Link]] = {}
    for link in links:
        touching.setdefault(link.start, []).append(link)
        if link.end is not None and link.end != link.start:
            touching.setdefault(link.end, []).append(link)
    stack: list[tuple[str, tuple[int, ...]]] = [(start, ())]
    while stack:
        here, used = stack.pop()
        for link in touching.get(here, ()):
            if link.id in used:
                continue
            seq = (*used, link.id)
            yield seq
            if link.end is not None and len(seq) < longest:
                stack.append((link.other_city(here), seq))


def _by_the_rules(game: Game, seat: int, city: str, color: Color, seq: tuple[int, ...]) -> bool:
    """The route rules of RW-p5-22..32, written out independently of the engine."""
    state = game.state
    if color not in state.cubes[city]:  # RW-p5-24: a cube of that colour is there
        return False
    if not seq or len(seq) > game.engine_level(seat):  # RW-p5-29, RW-p5-26
        return False
    if state.links[seq[0]].owner != seat:  # RW-p5-32: the first link is the mover's
        return False
    visited = [city]
    for i, link_id in enumerate(seq):
        link = state.links[link_id]
        if link.end is None:  # RW-p5-25: complete links only
            return False
        here = visited[-1]
        nxt = link.end if here == link.start else link.start
        if nxt in visited:  # RW-p5-27: no city twice, the start included
            return False
        visited.append(nxt)
        reached = state.city_colors[nxt]
        if reached is color and i < len(seq) - 1:  # RW-p5-28: it stops at the first one
            return False
    # RW-p5-22, RW-p5-23: it ends in a city of its colour (never a gray one).
    return state.city_colors[visited[-1]] is color


def _brute_force(game: Game, seat: int, check: Checker) -> tuple[set[Key], list[str]]:
    """The deliveries ``check`` accepts, and where it disagrees with the clauses."""
    state = game.state
    longest = game.engine_level(seat) + 1
    links = list(state.links.values())
    accepted: set[Key] = set()
    disagreements: list[str] = []
    for city, cubes in state.cubes.items():
        if not cubes:
            continue
        for seq in _sequences(links, city, longest):
            for color in GOODS_COLORS:
                action = DeliverGoods(seat=seat, city=city, color=color.value, links=seq)
                try:
                    check(game, action)
                    ok = True
                except IllegalAction:
                    ok = False
                if ok:
                    accepted.add((city, color.value, seq))
                if ok != _by_the_rules(game, seat, city, color, seq):
                    disagreements.append(f"check says {ok} for {action}")
    return accepted, disagreements


def _key(action: DeliverGoods) -> Key:
    assert action.color is not None
    return (action.city, action.color, tuple(action.links))


def _listed(game: Game, seat: int) -> list[Key]:
    return [_key(o.action) for v in legal.delivery_options(game, seat).values() for o in v]


def _sampled(game: Game, seat: int, position: int) -> list[DeliverGoods | None]:
    """Deliveries drawn by the sampler: its delivery draw, and whole sampled actions."""
    out = [legal.sample_delivery(game, seat, Rng(position * 1000 + k)) for k in range(SAMPLES)]
    for k in range(SAMPLES // 4):
        action = legal.sample_action(game, seat, Rng(position * 7919 + k))
        if isinstance(action, DeliverGoods):
            out.append(action)
    return out


def _may_act(game: Game) -> bool:
    """Whether the seat to act may take any action now (not a bid, not a forced step)."""
    seat = game.to_act
    return (
        seat is not None
        and game.state.phase is Phase.ACTIONS
        and game.turns.step_actions(game, seat) is None
    )


def _positions(game: Game, seed: int, stops: list[int]) -> Iterator[Game]:
    """The game at each stop (in actions), or the first position after it where a seat acts."""
    rng = Rng(seed)
    played = 0
    for stop in stops:
        while (played < stop or not _may_act(game)) and not game.over:
            seat = game.to_act
            assert seat is not None
            game.apply(legal.sample_action(game, seat, rng))
            played += 1
        if game.over:
            return
        yield game


def _compare(
    game: Game, position: int, tally: dict[str, Any], check: Checker = Game.check
) -> list[str]:
    """All disagreements at one position, over the engine levels of ENGINES, with ``check``
    (``Game.check``, or a stand-in that breaks a clause) as the judge of each route."""
    seat = game.to_act
    assert seat is not None
    player = game.state.players[seat]
    natural = player.engine
    problems: list[str] = []
    try:
        for engine in sorted({*ENGINES, natural} if natural <= max(ENGINES) else set(ENGINES)):
            player.engine = engine
            brute, disagreements = _brute_force(game, seat, check)
            problems.extend(f"position {position}, engine {engine}: {d}" for d in disagreements)
            listed = _listed(game, seat)
            if len(set(listed)) != len(listed):
                problems.append(f"position {position}, engine {engine}: a route listed twice")
            missing, extra = brute - set(listed), set(listed) - brute
            if missing or extra:
                problems.append(
                    f"position {position}, engine {engine}: not listed {sorted(missing)[:3]}, "
                    f"listed but refused {sorted(extra)[:3]}"
                )
            for drawn in _sampled(game, seat, position * 10 + engine):
                tally["sampled"] += drawn is not None
                if drawn is None:
                    if brute:
                        problems.append(f"position {position}: no delivery drawn, yet some exist")
                elif _key(drawn) not in brute:
                    problems.append(f"position {position}: the sampler drew refused {drawn}")
            tally["positions"] += 1
            tally["deliveries"] += len(brute)
            tally["longest"] = max([tally["longest"], *(len(k[2]) for k in brute)])
            tally["through_others"] += sum(
                1 for k in brute if any(game.state.links[i].owner != seat for i in k[2])
            )
    finally:
        player.engine = natural
    return problems


def _run(games: list[tuple[Game, int, list[int]]]) -> dict[str, Any]:
    tally: dict[str, Any] = {
        "positions": 0,
        "deliveries": 0,
        "longest": 0,
        "through_others": 0,
        "sampled": 0,
    }
    problems: list[str] = []
    position = 0
    for game, seed, stops in games:
        for at in _positions(game, seed, stops):
            position += 1
            problems.extend(_compare(at, position, tally))
    assert problems == [], "\n".join(problems[:20])
    return tally


@pytest.mark.rules(
    "RW-p5-22", "RW-p5-23", "RW-p5-24", "RW-p5-25", "RW-p5-26", "RW-p5-27", "RW-p5-28",
    "RW-p5-29", "RW-p5-32",
)  # fmt: skip
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_listed_and_sampled_deliveries_are_exactly_the_legal_ones(players: int) -> None:
    length = 110 + 75 * players  # about how many actions a random game of this size lasts
    stops = [length * (35 + 7 * i) // 100 for i in range(8)]
    games = [
        (new_game("eastern-us", players=players, seed=100 * players + k), 100 * players + k, stops)
        for k in range(4)  # four games: with two players three did not always reach a 5-link route
    ]
    tally = _run(games)
    # The positions had real networks: many deliveries, long ones, some over others' links.
    assert tally["positions"] >= 100  # positions times engine levels
    assert tally["deliveries"] >= 200
    assert tally["longest"] >= 5
    assert tally["through_others"] > 0
    assert tally["sampled"] >= 500


@pytest.mark.rules(
    "RW-p5-22", "RW-p5-24", "RW-p5-25", "RW-p5-26", "RW-p5-27", "RW-p5-28", "RW-p5-32"
)
def test_solo_deliveries_are_exactly_the_legal_ones() -> None:
    """In solo games the cube may continue over the Railbot's links, never start on one."""
    games = [
        (new_game("eastern-us", ["Player 1"], seed=s, options={"solo": True}), s, [20, 32, 44])
        for s in (1, 2, 3, 4)
    ]
    tally = _run(games)
    assert tally["positions"] >= 50
    assert tally["deliveries"] >= 100
    assert tally["through_others"] > 0  # over the Railbot's links
    assert tally["longest"] >= 4


# -- the comparison can fail ----------------------------------------------------------------
def _one_position() -> Game:
    """A position where the seat to act can deliver over two links or more."""
    game = new_game("eastern-us", players=4, seed=402)
    for at in _positions(game, 402, list(range(150, 600, 10))):
        seat = at.to_act
        assert seat is not None
        if any(len(k[2]) >= 2 for k in _listed(at, seat)):
            return at
    raise AssertionError("no position with a delivery over two links")


def test_a_lister_that_misses_a_route_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _one_position()
    real = legal.delivery_options

    def drops_long_routes(game: Game, seat: int) -> Any:
        return {k: [o for o in v if len(o.action.links) < 2] for k, v in real(game, seat).items()}

    monkeypatch.setattr(legal, "delivery_options", drops_long_routes)
    tally: dict[str, Any] = {"positions": 0, "deliveries": 0, "longest": 0, "through_others": 0}
    tally["sampled"] = 0
    problems = _compare(game, 1, tally)
    assert any("not listed" in p for p in problems)


def test_a_sampler_that_draws_a_refused_route_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _one_position()

    def overshoots(game: Game, seat: int, rng: Rng) -> DeliverGoods:
        options = [o.action for v in legal.delivery_options(game, seat).values() for o in v]
        first = options[rng.below(len(options))]
        return DeliverGoods(seat=seat, city=first.city, color=first.color, links=first.links * 2)

    monkeypatch.setattr(legal, "sample_delivery", overshoots)
    tally: dict[str, Any] = {"positions": 0, "deliveries": 0, "longest": 0, "through_others": 0}
    tally["sampled"] = 0
    problems = _compare(game, 1, tally)
    assert any("the sampler drew refused" in p for p in problems)


def test_a_check_that_breaks_a_clause_is_caught() -> None:
    """If ``Game.check`` let a cube pass a city of its colour, the clauses here would say so."""
    game = _one_position()
    real = Game.check

    def lax(self: Game, action: Any) -> None:
        if isinstance(action, DeliverGoods) and len(action.links) == 2:
            return None  # accepts every two-link route
        return real(self, action)

    tally: dict[str, Any] = {"positions": 0, "deliveries": 0, "longest": 0, "through_others": 0}
    tally["sampled"] = 0
    problems = _compare(game, 1, tally, lax)
    assert any("check says True" in p for p in problems)
    assert any("listed but refused" in p or "not listed" in p for p in problems)
