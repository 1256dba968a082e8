"""The search bot in the Rail Barons solo game: legal moves through a whole game, the same
game for a seed and an iteration budget, the real game untouched, decisions that do not
depend on the hidden Railbot deck, and the solo evaluation's end and target terms."""

from __future__ import annotations

from railways.bots import make_bot
from railways.bots.greedy import GreedyBot
from railways.bots.mcts import MctsBot, MctsSettings
from railways.bots.mcts_solo import WIN_BONUS, evaluate_solo, turns_left
from railways.core.actions import Action
from railways.core.determinize import determinize
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.rng import Rng
from railways.rules.solo import new_solo_game, solo_state
from railways.rules.solo.actions import RAILBOT_CHOICES
from railways.rules.solo.state import solo_map
from railways.sim.checks import full_state


def _greedy_until(game: Game, actions: int) -> Game:
    bot = GreedyBot(1)
    for _ in range(actions):
        game.apply(bot.choose(game, 0, legal_actions(game, 0)))
    # Stop at one of the player's own decisions (not a Railbot choice), which mcts searches.
    while game.turns.step_actions(game, 0) is not None:
        game.apply(bot.choose(game, 0, legal_actions(game, 0)))
    return game


def _decisions(seed: int, iters: int, count: int) -> list[Action]:
    game = new_solo_game("eastern-us", seed=seed)
    bot = make_bot(f"mcts:iters={iters}", 7)
    chosen: list[Action] = []
    while not game.over and len(chosen) < count:
        action = bot.choose(game, 0, legal_actions(game, 0))
        chosen.append(action)
        game.apply(action)
    return chosen


def test_mcts_plays_a_whole_solo_game_with_legal_actions_and_searches() -> None:
    game = new_solo_game("eastern-us", seed=5)
    bot = MctsBot(2, MctsSettings(iters=6))
    searched = answered = 0
    for _ in range(400):
        if game.over:
            break
        action = bot.choose(game, 0, legal_actions(game, 0))
        game.check(action)  # the engine's own check: raises IllegalAction if not legal
        searched += bot.last_iterations > 0
        answered += isinstance(action, RAILBOT_CHOICES)
        game.apply(action)
    assert game.over and game.state.final_scores is not None
    assert searched >= 20  # the solo game is searched, not handed to greedy
    assert answered >= 1  # the Railbot's choices came up and were answered


def test_mcts_solo_is_deterministic_for_a_seed_and_iterations() -> None:
    first = _decisions(seed=3, iters=8, count=12)
    again = _decisions(seed=3, iters=8, count=12)
    assert len(first) == 12
    assert first == again


def test_solo_search_leaves_the_real_game_unchanged() -> None:
    game = _greedy_until(new_solo_game("eastern-us", seed=4), 20)
    before = full_state(game)
    actions = list(game.actions)
    bot = MctsBot(1, MctsSettings(iters=16))
    bot.choose(game, 0, legal_actions(game, 0))
    assert bot.last_iterations > 0
    assert full_state(game) == before
    assert game.actions == actions and not game.unrecorded


def _reorder_hidden(game: Game, seed: int) -> Game:
    """The same game with the hidden Railbot cards in another true order: the unseen cards
    (deck and set aside) shuffled among themselves, Final Evaluation at another place of
    its window. Everything the player can see is unchanged."""
    twin = game.copy()
    solo = solo_state(twin)
    fe = solo_map(twin).final_evaluation_id
    unseen = [c for c in solo.deck if c != fe] + solo.removed
    Rng(seed).shuffle(unseen)
    solo.removed = unseen[: len(solo.removed)]
    deck = unseen[len(solo.removed) :]
    low, high = solo.evaluation_window  # counted from the bottom (index 0)
    deck.insert(low if solo.deck.index(fe) != low else high, fe)
    solo.deck = deck
    return twin


