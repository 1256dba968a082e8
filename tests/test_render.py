"""The SVG board renderer and the `railways map` commands."""

from __future__ import annotations

import dataclasses
import math
import re
import shutil
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from railways.cli.main import _register, cli
from railways.content.maps import available_maps, load_map
from railways.core.board import Board, Border, Color
from railways.core.hexgrid import Edge, Hex, Side
from railways.render.svg import (
    BoardOverlay,
    PngUnavailable,
    hex_center,
    hex_corners,
    render_board,
    side_midpoint,
    svg_to_png,
)

TINY = Path(__file__).parent / "fixtures" / "maps" / "tiny"
NS = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _by_id(root: ET.Element) -> dict[str, ET.Element]:
    return {el.get("id", ""): el for el in root.iter() if el.get("id")}


def _texts(element: ET.Element) -> list[str]:
    return [el.text or "" for el in element.iter(f"{NS}text")]


# The tiny fixture and every packaged board; loaded inside each test, so that a broken board
# fails its own tests instead of stopping collection.
BOARDS = [str(TINY), *available_maps()]


def _board_ids(ref: str) -> str:
    return "tiny-fixture" if ref == str(TINY) else ref


# -- geometry ---------------------------------------------------------------------------


def test_hex_center_of_odd_rows_is_shifted_half_a_hex_right() -> None:
    size = 10.0
    assert hex_center(Hex.from_offset(0, 0), size) == (0.0, 0.0)
    x0, y0 = hex_center(Hex.from_offset(0, 1), size)
    x1, y1 = hex_center(Hex.from_offset(1, 0), size)
    assert x0 == pytest.approx(size * math.sqrt(3))
    assert x1 == pytest.approx(size * math.sqrt(3) / 2)
    assert y1 == pytest.approx(15.0)
    assert y0 == 0.0


def test_neighbours_are_one_hex_width_apart_across_the_named_side() -> None:
    size = 10.0
    hex_ = Hex.from_offset(3, 3)
    cx, cy = hex_center(hex_, size)
    for side, other in hex_.neighbours():
        ox, oy = hex_center(other, size)
        assert math.hypot(ox - cx, oy - cy) == pytest.approx(size * math.sqrt(3))
        # The side's midpoint lies halfway between the two centres.
        mx, my = side_midpoint(hex_, side, size)
        assert (mx, my) == pytest.approx(((cx + ox) / 2, (cy + oy) / 2))
    # North is up: the NE neighbour is above and to the right.
    nx, ny = hex_center(hex_.neighbour(Side.NE), size)
    assert nx > cx and ny < cy


def test_hex_corners_are_shared_by_neighbours() -> None:
    size = 10.0
    hex_ = Hex.from_offset(2, 2)
    corners = hex_corners(hex_, size)
    assert len(corners) == 6
    cx, cy = hex_center(hex_, size)
    for x, y in corners:
        assert math.hypot(x - cx, y - cy) == pytest.approx(size)
    for side, other in hex_.neighbours():
        a, b = corners[side], corners[(side + 1) % 6]
        theirs = hex_corners(other, size)
        for point in (a, b):
            assert any(p == pytest.approx(point) for p in theirs), side.name


# -- the picture ------------------------------------------------------------------------


@pytest.mark.parametrize("ref", BOARDS, ids=_board_ids)
def test_render_is_valid_xml_with_stable_ids(ref: str) -> None:
    board = load_map(ref)
    root = _parse(render_board(board))
    assert root.tag == f"{NS}svg"
    ids = _by_id(root)
    for hex_, terrain in board.hexes.items():
        group = ids[f"hex-{hex_.row}-{hex_.col}"]
        assert group.tag == f"{NS}g"
        assert group.get("data-row") == str(hex_.row)
        assert group.get("data-col") == str(hex_.col)
        assert group.get("data-terrain") == terrain.value
    hex_groups = [k for k in ids if k.startswith("hex-")]
    assert len(hex_groups) == len(board.hexes)
    texts = _texts(root)
    for city in board.cities.values():
        group = ids[f"city-{city.id}"]
        assert group.tag == f"{NS}g"
        assert group.get("data-city") == city.id
        assert city.name in texts
    assert board.name in texts
    for line in board.major_lines.values():
        assert any(t.startswith(f"{line.id}: ") and f"{line.points} pts" in t for t in texts)


@pytest.mark.parametrize("ref", BOARDS, ids=_board_ids)
def test_layers_are_on_top_in_order(ref: str) -> None:
    board = load_map(ref)
    root = _parse(render_board(board))
    ids = _by_id(root)
    parent = ids["board"]
    children = [child.get("id") for child in parent]
    assert children[-3:] == ["layer-track", "layer-cubes", "layer-highlights"]
    for layer in children[-3:]:
        assert len(ids[layer]) == 0


