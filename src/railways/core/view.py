"""What one seat (or a spectator) may see of a game: the only door out of the engine.

A seat sees everything public plus its own secrets: its kept Rail Baron card
(and, while choosing, the two it was dealt). Everyone else's baron is shown
only once revealed. Deck orders and the bag's contents are never shown, only
their sizes.
"""

from __future__ import annotations

from typing import Any

from railways.core.actions import Action, BuildTrack, DeliverGoods, Undo, Urbanize
from railways.core.game import Game
from railways.core.hexgrid import Side
from railways.core.scoring import final_scores, how_won
from railways.core.state import Phase

# A side's name by its number (Side is an IntEnum): the enum's own ``name`` is slow to read,
# and a late view names a thousand sides.
_SIDE_NAMES = tuple(side.name for side in sorted(Side))
LEDGER_SHOWN = 300  # the latest money entries a view carries (a whole game has ~400-900)


def view_for(game: Game, seat: int | None, *, history: bool = True) -> dict[str, Any]:
    """A JSON-ready view of the game for ``seat`` (None: a spectator).

    ``history=False`` leaves out what tells the past rather than the position (the log,
    the money ledger, the last and the undone moves): an agent's observation reads only
    the position, and the past is most of a late view's size."""
    state = game.state
    players = []
    for p in state.players:
        own = seat == p.seat
        baron: str | None = None
        if p.baron and (own or p.baron_revealed or state.phase is Phase.GAME_OVER):
            baron = p.baron
        entry: dict[str, Any] = {
            "seat": p.seat,
            "name": p.name,
            "cash": p.cash,
            "bonds": p.bonds,
            "score": p.score,
            "income": game.income(p.seat),
            "engine": p.engine,
            "hand": list(p.hand),
            "kept": list(p.kept),
            "has_baron": bool(p.baron),
            "baron": baron,
            "baron_revealed": p.baron_revealed,
            "links": len(game.own_links(p.seat)),
            "delivered_colors": sorted(p.delivered_colors),
        }
        if own and state.phase is Phase.CHOOSE_BARON:
            entry["barons_dealt"] = list(p.barons_dealt)
        players.append(entry)
    auction = None
    if state.auction is not None:
        auction = {
            "order": list(state.auction.order),
            "high_bid": state.auction.high_bid,
            "high_bidder": state.auction.high_bidder,
            "passed": sorted(state.auction.passed),
        }
    plugins: dict[str, Any] = {}
    markers: list[dict[str, Any]] = []
    for plugin in game.ruleset.plugins:
        plugins.update(plugin.view(game, seat))
        markers.extend(m.to_dict() for m in plugin.markers(game, seat))
    for effect in game.deck_effects:  # what cards put on the board (a depot, a spent mine)
        markers.extend(m.to_dict() for m in game.ruleset.card_effects[effect].markers(game, seat))
    reaction = None
    if state.reaction is not None:  # an action waiting for other seats' answers
        held = state.reaction.action
        reaction = {
            "seat": held.seat,
            "action": held.to_dict(),
            "label": game.kinds.get(held).describe(game, held).label,
            "waiting": list(state.reaction.seats),
        }
    tables = game.board.tables
    final = None
    if state.final_scores is not None:  # the breakdown that adds up to the final scores
        parts = final_scores(game)
        final = {
            "players": [parts[p.seat].to_dict() for p in state.players],
            "decided": how_won(game, parts),
        }
    view: dict[str, Any] = {
        "map": state.map_id,
        "seat": seat,
        "turn": state.turn,
        "phase": state.phase.value,
        "round": state.round,
        "to_act": state.to_act,
        "first_player": state.first_player,
        "order": list(state.order),
        "auction": auction,
        "reaction": reaction,
        "players": players,
        # ``_value_`` is the member's value as stored: ``value`` is a Python-level property,
        # read once per cube of the board in every view.
        "cubes": {city: sorted([c._value_ for c in cubes]) for city, cubes in state.cubes.items()},
        "city_colors": {city: color.value for city, color in state.city_colors.items()},
        "new_city_tiles": {c.value: n for c, n in state.new_city_tiles.items()},
        "empty_cities": sorted(state.ecm),
        "ecm_needed": state.ecm_needed,
        "end_trigger_turn": state.end_trigger_turn,
        "links": [
            {
                "id": link.id,
                "owner": link.owner,
                "start": link.start,
                "end": link.end,
                "tiles": [[h.row, h.col, _SIDE_NAMES[a], _SIDE_NAMES[b]] for h, a, b in link.tiles],
                "partners": list(link.partners),  # co-owners (AU-036)
            }
            for link in state.links.values()
        ]
        # Ways over track that count as links for deliveries (a switch's branch seen from the
        # far end of the track it leaves, RW-p7-30): no tiles of their own, ``way_of`` the link.
        + [
            {
                "id": way.id,
                "owner": way.owner,
                "start": way.start,
                "end": way.end,
                "tiles": [],
                "partners": [],
                "way_of": way.of,
            }
            for way in game.route_links().values()
        ],
        "ops_display": list(state.ops_display),
        "ops_deck_size": len(state.ops_deck),
        "ops_discard": list(state.ops_discard),
        "bag_size": sum(state.bag.values()),
        "major_lines": dict(state.major_lines),
        "extra_actions": state.extra_actions if state.extra_actions_seat is not None else 0,
        "plugins": plugins,
        "markers": markers,
        # The numbers front ends quote (money in $1,000s), so none of them repeats a rule.
        "money": {
            "bond_value": tables.bond_value,
            "bond_dividend": tables.bond_dividend,
            "urbanize_cost": tables.urbanize_cost,
            "engine_costs": {str(k): v for k, v in sorted(tables.engine_costs.items())},
            "max_engine": tables.max_engine,
        },
        "final_scores": dict(state.final_scores) if state.final_scores is not None else None,
        "final": final,
        "winner": state.winner,
    }
    if history:
        view.update(_past_of(game))
    return view


