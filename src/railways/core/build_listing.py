"""The build listing: candidate links for a seat, with hand-card variants (RW-p4, RW-p5).

:func:`build_options` lists them (link options from the static routes, first legs,
extensions of own incomplete links, a plug-in's origins, each hand card that helps);
:func:`sample_build` draws one without listing them all; :func:`next_hexes` steps a build
hex by hex. :mod:`railways.core.legal` is the public entry and re-exports these.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, overload

from railways.core.actions import BuildTrack
from railways.core.board import Board, Terrain
from railways.core.build_option import (
    BuildOption,
    _closed,
    _judged,
    _judged_cities,
    _max_tiles,
    _open_links,
    _tile_limit,
    _try,
    bare_build,
)
from railways.core.build_slots import (
    _first_legs,
    _group_choice,
    _HexChanges,
    _hexes_changed_since,
    _leg_choice,
    _short_entry,
    _slot_choices,
    _slot_count,
    _slot_index,
    _slot_option,
    _slot_options,
    _Slots,
    _synced_changes,
    _synced_needs,
    _synced_slots,
    _untouched_since,
)
from railways.core.cards import CardDef, CardEffect
from railways.core.errors import IllegalAction
from railways.core.game import DERIVED_FORKS, Game
from railways.core.hexgrid import SIDES, Hex, Side, TrackShape, track_shape
from railways.core.plugins import EdgeCosts, Plugin
from railways.core.rng import Rng
from railways.core.route_fit import _crossable, _occupied, _room, _starved
from railways.core.routes import (
    StaticRoute,
    _can_enter,
    _cities_near,
    _end_routes,
    long_routes,
    static_routes,
)
from railways.core.state import Link
from railways.core.track import BuildOrigin, CostRules, tiles_in_use


def build_options(game: Game, seat: int) -> list[BuildOption]:
    """Candidate links (:func:`link_options`), and the same links again with each hand card
    that helps there (:func:`hand_card_options`)."""
    return _with_hand_cards(game, seat, link_options(game, seat))


def _with_hand_cards(game: Game, seat: int, options: list[BuildOption]) -> list[BuildOption]:
    """``options`` and after them their hand-card variants (``hand_card_options``); may be
    ``options`` itself (the seat holds no card)."""
    hand = game.state.players[seat].hand
    if not hand or not options:
        return options
    # The same links with each hand card: kept with the state until the track, the seat's
    # hand or the turn changes (prices a plug-in sets can change from turn to turn).
    state = game.state
    cache: dict[tuple[object, ...], tuple[int, list[BuildOption]]]
    cache = game.derived.setdefault("hand_card_options", {})
    key = (seat, tuple(hand), _max_tiles(game, seat), _closed(game, seat), state.turn)
    hit = cache.get(key)
    if hit is None or hit[0] != state.track_version:
        hit = cache[key] = (state.track_version, hand_card_options(game, seat, options))
    return options + hit[1]


def listed_builds(game: Game, seat: int) -> list[BuildOption] | BuildList:
    """``build_options`` as the legal actions hold them (``LegalActions.builds``): in the
    common case (tiles to spare, prices exact, no city judged) a :class:`BuildList` that
    knows from the kept slots whether there is any option, and lists them (the slots'
    options, the extensions of open links, a plug-in's origins, the hand-card variants)
    only when its length or an item is first read; otherwise the list itself."""
    max_tiles, cards, rules = _tile_limit(game, seat)
    closed, starts = _closed(game, seat)
    key = (seat, max_tiles, cards, closed, starts)
    state = game.state
    kept = _link_cache(game).get(key)
    if kept is not None and kept[0] == state.track_version:
        return _with_hand_cards(game, seat, list(kept[1]))
    if _judged(game) or rules.repriced or not _plenty(game, max_tiles) or _judged_cities(game):
        options = _build_options(game, seat, max_tiles, cards, starts, closed, rules)
        _link_cache(game)[key] = (state.track_version, options)
        return _with_hand_cards(game, seat, list(options))
    count = _slot_count(game, seat, max_tiles, cards, closed, starts)[2]
    return BuildList(game, seat, (max_tiles, cards, rules, closed, starts), count)


_LinkKey = tuple[int, int, tuple[str, ...], frozenset[Hex], frozenset[Hex]]


def _link_cache(game: Game) -> dict[_LinkKey, tuple[int, list[BuildOption]]]:
    """``link_options`` kept per seat, tile limit, cards and closed hexes, with the track
    version they hold for (the lists are never changed: callers get copies)."""
    cache: dict[_LinkKey, tuple[int, list[BuildOption]]]
    cache = game.derived.setdefault("build_options", {})
    return cache


_Listing = tuple[int, tuple[str, ...], CostRules, frozenset[Hex], frozenset[Hex]]


class BuildList:
    """A seat's build options now, in :func:`build_options`' order, listed when first
    needed: ``bool`` answers from the slots' kept count where a slot offers a link; the
    length, an item, iteration or a comparison list them all (once).

    Made by :func:`listed_builds` for ``LegalActions.builds``: a random player reads the
    builds only when it draws the build kind, so most listings never make them. It reads
    the game when it lists: reading it after the game has changed raises ``RuntimeError``
    (list the legal actions again). Copied or pickled, it is a plain list.

    A ``collections.abc.Sequence`` (registered, not derived: compiled, a class derived from
    an ABC shares the ABC's registry, and then every list passed for a ``BuildList``)."""

    def __init__(self, game: Game, seat: int, listing: _Listing, count: int) -> None:
        state = game.state
        self._game: Game | None = game
        self._seat = seat
        self._listing = listing
        self._count = count  # the slots offering a link (each lists one option)
        self._stamp = (state.track_version, len(game.actions), state.turn, state.order_index)
        self._state: object = state
        self._items: list[BuildOption] | None = None

    def _made(self) -> list[BuildOption]:
        items = self._items
        if items is None:
            game = self._game
            assert game is not None
            state = game.state
            stamp = (state.track_version, len(game.actions), state.turn, state.order_index)
            if state is not self._state or stamp != self._stamp:
                raise RuntimeError("build options read after the game changed: list them again")
            max_tiles, cards, rules, closed, starts = self._listing
            seat = self._seat
            listed = _slot_choices(game, seat, max_tiles, cards, closed, starts)[2]
            more = _kept_extensions(game, seat, max_tiles, cards, rules)
            more.extend(_origin_options(game, seat, max_tiles, cards, rules))
            options = listed + _open(more, closed, starts)  # a new list: the slots' is kept
            _link_cache(game)[(seat, max_tiles, cards, closed, starts)] = (
                state.track_version,
                options,
            )
            items = self._items = _with_hand_cards(game, seat, options)  # (never changed)
            self._game = self._state = None  # (the game is not kept alive by its listing)
        return items

    def options(self) -> list[BuildOption]:
        """The options as a list, listed now if they were not yet (the list is kept: do not
        modify it). Iterating it is quicker than iterating the ``BuildList``."""
        return self._made()

    def __len__(self) -> int:
        return len(self._made())

    @overload
    def __getitem__(self, index: int) -> BuildOption: ...

    @overload
    def __getitem__(self, index: slice) -> list[BuildOption]: ...

    def __getitem__(self, index: int | slice) -> BuildOption | list[BuildOption]:
        return self._made()[index]

    def __iter__(self) -> Iterator[BuildOption]:
        return iter(self._made())

    def __bool__(self) -> bool:
        if self._items is None and self._count > 0:
            return True
        return bool(self._made())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, BuildList):
            return self._made() == other._made()
        if isinstance(other, list):
            return self._made() == other
        return NotImplemented

    def __contains__(self, option: object) -> bool:
        return option in self._made()

    def __reversed__(self) -> Iterator[BuildOption]:
        return reversed(self._made())

    def index(self, option: BuildOption) -> int:
        """The position of the first option equal to ``option`` (``ValueError``: none)."""
        return self._made().index(option)

    def count(self, option: BuildOption) -> int:
        """How many options are equal to ``option``."""
        return self._made().count(option)

    def __repr__(self) -> str:
        return repr(self._made())

    def __reduce__(self) -> tuple[type[list[BuildOption]], tuple[list[BuildOption]]]:
        return list, (self._made(),)


Sequence.register(BuildList)


def hand_card_options(game: Game, seat: int, options: Sequence[BuildOption]) -> list[BuildOption]:
    """``options`` again with one of the seat's hand cards, where the card lowers the price
    or scores (``CardEffect.build_bonus``): one card of each kind, named with the cards the
    option already uses (RW-p5-35, RW-p5-40).

    A card played on a build changes the prices of tiles and ridges (``CostRules.terrain``,
    ``free_open``) or acts afterwards; it never makes a legal build illegal. So no build is
    planned again: an option's price with the card is its price plus what the card changes
    on the option's tiles and ridges.
    """
    hand = game.state.players[seat].hand
    if not hand or not options:
        return []
    board = game.board
    shapes: _Shapes = board.derived("laid_shapes", dict)
    named: set[tuple[str, ...]] = set()  # the cards options already name (most name the same)
    last: tuple[str, ...] | None = None
    for option in options:
        if option.cards is not last:
            last = option.cards
            named.add(last)
    out: list[BuildOption] = []
    kinds: set[tuple[str, tuple[tuple[str, str | int], ...]]] = set()
    for card_id in hand:
        card = game.card(card_id)
        kind = (card.effect, tuple(sorted(card.params.items())))
        if kind in kinds:
            continue  # a second copy would only repeat the first one's options
        kinds.add(kind)
        effect = game.card_effect(card)
        scores = type(effect).build_bonus is not CardEffect.build_bonus
        helps = {
            cards: _helping_change(game, seat, cards, card_id, scores)
            for cards in named
            if card_id not in cards
        }
        if not any(helps.values()):
            continue  # it helps no option: none is looked at
        kept = _kept_variants(game, seat, card_id, helps, scores)
        numbered, others = kept.numbered, kept.others
        played = (card, effect, scores)
        # The cards each variant names: those its option names, and this one (a look-up,
        # not a new tuple per variant).
        naming = {cards: cards + (card_id,) for cards in named}
        for option in options:
            # An option's variant depends only on the option and the card's change of
            # prices (in kept's key): worked out once per option made, not per listing.
            # Kept by the option's route number where it has one (a list index), else by
            # its id; with the option itself, so another option is never taken for it.
            n = option.number
            hit = (numbered[n] if n < len(numbered) else None) if n >= 0 else others.get(id(option))
            if hit is not None and hit[0] is option:
                if hit[1] is not None:
                    out.append(hit[1])
                continue
            variant: BuildOption | None = None
            cards = option.cards
            change = None if option.redirect or card_id in cards else helps[cards]
            if change is not None:  # None: not for builds, or it helps nothing here
                variant = _variant(game, seat, played, naming, option, change, shapes)
            if n < 0:
                others[id(option)] = (option, variant)
            else:
                if n >= len(numbered):  # (grown by half at least: few extends per card)
                    grown = max(n + 1, len(numbered) * 3 // 2)
                    numbered.extend([None] * (grown - len(numbered)))
                numbered[n] = (option, variant)
            if variant is not None:
                out.append(variant)
    return out


_Variants = dict[int, tuple[BuildOption, "BuildOption | None"]]
# Shapes of the paths options build, by the path's id (kept with the path itself, so a new
# path at a reused address is never taken for it): hashing a path hashes each of its hexes.
_Shapes = dict[int, tuple[tuple[Hex, ...], "_Shape"]]
SHAPES_KEPT = 50_000  # shapes kept per board before starting afresh


@dataclass(slots=True)
class _KeptVariants:
    """A hand card's variants of options already worked out: by the option's route number
    (``BuildOption.number``) and, for options without one, by the option's id."""

    numbered: list[tuple[BuildOption, BuildOption | None] | None]
    others: _Variants


def _kept_variants(
    game: Game,
    seat: int,
    card_id: str,
    helps: dict[tuple[str, ...], tuple[dict[Terrain, int], int] | None],
    scores: bool,
) -> _KeptVariants:
    """The hand card's variants of options already worked out (``_KeptVariants``).

    A card that scores nothing on builds makes an option's variant from the option and the
    card's change of prices alone (``_variant``), both in the key, so its variants are kept
    with the board, for every game of it: the slots' options are the board's too
    (``build_slots._made_options``), and a new game's hands meet them again. A scoring
    card's depend on the game (``CardEffect.build_bonus``): kept with the game."""
    every: dict[tuple[object, ...], _KeptVariants]
    if scores:
        every = game.derived.setdefault("card_variants", {})
        keys_kept = KEYS_KEPT
    else:
        every = game.board.derived("card_variants", dict)
        keys_kept = BOARD_VARIANT_KEYS
    changes = tuple(
        (cards, None if c is None else (tuple(c[0].items()), c[1]))
        for cards, c in sorted(helps.items())
    )
    key = (seat, card_id, changes)
    kept = every.get(key)
    if kept is None or len(kept.others) > VARIANTS_KEPT:
        if len(every) > keys_kept:
            every.clear()
        kept = every[key] = _KeptVariants([], {})
    return kept


BOARD_VARIANT_KEYS = 256  # seats, cards and price changes kept per board before afresh


VARIANTS_KEPT = 20_000  # variants kept per card before starting afresh (options come and go)


def _variant(
    game: Game,
    seat: int,
    played: tuple[CardDef, CardEffect, bool],
    naming: dict[tuple[str, ...], tuple[str, ...]],
    option: BuildOption,
    change: tuple[dict[Terrain, int], int],
    shapes: _Shapes,
) -> BuildOption | None:
    """``option`` with the card played (the card, its effect, whether it scores on builds),
    if the card lowers its price or scores on it; ``naming``: the cards a variant of an
    option naming these cards names."""
    card, effect, scores = played
    per_tile, per_ridge = change
    path = option.path
    hit = shapes.get(id(path))
    if hit is not None and hit[0] is path:
        shape = hit[1]
    else:  # by the path's value: equal paths of other options (another tile limit)
        by_path: dict[tuple[Hex, ...], _Shape] = game.board.derived("laid_shapes_by_path", dict)
        found = by_path.get(path)
        if found is None:
            found = by_path[path] = _Shape.of(game.board, path)
        shape = found
        if len(shapes) > SHAPES_KEPT:
            shapes.clear()
        shapes[id(path)] = (path, shape)
    diff = shape.ridges * per_ridge
    for terrain, count in shape.terrain:
        diff += per_tile[terrain] * count
    if diff < 0 or (scores and effect.build_bonus(game, seat, card, shape.hexes) > 0):
        # Made directly, not with dataclasses.replace: thousands are made per listing; and
        # without its action, made only if the variant is chosen (BuildOption.action).
        cards = naming[option.cards]
        if option.redirect:  # (never: a redirect gets no variant; kept exact all the same)
            with_card = BuildTrack(option.seat, path, option.exit, True, cards)
            return BuildOption(
                with_card, option.cost + diff, option.tiles, option.to_city, option.route
            )
        return BuildOption(
            None,
            option.cost + diff,
            option.tiles,
            option.to_city,
            option.route,
            option.seat,
            path,
            option.exit,
            cards,
        )
    return None


def _helping_change(
    game: Game, seat: int, cards: tuple[str, ...], card_id: str, scores: bool
) -> tuple[dict[Terrain, int], int] | None:
    """``_price_change`` of the card on builds naming ``cards``, or None where it cannot help
    any of them: not playable on a build, or (for a card that scores nothing) lowering no
    price. Worked out once per hand card and cards named, not once per option."""
    change = _price_change(game, seat, cards, card_id)
    if change is None:
        return None
    per_tile, per_ridge = change
    if not scores and per_ridge >= 0 and min(per_tile.values()) >= 0:
        return None  # it lowers no price here (a Ferry Line card on a plain link)
    return change


_TERRAINS = tuple(Terrain)  # in the enum's order (iterating the enum itself is slow)


@dataclass(slots=True)  # (not frozen: compiled, a frozen one is made by a Python __init__)
class _Shape:
    """What a build along a path lays: its tiles' hexes, how many of each terrain, ridges.
    Never changed once made."""

    hexes: tuple[Hex, ...]
    terrain: tuple[tuple[Terrain, int], ...]
    ridges: int

    @classmethod
    def of(cls, board: Board, path: tuple[Hex, ...]) -> _Shape:
        # Plain loops: generators and itertools.pairwise are generic calls, compiled too.
        laid: list[Hex] = []
        counts: dict[Terrain, int] = {}
        kinds = board.hexes
        ridges = 0
        for k in range(1, len(path)):
            h = path[k]
            if board.city_at(h) is None:
                laid.append(h)
                t = kinds[h]
                counts[t] = counts.get(t, 0) + 1
            if board.crosses_ridge(path[k - 1], h):
                ridges += 1
        terrain = tuple((t, counts[t]) for t in _TERRAINS if t in counts)
        return _Shape(tuple(laid), terrain, ridges)


def _price_change(
    game: Game, seat: int, cards: tuple[str, ...], card_id: str
) -> tuple[dict[Terrain, int], int] | None:
    """How much ``card_id`` changes the price of a tile of each terrain and of a ridge on a
    build naming ``cards``; None when the card may not be played on a build."""
    try:
        before = game.build_rules(bare_build(seat, cards))
        after = game.build_rules(bare_build(seat, (*cards, card_id)))
    except IllegalAction:
        return None
    table = game.board.tables.terrain_costs

    def price(rules: CostRules, terrain: Terrain) -> int:  # as track.plan_build prices a tile
        if rules.free_open and terrain is Terrain.OPEN:
            return 0
        return (rules.terrain or table).of(terrain)

    per_tile = {t: price(after, t) - price(before, t) for t in Terrain}
    per_ridge = (after.terrain or table).ridge - (before.terrain or table).ridge
    return per_tile, per_ridge


def link_options(game: Game, seat: int) -> list[BuildOption]:
    """Candidate links: the cheapest legal route from each city to each city in reach.

    Routes over empty hexes are legal exactly as precomputed; a route that
    meets track is checked in full (it may still cross as an overpass).

    The answer depends only on the track (and so the tile supply) and the cards
    used, so it is kept with the state until the track changes
    (``state.track_version``).
    """
    state = game.state
    max_tiles, cards, rules = _tile_limit(game, seat)
    cache = _link_cache(game)
    closed, starts = _closed(game, seat)
    key = (seat, max_tiles, cards, closed, starts)
    hit = cache.get(key)
    if hit is not None and hit[0] == state.track_version:
        return list(hit[1])
    # Hexes a plug-in closes to this seat now (Plugin.build_restriction) are left out there.
    options = _build_options(game, seat, max_tiles, cards, starts, closed, rules)
    cache[key] = (state.track_version, options)
    return list(options)


def _build_options(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    starts: frozenset[Hex] = frozenset(),
    closed: frozenset[Hex] = frozenset(),
    rules: CostRules | None = None,
) -> list[BuildOption]:
    """Every candidate link, none over ``closed`` or starting in ``starts``. ``rules``: the
    seat's ``build_rules`` for ``cards``, when the caller has them."""
    board, track = game.board, game.state.track
    plenty = _plenty(game, max_tiles)
    judged = _judged(game)
    if judged:  # no route is legal as precomputed: each is planned (and judged) in full
        plenty = False
    # With tiles to spare and no card that changes costs, a route that only crosses
    # track as overpasses is legal at its precomputed cost: plan_build would check
    # nothing else that is not already true of every static route.
    if rules is None:
        rules = game.build_rules(bare_build(seat, cards))
    exact = not rules.repriced and not judged
    fast = plenty and exact
    special = _judged_cities(game)
    if fast and not special:
        # The slots' options are kept already without the closed hexes (a closed Western
        # board, RW-p9-05, is most of the list): only the few others are looked at here.
        listed = _slot_choices(game, seat, max_tiles, cards, closed, starts)[2]
        more = _kept_extensions(game, seat, max_tiles, cards, rules)
        more.extend(_origin_options(game, seat, max_tiles, cards, rules))
        return listed + _open(more, closed, starts)  # a new list: the slots' is kept
    if fast:
        verdicts = _kept_verdicts(game, seat, max_tiles, cards, closed)
        if verdicts is not None:  # links to or from the judged cities, as judged before
            options = _rejudged_slots(
                game, seat, max_tiles, cards, special, (closed, starts), verdicts
            )
            more = _kept_extensions(game, seat, max_tiles, cards, rules)
            more.extend(_origin_options(game, seat, max_tiles, cards, rules))
            return options + _open(more, closed, starts)
        options = _slot_options(game, seat, max_tiles, cards)
    elif _starved(game, _room(game)):
        options = []  # no route between cities can get its tiles (see _starved)
    elif exact and not closed and not starts and not special:
        # A short supply, prices exact: each slot's choice is a few comparisons of the
        # tiles its routes take (kept per slot) with the tiles left, not a walk of them.
        options = _short_slot_options(game, seat, max_tiles, cards, _room(game), False)
    else:
        occupied = set(track)
        # Closed hexes leave prices exact: routes over them are passed over as planning
        # refuses them, and groups and first legs starting where no build may start (an
        # unbuilt town) are left out here.
        options = []
        for (_origin, dest), group in static_routes(board, max_tiles, game.edge_costs).items():
            if group[0].path[0] in starts:
                continue  # no build may start there now (an unbuilt town)
            option = _group_choice(
                game, seat, cards, dest, group, plenty, fast, occupied, exact, closed
            )
            if option is not None:
                options.append(option)
        options.extend(
            o
            for o in _first_legs(game, seat, max_tiles, cards, plenty, occupied, exact, closed)
            if o.path[0] not in starts
        )
    if special:  # links to or from these are planned in full (a town not built yet)
        options = _rejudged(game, seat, max_tiles, cards, options, special, starts)
    options.extend(_kept_extensions(game, seat, max_tiles, cards, rules))
    options.extend(_origin_options(game, seat, max_tiles, cards, rules))
    return _open(options, closed, starts)


def _open(
    options: list[BuildOption], closed: frozenset[Hex], starts: frozenset[Hex]
) -> list[BuildOption]:
    """``options`` without those over a closed hex or starting where no build may start."""
    if not closed and not starts:
        return options
    return [o for o in options if closed.isdisjoint(o.path) and o.path[0] not in starts]


REJUDGE_TRIES = 12  # routes tried, cheapest first, for a link to a city a plug-in judges


def _rejudged(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    options: list[BuildOption],
    special: frozenset[str],
    starts: frozenset[Hex] = frozenset(),
) -> list[BuildOption]:
    """``options`` with every link to or from a city in ``special`` planned in full: at the
    price the plug-in asks, or, when it refuses the cheapest route, the next legal one."""
    out: list[BuildOption] = []
    for option in options:
        checked = _rejudged_one(game, seat, max_tiles, cards, option, special, starts)
        if checked is not None:
            out.append(checked)
    return out


def _rejudged_one(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    option: BuildOption,
    special: frozenset[str],
    starts: frozenset[Hex],
) -> BuildOption | None:
    """One option of ``_rejudged``: itself, as planned in full, the next legal route of its
    group, or None."""
    return _rejudged_tried(game, seat, max_tiles, cards, option, special, starts)[0]


def _rejudged_tried(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    option: BuildOption,
    special: frozenset[str],
    starts: frozenset[Hex],
) -> tuple[BuildOption | None, tuple[StaticRoute, ...]]:
    """``_rejudged_one``, with the routes of the option's group it planned (none when it
    planned the option alone or nothing): the verdict reads nothing else of the option."""
    board = game.board
    path = option.path
    origin = board.city_at(path[0])
    if path[0] in starts:
        return None, ()
    if option.to_city not in special and (origin is None or origin.id not in special):
        return option, ()
    if option.to_city is None or origin is None:  # a first leg: only its tiles are judged
        return _try(game, option.action, option.route, None), ()
    groups = static_routes(board, max_tiles, game.edge_costs)
    tried = groups.get((origin.id, option.to_city), [])[:REJUDGE_TRIES]
    for n, route in enumerate(tried):
        action = BuildTrack(seat, route.path, None, False, cards)
        checked = _try(game, action, route.path, option.to_city)
        if checked is not None:
            return checked, tuple(tried[: n + 1])
    return None, tuple(tried)


# Verdicts kept per slot, by its number: (the slot's option judged, the slots' version
# then, where its ends stood then (``_ends``), the verdict, the routes of the slot's group
# it planned: ``_rejudged_tried``, the hexes closed then), None where none is kept.
_Verdict = tuple[
    BuildOption, int, int, "BuildOption | None", tuple[StaticRoute, ...], frozenset[Hex]
]


class _VerdictTable:
    """One seat's kept verdicts on its judged links (``_kept_verdicts``), slot by slot, and
    what the last listing from them saw: the slots' version, each slot's option and what it
    listed, the hexes closed, the judged cities and the cities where no build may start.
    The next listing judges again only the slots whose option, track, ends or closed hexes
    changed since (``_slots_to_rejudge``): every other slot's verdict holds as it was."""

    def __init__(self, count: int) -> None:
        self.verdicts: list[_Verdict | None] = [None] * count
        self.seen = -1  # the slots' version at the last listing (-1: none yet)
        self.options: list[BuildOption | None] = [None] * count
        self.results: list[BuildOption | None] = [None] * count
        self.closed: frozenset[Hex] = frozenset()
        self.special: frozenset[str] = frozenset()
        self.start_ids: set[str] = set()
        self.listed: list[BuildOption] = []  # the results in order (never changed in place)

    def fork(self) -> _VerdictTable:
        """A copy for a copy of the game (the lists changed in place are copied)."""
        twin = _VerdictTable(0)
        twin.verdicts, twin.seen = list(self.verdicts), self.seen
        twin.options, twin.results = list(self.options), list(self.results)
        twin.closed, twin.special, twin.start_ids = self.closed, self.special, self.start_ids
        twin.listed = self.listed
        return twin


def _ends(origin: str, to_city: str | None, special: frozenset[str], start_ids: set[str]) -> int:
    """Where a slot's link stands now, as bits: its start (``origin``) a judged city, its end
    one, its start a city where no build may start (``start_ids``). A kept verdict holds
    while these stay the same (a town built changes the links to and from it only)."""
    return (
        (origin in special)
        | (to_city is not None and to_city in special) << 1
        | (origin in start_ids) << 2
    )


def _kept_verdicts(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    closed: frozenset[Hex],
) -> _VerdictTable | None:
    """The verdicts of ``_rejudged`` kept for the seat while what the judging plug-ins say
    they depend on (``Plugin.judgement_key``) stays the same; None when one cannot say.
    The judged cities, the hexes where no build may start and the hexes closed are not in
    the key: each verdict notes where its own ends stood (``_ends``) and the hexes closed
    when it was reached (a Switch Track placed closes its hex: only the verdicts whose
    routes meet it are reached again, ``_clear_of``)."""
    keys = _judgement_keys(game, seat)
    if keys is None:
        return None
    every: dict[tuple[object, ...], _VerdictTable]
    every = game.derived.setdefault("rejudged", {})
    key = (seat, max_tiles, cards, keys)
    kept = every.get(key)
    if kept is None:
        if len(every) > KEYS_KEPT:
            every.clear()
        count = len(_slot_index(game.board, max_tiles, game.edge_costs).dests)
        kept = every[key] = _VerdictTable(count)
    return kept


def _kept_table(
    every: dict[tuple[object, ...], Any], key: tuple[object, ...], most: int | None = None
) -> Any:
    """The table kept under ``key`` in one of the listing's caches, a new one when there is
    none (or it holds more than ``most`` entries); the cache starts afresh when it holds
    many keys (seats, cards, towns and switches seen: old ones are seldom seen again)."""
    kept = every.get(key)
    if kept is None or (most is not None and len(kept) > most):
        if len(every) > KEYS_KEPT:
            every.clear()
        kept = every[key] = {}
    return kept


KEYS_KEPT = 64  # keys a listing cache holds before it starts afresh


def _judgement_keys(game: Game, seat: int) -> tuple[Hashable, ...] | None:
    """Every judging plug-in's ``judgement_key``; None when one of them cannot say."""
    keys: list[Hashable] = []
    for plugin in game.ruleset.plugins:
        if _judges(plugin):
            key = plugin.judgement_key(game, seat)
            if key is None:
                return None
            keys.append(key)
    return tuple(keys)


def _judges(plugin: Plugin) -> bool:
    """Whether the plug-in judges builds or names cities whose links it judges."""
    kind = type(plugin)
    return kind.judge_build is not Plugin.judge_build or (
        kind.judged_cities is not Plugin.judged_cities
    )


def _rejudged_slots(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    special: frozenset[str],
    shut: tuple[frozenset[Hex], frozenset[Hex]],
    table: _VerdictTable,
) -> list[BuildOption]:
    """``_rejudged`` of the slots' options, slot by slot, each verdict kept until the slot's
    option changes, the track changes on a hex of its routes (``_Slots.touched``) or a hex
    of them is closed or opened (``_clear_of``); none over a closed hex or starting where
    no build may start (``shut``: ``_closed``), as ``_open`` leaves them out (the hexes
    closed are noted with each verdict, and the start in its ``_ends``: so a kept verdict
    says it too). Only the slots ``_slots_to_rejudge`` names are looked at; the answer is
    kept with the table: do not modify it."""
    closed, starts = shut
    closed = _same_hexes(game, closed)  # a kept verdict checks its closed hexes by identity
    slots, aligned, _count = _slot_count(game, seat, max_tiles, cards)
    origins = _slot_index(game.board, max_tiles, game.edge_costs).origins
    # Every slot's route starts at a city: where no build may start, by the cities' ids.
    start_ids = _start_cities(game.board, starts)
    todo = _slots_to_rejudge(table, slots, aligned, origins, closed, special, start_ids)
    verdicts, seen_options, results = table.verdicts, table.options, table.results
    # The hexes closed or opened since each set of closed hexes the verdicts were reached with.
    changed: dict[frozenset[Hex], frozenset[Hex]] = {}
    moved = False
    for i in todo:
        option = aligned[i]
        seen_options[i] = option
        found: BuildOption | None = None
        if option is not None:
            ends = _ends(origins[i], option.to_city, special, start_ids)
            hit = verdicts[i]
            held = hit is not None and _verdict_holds(
                slots, verdicts, i, hit, option, ends, closed, changed
            )
            if held and hit is not None:
                found = hit[3]
            else:
                found, tried = _rejudged_tried(
                    game, seat, max_tiles, cards, option, special, starts
                )
                if found is not None and closed and not closed.isdisjoint(found.path):
                    found = None
                verdicts[i] = (option, slots.version, ends, found, tried, closed)
        if found is not results[i]:
            results[i] = found
            moved = True
    table.seen, table.closed, table.special, table.start_ids = (
        slots.version,
        closed,
        special,
        start_ids,
    )
    if moved:
        table.listed = [o for o in results if o is not None]
    return table.listed


def _verdict_holds(
    slots: _Slots,
    verdicts: list[_Verdict | None],
    i: int,
    hit: _Verdict,
    option: BuildOption,
    ends: int,
    closed: frozenset[Hex],
    changed: dict[frozenset[Hex], frozenset[Hex]],
) -> bool:
    """Whether slot ``i``'s kept verdict ``hit`` holds now; when it holds but was reached
    at an older version or with other closed hexes, ``verdicts`` notes it as checked up to
    now."""
    if hit[2] != ends:
        return False
    # A verdict planned from the group's routes reads those routes only, not the option: it
    # holds while the track on them stays the same, however the other routes of the group
    # fare (``_Slots.touched`` is for any of them).
    tried = hit[4]
    fresh = hit[1] >= slots.touched[i]
    if not (
        (fresh and (hit[0] is option or tried))
        or (tried and _routes_untouched(slots, hit[1], tried))
    ):
        return False
    if not (hit[5] is closed or _clear_of(changed, hit[5], closed, tried, option)):
        return False
    # Checked up to now: the next look starts from here and these closed hexes.
    if not fresh or hit[5] is not closed:
        verdicts[i] = (option, slots.version, ends, hit[3], tried, closed)
    return True


def _slots_to_rejudge(
    table: _VerdictTable,
    slots: _Slots,
    aligned: list[BuildOption | None],
    origins: list[str],
    closed: frozenset[Hex],
    special: frozenset[str],
    start_ids: set[str],
) -> list[int]:
    """The slots whose verdict may differ from what the table's last listing found: every
    slot when the hexes closed changed (or nothing was listed yet), else those whose option
    changed, whose routes' track changed (``_Slots.touched``) or whose start or end became
    or stopped being a judged city or one where no build may start (``_ends``). A verdict
    reads nothing else of the listing, so every other slot lists what it listed then."""
    count, seen = len(aligned), table.seen
    if seen < 0 or seen > slots.version or len(table.options) != count or closed != table.closed:
        return list(range(count))
    differ: set[str] = set(special ^ table.special)
    if start_ids != table.start_ids:
        differ |= start_ids ^ table.start_ids
    touched, before = slots.touched, table.options
    todo: list[int] = []
    for i in range(count):
        option = aligned[i]
        moved = option is not before[i] or touched[i] > seen
        if not moved and differ and option is not None:
            moved = origins[i] in differ or option.to_city in differ
        if moved:
            todo.append(i)
    return todo


def _same_hexes(game: Game, hexes: frozenset[Hex]) -> frozenset[Hex]:
    """The set of closed hexes seen last when it holds the same hexes as ``hexes`` (the set
    is made again at each listing: the verdicts kept with it compare it by identity)."""
    kept: frozenset[Hex] | None = game.derived.get("rejudged_closed")
    if kept is not None and kept == hexes:
        return kept
    game.derived["rejudged_closed"] = hexes
    return hexes


def _clear_of(
    changed: dict[frozenset[Hex], frozenset[Hex]],
    then: frozenset[Hex],
    now: frozenset[Hex],
    tried: tuple[StaticRoute, ...],
    option: BuildOption,
) -> bool:
    """Whether a verdict reached with the hexes ``then`` closed holds with ``now`` closed:
    none of the hexes closed or opened since is on a route it planned (``tried``; the
    option's own path where it planned none). A build over a closed hex is refused
    (``Game.plan``, and ``_rejudged_slots`` leaves such a verdict out), one elsewhere
    changes nothing. ``changed`` keeps the hexes that differ per ``then`` for a listing."""
    differ = changed.get(then)
    if differ is None:
        differ = changed[then] = then ^ now
    if not differ:  # the same hexes (most often: the set is made again at each listing)
        return True
    if tried:
        return all(differ.isdisjoint(route.path) for route in tried)
    return differ.isdisjoint(option.path)


def _routes_untouched(slots: _Slots, seen: int, routes: tuple[StaticRoute, ...]) -> bool:
    """Whether the track has stayed the same on every hex of ``routes`` since ``seen``."""
    return all(_untouched_since(slots, seen, route.path) for route in routes)


def _start_cities(board: Board, starts: frozenset[Hex]) -> set[str]:
    """The cities at hexes of ``starts``."""
    found: set[str] = set()
    for h in starts:
        city = board.city_at(h)
        if city is not None:
            found.add(city.id)
    return found


def _fork_verdicts(
    every: dict[tuple[object, ...], dict[Any, Any]],
) -> dict[tuple[object, ...], dict[Any, Any]]:
    return {key: dict(kept) for key, kept in every.items()}


def _fork_slot_verdicts(
    every: dict[tuple[object, ...], _VerdictTable],
) -> dict[tuple[object, ...], _VerdictTable]:
    return {key: kept.fork() for key, kept in every.items()}


ORIGIN_TRIES = 4  # routes tried per destination from a plug-in's origins (cheapest first)


_OriginRoutes = list[tuple[int, str, tuple[Hex, ...], tuple[tuple[Hex, Side, Side], ...]]]
# A step of a route out of a hex entered by a side: the side it leaves by, the hex it goes
# to, that hex's city (None: a hex a tile may go on) and what the step adds to the price.
_Step = tuple[Side, Hex, "str | None", int]


class _OriginTables:
    """A board's routes from places on track (``_origin_routes``) for one edge pricing, and
    the steps out of each hex they are made of (``_steps``)."""

    def __init__(self, edge_costs: EdgeCosts) -> None:
        self.edge_costs = edge_costs
        self.routes: dict[tuple[Hex, Side, int], _OriginRoutes] = {}
        self.steps: dict[tuple[Hex, Side], list[_Step]] = {}
        # Every hex of the routes from a place (the place's own included), by the routes' key.
        self.hexes: dict[tuple[Hex, Side, int], frozenset[Hex]] = {}


def _origin_routes(
    board: Board,
    tables: _OriginTables,
    at: Hex,
    side: Side,
    tiles: int,
    edge_costs: EdgeCosts,
) -> _OriginRoutes:
    """Routes on the empty board from ``at`` out by ``side`` to a city within ``tiles``
    tiles: (cost, city, path, tiles laid), sorted. Worked out once per board and place,
    kept in ``tables`` (the board's for ``edge_costs``, looked up once per listing: its key
    is costly to make). The routes ``routes._extend`` finds, priced as
    ``routes._route_cost`` and laid as ``routes._tiles_of`` say, step by step as they are
    found (each step's price worked out once per board, ``_steps``). Those back to the
    city the origin's link starts from are the caller's to leave out: the table serves
    every link through the place (half the places met in a game were new to it when it
    was kept by that city too)."""
    key = (at, side, tiles)
    found = tables.routes.get(key)
    if found is not None:
        return found
    nxt = at.neighbour(side)
    out: _OriginRoutes = []
    if _can_enter(board, nxt) and not board.is_impassable(at, nxt):
        cost = _step_cost(board, at, nxt, edge_costs)
        _walk_out(board, tables, (at, nxt), (), cost, side.opposite, tiles, out)
    if edge_costs.judges:
        out = [r for r in out if edge_costs.allowed(board, r[2])]
    out.sort()
    tables.routes[key] = out
    tables.hexes[key] = frozenset([at]).union(*(r[2] for r in out))
    return out


def _walk_out(
    board: Board,
    tables: _OriginTables,
    path: tuple[Hex, ...],
    laid: tuple[tuple[Hex, Side, Side], ...],
    cost: int,
    entry: Side,
    tiles: int,
    out: _OriginRoutes,
) -> None:
    """``routes._extend`` of ``path`` (entered by ``entry`` on its last hex), with the price
    and tiles of each route found."""
    here = path[-1]
    steps = tables.steps.get((here, entry))
    if steps is None:
        steps = tables.steps[(here, entry)] = _steps(board, here, entry, tables)
    for exit_, nxt, city, price in steps:
        if nxt in path:
            continue
        tile = (here, entry, exit_)
        if city is not None:
            out.append((cost + price, city, path + (nxt,), laid + (tile,)))
            continue
        if len(path) - 1 >= tiles:
            continue
        further = path + (nxt,)
        _walk_out(board, tables, further, laid + (tile,), cost + price, exit_.opposite, tiles, out)


def _steps(board: Board, here: Hex, entry: Side, tables: _OriginTables) -> list[_Step]:
    """The steps a route entering ``here`` by ``entry`` may take, as ``routes._extend``
    takes them: no sharp curve, no impassable edge, into a city by a spoke or onto a hex a
    tile may go on."""
    edge_costs = tables.edge_costs
    out: list[_Step] = []
    for exit_ in SIDES:
        if exit_ == entry or track_shape(entry, exit_) is TrackShape.SHARP:
            continue
        nxt = here.neighbour(exit_)
        if board.is_impassable(here, nxt):
            continue
        city = board.city_at(nxt)
        if city is not None:
            if exit_.opposite in city.spokes:
                out.append((exit_, nxt, city.id, _step_cost(board, here, nxt, edge_costs)))
            continue
        if _can_enter(board, nxt):
            out.append((exit_, nxt, None, _step_cost(board, here, nxt, edge_costs)))
    return out


def _step_cost(board: Board, here: Hex, nxt: Hex, edge_costs: EdgeCosts) -> int:
    """What ``routes._route_cost`` adds for the step from ``here`` to ``nxt``."""
    tc = board.tables.terrain_costs
    cost = tc.of(board.hexes[nxt]) if board.city_at(nxt) is None else 0
    if board.crosses_ridge(here, nxt):
        cost += tc.ridge
    if edge_costs.plugins:  # (not ``if edge_costs``: its __bool__ is a Python call)
        cost += edge_costs(board, here, nxt)
    return cost


def _origin_options(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    rules: CostRules | None = None,
) -> list[BuildOption]:
    """New links from the places a plug-in opens on the seat's own track (a switch,
    ``CostRules.origins``): the cheapest legal one to each city a build can reach.
    ``rules``: the seat's ``build_rules`` for ``cards``, when the caller has them.

    Kept with the state until the track changes, like the other candidate links.
    """
    if rules is None:
        rules = game.build_rules(bare_build(seat, cards))
    usable = [o for o in rules.origins if _usable(o, seat, max_tiles)]
    if not usable:
        return []  # most seats on most boards: nothing to look up or keep
    key = (seat, max_tiles, cards)
    every: dict[tuple[int, int, tuple[str, ...]], tuple[int, list[BuildOption]]]
    every = game.derived.setdefault("origin_options", {})
    hit = every.get(key)
    if hit is not None and hit[0] == game.state.track_version:
        return hit[1]
    by_dest = _routes_by_dest(game, seat, max_tiles, _origin_places(game, max_tiles, usable))
    kept = _kept_route_verdicts(game, seat, max_tiles, cards, rules)
    special = _judged_cities(game) if kept is not None else frozenset()
    options: list[BuildOption] = []
    for dest, found in by_dest:
        judged = dest in special
        for _cost, route, origin in found[:ORIGIN_TRIES]:
            option = _judged_route(game, seat, cards, route, (dest, judged), origin, kept)
            if option is not None:
                options.append(option)
                break
    every[key] = (game.state.track_version, options)
    return options


# A route from an origin: its price (the origin's included), its path, the origin.
_OriginRoute = tuple[int, tuple[Hex, ...], BuildOrigin]
# The places' routes by city (``_routes_by_dest``), kept with the places they were made of.
_ByDest = list[tuple[str, list[_OriginRoute]]]


def _routes_by_dest(
    game: Game, seat: int, max_tiles: int, places: list[dict[str, list[_OriginRoute]]]
) -> _ByDest:
    """The routes of ``places`` by city, sorted by city, each city's cheapest first: kept
    while the places are the same objects (``_origin_places`` keeps an origin's routes until
    the track changes near them, so most changes of track leave every place as it was and
    the merge and sort of a few thousand routes need not be done again)."""
    every: dict[tuple[int, int], tuple[list[dict[str, list[_OriginRoute]]], _ByDest]]
    every = game.derived.setdefault("origin_dests", {})
    hit = every.get((seat, max_tiles))
    if hit is not None and len(hit[0]) == len(places):
        were = hit[0]
        if all(were[i] is places[i] for i in range(len(places))):
            return hit[1]
    merged: dict[str, list[_OriginRoute]] = {}
    for place in places:
        for dest, routes in place.items():
            found = merged.get(dest)
            if found is None:
                merged[dest] = list(routes)
            else:
                found.extend(routes)
    for found in merged.values():
        if len(found) > 1:
            found.sort(key=_cost_and_path)
    by_dest = sorted(merged.items())
    every[(seat, max_tiles)] = (places, by_dest)
    return by_dest


# An origin's routes that meet track only as overpasses, by city (``_origin_places``), kept
# with the origin, the look (``_HexChanges.version``) they were found at and the hexes of the
# origin's routes (a set per side).
_Place = tuple[BuildOrigin, int, dict[str, list[_OriginRoute]], tuple[frozenset[Hex], ...]]
PLACES_KEPT = 4096  # origins' routes kept per tile limit before starting afresh


def _origin_places(
    game: Game, max_tiles: int, usable: list[BuildOrigin]
) -> list[dict[str, list[_OriginRoute]]]:
    """Each origin's routes on the empty board that meet the track now only as overpasses,
    by city: kept per origin (by identity: the plug-ins keep theirs from one change of the
    track to the next) until the track changes on a hex of one of its routes, so that only
    the origins near a change, and new ones, are walked again (``_hexes_changed_since``
    says which hexes changed)."""
    board, track, edge_costs = game.board, game.state.track, game.edge_costs
    log = _synced_changes(game)
    version = log.version
    every: dict[int, dict[int, _Place]] = game.derived.setdefault("origin_places", {})
    places = every.get(max_tiles)
    if places is None or len(places) > PLACES_KEPT:
        places = every[max_tiles] = {}
    tables: _OriginTables | None = None
    # The hexes changed since each look seen, as a set: a set keeps its hexes' hashes, so
    # each route set is compared without hashing a hex again.
    changed: dict[int, set[Hex] | None] = {}
    out: list[dict[str, list[_OriginRoute]]] = []
    for origin in usable:
        place = places.get(id(origin))
        if place is not None and place[0] is origin:
            seen = place[1]
            if seen == version:
                out.append(place[2])
                continue
            if seen not in changed:
                changed[seen] = _changed_set(log, seen)
            since = changed[seen]
            if since is not None and all(h.isdisjoint(since) for h in place[3]):
                places[id(origin)] = (origin, version, place[2], place[3])
                out.append(place[2])
                continue
        if tables is None:
            tables = board.derived(
                ("origin_routes", edge_costs.key), lambda: _OriginTables(edge_costs)
            )
        tiles, start = max_tiles - origin.constructions, origin.start
        found: dict[str, list[_OriginRoute]] = {}
        hexes: list[frozenset[Hex]] = []  # (one set per side: kept per board, not joined)
        for side in sorted(origin.sides):
            for cost, dest, path, laid in _origin_routes(
                board, tables, origin.at, side, tiles, edge_costs
            ):
                # None back to the city the origin's link starts from; none but overpasses.
                if dest != start and _crossable(track, laid):
                    found.setdefault(dest, []).append((cost + origin.cost, path, origin))
            hexes.append(tables.hexes[(origin.at, side, tiles)])
        places[id(origin)] = (origin, version, found, tuple(hexes))
        out.append(found)
    return out


def _changed_set(log: _HexChanges, seen: int) -> set[Hex] | None:
    """``_hexes_changed_since`` as a set."""
    found = _hexes_changed_since(log, seen)
    return None if found is None else set(found)


def _fork_places(every: dict[int, dict[int, _Place]]) -> dict[int, dict[int, _Place]]:
    return {tiles: dict(places) for tiles, places in every.items()}


def _usable(origin: BuildOrigin, seat: int, max_tiles: int) -> bool:
    """Whether a build by ``seat`` may start a link at ``origin`` now (one tile at least)."""
    return origin.seat == seat and origin.refusal is None and max_tiles > origin.constructions


def _cost_and_path(entry: _OriginRoute) -> tuple[int, tuple[Hex, ...]]:
    return entry[0], entry[1]


# Verdicts kept on routes by path (which starts at its origin): (the origin, the slots'
# version then, whether the route's city was a judged one then, the option or None); with
# the slots and the hexes closed now.
_RouteVerdicts = tuple[
    "_Slots",
    dict[tuple[Hex, ...], tuple[BuildOrigin, int, bool, BuildOption | None]],
    frozenset[Hex],
]


def _kept_route_verdicts(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...], rules: CostRules
) -> _RouteVerdicts | None:
    """Verdicts of ``_try`` on routes from a plug-in's origins, kept while the rules of the
    seat's builds, the hexes closed to it and what the judging plug-ins depend on stay the
    same (each verdict until the track changes on its route); None when they cannot be kept:
    the tile supply runs short, a card reprices tiles or a plug-in judges every build."""
    if rules.repriced or _judged(game) or not _plenty(game, max_tiles):
        return None
    keys = _judgement_keys(game, seat)
    if keys is None:
        return None
    every: dict[tuple[object, ...], dict[tuple[Hex, ...], Any]]
    every = game.derived.setdefault("route_verdicts", {})
    # The origins are left out: a route's verdict depends only on the origin it starts from
    # (in the verdict's own key), not on the seat's other origins. So are the hexes closed
    # only as a start (unbuilt towns): these routes start at a plug-in's origin, never there.
    # And the hexes closed: a build over one is refused, one elsewhere changes nothing, so
    # _judged_route refuses a route over one without a verdict and keeps only verdicts on
    # routes clear of them (a Switch Track placed closes its hex: the verdicts on routes
    # elsewhere hold).
    key = (seat, cards, _without_origins(game, rules), keys)
    return _synced_slots(game, max_tiles), _kept_table(every, key), _closed(game, seat)[0]


def _without_origins(game: Game, rules: CostRules) -> CostRules:
    """``rules`` without their origins, made once per rules object (the seat's rules are
    the same object until the track changes; a ``dataclasses.replace`` runs as Python)."""
    made: dict[int, tuple[CostRules, CostRules]]
    made = game.derived.setdefault("rules_without_origins", {})
    hit = made.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    if len(made) > KEYS_KEPT:
        made.clear()
    bare = replace(rules, origins=())
    made[id(rules)] = (rules, bare)
    return bare


def _judged_route(
    game: Game,
    seat: int,
    cards: tuple[str, ...],
    route: tuple[Hex, ...],
    city: tuple[str, bool],
    origin: BuildOrigin,
    kept: _RouteVerdicts | None,
) -> BuildOption | None:
    """``_try`` of a build along ``route`` from ``origin`` to ``city`` (its id, and whether a
    plug-in judges links to it now), or its verdict kept while the track on the route has
    not changed nor the city joined or left the judged ones (None over a closed hex)."""
    dest, judged = city
    if kept is None:
        return _try(game, BuildTrack(seat=seat, path=route, cards=cards), route, dest)
    slots, verdicts, closed = kept
    if closed and not closed.isdisjoint(route):
        return None  # Game.plan refuses a build over a closed hex
    # Keyed by the route alone (an origin's object hashes as interpreted Python); the same
    # origin is most often the same object (SwitchRules keeps them).
    hit = verdicts.get(route)
    if (
        hit is not None
        and (hit[0] is origin or hit[0] == origin)
        and hit[2] == judged
        and _untouched_since(slots, hit[1], route)
    ):
        found: BuildOption | None = hit[3]
        return found
    option = _try(game, BuildTrack(seat=seat, path=route, cards=cards), route, dest)
    verdicts[route] = (origin, slots.version, judged, option)
    return option


def _plenty(game: Game, max_tiles: int) -> bool:
    """Whether every kind of tile has ``max_tiles`` or more left in the supply."""
    supply = game.board.tables.tile_supply
    in_use = tiles_in_use(game.state)
    return all(supply.get(k, 0) - in_use[k] >= max_tiles for k in in_use)


def _extensions(game: Game, seat: int, max_tiles: int, cards: tuple[str, ...]) -> list[BuildOption]:
    """Ways to finish the seat's own incomplete links."""
    out: list[BuildOption] = []
    for link in _open_links(game, seat):  # the seat's incomplete links, in the links' order
        out.extend(_link_extensions(game, seat, max_tiles, cards, link))
    return out


def _link_extensions(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...], link: Link
) -> list[BuildOption]:
    """The cheapest legal way from the link's open end to each city in reach."""
    routes, _dests = _end_routes(game.board, link, max_tiles)
    return _cheapest_by_city(_route_plans(game, seat, cards, routes), routes)


