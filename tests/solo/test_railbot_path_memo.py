"""The memo of the Railbot's cheapest paths gives what the path search gives, as the track
grows, and a game's copies share it without it ever answering for another track."""

from __future__ import annotations

from railways.bots.greedy import GreedyBot
from railways.core.legal import legal_actions
from railways.rules.solo import new_solo_game
from railways.rules.solo.paths import PATHS, _cheapest_path, cheapest_path, path_memo

# City pairs across the Eastern U.S. board (east coast, the mountains, the west).
PAIRS = (("new-york", "pittsburgh"), ("baltimore", "chicago"), ("portland", "atlanta"))


def test_memo_answers_as_the_search_does_while_the_track_grows() -> None:
    game = new_solo_game("eastern-us", seed=7)
    for a, b in PAIRS:
        assert a in game.board.cities and b in game.board.cities
    bot = GreedyBot(7)
    checked = 0
    while not game.over:
        if len(game.actions) % 12 == 0:
            for a, b in PAIRS:
                expected = _cheapest_path(game, a, b)
                assert cheapest_path(game, a, b) == expected
                assert cheapest_path(game, a, b) == expected  # now from the memo
                checked += 1
        game.apply(bot.choose(game, 0, legal_actions(game, 0)))
    assert checked >= 12
    assert len(path_memo(game)) > len(PAIRS)  # the answers were kept, one per track


def test_copies_share_the_memo_and_keep_their_own_track() -> None:
    game = new_solo_game("eastern-us", seed=8)
    path_memo(game)
    twin = game.copy()
    assert twin.derived[PATHS] is game.derived[PATHS]
    a, b = PAIRS[1]
    before = cheapest_path(twin, a, b)
    assert before is not None
    # Lay the player's first legal link in the copy: its own track, a new key.
    bot = GreedyBot(8)
    while len(twin.state.links) == len(game.state.links) and not twin.over:
        twin.apply(bot.choose(twin, 0, legal_actions(twin, 0)))
    assert cheapest_path(twin, a, b) == _cheapest_path(twin, a, b)
    assert cheapest_path(game, a, b) == before == _cheapest_path(game, a, b)
