#!/usr/bin/env python3
"""Compose the Transcontinental board from the Eastern U.S. and Western U.S. boards (RW-p9-20).

The two boards are laid side by side as the rulebook says (the Western board to the west,
the southernmost rivers aligned): the Western U.S. board is drawn on the Eastern board's grid
(docs/boards/western-us.md), so an Eastern hex ``row,col`` is hex ``row + 2, col + 29`` of the
joined board and a Western hex keeps its place. What the game reads is the committed TOML in
``src/railways/content/maps/transcontinental/``; run this again after either board changes:

    python tools/compose_transcontinental.py            # check and write
    python tools/compose_transcontinental.py --check    # only check (exit 1 if out of date)

Written here: ``map.toml`` (the joined grid, ridges, impassable edges and borders of both
boards; the Western Link hexes become plain ground, as the Western Link is not used,
RW-p9-06), ``cities.toml`` (every city of both boards; the two Portlands are told apart),
``major_lines.toml`` (both boards' lines and the four Transcontinental lines, RW-p8-31..32),
``barons.toml`` (the twelve Golden Spike barons and both boards' barons for Option 2,
RW-p8-32..36) and ``operations.toml`` (both boards' decks and the four Golden Spike bounties,
RW-p8-30..31, RW-p22-13..15). ``tables.toml`` is written by hand.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "src" / "railways" / "content" / "maps"
OUT = MAPS / "transcontinental"
EAST, WEST = "eastern-us", "western-us"
ROW_OFFSET, COL_OFFSET = 2, 29  # an Eastern hex row,col is row + 2, col + 29 here
# Ids that both boards use for different cities, and what each becomes here.
RENAME = {EAST: {"portland": ("portland-maine", "Portland, Maine")}}
RENAME_WEST_NAME = {"portland": "Portland, Oregon"}
PREFIX = {EAST: "e-", WEST: "w-"}  # of card and baron ids, and of Major Line ids
SIDES = ("E", "NE", "NW", "W", "SW", "SE")

# The four Transcontinental Major Lines (RW-p8-31, RW-p8-32).
TRANS_LINES = [
    ("T1", "Albuquerque - Memphis", ["albuquerque", "memphis"], 5),
    ("T2", "Fort Worth - New Orleans", ["fort-worth", "new-orleans"], 4),
    ("T3", "Billings - Chicago", ["billings", "chicago"], 4),
    ("T4", "Denver - St. Louis", ["denver", "st-louis"], 4),
]

# The twelve Golden Spike Rail Barons (RW-p20-31 .. RW-p20-42); the wording is ours.
GOLDEN_SPIKE_BARONS: list[dict[str, Any]] = [
    dict(
        id="gs-thomas-durant",
        name="Thomas Clark Durant",
        effect="long_delivery",
        points=10,
        params={"links": 9},
        text="10 points if you have made a delivery of 9 links or more.",
    ),
    dict(
        id="gs-jay-gould",
        name="Jay Gould",
        effect="largest_railroad",
        points=8,
        text="8 points for more complete links than every other player.",
    ),
    dict(
        id="gs-david-moffat",
        name="David Moffat",
        effect="connect_cities",
        points=8,
        params={"cities": "denver,grand-junction,gallup,salt-lake-city"},
        text="8 points if your own links join Denver, Grand Junction, Gallup and Salt Lake City.",
    ),
    dict(
        id="gs-leland-stanford",
        name="Leland Stanford",
        effect="most_money",
        points=8,
        text="8 points for more cash than every other player.",
    ),
    dict(
        id="gs-eh-harriman",
        name="E. H. Harriman",
        effect="longest_railroad",
        points=8,
        text="8 points for the longest unbranched chain of your own links.",
    ),
    dict(
        id="gs-henry-villard",
        name="Henry Villard",
        effect="major_lines_won",
        points=8,
        params={"count": 2, "board": "west"},
        text="8 points if you won two or more Major Lines of the Western board.",
    ),
    dict(
        id="gs-collis-huntington",
        name="Collis P. Huntington",
        effect="connect_any",
        points=10,
        params={"from": "new-york,charleston", "to": "san-francisco,tacoma"},
        text="10 points if your own links join New York or Charleston to San Francisco or Tacoma.",
    ),
    dict(
        id="gs-jay-cooke",
        name="Jay Cooke",
        effect="major_lines_won",
        points=9,
        params={"count": 3, "each_board": 1},
        text="9 points if you won three or more Major Lines, one or more on each board.",
    ),
    dict(
        id="gs-mark-hopkins",
        name="Mark Hopkins",
        effect="first_to_connect",
        points=8,
        params={"from": "san-francisco", "to": "fargo,topeka,oklahoma-city"},
        text="8 points if you were the first to join San Francisco to Fargo, Topeka or "
        "Oklahoma City with your own links.",
    ),
    dict(
        id="gs-cyrus-holliday",
        name="Cyrus K. Holliday",
        effect="long_delivery",
        points=10,
        params={"links": 9},
        text="10 points if you have made a delivery of 9 links or more.",
    ),
    dict(
        id="gs-james-hill",
        name="James J. Hill",
        effect="connect_any",
        points=10,
        params={"from": "new-york,charleston", "to": "san-francisco,tacoma"},
        text="10 points if your own links join New York or Charleston to San Francisco or Tacoma.",
    ),
    dict(
        id="gs-frederick-billings",
        name="Frederick H. Billings",
        effect="first_to_connect",
        points=8,
        params={"from": "tacoma", "to": "fargo,topeka,oklahoma-city"},
        text="8 points if you were the first to join Tacoma to Fargo, Topeka or Oklahoma City "
        "with your own links.",
    ),
]

# The four Golden Spike start cards (RW-p8-30, RW-p8-31; RW-p22-13..15).
GOLDEN_SPIKE_BOUNTIES = [
    ("buffalo", "Buffalo"),
    ("little-rock", "Little Rock"),
    ("elko", "Elko"),
    ("dodge-city", "Dodge City"),
]


# -- reading ----------------------------------------------------------------------------------
def read(map_id: str, name: str) -> dict[str, Any]:
    with (MAPS / map_id / name).open("rb") as fh:
        return tomllib.load(fh)


def parse_grid(text: str) -> dict[tuple[int, int], str]:
    rows = text.split("\n")
    while rows and not rows[0].strip():
        rows.pop(0)
    out = {}
    for r, line in enumerate(rows):
        for c, mark in enumerate(line.split()):
            if mark != "~":
                out[(r, c)] = mark
    return out


def shift_hex(map_id: str, text: str) -> str:
    row, col = (int(v) for v in text.split(","))
    if map_id == EAST:
        row, col = row + ROW_OFFSET, col + COL_OFFSET
    return f"{row},{col}"


def shift_edge(map_id: str, text: str) -> str:
    where, side = text.split()
    return f"{shift_hex(map_id, where)} {side}"


def city_id(map_id: str, cid: str) -> str:
    return RENAME.get(map_id, {}).get(cid, (cid, ""))[0]


# -- writing ----------------------------------------------------------------------------------
def q(value: Any) -> str:
    """A TOML value (text, whole number, list of those, or a flat table)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(q(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {q(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def table(kind: str, item: dict[str, Any], comment: str = "") -> str:
    lines = [f"\n[[{kind}]]"]
    if comment:
        lines.append(f"# {comment}")
    lines += [f"{k} = {q(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def compose_map(problems: list[str]) -> str:
    east, west = read(EAST, "map.toml"), read(WEST, "map.toml")
    grid: dict[tuple[int, int], str] = {}
    for (r, c), mark in parse_grid(west["terrain"]["grid"]).items():
        grid[(r, c)] = mark
    for (r, c), mark in parse_grid(east["terrain"]["grid"]).items():
        at = (r + ROW_OFFSET, c + COL_OFFSET)
        if at in grid:
            problems.append(f"hex {at} is on both boards")
        grid[at] = "." if mark == "S" else mark  # Western Link hexes: plain ground (RW-p9-06)
    for sp in west.get("special", []):
        problems.append(f"the Western board's special hex {sp['id']} is not carried over")
    rows = max(r for r, _c in grid) + 1
    cols = max(c for _r, c in grid) + 1
    lines = []
    for r in range(rows):
        marks = [grid.get((r, c), "~") for c in range(cols)]
        lines.append((" " if r & 1 else "") + " ".join(marks))
    out = [
        "# The Transcontinental board: the Eastern U.S. and Western U.S. boards side by side\n",
        "# (RW-p8-21, RW-p8-22, RW-p9-20): a map of the whole United States.\n",
        "#\n",
        "# Not typed in: composed by tools/compose_transcontinental.py from the two boards'\n",
        "# files. A Western hex keeps its row,col; an Eastern hex row,col is\n",
        f"# row + {ROW_OFFSET}, col + {COL_OFFSET} here. The southern rivers (Missouri,\n",
        "# Arkansas, Red) run on across the seam; the Mississippi stays on the Eastern board\n",
        "# (RW-p9-21).\n",
        "# The Western Link hexes\n",
        "# are plain ground: the Western Link is not used in this game (RW-p9-06).\n",
        "# The transcontinental plug-in runs the Eastern and Western phases (RW-p9-04..38).\n",
        "# Regenerate with: python tools/compose_transcontinental.py\n",
        'id = "transcontinental"\n',
        'name = "Transcontinental"\n',
        "players = [2, 6]\n",
        'rulesets = ["transcontinental", "western_us"]\n',
        'source = "house"\n\n',
        "[terrain]\n",
        'source = "house"\n',
        'grid = """\n' + "\n".join(lines) + '\n"""\n\n',
    ]
    for key in ("ridges", "impassable"):
        edges = [e for e in west.get(key, {}).get("edges", [])]
        edges += [shift_edge(EAST, e) for e in east.get(key, {}).get("edges", [])]
        if not edges:
            continue
        out.append(f"[{key}]\n")
        out.append("# Both boards' own, the Eastern board's shifted.\n")
        out.append('source = "house"\n')
        out.append("edges = [\n" + "".join(f"    {q(e)},\n" for e in edges) + "]\n\n")
    for map_id, doc in ((WEST, west), (EAST, east)):
        for border in doc.get("border", []):
            item = dict(border)
            item["id"] = PREFIX[map_id] + item["id"]
            item["edges"] = [shift_edge(map_id, e) for e in item["edges"]]
            out.append(table("border", item, f"from the {map_id} board"))
        for region in doc.get("region", []):
            item = dict(region)
            item["id"] = PREFIX[map_id] + item["id"]
            item["hexes"] = [shift_hex(map_id, h) for h in item["hexes"]]
            out.append(table("region", item, f"from the {map_id} board"))
    west_hexes = sorted(parse_grid(west["terrain"]["grid"]))
    out.append(
        "\n[[region]]\n"
        "# The hexes of the Western board: closed until the West is opened (RW-p9-05, RW-p9-27).\n"
        'id = "west"\n'
        'name = "Western board"\n'
        'source = "rulebook"\n'
        "hexes = [\n"
    )
    for i in range(0, len(west_hexes), 10):
        chunk = west_hexes[i : i + 10]
        out.append("    " + ", ".join(q(f"{r},{c}") for r, c in chunk) + ",\n")
    out.append("]\n")
    out.append(
        "\n[modules]\n"
        "# City Rotors may be added (RW-p9-08); Fuel Depots come with the Western phase\n"
        "# (RW-p9-09): the transcontinental plug-in keeps them closed until the West opens.\n"
        'source = "rulebook"\n'
    )
    west_modules = west.get("modules", {})
    defaults = [m for m in west_modules.get("default", []) if m == "fuel-depots"]
    out.append(f"default = {q(defaults)}\n")
    for key, value in west_modules.items():
        # The Cube Reduction chart has no line for the Transcontinental game (RW-p7-33).
        if isinstance(value, dict) and key != "cube-reduction":
            out.append(f"\n[modules.{key}]\n")
            out.append("# The Western board's settings.\n")
            out += [f"{k} = {q(v)}\n" for k, v in value.items()]
    return "".join(out)


def compose_cities(problems: list[str]) -> str:
    out = [
        "# Cities of the Transcontinental board: every city of the Western U.S. and Eastern U.S.\n",
        "# boards with their colours, cubes and spokes (composed by\n",
        "# tools/compose_transcontinental.py; an Eastern hex is shifted as map.toml says).\n",
        "# Portland, Maine and Portland, Oregon are told apart by name and id. The flag east or\n",
        "# west says which board a city belongs to: the two phases of the game go by it\n",
        "# (RW-p9-05, RW-p9-31).\n",
        'source = "house"\n',
    ]
    seen: dict[str, str] = {}
    for map_id in (WEST, EAST):
        doc = read(map_id, "cities.toml")
        for city in doc.get("city", []):
            item = dict(city)
            cid = item["id"]
            new_id, new_name = RENAME.get(map_id, {}).get(cid, (cid, item["name"]))
            if map_id == WEST:
                new_name = RENAME_WEST_NAME.get(cid, new_name)
            if new_id in seen:
                problems.append(f"city id {new_id} is on both boards")
            seen[new_id] = map_id
            item["id"], item["name"] = new_id, new_name
            item["at"] = shift_hex(map_id, item["at"])
            item["flags"] = [*item.get("flags", []), "east" if map_id == EAST else "west"]
            item.setdefault("source", doc.get("source", "house"))
            out.append(table("city", item))
    return "".join(out)


def compose_lines() -> str:
    out = [
        "# Major Lines of the Transcontinental board: each board's own (ids E-... and W-...) and\n",
        "# the four Transcontinental lines (T1-T4, RW-p8-31, RW-p8-32). The Eastern board's New\n",
        "# York - Kansas City line is worth 15 points here and needs no Western Link (RW-p9-07).\n",
        'source = "house"\n',
    ]
    for map_id in (EAST, WEST):
        doc = read(map_id, "major_lines.toml")
        for line in doc.get("line", []):
            item = dict(line)
            item["id"] = PREFIX[map_id].upper() + item["id"]
            item["endpoints"] = [city_id(map_id, c) for c in item["endpoints"]]
            if "western_link" in item.get("requires", []):
                item["requires"] = [r for r in item["requires"] if r != "western_link"]
                if not item["requires"]:
                    del item["requires"]
                item["points"] = 15
                item["source"] = "rulebook"
                item["name"] = str(item["name"]).replace(" with a Western Link", "")
                out.append(table("line", item, "worth 15 without a Western Link (RW-p9-07)"))
                continue
            out.append(table("line", item))
    for lid, name, ends, points in TRANS_LINES:
        item = {"id": lid, "name": name, "endpoints": ends, "points": points}
        item["source"] = "rulebook"
        out.append(table("line", item, "a Transcontinental line (RW-p8-31, RW-p8-32)"))
    return "".join(out)


def _params(map_id: str, params: dict[str, Any]) -> dict[str, Any]:
    out = dict(params)
    for key in ("city", "cities", "from", "to"):
        if isinstance(out.get(key), str):
            out[key] = ",".join(city_id(map_id, c) for c in out[key].split(","))
    return out


def compose_barons() -> str:
    out = [
        "# Rail Barons of the Transcontinental game (RW-p8-32 .. RW-p8-36,\n",
        "# RW-p20-31 .. RW-p20-42).\n",
        "# The twelve Golden Spike barons (ids gs-...) are dealt by default (Option 1). With the\n",
        "# baron-option-2 module, the Eastern board's barons (e-...) are dealt at set-up and the\n",
        "# Western board's (w-...) when the West opens (or at set-up too with\n",
        "# baron-option-2-variant). Texts are ours; composed by\n",
        "# tools/compose_transcontinental.py.\n",
        'source = "rulebook"\n',
    ]
    for item in GOLDEN_SPIKE_BARONS:
        out.append(table("baron", item))
    for map_id in (EAST, WEST):
        doc = read(map_id, "barons.toml")
        for baron in doc.get("baron", []):
            item = dict(baron)
            item["id"] = PREFIX[map_id] + item["id"]
            if "params" in item:
                item["params"] = _params(map_id, item["params"])
            out.append(table("baron", item))
    return "".join(out)


def compose_operations() -> str:
    out = [
        "# Railroad Operations cards of the Transcontinental game (RW-p9-01, RW-p9-02): the\n",
        "# Eastern U.S. deck (ids e-...) is played in the Eastern phase, the Western U.S. deck\n",
        "# (w-...)\n",
        "# without its start cards in the Western phase. The four Golden Spike start cards\n",
        "# (gs-..., RW-p8-30, RW-p8-31, RW-p22-13..15) are laid out at the start and stay until\n",
        "# won. Composed by tools/compose_transcontinental.py.\n",
        'source = "rulebook"\n',
    ]
    for cid, name in GOLDEN_SPIKE_BOUNTIES:
        item = {
            "id": f"gs-bounty-{cid}",
            "name": f"Golden Spike: first to {name}",
            "effect": "golden_spike_bounty",
            "icon": "circle",
            "start": True,
            "params": {"city": cid, "points": 4},
            "text": f"Start card. The first player to deliver a cube to {name} scores 4 points.",
        }
        out.append(table("card", item))
    for map_id in (EAST, WEST):
        doc = read(map_id, "operations.toml")
        for card in doc.get("card", []):
            item = dict(card)
            item["id"] = PREFIX[map_id] + item["id"]
            if "params" in item:
                item["params"] = _params(map_id, item["params"])
            item.setdefault("source", doc.get("source", "rulebook"))
            out.append(table("card", item))
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the files are current")
    args = parser.parse_args(argv)
    problems: list[str] = []
    files = {
        "map.toml": compose_map(problems),
        "cities.toml": compose_cities(problems),
        "major_lines.toml": compose_lines(),
        "barons.toml": compose_barons(),
        "operations.toml": compose_operations(),
    }
    for problem in problems:
        print("PROBLEM:", problem, file=sys.stderr)
    if problems:
        return 1
    stale = [
        n for n, text in files.items() if not (OUT / n).is_file() or (OUT / n).read_text() != text
    ]
    if args.check:
        for name in stale:
            print(f"{OUT / name} is out of date", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (OUT / name).write_text(text, encoding="utf-8")
    print(f"wrote {', '.join(files)} in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
