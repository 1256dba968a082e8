"""Mid-game checks for simulated games.

Two checks that ``railways simulate`` runs while a game is still going, when
there are secrets to leak and a state worth replaying:

- :func:`secret_leaks` serialises every seat's view and the spectator's and
  looks in the text for what that viewer must not know: another seat's kept
  (or dealt) Rail Baron card, any card still in a deck, the random generator's
  state, the bag's contents. To prove it can see a secret when one is there,
  it also requires each seat's own baron to be found in that seat's view.
- :class:`ReplayCheck` keeps a canonical dump of the *whole* game state at
  chosen action counts; at the end it replays the game's record into a fresh
  game and compares the dumps, field by field, at the same counts.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from railways.core.board import GOODS_COLORS
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.record import GameRecord
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules.records import record_of
from railways.rules.solo.state import is_solo, solo_state

ViewFn = Callable[[Game, "int | None"], dict[str, Any]]

# Fields of the state that are caches of other fields, not game state: a replay may
# hold them filled or stale. (The invariants compare the tile count cache to the board.)
CACHE_FIELDS = frozenset({"tile_counts", "track_log", "sharing"})


# -- secrets in views ---------------------------------------------------------------------
def _hidden_from(game: Game, seat: int | None) -> dict[str, str]:
    """What ``seat`` (None: a spectator) must not see: text to look for -> what it is."""
    state = game.state
    over = state.phase is Phase.GAME_OVER
    barons = game.ruleset.barons
    known: set[str] = set()  # barons the viewer may know: its own, and revealed ones
    for p in state.players:
        if p.seat == seat:
            known.update(p.barons_dealt)
            if p.baron:
                known.add(p.baron)
        elif p.baron and (p.baron_revealed or over):
            known.add(p.baron)
    secret: dict[str, str] = {}
    # A name two cards share (the Transcontinental game's Eastern, Western and Golden Spike
    # Mark Hopkins) may be shown for the other card: only the card's id tells it apart.
    names = Counter(b.name for b in barons.values())

    def baron(card: str, what: str) -> None:
        if card and card not in known:  # the first, most telling description stays
            secret.setdefault(json.dumps(card), what)
            if card in barons and names[barons[card].name] == 1:
                secret.setdefault(barons[card].name, f"{what} (by name)")

    for p in state.players:
        if p.seat != seat:
            if p.baron:
                baron(p.baron, f"seat {p.seat}'s kept Rail Baron card")
            for card in p.barons_dealt:
                baron(card, f"a Rail Baron card dealt to seat {p.seat}")
    for card in state.baron_deck:
        baron(card, "a card of the Rail Baron deck")
    public_cards = set(state.ops_display) | set(state.ops_discard)
    for p in state.players:
        public_cards.update(p.hand)
        public_cards.update(p.kept)
    public_names = {game.card(c).name for c in public_cards if c in game.ruleset.cards}
    for card in state.ops_deck:
        if card in public_cards:
            continue
        secret[json.dumps(card)] = "a card still in the Operations deck"
        name = game.card(card).name if card in game.ruleset.cards else ""
        if name and name not in public_names:  # copies of a card share a name
            secret[name] = "a card still in the Operations deck (by name)"
    if state.rng.state >= 10**9:  # too long a number to turn up in a view by chance
        secret[str(state.rng.state)] = "the random generator's state (it foretells every draw)"
    if is_solo(game):
        solo = solo_state(game)
        shown = {c for c in solo.row if c} | set(solo.discard) | {solo.drawn or ""}
        for card in (set(solo.deck) | set(solo.removed)) - shown:
            secret[json.dumps(card)] = "a hidden Railbot card"
    return secret


_COLOR_NAMES = "|".join(c.value for c in GOODS_COLORS)
# An object whose keys are all goods colours with counts: what the bag's contents look like.
_COUNTS_BY_COLOR = re.compile(r'\{(?:"(?:' + _COLOR_NAMES + r')": \d+(?:, )?)+\}')
# A key naming the bag whose value is a list or an object (its size alone is a number).
_BAG_KEY = re.compile(r'bag[^"]*": [\[{]', re.IGNORECASE)


def _bag_shown(text: str, bag: dict[str, int]) -> list[str]:
    """Places in a view's JSON that hold the bag's contents rather than its size."""
    found = []
    for m in _BAG_KEY.finditer(text):
        key = text[text.rfind('"', 0, m.start()) : m.end()]
        found.append(f"{key} holds the bag itself, not its size")
    for match in _COUNTS_BY_COLOR.finditer(text):
        if json.loads(match.group(0)) == bag:
            found.append(f"it holds the bag's contents: {match.group(0)}")
    return found


def secret_leaks(game: Game, view: ViewFn | None = None) -> list[str]:
    """Every secret some view shows, and every seat whose own baron its view hides.

    ``view`` is the function that makes a view (default: :func:`view_for`, looked
    up when called, so a test can put a leaking one in its place).
    """
    view = view or view_for
    problems: list[str] = []
    state = game.state
    bag = {c.value: state.bag[c] for c in GOODS_COLORS if c in state.bag}
    for seat in [None, *range(game.n)]:
        text = json.dumps(view(game, seat))
        who = "the spectator's view" if seat is None else f"seat {seat}'s view"
        for token, what in _hidden_from(game, seat).items():
            if token in text:
                problems.append(f"{who} shows {what}: {token}")
        problems.extend(f"{who}: {p}" for p in _bag_shown(text, bag))
        if seat is not None:
            own = state.players[seat]
            mine = [own.baron] if own.baron else list(own.barons_dealt)
            for card in mine:
                if json.dumps(card) not in text:
                    problems.append(
                        f"{who} does not show its own Rail Baron card {card}: "
                        "the secrets check cannot see what it looks for"
                    )
    return problems


# -- the full state, for replays ---------------------------------------------------------
_PLAIN = frozenset({str, int, float, bool})
_FIELDS: dict[type, tuple[str, ...]] = {}  # dataclass -> the fields that are state


def canonical(value: Any) -> Any:
    """``value`` as plain JSON data, the same for equal states however they were built.

    Dataclasses become dicts of their fields (caches left out), enums their
    values, sets sorted lists, dicts sorted by key; objects with ``__slots__``
    (the random generator) dicts of their slots. Order is kept in lists and
    tuples (a deck's order matters). Anything else is an error, so a new kind
    of state cannot slip past the comparison unseen.
    """
    kind = type(value)
    if kind in _PLAIN or value is None:  # exact types: an IntEnum is no plain int here
        return value
    if isinstance(value, Enum):
        return [kind.__name__, canonical(value.value)]
    if isinstance(value, (bool, int, float, str)):
        return value
    if kind in _FIELDS or (is_dataclass(value) and not isinstance(value, type)):
        names = _FIELDS.get(kind)
        if names is None:
            names = _FIELDS[kind] = tuple(
                f.name for f in fields(value) if f.name not in CACHE_FIELDS
            )
        out = {"__type__": kind.__name__}
        for name in names:
            out[name] = canonical(getattr(value, name))
        return out
    if isinstance(value, dict):
        return {"__dict__": sorted((_key(k), canonical(v)) for k, v in value.items())}
    if isinstance(value, (set, frozenset)):
        return {"__set__": sorted(_key(v) for v in value)}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _PLAIN else canonical(v) for v in value]
    slots = getattr(type(value), "__slots__", None)
    if slots is not None:
        names = (slots,) if isinstance(slots, str) else tuple(slots)
        return {
            "__type__": type(value).__name__,
            **{n: canonical(getattr(value, n)) for n in names},
        }
    raise TypeError(f"no canonical form for a {type(value).__name__} in the game state")


def _key(value: Any) -> str:
    """A dict key or set member as a string that sorts the same in every run."""
    if type(value) is str:  # the common case, kept short: JSON would add the same quotes
        return json.dumps(value)
    return json.dumps(canonical(value), sort_keys=True)


def full_state(game: Game) -> Any:
    """The canonical dump of everything in the game's state (rng, bag, decks, plug-ins...)."""
    return canonical(game.state)


def differences(a: Any, b: Any, path: str = "state", limit: int = 5) -> list[str]:
    """Where two canonical dumps differ (at most ``limit`` places, deepest first found)."""
    out: list[str] = []

    def walk(x: Any, y: Any, where: str) -> None:
        if len(out) >= limit or x == y:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            if "__dict__" in x and "__dict__" in y:
                xs, ys = dict(x["__dict__"]), dict(y["__dict__"])
                for key in sorted(set(xs) | set(ys)):
                    if key not in xs or key not in ys:
                        out.append(f"{where}[{key}] only on one side")
                    else:
                        walk(xs[key], ys[key], f"{where}[{key}]")
                return
            for key in sorted(set(x) | set(y)):
                walk(x.get(key), y.get(key), f"{where}.{key}" if key != "__dict__" else where)
            return
        if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
            for i, (p, q) in enumerate(zip(x, y, strict=True)):
                walk(p, q, f"{where}[{i}]")
            return
        text_x, text_y = json.dumps(x)[:80], json.dumps(y)[:80]
        out.append(f"{where}: {text_x} != {text_y}")

    walk(a, b, path)
    return out


class ReplayCheck:
    """Dumps of a game's full state at chosen action counts, compared against a replay.

    Call :meth:`observe` after every action of the game being played; at the
    end, :meth:`verify` replays the game's record (through its JSON form, as a
    saved game would be) into a fresh game and reports every checkpoint where
    the replayed state differs from the one played.
    """

    def __init__(self, checkpoints: Iterable[int]) -> None:
        self.checkpoints = frozenset(checkpoints)
        self.dumps: dict[int, Any] = {}

    def observe(self, game: Game) -> None:
        count = len(game.actions)
        if count in self.checkpoints:
            self.dumps[count] = full_state(game)

    def verify(self, game: Game, fresh: Callable[[GameRecord], Game] | None = None) -> list[str]:
        """Replay ``game``'s record and compare; ``fresh`` makes the game to replay into."""
        self.dumps[len(game.actions)] = full_state(game)  # the end is always a checkpoint
        record = GameRecord.from_dict(json.loads(json.dumps(record_of(game).to_dict())))
        replay = (fresh or _fresh_game)(record)
        problems: list[str] = []
        for i, action in enumerate(record.actions, start=1):
            try:
                replay.apply(action)
            except IllegalAction as exc:
                return [f"replaying the record: action {i} ({action}) is refused: {exc}"]
            if i in self.dumps:
                diff = differences(self.dumps[i], full_state(replay))
                if diff:
                    problems.append(
                        f"replaying the record gives a different state after action {i}: "
                        + "; ".join(diff)
                    )
                    break  # later checkpoints would only repeat the news
        return problems


def _fresh_game(record: GameRecord) -> Game:
    from railways.rules import new_game

    return new_game(record.map_id, list(record.seats), record.seed, record.options)


def spread_checkpoints(expected_actions: int, count: int) -> list[int]:
    """``count`` action counts spread over a game of about ``expected_actions`` actions."""
    step = max(1, expected_actions // (count + 1))
    return [step * (i + 1) for i in range(count)]
