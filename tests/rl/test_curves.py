"""The baselines' learning curves: the CSV rows, the PNG, and the errors before training."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

from railways.rl import imitation
from railways.rl.curves import Point, check_plotting, plot, write_csv

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_the_csv_has_a_row_per_point_in_order(tmp_path: Path) -> None:
    path = tmp_path / "curve.csv"
    write_csv(path, [Point(0, -213.0, "untrained"), Point(1104, 57.25, "round 0")], "decisions")
    rows = list(csv.reader(path.open()))
    assert rows == [
        ["label", "decisions", "mean_score"],
        ["untrained", "0", "-213.0"],
        ["round 0", "1104", "57.2"],
    ]


def test_the_plot_is_a_png(tmp_path: Path) -> None:
    path = tmp_path / "curve.png"
    points = [Point(0, -213.0), Point(1104, -265.6), Point(2209, -10.5)]
    plot(path, points, title="t", x_name="decisions", references={"greedy bot": 104.2})
    assert path.read_bytes().startswith(PNG_MAGIC)


def test_a_plot_without_matplotlib_is_refused_with_the_fix(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    with pytest.raises(SystemExit, match=r"railways\[plot\]"):
        check_plotting()


def test_a_curve_needs_evaluation_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        imitation.main(["--games", "1", "--eval", "0", "--curve", "x.csv"])
    assert "--curve and --plot need evaluation games" in capsys.readouterr().err


def test_imitation_writes_its_curve_after_each_round(tmp_path: Path) -> None:
    curve, png = tmp_path / "c.csv", tmp_path / "c.png"
    imitation.main(
        ["--games", "1", "--rounds", "0", "--epochs", "1", "--eval", "1"]
        + ["--curve", str(curve), "--plot", str(png)]
    )
    labels = [row[0] for row in csv.reader(curve.open())][1:]
    assert labels == ["untrained", "round 0"]
    assert png.read_bytes().startswith(PNG_MAGIC)