def _route_plans(
    game: Game,
    seat: int,
    cards: tuple[str, ...],
    routes: list[tuple[Hex, ...]],
    kept: list[BuildOption | None] | None = None,
    changed: set[Hex] | None = None,
) -> list[BuildOption | None]:
    """Each route's option (None: not legal now), planned in full; with ``kept`` (the
    routes' options before the track changed on ``changed``), only the routes over a
    changed hex are planned again (a plan reads the track on its route's hexes)."""
    board = game.board
    plans: list[BuildOption | None] = []
    for j in range(len(routes)):
        route = routes[j]
        if kept is not None and changed is not None and changed.isdisjoint(route):
            plans.append(kept[j])
            continue
        dest = board.city_at(route[-1])
        assert dest is not None
        plans.append(_try(game, BuildTrack(seat, route, None, False, cards), route, dest.id))
    return plans


def _cheapest_by_city(
    plans: list[BuildOption | None], routes: list[tuple[Hex, ...]]
) -> list[BuildOption]:
    """The cheapest of ``plans`` to each city (the first of equals), in the order the
    routes first reach each city with a legal one."""
    best: dict[str, BuildOption] = {}
    for option in plans:
        if option is None:
            continue
        dest = option.to_city
        assert dest is not None
        held = best.get(dest)
        if held is None or option.cost < held.cost:
            best[dest] = option
    return list(best.values())


