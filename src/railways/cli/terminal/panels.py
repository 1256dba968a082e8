"""The panels around the board: players, turn, Operations display, Major Lines, goods, log.

They read only a seat's view (``view_for``) and the game's public content
(board, card and baron texts), so a seat never sees what it may not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from railways.core.cards import Icon
from railways.core.game import Game

from .board import render_board
from .helptext import ICON_LABELS, card_summary
from .style import CUBE_LETTERS, CUBE_STYLES, money, player_style

PHASES = {
    "choose_baron": "choosing Rail Barons",
    "auction": "auction for first player",
    "actions": "action rounds",
    "reaction": "answers to a waiting action",
    "game_over": "game over",
}


def player_name(view: Mapping[str, Any], seat: int | None) -> Text:
    if seat is None:
        return Text("-")
    if seat < 0:  # the Railbot of a solo game owns links and Major Lines, but is no seat
        return Text("Railbot", style=f"bold {player_style(seat)}")
    p = view["players"][seat]
    return Text(p["name"], style=f"bold {player_style(seat)}")


def status(view: Mapping[str, Any]) -> Text:
    """Turn, round, phase, who acts, first player and order, Empty City Markers."""
    out = Text()
    out.append(f"Turn {view['turn']}", style="bold")
    if view["phase"] == "actions":
        out.append(f" · round {view['round']} of 3", style="bold")
    else:
        out.append(f" · {PHASES.get(view['phase'], view['phase'])}")
    if view["to_act"] is not None:
        out.append(" · to act: ")
        out.append_text(player_name(view, view["to_act"]))
    if view.get("extra_actions"):
        out.append(f" ({view['extra_actions']} actions in a row)", style="yellow")
    out.append("\n")
    if view["order"]:
        out.append("Order ")
        for i, seat in enumerate(view["order"]):
            if i:
                out.append(" → ", style="dim")
            out.append_text(player_name(view, seat))
            if seat == view["first_player"]:
                out.append(" (first)", style="dim")
        out.append("\n")
    placed, needed = len(view["empty_cities"]), view["ecm_needed"]
    out.append(f"Empty cities {placed}/{needed}")
    if view["end_trigger_turn"] is not None:
        last = view["end_trigger_turn"] + 1
        out.append(f" · last turn: {last}", style="bold yellow")
    out.append(f" · bag {view['bag_size']} · deck {view['ops_deck_size']}", style="dim")
    tiles = " ".join(
        f"{CUBE_LETTERS.get(c, c)}{n}" for c, n in sorted(view["new_city_tiles"].items()) if n
    )
    out.append(f" · New City tiles {tiles or 'none'}", style="dim")
    return out


def players_table(game: Game, view: Mapping[str, Any]) -> Table:
    table = Table(
        box=None, padding=(0, 1), pad_edge=False, header_style="bold underline", expand=False
    )
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Player", "left"),
        ("Cash", "right"),
        ("Bonds", "right"),
        ("Score", "right"),
        ("Income", "right"),
        ("Engine", "right"),
        ("Links", "right"),
        ("Cards", "left"),
    )
    for heading, justify in columns:
        table.add_column(heading, justify=justify)
    cards = game.ruleset.cards
    for p in view["players"]:
        seat = p["seat"]
        name = player_name(view, seat)
        if seat == view["to_act"]:
            name = Text("▶ ") + name
        else:
            name = Text("  ") + name
        held = [cards[c].name for c in p["kept"]] + [f"{cards[c].name} (hand)" for c in p["hand"]]
        table.add_row(
            name,
            money(p["cash"]),
            str(p["bonds"]) if p["bonds"] else "-",
            str(p["score"]),
            money(p["income"]),
            str(p["engine"]),
            str(p["links"]),
            Text(", ".join(held) or "-", style="dim" if not held else ""),
        )
    return table


def baron_line(game: Game, view: Mapping[str, Any]) -> Text | None:
    """The viewing seat's own Rail Baron, and any revealed ones."""
    out = Text()
    seat = view["seat"]
    for p in view["players"]:
        baron_id = p.get("baron")
        if not baron_id:
            continue
        baron = game.ruleset.barons.get(baron_id)
        if baron is None:
            continue
        if p["seat"] == seat:
            out.append("Your Rail Baron (secret): ", style="bold")
        else:
            out.append(f"{p['name']}'s Rail Baron (revealed): ", style="bold")
        out.append(baron.name, style="bold yellow")
        if baron.text:
            out.append(f" - {baron.text}")
        out.append("\n")
    out.rstrip()
    return out if out.plain else None


