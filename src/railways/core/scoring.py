"""The final score of each player, part by part (RW-p6-11..17).

The game adds the final scores up (``Game._finish``); this takes them apart again for every
front end's end-of-game breakdown, so that what a player is shown adds up to what was scored.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from railways.core.game import Game


@dataclass(frozen=True, slots=True)
class FinalScore:
    seat: int
    track: int  # the score track
    bonds: int  # one point lost per bond held (RW-p4-25), as a negative number
    baron: tuple[str, int] | None  # the Rail Baron's name and its points (RW-p6-13)
    rules: int  # the map's or a module's own end scoring (RW-p8-34 and the like)
    cards: tuple[tuple[str, int], ...]  # Operations cards that score at the end
    links: int  # complete links owned: the first tie-break (RW-p6-16)
    cash: int  # money: the second tie-break (RW-p6-17)

    @property
    def total(self) -> int:
        baron = self.baron[1] if self.baron is not None else 0
        return self.track + self.bonds + baron + self.rules + sum(p for _n, p in self.cards)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "track": self.track,
            "bonds": self.bonds,
            "baron": None
            if self.baron is None
            else {"name": self.baron[0], "points": self.baron[1]},
            "rules": self.rules,
            "cards": [{"name": n, "points": p} for n, p in self.cards],
            "links": self.links,
            "cash": self.cash,
            "total": self.total,
        }


def final_scores(game: Game) -> dict[int, FinalScore]:
    """Every player's final score, part by part (at the end of the game: the parts add up to
    ``state.final_scores``, the sum ``Game._finish`` made)."""
    out: dict[int, FinalScore] = {}
    ruleset = game.ruleset
    for p in game.state.players:
        baron: tuple[str, int] | None = None
        if p.baron:
            card = ruleset.barons[p.baron]
            baron = (card.name, ruleset.baron_effects[card.effect].score(game, p.seat, card))
        # The same cards the end of the game asks (Game._finish), by the same private query.
        cards = tuple(
            (card.name, points)
            for card, effect, holder in game._in_play("final_points")
            if (points := effect.final_points(game, p.seat, card, holder))
        )
        # What the map's or a module's own end scoring added (a Transcontinental rule, say):
        # whatever of the score the game gave is not the parts above.
        rules = 0
        if game.state.final_scores is not None:
            known = p.score - p.bonds + (baron[1] if baron else 0) + sum(n for _c, n in cards)
            rules = game.state.final_scores[p.seat] - known
        out[p.seat] = FinalScore(
            seat=p.seat,
            track=p.score,
            bonds=-p.bonds,
            baron=baron,
            rules=rules,
            cards=cards,
            links=len(game.own_links(p.seat)),
            cash=p.cash,
        )
    return out


def how_won(game: Game, scores: dict[int, FinalScore]) -> str:
    """In a sentence, what decided the winner: points, or the tie-breaks (RW-p6-15..17)."""
    ranked = sorted(scores.values(), key=lambda s: (s.total, s.links, s.cash), reverse=True)
    if len(ranked) < 2:
        return f"{game.seats[ranked[0].seat]} finishes with {ranked[0].total} points"
    first, second = ranked[0], ranked[1]
    name = game.seats[first.seat]
    if first.total != second.total:
        return f"{name} wins on points ({first.total} to {second.total})"
    if first.links != second.links:
        return f"{name} wins the tie on complete links ({first.links} to {second.links})"
    if first.cash != second.cash:
        return f"{name} wins the tie on money (${first.cash},000 to ${second.cash},000)"
    return f"{name} and {game.seats[second.seat]} tie on points, links and money"