def test_render_is_deterministic() -> None:
    board = load_map(TINY)
    assert render_board(board) == render_board(board)


def test_tiny_board_features_are_drawn() -> None:
    board = load_map(TINY)
    root = _parse(render_board(board))
    ids = _by_id(root)
    assert ids["hex-1-2"].get("data-terrain") == "water"
    assert ids["hex-1-3"].get("data-terrain") == "mountain"
    assert any(el.get("class") == "glyph-water" for el in ids["hex-1-2"])
    assert any(el.get("class") == "glyph-mountain" for el in ids["hex-1-3"])
    assert "ridge-1-3-1-4" in ids
    west = ids["city-west"]
    assert west.get("data-color") == "red"
    spokes = sorted(el.get("data-side") or "" for el in west.iter() if el.get("class") == "spoke")
    assert spokes == ["E", "NE", "SE"]
    start_cubes = [el for el in west.iter() if el.get("class") == "start-cube"]
    assert len(start_cubes) == 2
    special = ids["special-west"]
    assert special.get("data-kind") == "western_link"
    assert "Western Link (Eastville)" in _texts(special)
    legend = "\n".join(_texts(ids["legend"]))
    assert "A: Westport - Eastville, 4 pts" in legend
    assert "Mountain: $4,000" in legend


def test_names_are_escaped() -> None:
    board = load_map(TINY)
    west = board.cities["west"]
    odd = dataclasses.replace(west, name='A&B <"C">')
    tricky = Board(
        id="tricky",
        name="Tiny & <Co>",
        min_players=board.min_players,
        max_players=board.max_players,
        hexes=board.hexes,
        cities={**board.cities, "west": odd},
        ridges=board.ridges,
        impassable=board.impassable,
        towns=board.towns,
        specials=board.specials,
        regions=board.regions,
        major_lines=board.major_lines,
        tables=board.tables,
    )
    root = _parse(render_board(tricky))
    texts = _texts(root)
    assert 'A&B <"C">' in texts
    assert "Tiny & <Co>" in texts
    assert _by_id(root)["city-west"].get("data-name") == 'A&B <"C">'


def test_colorblind_adds_letters() -> None:
    board = load_map(TINY)
    plain = _parse(render_board(board))
    marked = _parse(render_board(board, colorblind=True))
    assert not [el for el in plain.iter() if el.get("class") == "color-letter"]
    ids = _by_id(marked)
    for city in board.cities.values():
        assert city.color.letter in _texts(ids[f"city-{city.id}"])


def test_overlay_draws_cubes_track_and_highlights() -> None:
    board = load_map(TINY)
    overlay = BoardOverlay(
        cubes={"west": [Color.BLUE, Color.YELLOW], "east": [Color.PURPLE]},
        track=[
            (Hex.from_offset(1, 1), Side.W, Side.E, "#e67e22"),
            (Hex.from_offset(2, 1), Side.NW, Side.E, "green"),
            (Hex.from_offset(1, 0), Side.E, None, "#e67e22"),
        ],
        highlights=[Hex.from_offset(2, 2), Hex.from_offset(2, 3)],
    )
    root = _parse(render_board(board, overlay=overlay, colorblind=True))
    ids = _by_id(root)
    cubes = [el for el in ids["layer-cubes"].iter() if el.get("class") == "cube"]
    # Cities in id order: east's purple cube, then west's blue and yellow.
    assert [c.get("data-color") for c in cubes] == ["purple", "blue", "yellow"]
    assert {"B", "Y", "P"} <= set(_texts(ids["layer-cubes"]))
    track = [el for el in ids["layer-track"] if el.get("class") == "track"]
    assert [(t.get("data-row"), t.get("data-col")) for t in track] == [
        ("1", "1"),
        ("2", "1"),
        ("1", "0"),
    ]
    assert track[0].get("stroke") == "#e67e22"
    assert track[2].get("data-exit") == ""
    highlights = list(ids["layer-highlights"])
    assert len(highlights) == 2


# -- PNG ----------------------------------------------------------------------------------


def test_png_export_or_a_clear_error() -> None:
    svg = render_board(load_map(TINY))
    try:
        png = svg_to_png(svg)
    except PngUnavailable as exc:
        assert "png extra" in str(exc)
        return
    assert png.startswith(b"\x89PNG")


# -- the command line ---------------------------------------------------------------------


