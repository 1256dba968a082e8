"""The panels of a solo game (Rail Barons): the Railbot, the target, the Duel Barons, the end.

Like the other panels they read only the seat's view: ``view["plugins"]["solo"]`` holds the
Railbot's row, its drawn card, the Insurance token, the deck and discard, the target score,
the Duel Barons and the choice a Railbot card waits for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from railways.core.game import Game

from .board import render_board, solo_map_of
from .panels import (
    goods_panel,
    log_panel,
    major_lines_panel,
    operations_panel,
    player_name,
    players_table,
)
from .style import CUBE_LETTERS, CUBE_STYLES, RAILBOT_STYLE, money, player_style

RAILBOT = Text("Railbot", style=f"bold {RAILBOT_STYLE}")


def solo_of(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The solo part of a view, or None when the game is not solo."""
    solo = view.get("plugins", {}).get("solo")
    return solo if isinstance(solo, Mapping) else None


# -- the turn -------------------------------------------------------------------------------
def turn_step(view: Mapping[str, Any]) -> str:
    """Where the turn stands, in words: which action, and when the Railbot's card comes."""
    solo = solo_of(view) or {}
    if view["phase"] == "game_over":
        return "game over"
    if solo.get("choice"):
        return "the Railbot's card waits for your choice"
    if solo.get("claim_window"):
        return "your actions are done: claim a Duel Baron or end the turn"
    rnd = view["round"]
    if solo.get("final_turn"):
        return f"action {rnd} of 3 · final turn: the Railbot rests"
    if rnd == 1:
        return "action 1 of 3 · Railbot card after your 2nd"
    if rnd == 2:
        return "action 2 of 3 · Railbot card next"
    return "action 3 of 3 · after the Railbot card"


def solo_status(view: Mapping[str, Any], unlock: int | None = None) -> Text:
    """Turn and step, your score against the target, Empty City Markers, the west."""
    solo = solo_of(view) or {}
    me = view["players"][0]
    out = Text()
    out.append(f"Turn {view['turn']}", style="bold")
    out.append(f" · {turn_step(view)}")
    if view.get("extra_actions"):
        out.append(f" ({view['extra_actions']} actions in a row)", style="yellow")
    out.append("\n")
    target = solo.get("target_score", 0)
    out.append("Score ")
    out.append(str(me["score"]), style=f"bold {player_style(0)}")
    out.append(f" of {target} to beat the Railbot", style="bold")
    left = target - me["score"]
    if left > 0:
        out.append(f" ({left} to go)", style="dim")
    else:
        out.append(" (reached)", style="bold green")
    out.append("\n")
    placed, needed = len(view["empty_cities"]), view["ecm_needed"]
    out.append(f"Empty cities {placed}/{needed}")
    if view["end_trigger_turn"] is not None:
        last = view["end_trigger_turn"] + 1
        out.append(f" · last turn: {last}", style="bold yellow")
    out.append(f" · bag {view['bag_size']} · deck {view['ops_deck_size']}", style="dim")
    if "west_open" in solo:
        out.append("\n")
        if solo["west_open"]:
            out.append("West of the mountains: open", style="green")
        else:
            out.append("West (shaded) closed", style="yellow")
            opens = f"{unlock} points or " if unlock is not None else ""
            out.append(f" to {opens}Final Evaluation", style="dim")
    return out


# -- the Railbot ---------------------------------------------------------------------------
def chain_text(cities: Sequence[str], view: Mapping[str, Any], codes: Mapping[str, str]) -> Text:
    """A Building Links chain as city codes in their colours: NY─Ph─Ba."""
    out = Text()
    colors = view["city_colors"]
    for i, city in enumerate(cities):
        if i:
            out.append("─", style="dim")
        out.append(codes.get(city, city[:2]), style=f"bold {CUBE_STYLES.get(colors.get(city), '')}")
    return out


