"""Load and validate map file sets (``content/maps/<map-id>/*.toml``).

Every problem is reported as ``file:key: message`` and all of them are
collected before failing, so an author fixing a typed-in board sees the whole
list at once. See ``docs/maps.md`` for the format.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from railways.core.board import (
    Board,
    Border,
    City,
    Color,
    MajorLine,
    Region,
    SpecialHex,
    Tables,
    Terrain,
    TerrainCosts,
    Town,
)
from railways.core.hexgrid import Edge, Hex, Side

TERRAIN_LETTERS: Mapping[str, Terrain | None] = {
    ".": Terrain.OPEN,
    "w": Terrain.WATER,
    "m": Terrain.MOUNTAIN,
    "C": Terrain.OPEN,  # a city hex; its city is in cities.toml
    "S": Terrain.OPEN,  # a special hex; see [[special]] in map.toml
    "T": Terrain.OPEN,  # an unbuilt town; see [[town]] in cities.toml
    "~": None,  # not on the board: sea, lake, beyond the edge, partial hexes
}
SOURCES = ("rulebook", "house", "printed")
MAP_FILES = ("map.toml", "cities.toml", "major_lines.toml", "tables.toml")


class MapError(Exception):
    """A map file set with problems; ``problems`` lists them all."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class _Reporter:
    problems: list[str]

    def __call__(self, file: str, key: str, message: str) -> None:
        # A problem with the whole file has no key: "file: message", not "file:: message".
        self.problems.append(f"{file}:{key}: {message}" if key else f"{file}: {message}")


MAPS_PATH_VAR = "RAILWAYS_MAPS_PATH"


def maps_root() -> Path:
    """The folder of the boards that come with railways."""
    return Path(str(resources.files("railways.content") / "maps"))


def maps_roots() -> list[Path]:
    """Where boards are looked for: the built-in folder, then each folder named in
    ``$RAILWAYS_MAPS_PATH`` (separated like PATH), whose sub-folders are boards."""
    extra = os.environ.get(MAPS_PATH_VAR, "")
    return [maps_root(), *(Path(p) for p in extra.split(os.pathsep) if p.strip())]


DEFAULT_FILE = "default.toml"


@cache
def default_map() -> str:
    """The id of the board played when none is named (``board`` in the built-in boards'
    ``default.toml``), so that no code names a board."""
    path = maps_root() / DEFAULT_FILE
    try:
        board = tomllib.loads(path.read_text(encoding="utf-8")).get("board")
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise MapError([f"{DEFAULT_FILE}: {exc}"]) from None
    if not isinstance(board, str) or not (maps_root() / board / "map.toml").is_file():
        raise MapError([f"{DEFAULT_FILE}:board: expected the id of a built-in board"])
    return board


DEFAULT_MAP: Final[str] = default_map()


def available_maps() -> list[str]:
    """The ids of every board found (a built-in board wins over another of its id)."""
    found: set[str] = set()
    for root in maps_roots():
        if root.is_dir():
            found.update(p.name for p in root.iterdir() if (p / "map.toml").is_file())
    return sorted(found)


# Boards loaded from a folder by path, by id: a record of a game on one names the board by
# id, and replays in the same process find it here.
_LOADED_FOLDERS: dict[str, Path] = {}


def map_dir(map_id: str) -> Path:
    for root in maps_roots():
        path = root / map_id
        if (path / "map.toml").is_file():
            return path
    if map_id in _LOADED_FOLDERS:
        return _LOADED_FOLDERS[map_id]
    known = ", ".join(available_maps()) or "none"
    raise MapError([f"{map_id}: no such map (known maps: {known})"])


_CACHE: dict[Path, Board] = {}


def load_map(map_id_or_dir: str | Path) -> Board:
    """Load a map by id (from the package) or from a directory."""
    path = Path(map_id_or_dir)
    if not (path / "map.toml").is_file():
        path = map_dir(str(map_id_or_dir))
    path = path.resolve()
    if path not in _CACHE:
        _CACHE[path] = _load(path)
    board = _CACHE[path]
    _LOADED_FOLDERS.setdefault(board.id, path)
    return board