def _kept_extensions(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...], rules: CostRules | None = None
) -> list[BuildOption]:
    """``_extensions``, each open link's part kept until the track changes on a hex of one of
    its routes (``_hexes_changed_since`` says which hexes changed), while
    what the plans read besides stays the same (``_extension_table``'s key). A link's plans
    read the link only through its open end and start (in the entry's key), the track on
    the routes' hexes, the rules, the hexes closed, the judged cities and what the judging
    plug-ins say they depend on; with tiles to spare the supply refuses none of them."""
    links = _open_links(game, seat)
    if not links:
        return []
    if rules is None:
        rules = game.build_rules(bare_build(seat, cards))
    table = _extension_table(game, seat, max_tiles, cards, rules)
    if table is None:
        return _extensions(game, seat, max_tiles, cards)
    log = _synced_changes(game)
    version = log.version
    changed: dict[int, set[Hex] | None] = {}  # the hexes changed since each look seen
    out: list[BuildOption] = []
    for link in links:
        key = (link.id, link.open_end, link.start, len(link.tiles))
        hit = table.get(key)
        if hit is not None and hit[0] != version:
            seen = hit[0]
            if seen not in changed:
                changed[seen] = _changed_set(log, seen)
            since = changed[seen]
            if since is None:
                hit = None
            elif hit[2].isdisjoint(since):
                table[key] = (version, hit[1], hit[2], hit[3])
            else:  # only the routes over a changed hex are planned again
                routes, _dests = _end_routes(game.board, link, max_tiles)
                plans = _route_plans(game, seat, cards, routes, hit[3], since)
                hit = table[key] = (version, _cheapest_by_city(plans, routes), hit[2], plans)
        if hit is None:
            routes, _dests = _end_routes(game.board, link, max_tiles)
            plans = _route_plans(game, seat, cards, routes)
            found = _cheapest_by_city(plans, routes)
            hexes: frozenset[Hex] = frozenset().union(*routes)
            if len(table) > EXTENSIONS_KEPT:
                table.clear()
            table[key] = (version, found, hexes, plans)
            out.extend(found)
        else:
            out.extend(hit[1])
    return out