def test_solo_decisions_do_not_depend_on_the_hidden_railbot_order() -> None:
    game = _greedy_until(new_solo_game("eastern-us", seed=6), 9)
    solo = solo_state(game)
    twin = _reorder_hidden(game, 11)
    twin_solo = solo_state(twin)
    assert twin_solo.deck != solo.deck  # the true orders differ
    assert sorted(twin_solo.deck + twin_solo.removed) == sorted(solo.deck + solo.removed)
    # The determinizations the search draws are the same for both true orders...
    for seed in range(5):
        a, b = solo_state(determinize(game, 0, seed)), solo_state(determinize(twin, 0, seed))
        assert (a.deck, a.removed) == (b.deck, b.removed)
    # ...and differ from one another (the order is redrawn, not kept).
    decks = {tuple(solo_state(determinize(game, 0, seed)).deck) for seed in range(5)}
    assert len(decks) == 5
    # So the bot's decision and its search are the same.
    one, two = MctsBot(3, MctsSettings(iters=24)), MctsBot(3, MctsSettings(iters=24))
    first = one.choose(game, 0, legal_actions(game, 0))
    second = two.choose(twin, 0, legal_actions(twin, 0))
    assert first == second and one.last_iterations == two.last_iterations > 0


def test_solo_evaluation_of_a_finished_game_counts_the_target() -> None:
    game = new_solo_game("eastern-us", seed=2)
    bot = GreedyBot(2)
    while not game.over:
        game.apply(bot.choose(game, 0, legal_actions(game, 0)))
    target = solo_state(game).target
    short, reached = game.copy(), game.copy()
    short.state.final_scores, short.state.winner = {0: target - 1}, None
    reached.state.final_scores, reached.state.winner = {0: target}, 0
    assert evaluate_solo(short, 0) == target - 1
    assert evaluate_solo(reached, 0) == target + WIN_BONUS


def test_solo_turns_left_follow_the_deck_and_the_empty_cities() -> None:
    game = new_solo_game("eastern-us", seed=1)
    solo = solo_state(game)
    assert game.state.turn == 1 and not game.state.ecm
    fe = solo_map(game).final_evaluation_id
    # Final Evaluation already drawn once (Eastern U.S. switches halves first), now the
    # fourth card from the bottom of a 10-card deck: 7 draws reach it, then one more turn.
    solo.evaluations = 1
    others = [c for c in solo.deck if c != fe][:9]
    solo.deck = [*others[:3], fe, *others[3:]]
    assert turns_left(game) == 7 + 1
    # Empty cities: 6 of 8 markers out by turn 3, 2 a turn: the last 2 in one turn, counted
    # with this turn and the final one (3), sooner than the deck.
    game.state.turn = 3
    game.state.ecm.update(sorted(game.board.cities)[:6])
    assert turns_left(game) == 1 + 2
    # The end triggered this turn: this turn and the final one.
    game.state.end_trigger_turn = 3
    assert turns_left(game) == 2


def test_solo_search_ranks_its_candidates_with_the_boards_own_pieces() -> None:
    """On a board with solo pieces of its own (Australia's towns and ferries), the search's
    candidates are the best actions by greedy's values over those pieces, as greedy's own
    solo choices are (issue 27: no plain ``SoloContext`` where the board brings more)."""
    from railways.bots.greedy_solo import solo_context
    from railways.bots.mcts_solo import candidates
    from railways.rules.solo.actions import Insure

    game = new_solo_game("australia", seed=3)
    bot = GreedyBot(1)
    compared = 0
    for _ in range(120):
        if game.over:
            break
        legal = legal_actions(game, 0)
        if game.turns.step_actions(game, 0) is None and len(legal.all()) > 1:
            ctx = solo_context(game, 0)
            assert type(ctx).__name__ != "SoloContext"  # the board's pieces are there
            scored = sorted(bot._score_all(ctx, legal), key=lambda s: (-s.value, s.order))
            # Insurance, when taken, comes first; then greedy's best, in order.
            found = [a for _, a in candidates(bot, game, 0, legal, 3)]
            ranked = [a for a in found if not isinstance(a, Insure)]
            assert ranked == [s.action for s in scored][: len(ranked)]
            compared += 1
        game.apply(bot.choose(game, 0, legal))
    assert compared > 20
