"""Invariants of a solo game, on top of ``railways.core.invariants.check_invariants``."""

from __future__ import annotations

from collections import Counter

from railways.core.game import Game
from railways.core.state import Phase
from railways.rules.solo import railbot
from railways.rules.solo.state import RAILBOT, solo_map, solo_state


def check_solo_invariants(game: Game) -> list[str]:
    """Every broken solo invariant, described; an empty list when all hold."""
    state, smap, solo = game.state, solo_map(game), solo_state(game)
    problems: list[str] = []
    # Every Railbot card is in exactly one place (RB-042, RB-044..047).
    places = [*solo.deck, *solo.removed, *solo.discard, *solo.deadheads]
    places += [c for c in solo.row if c is not None]
    if solo.drawn is not None:
        places.append(solo.drawn)
    counts = Counter(c for c in places if c in smap.cards or c == smap.final_evaluation_id)
    expected = Counter({**dict.fromkeys(smap.cards, 1)})
    fe = counts.pop(smap.final_evaluation_id, 0)
    if counts != expected:
        missing = sorted((expected - counts).elements())
        extra = sorted((counts - expected).elements())
        problems.append(f"Railbot cards: missing {missing}, more than once {extra}")
    if fe > 1 or (fe == 0 and solo.evaluations == 0):
        problems.append(f"Final Evaluation is in the deck {fe} times")
    if len([c for c in solo.row if c is not None]) > 3:
        problems.append(f"the Railbot row holds {solo.row}")
    if solo.insured is not None:
        if solo.insured not in solo.row or solo.row.index(solo.insured) > 1:
            problems.append(f"the Insurance token is on {solo.insured}, not in slot 1 or 2")
    if not solo.resolving and (None in solo.row or solo.drawn is not None or solo.tasks):
        problems.append("the Railbot row has a gap or work left outside its resolution")
    # The Railbot has no money and no score (RB-051).
    if any(e.seat == RAILBOT for e in state.ledger):
        problems.append("the ledger has an entry for the Railbot")
    if state.final_scores is not None and set(state.final_scores) != {0}:
        problems.append(f"final scores for {sorted(state.final_scores)}")
    for link in state.links.values():
        if link.owner == RAILBOT and not link.complete:
            problems.append(f"Railbot link {link.id} is incomplete")
        if link.owner not in (0, RAILBOT):
            problems.append(f"link {link.id} belongs to {link.owner}")
    # Cities and lines out of play stay out (RB-040, RB-041, RB-043, RB-055).
    gone = smap.out_of_play_cities & set(state.cubes)
    if gone:
        problems.append(f"cities out of play hold cubes: {sorted(gone)}")
    lines = (smap.out_of_play_lines & set(state.major_lines)) | (
        smap.out_of_play_lines & set(game.board.major_lines)
    )
    if lines:
        problems.append(f"Major Lines out of play are on the board: {sorted(lines)}")
    # The Operations display (RB-052, RB-068).
    if len(state.ops_display) > railbot.display_capacity(game):
        problems.append(
            f"{len(state.ops_display)} Operations cards on a display of "
            f"{railbot.display_capacity(game)}"
        )
    for baron, owner in solo.duel_claims.items():
        if baron not in solo.duel or owner not in (0, RAILBOT):
            problems.append(f"Duel Baron {baron} claimed by {owner}")
    if state.phase is not Phase.GAME_OVER and state.to_act != 0:
        problems.append(f"seat {state.to_act} is to act in a solo game")
    return problems