def _past_of(game: Game) -> dict[str, Any]:
    """The public past of a game: its log, the latest money entries, each seat's last move
    and the move an undo took back."""
    state = game.state
    return {
        "log": list(state.log),
        # Money is public in this game: every payment, income and bond, newest last.
        "ledger": [
            {"seat": e.seat, "amount": e.amount, "reason": e.reason, "turn": e.turn}
            for e in state.ledger[-LEDGER_SHOWN:]
        ],
        # What each seat did last on the board, so a page can show it (all of it public).
        "last_moves": last_moves(game),
        "undone": undone_move(game),
    }


def move_places(game: Game, action: Action) -> dict[str, Any] | None:
    """Where a public move shows on the board: hexes laid, links used, cities; None for a
    move without places (a pass, a bid, a baron choice: nothing of those is given out)."""
    if isinstance(action, BuildTrack):
        hexes = [[h.row, h.col] for h in action.path]
        return {"hexes": hexes, "links": [], "cities": [], "color": None}
    if isinstance(action, DeliverGoods):
        return {
            "hexes": [],
            "links": list(action.links),
            "cities": [action.city, *_route_end(game, action)],
            "color": action.color,
        }
    if isinstance(action, Urbanize):
        return {"hexes": [], "links": [], "cities": [action.city], "color": action.color}
    return None


def _route_end(game: Game, action: DeliverGoods) -> list[str]:
    """The city a delivery's route ends at, walked over today's links ([] if one is gone)."""
    ways = game.route_links()
    here = action.city
    for link_id in action.links:
        link = game.state.links.get(link_id) or ways.get(link_id)
        if link is None or link.end is None:
            return []
        here = link.end if link.start == here else link.start
    return [here] if action.links else []


def last_moves(game: Game) -> list[dict[str, Any]]:
    """Each seat's latest move with places on the board, oldest first; ``index`` is its
    position among the moves in effect (an undone move is gone from them)."""
    found: dict[int, dict[str, Any]] = {}
    seats = len(game.state.players)
    for index in range(len(game.history) - 1, -1, -1):
        action = game.history[index][0]
        if action.seat in found or action.seat < 0:
            continue
        places = move_places(game, action)
        if places is not None:
            found[action.seat] = {
                "seat": action.seat,
                "index": index,
                "kind": action.kind,
                **places,
            }
            if len(found) == seats:
                break
    return sorted(found.values(), key=lambda m: int(m["index"]))


def undone_move(game: Game) -> dict[str, Any] | None:
    """When the latest action was an undo: whose move it took back and where that move was
    (only a move without a draw or a secret can be undone, so this tells nothing hidden)."""
    actions = game.actions
    if not actions or not isinstance(actions[-1], Undo):
        return None
    pending = 0  # undos met walking back, each of which took back an earlier action
    for action in reversed(actions[:-1]):
        if isinstance(action, Undo):
            pending += 1
        elif pending:
            pending -= 1
        else:
            places = move_places(game, action) or {"hexes": [], "links": [], "cities": []}
            return {"seat": action.seat, "index": len(game.history), "kind": action.kind, **places}
    return None
