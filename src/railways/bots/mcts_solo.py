"""The search bot in the Rail Barons solo game: its candidates, playouts and evaluation.

``MctsBot`` searches the solo game the way it searches the multiplayer one (sequential
halving over the greedy bot's best ideas, on common determinized worlds); only the three
parts that depend on the game's goal differ, and live here:

- **candidates**: the greedy bot's solo values (``greedy_solo.solo_context``: a Railbot
  link in a delivery costs a whole point, emptying a city costs points, bonds are cheaper,
  with the board's own solo pieces where it brings some), and Insurance when greedy would
  take it;
- **playouts**: ``solo_playout_action``, the multiplayer playout policy with the solo
  tuning (a Railbot link counts a whole point against a delivery, more bonds allowed, as
  the solo player starts with no cash), the Railbot's choices answered as the greedy bot
  answers them and Duel Barons claimed when they can be. The Railbot's own card is played
  by the rules themselves: ``Game.play`` of the second action of a turn draws and resolves
  it (``SoloTurn.after_action``), from the determinized Railbot deck;
- **evaluation**: ``evaluate_solo``, the player's points as the final scoring would count
  them (score less bonds, the plug-ins' end points), plus money and income for the turns
  left and a share of the deliveries waiting in the network; with a bonus for the win
  (reaching the target), certain in a finished game and weighed by how near the
  estimate is to the target before.

The hidden information (the Railbot deck and the cards set aside, the Operations deck,
the bag) is redrawn by ``railways.core.determinize`` with the solo plug-in's
``determinize``: the search never sees the true order.
"""

from __future__ import annotations

import math

from railways.bots.greedy import GreedyBot
from railways.bots.greedy_solo import RAILBOT_CHOICES, best_insurance, solo_context
from railways.bots.mcts import MONEY, POTENTIAL, productive_action
from railways.core.actions import Action, Pass
from railways.core.game import Game
from railways.core.legal import LegalActions, sample_action
from railways.core.rng import Rng
from railways.core.state import Phase
from railways.rules.solo.actions import ClaimDuelBaron
from railways.rules.solo.paths import path_memo
from railways.rules.solo.state import solo_map, solo_state

RAILBOT_LINK = 1.0  # a Railbot link in a delivery costs the player a point (RB-054)
SOLO_BOND_LIMIT = 8  # the playout builds with bonds while it holds fewer (greedy ends near 8)
WIN_BONUS = 20.0  # points a won game is worth on top of its score
WIN_SCALE = 8.0  # points of the estimate's spread around the target (the bonus's slope)
END_TURNS = 3  # in the last turns (this one included) the playouts go on to the end
MAX_TURNS = 30  # a cap on the turns the evaluation expects (never reached in practice)


def candidates(
    greedy: GreedyBot, game: Game, seat: int, legal: LegalActions, width: int
) -> list[tuple[float, Action]]:
    """The root's children: the ``width`` best actions by greedy's solo values, with
    Insurance first when greedy would take it (its value is the best other one's)."""
    path_memo(game)  # the determinized copies share the Railbot's paths with it
    ctx = solo_context(game, seat)
    scored = sorted(greedy._score_all(ctx, legal), key=lambda s: (-s.value, s.order))
    out: list[tuple[float, Action]] = []
    seen: set[Action] = set()
    best = scored[0].value if scored else 0.0
    insure = best_insurance(ctx, legal, best)
    if insure is not None:
        out.append((best, insure))
        seen.add(insure)
    for s in scored:
        if len(out) >= width:
            break
        if s.action not in seen:
            seen.add(s.action)
            out.append((s.value, s.action))
    if not out:
        out.append((0.0, legal.all()[0] if legal else Pass(seat=seat)))
    return out


def solo_playout_action(game: Game, seat: int, rng: Rng) -> Action:
    """A cheap move for the solo player: the Railbot's choices as greedy answers them, a
    Duel Baron claimed when its goal is met, else the best delivery, a link, an upgrade."""
    state = game.state
    step = game.turns.step_actions(game, seat)
    if step is not None:
        for action in step:
            if isinstance(action, ClaimDuelBaron):
                return action
        choices = [a for a in step if isinstance(a, RAILBOT_CHOICES)]
        if choices:
            return solo_context(game, seat).railbot_choice(choices)
        return step[-1]  # the claim window's EndTurn
    if state.phase is not Phase.ACTIONS:  # not in a solo game; kept total for safety
        return sample_action(game, seat, rng)
    return productive_action(game, seat, rng, RAILBOT_LINK, SOLO_BOND_LIMIT)


def turns_left(game: Game) -> int:
    """Turns the game still has, counting this one, as this world's decks say.

    The end comes when Final Evaluation is drawn for the last time (then one more turn,
    RB-063) or when enough cities are empty. The Railbot draws one card a turn. Where the
    first draw of Final Evaluation only puts it back among the bottom cards (Eastern U.S.:
    ``switch_halves``; ``black_city``), the end waits for nearly the whole deck. This is
    the determinized world's deck, not the true one: the average over worlds is what the
    player can know.
    """
    state = game.state
    if state.end_trigger_turn is not None:
        return max(1, state.end_trigger_turn + 2 - state.turn)
    solo, smap = solo_state(game), solo_map(game)
    deck = solo.deck
    fe = smap.final_evaluation_id
    if fe in deck:
        draws = len(deck) - deck.index(fe)  # the top of the deck is its end
        if solo.evaluations == 0 and smap.first_evaluation in ("switch_halves", "black_city"):
            draws = max(draws, len(deck) - 1)
    else:
        draws = len(deck) + 1  # an empty deck ends the game like Final Evaluation
    by_deck = draws + 1
    remaining = max(0, state.ecm_needed - len(state.ecm))
    rate = max(0.25, len(state.ecm) / max(1, state.turn))
    by_cities = int(remaining / rate) + 2
    return max(1, min(by_deck, by_cities, MAX_TURNS))


def solo_standing(game: Game, seat: int, left: int) -> float:
    """The score less a point a bond (the final scoring), plus cash and the net income of
    the turns after this one at ``MONEY`` points per $1,000. A bond's dividends count at
    the money rate only (the greedy bot's solo tuning), not at the multiplayer search's
    dearer rate: the solo player pays for its first links with bonds."""
    player = game.state.players[seat]
    tables = game.board.tables
    net = game.income(seat) - player.bonds * tables.bond_dividend
    return player.score - player.bonds + MONEY * (player.cash + net * (left - 1))


def evaluate_solo(game: Game, seat: int) -> float:
    """The player's points in solo terms: the final score (plus ``WIN_BONUS`` if it reached
    the target) when the game is over; before, an estimate of it, plus the bonus weighed
    by a logistic in how far the estimate lies from the target."""
    state = game.state
    target = solo_state(game).target
    if state.final_scores is not None:
        final = float(state.final_scores[seat])
        return final + (WIN_BONUS if state.winner == seat else 0.0)
    left = turns_left(game)
    value = solo_standing(game, seat, left)
    for plugin in game.ruleset.plugins:  # end points of the map's and the solo rules
        value += plugin.final_points(game, seat)
    ctx = solo_context(game, seat)
    value += POTENTIAL * sum(sorted(ctx.delivery_guesses(), reverse=True)[:4])
    chance = 1.0 / (1.0 + math.exp(-(value - target) / WIN_SCALE))
    return value + WIN_BONUS * chance
