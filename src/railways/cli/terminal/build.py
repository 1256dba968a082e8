"""The Build Track menus: candidate links from a list, or hex by hex on a close-up board."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from railways.core.actions import Action, BuildTrack
from railways.core.errors import IllegalAction
from railways.core.hexgrid import Hex, Side
from railways.core.legal import BuildOption

from .board import ARROWS, find_cities, parse_hex, render_board
from .menus import EXPLAINED, PAGE, Back, Menus, is_back
from .style import CUBE_LETTERS, CUBE_STYLES, money, player_style


class BuildMenus(Menus):
    """Choosing a Build Track action."""

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
            out.append(BuildOption(action, plan.cost, option.tiles, option.to_city, option.route))
        return out

    def listed_builds(self) -> list[BuildOption]:
        """The builds the build list offers with no card chosen: the listing's, less those
        that play a hand card (here a hand card is a toggle instead) and less the second
        offer of a link listed from both of its ends. The menu counts these."""
        hand = set(self.me["hand"])
        return self._dedupe([b for b in self.legal.builds if hand.isdisjoint(b.action.cards)])

    def build(self) -> Action:
        # The listing also offers links with a hand card played (cheaper, or scoring);
        # here a hand card is a toggle instead, so those are left out of the table.
        hand = set(self.me["hand"])
        listed = [b for b in self.legal.builds if hand.isdisjoint(b.action.cards)]
        usable = [
            c for c in self._usable_build_cards() if not any(c in b.action.cards for b in listed)
        ]
        using: list[str] = []
        cards = self.game.ruleset.cards
        query = ""
        shown = PAGE
        while True:
            options = self._dedupe(self._with_cards(listed, using))
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
                if is_back(answer):
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
            why = errors[0] if errors else IllegalAction("the build cannot stop here")
            self.term.refuse(f"the build cannot stop at {path[-1]}: {why.message}", why.clause)
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
