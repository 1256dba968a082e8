"""The end-of-game breakdown (railways.core.scoring) adds up to the final scores the game
gave, part by part, and says how the winner was decided (RW-p6-11..17)."""

from __future__ import annotations

import pytest

from railways.bots.random_bot import RandomBot
from railways.core.legal import legal_actions
from railways.core.scoring import final_scores, how_won
from railways.core.view import view_for
from railways.rules import new_game


def _play_out(game: object, seed: int) -> None:
    bot = RandomBot(seed)
    while not game.over:  # type: ignore[attr-defined]
        seat = game.to_act  # type: ignore[attr-defined]
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))  # type: ignore[attr-defined]


@pytest.mark.rules("RW-p6-12", "RW-p6-13", "RW-p4-25")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 5), (4, 9), (6, 2)])
def test_the_parts_add_up_to_the_final_score(players: int, seed: int) -> None:
    game = new_game("eastern-us", players, seed)
    _play_out(game, seed)
    parts = final_scores(game)
    for p in game.state.players:
        part = parts[p.seat]
        # By hand: track score, less one point a bond, plus the baron and end-scoring cards;
        # the Eastern U.S. has no end scoring of its own, so nothing is left unexplained.
        baron = part.baron[1] if part.baron else 0
        expected = p.score - p.bonds + baron + sum(n for _c, n in part.cards)
        assert part.rules == 0
        assert part.total == expected == game.state.final_scores[p.seat]
        assert part.bonds == -p.bonds and part.track == p.score
    view = view_for(game, 0)
    assert [row["total"] for row in view["final"]["players"]] == [
        game.state.final_scores[p.seat] for p in game.state.players
    ]
    assert game.seats[game.state.winner] in view["final"]["decided"]


@pytest.mark.rules("RW-p6-15", "RW-p6-16", "RW-p6-17")
def test_how_the_winner_was_decided_names_the_tie_break() -> None:
    game = new_game("eastern-us", 3, 4)
    _play_out(game, 4)
    parts = final_scores(game)
    a, b = sorted(parts)[:2]
    # Make seats a and b tie on points; then links decide, then money.
    from dataclasses import replace

    tied = dict(parts)
    tied[a] = replace(parts[a], track=parts[b].total - parts[a].total + parts[a].track)
    assert tied[a].total == tied[b].total
    tied = {s: replace(v, track=v.track - 1000) if s not in (a, b) else v for s, v in tied.items()}
    tied[a] = replace(tied[a], links=tied[b].links + 1)
    assert "on complete links" in how_won(game, tied)
    assert how_won(game, tied).startswith(game.seats[a])
    tied[a] = replace(tied[a], links=tied[b].links, cash=tied[b].cash + 3)
    assert "on money" in how_won(game, tied) and how_won(game, tied).startswith(game.seats[a])


def test_no_breakdown_before_the_end() -> None:
    game = new_game("eastern-us", 2, 1)
    assert view_for(game, 0)["final"] is None