# An open link's extensions kept (``_kept_extensions``), by (link id, open end, start, tiles):
# the look (``_HexChanges.version``) they hold at, the options, every hex of the link's routes
# and each route's option (None: not legal then).
_Extensions = dict[
    tuple[int, tuple[Hex, Side], str, int],
    tuple[int, list[BuildOption], frozenset[Hex], list[BuildOption | None]],
]
EXTENSIONS_KEPT = 512  # links' extensions kept per key before starting afresh


def _extension_table(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...], rules: CostRules
) -> _Extensions | None:
    """The seat's kept extensions for what their plans read besides the track and the link:
    the rules (but the origins, which a build from an open end never reads), the hexes
    closed, the judged cities and the judging plug-ins' keys; None when they cannot be kept
    (the supply runs short, a card reprices tiles or a plug-in judges every build)."""
    if rules.repriced or _judged(game) or not _plenty(game, max_tiles):
        return None
    keys = _judgement_keys(game, seat)
    if keys is None:
        return None
    every: dict[tuple[object, ...], _Extensions]
    every = game.derived.setdefault("kept_extensions", {})
    terms = (rules.max_tiles, rules.edge_costs, rules.permits, rules.special_tiles)
    key = (seat, max_tiles, cards, terms, _closed(game, seat), _judged_cities(game), keys)
    found: _Extensions = _kept_table(every, key)
    return found


