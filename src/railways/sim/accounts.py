"""Accounts a simulated game must keep: every Operations card, every link owner, every point.

The core invariants (``railways.core.invariants``) explain every dollar, cube and tile. These
add what boards with co-owned links and cards that come back (Railways of Australia's Company
Merger and rebound cards, AU-036, AU-046) make worth checking after every action:

- :class:`CardsCheck`: each Operations card in play is in exactly one place (the deck, the
  display, the discard pile, a hand or a player's kept cards), so a card that goes back to
  the display after use is never lost or doubled;
- :func:`link_problems`: co-owners (``Link.partners``) are other seats of the game, on complete
  links, and each way over track that counts as a link (``Plugin.route_links``) rides a
  complete link;
- :class:`PointsCheck`: every change of a score is a point the game logged with a reason, and
  a delivery gives one point per link to each owner of that link, co-owners included.
"""

from __future__ import annotations

import re
from collections import Counter

from railways.core.actions import Action, DeliverGoods
from railways.core.game import Game


def _places(game: Game) -> dict[str, list[str]]:
    """Where each Operations card is now."""
    state = game.state
    piles: list[tuple[str, list[str]]] = [
        ("deck", state.ops_deck),
        ("display", state.ops_display),
        ("discard", state.ops_discard),
    ]
    for p in state.players:
        piles += [(f"seat {p.seat}'s hand", p.hand), (f"seat {p.seat}'s kept cards", p.kept)]
    where: dict[str, list[str]] = {}
    for name, pile in piles:
        for card in pile:
            where.setdefault(card, []).append(name)
    return where


class CardsCheck:
    """Each card in one place only, and a card once in play never lost (the start cards a
    pool leaves in the box are never in play, RW-p4-02)."""

    def __init__(self, game: Game) -> None:
        self.in_play = set(_places(game))

    def problems(self, game: Game) -> list[str]:
        where = _places(game)
        out = [f"card {c} is in {', '.join(w)}" for c, w in sorted(where.items()) if len(w) > 1]
        out += [
            f"card {c} is not a card of this game"
            for c in sorted(set(where) - set(game.ruleset.cards))
        ]
        out += [
            f"card {c} was in play and is now nowhere" for c in sorted(self.in_play - set(where))
        ]
        self.in_play |= set(where)
        return out


def link_problems(game: Game) -> list[str]:
    """Co-owners that cannot be, and ways over track with nothing under them."""
    state = game.state
    problems: list[str] = []
    for link in state.links.values():
        if not link.partners:
            continue
        if link.end is None:
            problems.append(f"link {link.id} is co-owned but not complete")
        if len(set(link.partners)) != len(link.partners) or link.owner in link.partners:
            problems.append(f"link {link.id}: an owner is named twice ({link.partners})")
        if not all(0 <= s < game.n for s in link.partners):
            problems.append(f"link {link.id}: a co-owner is not a seat ({link.partners})")
    for way in game.route_links().values():
        under = state.links.get(way.of)
        if way.id >= 0 or under is None or under.end is None:
            problems.append(f"way {way.id} does not ride a complete link ({way.of})")
        if way.start not in game.board.cities or way.end not in game.board.cities:
            problems.append(f"way {way.id} joins {way.start} and {way.end}, not two cities")
    return problems


class PointsCheck:
    """Call :meth:`before` and :meth:`after` around each action; ``after`` says what is wrong.

    Points are explained by the lines ``Game.score`` logs ("<seat> scores <n> (<reason>)").
    """

    def __init__(self, game: Game) -> None:
        names = "|".join(re.escape(n) for n in sorted(game.seats, key=len, reverse=True))
        self.line = re.compile(rf"^({names}) scores (-?\d+) \((.*)\)$")
        self.seats = {name: i for i, name in enumerate(game.seats)}
        self.scores: list[int] = []
        self.logged = 0
        self.owed: Counter[int] | None = None

    def before(self, game: Game, action: Action) -> None:
        self.scores = [p.score for p in game.state.players]
        self.logged = len(game.state.log)
        self.owed = None
        if isinstance(action, DeliverGoods):  # what the links' owners are owed, worked out now
            owed: Counter[int] = Counter()
            for link_id in action.links:
                way = game.route_links().get(link_id) if link_id < 0 else None
                link = game.state.links.get(link_id)
                if way is not None:
                    owed[way.owner] += 1
                elif link is not None:
                    for owner in (link.owner, *link.partners):
                        if 0 <= owner < game.n:
                            owed[owner] += 1
            self.owed = owed

    def after(self, game: Game) -> list[str]:
        logged: Counter[int] = Counter()
        delivered: Counter[int] = Counter()
        for text in game.state.log[self.logged :]:
            m = self.line.match(text)
            if m is None:
                continue
            seat = self.seats[m.group(1)]
            logged[seat] += int(m.group(2))
            if m.group(3) == "delivery":
                delivered[seat] += int(m.group(2))
        problems = []
        for p in game.state.players:
            change = p.score - self.scores[p.seat]
            if change != logged[p.seat]:
                problems.append(
                    f"seat {p.seat}'s score moved by {change}, "
                    f"but the log explains {logged[p.seat]}"
                )
        # (a delivery another player may answer first waits: nothing is delivered yet)
        if self.owed is not None and not _held(game) and delivered != self.owed:
            problems.append(
                f"the delivery gave {dict(delivered)}, but its links' owners are owed "
                f"{dict(self.owed)}"
            )
        return problems


def _held(game: Game) -> bool:
    return getattr(game.state, "reaction", None) is not None