def card_text(
    card: Mapping[str, Any],
    view: Mapping[str, Any],
    codes: Mapping[str, str],
    names: Mapping[str, str] | None = None,
    icons: bool = True,
) -> Text:
    """What a Railbot card does, in a short line (with full city names if ``names`` given)."""
    solo = solo_of(view) or {}
    out = Text()
    kind = card["kind"]
    if kind == "links":
        out.append("links ", style="bold")
        if names is not None:
            out.append(" → ".join(names.get(c, c) for c in card["cities"]))
        else:
            out.append_text(chain_text(card["cities"], view, codes))
    elif kind == "exhaust":
        color = card.get("color") or "?"
        out.append("exhaust ", style="bold")
        out.append(f"{CUBE_LETTERS.get(color, '?')} {color}", style=CUBE_STYLES.get(color, ""))
        out.append(f" ×{solo.get('base_exhaust', 3)}")
    elif kind in ("taxation", "deadhead"):
        for i, each in enumerate(card.get("kinds") or [kind]):  # may be both (RB-058)
            out.append(" + " if i else "")
            out.append(each, style="bold")
            if each == "taxation":
                income = view["players"][0]["income"]
                out.append(f" (you pay 2× income: {money(max(0, 2 * income))})", style="dim")
            else:
                out.append(" (one Operations card fewer)", style="dim")
    else:
        out.append(card.get("text") or kind, style="bold")
    marks = (card.get("icons") or []) if icons else []
    if "major_line" in marks:
        out.append(" +line", style="bold green")
    if "baron" in marks:
        duel = bool(solo.get("duel_barons"))
        out.append(" +baron", style="bold magenta" if duel else "dim")
    return out


def slot_mark(card: Mapping[str, Any]) -> Text:
    """The slot a card makes act when it is drawn, as on the card's foot."""
    return Text(f"▸{card['slot']}", style="bold red")


def railbot_panel(view: Mapping[str, Any], codes: Mapping[str, str]) -> Text:
    """The Railbot's row of three cards, the drawn card, Insurance, deck and discard."""
    solo = solo_of(view) or {}
    out = Text()
    out.append_text(RAILBOT)
    out.append(f"  deck {solo.get('deck_size', 0)}", style="")
    discard = solo.get("discard") or []
    out.append(f" · discard {len(discard)}")
    if solo.get("removed"):
        out.append(f" · {solo['removed']} set aside unseen", style="dim")
    if discard:
        out.append(" (last: ", style="dim")
        out.append_text(card_text(discard[-1], view, codes, icons=False))
        out.append(")", style="dim")
    evaluations = solo.get("evaluations", 0)
    out.append("\n")
    if evaluations:
        out.append(f" Final Evaluation drawn {evaluations}×", style="bold yellow")
        if solo.get("bottom_half"):
            out.append(": lower chains now", style="yellow")
    else:
        out.append(" Final Evaluation: still in the deck", style="dim")
    insured = solo.get("insured")
    drawn = solo.get("drawn")
    for i, card in enumerate(solo.get("row") or [], start=1):
        out.append(f"\n slot {i} ", style="bold")
        if card is None:
            acting = drawn is not None and drawn["slot"] == i
            out.append("(being resolved)" if acting else "(empty)", style="dim")
            continue
        out.append_text(slot_mark(card))
        out.append(" ")
        out.append_text(card_text(card, view, codes))
        if card["id"] == insured:
            out.append(" [insured]", style="bold black on green")
    if drawn is not None:
        out.append("\n drawn  ", style="bold")
        out.append_text(slot_mark(drawn))
        out.append(" ")
        out.append_text(card_text(drawn, view, codes))
        out.append(f" (slot {drawn['slot']} acts)", style="dim")
    out.append("\n Insurance: ")
    if insured is None:
        out.append("yours to place", style="green")
        out.append(" (i: your first two actions)", style="dim")
    else:
        out.append("on a card", style="yellow")
    out.append("\n ▸n: drawn, the card makes slot n act", style="dim")
    return out