def _read(path: Path, name: str, report: _Reporter) -> dict[str, Any]:
    file = path / name
    if not file.is_file():
        if name == "map.toml":
            report(name, "", "file is missing")
        return {}
    try:
        with file.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        report(name, "", f"not valid TOML: {exc}")
        return {}


def _load(path: Path) -> Board:
    problems: list[str] = []
    report = _Reporter(problems)
    docs = {name: _read(path, name, report) for name in MAP_FILES}
    if problems:
        raise MapError(problems)
    board = _Builder(docs, report).build()
    if problems or board is None:
        raise MapError(problems)
    return board


def parse_hex(text: object) -> Hex:
    """Parse ``"row,col"`` into a hex."""
    if not isinstance(text, str):
        raise ValueError(f'expected a hex as "row,col", got {text!r}')
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f'expected a hex as "row,col", got {text!r}')
    try:
        row, col = (int(p) for p in parts)
    except ValueError:
        raise ValueError(f'expected a hex as "row,col", got {text!r}') from None
    return Hex.from_offset(row, col)


def parse_edge(text: object) -> Edge:
    """Parse ``"row,col SIDE"`` into the edge on that side of the hex."""
    if not isinstance(text, str) or len(text.split()) != 2:
        raise ValueError(f'expected an edge as "row,col SIDE", got {text!r}')
    where, side = text.split()
    return Edge.of(parse_hex(where), Side.parse(side))


