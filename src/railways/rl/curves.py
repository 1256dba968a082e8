"""Learning curves of the baselines, as CSV rows and a PNG (``--curve`` and ``--plot``).

A curve is a list of points (what was learnt from so far, and the mean final score then),
drawn with the scores of reference bots as level lines, so a reader sees at once where a
run starts, where it ends and how far that is from random and from greedy play.
matplotlib is optional (the ``plot`` extra); asking for a plot without it is an error that
says so, raised before any training starts.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Point:
    """One point of a curve: after ``x`` (episodes, or decisions learnt from), ``score``."""

    x: float
    score: float
    label: str = ""  # e.g. "round 2"; written to the CSV, not drawn


def check_plotting() -> None:
    """Raise SystemExit with a clear message if matplotlib cannot be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise SystemExit(
            "--plot needs matplotlib, which is not installed; "
            "pip install 'railways[plot]' or leave --plot out"
        ) from None


def write_csv(path: Path, points: Sequence[Point], x_name: str) -> None:
    """One row per point: its label, ``x_name`` and the mean score."""
    with path.open("w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["label", x_name, "mean_score"])
        for point in points:
            out.writerow([point.label, point.x, f"{point.score:.1f}"])


def plot(
    path: Path,
    points: Sequence[Point],
    *,
    title: str,
    x_name: str,
    references: Mapping[str, float] | None = None,
) -> None:
    """Draw the curve and each reference score as a dashed level line into a PNG."""
    import matplotlib

    matplotlib.use("Agg")  # no screen: write the file only
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.0, 4.0), dpi=100)
    ax.plot([p.x for p in points], [p.score for p in points], marker="o", label="learner")
    for i, (name, score) in enumerate(sorted((references or {}).items(), key=lambda r: r[1])):
        ax.axhline(score, linestyle="--", color=f"C{i + 1}", label=f"{name} ({score:.1f})")
    ax.set_title(title)
    ax.set_xlabel(x_name)
    ax.set_ylabel("mean final score")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