def duel_panel(view: Mapping[str, Any]) -> RenderableType | None:
    """The face-up Duel Barons: who claimed each, and what it is worth to you now."""
    solo = solo_of(view) or {}
    barons = solo.get("duel_barons") or []
    if not barons:
        return None
    title = Text("Duel Barons", style="bold")
    title.append("  (k claims one whose goal you meet; the Railbot's act against you)", style="dim")
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    table.add_column(style="dim")
    for baron in barons:
        owner = baron.get("claimed_by")
        if owner is None:
            points = baron.get("points_now", 0)
            if points > 0:
                state = Text(f"ready +{points}", style="bold green")
            else:
                state = Text("open", style="green")
        elif owner < 0:
            state = Text("Railbot's", style=f"bold {RAILBOT_STYLE}")
        else:
            state = Text("yours", style=f"bold {player_style(owner)}")
        table.add_row(Text("  " + baron["name"], style="bold"), state, baron.get("text", ""))
    return Group(title, table)


def solo_screen(
    game: Game,
    view: Mapping[str, Any],
    codes: Mapping[str, str],
    width: int,
    recent: Sequence[str],
) -> RenderableType:
    """Everything the solo player needs to decide, laid out for the console's width."""
    solo = solo_of(view) or {}
    board = render_board(game.board, view, codes)
    board_width = max(len(line) for line in board.plain.splitlines())
    side_width = width - board_width - 2
    title = Text("Operations display", style="bold")
    room = solo.get("operations_capacity")
    if room is not None:
        title.append(f" (room for {room}", style="dim")
        if solo.get("deadheads"):
            title.append(f": {solo['deadheads']} deadhead", style="dim")
        title.append(")", style="dim")
    lines = major_lines_panel(game, view, codes, compact=True)
    if solo.get("out_of_play_lines") and isinstance(lines, Text):
        lines.append(
            f"\nOut of play: Major Line {', '.join(solo['out_of_play_lines'])}", style="dim"
        )
    smap = solo_map_of(game.board)
    side_parts: list[RenderableType] = [
        solo_status(view, smap.west_unlock_score if smap is not None else None),
        railbot_panel(view, codes),
        operations_panel(game, view, title),
        lines,
        goods_panel(game, view, codes),
    ]
    bottom: list[RenderableType] = [players_table(game, view)]
    duel = duel_panel(view)
    if duel is not None:
        bottom.append(duel)
    if recent:
        bottom.append(log_panel(recent))
    if side_width >= 40:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True)
        grid.add_column(max_width=side_width)
        grid.add_row(board, Group(*side_parts))
        return Group(grid, *bottom)
    return Group(board, *side_parts, *bottom)


# -- the end --------------------------------------------------------------------------------
def solo_final(game: Game, view: Mapping[str, Any]) -> list[RenderableType]:
    """The final score against the target, and who won."""
    solo = solo_of(view) or {}
    scores: Mapping[Any, int] = view["final_scores"] or {}
    p = view["players"][0]
    points = int(scores.get(0, scores.get("0", p["score"])))
    target = int(solo.get("target_score", 0))
    table = Table(title="Final score", title_style="bold", box=box.SIMPLE_HEAD)
    for heading in ("Player", "Points", "Target", "Score", "Bonds", "Links", "Cash", "Duel Barons"):
        table.add_column(
            heading, justify="left" if heading in ("Player", "Duel Barons") else "right"
        )
    claimed = [b["name"] for b in solo.get("duel_barons") or [] if b.get("claimed_by") == 0]
    table.add_row(
        player_name(view, 0),
        Text(str(points), style="bold"),
        str(target),
        str(p["score"]),
        str(p["bonds"]),
        str(p["links"]),
        money(p["cash"]),
        ", ".join(claimed) or "-",
    )
    result = Text()
    if points >= target:
        result.append(
            f"{p['name']} wins: {points} points, the target was {target}.", style="bold green"
        )
    else:
        result.append(
            f"The Railbot wins: {p['name']} has {points} points, {target - points} short of the "
            f"target of {target}.",
            style="bold red",
        )
    return [table, result]