class _Builder:
    def __init__(self, docs: Mapping[str, dict[str, Any]], report: _Reporter) -> None:
        self.docs = docs
        self.report = report
        self.hexes: dict[Hex, Terrain] = {}
        self.marks: dict[Hex, str] = {}

    # -- helpers -----------------------------------------------------------
    def _unknown_keys(
        self, file: str, key: str, table: Mapping[str, Any], allowed: set[str]
    ) -> None:
        for k in table:
            if k not in allowed:
                where = f"{key}.{k}" if key else k
                self.report(
                    file, where, f"unknown key (expected one of {', '.join(sorted(allowed))})"
                )

    def _source(self, file: str, key: str, table: Mapping[str, Any], default: str | None) -> str:
        value = table.get("source", default)
        if value is None:
            self.report(
                file,
                f"{key}.source" if key else "source",
                f"missing; say where the values come from ({', '.join(SOURCES)})",
            )
            return "house"
        if value not in SOURCES:
            self.report(
                file,
                f"{key}.source" if key else "source",
                f"{value!r} is not a known source ({', '.join(SOURCES)})",
            )
            return "house"
        return str(value)

    def _hex(self, file: str, key: str, value: object, mark: str | None = None) -> Hex | None:
        try:
            hex_ = parse_hex(value)
        except ValueError as exc:
            self.report(file, key, str(exc))
            return None
        if hex_ not in self.hexes:
            self.report(file, key, f"hex {value} is not on the board")
            return None
        if mark is not None and self.marks.get(hex_) != mark:
            self.report(
                file,
                key,
                f"hex {value} is marked {self.marks.get(hex_)!r} in the terrain "
                f"grid, expected {mark!r}",
            )
        return hex_

    def _int(self, file: str, key: str, value: object, low: int = 0) -> int | None:
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            self.report(file, key, f"expected a whole number >= {low}, got {value!r}")
            return None
        return value

    def _int_map(self, file: str, key: str, value: object) -> dict[int, int]:
        out: dict[int, int] = {}
        if not isinstance(value, dict):
            self.report(file, key, 'expected a table like { "2" = 10 }')
            return out
        for k, v in value.items():
            try:
                n = int(k)
            except ValueError:
                self.report(file, f"{key}.{k}", "key must be a whole number")
                continue
            iv = self._int(file, f"{key}.{k}", v)
            if iv is not None:
                out[n] = iv
        return out

    def _list(self, file: str, key: str, value: object) -> list[object]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.report(file, key, "expected a list")
            return []
        return value

    def _tables(self, file: str, key: str, value: object) -> Iterator[tuple[str, dict[str, Any]]]:
        for i, item in enumerate(self._list(file, key, value)):
            if not isinstance(item, dict):
                self.report(file, f"{key}[{i}]", "expected a table")
                continue
            yield f"{key}[{i}]", item

    # -- sections ------------------------------------------------------------
    def build(self) -> Board | None:
        meta = self.docs["map.toml"]
        self._unknown_keys(
            "map.toml",
            "",
            meta,
            {
                "id",
                "name",
                "players",
                "rulesets",
                "source",
                "terrain",
                "ridges",
                "impassable",
                "special",
                "border",
                "region",
                "modules",
            },
        )
        map_id = meta.get("id")
        if not isinstance(map_id, str) or not map_id:
            self.report("map.toml", "id", "missing map id")
            map_id = "?"
        name = meta.get("name")
        if not isinstance(name, str) or not name:
            self.report("map.toml", "name", "missing map name")
            name = map_id
        players = meta.get("players")
        if (
            not isinstance(players, list)
            or len(players) != 2
            or not all(isinstance(p, int) for p in players)
            or not 1 <= players[0] <= players[1]
        ):
            self.report("map.toml", "players", "expected [min, max] player counts")
            players = [2, 6]
        rulesets = meta.get("rulesets", [])
        if not isinstance(rulesets, list) or not all(isinstance(r, str) for r in rulesets):
            self.report("map.toml", "rulesets", "expected a list of rule plug-in ids")
            rulesets = []

        self._terrain(meta.get("terrain"))
        ridges = self._edges("ridges", meta.get("ridges"))
        impassable = self._edges("impassable", meta.get("impassable"))
        specials = self._specials(meta.get("special"))
        borders = self._borders(meta.get("border"))
        regions = self._regions(meta.get("region"))
        cities, towns = self._cities()
        self._check_marks(cities, towns, specials)
        self._check_spokes(cities)
        for sid, special in specials.items():
            if special.city is not None and special.city not in cities:
                self.report("map.toml", f"special.{sid}.city", f"{special.city!r} is not a city id")
        lines = self._major_lines(cities)
        default_modules, module_params = self._modules(meta.get("modules"))
        tables = self._tables_file(players)
        if tables is None:
            return None
        return Board(
            id=map_id,
            name=name,
            min_players=players[0],
            max_players=players[1],
            hexes=self.hexes,
            cities=cities,
            ridges=ridges,
            impassable=impassable,
            towns=towns,
            specials=specials,
            regions=regions,
            major_lines=lines,
            tables=tables,
            rulesets=tuple(rulesets),
            borders=borders,
            default_modules=default_modules,
            module_params=module_params,
        )

    def _modules(self, section: object) -> tuple[tuple[str, ...], dict[str, dict[str, Any]]]:
        """``[modules]``: the ids played by default, and a table of settings per module id.

        Whether the ids name known modules and the settings suit them is for the rules
        layer (``railways.rules.check_map``); here only the shapes are checked.
        """
        file = "map.toml"
        if section is None:
            return (), {}
        if not isinstance(section, dict):
            self.report(file, "modules", "expected a table")
            return (), {}
        default = section.get("default", [])
        if not isinstance(default, list) or not all(isinstance(m, str) and m for m in default):
            self.report(file, "modules.default", "expected a list of module ids")
            default = []
        if len(set(default)) != len(default):
            self.report(file, "modules.default", "a module is named twice")
        params: dict[str, dict[str, Any]] = {}
        for key, value in section.items():
            if key in ("default", "source"):
                continue
            if not isinstance(value, dict):
                self.report(file, f"modules.{key}", "expected a table of the module's settings")
                continue
            params[key] = dict(value)
        return tuple(default), params

    def _terrain(self, section: object) -> None:
        file = "map.toml"
        if not isinstance(section, dict):
            self.report(file, "terrain", "missing [terrain] table with a grid")
            return
        self._unknown_keys(file, "terrain", section, {"source", "grid"})
        self._source(file, "terrain", section, None)
        grid = section.get("grid")
        if not isinstance(grid, str):
            self.report(file, "terrain.grid", "expected a multi-line string")
            return
        rows = [line for line in grid.split("\n")]
        while rows and not rows[0].strip():
            rows.pop(0)
        for row, line in enumerate(rows):
            for col, token in enumerate(line.split()):
                if token not in TERRAIN_LETTERS:
                    legal = " ".join(TERRAIN_LETTERS)
                    self.report(
                        file,
                        f"terrain.grid[row {row}, col {col}]",
                        f"unknown terrain letter {token!r} (legal: {legal})",
                    )
                    continue
                terrain = TERRAIN_LETTERS[token]
                if terrain is not None:
                    hex_ = Hex.from_offset(row, col)
                    self.hexes[hex_] = terrain
                    self.marks[hex_] = token
        if not self.hexes:
            self.report(file, "terrain.grid", "the grid has no hexes on the board")

    def _edges(self, key: str, section: object) -> frozenset[Edge]:
        file = "map.toml"
        if section is None:
            return frozenset()
        if not isinstance(section, dict):
            self.report(file, key, "expected a table with source and edges")
            return frozenset()
        self._unknown_keys(file, key, section, {"source", "edges"})
        self._source(file, key, section, None)
        edges: set[Edge] = set()
        for i, text in enumerate(self._list(file, f"{key}.edges", section.get("edges"))):
            where = f"{key}.edges[{i}]"
            try:
                edge = parse_edge(text)
            except ValueError as exc:
                self.report(file, where, str(exc))
                continue
            if edge.a not in self.hexes or edge.b not in self.hexes:
                self.report(file, where, f"edge {text!r} is not between two hexes of the board")
                continue
            if edge in edges:
                self.report(file, where, f"edge {text!r} is listed twice")
            edges.add(edge)
        return frozenset(edges)

    def _specials(self, section: object) -> dict[str, SpecialHex]:
        file = "map.toml"
        out: dict[str, SpecialHex] = {}
        for key, item in self._tables(file, "special", section):
            self._unknown_keys(
                file, key, item, {"id", "kind", "at", "city", "params", "source", "label", "symbol"}
            )
            sid = item.get("id")
            if not isinstance(sid, str) or not sid:
                self.report(file, f"{key}.id", "missing id")
                continue
            if sid in out:
                self.report(file, f"{key}.id", f"duplicate special hex id {sid!r}")
            kind = self._kind(file, key, item)
            if kind is None:
                continue
            at = self._hex(file, f"{key}.at", item.get("at"), mark="S")
            city = item.get("city")
            params = self._params(file, key, item)
            source = self._source(file, key, item, "house")
            label, symbol = self._looks(file, key, item, kind)
            if at is not None:
                out[sid] = SpecialHex(
                    sid,
                    kind,
                    at,
                    city if isinstance(city, str) else None,
                    params,
                    source,
                    label,
                    symbol,
                )
        return out

    def _kind(self, file: str, key: str, item: dict[str, Any]) -> str | None:
        """A feature's kind: a word for the map's plug-in (letters, digits, _ and -)."""
        kind = item.get("kind")
        if not isinstance(kind, str) or not kind or not all(c.isalnum() or c in "_-" for c in kind):
            self.report(file, f"{key}.kind", f'expected a kind name (like "ferry"), got {kind!r}')
            return None
        return kind

    def _params(self, file: str, key: str, item: dict[str, Any]) -> dict[str, str | int]:
        params = item.get("params", {})
        if not isinstance(params, dict) or not all(
            isinstance(v, (str, int)) and not isinstance(v, bool) for v in params.values()
        ):
            self.report(file, f"{key}.params", "expected a table of text and whole numbers")
            return {}
        return params

    def _looks(self, file: str, key: str, item: dict[str, Any], kind: str) -> tuple[str, str]:
        """How front ends draw a feature; by default its kind's words and first letter."""
        label = item.get("label", kind.replace("_", " ").replace("-", " ").title())
        symbol = item.get("symbol", label[:1].upper())
        if not isinstance(label, str) or not label:
            self.report(file, f"{key}.label", "expected text")
            label = kind
        if not isinstance(symbol, str) or not 1 <= len(symbol) <= 2:
            self.report(file, f"{key}.symbol", "expected one or two characters")
            symbol = kind[:1].upper()
        return label, symbol

    def _borders(self, section: object) -> dict[str, Border]:
        file = "map.toml"
        out: dict[str, Border] = {}
        for key, item in self._tables(file, "border", section):
            self._unknown_keys(
                file, key, item, {"id", "kind", "edges", "label", "params", "source"}
            )
            bid = item.get("id")
            if not isinstance(bid, str) or not bid:
                self.report(file, f"{key}.id", "missing id")
                continue
            if bid in out:
                self.report(file, f"{key}.id", f"duplicate border id {bid!r}")
            kind = self._kind(file, key, item)
            if kind is None:
                continue
            edges = self._edges(key, {"edges": item.get("edges", []), "source": "house"})
            label, _symbol = self._looks(file, key, item, kind)
            out[bid] = Border(
                bid,
                kind,
                edges,
                label,
                self._params(file, key, item),
                self._source(file, key, item, "house"),
            )
        return out

    def _regions(self, section: object) -> dict[str, Region]:
        file = "map.toml"
        out: dict[str, Region] = {}
        for key, item in self._tables(file, "region", section):
            self._unknown_keys(file, key, item, {"id", "name", "hexes", "source"})
            rid = item.get("id")
            if not isinstance(rid, str):
                self.report(file, f"{key}.id", "missing id")
                continue
            hexes = set()
            for i, text in enumerate(self._list(file, f"{key}.hexes", item.get("hexes"))):
                h = self._hex(file, f"{key}.hexes[{i}]", text)
                if h is not None:
                    hexes.add(h)
            out[rid] = Region(
                rid,
                str(item.get("name", rid)),
                frozenset(hexes),
                self._source(file, key, item, "house"),
            )
        return out

    def _cities(self) -> tuple[dict[str, City], dict[str, Town]]:
        file = "cities.toml"
        doc = self.docs["cities.toml"]
        self._unknown_keys(file, "", doc, {"source", "city", "town"})
        default = self._source(file, "", doc, None) if doc else "house"
        if not doc:
            self.report(file, "", "file is missing or empty")
        cities: dict[str, City] = {}
        names: dict[str, str] = {}
        for key, item in self._tables(file, "city", doc.get("city")):
            city = self._city(file, key, item, default)
            if city is None:
                continue
            if city.id in cities:
                self.report(file, f"{key}.id", f"duplicate city id {city.id!r}")
            folded = city.name.casefold()
            if folded in names:
                self.report(
                    file, f"{key}.name", f"duplicate city name {city.name!r} (also {names[folded]})"
                )
            names[folded] = key
            cities[city.id] = city
        seen_at: dict[Hex, str] = {}
        for city in cities.values():
            if city.at in seen_at:
                self.report(
                    file, f"city.{city.id}.at", f"hex {city.at} already holds {seen_at[city.at]}"
                )
            seen_at[city.at] = city.id
        towns: dict[str, Town] = {}
        for key, item in self._tables(file, "town", doc.get("town")):
            self._unknown_keys(file, key, item, {"id", "name", "at", "spokes", "flags", "source"})
            tid, tname = item.get("id"), item.get("name")
            if not isinstance(tid, str) or not isinstance(tname, str):
                self.report(file, key, "a town needs an id and a name")
                continue
            at = self._hex(file, f"{key}.at", item.get("at"), mark="T")
            spokes = self._spokes(file, f"{key}.spokes", item.get("spokes", "all"))
            if at is not None:
                towns[tid] = Town(
                    tid,
                    tname,
                    at,
                    spokes,
                    frozenset(str(f) for f in self._list(file, f"{key}.flags", item.get("flags"))),
                    self._source(file, key, item, default),
                )
        return cities, towns

    def _spokes(self, file: str, key: str, value: object) -> frozenset[Side]:
        if value == "all":
            return frozenset(Side)
        spokes: set[Side] = set()
        for i, text in enumerate(self._list(file, key, value)):
            try:
                spokes.add(Side.parse(str(text)))
            except ValueError as exc:
                self.report(file, f"{key}[{i}]", str(exc))
        if not spokes:
            self.report(file, key, "a city needs at least one spoke")
        return frozenset(spokes)

    def _city(self, file: str, key: str, item: dict[str, Any], default: str) -> City | None:
        self._unknown_keys(
            file,
            key,
            item,
            {
                "id",
                "name",
                "at",
                "color",
                "cubes",
                "spokes",
                "flags",
                "source",
            },
        )
        cid, name = item.get("id"), item.get("name")
        if not isinstance(cid, str) or not cid:
            self.report(file, f"{key}.id", "missing city id")
            return None
        if not isinstance(name, str) or not name:
            self.report(file, f"{key}.name", "missing city name")
            return None
        try:
            color = Color(item.get("color"))
        except ValueError:
            colors = ", ".join(c.value for c in Color)
            self.report(file, f"{key}.color", f"unknown colour {item.get('color')!r} ({colors})")
            return None
        cubes = self._int(file, f"{key}.cubes", item.get("cubes"), low=0)
        at = self._hex(file, f"{key}.at", item.get("at"), mark="C")
        spokes = self._spokes(file, f"{key}.spokes", item.get("spokes", "all"))
        flags = frozenset(str(f) for f in self._list(file, f"{key}.flags", item.get("flags")))
        source = self._source(file, key, item, default)
        if cubes is None or at is None:
            return None
        return City(cid, name, at, color, cubes, spokes, flags, source)

    def _check_marks(
        self,
        cities: Mapping[str, City],
        towns: Mapping[str, Town],
        specials: Mapping[str, SpecialHex],
    ) -> None:
        used = (
            {c.at for c in cities.values()}
            | {t.at for t in towns.values()}
            | {s.at for s in specials.values()}
        )
        kinds = {"C": "city", "T": "town", "S": "special hex"}
        for hex_, mark in sorted(self.marks.items()):
            if mark in kinds and hex_ not in used:
                self.report(
                    "map.toml",
                    f"terrain.grid[row {hex_.row}, col {hex_.col}]",
                    f"marked {mark!r} but no {kinds[mark]} is placed at {hex_}",
                )

    def _check_spokes(self, cities: Mapping[str, City]) -> None:
        for city in cities.values():
            for side in sorted(city.spokes):
                beyond = city.at.neighbour(side)
                key = f"city.{city.id}.spokes"
                if beyond not in self.hexes:
                    self.report(
                        "cities.toml",
                        key,
                        f"spoke {side.name} of {city.name} faces off the board or into sea",
                    )
                elif self.marks.get(beyond) == "C":
                    self.report(
                        "cities.toml",
                        key,
                        f"spoke {side.name} of {city.name} faces straight into another city",
                    )

    def _major_lines(self, cities: Mapping[str, City]) -> dict[str, MajorLine]:
        file = "major_lines.toml"
        doc = self.docs["major_lines.toml"]
        self._unknown_keys(file, "", doc, {"source", "line"})
        default = self._source(file, "", doc, None) if doc else "house"
        out: dict[str, MajorLine] = {}
        for key, item in self._tables(file, "line", doc.get("line")):
            self._unknown_keys(
                file,
                key,
                item,
                {
                    "id",
                    "name",
                    "endpoints",
                    "points",
                    "requires",
                    "source",
                },
            )
            lid = item.get("id")
            if not isinstance(lid, str) or not lid:
                self.report(file, f"{key}.id", "missing id (a letter such as A)")
                continue
            if lid in out:
                self.report(file, f"{key}.id", f"duplicate Major Line id {lid!r}")
            endpoints = self._list(file, f"{key}.endpoints", item.get("endpoints"))
            if len(endpoints) < 2:
                self.report(file, f"{key}.endpoints", "a Major Line needs at least two cities")
            ok = True
            for i, end in enumerate(endpoints):
                if end not in cities:
                    self.report(file, f"{key}.endpoints[{i}]", f"{end!r} is not a city id")
                    ok = False
            points = self._int(file, f"{key}.points", item.get("points"), low=0)
            requires = frozenset(
                str(r) for r in self._list(file, f"{key}.requires", item.get("requires"))
            )
            for r in requires:  # the map's plug-ins say which they judge (rules.check_map)
                if not r or not all(c.isalnum() or c in "_-" for c in r):
                    self.report(file, f"{key}.requires", f"expected a requirement name, got {r!r}")
            if ok and points is not None and len(endpoints) >= 2:
                out[lid] = MajorLine(
                    lid,
                    tuple(str(e) for e in endpoints),  # each one is a city id (checked above)
                    points,
                    requires,
                    str(item.get("name", "")),
                    self._source(file, key, item, default),
                )
        return out

    def _tables_file(self, players: list[int]) -> Tables | None:
        file = "tables.toml"
        doc = self.docs["tables.toml"]
        allowed = {
            "ecm",
            "income_track",
            "engine",
            "terrain_costs",
            "cube_reduction",
            "tile_supply",
            "costs",
        }
        self._unknown_keys(file, "", doc, allowed)
        sections: dict[str, dict[str, Any]] = {}
        for name in sorted(allowed):
            section = doc.get(name)
            if section is None and name in ("costs",):
                section = {"source": "rulebook"}
            if not isinstance(section, dict):
                self.report(file, name, f"missing [{name}] table")
                continue
            self._source(file, name, section, None)
            sections[name] = section
        if len(sections) != len(allowed):
            return None

        ecm_s = sections["ecm"]
        self._unknown_keys(file, "ecm", ecm_s, {"source", "players"})
        ecm = self._int_map(file, "ecm.players", ecm_s.get("players"))
        for n in range(players[0], players[1] + 1):
            if n not in ecm:
                self.report(file, "ecm.players", f"no Empty City Marker count for {n} players")

        track_s = sections["income_track"]
        self._unknown_keys(file, "income_track", track_s, {"source", "last_space", "income"})
        last = self._int(file, "income_track.last_space", track_s.get("last_space"), low=1)
        income = self._list(file, "income_track.income", track_s.get("income"))
        incomes: list[int] = []
        for i, v in enumerate(income):
            iv = self._int(file, f"income_track.income[{i}]", v)
            if iv is not None:
                incomes.append(iv)
        if last is not None and len(income) != last + 1:
            self.report(
                file,
                "income_track.income",
                f"lists {len(income)} spaces but the track runs from 0 to {last} "
                f"({last + 1} spaces): every score needs an income",
            )

        engine_s = sections["engine"]
        self._unknown_keys(file, "engine", engine_s, {"source", "max_level", "costs"})
        max_level = self._int(file, "engine.max_level", engine_s.get("max_level", 8), low=1) or 8
        costs = self._int_map(file, "engine.costs", engine_s.get("costs"))
        for level in range(2, max_level + 1):
            if level not in costs:
                self.report(file, "engine.costs", f"no upgrade cost for engine level {level}")

        tc_s = sections["terrain_costs"]
        self._unknown_keys(
            file, "terrain_costs", tc_s, {"source", "open", "water", "mountain", "ridge"}
        )
        tc_values = {
            k: self._int(file, f"terrain_costs.{k}", tc_s.get(k), low=0)
            for k in ("open", "water", "mountain", "ridge")
        }

        red_s = sections["cube_reduction"]
        self._unknown_keys(file, "cube_reduction", red_s, {"source", "players"})
        reduction = self._int_map(file, "cube_reduction.players", red_s.get("players", {}))

        tiles_s = sections["tile_supply"]
        self._unknown_keys(
            file, "tile_supply", tiles_s, {"source", "straight", "gentle", "crossing"}
        )
        tiles = {
            k: self._int(file, f"tile_supply.{k}", tiles_s.get(k), low=0)
            for k in ("straight", "gentle", "crossing")
        }

        costs_s = sections["costs"]
        self._unknown_keys(
            file, "costs", costs_s, {"source", "urbanize", "bond", "dividend", "goods_per_color"}
        )
        urbanize = self._int(file, "costs.urbanize", costs_s.get("urbanize", 10))
        bond = self._int(file, "costs.bond", costs_s.get("bond", 5), low=1)
        dividend = self._int(file, "costs.dividend", costs_s.get("dividend", 1))
        goods = self._int(file, "costs.goods_per_color", costs_s.get("goods_per_color", 25), low=1)

        if self.report.problems:
            return None
        assert last is not None and urbanize is not None and bond is not None
        assert dividend is not None and goods is not None
        return Tables(
            ecm_by_players=ecm,
            income_track=tuple(incomes),
            engine_costs=costs,
            terrain_costs=TerrainCosts(
                **{k: int(v) for k, v in tc_values.items() if v is not None}
            ),
            cube_reduction=reduction,
            tile_supply={k: int(v) for k, v in tiles.items() if v is not None},
            urbanize_cost=urbanize,
            bond_value=bond,
            bond_dividend=dividend,
            max_engine=max_level,
            goods_per_color=goods,
        )