def _fork_extensions(
    every: dict[tuple[object, ...], _Extensions],
) -> dict[tuple[object, ...], _Extensions]:
    return {key: dict(kept) for key, kept in every.items()}


def next_hexes(
    game: Game, seat: int, path: tuple[Hex, ...], cards: tuple[str, ...] = ()
) -> list[tuple[Hex, int, bool]]:
    """Hexes a build in progress may go to next: (hex, cost so far, completes a link)."""
    board = game.board
    if not path:
        return []
    out: list[tuple[Hex, int, bool]] = []
    for _side, nxt in path[-1].neighbours():
        if nxt in path or nxt not in board.hexes:
            continue
        candidate = path + (nxt,)
        completes = board.city_at(nxt) is not None
        exits = [None] if completes else list(Side)
        for exit_ in exits:
            try:
                plan = game.plan(BuildTrack(seat=seat, path=candidate, exit=exit_, cards=cards))
            except IllegalAction:
                continue
            out.append((nxt, plan.cost, plan.completes))
            break
    return out


# -- drawing one candidate link without listing them all (railways.core.legal.sample_action) --
SAMPLE_TRIES = 64  # candidate links drawn before falling back to the full list
SHORT_TRIES = 400  # the same with a short supply, before any slot is set aside (_Needs)


