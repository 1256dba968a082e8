"""The game loop of the terminal: bots play their seats, humans answer prompts.

A :class:`Session` owns a game, which seats are human and which bots, and a
:class:`~railways.cli.terminal.io.Terminal`. Humans see only their own view
(hot-seat: the view of the human whose turn it is).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.rule import Rule
from rich.text import Text

from railways.bots import make_bot
from railways.bots.base import Bot
from railways.core.actions import Action, Pass, PassBid, Undo
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.legal import legal_actions
from railways.core.rng import seed_to_json
from railways.core.view import view_for
from railways.rules.records import save_record

from .board import city_codes, render_board
from .io import InputClosed, Terminal
from .panels import final_scores, player_name, screen
from .prompts import Decision, Hooks, QuitGame
from .solo import card_text, solo_final, solo_of, solo_screen
from .style import RAILBOT_STYLE, player_style

HUMAN = "human"
MAX_ACTIONS = 20000  # a safety net against a bot that never ends the game
RECENT = 10  # log lines shown as "since your last move"


class Session:
    """One game being played in the terminal."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        term: Terminal,
        *,
        delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        save_default: str | None = None,
        undo_pause: bool = True,
        clear: bool = False,
    ) -> None:
        if len(seats) != game.n:
            raise ValueError(f"{len(seats)} seat kinds for {game.n} seats")
        self.game = game
        self.seats = list(seats)
        self.term = term
        self.delay = delay
        self.undo_pause = undo_pause
        self.clear_each_turn = clear
        self.sleep = sleep
        self.save_default = save_default or f"railways-{seed_to_json(game.seed)}.json"
        self.bots: dict[int, Bot] = {
            i: make_bot(kind, game.seed * 1000 + i) for i, kind in enumerate(seats) if kind != HUMAN
        }
        self.codes = city_codes(game.board)
        self.seen: dict[int, int] = {}  # seat -> length of the log when it last decided
        self.last_human: int | None = None
        self.solo = solo_of(view_for(game, None)) is not None
        self.last_kind = ""  # the kind of the last action a human took
        self.screen_mark: int | None = None  # solo: the log's length at the last screen

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == HUMAN]

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or a human quits (False)."""
        game = self.game
        try:
            count = 0
            while not game.over and count < MAX_ACTIONS:
                seat = game.to_act
                if seat is None:
                    break
                if seat in self.bots:
                    self.bot_move(seat)
                else:
                    self.human_move(seat)
                count += 1
        except QuitGame:
            self.term.say(Text("You left the game.", style="bold"))
            return False
        except (InputClosed, KeyboardInterrupt):
            self.term.say(Text("\nThe game stops here.", style="bold"))
            self.offer_save()
            return False
        if game.over:
            self.show_end()
            return True
        self.term.refuse(f"the game did not end after {MAX_ACTIONS} actions")
        return False

    def _new_log(self, before: int) -> list[str]:
        log = self.game.state.log
        return list(log[before:]) if len(log) >= before else []

    def _print_moves(self, seat: int, action: Action, before: int) -> None:
        lines = self._new_log(before) or [str(action)]
        for line in lines:
            # Colour a line by the player it is about (the log names them first).
            who = next((i for i, name in enumerate(self.game.seats) if line.startswith(name)), None)
            text = Text("  ")
            if who is not None:
                style = player_style(who)
            elif self.solo and line.startswith("The Railbot"):
                style = RAILBOT_STYLE
            else:
                style = ""
            text.append(line, style=style)
            self.term.say(text)
        if self.solo and action.kind == "insure":  # the log does not say which card
            self._say_insured()

    def _say_insured(self) -> None:
        solo = solo_of(view_for(self.game, None)) or {}
        for i, card in enumerate(solo.get("row") or [], start=1):
            if card is not None and card["id"] == solo.get("insured"):
                text = Text(f"  The Insurance token sits on slot {i}: ", style="dim")
                text.append_text(card_text(card, view_for(self.game, None), self.codes))
                self.term.say(text)

    def bot_move(self, seat: int) -> None:
        game = self.game
        before = len(game.state.log)
        legal = legal_actions(game, seat)
        action = self.bots[seat].choose(game, seat, legal)
        try:
            game.apply(action)
        except IllegalAction as exc:
            # A bot that errs should not stop a human's game: it passes instead.
            self.term.refuse(f"{game.seats[seat]} tried {action}: {exc.message}", exc.clause)
            fallback: Action = PassBid(seat=seat) if legal.min_bid is not None else Pass(seat=seat)
            if legal.simple and not any(a.kind == fallback.kind for a in legal.simple):
                fallback = legal.simple[0]  # a step with choices of its own (solo: Railbot)
            game.apply(fallback)
            action = fallback
        self._print_moves(seat, action, before)
        if self.delay:
            self.sleep(self.delay)

    def human_move(self, seat: int) -> None:
        game = self.game
        if len(self.humans) > 1 and self.last_human not in (None, seat):
            self.term.clear(scrollback=True)  # the last player's secrets leave the screen
            self.term.ask(
                f"Pass the keyboard to {game.seats[seat]}, then press Enter "
                "(the screen shows that player's secrets)"
            )
        self.last_human = seat
        if self.solo and self.last_kind.startswith("railbot_") and self._choice_pending(seat):
            # The same Railbot card asks again (another cube to remove): the prompt says enough.
            pass
        else:
            self.show_screen(seat)
        hooks = Hooks(save=self.save, redraw=lambda: self.show_screen(seat, recent=False))
        decision = Decision(game, seat, self.term, self.codes, hooks)
        while True:
            action = decision.choose()
            before = len(game.state.log)
            try:
                game.apply(action)
            except IllegalAction as exc:
                self.term.refuse(exc.message, exc.clause)
                continue
            self.seen[seat] = len(game.state.log)
            self.last_kind = action.kind
            if isinstance(action, Undo):
                self.term.say(Text(f"↩ {game.seats[seat]} takes back their last action"))
                return
            self._print_moves(seat, action, before)
            self.pause_for_undo(seat)
            return

    def pause_for_undo(self, seat: int) -> None:
        """Before the others move, give the player a moment to take the action back."""
        game = self.game
        if not self.undo_pause or game.over or game.to_act == seat:
            return
        if game.undo_allowed(seat) is not None:
            return
        answer = self.term.ask("Enter to go on, or z to take that back")
        if answer.lower() not in ("z", "undo"):
            return
        try:
            game.apply(Undo(seat=seat))
        except IllegalAction as exc:
            self.term.refuse(exc.message, exc.clause)
            return
        self.seen[seat] = len(game.state.log)
        self.term.say(Text(f"↩ {game.seats[seat]} takes back their last action"))

    def _choice_pending(self, seat: int) -> bool:
        solo = solo_of(view_for(self.game, seat))
        return bool(solo and solo.get("choice"))

    # -- screens -------------------------------------------------------------------------
    def show_screen(self, seat: int, recent: bool = True) -> None:
        game = self.game
        view = view_for(game, seat)
        log = view["log"]
        since = self.seen.get(seat, 0)
        lines = log[since:] if recent and since <= len(log) else []
        if self.solo and recent:
            # Every move was printed just above the screen: repeat them only when the screen
            # is about to be cleared (or nothing was shown yet, after loading a game).
            fresh = self.clear_each_turn or self.screen_mark is None
            lines = log[self.screen_mark or 0 :] if fresh else []
            self.screen_mark = len(log)
        elif not lines:
            lines = log[-5:]
        if len(lines) > RECENT:
            lines = ["…", *lines[-RECENT:]]
        if self.clear_each_turn and recent:
            self.term.clear()
        draw = solo_screen if self.solo else screen
        self.term.say(Rule(style="dim"))
        self.term.say(draw(game, view, self.codes, self.term.console.width, lines))
        self.term.say(Rule(style="dim"))

    def show_end(self) -> None:
        game = self.game
        view = view_for(game, None)
        self.term.say(Rule("Game over", style="bold"))
        self.term.say(render_board(game.board, view, self.codes))
        if self.solo:
            for part in solo_final(game, view):
                self.term.say(part)
            self.term.say(Text(f"Seed {seed_to_json(game.seed)}", style="dim"))
            return
        self.term.say(final_scores(game, view))
        if view["winner"] is not None:
            line = Text("Winner: ", style="bold")
            line.append_text(player_name(view, view["winner"]))
            self.term.say(line)
        self.term.say(Text(f"Seed {seed_to_json(game.seed)}", style="dim"))

    def offer_save(self) -> None:
        """After an interruption: save if the player wants (and input still works)."""
        if not self.humans or self.game.over:
            return
        try:
            answer = self.term.ask("Save the game before leaving? [y/N]")
            if answer.lower() in ("y", "yes"):
                self.save(None)
        except (InputClosed, KeyboardInterrupt):
            pass

    # -- saving ----------------------------------------------------------------------------
    def save(self, path: str | None) -> None:
        if path is None:
            answer = self.term.ask(f"Save to which file? [{self.save_default}]")
            path = answer or self.save_default
        try:
            save_record(self.game, path)
        except OSError as exc:
            self.term.refuse(f"could not save to {path}: {exc.strerror or exc}")
            return
        self.term.say(
            Text(f"Saved to {path}. Continue later with: railways play --load {Path(path)}")
        )