def operations_panel(game: Game, view: Mapping[str, Any], title: Text | None = None) -> Text:
    """The cards on display, compactly: the goals in a line, then the cards one may take."""
    cards = game.ruleset.cards
    out = Text("Operations display", style="bold") if title is None else title.copy()
    out.append("\n")
    goals = [cards[c] for c in view["ops_display"] if cards[c].icon is Icon.GOAL]
    if goals:
        out.append("goals ", style=ICON_LABELS[Icon.GOAL][1])
        # "Service Bounty: Dallas", "Service Bounty: Duluth" -> "Service Bounty: Dallas, Duluth"
        groups: dict[str, list[str]] = {}
        for goal in goals:
            head, sep, tail = goal.name.partition(": ")
            groups.setdefault(head if sep else goal.name, []).append(tail if sep else "")
        names = [
            f"{head}: {', '.join(t for t in tails if t)}" if any(tails) else head
            for head, tails in groups.items()
        ]
        out.append(" · ".join(names), style="dim")
        out.append("\n")
    counts: dict[str, int] = {}
    for card_id in view["ops_display"]:
        if cards[card_id].icon is not Icon.GOAL:
            name = cards[card_id].name
            counts[name] = counts.get(name, 0) + 1
    seen: set[str] = set()
    for card_id in view["ops_display"]:
        card = cards[card_id]
        if card.icon is Icon.GOAL or card.name in seen:
            continue
        seen.add(card.name)
        label, color = ICON_LABELS.get(card.icon, ("", ""))
        out.append(f"{label:<5} ", style=color)
        out.append(card.name, style="bold")
        if counts[card.name] > 1:
            out.append(f" ×{counts[card.name]}")
        out.append("\n")
    out.rstrip()
    return out


def operations_details(game: Game, view: Mapping[str, Any]) -> Table:
    """The cards on display with what each does."""
    names = {cid: c.name for cid, c in game.board.cities.items()}
    table = Table(box=None, padding=(0, 1, 0, 0), show_header=False)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column()
    for card_id in view["ops_display"]:
        card = game.ruleset.cards[card_id]
        label, color = ICON_LABELS.get(card.icon, ("", ""))
        table.add_row(
            Text(label, style=color),
            Text(card.name, style="dim" if card.icon is Icon.GOAL else "bold"),
            Text(card_summary(card, names, game.ruleset.card_effects), style="dim"),
        )
    return table


def major_lines_panel(
    game: Game, view: Mapping[str, Any], codes: Mapping[str, str], compact: bool = False
) -> RenderableType:
    """Major Lines with their points and who took them (and the map's own markers)."""
    taken = view["major_lines"]
    cities = game.board.cities
    markers = markers_text(view)
    if compact:
        out = Text("Major Lines ", style="bold")
        for i, line in enumerate(game.board.major_lines.values()):
            if i:
                out.append(" · ", style="dim")
            ends = "-".join(codes[c] for c in line.endpoints)
            if line.requires:
                ends += "+" + "".join(requirement_symbol(game, r) for r in sorted(line.requires))
            owner = taken.get(line.id)
            out.append(f"{line.points} {ends} ", style="dim" if owner is not None else "")
            if owner is None:
                out.append("open", style="green")
            else:
                out.append_text(player_name(view, owner))
        if markers is not None:
            out.append("\n")
            out.append_text(markers)
        return out
    table = Table(
        title="Major Lines",
        title_justify="left",
        title_style="bold",
        box=None,
        padding=(0, 1, 0, 0),
        show_header=False,
    )
    table.add_column(no_wrap=True, justify="right")
    table.add_column(no_wrap=True, overflow="ellipsis", max_width=28)
    table.add_column(no_wrap=True)
    for line in game.board.major_lines.values():
        name = "-".join(cities[c].name for c in line.endpoints)
        if line.requires:
            name += " +" + ",".join(requirement_label(game, r) for r in sorted(line.requires))
        owner = taken.get(line.id)
        who = player_name(view, owner) if owner is not None else Text("open", style="green")
        table.add_row(
            Text(f"{line.points}", style="bold"),
            Text(name, style="dim" if owner is not None else ""),
            who,
        )
    if markers is not None:
        return Group(table, markers)
    return table


def requirement_symbol(game: Game, requirement: str) -> str:
    """A Major Line's special need, shown as the symbol of the map's feature of that kind."""
    for special in game.board.specials.values():
        if special.kind == requirement and special.symbol:
            return special.symbol
    return requirement[:1].upper()


def requirement_label(game: Game, requirement: str) -> str:
    """A Major Line's special need, named as the map names its feature of that kind."""
    for special in game.board.specials.values():
        if special.kind == requirement and special.label:
            return special.label
    return requirement.replace("_", " ")