@pytest.fixture
def runner() -> CliRunner:
    _register()
    return CliRunner()


def test_cli_map_list(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["map", "list"])
    assert result.exit_code == 0, result.output
    for map_id in available_maps():
        assert map_id in result.output


def test_cli_check_good_map(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["map", "check", "eastern-us"])
    assert result.exit_code == 0, result.output
    assert "eastern-us: OK -" in result.output


def test_cli_check_reports_board_problems(runner: CliRunner) -> None:
    """The tiny fixture loads but is no playable board: too few colours for deliveries."""
    result = runner.invoke(cli, ["map", "check", str(TINY)])
    assert result.exit_code == 1
    assert "yellow" in result.output


def test_cli_check_broken_dir(runner: CliRunner, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(TINY, broken)
    text = (broken / "major_lines.toml").read_text().replace('"east"]', '"atlantis"]')
    (broken / "major_lines.toml").write_text(text)
    result = runner.invoke(cli, ["map", "check", str(broken)])
    assert result.exit_code == 1
    assert "major_lines.toml:line[0].endpoints[1]: 'atlantis' is not a city id" in result.output


def test_cli_check_unknown_map(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["map", "check", "atlantis"])
    assert result.exit_code == 1
    assert "atlantis: no such map" in result.output


def test_cli_render_writes_svg(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = runner.invoke(cli, ["map", "render", str(TINY), "-o", str(out), "--colorblind"])
    assert result.exit_code == 0, result.output
    root = _parse(out.read_text())
    assert root.get("data-colorblind") == "true"
    assert "city-west" in _by_id(root)


def test_cli_render_unknown_map(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["map", "render", "atlantis", "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 1
    assert "atlantis: no such map" in result.output


def test_cli_render_png(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    result = runner.invoke(cli, ["map", "render", str(TINY), "-o", str(out)])
    try:
        svg_to_png("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>")
    except PngUnavailable:
        assert result.exit_code == 1
        assert "png extra" in result.output
        assert not out.exists()
        return
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"\x89PNG")


def test_png_without_cairosvg_is_a_clear_error(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # makes `import cairosvg` fail
    with pytest.raises(PngUnavailable, match="install the png extra"):
        svg_to_png("<svg xmlns='http://www.w3.org/2000/svg'/>")
    out = tmp_path / "board.png"
    result = runner.invoke(cli, ["map", "render", str(TINY), "-o", str(out)])
    assert result.exit_code == 1
    assert "railways[png]" in result.output
    assert not out.exists()


# -- a map's own features, drawn from its data ------------------------------------------


def _with_border(board: Board) -> tuple[Board, Border]:
    """The tiny board with a toll border of three edges (given here, not by a map file)."""
    edges = frozenset(Edge.of(Hex.from_offset(r, 2), Side.E) for r in (0, 1, 2))
    border = Border("ford", "toll", edges, "Ford toll", {"cost": 2})
    return dataclasses.replace(board, borders={border.id: border}), border


def test_borders_are_drawn_on_their_edges_with_a_legend_row_from_the_map() -> None:
    board, border = _with_border(load_map(TINY))
    root = _parse(render_board(board))
    ids = _by_id(root)
    drawn = ids[f"border-{border.id}"]
    assert drawn.get("data-kind") == "toll"
    title = drawn.find(f"{NS}title")
    assert title is not None and title.text == "Ford toll"
    # One move-to per edge of the border, nothing more.
    path = drawn.find(f"{NS}path")
    assert path is not None and path.get("d", "").count("M") == 3
    rows = [el for el in root.iter(f"{NS}g") if el.get("class") == "legend-border"]
    assert [r.get("data-key") for r in rows] == ["toll"]
    assert _texts(rows[0]) == ["Ford toll"]
    # Without borders there is no border and no legend row.
    plain = _parse(render_board(load_map(TINY)))
    assert not [el for el in plain.iter(f"{NS}g") if el.get("class") in ("border", "legend-border")]


def test_special_hexes_carry_their_label_and_symbol_from_the_map() -> None:
    board = load_map(TINY)
    special = next(iter(board.specials.values()))
    relabelled = dataclasses.replace(special, label="Customs house", symbol="X")
    board = dataclasses.replace(board, specials={special.id: relabelled})
    ids = _by_id(_parse(render_board(board)))
    drawn = ids[f"special-{special.id}"]
    assert drawn.get("data-label") == "Customs house"
    assert drawn.get("data-symbol") == "X"
    assert "X" in _texts(drawn)


def test_overlay_markers_are_drawn_at_their_hex_or_city_with_their_label() -> None:
    board = load_map(TINY)
    markers: list[dict[str, Any]] = [
        {"kind": "built", "label": "Built by P2", "symbol": "W", "hex": [3, 4], "owner": 1},
        {"kind": "note", "label": "A city note", "symbol": "N", "hex": None, "city": "west"},
        {"kind": "whole", "label": "A rule of the whole board", "symbol": "$", "hex": None},
    ]
    root = _parse(render_board(board, overlay=BoardOverlay(markers=markers)))
    layer = _by_id(root)["layer-markers"]
    drawn = [el for el in layer if el.get("class") == "marker"]
    # The board-wide marker has no place: only the first two are drawn.
    assert [m.get("data-kind") for m in drawn] == ["built", "note"]
    west = board.cities["west"].at
    assert (drawn[0].get("data-row"), drawn[0].get("data-col")) == ("3", "4")
    assert (drawn[1].get("data-row"), drawn[1].get("data-col")) == (str(west.row), str(west.col))
    titles = [m.find(f"{NS}title") for m in drawn]
    assert [t.text for t in titles if t is not None] == ["Built by P2", "A city note"]
    assert "W" in _texts(drawn[0]) and "N" in _texts(drawn[1])
    # The owner's colour (seat 2's) rings the hex; an unowned marker is grey.
    circles = [c.get("stroke") for c in drawn[0].iter(f"{NS}circle")]
    assert "#1a9e48" in circles
    assert [c.get("fill") for c in drawn[1].iter(f"{NS}circle")] == ["#4b4f54"]
    # Without markers the layer is not there (the browser adds its own).
    assert "layer-markers" not in _by_id(_parse(render_board(board)))


def _name_box(text: ET.Element) -> tuple[float, float, float, float]:
    """About where a label is drawn: 0.6 of its size per character, centred on x."""
    x, y, size = (float(text.get(k) or 0) for k in ("x", "y", "font-size"))
    half = len(text.text or "") * size * 0.3
    return (x - half, y - size * 0.8, x + half, y + size * 0.25)


def _labels(group: ET.Element) -> list[ET.Element]:
    return [t for t in group.iter(f"{NS}text") if t.get("class") == "name"]


@pytest.mark.parametrize("map_id", ["eastern-us", "north-america", "sweden"])
def test_special_hex_labels_are_clear_of_city_names(map_id: str) -> None:
    """Western Link (Des Moines) and (Kansas City) were drawn over those cities' names."""
    root = _parse(render_board(load_map(map_id)))
    groups = [g for g in root.iter(f"{NS}g") if g.get("class") in ("city", "town", "special")]
    names = [
        (g.get("id"), _name_box(t))
        for g in groups
        if g.get("class") != "special"
        for t in _labels(g)
    ]
    markers = []
    for g in groups:
        if g.get("class") == "city":
            (hexagon,) = [p for p in g.iter(f"{NS}polygon") if p.get("class") == "city-marker"]
            xs = [float(v.split(",")[0]) for v in (hexagon.get("points") or "").split()]
            ys = [float(v.split(",")[1]) for v in (hexagon.get("points") or "").split()]
            markers.append((g.get("id"), (min(xs), min(ys), max(xs), max(ys))))
    specials = [g for g in groups if g.get("class") == "special"]
    assert specials
    for special in specials:
        (label,) = _labels(special)
        box = _name_box(label)
        for owner, other in [*names, *markers]:
            clear = (
                box[2] <= other[0] or other[2] <= box[0] or box[3] <= other[1] or other[3] <= box[1]
            )
            assert clear, (special.get("id"), label.text, owner)


def _shell_blocks(text: str) -> list[list[str]]:
    """The lines of each fenced code block of a Markdown text."""
    blocks: list[list[str]] = []
    inside: list[str] | None = None
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            if inside is None:
                inside = []
            else:
                blocks.append(inside)
                inside = None
        elif inside is not None:
            inside.append(line)
    return blocks


def test_every_png_render_example_in_the_docs_installs_the_png_extra_first() -> None:
    """A newcomer copying `map render ... -o board.png` must not meet a missing cairosvg."""
    root = Path(__file__).resolve().parents[1]
    found = 0
    for doc in [root / "README.md", *sorted((root / "docs").rglob("*.md"))]:
        for block in _shell_blocks(doc.read_text()):
            for i, line in enumerate(block):
                if "map render" in line and re.search(r"-o\s+\S+\.png\b", line):
                    found += 1
                    before = "\n".join(block[:i])
                    assert "railways[png]" in before, f"{doc.name}: {line.strip()}"
    assert found
