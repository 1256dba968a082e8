"""A short text summary of a position, for the environments' ``render``.

What the table sees (no Rail Baron card that is not revealed, no deck order): the board,
turn, round and phase, who acts, and a line per seat with its score, cash, bonds, engine,
income, complete links and cards in hand; then the goods bag and the Operations deck.
``"ansi"`` returns it; ``"human"`` prints it and returns None (PettingZoo's and
Gymnasium's meaning of the two modes).
"""

from __future__ import annotations

from railways.core.game import Game

RENDER_MODES = ["human", "ansi"]


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}")


def summary(game: Game, title: str) -> str:
    state = game.state
    if game.over:
        status = f"over, winner {game.seats[state.winner]}" if state.winner is not None else "over"
    else:
        seat = game.to_act
        status = f"to act: {game.seats[seat]}" if seat is not None else "nobody to act"
    lines = [f"{title}: turn {state.turn}, round {state.round}, {state.phase.value}; {status}"]
    for p in state.players:
        final = state.final_scores.get(p.seat) if state.final_scores is not None else None
        score = f"final {final}" if final is not None else f"score {p.score}"
        lines.append(
            f"  {game.seats[p.seat]}: {score}, cash ${p.cash},000, bonds {p.bonds}, "
            f"engine {p.engine}, income {game.income(p.seat)}, "
            f"links {len(game.own_links(p.seat))}, hand {len(p.hand)}"
        )
    lines.append(f"  bag {sum(state.bag.values())} cubes, Operations deck {len(state.ops_deck)}")
    return "\n".join(lines)


def render(game: Game, title: str, render_mode: str | None) -> str | None:
    """``summary`` as the mode wants it: returned (ansi), printed (human), or nothing."""
    if render_mode is None:
        return None
    text = summary(game, title)
    if render_mode == "human":
        print(text)
        return None
    return text
