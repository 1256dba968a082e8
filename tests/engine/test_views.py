"""Hidden information: a view carries nothing its seat may not see."""

from __future__ import annotations

import json

from railways.bots.random_bot import RandomBot
from railways.core.actions import Undo
from railways.core.determinize import determinize
from railways.core.legal import legal_actions
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules import new_game


def _secrets_of_others(game, seat):  # type: ignore[no-untyped-def]
    secrets = set()
    for p in game.state.players:
        if p.seat != seat and not p.baron_revealed:
            secrets.update(p.barons_dealt)
    return secrets


def test_views_hide_other_barons_deck_order_and_bag() -> None:
    """RW-p4-12: kept barons are secret; deck order and bag contents are never sent."""
    game = new_game("eastern-us", players=4, seed=3)
    bot = RandomBot(1)
    for step in range(200):
        for seat in [None, 0, 1, 2, 3]:
            view = view_for(game, seat)
            text = json.dumps(view)
            for secret in _secrets_of_others(game, seat):
                assert f'"{secret}"' not in text, (step, seat, secret)
            for card in game.state.ops_deck:
                assert f'"{card}"' not in text
            assert "bag" not in view or isinstance(view.get("bag"), int)
            assert view["bag_size"] == sum(game.state.bag.values())
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))


def test_a_seat_sees_its_own_baron() -> None:
    game = new_game("eastern-us", players=3, seed=8)
    own = view_for(game, 0)["players"][0]
    assert own["barons_dealt"] == list(game.state.players[0].barons_dealt)
    assert "barons_dealt" not in view_for(game, 1)["players"][0]
    assert view_for(game, None)["players"][0]["baron"] is None


def test_determinization_keeps_what_the_seat_knows() -> None:
    game = new_game("eastern-us", players=4, seed=21)
    bot = RandomBot(2)
    while game.state.phase is not Phase.ACTIONS:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    seen = view_for(game, 1)
    original = [p.baron for p in game.state.players]
    samples = [determinize(game, 1, seed) for seed in range(6)]
    for sample in samples:
        assert view_for(sample, 1)["players"][1] == seen["players"][1]
        assert view_for(sample, None)["cubes"] == seen["cubes"]
        for p in sample.state.players:
            if p.seat != 1:
                assert p.baron not in game.state.players[1].barons_dealt
    others = {tuple(p.baron for p in s.state.players if p.seat != 1) for s in samples}
    assert len(others) > 1, "unknown barons are resampled"
    assert [p.baron for p in game.state.players] == original  # the real game is untouched
    assert sorted(samples[0].state.ops_deck) == sorted(game.state.ops_deck)


# -- last moves: what a page highlights (each seat's latest move on the board, an undo) -------
MOVE_KEYS = {"seat", "index", "kind", "hexes", "links", "cities", "color"}


def _to_actions(game, bot):  # type: ignore[no-untyped-def]
    while game.state.phase is not Phase.ACTIONS:
        seat = game.to_act
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))


def test_last_moves_show_each_seats_latest_build_and_delivery() -> None:
    game = new_game("eastern-us", players=3, seed=5)
    bot = RandomBot(4)
    _to_actions(game, bot)
    assert view_for(game, None)["last_moves"] == []  # nothing on the board yet
    built: dict[int, list[list[int]]] = {}
    delivered = None
    for _ in range(400):
        seat = game.to_act
        assert seat is not None
        legal = legal_actions(game, seat)
        if delivered is None and legal.deliveries:
            option = next(iter(legal.deliveries.values()))[0]
            game.apply(option.action)
            delivered = (seat, option)
            break
        if legal.builds:
            build = legal.builds[0].action
            game.apply(build)
            built[seat] = [[h.row, h.col] for h in build.path]
        else:
            game.apply(bot.choose(game, seat, legal))
    assert delivered is not None, "no delivery came up: choose another seed"
    moves = {m["seat"]: m for m in view_for(game, 1)["last_moves"]}
    seat, option = delivered
    assert moves[seat]["kind"] == "deliver_goods"
    assert moves[seat]["links"] == list(option.action.links)
    assert moves[seat]["cities"] == [option.action.city, option.destination]
    assert moves[seat]["color"] == option.action.color
    for other, path in built.items():
        if other != seat:
            assert moves[other]["kind"] == "build_track"
            assert moves[other]["hexes"] == path
    # Oldest first, so a page knows which move is the newest.
    indexes = [m["index"] for m in view_for(game, 1)["last_moves"]]
    assert indexes == sorted(indexes) and indexes[-1] == len(game.history) - 1
    assert all(set(m) == MOVE_KEYS for m in moves.values())


def test_an_undo_names_the_move_it_took_back() -> None:
    game = new_game("eastern-us", players=2, seed=9)
    _to_actions(game, RandomBot(2))
    seat = game.to_act
    assert seat is not None
    before = view_for(game, None)["last_moves"]
    build = legal_actions(game, seat).builds[0].action
    game.apply(build)
    assert view_for(game, None)["undone"] is None
    game.apply(Undo(seat=seat))
    view = view_for(game, 1 - seat)
    assert view["last_moves"] == before  # the build is gone from the board's highlights
    undone = view["undone"]
    assert undone["seat"] == seat and undone["kind"] == "build_track"
    assert undone["hexes"] == [[h.row, h.col] for h in build.path]
    # The next move ends the notice.
    game.apply(legal_actions(game, seat).builds[0].action)
    assert view_for(game, None)["undone"] is None


def test_last_moves_never_carry_a_choice_that_is_secret() -> None:
    """Only public board moves are listed: never a Rail Baron (chosen or dealt) or a bid."""
    game = new_game("eastern-us", players=4, seed=12)
    bot = RandomBot(7)
    barons = {b for p in game.state.players for b in p.barons_dealt}
    assert barons
    kinds_seen = set()
    for _ in range(150):
        view = view_for(game, 0)
        moves = view["last_moves"] + ([view["undone"]] if view["undone"] else [])
        text = json.dumps(moves)
        assert not any(f'"{b}"' in text for b in barons)
        for m in view["last_moves"]:
            assert m["kind"] in {"build_track", "deliver_goods", "urbanize"}
            kinds_seen.add(m["kind"])
        seat = game.to_act
        if seat is None:
            break
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    assert "build_track" in kinds_seen


def test_a_view_without_history_is_the_view_less_its_past() -> None:
    """``history=False`` (what agents' observations read) drops the log, the ledger and the
    last and undone moves, and nothing else; the tiles keep their sides' names."""
    game = new_game("eastern-us", players=3, seed=8)
    bot = RandomBot(2)
    for _ in range(120):
        seat = game.to_act
        assert seat is not None
        game.apply(bot.choose(game, seat, legal_actions(game, seat)))
    full = view_for(game, 1)
    lean = view_for(game, 1, history=False)
    past = {"log", "ledger", "last_moves", "undone"}
    assert set(full) - set(lean) == past
    assert lean == {k: v for k, v in full.items() if k not in past}
    assert full["log"] and full["ledger"]  # there was a past to leave out
    tiles = [t for link in lean["links"] for t in link["tiles"]]
    assert tiles and all(t[2] in {"E", "NE", "NW", "W", "SW", "SE"} for t in tiles)
