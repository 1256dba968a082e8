"""Hex geometry: odd-r offset coordinates, neighbours, sides, distance, edges, track shapes."""

from __future__ import annotations

import itertools

import pytest

from railways.core.hexgrid import Edge, Hex, Side, TrackShape, track_shape

GRID = [(row, col) for row in range(-3, 12) for col in range(-3, 12)]

# Odd-r offset neighbours worked out by hand from the picture of the grid: on an even row the
# hexes above and below sit half a hex to the left, on an odd row half a hex to the right.
EVEN_ROW_NEIGHBOURS = {
    Side.E: (0, 1),
    Side.NE: (-1, 0),
    Side.NW: (-1, -1),
    Side.W: (0, -1),
    Side.SW: (1, -1),
    Side.SE: (1, 0),
}
ODD_ROW_NEIGHBOURS = {
    Side.E: (0, 1),
    Side.NE: (-1, 1),
    Side.NW: (-1, 0),
    Side.W: (0, -1),
    Side.SW: (1, 0),
    Side.SE: (1, 1),
}


@pytest.mark.parametrize(("row", "col"), GRID)
def test_offset_round_trip(row: int, col: int) -> None:
    hex_ = Hex.from_offset(row, col)
    assert hex_.offset == (row, col)
    assert (hex_.row, hex_.col) == (row, col)
    assert Hex.from_offset(*hex_.offset) == hex_
    assert str(hex_) == f"{row},{col}"


def test_axial_round_trip() -> None:
    for q, r in itertools.product(range(-6, 7), repeat=2):
        hex_ = Hex(q, r)
        assert Hex.from_offset(hex_.row, hex_.col) == hex_


def test_known_axial_values() -> None:
    assert Hex.from_offset(0, 0) == Hex(0, 0)
    assert Hex.from_offset(1, 0) == Hex(0, 1)
    assert Hex.from_offset(2, 0) == Hex(-1, 2)
    assert Hex.from_offset(3, 2) == Hex(1, 3)


@pytest.mark.parametrize(("row", "col"), [(0, 0), (2, 3), (4, 7), (10, 1)])
def test_neighbours_of_even_rows(row: int, col: int) -> None:
    hex_ = Hex.from_offset(row, col)
    for side, (dr, dc) in EVEN_ROW_NEIGHBOURS.items():
        assert hex_.neighbour(side).offset == (row + dr, col + dc), side.name


@pytest.mark.parametrize(("row", "col"), [(1, 0), (3, 3), (5, 7), (11, 1)])
def test_neighbours_of_odd_rows(row: int, col: int) -> None:
    hex_ = Hex.from_offset(row, col)
    for side, (dr, dc) in ODD_ROW_NEIGHBOURS.items():
        assert hex_.neighbour(side).offset == (row + dr, col + dc), side.name


def test_neighbours_lists_all_six_sides_in_order() -> None:
    hex_ = Hex.from_offset(2, 2)
    found = hex_.neighbours()
    assert [side for side, _ in found] == list(Side)
    assert len({h for _, h in found}) == 6
    assert all(hex_.distance(h) == 1 for _, h in found)


def test_a_neighbour_is_a_hex_like_any_other() -> None:
    # neighbour() builds its Hex with tuple.__new__ (faster): the same type, value and hash
    hex_ = Hex.from_offset(4, 7)
    for side in Side:
        nxt = hex_.neighbour(side)
        assert type(nxt) is Hex
        assert nxt == Hex(nxt.q, nxt.r) and hash(nxt) == hash(Hex(nxt.q, nxt.r))
        assert repr(nxt) == f"Hex({nxt.q}, {nxt.r})"


def test_opposite_sides() -> None:
    assert Side.E.opposite is Side.W
    assert Side.NE.opposite is Side.SW
    assert Side.NW.opposite is Side.SE
    for side in Side:
        assert side.opposite.opposite is side
        assert side.opposite != side


@pytest.mark.parametrize(("row", "col"), GRID[::7])
def test_stepping_out_and_back_returns_home(row: int, col: int) -> None:
    hex_ = Hex.from_offset(row, col)
    for side in Side:
        assert hex_.neighbour(side).neighbour(side.opposite) == hex_


def test_side_parse() -> None:
    assert Side.parse("ne") is Side.NE
    assert Side.parse(" W ") is Side.W
    with pytest.raises(ValueError, match="unknown hex side 'N'"):
        Side.parse("N")


def test_side_towards() -> None:
    for row, col in [(2, 2), (3, 2)]:
        hex_ = Hex.from_offset(row, col)
        for side, other in hex_.neighbours():
            assert hex_.side_towards(other) is side
            assert other.side_towards(hex_) is side.opposite
    assert Hex(0, 0).side_towards(Hex(2, 0)) is None
    assert Hex(0, 0).side_towards(Hex(0, 0)) is None


def test_distance_known_values() -> None:
    origin = Hex.from_offset(0, 0)
    assert origin.distance(origin) == 0
    assert origin.distance(Hex.from_offset(0, 5)) == 5
    assert origin.distance(Hex.from_offset(1, 0)) == 1
    assert origin.distance(Hex.from_offset(2, 0)) == 2
    assert origin.distance(Hex.from_offset(2, 1)) == 2
    assert origin.distance(Hex.from_offset(4, 2)) == 4
    assert origin.distance(Hex.from_offset(4, 0)) == 4
    assert Hex.from_offset(3, 3).distance(Hex.from_offset(1, 0)) == 4


def test_distance_symmetric_and_triangle_inequality() -> None:
    sample = [Hex.from_offset(r, c) for r, c in GRID[::5]]
    for a, b in itertools.product(sample, repeat=2):
        assert a.distance(b) == b.distance(a)
        assert (a.distance(b) == 0) == (a == b)
    for a, b, c in itertools.product(sample[::4], repeat=3):
        assert a.distance(c) <= a.distance(b) + b.distance(c)


def test_edge_of_is_the_same_from_both_sides() -> None:
    for row, col in [(2, 2), (3, 2), (0, 0)]:
        hex_ = Hex.from_offset(row, col)
        for side, other in hex_.neighbours():
            edge = Edge.of(hex_, side)
            assert edge == Edge.of(other, side.opposite)
            assert edge == Edge.between(hex_, other) == Edge.between(other, hex_)
            assert edge.a < edge.b
            assert {edge.a, edge.b} == {hex_, other}


def test_edge_between_rejects_hexes_that_do_not_touch() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        Edge.between(Hex(0, 0), Hex(2, 0))


def test_six_edges_around_a_hex_are_distinct() -> None:
    hex_ = Hex.from_offset(4, 4)
    assert len({Edge.of(hex_, side) for side in Side}) == 6


@pytest.mark.parametrize("entry", list(Side))
def test_track_shapes(entry: Side) -> None:
    assert track_shape(entry, entry.opposite) is TrackShape.STRAIGHT
    assert track_shape(entry, Side((entry + 2) % 6)) is TrackShape.GENTLE
    assert track_shape(entry, Side((entry + 4) % 6)) is TrackShape.GENTLE
    assert track_shape(entry, Side((entry + 1) % 6)) is TrackShape.SHARP
    assert track_shape(entry, Side((entry + 5) % 6)) is TrackShape.SHARP


def test_track_shape_is_symmetric() -> None:
    for a, b in itertools.permutations(Side, 2):
        assert track_shape(a, b) is track_shape(b, a)


def test_track_shape_rejects_the_same_side_twice() -> None:
    with pytest.raises(ValueError, match="same side"):
        track_shape(Side.NE, Side.NE)
