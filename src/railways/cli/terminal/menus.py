"""What every menu of the terminal game shares: reading a choice, checking it, explaining.

:class:`Menus` holds one seat's view and legal actions for one decision and the
helpers the menus use (numbered picks, city names and codes, prices with the
bonds they force, the commands that work at every prompt).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from railways.core.game import Game
from railways.core.kinds import KindInfo
from railways.core.legal import LegalActions, legal_actions
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules.help import rules_help

from .board import find_cities
from .helptext import help_text, topics
from .io import Terminal
from .panels import city_legend
from .style import CUBE_LETTERS, CUBE_STYLES, bonds_needed, money

PAGE = 15  # list entries shown at once
# Action kinds with menus of their own (the base game's and the solo game's); every other
# kind with a KindInfo (a map's own rule) gets a generic menu entry (``plugin_kinds``).
OWN_MENUS = frozenset(
    {
        "pass",
        "bid",
        "pass_bid",
        "choose_baron",
        "build_track",
        "deliver_goods",
        "urbanize",
        "upgrade_engine",
        "take_operations_card",
        "undo",
        "insure",
        "claim_duel_baron",
        "end_turn",
    }
)
# Letters the menus and the commands at every prompt already use.
TAKEN_KEYS = frozenset("bduecpzsrlhqoikx?")
EXPLAINED = -99  # a parse function's answer: "refused, and said why; ask again"


class Back(Exception):
    """The player left a sub-menu without choosing."""


class QuitGame(Exception):
    """The player chose to stop playing."""


@dataclasses.dataclass
class Hooks:
    """What a decision needs from the session besides the game."""

    save: Callable[[str | None], None]
    redraw: Callable[[], None]


def is_back(answer: str) -> bool:
    return answer.lower() in ("", "b", "back", "x")


class Menus:
    """One decision of a human seat: its view, its legal actions and the shared helpers."""

    def __init__(
        self,
        game: Game,
        seat: int,
        term: Terminal,
        codes: Mapping[str, str],
        hooks: Hooks,
    ) -> None:
        self.game = game
        self.seat = seat
        self.term = term
        self.codes = codes
        self.hooks = hooks
        self.view = view_for(game, seat)
        self.me = self.view["players"][seat]
        self.legal: LegalActions = legal_actions(game, seat)
        self.names = {cid: c.name for cid, c in game.board.cities.items()}
        self.tables = game.board.tables
        self.rules_help = rules_help(game.ruleset.plugins, game.board.id)
        solo = self.view.get("plugins", {}).get("solo")
        self.solo: dict[str, Any] | None = solo if isinstance(solo, dict) else None
        self.prices: Mapping[str, Any] = self.view.get("money", {})

    def plugin_kinds(self) -> list[tuple[str, str, KindInfo]]:
        """(key, kind id, info) for each action kind of the map's own rules, in game order.

        The key is the one the kind suggests, or when that clashes with a letter already
        in use the first free letter of its title, then of the alphabet.
        """
        used = set(TAKEN_KEYS)
        out: list[tuple[str, str, KindInfo]] = []
        for kind in self.game.kinds.in_phase(Phase.ACTIONS):
            if kind.kind in OWN_MENUS or kind.info is None:
                continue
            info = kind.info
            wanted = [info.key or "", *info.title.lower(), *"abcdefghijklmnopqrstuvwxyz"]
            key = next((k for k in wanted if len(k) == 1 and k.isalpha() and k not in used), "")
            if not key:
                continue  # 26 letters taken: the kind is still under "other actions"
            used.add(key)
            out.append((key, kind.kind, info))
        return out

    # -- shared helpers ----------------------------------------------------------------
    def city(self, city_id: str) -> str:
        return f"{self.names[city_id]} ({self.codes[city_id]})"

    def bond_value(self) -> int:
        value = self.prices.get("bond_value", self.tables.bond_value)
        return value if isinstance(value, int) else self.tables.bond_value

    def bond_dividend(self) -> int:
        value = self.prices.get("bond_dividend", self.tables.bond_dividend)
        return value if isinstance(value, int) else self.tables.bond_dividend

    def cost_text(self, cost: int) -> Text:
        out = Text(money(cost))
        bonds = bonds_needed(cost, self.me["cash"], self.bond_value())
        if bonds:
            out.append(f" +{bonds} bond{'s' if bonds > 1 else ''}", style="bold red")
        return out

    def confirm_bonds(self, cost: int, what: str) -> bool:
        bonds = bonds_needed(cost, self.me["cash"], self.bond_value())
        if not bonds:
            return True
        answer = self.term.ask(
            f"{what} costs {money(cost)} and you have {money(self.me['cash'])}: "
            f"{bonds} bond{'s' if bonds > 1 else ''} will be issued "
            f"(-{bonds} point{'s' if bonds > 1 else ''} at the end, "
            f"{money(bonds * self.bond_dividend())} a turn). Go ahead? [y/N]"
        )
        if answer.lower() in ("y", "yes"):
            return True
        # Said on a line of its own, so the next prompt starts on a fresh line too.
        self.term.note("Cancelled: nothing was done and no bond issued.")
        return False

    def common(self, answer: str) -> bool:
        """Commands that work at every top-level prompt. True if ``answer`` was one."""
        words = answer.split()
        if not words:
            return False
        cmd, args = words[0].lower(), words[1:]
        if cmd in ("h", "help", "?"):
            topic = args[0].lower() if args else None
            solo = self.solo is not None
            plugin = self.plugin_kinds()
            kinds = {kind: info for _key, kind, info in plugin}
            specials = [(sp.symbol, sp.label) for sp in self.game.board.specials.values()]
            text = help_text(
                topic,
                self.tables,
                solo=solo,
                kinds=kinds,
                keys={key: kind for key, kind, _info in plugin},
                specials=specials,
                rules=self.rules_help,
            )
            names = ", ".join(topics(solo, kinds, self.rules_help))
            if text is None:
                self.term.refuse(f"no help on {args[0]!r}; topics: {names}")
            else:
                self.term.say(Text.from_markup(text))
                if topic is None:
                    self.term.say(Text("Help topics: " + names, style="dim"))
            return True
        if cmd in ("s", "save"):
            self.hooks.save(" ".join(args) or None)
            return True
        if cmd in ("r", "redraw", "board", "map"):
            self.hooks.redraw()
            return True
        if cmd in ("l", "cities", "legend"):
            self.term.say(city_legend(self.game, self.view, self.codes))
            return True
        if cmd in ("q", "quit", "exit"):
            answer = self.term.ask("Save the game before quitting? [y/N]")
            if answer.lower() in ("y", "yes"):
                self.hooks.save(None)
            raise QuitGame
        return False

    def pick(
        self,
        prompt: str,
        count: int,
        extra: Sequence[str] = (),
        parse: Callable[[str], int | None] | None = None,
    ) -> int | str:
        """Ask for a number 1..count (returned 0-based) or one of ``extra``; b goes back."""
        while True:
            answer = self.term.ask(prompt)
            if is_back(answer):
                raise Back
            low = answer.lower()
            if low in extra:
                return low
            if answer.isdigit():
                n = int(answer)
                if 1 <= n <= count:
                    return n - 1
                self.term.refuse(f"choose a number from 1 to {count}")
                continue
            if parse is not None:
                found = parse(answer)
                if found == EXPLAINED:
                    continue
                if found is not None:
                    return found
            options = f"a number from 1 to {count}" if count else "nothing to number"
            more = f", or {', '.join(extra)}" if extra else ""
            self.term.refuse(
                f"{answer!r} is not a choice here: type {options}{more}, or b to go back"
            )

    def choose_city(self, prompt: str, allowed: Sequence[str]) -> str:
        """A city by code, name or list number among ``allowed`` (long lists on request)."""
        allowed = list(allowed)
        short = len(allowed) <= 16
        if short:
            self.list_cities(allowed)
        else:
            self.term.note("  type a city's code (as on the board) or name; ? lists them all")

        def by_name(text: str) -> int | None:
            found = [c for c in find_cities(self.game.board, self.codes, text) if c in allowed]
            if len(found) == 1:
                return allowed.index(found[0])
            if len(found) > 1:
                self.term.refuse(
                    f"{text!r} could be {', '.join(self.names[c] for c in found)}: be more precise"
                )
                return EXPLAINED
            return None

        while True:
            choice = self.pick(
                prompt + (" (number, code or name)" if short else " (code or name)"),
                len(allowed),
                ["?"],
                parse=by_name,
            )
            if choice == "?":
                self.list_cities(allowed)
                short = True
                continue
            assert isinstance(choice, int)
            return allowed[choice]

    def list_cities(self, allowed: Sequence[str]) -> None:
        table = Table.grid(padding=(0, 2))
        for _ in range(3):
            table.add_column()
        cells = []
        for i, cid in enumerate(allowed, start=1):
            cell = Text(f"{i:>2}) {self.city(cid)} ")
            for cube in self.view["cubes"][cid]:
                cell.append(CUBE_LETTERS.get(cube, "?"), style=CUBE_STYLES.get(cube, ""))
            cells.append(cell)
        for i in range(0, len(cells), 3):
            table.add_row(*cells[i : i + 3])
        self.term.say(table)