def sample_build(game: Game, seat: int, rng: Rng) -> BuildTrack | None:
    """A random candidate link, drawn by rejection (see :func:`sample_action`)."""
    board = game.board
    max_tiles, cards = _max_tiles(game, seat)
    closed, starts = _closed(game, seat)
    room = _room(game)
    judged = _judged(game)
    plenty = min(room) >= max_tiles and not judged  # a judged route is planned in full
    # Closed hexes do not make a price inexact: a candidate crossing them is dropped below,
    # as build_options drops it (a closed Western board, RW-p9-05, stays fast).
    rules = game.build_rules(bare_build(seat, cards))
    exact = not starts and not judged and not rules.repriced
    fast = plenty and exact
    origins = _origin_options(game, seat, max_tiles, cards, rules)
    if _starved(game, room):  # no route between cities can get its tiles: only these are left
        left = _own_extensions(game, seat, max_tiles, cards, closed, starts, rules) + origins
        return left[rng.below(len(left))].action if left else None
    occupied = _occupied(game)
    edge_costs = game.edge_costs
    groups = board.derived(
        ("route_groups", max_tiles, edge_costs.key),
        lambda: [(d, g) for (_o, d), g in static_routes(board, max_tiles, edge_costs).items()],
    )
    legs = long_routes(board, max_tiles, edge_costs)
    short = not plenty and exact  # the tiles left decide: see _Needs
    slots: list[int] | None = None  # the slots drawn from, when not all of them
    static = len(groups) + len(legs)
    if short:
        table = _synced_needs(game, max_tiles)
        index = _slot_index(board, max_tiles, edge_costs)
        hopeful = table.hopeful
        if hopeful is not None and all(r <= was for r, was in zip(room, table.room, strict=True)):
            # The other slots offer nothing with these tiles: draw among these only (each
            # candidate is still as likely as any other; see _Needs.hopeful).
            slots = sorted(hopeful)
            static = len(slots)
        else:
            hopeful = None
    # The seat's extensions are worked out only when the draw falls among them: they get as
    # many places as there are cities near enough to their open ends (at least as many as
    # there are extensions), and a place beyond the last one is drawn again, like an illegal
    # link, so every candidate stays as likely as any other.
    places = sum(_cities_near(board, lk.open_end[0], max_tiles) for lk in _open_links(game, seat))
    extensions: list[BuildOption] | None = None
    first_ext = static
    total = first_ext + places + len(origins)
    # With a short supply and no slot set aside yet, few candidates are legal, but a draw
    # costs a few comparisons once a slot is worked out, less than the full list (every
    # slot): more draws first.
    tries = SHORT_TRIES if short and slots is None else SAMPLE_TRIES
    for _ in range(tries if total else 0):  # none: every slot set aside, no extension
        i = rng.below(total)
        option: BuildOption | None
        if short and i < first_ext:
            slot = i if slots is None else slots[i]
            entry = _short_entry(game, table, index, slot, room)
            if entry is None:
                option = None
                if hopeful is not None:  # none with these tiles, so none with fewer
                    hopeful.discard(slot)
                    table.room = room
            else:
                option = _slot_option(board, index, seat, cards, slot, entry)
        elif i < len(groups):
            dest, group = groups[i]
            option = _group_choice(game, seat, cards, dest, group, plenty, fast, occupied, exact)
        elif i < first_ext:
            leg = legs[i - len(groups)]
            option = _leg_choice(game, seat, cards, leg, plenty, occupied, exact)
        elif i < first_ext + places:
            if extensions is None:
                extensions = _own_extensions(game, seat, max_tiles, cards, closed, starts, rules)
            j = i - first_ext
            option = extensions[j] if j < len(extensions) else None
        else:
            option = origins[i - first_ext - places]
        if (
            option is not None
            and (not closed or closed.isdisjoint(option.path))
            and option.path[0] not in starts
        ):
            special = _judged_cities(game)
            if special:
                found = _rejudged(game, seat, max_tiles, cards, [option], special, starts)
                if not found:
                    continue
                option = found[0]
            return option.action
    # Few candidates are legal: draw from the full list of links (the hand-card variants of
    # build_options left out, as the draws above leave them out).
    if short and not closed and not _judged_cities(game):
        options = _short_options(game, seat, max_tiles, cards, room)  # the same list, quicker
    else:
        options = link_options(game, seat)
    return options[rng.below(len(options))].action if options else None


