"""Load the data of Rail Barons solo play: a map's appendix, the Railbot deck, the Duel Barons.

A solo map is a board folder with two more files:

- ``solo.toml``: the map's solo appendix (Base Exhaust, Empty City Markers, cities and Major
  Lines out of play, set-up changes, map rules such as Eastern U.S.'s "west of the mountains");
- ``railbot.toml``: the map's 14 Railbot cards;
- optionally ``solo_operations.toml``: Operations cards (``operations.toml``'s format) that the
  solo game adds to the map's deck, such as Service Bounties for cities in play.

The 10 common Railbot cards, the Final Evaluation card and the Duel Baron cards are shared by
every solo map and live in ``content/solo/``. Problems are reported as ``file:key: message``,
all of them at once, like the map loader. :func:`solo_board` derives the board a solo game is
played on: the printed board without the cities and Major Lines that are not in play.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from railways.content.decks import table_params
from railways.content.maps import SOURCES, MapError, load_map, map_dir, maps_root
from railways.core.board import GOODS_COLORS, Board, Color
from railways.core.hexgrid import Hex

MAP_CARDS = 14  # Railbot cards per solo map (RB-042)
SOLO_OPERATIONS = "solo_operations.toml"  # Operations cards only the solo game adds (house)
# RB-042 counts 11 common cards, those that name no map; Final Evaluation is one of them, so
# content/solo/common.toml has 10 besides it and the deck is 14 + 10 + 1 = 25 cards.
COMMON_CARDS = 10  # common Railbot cards besides Final Evaluation (RB-042)
DECK_SIZE = MAP_CARDS + COMMON_CARDS + 1  # RB-042: 25, Final Evaluation included
REMOVED_AT_SETUP = 3  # slot-1 cards removed unseen (RB-044)
ROW_SIZE = 3  # the Railbot row (RB-045)
SLOTS = (1, 2, 3)
# The kinds every solo map's cards may be. A board's solo hook gives meaning to kinds of its
# own (``SoloHook.card_kinds``, checked by ``SoloHook.card_problems`` when a game is set up):
# the loader keeps such a card with its cities, which must be in play like any card's.
CARD_KINDS = ("links", "exhaust", "taxation", "deadhead")
# Kinds a card may carry besides its own (``also``): RB-058's example insures one card
# against "the Deadhead and Taxation effect", so one card may do both.
EXTRA_KINDS = ("taxation", "deadhead")
ICONS = ("major_line", "baron")
EVALUATION_PLACES = ("bottom", "middle")
FIRST_EVALUATION = ("end", "switch_halves", "black_city")
DUEL_GOALS = (
    "hotels",
    "engine",
    "longest_delivery",
    "colored_cities",
    "same_color_pairs",
    "major_lines",
    "color_links",
    "each_color",
    "color_pairs",
    "own_connection",
    "parallel_links",
)
DUEL_EFFECTS = (
    "taxation",
    "resolve_slot",
    "engine_minus",
    "exhaust_each_color",
    "deadhead",
    "claim_major_line",
    "remove_new_cities",
    "insurance_cost",
    "delivery_penalty",
    "hotels_no_delivery_bonus",
)


@dataclass(frozen=True, slots=True)
class RailbotCard:
    """One Railbot card.

    ``slot`` is the row slot (1-3) the card activates when it is drawn (RB-060). A
    ``links`` card names a chain of cities (``cities``; on maps whose cards have two
    halves, ``bottom`` is the lower chain, RB-099); an ``exhaust`` card names a colour.
    """

    id: str
    kind: str
    slot: int
    cities: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()
    color: Color | None = None
    icons: frozenset[str] = frozenset()
    map_id: str | None = None  # None for the common cards
    source: str = "house"
    also: frozenset[str] = frozenset()  # further kinds the card carries (RB-058)
    # Keys of the card that only the board's solo hook reads (``SoloHook.card_keys``), as
    # written; the hook checks them when a game is set up.
    own: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def chain(self, bottom_half: bool) -> tuple[str, ...]:
        return self.bottom if bottom_half and self.bottom else self.cities

    def has(self, kind: str) -> bool:
        """Whether the card does ``kind`` (its own kind or one it carries too)."""
        return kind == self.kind or kind in self.also

    @property
    def kinds(self) -> tuple[str, ...]:
        """Its kinds in the order they act: its own first, then the others."""
        return (self.kind, *sorted(self.also))


@dataclass(frozen=True, slots=True)
class DuelBaron:
    """A Duel Baron card: a goal for the player and an Opponent Effect (RB-027..038)."""

    id: str
    name: str
    goal: str
    tiers: tuple[tuple[int, int], ...]
    effect: str
    params: Mapping[str, str | int] = field(default_factory=dict)
    effect_params: Mapping[str, str | int] = field(default_factory=dict)
    text: str = ""
    source: str = "rulebook"

    def points_for(self, value: int) -> int:
        """Points of the highest tier ``value`` reaches (0 when none)."""
        best = 0
        for threshold, points in self.tiers:
            if value >= threshold:
                best = max(best, points)
        return best


@dataclass(frozen=True)
class SoloMap:
    """Everything a solo game on one map needs besides the board and the Operations deck."""

    map_id: str
    base_exhaust: int
    empty_city_markers: int
    cube_reduction: int
    operations_dealt: int
    service_bounties: int
    target_score: int
    final_evaluation: str
    first_evaluation: str
    out_of_play_cities: frozenset[str]
    out_of_play_lines: frozenset[str]
    remove_operations: frozenset[str]
    west_limits: Mapping[int, int]  # row -> first column that is not west (RB-100)
    west_unlock_score: int | None
    cards: Mapping[str, RailbotCard]  # the 24 cards of the deck besides Final Evaluation
    final_evaluation_id: str
    duel_barons: Mapping[str, DuelBaron]
    # Operations cards put on the display at set-up, farthest from the deck (RB-091, RB-111).
    display_cards: tuple[str, ...] = ()
    # Cards put aside at set-up and then placed half-way down the deck (RB-103).
    middle_cards: tuple[str, ...] = ()
    # The board is the one a multiplayer game of this many players uses, before the cities
    # out of play leave it (Australia: the whole map, RB-089; 1 elsewhere: the board as printed).
    board_players: int = 1
    # House calibration: the cubes a city starts with in the solo game instead of the printed
    # number (before the appendix's cube reduction); the multiplayer board stays as printed.
    city_cubes: Mapping[str, int] = field(default_factory=dict)
    # The tables and keys of ``solo.toml`` that only the board's solo hook reads
    # (``SoloHook.appendix_keys``), as written ...
    own: Mapping[str, Any] = field(default_factory=dict)
    # ... and what the hook made of them (``SoloHook.read_appendix``), set when a game is set
    # up (``railways.rules.solo.solo_ruleset``); None before, or for a board without any.
    appendix: object = None

    def is_west(self, hex_: Hex) -> bool:
        """Whether a hex lies west of the mountains (RB-100); False on maps without the rule."""
        limit = self.west_limits.get(hex_.row)
        return limit is not None and hex_.col < limit


def solo_root() -> Path:
    return Path(str(resources.files("railways.content") / "solo"))


def solo_maps() -> list[str]:
    """Ids of the packaged maps that can be played solo."""
    root = maps_root()
    return sorted(
        p.name for p in root.iterdir() if (p / "solo.toml").is_file() and (p / "map.toml").is_file()
    )


def _read(path: Path, problems: list[str], required: bool = True) -> dict[str, Any]:
    if not path.is_file():
        if required:
            problems.append(f"{path.name}: file is missing")
        return {}
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{path.name}: not valid TOML: {exc}")
        return {}


def _check_keys(
    file: str, key: str, item: Mapping[str, Any], known: set[str], p: list[str]
) -> None:
    for k in item:
        if k not in known:
            p.append(f"{file}:{key}.{k}: unknown key" if key else f"{file}:{k}: unknown key")


def _int(file: str, key: str, value: object, p: list[str], low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        p.append(f"{file}:{key}: expected a whole number of at least {low}, got {value!r}")
        return low
    return value


def _names(file: str, key: str, value: object, p: list[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        p.append(f"{file}:{key}: expected a list of ids")
        return ()
    return tuple(value)


def _source(file: str, key: str, value: object, p: list[str]) -> str:
    if value not in SOURCES:
        p.append(f"{file}:{key}: unknown source {value!r} ({', '.join(SOURCES)})")
        return "house"
    return str(value)


_CARD_KEYS = {"id", "kind", "also", "slot", "cities", "bottom", "color", "icons", "source"}


def _cards(
    file: str, doc: Mapping[str, Any], map_id: str | None, p: list[str]
) -> dict[str, RailbotCard]:
    default = _source(file, "source", doc.get("source", "house"), p)
    out: dict[str, RailbotCard] = {}
    items = doc.get("card", [])
    if not isinstance(items, list):
        p.append(f"{file}:card: expected [[card]] tables")
        return out
    for i, item in enumerate(items):
        key = f"card[{i}]"
        if not isinstance(item, dict):
            p.append(f"{file}:{key}: expected a table")
            continue
        if map_id is None:  # a common card: no board's hook reads keys of its own
            _check_keys(file, key, item, _CARD_KEYS, p)
        cid = item.get("id")
        if not isinstance(cid, str) or not cid:
            p.append(f"{file}:{key}.id: a card needs an id")
            continue
        if cid in out:
            p.append(f"{file}:{key}.id: duplicate card id {cid!r}")
        kind = item.get("kind", "links")
        if not isinstance(kind, str) or not kind:
            kinds = ", ".join(CARD_KINDS)
            p.append(f"{file}:{key}.kind: expected a kind ({kinds}, or one of the board's)")
            continue
        slot = item.get("slot")
        if slot not in SLOTS:
            p.append(f"{file}:{key}.slot: the row slot must be 1, 2 or 3, got {slot!r}")
            continue
        cities = _names(file, f"{key}.cities", item.get("cities", []), p)
        bottom = _names(file, f"{key}.bottom", item.get("bottom", []), p)
        if kind == "links":
            for name, chain in (("cities", cities), ("bottom", bottom)):
                if name == "bottom" and not chain:
                    continue
                if not 3 <= len(chain) <= 4:  # RB-065
                    p.append(f"{file}:{key}.{name}: a Building Links card names 3 or 4 cities")
                if len(set(chain)) != len(chain):
                    p.append(f"{file}:{key}.{name}: a city is named twice")
        elif kind in CARD_KINDS and (cities or bottom):  # a board's kind: its hook checks
            p.append(f"{file}:{key}: only Building Links cards name cities")
        color: Color | None = None
        if kind == "exhaust":
            try:
                color = Color(item.get("color"))
            except ValueError:
                color = None
            if color not in GOODS_COLORS:
                p.append(f"{file}:{key}.color: an Exhaust Goods card names a goods colour")
                continue
        elif "color" in item:
            p.append(f"{file}:{key}.color: only Exhaust Goods cards name a colour")
        also = _names(file, f"{key}.also", item.get("also", []), p)
        for extra in also:
            if kind not in EXTRA_KINDS or extra not in EXTRA_KINDS or extra == kind:
                p.append(
                    f"{file}:{key}.also: only a Taxation or Deadhead card may also carry the "
                    f"other ({', '.join(EXTRA_KINDS)}), got {extra!r}"
                )
        icons = _names(file, f"{key}.icons", item.get("icons", []), p)
        for icon in icons:
            if icon not in ICONS:
                p.append(f"{file}:{key}.icons: unknown icon {icon!r} ({', '.join(ICONS)})")
        out[cid] = RailbotCard(
            id=cid,
            kind=str(kind),
            slot=int(slot),
            cities=cities,
            bottom=bottom,
            color=color,
            icons=frozenset(icons),
            map_id=map_id,
            source=_source(file, f"{key}.source", item.get("source", default), p),
            also=frozenset(also),
            own={k: v for k, v in item.items() if k not in _CARD_KEYS},
        )
    return out


_BARON_KEYS = {"id", "name", "goal", "tiers", "effect", "params", "effect_params", "text", "source"}


def _duel_barons(file: str, doc: Mapping[str, Any], p: list[str]) -> dict[str, DuelBaron]:
    default = _source(file, "source", doc.get("source", "rulebook"), p)
    out: dict[str, DuelBaron] = {}
    for i, item in enumerate(doc.get("baron", [])):
        key = f"baron[{i}]"
        if not isinstance(item, dict):
            p.append(f"{file}:{key}: expected a table")
            continue
        _check_keys(file, key, item, _BARON_KEYS, p)
        bid, name = item.get("id"), item.get("name")
        if not (isinstance(bid, str) and bid and isinstance(name, str) and name):
            p.append(f"{file}:{key}: a Duel Baron needs an id and a name")
            continue
        if bid in out:
            p.append(f"{file}:{key}.id: duplicate Duel Baron id {bid!r}")
        goal, effect = item.get("goal"), item.get("effect")
        if goal not in DUEL_GOALS:
            p.append(f"{file}:{key}.goal: unknown goal {goal!r}")
            continue
        if effect not in DUEL_EFFECTS:
            p.append(f"{file}:{key}.effect: unknown effect {effect!r}")
            continue
        tiers: list[tuple[int, int]] = []
        raw = item.get("tiers")
        if not isinstance(raw, list) or not raw:
            p.append(f"{file}:{key}.tiers: expected [threshold, points] pairs")
            continue
        for j, tier in enumerate(raw):
            if (
                not isinstance(tier, list)
                or len(tier) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in tier)
            ):
                p.append(f"{file}:{key}.tiers[{j}]: expected [threshold, points]")
                continue
            tiers.append((tier[0], tier[1]))
        out[bid] = DuelBaron(
            id=bid,
            name=name,
            goal=str(goal),
            tiers=tuple(tiers),
            effect=str(effect),
            params=table_params(file, f"{key}.params", item.get("params"), p),
            effect_params=table_params(file, f"{key}.effect_params", item.get("effect_params"), p),
            text=str(item.get("text", "")),
            source=_source(file, f"{key}.source", item.get("source", default), p),
        )
    return out


_SOLO_KEYS = {
    "source",
    "base_exhaust",
    "empty_city_markers",
    "cube_reduction",
    "operations_dealt",
    "service_bounties",
    "target_score",
    "final_evaluation",
    "first_evaluation",
    "out_of_play_cities",
    "out_of_play_lines",
    "operations",
    "west_of_the_mountains",
    "middle_cards",
    "board_players",
    "cubes",
}


def _solo_dir(map_id_or_dir: str | Path) -> Path:
    path = Path(map_id_or_dir)
    return path if (path / "map.toml").is_file() else map_dir(str(map_id_or_dir))


_CACHE: dict[Path, SoloMap] = {}


def load_solo(map_id_or_dir: str | Path) -> SoloMap:
    """The solo data of a map; MapError if the map has none or it is wrong."""
    path = _solo_dir(map_id_or_dir).resolve()
    if path not in _CACHE:
        _CACHE[path] = _load(path)
    return _CACHE[path]


def _load(path: Path) -> SoloMap:
    p: list[str] = []
    if not (path / "solo.toml").is_file():
        known = ", ".join(solo_maps()) or "none"
        raise MapError([f"{path.name}: this map has no solo appendix (solo maps: {known})"])
    board = load_map(path)
    file = "solo.toml"
    doc = _read(path / file, p)
    map_doc = _read(path / "railbot.toml", p)
    common_doc = _read(solo_root() / "common.toml", p)
    barons_doc = _read(solo_root() / "duel_barons.toml", p)
    if p:
        raise MapError(p)
    _source(file, "source", doc.get("source", "rulebook"), p)

    def number(key: str, default: int | None = None, low: int = 0) -> int:
        if key not in doc and default is not None:
            return default
        return _int(file, key, doc.get(key), p, low)

    base_exhaust = number("base_exhaust", low=1)
    ecm = number("empty_city_markers", low=1)
    reduction = number("cube_reduction", 0)
    dealt = number("operations_dealt", 1)
    bounties = number("service_bounties", 2)
    target = number("target_score", 125, low=1)
    place = doc.get("final_evaluation", "bottom")
    if place not in EVALUATION_PLACES:
        p.append(f"{file}:final_evaluation: expected one of {', '.join(EVALUATION_PLACES)}")
    first = doc.get("first_evaluation", "end")
    if first not in FIRST_EVALUATION:
        p.append(f"{file}:first_evaluation: expected one of {', '.join(FIRST_EVALUATION)}")
    out_cities = _names(file, "out_of_play_cities", doc.get("out_of_play_cities", []), p)
    for city in out_cities:
        if city not in board.cities:
            p.append(f"{file}:out_of_play_cities: {city!r} is not a city of {board.id}")
    out_lines = _names(file, "out_of_play_lines", doc.get("out_of_play_lines", []), p)
    for line in out_lines:
        if line not in board.major_lines:
            p.append(f"{file}:out_of_play_lines: {line!r} is not a Major Line of {board.id}")

    ops = doc.get("operations", {})
    removed: tuple[str, ...] = ()
    display: tuple[str, ...] = ()
    if not isinstance(ops, dict):
        p.append(f"{file}:operations: expected a table")
    else:
        _check_keys(file, "operations", ops, {"source", "remove", "display"}, p)
        _source(file, "operations.source", ops.get("source", "rulebook"), p)
        removed = _names(file, "operations.remove", ops.get("remove", []), p)
        display = _names(file, "operations.display", ops.get("display", []), p)

    limits: dict[int, int] = {}
    unlock: int | None = None
    west = doc.get("west_of_the_mountains")
    if west is not None:
        if not isinstance(west, dict):
            p.append(f"{file}:west_of_the_mountains: expected a table")
        else:
            key = "west_of_the_mountains"
            _check_keys(file, key, west, {"source", "unlock_score", "limits"}, p)
            _source(file, f"{key}.source", west.get("source", "house"), p)
            unlock = _int(file, f"{key}.unlock_score", west.get("unlock_score"), p, 1)
            raw = west.get("limits")
            if not isinstance(raw, dict) or not raw:
                p.append(f"{file}:{key}.limits: expected a table of row = column")
            else:
                for row, col in raw.items():
                    try:
                        r = int(row)
                    except ValueError:
                        p.append(f"{file}:{key}.limits: {row!r} is not a row number")
                        continue
                    limits[r] = _int(file, f"{key}.limits.{row}", col, p)

    middle = _names(file, "middle_cards", doc.get("middle_cards", []), p)
    board_players = number("board_players", 1, low=1)
    city_cubes = _city_cubes(file, doc.get("cubes"), board, set(out_cities), p)

    map_cards = _cards("railbot.toml", map_doc, board.id, p)
    common = _cards("content/solo/common.toml", common_doc, None, p)
    fe = common_doc.get("final_evaluation")
    fe_id = "final-evaluation"
    if isinstance(fe, dict) and isinstance(fe.get("id"), str):
        fe_id = fe["id"]
    else:
        p.append("content/solo/common.toml:final_evaluation: expected a table with an id")
    if len(map_cards) != MAP_CARDS:  # RB-042
        p.append(f"railbot.toml: a solo map has {MAP_CARDS} Railbot cards, found {len(map_cards)}")
    if len(common) != COMMON_CARDS:  # RB-042
        p.append(
            f"content/solo/common.toml: there are {COMMON_CARDS} common cards, found {len(common)}"
        )
    for cid in set(map_cards) & set(common):
        p.append(f"railbot.toml: card id {cid!r} is also a common card")
    # Towns not yet built (Australia) are places a Railbot card may name too (RB-095).
    in_play = (set(board.cities) | set(board.towns)) - set(out_cities)
    for card in map_cards.values():
        for name, chain in (("cities", card.cities), ("bottom", card.bottom)):
            for city in chain:
                if city not in in_play:
                    p.append(f"railbot.toml:{card.id}.{name}: {city!r} is not a city in play")
    for cid in middle:
        if cid not in {**map_cards, **common}:
            p.append(f"{file}:middle_cards: {cid!r} is not a Railbot card")
    if first == "switch_halves":
        for card in map_cards.values():
            if card.kind == "links" and not card.bottom:
                p.append(f"railbot.toml:{card.id}.bottom: this map's cards have two halves")
    cards = {**map_cards, **common}
    # The set-up deal needs three slot-1 cards that are neither Taxation nor Deadhead, even
    # after three slot-1 cards were removed unseen (RB-044, RB-045).
    firsts = [c for c in cards.values() if c.slot == 1]
    dealable = [c for c in firsts if not (c.has("taxation") or c.has("deadhead"))]
    if len(dealable) < REMOVED_AT_SETUP + ROW_SIZE:
        p.append(
            f"railbot.toml: the deck needs at least {REMOVED_AT_SETUP + ROW_SIZE} slot-1 cards "
            f"that are neither Taxation nor Deadhead, found {len(dealable)}"
        )
    duel = _duel_barons("content/solo/duel_barons.toml", barons_doc, p)
    if p:
        raise MapError(p)
    return SoloMap(
        map_id=board.id,
        base_exhaust=base_exhaust,
        empty_city_markers=ecm,
        cube_reduction=reduction,
        operations_dealt=dealt,
        service_bounties=bounties,
        target_score=target,
        final_evaluation=str(place),
        first_evaluation=str(first),
        out_of_play_cities=frozenset(out_cities),
        out_of_play_lines=frozenset(out_lines),
        remove_operations=frozenset(removed),
        west_limits=limits,
        west_unlock_score=unlock,
        cards=cards,
        final_evaluation_id=fe_id,
        duel_barons=duel,
        display_cards=display,
        middle_cards=middle,
        board_players=board_players,
        city_cubes=city_cubes,
        own={k: v for k, v in doc.items() if k not in _SOLO_KEYS},
    )


def _city_cubes(
    file: str, raw: object, board: Board, out: set[str], p: list[str]
) -> dict[str, int]:
    """The ``[cubes]`` table: city = the cubes it starts with in the solo game (house)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        p.append(f"{file}:cubes: expected a table of city = cubes")
        return {}
    found: dict[str, int] = {}
    for city, count in raw.items():
        if city == "source":
            _source(file, "cubes.source", count, p)
            continue
        if city not in board.cities or city in out:
            p.append(f"{file}:cubes: {city!r} is not a city in play on {board.id}")
            continue
        if board.cities[city].color is Color.GRAY and board.cities[city].cubes == 0:
            p.append(f"{file}:cubes: {city!r} starts with no goods on the printed board")
            continue
        found[city] = _int(file, f"cubes.{city}", count, p, 1)
    return found


