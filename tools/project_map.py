#!/usr/bin/env python3
"""Project real geography onto a board's hex grid and write its map.toml and cities.toml.

This is a build-time helper, not part of the ``railways`` package. Each board generated this
way has a geography module in ``tools/mapgen/`` (``eastern_us.py`` for ``eastern-us``) holding
the real latitude/longitude of its cities and a coarse outline of its land, rivers, mountains
and ridges; ``tools/mapgen/__init__.py`` does the projection. What the game reads is the
committed TOML in ``src/railways/content/maps/<id>/``; run this again only to regenerate it
after changing a geography module. ``major_lines.toml``, ``tables.toml`` and the decks are
written by hand.

Usage::

    python tools/project_map.py eastern-us            # ASCII preview, summary and conflicts
    python tools/project_map.py eastern-us --write    # also (re)write map.toml and cities.toml
    python tools/project_map.py --list                # the boards that have a geography
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import mapgen  # noqa: E402

ROOT = HERE.parent
MAPS_DIR = ROOT / "src" / "railways" / "content" / "maps"


def geographies() -> list[str]:
    return sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(mapgen.__path__))


def load(map_id: str) -> mapgen.Geography:
    module = importlib.import_module(f"mapgen.{map_id.replace('-', '_')}")
    geo: mapgen.Geography = module.GEO
    return geo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("map", nargs="?", default="eastern-us", help="board id (eastern-us)")
    parser.add_argument("--write", action="store_true", help="write map.toml and cities.toml")
    parser.add_argument("--verbose", action="store_true", help="list cities moved off their hex")
    parser.add_argument("--list", action="store_true", help="list the boards with a geography")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(geographies()))
        return 0
    if args.map not in geographies():
        parser.error(f"no geography for {args.map!r} in tools/mapgen (have: {geographies()})")
    geo = load(args.map)
    result = mapgen.build(geo)
    print(mapgen.preview(result))
    print(mapgen.summary(geo, result))
    if args.verbose:
        print("\n".join(result.shifts))
    for problem in result.problems:
        print("PROBLEM:", problem, file=sys.stderr)
    if result.problems:
        return 1
    if args.write:
        out_dir = MAPS_DIR / geo.id
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "map.toml").write_text(mapgen.map_toml(geo, result), encoding="utf-8")
        (out_dir / "cities.toml").write_text(mapgen.cities_toml(geo, result), encoding="utf-8")
        print(f"wrote {out_dir / 'map.toml'} and {out_dir / 'cities.toml'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
