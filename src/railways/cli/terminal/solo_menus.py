"""The menus of a solo game: the Railbot's open choices, Insurance, Duel Barons, End turn.

The engine says what waits for an answer (``view["plugins"]["solo"]["choice"]``, with the
matching actions in ``legal_actions``); these menus show the possible answers with what
they mean, and hand the chosen action back. Every answer the player types is checked here
first, and the engine has the last word.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.text import Text

from railways.core.actions import Action, Undo
from railways.rules.solo.actions import (
    ClaimDuelBaron,
    EndTurn,
    Insure,
    RailbotClaimLine,
    RailbotDuelBaron,
    RailbotExhaust,
    RailbotRemoveCube,
)
from railways.rules.solo.state import solo_map

from .board import find_cities
from .build import BuildMenus
from .menus import EXPLAINED, Back
from .solo import RAILBOT, card_text, slot_mark
from .style import CUBE_LETTERS, CUBE_STYLES, RAILBOT_STYLE

UNDO = -2  # an answer of ask_number: take the last action back


class SoloMenus(BuildMenus):
    """The decisions only a solo game asks for."""

    # -- shared ------------------------------------------------------------------------------
    def ask_number(
        self,
        prompt: str,
        count: int,
        by_name: Callable[[str], int | None] | None = None,
        allow_back: bool = False,
    ) -> int:
        """A number 1..count (returned 0-based), a name ``by_name`` knows, or a command.

        The commands of every prompt work here (help, save, board, cities, quit) and z takes
        the last action back (:data:`UNDO`); b goes back only where ``allow_back`` says so.
        """
        while True:
            answer = self.term.ask(prompt)
            low = answer.lower()
            if not answer:
                if allow_back:
                    raise Back
                continue
            if allow_back and low in ("b", "back", "x"):
                raise Back
            if low in ("z", "undo"):
                return UNDO
            if answer.isdigit():
                n = int(answer)
                if 1 <= n <= count:
                    return n - 1
                self.term.refuse(f"choose a number from 1 to {count}")
                continue
            if self.common(answer):
                continue
            if by_name is not None:
                found = by_name(answer)
                if found == EXPLAINED:
                    continue
                if found is not None:
                    return found
            more = ", or b to go back" if allow_back else ", h for help, z to undo"
            self.term.refuse(
                f"{answer!r} is not a choice here: type a number from 1 to {count}{more}"
            )

    def _resolving(self) -> str | None:
        """The Railbot card (or Duel Baron) being carried out, from the log."""
        for line in reversed(self.view["log"]):
            if line.startswith(("The Railbot resolves ", "The Railbot claims Duel Baron ")):
                return str(line).removeprefix("The Railbot ")
            if line.startswith("Turn "):
                break
        return None

    # -- the Railbot's open choices ------------------------------------------------------------
    def railbot_choice(self) -> Action:
        assert self.solo is not None and self.solo["choice"]
        choice = self.solo["choice"]
        actions = list(self.legal.simple)
        head = Text()
        head.append_text(RAILBOT)
        doing = self._resolving()
        if doing:
            head.append(f" {doing}", style=RAILBOT_STYLE)
        self.term.say(head)
        ask = Text("Your choice: ", style="bold")
        ask.append(choice["question"], style="bold")
        self.term.say(ask)
        kind = choice["kind"]
        if kind == RailbotExhaust.kind:
            picked = self._exhaust_choice([a for a in actions if isinstance(a, RailbotExhaust)])
        elif kind == RailbotRemoveCube.kind:
            picked = self._remove_choice([a for a in actions if isinstance(a, RailbotRemoveCube)])
        elif kind == RailbotClaimLine.kind:
            picked = self._line_choice([a for a in actions if isinstance(a, RailbotClaimLine)])
        elif kind == RailbotDuelBaron.kind:
            picked = self._baron_choice([a for a in actions if isinstance(a, RailbotDuelBaron)])
        else:  # a choice this terminal does not know yet: the engine's own words
            for i, action in enumerate(actions, start=1):
                self.term.say(f"  {i}) {action}")
            n = self.ask_number("Which?", len(actions))
            picked = actions[n] if n != UNDO else None
        return picked if picked is not None else Undo(seat=self.seat)

    def _exhaust_choice(self, actions: Sequence[RailbotExhaust]) -> Action | None:
        color = (actions[0].color or "") if actions else ""
        note = Text("  Each city you pick loses one ")
        note.append(f"{CUBE_LETTERS.get(color, '?')} {color}", style=CUBE_STYLES.get(color, ""))
        note.append(" cube; you are asked once for each cube.", style="")
        self.term.say(note, style="dim")
        cities = [a.city for a in actions]
        self.list_cities(cities)
        n = self.ask_number(
            "Which city loses the cube? (number, code or name)",
            len(cities),
            self._city_parser(cities),
        )
        return None if n == UNDO else actions[n]

    def _city_parser(self, allowed: Sequence[str]) -> Callable[[str], int | None]:
        def by_name(text: str) -> int | None:
            found = [c for c in find_cities(self.game.board, self.codes, text) if c in allowed]
            if len(found) == 1:
                return list(allowed).index(found[0])
            if len(found) > 1:
                self.term.refuse(
                    f"{text!r} could be {', '.join(self.names[c] for c in found)}: be more precise"
                )
                return EXPLAINED
            return None

        return by_name

    def _remove_choice(self, actions: Sequence[RailbotRemoveCube]) -> Action | None:
        city = actions[0].city if actions else ""
        self.term.say(
            Text(
                f"  {self.city(city)} holds no cube of the next city's colour, "
                "so the Railbot takes the one you pick:",
                style="dim",
            )
        )
        colors = [a.color or "" for a in actions]
        for i, color in enumerate(colors, start=1):
            line = Text(f"  {i}) ")
            line.append(f"{CUBE_LETTERS.get(color, '?')} {color}", style=CUBE_STYLES.get(color, ""))
            self.term.say(line)
        letters = {CUBE_LETTERS.get(c, "?").lower(): i for i, c in enumerate(colors)}

        def by_name(text: str) -> int | None:
            low = text.lower()
            if low in colors:
                return colors.index(low)
            return letters.get(low)

        n = self.ask_number("Which cube? (number, colour or its letter)", len(colors), by_name)
        return None if n == UNDO else actions[n]

    def _line_choice(self, actions: Sequence[RailbotClaimLine]) -> Action | None:
        self.term.say(
            Text("  The Railbot scores nothing for it, but you can no longer take it.", style="dim")
        )
        lines = self.game.board.major_lines
        ids = [a.target or "" for a in actions]
        for i, line_id in enumerate(ids, start=1):
            line = lines.get(line_id)
            row = Text(f"  {i}) ")
            row.append(line_id, style="bold")
            if line is not None:
                row.append(f"  {line.points} points  ")
                row.append(" - ".join(self.names.get(c, c) for c in line.endpoints))
                if line.requires:
                    row.append(" + " + ", ".join(sorted(line.requires)).replace("_", " "))
            self.term.say(row)
        upper = {line_id.upper(): i for i, line_id in enumerate(ids)}
        n = self.ask_number(
            "Which Major Line goes to the Railbot? (number or letter)",
            len(ids),
            lambda text: upper.get(text.upper()),
        )
        return None if n == UNDO else actions[n]

    def _baron_choice(self, actions: Sequence[RailbotDuelBaron]) -> Action | None:
        assert self.solo is not None
        self.term.say(Text("  Its effect then acts against you at once or for good.", style="dim"))
        barons = {b["id"]: b for b in self.solo.get("duel_barons") or []}
        ids = [a.baron for a in actions]
        for i, baron_id in enumerate(ids, start=1):
            baron = barons.get(baron_id, {})
            row = Text(f"  {i}) ")
            row.append(baron.get("name", baron_id), style="bold")
            row.append(f" - {baron.get('text', '')}", style="dim")
            self.term.say(row)
        n = self.ask_number("Which Duel Baron goes to the Railbot?", len(ids))
        return None if n == UNDO else actions[n]

    # -- Insurance -------------------------------------------------------------------------------
    def insure(self) -> Action:
        assert self.solo is not None
        actions = [a for a in self.legal.simple if isinstance(a, Insure)]
        if not actions:
            self.term.refuse(self._why_no_insurance(), "RB-056")
            raise Back
        row: list[Mapping[str, Any] | None] = list(self.solo.get("row") or [])
        slots = {card["id"]: i for i, card in enumerate(row, start=1) if card is not None}
        self.term.say(Text(f"Insure a Railbot card ({self._insurance_cost()})", style="bold"))
        self.term.say(
            Text(
                "  The card does nothing when its slot is called; then the token comes back.",
                style="dim",
            )
        )
        for i, action in enumerate(actions, start=1):
            card = row[slots[action.card] - 1]
            assert card is not None
            line = Text(f"  {i}) slot {slots[action.card]} ")
            line.append_text(slot_mark(card))
            line.append(" ")
            line.append_text(card_text(card, self.view, self.codes, self.names))
            self.term.say(line)
        n = self.ask_number("Insure which card?", len(actions), allow_back=True)
        if n == UNDO:
            return Undo(seat=self.seat)
        return actions[n]

    def _insurance_cost(self) -> str:
        """The actions Insurance takes: two, or all three once a Duel Baron says so."""
        assert self.solo is not None
        duel = solo_map(self.game).duel_barons
        for baron in self.solo.get("duel_barons") or []:
            card = duel.get(baron["id"])
            owner = baron.get("claimed_by")
            if card and card.effect == "insurance_cost" and owner is not None and owner < 0:
                return f"all three of your actions, because of {card.name}"
        return "your first two actions"

    def _why_no_insurance(self) -> str:
        assert self.solo is not None
        if self.solo.get("insured") is not None:
            return "your Insurance token already sits on a Railbot card"
        if self.view["round"] != 1:
            return "Insurance takes the first two actions of a turn; this is not the first"
        return "no card in slot 1 or 2 can be insured now"

    # -- Duel Barons -------------------------------------------------------------------------------
    def _claims(self) -> list[ClaimDuelBaron]:
        return [a for a in self.legal.simple if isinstance(a, ClaimDuelBaron)]

    def _list_claims(self, claims: Sequence[ClaimDuelBaron]) -> None:
        assert self.solo is not None
        barons = {b["id"]: b for b in self.solo.get("duel_barons") or []}
        for i, action in enumerate(claims, start=1):
            baron = barons.get(action.baron, {})
            line = Text(f"  {i}) claim ")
            line.append(baron.get("name", action.baron), style="bold")
            line.append(f"  +{baron.get('points_now', '?')} points", style="bold green")
            line.append(f"  {baron.get('text', '')}", style="dim")
            self.term.say(line)

    def claim(self) -> Action:
        assert self.solo is not None
        claims = self._claims()
        if not claims:
            if not self.solo.get("duel_barons"):
                self.term.refuse("this game is played without Duel Barons (--duel-barons)")
            else:
                self.term.refuse("you meet no open Duel Baron's goal yet", "RB-075")
            raise Back
        self.term.say(Text("Claim a Duel Baron (costs no action)", style="bold"))
        self._list_claims(claims)
        n = self.ask_number("Claim which?", len(claims), allow_back=True)
        return Undo(seat=self.seat) if n == UNDO else claims[n]

    def claim_or_end(self) -> Action:
        """After the third action, while a Duel Baron could still be claimed."""
        claims = self._claims()
        ends = [a for a in self.legal.simple if isinstance(a, EndTurn)]
        self.term.say(
            Text("Your three actions are done, and a Duel Baron's goal is met.", style="bold")
        )
        self._list_claims(claims)
        self.term.say(Text("  e) end the turn without claiming", style=""))

        def by_name(text: str) -> int | None:
            return len(claims) if text.lower() in ("e", "end") else None

        n = self.ask_number("Claim one, or e to end the turn?", len(claims), by_name)
        if n == UNDO:
            return Undo(seat=self.seat)
        if n == len(claims):
            return ends[0] if ends else EndTurn(seat=self.seat)
        return claims[n]