def markers_text(view: Mapping[str, Any]) -> Text | None:
    """What the map's own rules put on the board (``view["markers"]``), one after another;
    None when there is nothing. Each reads as its symbol and label, in its owner's colour."""
    markers = view.get("markers") or []
    if not markers:
        return None
    out = Text()
    for i, marker in enumerate(markers):
        if i:
            out.append(" · ", style="dim")
        owner = marker.get("owner")
        style = player_style(owner) if isinstance(owner, int) and owner >= 0 else "bold"
        if marker.get("symbol"):
            out.append(f"{marker['symbol']} ", style=f"bold {style}")
        out.append(str(marker.get("label", "")), style=style)
    return out


def goods_panel(game: Game, view: Mapping[str, Any], codes: Mapping[str, str]) -> Text:
    """Every city with goods: its code (in the city's colour) and its cubes."""
    out = Text()
    out.append("Goods ", style="bold")
    out.append("R red Y yellow B blue P purple K black\n", style="dim")
    colors = view["city_colors"]
    first = True
    for city_id, cubes in sorted(view["cubes"].items(), key=lambda kv: codes[kv[0]].upper()):
        if not cubes:
            continue
        if not first:
            out.append(" ")
        first = False
        out.append(codes[city_id], style=f"bold {CUBE_STYLES.get(colors[city_id], '')}")
        out.append(":", style="dim")
        for cube in cubes:
            out.append(CUBE_LETTERS.get(cube, "?"), style=CUBE_STYLES.get(cube, ""))
    return out


def log_panel(lines: Sequence[str], title: str = "Recent moves") -> Text:
    out = Text()
    out.append(title + "\n", style="bold")
    for line in lines:
        out.append("  " + line + "\n", style="")
    out.rstrip()
    return out


def city_legend(game: Game, view: Mapping[str, Any], codes: Mapping[str, str]) -> Table:
    table = Table(box=None, show_header=False, padding=(0, 1, 0, 0))
    for _ in range(4):
        table.add_column(no_wrap=True)
    cells = []
    for city in sorted(game.board.cities.values(), key=lambda c: codes[c.id].upper()):
        color = view["city_colors"][city.id]
        cell = Text(codes[city.id], style=f"bold {CUBE_STYLES.get(color, '')}")
        cell.append(f" {city.name} ({color})")
        cells.append(cell)
    for i in range(0, len(cells), 4):
        table.add_row(*cells[i : i + 4])
    return table


def screen(
    game: Game,
    view: Mapping[str, Any],
    codes: Mapping[str, str],
    width: int,
    recent: Sequence[str],
) -> RenderableType:
    """Everything a seat needs to see to decide, laid out for the console's width."""
    board = render_board(game.board, view, codes)
    board_width = max(len(line) for line in board.plain.splitlines())
    side_width = width - board_width - 2
    bottom: list[RenderableType] = [players_table(game, view)]
    baron = baron_line(game, view)
    if baron is not None:
        bottom.append(baron)
    if recent:
        bottom.append(log_panel(recent))
    if side_width >= 40:
        side = Group(
            status(view),
            operations_panel(game, view),
            major_lines_panel(game, view, codes, compact=True),
            goods_panel(game, view, codes),
        )
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column(max_width=side_width)
        grid.add_row(board, side)
        return Group(grid, *bottom)
    return Group(
        board,
        status(view),
        operations_panel(game, view),
        major_lines_panel(game, view, codes, compact=True),
        goods_panel(game, view, codes),
        *bottom,
    )


def final_scores(game: Game, view: Mapping[str, Any]) -> Table:
    scores: Mapping[Any, int] = view["final_scores"] or {}
    table = Table(title="Final scores", title_style="bold", box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Points", justify="right")
    table.add_column("Score", justify="right")
    table.add_column("Bonds", justify="right")
    table.add_column("Links", justify="right")
    table.add_column("Cash", justify="right")
    table.add_column("Rail Baron")

    def points(p: Mapping[str, Any]) -> int:
        return int(scores.get(p["seat"], scores.get(str(p["seat"]), p["score"])))

    ranked = sorted(view["players"], key=lambda p: (points(p), p["links"], p["cash"]), reverse=True)
    for rank, p in enumerate(ranked, start=1):
        baron = game.ruleset.barons.get(p.get("baron") or "")
        table.add_row(
            str(rank),
            player_name(view, p["seat"]),
            Text(str(points(p)), style="bold"),
            str(p["score"]),
            str(p["bonds"]),
            str(p["links"]),
            money(p["cash"]),
            baron.name if baron else "-",
        )
    return table
