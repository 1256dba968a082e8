"""The menus a human seat answers: one decision at a time, every answer checked.

A :class:`Decision` shows the choices that fit the moment (keep a Rail Baron,
bid, or one of the action kinds) and walks the player through the details of
the one they pick, using ``legal_actions`` for what is possible. It returns an
action for the session to apply; the engine has the last word, and its refusal
is shown with the rule's clause id.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence

from rich.table import Table
from rich.text import Text

from railways.core.actions import (
    Action,
    Bid,
    BuildTrack,
    ChooseBaron,
    Pass,
    PassBid,
    TakeOperationsCard,
    Undo,
    UpgradeEngine,
    Urbanize,
)
from railways.core.cards import Icon
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import BuildOption, DeliveryOption, LegalActions, legal_actions
from railways.core.view import view_for

from .board import ARROWS, find_cities, parse_hex, render_board
from .helptext import ACTIONS, ALIASES, ICON_LABELS, card_summary, help_text
from .io import Terminal
from .panels import city_legend, player_name
from .style import CUBE_LETTERS, CUBE_STYLES, bonds_needed, money, player_style

PAGE = 15  # list entries shown at once
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


def _is_back(answer: str) -> bool:
    return answer.lower() in ("", "b", "back", "x")


class Decision:
    """One decision of a human seat."""

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

    # -- shared helpers ----------------------------------------------------------------
    def city(self, city_id: str) -> str:
        return f"{self.names[city_id]} ({self.codes[city_id]})"

    def cost_text(self, cost: int) -> Text:
        out = Text(money(cost))
        bonds = bonds_needed(cost, self.me["cash"], self.tables.bond_value)
        if bonds:
            out.append(f" +{bonds} bond{'s' if bonds > 1 else ''}", style="bold red")
        return out

    def confirm_bonds(self, cost: int, what: str) -> bool:
        bonds = bonds_needed(cost, self.me["cash"], self.tables.bond_value)
        if not bonds:
            return True
        answer = self.term.ask(
            f"{what} costs {money(cost)} and you have {money(self.me['cash'])}: "
            f"{bonds} bond{'s' if bonds > 1 else ''} will be issued "
            f"(-{bonds} point{'s' if bonds > 1 else ''} at the end, "
            f"{money(bonds * self.tables.bond_dividend)} a turn). Go ahead? [y/N]"
        )
        return answer.lower() in ("y", "yes")

    def common(self, answer: str) -> bool:
        """Commands that work at every top-level prompt. True if ``answer`` was one."""
        words = answer.split()
        if not words:
            return False
        cmd, args = words[0].lower(), words[1:]
        if cmd in ("h", "help", "?"):
            topic = args[0].lower() if args else None
            text = help_text(topic, self.tables)
            if text is None:
                topics = ", ".join(sorted(ACTIONS))
                self.term.refuse(f"no help on {args[0]!r}; topics: {topics}")
            else:
                self.term.say(Text.from_markup(text))
                if topic is None:
                    self.term.say(Text("Help topics: " + ", ".join(sorted(ACTIONS)), style="dim"))
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
            if _is_back(answer):
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

    # -- the decision --------------------------------------------------------------------
    def choose(self) -> Action:
        phase = self.view["phase"]
        if phase == "choose_baron":
            return self.choose_baron()
        if phase == "auction":
            return self.bid()
        return self.action_menu()

    def choose_baron(self) -> Action:
        dealt = self.me.get("barons_dealt", [])
        self.term.say(Text("Choose your Rail Baron", style="bold"))
        self.term.say(Text.from_markup(ACTIONS["baron"]), style="dim")
        for i, baron_id in enumerate(dealt, start=1):
            baron = self.game.ruleset.barons[baron_id]
            line = Text(f" {i}) ")
            line.append(baron.name, style="bold yellow")
            line.append(f" - {baron.text}")
            self.term.say(line)
        while True:
            answer = self.term.ask(f"Keep which one? [1-{len(dealt)}]")
            if self.common(answer):
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(dealt):
                return ChooseBaron(seat=self.seat, baron=dealt[int(answer) - 1])
            self.term.refuse(f"type 1 to {len(dealt)} to keep that Rail Baron")

    def bid(self) -> Action:
        auction = self.view["auction"]
        high, bidder = auction["high_bid"], auction["high_bidder"]
        minimum = self.legal.min_bid or high + 1
        line = Text("Auction for first player: ", style="bold")
        if bidder is None:
            line.append("no bids yet")
        else:
            line.append(f"high bid {money(high)} by ")
            line.append_text(player_name(self.view, bidder))
        passed = [self.view["players"][s]["name"] for s in auction["passed"]]
        if passed:
            line.append(f" · passed: {', '.join(passed)}", style="dim")
        line.append(f" · you have {money(self.me['cash'])}")
        self.term.say(line)
        while True:
            answer = self.term.ask(
                f"Bid at least {money(minimum)} (type the amount in $k), or p to pass"
            )
            low = answer.lower().lstrip("$").rstrip("k")
            if low in ("p", "pass"):
                return PassBid(seat=self.seat)
            if low.isdigit():
                amount = int(low)
                if amount < minimum:
                    self.term.refuse(
                        f"a bid must beat the high bid: at least {money(minimum)}", "RW-p4-32"
                    )
                    continue
                if not self.confirm_bonds(amount, f"A bid of {money(amount)}"):
                    continue
                return Bid(seat=self.seat, amount=amount)
            if self.common(answer):
                continue
            self.term.refuse("type an amount such as 3 (for $3k), or p to pass")

    # -- action rounds ------------------------------------------------------------------
    def _simple(self, kind: str) -> list[Action]:
        return [a for a in self.legal.simple if a.kind == kind]

    def menu_lines(self) -> list[tuple[str, str, Text, bool]]:
        """(key, label, summary, available) for each action kind."""
        legal = self.legal
        rows: list[tuple[str, str, Text, bool]] = []
        if legal.builds:
            cheapest = min(b.cost for b in legal.builds)
            summary = Text(f"{len(legal.builds)} candidate builds, from {money(cheapest)}")
        else:
            summary = Text("nothing can be built now")
        rows.append(("b", "build track", summary, bool(legal.builds)))
        if legal.deliveries:
            best = max(
                o.points.get(self.seat, 0) for opts in legal.deliveries.values() for o in opts
            )
            summary = Text(
                f"{len(legal.deliveries)} cube choice{'s' if len(legal.deliveries) > 1 else ''}, "
                f"up to {best} point{'s' if best != 1 else ''} for you"
            )
        else:
            summary = Text("no cube can reach a city of its colour on your links")
        rows.append(("d", "deliver goods", summary, bool(legal.deliveries)))
        urbanize = self._simple("urbanize")
        gray = sorted({a.city for a in urbanize if isinstance(a, Urbanize)})
        summary = self.cost_text(self.tables.urbanize_cost)
        summary.append(f", {len(gray)} gray cities")
        rows.append(("u", "urbanize", summary if gray else Text("no gray city left"), bool(gray)))
        upgrades = self._simple("upgrade_engine")
        level = self.me["engine"]
        if upgrades:
            cost = self.tables.engine_costs.get(level + 1, 0)
            summary = Text(f"level {level} → {level + 1} for ")
            summary.append_text(self.cost_text(cost))
        else:
            summary = Text(f"level {level} is the highest")
        rows.append(("e", "upgrade engine", summary, bool(upgrades)))
        takes = self._simple("take_operations_card")
        cards = sorted({a.card for a in takes if isinstance(a, TakeOperationsCard)})
        summary = Text(f"{len(cards)} card{'s' if len(cards) != 1 else ''} can be taken")
        rows.append(("c", "take a card", summary, bool(cards)))
        if any(p.id == "western_link" for p in self.game.ruleset.plugins):
            western = self._simple("build_western_link")
            summary = Text("$30k at a Western Link city you reach")
            if not western:
                summary = Text("needs your own link to a Western Link city")
            rows.append(("w", "western link", summary, bool(western)))
        known = {
            "pass",
            "urbanize",
            "upgrade_engine",
            "take_operations_card",
            "build_western_link",
        }
        if any(a.kind not in known for a in legal.simple):
            rows.append(("o", "other actions", Text("actions of this map's special rules"), True))
        rows.append(("p", "pass", Text("give up this action"), True))
        return rows

    def show_menu(self) -> None:
        view = self.view
        title = Text("Your action", style="bold")
        title.append(" · ")
        title.append_text(player_name(view, self.seat))
        title.append(f" · turn {view['turn']}, round {view['round']} of 3")
        if view.get("extra_actions"):
            title.append(f" · {view['extra_actions']} actions in a row", style="yellow")
        title.append(f" · cash {money(self.me['cash'])}")
        self.term.say(title)
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column()
        for key, label, summary, ok in self.menu_lines():
            style = "" if ok else "dim"
            table.add_row(
                Text(f"  {key}", style="bold cyan" if ok else "dim"),
                Text(label, style=style),
                summary if ok else Text(summary.plain, style="dim"),
            )
        self.term.say(table)
        self.term.say(
            Text(
                "  z undo · s save [file] · r board · l cities · h help [topic] · q quit",
                style="dim",
            )
        )

    def action_menu(self) -> Action:
        self.show_menu()
        handlers: dict[str, Callable[[], Action]] = {
            "build": self.build,
            "deliver": self.deliver,
            "urbanize": self.urbanize,
            "upgrade": self.upgrade,
            "card": self.take_card,
            "western": self.western_link,
            "other": self.other,
        }
        while True:
            answer = self.term.ask("What will you do?")
            if not answer:
                continue
            word = answer.split()[0].lower()
            key = {"o": "other"}.get(word, ALIASES.get(word, word))
            if key in ("pass", "p"):
                return Pass(seat=self.seat)
            if key == "undo":
                return Undo(seat=self.seat)
            if key in handlers:
                try:
                    return handlers[key]()
                except Back:
                    self.show_menu()
                    continue
            if self.common(answer):
                continue
            self.term.refuse(
                f"{answer!r} is not an action: type one of the letters shown "
                "(b, d, u, e, c, w, p), or h for help"
            )

    # -- build ---------------------------------------------------------------------------
    def _own_open_ends(self) -> list[tuple[Hex, str]]:
        """(hex of the open end, start city) of the seat's incomplete links."""
        out = []
        for link in self.view["links"]:
            if link["owner"] == self.seat and link["end"] is None and link["tiles"]:
                row, col, _a, _b = link["tiles"][-1]
                out.append((Hex.from_offset(row, col), link["start"]))
        return out

    def _describe_build(self, option: BuildOption) -> tuple[str, str]:
        board = self.game.board
        start = option.action.path[0]
        start_city = board.city_at(start)
        if start_city is not None:
            origin = self.city(start_city.id)
        else:
            ends = dict(self._own_open_ends())
            from_city = ends.get(start)
            origin = f"your link from {self.names[from_city]}" if from_city else f"hex {start}"
        if option.to_city is not None:
            dest = self.city(option.to_city)
        else:
            target = board.city_at(option.route[-1])
            total = len(option.route) - 2
            name = self.city(target.id) if target else "?"
            dest = f"toward {name}, {option.tiles} of {total} tiles"
        return origin, dest

    def _usable_build_cards(self) -> list[str]:
        usable = []
        for card_id in [*self.me["hand"], *self.me["kept"]]:
            try:
                self.game.build_rules(BuildTrack(seat=self.seat, cards=(card_id,)))
            except IllegalAction:
                continue
            usable.append(card_id)
        return usable

    def _with_cards(self, options: list[BuildOption], cards: Sequence[str]) -> list[BuildOption]:
        if not cards:
            return options
        out = []
        for option in options:
            merged = tuple(dict.fromkeys([*option.action.cards, *cards]))
            action = dataclasses.replace(option.action, cards=merged)
            try:
                plan = self.game.plan(action)
            except IllegalAction:
                continue
            out.append(dataclasses.replace(option, action=action, cost=plan.cost))
        return out

    def build(self) -> Action:
        usable = [
            c
            for c in self._usable_build_cards()
            if not any(c in b.action.cards for b in self.legal.builds)
        ]
        using: list[str] = []
        cards = self.game.ruleset.cards
        query = ""
        shown = PAGE
        while True:
            options = self._dedupe(self._with_cards(self.legal.builds, using))
            described = {id(o): self._describe_build(o) for o in options}
            ready = {id(o): self._ready_goods(o) for o in options}
            options.sort(
                key=lambda o: (o.to_city is None, not ready[id(o)], o.cost, *described[id(o)])
            )
            if query:
                wanted: set[str] = set()
                for word in query.split():
                    wanted.update(find_cities(self.game.board, self.codes, word))
                options = [o for o in options if self._touches(o, wanted)]
            visible = options[:shown]
            head = Text("Build track", style="bold")
            if query:
                head.append(f" · links touching {query!r}")
            if using:
                head.append(f" · using {', '.join(cards[c].name for c in using)}", style="yellow")
            head.append(f" · {len(options)} choices · cash {money(self.me['cash'])}")
            self.term.say(head)
            if visible:
                table = Table(box=None, padding=(0, 1), show_edge=False)
                table.add_column("#", justify="right")
                table.add_column("from")
                table.add_column("to")
                table.add_column("tiles", justify="right")
                table.add_column("cost", justify="right")
                table.add_column("goods ready")
                for i, option in enumerate(visible, start=1):
                    origin, dest = described[id(option)]
                    table.add_row(
                        str(i),
                        origin,
                        dest,
                        str(option.tiles),
                        self.cost_text(option.cost),
                        ready[id(option)],
                    )
                self.term.say(table)
            else:
                self.term.say(Text("  no candidate link matches", style="dim"))
            hints = ["number to build", "city name or code to filter", "s step by step"]
            if len(options) > shown:
                hints.append(f"m more ({len(options) - shown} left)")
            if query:
                hints.append("a all")
            toggles = {}
            for i, card_id in enumerate(usable, start=1):
                toggles[f"c{i}"] = card_id
                state = "on" if card_id in using else "off"
                hints.append(f"c{i} use {cards[card_id].name} ({state})")
            hints.append("b back")
            self.term.say(Text("  " + " · ".join(hints), style="dim"))
            while True:
                answer = self.term.ask("Build which?")
                low = answer.lower()
                if _is_back(answer):
                    raise Back
                if low == "s":
                    return self.build_steps(tuple(using))
                if low == "m" and len(options) > shown:
                    shown += PAGE
                    break
                if low == "a" and query:
                    query, shown = "", PAGE
                    break
                if low in toggles:
                    card_id = toggles[low]
                    if card_id in using:
                        using.remove(card_id)
                    else:
                        using.append(card_id)
                    break
                if answer.isdigit():
                    n = int(answer)
                    if not 1 <= n <= len(visible):
                        self.term.refuse(f"choose a number from 1 to {len(visible)}")
                        continue
                    option = visible[n - 1]
                    origin, dest = described[id(option)]
                    if not self.confirm_bonds(option.cost, f"Building {origin} → {dest}"):
                        continue
                    return option.action
                words = answer.split()
                unknown = [w for w in words if not find_cities(self.game.board, self.codes, w)]
                if not unknown:
                    query, shown = answer, PAGE
                    break
                self.term.refuse(
                    f"{unknown[0]!r} is neither a number in the list nor a city "
                    "(the main menu's l lists the cities and their codes)"
                )

    def _dedupe(self, options: list[BuildOption]) -> list[BuildOption]:
        """One of each link offered from both of its ends over the same hexes."""
        seen: set[tuple[frozenset[Hex], int, bool]] = set()
        out = []
        for option in options:
            key = (frozenset(option.action.path), option.cost, option.to_city is None)
            if option.to_city is not None and key in seen:
                continue
            seen.add(key)
            out.append(option)
        return out

    def _ready_goods(self, option: BuildOption) -> Text:
        """Cubes the new link alone could carry at once: 'R→' from the start, '←B' back."""
        out = Text()
        start = self.game.board.city_at(option.action.path[0])
        a = (
            start.id
            if start is not None
            else dict(self._own_open_ends()).get(option.action.path[0])
        )
        if option.to_city is None or a is None:
            return out
        b = option.to_city
        colors = self.view["city_colors"]
        for src, dst, arrow in ((a, b, "→"), (b, a, "←")):
            cubes = sorted({c for c in self.view["cubes"][src] if c == colors[dst]})
            for cube in cubes:
                text = (
                    f"{CUBE_LETTERS[cube]}{arrow}"
                    if arrow == "→"
                    else f"{arrow}{CUBE_LETTERS[cube]}"
                )
                out.append(text + " ", style=CUBE_STYLES[cube])
        out.rstrip()
        return out

    def _touches(self, option: BuildOption, cities: set[str]) -> bool:
        board = self.game.board
        ends = set()
        for h in (option.action.path[0], option.route[-1]):
            city = board.city_at(h)
            if city is not None:
                ends.add(city.id)
        for h, start in self._own_open_ends():
            if h == option.action.path[0]:
                ends.add(start)
        return bool(ends & cities)

    # -- build, step by step ----------------------------------------------------------------
    def _steps(
        self, path: tuple[Hex, ...], cards: tuple[str, ...], redirect: bool
    ) -> list[tuple[Hex, int, bool]]:
        out: list[tuple[Hex, int, bool]] = []
        board = self.game.board
        for _side, nxt in path[-1].neighbours():
            if nxt in path or nxt not in board.hexes:
                continue
            candidate = path + (nxt,)
            completes = board.city_at(nxt) is not None
            exits: list[Side | None] = [None] if completes else [None, *Side]
            for exit_ in exits:
                action = BuildTrack(
                    seat=self.seat, path=candidate, exit=exit_, cards=cards, redirect=redirect
                )
                try:
                    plan = self.game.plan(action)
                except IllegalAction:
                    continue
                out.append((nxt, plan.cost, plan.end_city is not None or plan.joins is not None))
                break
        return out

    def _why_not(
        self, path: tuple[Hex, ...], nxt: Hex, cards: tuple[str, ...], redirect: bool
    ) -> IllegalAction:
        if nxt not in self.game.board.hexes:
            return IllegalAction(f"hex {nxt} is not on the board")
        side = path[-1].side_towards(nxt)
        errors: list[IllegalAction] = []
        candidate = path + (nxt,)
        exits: list[Side | None] = [None] if self.game.board.city_at(nxt) else list(Side)
        if side is not None and side in exits:
            exits.remove(side)
            exits.insert(0, side)
        for exit_ in exits:
            action = BuildTrack(
                seat=self.seat, path=candidate, exit=exit_, cards=cards, redirect=redirect
            )
            try:
                self.game.plan(action)
            except IllegalAction as exc:
                errors.append(exc)
        return errors[0] if errors else IllegalAction("that hex cannot be added")

    def _start_of_steps(self) -> tuple[tuple[Hex, ...], bool]:
        ends = self._own_open_ends()
        if ends:
            self.term.say(Text("Your unfinished links:", style="bold"))
            for i, (h, start) in enumerate(ends, start=1):
                self.term.say(f"  {i}) the link from {self.city(start)}, open end at {h}")
        board = self.game.board
        chosen: list[str] = []

        def parse(text: str) -> int | None:
            found = find_cities(board, self.codes, text)
            if len(found) == 1:
                chosen.append(found[0])
                return -1
            if len(found) > 1:
                self.term.refuse(f"{text!r} could be {', '.join(self.names[c] for c in found)}")
                return EXPLAINED
            return None

        extra = [f"r{i}" for i in range(1, len(ends) + 1)]
        prompt = "Start at which city (code or name)"
        if ends:
            prompt += ", or the number of your unfinished link (r1.. to turn its end tile)"
        choice = self.pick(prompt, len(ends), extra, parse)
        if choice == -1:
            return (board.cities[chosen[-1]].at,), False
        if isinstance(choice, str):
            return (ends[int(choice[1:]) - 1][0],), True
        assert isinstance(choice, int)
        return (ends[choice][0],), False

    def _window(self, path: tuple[Hex, ...]) -> tuple[range, range]:
        board = self.game.board
        rows = [h.row for h in path]
        cols = [h.col for h in path]
        all_rows = [h.row for h in board.hexes]
        all_cols = [h.col for h in board.hexes]
        r0 = max(min(all_rows), min(rows) - 5)
        r1 = min(max(all_rows), max(rows) + 5)
        c0 = max(min(all_cols), min(cols) - 9)
        c1 = min(max(all_cols), max(cols) + 9)
        return range(r0, r1 + 1), range(c0, c1 + 1)

    def build_steps(self, cards: tuple[str, ...]) -> Action:
        self.term.say(Text("Build hex by hex", style="bold"))
        path, redirect = self._start_of_steps()
        style = player_style(self.seat)
        while True:
            steps = self._steps(path, cards, redirect)
            highlight: dict[Hex, tuple[str, str]] = {}
            for h in path[1:]:
                highlight[h] = ("██", style)
            for i, (h, _cost, _done) in enumerate(steps, start=1):
                city = self.game.board.city_at(h)
                label = f"{i}{self.codes[city.id][0] if city else ' '}"
                highlight[h] = (label, "bold black on bright_yellow")
            rows, cols = self._window(path)
            self.term.say(
                render_board(
                    self.game.board,
                    self.view,
                    self.codes,
                    highlight=highlight,
                    rows=rows,
                    cols=cols,
                )
            )
            tiles = len(path) - 1 + (1 if redirect else 0)
            self.term.say(
                Text(
                    f"Path: {' '.join(str(h) for h in path)} ({tiles} tile{'s' * (tiles != 1)})",
                    style="bold",
                )
            )
            for i, (h, cost, completes) in enumerate(steps, start=1):
                terrain = self.game.board.hexes[h].value
                city = self.game.board.city_at(h)
                line = Text(f"  {i}) {h}  ")
                if city is not None:
                    line.append(f"{city.name}: completes the link", style="bold green")
                elif completes:
                    line.append("joins your other unfinished link", style="bold green")
                else:
                    line.append(terrain)
                line.append("  total ")
                line.append_text(self.cost_text(cost))
                self.term.say(line)
            if not steps:
                self.term.say(Text("  no hex can be added from here", style="dim"))
            self.term.say(
                Text(
                    "  number or row,col to add a hex · u take back the last hex · "
                    "d done here (leave the link unfinished) · b cancel",
                    style="dim",
                )
            )

            def parse(
                text: str, steps: list[tuple[Hex, int, bool]] = steps, path: tuple[Hex, ...] = path
            ) -> int | None:
                h = parse_hex(text)
                if h is None:
                    return None
                for i, (s, _c, _d) in enumerate(steps):
                    if s == h:
                        return i
                exc = self._why_not(path, h, cards, redirect)
                self.term.refuse(f"cannot build into {h}: {exc.message}", exc.clause)
                return EXPLAINED

            choice = self.pick("Next hex?", len(steps), ["u", "d"], parse)
            if choice == "u":
                if len(path) > 1:
                    path = path[:-1]
                else:
                    self.term.refuse("the path has no tile to take back; b cancels the build")
                continue
            if choice == "d":
                action = self._choose_exit(path, cards, redirect)
                if action is None:
                    continue
                return action
            assert isinstance(choice, int)
            h, cost, completes = steps[choice]
            path = path + (h,)
            if completes:
                action = BuildTrack(seat=self.seat, path=path, cards=cards, redirect=redirect)
                if self.confirm_bonds(cost, "This build"):
                    return action
                path = path[:-1]

    def _choose_exit(
        self, path: tuple[Hex, ...], cards: tuple[str, ...], redirect: bool
    ) -> Action | None:
        if len(path) < 2 and not redirect:
            self.term.refuse("add at least one hex first", "RW-p4-43")
            return None
        exits: list[tuple[Side, int]] = []
        errors: list[IllegalAction] = []
        for side in Side:
            action = BuildTrack(
                seat=self.seat, path=path, exit=side, cards=cards, redirect=redirect
            )
            try:
                plan = self.game.plan(action)
            except IllegalAction as exc:
                errors.append(exc)
                continue
            exits.append((side, plan.cost))
        if not exits:
            exc = errors[0] if errors else IllegalAction("the build cannot stop here")
            self.term.refuse(f"the build cannot stop at {path[-1]}: {exc.message}", exc.clause)
            return None
        self.term.say(Text(f"Which way does the last tile at {path[-1]} point?", style="bold"))
        for i, (side, cost) in enumerate(exits, start=1):
            line = Text(f"  {i}) {ARROWS[side]} {side.name:<2} toward {path[-1].neighbour(side)}  ")
            line.append_text(self.cost_text(cost))
            self.term.say(line)
        try:
            choice = self.pick("Point it", len(exits))
        except Back:
            return None
        assert isinstance(choice, int)
        side, cost = exits[choice]
        if not self.confirm_bonds(cost, "This build"):
            return None
        return BuildTrack(seat=self.seat, path=path, exit=side, cards=cards, redirect=redirect)

    # -- deliver ------------------------------------------------------------------------------
    def _route_cities(self, option: DeliveryOption) -> list[str]:
        links = {lk["id"]: lk for lk in self.view["links"]}
        here = option.action.city
        cities = [here]
        for link_id in option.action.links:
            link = links[link_id]
            here = link["end"] if here == link["start"] else link["start"]
            cities.append(here)
        return cities

    def _points_text(self, points: Mapping[int, int]) -> Text:
        out = Text()
        for i, (seat, pts) in enumerate(sorted(points.items(), key=lambda kv: kv[0] != self.seat)):
            if i:
                out.append(", ")
            who = "you" if seat == self.seat else self.view["players"][seat]["name"]
            out.append(f"{who} +{pts}", style=f"bold {player_style(seat)}")
        return out

    def deliver(self) -> Action:
        if not self.legal.deliveries:
            self.term.refuse(
                "no cube can be delivered: you need a complete link of your own from a city "
                "with goods, leading to a city of the cube's colour within your engine's reach",
                "RW-p5-22",
            )
            raise Back
        keys = sorted(self.legal.deliveries, key=lambda k: (self.names[k[0]], k[1]))
        while True:
            self.term.say(Text("Deliver a goods cube", style="bold"))
            for i, (city, color) in enumerate(keys, start=1):
                options = self.legal.deliveries[(city, color)]
                best = max(o.points.get(self.seat, 0) for o in options)
                line = Text(f"  {i}) {self.city(city)}: ")
                line.append(f"{CUBE_LETTERS[color]} {color}", style=CUBE_STYLES[color])
                line.append(
                    f"  {len(options)} route{'s' * (len(options) != 1)}, up to {best} for you"
                )
                self.term.say(line)
            choice = self.pick("Which cube?", len(keys))
            assert isinstance(choice, int)
            city, color = keys[choice]
            options = sorted(
                self.legal.deliveries[(city, color)],
                key=lambda o: (-o.points.get(self.seat, 0), len(o.action.links)),
            )
            self.term.say(Text(f"Routes for the {color} cube from {self.city(city)}", style="bold"))
            for i, option in enumerate(options, start=1):
                cities = self._route_cities(option)
                line = Text(f"  {i}) → {self.city(option.destination)}  ")
                via = [self.names[c] for c in cities[1:-1]]
                n = len(option.action.links)
                line.append(f"{n} link{'s' * (n != 1)}")
                if via:
                    line.append(f" via {', '.join(via)}")
                line.append("  ")
                line.append_text(self._points_text(option.points))
                self.term.say(line)
            try:
                pick = self.pick("Which route?", len(options))
            except Back:
                continue
            assert isinstance(pick, int)
            return options[pick].action

    # -- urbanize, upgrade, cards, western link -------------------------------------------------
    def urbanize(self) -> Action:
        actions = [a for a in self._simple("urbanize") if isinstance(a, Urbanize)]
        if not actions:
            self.term.refuse("there is no gray city left to urbanize", "RW-p5-16")
            raise Back
        cities = sorted({a.city for a in actions}, key=lambda c: self.names[c])
        cost = self.tables.urbanize_cost
        head = Text("Urbanize a gray city for ", style="bold")
        head.append_text(self.cost_text(cost))
        self.term.say(head)
        city = self.choose_city("Which city?", cities)
        colors = [a.color for a in actions if a.city == city and a.color]
        left = self.view["new_city_tiles"]
        for i, color in enumerate(colors, start=1):
            line = Text(f"  {i}) ")
            line.append(f"{CUBE_LETTERS.get(color, '?')} {color}", style=CUBE_STYLES.get(color, ""))
            line.append(f"  ({left.get(color, 0)} tiles left)", style="dim")
            self.term.say(line)
        choice = self.pick(f"Which colour for {self.names[city]}?", len(colors))
        assert isinstance(choice, int)
        if not self.confirm_bonds(cost, "Urbanizing"):
            raise Back
        return Urbanize(seat=self.seat, city=city, color=colors[choice])

    def _upgrade_cost(self, action: UpgradeEngine) -> int:
        cost = self.tables.engine_costs.get(self.me["engine"] + 1, 0)
        for card_id in action.cards:
            card = self.game.ruleset.cards[card_id]
            effect = self.game.ruleset.card_effects[card.effect]
            cost = effect.upgrade_cost(self.game, self.seat, card, cost)
        return cost

    def upgrade(self) -> Action:
        actions = [a for a in self._simple("upgrade_engine") if isinstance(a, UpgradeEngine)]
        if not actions:
            try:
                self.game.check(UpgradeEngine(seat=self.seat))
            except IllegalAction as exc:
                self.term.refuse(exc.message, exc.clause)
            raise Back
        if len(actions) > 1:
            self.term.say(Text("Upgrade the engine", style="bold"))
            for i, action in enumerate(actions, start=1):
                cards = ", ".join(self.game.ruleset.cards[c].name for c in action.cards)
                line = Text(f"  {i}) {'using ' + cards if cards else 'pay the full price'}  ")
                line.append_text(self.cost_text(self._upgrade_cost(action)))
                self.term.say(line)
            choice = self.pick("Which?", len(actions))
            assert isinstance(choice, int)
            action = actions[choice]
        else:
            action = actions[0]
        if not self.confirm_bonds(self._upgrade_cost(action), "The upgrade"):
            raise Back
        return action

    def take_card(self) -> Action:
        takes = [
            a for a in self._simple("take_operations_card") if isinstance(a, TakeOperationsCard)
        ]
        by_card: dict[str, list[TakeOperationsCard]] = {}
        for action in takes:
            by_card.setdefault(action.card, []).append(action)
        cards = self.game.ruleset.cards
        display = [c for c in self.view["ops_display"] if c in by_card]
        if not display:
            self.term.refuse("no card on the display can be taken now (goals cannot)", "RW-p5-37")
            raise Back
        self.term.say(Text("Take an Operations card", style="bold"))
        for i, card_id in enumerate(display, start=1):
            card = cards[card_id]
            label, color = ICON_LABELS.get(card.icon, ("", ""))
            line = Text(f"  {i}) ")
            line.append(card.name, style="bold")
            line.append(f" [{label}] ", style=color)
            line.append(card_summary(card, self.names), style="dim")
            self.term.say(line)
        goals = [c for c in self.view["ops_display"] if cards[c].icon is Icon.GOAL]
        if goals:
            self.term.say(Text(f"  ({len(goals)} goal cards stay on the display)", style="dim"))
        self.term.say(
            Text(
                "  now: acts at once · hand: keep and play later · keep: stays in front of you",
                style="dim",
            )
        )
        choice = self.pick("Take which card?", len(display))
        assert isinstance(choice, int)
        options = by_card[display[choice]]
        if len(options) == 1:
            return options[0]
        targets = sorted({o.target for o in options if o.target}, key=lambda c: self.names[c])
        card = cards[display[choice]]
        target = self.choose_city(f"{card.name}: which city?", targets)
        colors = [o.color for o in options if o.target == target and o.color]
        if not colors:
            return next(o for o in options if o.target == target)
        for i, color in enumerate(colors, start=1):
            line = Text(f"  {i}) ")
            line.append(color, style=CUBE_STYLES.get(color, ""))
            self.term.say(line)
        pick = self.pick(f"{card.name}: which colour?", len(colors))
        assert isinstance(pick, int)
        return TakeOperationsCard(seat=self.seat, card=card.id, target=target, color=colors[pick])

    def western_link(self) -> Action:
        actions = self._simple("build_western_link")
        if not actions:
            for plugin in self.game.ruleset.plugins:
                for action in plugin.legal_actions(self.game, self.seat):
                    try:
                        self.game.check(action)
                    except IllegalAction as exc:
                        self.term.refuse(exc.message, exc.clause)
                        raise Back from None
            self.term.refuse("no Western Link can be built on this map")
            raise Back
        specials = self.game.board.specials.values()
        costs = {s.city: s.params.get("cost") for s in specials if s.city}
        self.term.say(Text("Build a Western Link", style="bold"))
        for i, action in enumerate(actions, start=1):
            city = getattr(action, "city", "")
            cost = costs.get(city)
            line = Text(f"  {i}) at {self.city(city)}  ")
            line.append_text(self.cost_text(cost if isinstance(cost, int) else 30))
            self.term.say(line)
        choice = self.pick("Where?", len(actions))
        assert isinstance(choice, int)
        cost = costs.get(getattr(actions[choice], "city", ""))
        if not self.confirm_bonds(cost if isinstance(cost, int) else 30, "The Western Link"):
            raise Back
        return actions[choice]

    def other(self) -> Action:
        known = {"pass", "urbanize", "upgrade_engine", "take_operations_card", "build_western_link"}
        actions = [a for a in self.legal.simple if a.kind not in known]
        if not actions:
            self.term.refuse("there are no other actions now")
            raise Back
        for i, action in enumerate(actions, start=1):
            self.term.say(f"  {i}) {action}")
        choice = self.pick("Which?", len(actions))
        assert isinstance(choice, int)
        return actions[choice]
