"""The menus a human seat answers: one decision at a time, every answer checked.

A :class:`Decision` shows the choices that fit the moment (keep a Rail Baron,
bid, or one of the action kinds) and walks the player through the details of
the one they pick, using ``legal_actions`` for what is possible. It returns an
action for the session to apply; the engine has the last word, and its refusal
is shown with the rule's clause id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rich.table import Table
from rich.text import Text

from railways.core.actions import (
    Action,
    Bid,
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
from railways.core.legal import DeliveryOption

from .helptext import ACTIONS, ALIASES, ICON_LABELS, card_summary
from .menus import OWN_MENUS, Back, Hooks, QuitGame
from .panels import player_name
from .solo_menus import SoloMenus
from .style import CUBE_LETTERS, CUBE_STYLES, money, player_style

__all__ = ["Back", "Decision", "Hooks", "QuitGame"]


class Decision(SoloMenus):
    """One decision of a human seat."""

    # -- the decision --------------------------------------------------------------------
    def choose(self) -> Action:
        if self.solo is not None:
            if self.solo.get("choice"):
                return self.railbot_choice()
            if self.solo.get("claim_window"):
                return self.claim_or_end()
        phase = self.view["phase"]
        if phase == "choose_baron":
            return self.choose_baron()
        if phase == "auction":
            return self.bid()
        if phase == "reaction":
            return self.answer()
        return self.action_menu()

    def answer(self) -> Action:
        """Answer another player's action that waits for replies (a Railroad Inspector)."""
        waiting = self.view.get("reaction") or {}
        head = Text("Your answer", style="bold")
        if waiting.get("seat") is not None:
            head.append(" · ")
            head.append_text(player_name(self.view, waiting["seat"]))
            head.append(f" wants to: {waiting.get('label', '')}")
        self.term.say(head)
        offered = self.described(self.legal.simple)
        for i, (_action, label) in enumerate(offered, start=1):
            self.term.say(f"  {i}) {label}")
        while True:
            try:
                choice = self.pick("Your answer?", len(offered))
            except Back:
                self.term.refuse("the other player waits for your answer: choose one")
                continue
            assert isinstance(choice, int)
            return offered[choice][0]

    def described(self, actions: Sequence[Action]) -> list[tuple[Action, str]]:
        """Each action with the label its kind gives it."""
        kinds = self.game.kinds.kinds
        return [
            (a, kinds[a.kind].describe(self.game, a).label if a.kind in kinds else str(a))
            for a in actions
        ]

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
        listed = self.listed_builds() if legal.builds else []
        if listed:
            cheapest = min(b.cost for b in listed)
            summary = Text(f"{len(listed)} candidate builds, from {money(cheapest)}")
        elif legal.builds:  # only with a hand card played: the build list offers the card
            cheapest = min(b.cost for b in legal.builds)
            summary = Text(f"builds with a card in hand, from {money(cheapest)}")
        else:
            summary = Text("nothing can be built now")
        rows.append(("b", "build track", summary, bool(legal.builds)))
        if legal.deliveries:
            best = max(self.net_points(o) for opts in legal.deliveries.values() for o in opts)
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
        for key, kind, info in self.plugin_kinds():
            offered = self.legal_described(kind)
            summary = Text(info.summary or info.title)
            costs = sorted({c for _a, _label, c in offered if c is not None})
            if costs:
                summary.append(", ")
                summary.append_text(self.cost_text(costs[0]))
                if len(costs) > 1:
                    summary.append(" and up")
            elif not offered:
                summary = Text(f"{info.summary or info.title} (not possible now)")
            rows.append((key, info.title.lower(), summary, bool(offered)))
        if self.solo is not None:
            rows.extend(self.solo_menu_lines())
        own = OWN_MENUS | {kind for _key, kind, _info in self.plugin_kinds()}
        if any(a.kind not in own for a in legal.simple):
            rows.append(("o", "other actions", Text("actions of this map's special rules"), True))
        rows.append(("p", "pass", Text("give up this action"), True))
        return rows

    def solo_menu_lines(self) -> list[tuple[str, str, Text, bool]]:
        """Insurance and Duel Barons, the solo game's own entries."""
        assert self.solo is not None
        rows: list[tuple[str, str, Text, bool]] = []
        insure = self._simple("insure")
        if insure:
            summary = Text("first two actions: shield the card in slot 1 or 2", style="bold")
        elif self.solo.get("insured") is not None:
            summary = Text("your token is on a Railbot card")
        else:
            summary = Text("only as the first two actions of a turn")
        rows.append(("i", "insure", summary, bool(insure)))
        if self.solo.get("duel_barons"):
            claims = self._simple("claim_duel_baron")
            if claims:
                summary = Text(f"{len(claims)} goal{'s' * (len(claims) != 1)} met: free to claim")
            else:
                summary = Text("no open Duel Baron's goal met yet")
            rows.append(("k", "claim Duel Baron", summary, bool(claims)))
        return rows

    def net_points(self, option: DeliveryOption) -> int:
        """Points a delivery brings the seat (in a solo game, less a point per Railbot link)."""
        points = option.points.get(self.seat, 0)
        if self.solo is not None:
            points -= sum(v for k, v in option.points.items() if k < 0)
        return points

    def show_menu(self) -> None:
        view = self.view
        title = Text("Your action", style="bold")
        title.append(" · ")
        title.append_text(player_name(view, self.seat))
        if self.solo is not None:
            title.append(f" · turn {view['turn']}, action {view['round']} of 3")
            if view["round"] == 2 and not self.solo.get("final_turn"):
                title.append(" (the Railbot's card comes next)", style="dim")
        else:
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
            "other": self.other,
        }
        if self.solo is not None:
            handlers["insure"] = self.insure
            handlers["claim"] = self.claim
        plugin_keys: dict[str, str] = {}
        for key, kind, _info in self.plugin_kinds():
            plugin_keys[key] = plugin_keys[kind] = kind
            handlers[kind] = self._plugin_handler(kind)
        while True:
            answer = self.term.ask("What will you do?")
            if not answer:
                continue
            word = answer.split()[0].lower()
            key = plugin_keys.get(word) or {"o": "other"}.get(word, ALIASES.get(word, word))
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
            keys = ", ".join(key for key, _label, _summary, _ok in self.menu_lines())
            self.term.refuse(
                f"{answer!r} is not an action: type one of the letters shown ({keys}), "
                "or h for help"
            )

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
            if seat < 0:  # solo: each Railbot link carried over costs the player a point
                out.append(f"-{pts} for Railbot links", style="bold red")
                continue
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
                best = max(self.net_points(o) for o in options)
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
                key=lambda o: (-self.net_points(o), len(o.action.links)),
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
                if option.action.cards:  # a card played on it (Express)
                    names = ", ".join(self.game.card(c).name for c in option.action.cards)
                    line.append(f" using {names}", style="bold")
                line.append("  ")
                line.append_text(self._points_text(option.points))
                self.term.say(line)
            try:
                pick = self.pick("Which route?", len(options))
            except Back:
                continue
            assert isinstance(pick, int)
            return options[pick].action

    # -- urbanize, upgrade, cards ---------------------------------------------------------------
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
            line.append(card_summary(card, self.names, self.game.ruleset.card_effects), style="dim")
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
        if any(o.links or (o.target and o.target not in self.names) for o in options):
            # A link (Trading Depot) or a whole delivery (Diplomatic Relations): by label.
            card = cards[display[choice]]
            offered = self.described(options)
            for i, (_action, label) in enumerate(offered, start=1):
                self.term.say(f"  {i}) {label}")
            pick = self.pick(f"{card.name}: which one?", len(offered))
            assert isinstance(pick, int)
            return offered[pick][0]
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

    # -- a map's own actions, from what their kinds say of them ------------------------------
    def legal_described(self, kind: str) -> list[tuple[Action, str, int | None]]:
        """The legal actions of ``kind`` with the label and cost their kind gives them."""
        registry = self.game.kinds.kinds.get(kind)
        out: list[tuple[Action, str, int | None]] = []
        for action in self._simple(kind):
            if registry is None:
                out.append((action, str(action), None))
                continue
            info = registry.describe(self.game, action)
            out.append((action, info.label, info.cost))
        return out

    def _plugin_handler(self, kind: str) -> Callable[[], Action]:
        return lambda: self.plugin_action(kind)

    def plugin_action(self, kind: str) -> Action:
        """Pick one action of a map's own kind: label and cost each, bonds confirmed."""
        registry = self.game.kinds.kinds[kind]
        info = registry.info
        title = info.title if info is not None else kind.replace("_", " ")
        offered = self.legal_described(kind)
        if not offered:
            # Say why, in the engine's words: the refusal of the first candidate.
            for action in registry.options(self.game, self.seat):
                try:
                    self.game.check(action)
                except IllegalAction as exc:
                    self.term.refuse(exc.message, exc.clause)
                    raise Back from None
            self.term.refuse(f"{title}: nothing can be done now", info.help if info else None)
            raise Back
        head = Text(title, style="bold")
        if info is not None and info.summary:
            head.append(f" · {info.summary}", style="dim")
        self.term.say(head)
        for i, (_action, label, cost) in enumerate(offered, start=1):
            line = Text(f"  {i}) {label}  ")
            if cost is not None:
                line.append_text(self.cost_text(cost))
            self.term.say(line)
        if info is not None and info.help:
            self.term.note(f"  help {kind}: what rule {info.help} says")
        choice = self.pick("Which?", len(offered))
        assert isinstance(choice, int)
        action, label, cost = offered[choice]
        if cost is not None and not self.confirm_bonds(cost, label):
            raise Back
        return action

    def other(self) -> Action:
        own = OWN_MENUS | {kind for _key, kind, _info in self.plugin_kinds()}
        actions = [a for a in self.legal.simple if a.kind not in own]
        if not actions:
            self.term.refuse("there are no other actions now")
            raise Back
        for i, action in enumerate(actions, start=1):
            self.term.say(f"  {i}) {action}")
        choice = self.pick("Which?", len(actions))
        assert isinstance(choice, int)
        return actions[choice]
