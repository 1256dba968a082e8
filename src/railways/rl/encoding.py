"""A fixed action encoding per board: every action a game can offer has one integer index.

The catalogue is a list of *keys*, built once from a new game of the board (its board,
ruleset and action kinds) and never from a position, so the same board, player count
and plug-ins give the same indices in every game. docs/rl.md lists the sections:

- ``("bid", k)``: bid $k,000 for k below ``BID_BUCKETS``; the last bucket bids
  ``max(BID_BUCKETS, lowest legal bid)``;
- ``("link", path)``: a Build Track along one of the board's precomputed routes
  (``static_routes`` for every tile limit a card can give, by path);
- ``("leg", path, exit)``: the first action of a route too long for one action
  (``long_routes``);
- ``("extend", hex, city)``: finishing an own incomplete link that ends at ``hex``
  towards ``city`` (the engine offers the cheapest such route);
- ``("deliver", source, destination, links)``: a delivery by its route's ends and
  length; routes that share them are one action, and the one that scores most for the
  mover is taken (ties: the engine's order);
- ``(kind, field values...)``: every other kind, by the values of its fields
  (barons, cards, cities, colours, ...), plug-in kinds included.

``legal_map`` turns a position's ``legal_actions`` into {index: action}; the mask is
its keys. Decoding goes through it, so an index always yields an action the engine
accepts now (with the cards the engine chose for it, for example).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

import numpy as np
import numpy.typing as npt

from railways.core.actions import (
    Action,
    Bid,
    BuildTrack,
    DeliverGoods,
    TakeOperationsCard,
)
from railways.core.board import Board, Color
from railways.core.game import Game
from railways.core.hexgrid import Hex
from railways.core.legal import LegalActions, legal_actions, long_routes, static_routes

Key = tuple[Any, ...]

BID_BUCKETS = 20  # bids of $1,000 .. $19,000 one by one, then one bucket for the rest
MAX_PRODUCT = 20_000  # a plug-in kind whose field values multiply past this is refused

# The kinds encoded by hand below; every other kind is encoded by its fields.
SPECIAL = frozenset({"bid", "build_track", "deliver_goods", "take_operations_card", "undo"})


def _hex(h: Hex) -> tuple[int, int]:
    return (h.row, h.col)


class ActionEncoding:
    """The action catalogue of one board (and ruleset), with encoding and decoding."""

    def __init__(self, game: Game) -> None:
        self.board: Board = game.board
        self.map_id = game.state.map_id
        self.max_links = game.board.tables.max_engine
        self.tile_limits = _tile_limits(game)
        self.sections: dict[str, tuple[int, int]] = {}
        keys: list[Key] = []
        for name in game.kinds.kinds:
            start = len(keys)
            keys.extend(self._keys_of(game, name))
            self.sections[name] = (start, len(keys))
        self.keys: list[Key] = keys
        self.index: dict[Key, int] = {k: i for i, k in enumerate(keys)}
        if len(self.index) != len(keys):
            raise ValueError("the action catalogue has a key twice")  # a bug, not bad input

    @property
    def size(self) -> int:
        return len(self.keys)

    # -- the catalogue ---------------------------------------------------------------
    def _keys_of(self, game: Game, name: str) -> list[Key]:
        board = game.board
        cities = sorted(board.cities)
        if name == "undo":
            return []  # not offered to agents: an environment's step is final
        if name == "bid":
            return [("bid", k) for k in range(1, BID_BUCKETS + 1)]
        if name == "build_track":
            return self._build_keys(game)
        if name == "deliver_goods":
            return [
                ("deliver", a, b, n)
                for a in cities
                for b in cities
                if a != b
                for n in range(1, self.max_links + 1)
            ]
        if name == "take_operations_card":
            return _card_keys(game)
        kind = game.kinds.kinds[name]
        if any(f.name == "links" for f in _fields(kind.action_type)):
            # A plug-in's kind that moves a cube along a route (a Fuel Depot stop): indexed
            # by where the route ends, as the kind describes it (None: it names no city).
            return [(name, None), *((name, c) for c in cities)]
        return _field_keys(game, name, kind.action_type)

    def _build_keys(self, game: Game) -> list[Key]:
        board = game.board
        links: set[Key] = set()
        legs: set[Key] = set()
        for limit in self.tile_limits:
            for group in static_routes(board, limit, game.edge_costs).values():
                links.update(("link", tuple(_hex(h) for h in r.path)) for r in group)
            for leg in long_routes(board, limit, game.edge_costs):
                legs.add(("leg", tuple(_hex(h) for h in leg.path), leg.exit.name))
        # An incomplete link can end on any buildable hex; from there the engine offers
        # the cheapest route to each city within the tile limit.
        reach = max(self.tile_limits) + 1
        extends: set[Key] = set()
        city_hexes = {c.at: c.id for c in board.cities.values()}
        for h in board.hexes:
            if h in city_hexes or not board.is_buildable(h):
                continue
            for at, city in city_hexes.items():
                if h.distance(at) <= reach:
                    extends.add(("extend", _hex(h), city))
        return sorted(links) + sorted(legs) + sorted(extends)

    # -- actions to keys ------------------------------------------------------------
    def key_of(self, game: Game, action: Action) -> Key:
        """The catalogue key of ``action`` (deliveries are looked up on ``game``)."""
        if isinstance(action, Bid):
            return ("bid", max(1, min(action.amount, BID_BUCKETS)))
        if isinstance(action, BuildTrack):
            path = tuple(_hex(h) for h in action.path)
            if not action.path:
                raise ValueError("a build without a path has no index")
            if self.board.city_at(action.path[0]) is None:
                end = self.board.city_at(action.path[-1])
                return ("extend", path[0], end.id if end is not None else path[-1])
            if action.exit is not None:
                return ("leg", path, action.exit.name)
            return ("link", path)
        if isinstance(action, DeliverGoods):
            cities = game.route(action)[1]
            hops = min(len(action.links), self.max_links)
            return ("deliver", action.city, cities[-1], hops)
        if isinstance(action, TakeOperationsCard):
            key = (action.kind, action.card, action.target, action.color)
            # A choice no new game offers (a link for a Trading Depot, a route for Diplomatic
            # Relations) is indexed as the card alone.
            return key if key in self.index else (action.kind, action.card, None, None)
        if any(f.name == "links" for f in _fields(type(action))):
            shown = game.kinds.get(action).describe(game, action).cities
            return (action.kind, shown[-1] if shown else None)
        return (action.kind, *(_plain(getattr(action, f.name)) for f in _fields(type(action))))

    def encode(self, game: Game, action: Action) -> int:
        key = self.key_of(game, action)
        try:
            return self.index[key]
        except KeyError:
            raise ValueError(f"{action} has no index in the catalogue of {self.map_id}") from None

    # -- positions ------------------------------------------------------------------
    def legal_map(
        self, game: Game, seat: int, legal: LegalActions | None = None
    ) -> dict[int, Action]:
        """Every legal index of ``seat`` now, with the action it stands for."""
        if legal is None:
            legal = legal_actions(game, seat)
        out: dict[int, Action] = {}
        for action in legal.simple:
            out.setdefault(self.encode(game, action), action)
        if legal.min_bid is not None:
            low = legal.min_bid
            for k in range(max(1, low), BID_BUCKETS):
                out[self.index[("bid", k)]] = Bid(seat=seat, amount=k)
            out[self.index[("bid", BID_BUCKETS)]] = Bid(seat=seat, amount=max(low, BID_BUCKETS))
        for build in legal.builds:
            out.setdefault(self.encode(game, build.action), build.action)
        best: dict[int, int] = {}
        for options in legal.deliveries.values():
            for option in options:
                hops = min(len(option.action.links), self.max_links)
                key = ("deliver", option.action.city, option.destination, hops)
                i = self._lookup(key, option.action)
                mine = option.points.get(seat, 0)
                if i not in best or mine > best[i]:
                    best[i] = mine
                    out[i] = option.action
        return out

    def _lookup(self, key: Key, action: Action) -> int:
        try:
            return self.index[key]
        except KeyError:
            raise ValueError(f"{action} has no index in the catalogue of {self.map_id}") from None

    def mask(self, legal: dict[int, Action]) -> npt.NDArray[np.int8]:
        out = np.zeros(self.size, dtype=np.int8)
        out[list(legal)] = 1
        return out

    def decode(self, game: Game, seat: int, index: int) -> Action:
        """The action ``index`` stands for now; ValueError when it is not legal."""
        legal = self.legal_map(game, seat)
        if index not in legal:
            what = self.keys[index] if 0 <= index < self.size else "out of range"
            raise ValueError(f"action index {index} ({what}) is not legal now")
        return legal[index]

    def describe(self, index: int) -> str:
        return " ".join(str(part) for part in self.keys[index])


def _tile_limits(game: Game) -> list[int]:
    """The tile limits a build can have: the base one and any a card gives."""
    base = game.build_rules(BuildTrack(seat=0)).max_tiles
    limits = {base}
    for card in game.ruleset.cards.values():
        tiles = card.params.get("tiles")
        if isinstance(tiles, int):
            limits.add(tiles)
    return sorted(limits)


def _fields(cls: type[Action]) -> list[Any]:
    return [f for f in fields(cls) if f.name != "seat"]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, Hex):
        return _hex(value)
    return value


def field_domains(game: Game) -> dict[str, list[Any]]:
    """The values each named action field can take on this board (sorted, stable)."""
    board, ruleset = game.board, game.ruleset
    cities = sorted(board.cities)
    cards = set(ruleset.cards)
    barons = set(ruleset.barons)
    for plugin in ruleset.plugins:
        # The solo plug-in's own cards and Duel Barons (its settings are not in the ruleset).
        smap = getattr(plugin, "solo_map", None)
        if smap is not None:
            cards.update(smap.cards)
            barons.update(smap.duel_barons)
    colors: list[Any] = [None, *(c.value for c in Color)]
    lines = sorted(board.major_lines)
    return {
        "city": cities,
        "source": cities,
        "target": [None, *cities, *[x for x in lines if x not in board.cities]],
        "color": colors,
        "card": sorted(cards),
        "cards": [(), *((c,) for c in sorted(cards))],
        "baron": sorted(barons),
        "amount": list(range(BID_BUCKETS + 1)),
        "redirect": [False, True],
    }


def _field_keys(game: Game, name: str, cls: type[Action]) -> list[Key]:
    domains = field_domains(game)
    own: list[Sequence[Any]] = []
    for f in _fields(cls):
        if f.name not in domains:
            raise ValueError(
                f"action kind {name!r}: no index for its field {f.name!r} "
                "(railways.rl.encoding knows: " + ", ".join(sorted(domains)) + ")"
            )
        own.append(domains[f.name])
    size = 1
    for domain in own:
        size *= len(domain)
    if size > MAX_PRODUCT:
        raise ValueError(f"action kind {name!r}: {size} field combinations is too many to index")
    return [(name, *combo) for combo in itertools.product(*own)]


def _card_keys(game: Game) -> list[Key]:
    """Each card alone, and with every choice its effect offers at the start of a game.

    (Choices only narrow as a game goes on: gray cities get colours, tiles run out.)
    """
    keys: set[Key] = set()
    for card_id, card in game.ruleset.cards.items():
        keys.add(("take_operations_card", card_id, None, None))
        for action in _take_options(game, card):
            keys.add(("take_operations_card", card_id, action.target, action.color))
    return sorted(keys, key=lambda k: tuple("" if v is None else str(v) for v in k))


def _take_options(game: Game, card: Any) -> Iterable[TakeOperationsCard]:
    return game.card_effect(card).take_options(game, 0, card)