def _short_options(
    game: Game, seat: int, max_tiles: int, cards: tuple[str, ...], room: tuple[int, int, int]
) -> list[BuildOption]:
    """``link_options`` when the supply is short, no card changes prices, no plug-in judges
    builds and no hex is closed to the seat, worked out from the kept tiles of each slot."""
    options = _short_slot_options(game, seat, max_tiles, cards, room)
    options.extend(_own_extensions(game, seat, max_tiles, cards, frozenset(), frozenset()))
    options.extend(_origin_options(game, seat, max_tiles, cards))
    return options


def _short_slot_options(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    room: tuple[int, int, int],
    draws: bool = True,
) -> list[BuildOption]:
    """The groups' and first legs' part of ``_short_options``, in the slots' order.

    ``draws``: the slots found to offer nothing are set aside (``_Needs.hopeful``), which
    changes what ``sample_build`` draws from next; the listing (False) only reads them, so
    that the draws stay the same whether or not the actions were listed in between."""
    board = game.board
    table = _synced_needs(game, max_tiles)
    index = _slot_index(board, max_tiles, game.edge_costs)
    hopeful = table.hopeful
    looked: list[int] | None = None  # the slots looked at, in order (None: every slot)
    if hopeful is None or any(r > was for r, was in zip(room, table.room, strict=True)):
        hopeful = None  # more tiles than before: any slot may
        if draws:
            hopeful = table.hopeful = set(range(len(index.dests)))
    else:
        looked = sorted(hopeful)
    if draws:
        table.room = room
    options: list[BuildOption] = []
    for j in range(len(index.dests) if looked is None else len(looked)):
        i = j if looked is None else looked[j]
        entry = _short_entry(game, table, index, i, room)
        if entry is None:
            if draws and hopeful is not None:
                hopeful.discard(i)  # none of its routes with these tiles, so none with fewer
        else:
            options.append(_slot_option(board, index, seat, cards, i, entry))
    return options