# Keyed by the ids of the board and the solo data; each entry keeps both alive, so an id is
# never reused by another object while its entry stands (a freed SoloMap's id could be).
_BOARDS: dict[tuple[int, int], tuple[Board, SoloMap, Board]] = {}


def solo_board(board: Board, solo: SoloMap) -> Board:
    """The board of a solo game: cities not in play are taken off (RB-040, RB-043, RB-055).

    Cities the solo data gives another cube count (``[cubes]``, house calibration) start
    with that many.

    Their hexes leave the board too, so track can neither enter nor cross them (they are
    impassable terrain, RB-055). Major Lines that are out of play, or that need a city not in
    play, are gone (RB-041, RB-055). The tables hold one player's Empty City Markers and cube
    reduction (RB-097, RB-098). The result is cached, so route caches keyed by board persist.
    """
    key = (id(board), id(solo))
    cached = _BOARDS.get(key)
    if cached is not None and cached[0] is board and cached[1] is solo:
        return cached[2]
    gone = solo.out_of_play_cities
    hexes = {h: t for h, t in board.hexes.items() if not any(board.cities[c].at == h for c in gone)}
    cities = {
        cid: dataclasses.replace(c, cubes=solo.city_cubes.get(cid, c.cubes))
        for cid, c in board.cities.items()
        if cid not in gone
    }
    lines = {
        lid: line
        for lid, line in board.major_lines.items()
        if lid not in solo.out_of_play_lines and not gone & set(line.endpoints)
    }
    specials = {sid: s for sid, s in board.specials.items() if s.city is None or s.city not in gone}
    tables = dataclasses.replace(
        board.tables,
        ecm_by_players={1: solo.empty_city_markers},
        cube_reduction={1: solo.cube_reduction},
    )
    derived = dataclasses.replace(
        board,
        min_players=1,
        max_players=1,
        hexes=hexes,
        cities=cities,
        major_lines=lines,
        specials=specials,
        tables=tables,
    )
    _BOARDS[key] = (board, solo, derived)
    return derived