def _own_extensions(
    game: Game,
    seat: int,
    max_tiles: int,
    cards: tuple[str, ...],
    closed: frozenset[Hex],
    starts: frozenset[Hex],
    rules: CostRules | None = None,
) -> list[BuildOption]:
    """The ways to finish the seat's own incomplete links, as the full listing has them;
    kept with the state until the track changes, under the full listing's key
    (``link_options``). Do not modify the answer. ``rules``: the seat's ``build_rules``
    for ``cards``, when the caller has them."""
    state = game.state
    every: dict[tuple[object, ...], tuple[int, list[BuildOption]]]
    every = game.derived.setdefault("own_extensions", {})
    key = (seat, max_tiles, cards, closed, starts)
    hit = every.get(key)
    if hit is not None and hit[0] == state.track_version:
        return hit[1]
    found = _kept_extensions(game, seat, max_tiles, cards, rules)
    every[key] = (state.track_version, found)
    return found


# How a copy of the game takes these caches over (Game.copy): build_options' lists are never
# changed, only its dict. The hand-card variants are shared, not copied: an entry is used
# only for the very option it was made for (``hit[0] is option``) and depends on nothing
# but that option and its key, so what either game adds is right for both. Copying their
# lists (by route number, ~10,000 entries mid-game) was a third of a copy's time.
DERIVED_FORKS.update(
    build_options=dict,
    hand_card_options=dict,
    rejudged=_fork_slot_verdicts,
    route_verdicts=_fork_verdicts,
    origin_places=_fork_places,
    origin_dests=dict,  # (never changed in place: made anew when a place is)
    kept_extensions=_fork_extensions,
    card_variants=dict,  # shared by copies: an entry serves only the option it was made for
)
