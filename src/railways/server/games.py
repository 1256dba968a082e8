"""Live games: the engine's ``Game`` for each game in play, loaded from the store on demand.

The server is the referee. Every change goes through :meth:`GameManager.act`
(people) or the game's bot task (bot seats): under the game's ``asyncio.Lock``
the engine applies the action (refusing an illegal one with the state
unchanged), the store commits it, and only then are the caches cleared and the
watchers woken. If the commit fails, the in-memory game is dropped and will be
replayed from the store, so memory never runs ahead of what is stored.

What leaves this module for a seat is only ``view_for(game, seat)`` and that
seat's ``legal_actions(...).to_dict()`` (JSON text, cached per action index).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any

from fastapi.exceptions import RequestValidationError

from railways.bots import BOTS, make_bot
from railways.bots.base import Bot
from railways.content.maps import available_maps
from railways.core.actions import Action, BuildTrack, Pass, Undo, action_from_dict
from railways.core.errors import IllegalAction, RecordError
from railways.core.game import Game
from railways.core.legal import BuildOption, LegalActions, legal_actions
from railways.core.record import GameRecord
from railways.core.rng import SECURE_RNG, SEED_BITS, SPLITMIX64, seed_to_json
from railways.core.state import Phase
from railways.core.view import view_for
from railways.rules import RULESET_ID, RULESET_VERSION, new_game
from railways.rules.records import game_from_record, record_of
from railways.server import importer, replaypool, table
from railways.server.auth import token_seat
from railways.server.limits import Caller, RateLimiter, TokenRates, retry_after
from railways.server.replay import Replayer
from railways.server.security import name_problem
from railways.server.storecalls import StoreCalls
from railways.store import GameMeta, GameStore, SeatInfo, StaleIndex, UnknownGame, hash_token

log = logging.getLogger("railways.server")

SPECTATOR = object()  # marker for "the spectator token" in token look-ups
WRONG_TOKEN = "that token does not belong to this game"

# Referee limits: a server policy against unbounded histories, not a rule of the game.
# The longest of 120 simulated games (2 and 6 players, random and greedy bots) took 578
# actions; see "Limits on a game's history" in docs/server.md.
MAX_ACTIONS = 3_000  # accepted actions in one game, undos included
MAX_UNDOS_PER_TURN = 50  # undos by one seat in one turn
IMPORTS_AT_ONCE = 1  # records checked for import at the same time
IMPORT_RETRY = 2  # seconds a refused import is told to wait
MAX_NAME = 40  # characters in a player's name (as SeatIn in app.py)
SERVER_KEY = "server"  # the setup's field for what the server knows beyond the record


try:
    import orjson

    def _dumps(value: Any) -> str:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()

except ImportError:  # pragma: no cover - orjson is a dependency; this is only a fallback

    def _dumps(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


_BUILD_TEXT: dict[Any, str] = {}
_BUILD_BY_ID: dict[int, tuple[BuildOption, str]] = {}
_TEXT_LIMIT = 100_000

# The fields a build option's JSON is made of. Keying the cache by a plain tuple of them
# is much cheaper than hashing the frozen dataclasses; if the engine ever adds a field,
# the option itself becomes the key, so nothing stale can be served.
_FLAT_KEYS = {f.name for f in dataclass_fields(BuildTrack)} == {
    "seat",
    "path",
    "exit",
    "redirect",
    "cards",
} and set(BuildOption.FIELDS) == {
    "action",
    "cost",
    "tiles",
    "to_city",
    "route",
}


def _build_key(option: BuildOption) -> Any:
    if not _FLAT_KEYS:
        return option
    a = option.action
    return (
        a.seat,
        a.path,
        a.exit,
        a.redirect,
        a.cards,
        option.cost,
        option.tiles,
        option.to_city,
        option.route,
    )


def legal_text(legal: LegalActions, game: Game) -> str:
    """``json.dumps(legal.to_dict(game))``, fast.

    A seat's legal actions are hundreds of candidate builds (each with its route) and
    dozens of simple actions. The builds barely change from one action to the next, so
    each one's JSON text is kept, made by the engine's own ``to_dict``; the simple
    actions carry their kind's description of the moment (a cost, a label) and are
    made afresh.
    """
    if len(_BUILD_TEXT) > _TEXT_LIMIT:
        _BUILD_TEXT.clear()
    rest = LegalActions(legal.seat, legal.phase, legal.simple, legal.min_bid, [], legal.deliveries)
    text = _dumps(rest.to_dict(game))
    if len(_BUILD_BY_ID) > _TEXT_LIMIT:
        _BUILD_BY_ID.clear()
    builds = []
    for option in legal.builds:
        # The engine reuses its option objects where it can: the cheapest look-up is by
        # identity (the entry holds the object, so its id cannot be reused meanwhile).
        hit = _BUILD_BY_ID.get(id(option))
        if hit is not None and hit[0] is option:
            builds.append(hit[1])
            continue
        key = _build_key(option)
        part = _BUILD_TEXT.get(key)
        if part is None:
            one = LegalActions(legal.seat, legal.phase, builds=[option]).to_dict()
            part = _BUILD_TEXT[key] = _dumps(one["builds"][0])
        _BUILD_BY_ID[id(option)] = (option, part)
        builds.append(part)
    return text.replace('"builds":[]', '"builds":[' + ",".join(builds) + "]", 1)


def status_of(game: Game) -> str:
    phase = game.state.phase
    if phase is Phase.GAME_OVER:
        return "over"
    if phase is Phase.CHOOSE_BARON:
        return "setup"
    return "playing"


class ApiError(Exception):
    """A refusal with an HTTP status and a JSON body ``{"error": ..., **extra}``."""

    def __init__(
        self, status: int, message: str, *, headers: dict[str, str] | None = None, **extra: Any
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.message, **self.extra}


@dataclass(eq=False)
class Watcher:
    """One live connection (WebSocket) following a game as ``seat`` (None: spectator)."""

    seat: int | None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False


@dataclass(eq=False)
class GameHandle:
    id: str
    meta: GameMeta
    game: Game
    tokens: dict[str, int | None]  # token hash -> seat (None: spectator)
    bots: dict[int, Bot]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    dead: bool = False
    last_used: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)  # the setup's SERVER_KEY part
    undos: tuple[int, int, int] = (-1, -1, 0)  # (turn, seat, undos by that seat in that turn)
    _cache_index: int = -1
    _views: dict[int | None, str] = field(default_factory=dict)
    _legal: dict[int, str] = field(default_factory=dict)
    replayer: Replayer | None = None  # made on the first replay request
    # Around the table (railways.server.table): settings, recent chat, move timer, notices.
    settings: dict[str, Any] = field(default_factory=dict)
    chat: list[dict[str, Any]] = field(default_factory=list)
    chat_loaded: bool = False
    timer: asyncio.TimerHandle | None = None
    deadline: float | None = None  # wall-clock time the seat to act runs out (move limit)
    noticed: tuple[int, int] = (-1, -1)  # (action index, seat) last told it was its turn
    table_version: int = 0  # counts changes of the table (settings), so followers hear them

    @property
    def index(self) -> int:
        return len(self.game.actions)

    def seat_of_token(self, token: str | None) -> int | object | None:
        """The token's seat, SPECTATOR for the spectator token; raises 403 otherwise."""
        if not token:
            raise ApiError(403, "a seat or spectator token is needed (?token=...)")
        found, seat = token_seat(self.tokens, token)
        if not found:
            raise ApiError(403, WRONG_TOKEN)
        return SPECTATOR if seat is None else seat

    # -- what a seat sees (JSON text, cached for the current action index) -----
    def _fresh(self) -> None:
        if self._cache_index != self.index:
            self._views.clear()
            self._legal.clear()
            self._cache_index = self.index

    def view_json(self, seat: int | None) -> str:
        self._fresh()
        text = self._views.get(seat)
        if text is None:
            text = self._views[seat] = _dumps(view_for(self.game, seat))
        return text

    def legal_json(self, seat: int | None) -> str:
        if seat is None:
            return "null"
        self._fresh()
        text = self._legal.get(seat)
        if text is None:
            text = self._legal[seat] = legal_text(legal_actions(self.game, seat), self.game)
        return text

    def public_info(self) -> str:
        """What every seat sees about how the game began: a seed somebody chose (or that
        came with an imported record) is shown to all, so nobody plays against a seat that
        knows the hidden cards; and whether an imported record was this server's own."""
        out: dict[str, Any] = {}
        if self.info.get("seed_chosen"):
            out["chosen_seed"] = seed_to_json(self.game.seed)
        if "signed_by_this_server" in self.info:
            out["signed_by_this_server"] = bool(self.info["signed_by_this_server"])
        return "".join(f",{_dumps(k)}:{_dumps(v)}" for k, v in out.items())

    def table_json(self, seat: int | None) -> str:
        """The table as ``seat`` sees it: muted spectators, stand-in bots, the move limit and
        when the seat to act runs out, and this seat's own notice address (nobody else's)."""
        standins = self.settings.get(table.STANDINS) or {}
        out: dict[str, Any] = {
            "muted": bool(self.settings.get(table.MUTED)),
            "standins": {str(k): v for k, v in sorted(standins.items())},
            "conceded": sorted(self.settings.get(table.CONCEDED) or []),
            "move_limit": self.settings.get(table.MOVE_LIMIT),
            "deadline": self.deadline,
        }
        if seat is not None:
            out["notify"] = (self.settings.get(table.NOTIFY) or {}).get(str(seat))
        return f',"table":{_dumps(out)}'

    def state_json(self, seat: int | None) -> str:
        """``GET /api/games/{id}``: the seat's view and legal actions."""
        return (
            f'{{"id":{_dumps(self.id)},"seat":{_dumps(seat)},"action_index":{self.index},'
            f'"view":{self.view_json(seat)},"legal":{self.legal_json(seat)}'
            f"{self.public_info()}{self.table_json(seat)}}}"
        )

    def update_json(self, seat: int | None) -> str:
        """A WebSocket update: the same, with ``"type": "update"``."""
        return (
            f'{{"type":"update","id":{_dumps(self.id)},"seat":{_dumps(seat)},'
            f'"action_index":{self.index},'
            f'"view":{self.view_json(seat)},"legal":{self.legal_json(seat)}'
            f"{self.public_info()}{self.table_json(seat)}}}"
        )

    def visible_chat(self, seat: int | None, after: int) -> list[dict[str, Any]]:
        """Chat messages after ``after`` that this seat may read: when the seats have muted
        spectators, nobody sees spectators' messages."""
        muted = bool(self.settings.get(table.MUTED))
        return [m for m in self.chat if m["seq"] > after and not (muted and m["seat"] is None)]


def new_token() -> str:
    """A random 128-bit token, as 32 hex digits."""
    return secrets.token_hex(16)


def issued_tokens(
    seats: list[SeatInfo],
) -> tuple[list[str | None], str, dict[str, int | None]]:
    """A new game's tokens: each human seat's (None for bots), the spectator's, and the
    seat each token's hash opens (None: the spectator)."""
    seat_tokens: list[str | None] = [new_token() if s.kind != "bot" else None for s in seats]
    spectator = new_token()
    hashed: dict[str, int | None] = {hash_token(spectator): None}
    for i, token in enumerate(seat_tokens):
        if token is not None:
            hashed[hash_token(token)] = i
    return seat_tokens, spectator, hashed


def default_bot() -> str:
    return "greedy" if "greedy" in BOTS else "random"


def new_game_id() -> str:
    return secrets.token_hex(6)


def check_bots(seats: list[SeatInfo]) -> None:
    """422 for a bot seat naming a bot this server does not have."""
    for i, seat in enumerate(seats):
        if seat.kind == "bot" and seat.bot is not None and seat.bot not in BOTS:
            known = ", ".join(sorted(BOTS))
            raise ApiError(422, f"seats[{i}]: unknown bot {seat.bot!r} (known: {known})")


def seats_to_store(seats: list[SeatInfo], game: Game) -> list[SeatInfo]:
    """The seats of a new game as stored (a bot seat without a bot gets the default one);
    422 for an unknown bot or a number of seats the board is not for."""
    check_bots(seats)
    board = game.board
    if not board.min_players <= len(seats) <= board.max_players:
        raise ApiError(
            422,
            f"{board.name} is for {board.min_players} to "
            f"{board.max_players} players, not {len(seats)}",
        )
    return [
        SeatInfo(s.name, s.kind, (s.bot or default_bot()) if s.kind == "bot" else None)
        for s in seats
    ]


def count_undo(undos: tuple[int, int, int], game: Game, seat: int) -> tuple[int, int, int]:
    """The undo counter after ``seat`` undoes now; refuses (ApiError 400) beyond the limit."""
    turn, who, count = undos
    key = (game.state.turn, seat)
    count = count + 1 if key == (turn, who) else 1
    if count > MAX_UNDOS_PER_TURN:
        raise ApiError(
            400,
            f"this server allows {MAX_UNDOS_PER_TURN} undos per seat in one turn; "
            "take an action or pass",
        )
    return (key[0], key[1], count)


def replay_record(record: GameRecord) -> tuple[Game, tuple[int, int, int]]:
    """The game of ``record`` with its actions applied under the referee's limits, and its
    undo counter. Raises RecordError saying where. A long record takes a while: callers run
    this in a worker thread."""
    if len(record.actions) > MAX_ACTIONS:
        raise RecordError(
            "actions", f"{len(record.actions)} actions: this server plays at most {MAX_ACTIONS}"
        )
    game = game_from_record(dataclasses.replace(record, actions=()))
    undos: tuple[int, int, int] = (-1, -1, 0)
    for i, action in enumerate(record.actions):
        try:
            if isinstance(action, Undo):
                undos = count_undo(undos, game, action.seat)
            game.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"actions[{i}]", f"illegal in this game: {exc}") from None
        except ApiError as exc:
            raise RecordError(f"actions[{i}]", exc.message) from None
    return game, undos


def check_import_record(data: dict[str, Any]) -> GameRecord:
    """The record of an import, parsed and checked as far as it can be without replaying
    it: a map this server has, the rules' version it plays, names as POST /api/games takes
    them. Raises RecordError saying where."""
    record = GameRecord.from_dict(data)
    if record.map_id not in available_maps():
        raise RecordError("map", f"unknown map {record.map_id!r}")
    if record.ruleset == RULESET_ID and record.ruleset_version != RULESET_VERSION:
        raise RecordError(
            "ruleset",
            f"this record was played under version {record.ruleset_version!r} of the "
            f"rules, and this server plays version {RULESET_VERSION!r}: its actions "
            "would not mean the same",
        )
    for i, name in enumerate(record.seats):
        problem = name_problem(name)
        if len(name) > MAX_NAME:  # as POST /api/games checks them
            problem = f"a name has at most {MAX_NAME} characters, not {len(name)}"
        if problem is not None:
            raise RecordError(f"seats[{i}]", problem)
    return record


class GameManager:
    """The games in memory, their locks, bot tasks and watchers, over one store."""

    def __init__(
        self,
        store: GameStore,
        bot_delay: float = 0.6,
        max_loaded: int = 1000,
        signing_key: bytes | None = None,
        notices: table.TurnNotices | None = None,
    ) -> None:
        self.store = store
        self.notices = notices or table.TurnNotices()  # e-mail / webhook when it is a turn
        # The key records are signed with (railways.server.signing); a fresh one per process
        # when none is given, so nothing is ever taken for signed by mistake.
        self.signing_key = signing_key or secrets.token_bytes(32)
        self.bot_delay = bot_delay
        self.max_loaded = max_loaded  # games kept in memory; others are replayed when asked
        self._handles: dict[str, GameHandle] = {}
        self._loading: dict[str, asyncio.Future[GameHandle]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closing = False
        self.imports_running = 0
        # Every store call runs in a worker thread, never on the event loop: a database
        # locked by another process must not stall the other games. Writes have threads of
        # their own, so writes waiting on a lock cannot hold up the reads; on SQLite one
        # (the file has one writer at a time: ours queue instead of contending).
        sqlite = getattr(store, "dialect", "") == "sqlite"
        self.store_calls = StoreCalls(writers=1 if sqlite else 4)
        # Whole records are replayed in worker processes (imports, loads of stored games),
        # so that their CPU time is not taken from this process's event loop.
        self.replays = replaypool.ReplayPool()
        # Per token rates and wrong tokens per address (create_app sets them; off here).
        off = RateLimiter(0.0, 1)
        self.token_rates = TokenRates(off, off, off)

    async def _store(self, fn: Any, *args: Any) -> Any:
        return await self.store_calls.call(fn, *args)

    async def _replayed(
        self, check: Callable[[dict[str, Any]], replaypool.Answer], data: dict[str, Any]
    ) -> tuple[GameRecord, Game, tuple[int, int, int]]:
        """A whole record replayed in a worker process (RecordError as it found it); a 503
        if the workers stopped first."""
        try:
            return await self.replays.run(check, data)
        except replaypool.PoolStopped as exc:
            log.error("%s", exc)
            raise ApiError(503, f"{exc} before answering; nothing was changed, try again") from None

    async def _replay(
        self, check: Callable[[dict[str, Any]], replaypool.Answer], data: dict[str, Any]
    ) -> tuple[Game, tuple[int, int, int]]:
        _record, game, undos = await self._replayed(check, data)
        return game, undos

    async def call_store(self, fn: Any, *args: Any) -> Any:
        """Run a store method in a worker thread; a failure is an ApiError 503."""
        return await self.store_calls.call(fn, *args)

    async def catch_up(self, handle: GameHandle) -> bool:
        """Bring the in-memory game level with the store, where another server process
        may have stored actions since; the caller holds ``handle.lock``. True if it moved
        (the caller then wakes the watchers with :meth:`changed`)."""
        if handle.dead:
            raise ApiError(409, "the game was reloaded; fetch it again", action_index=-1)
        stored = await self._store(self.store.action_count, handle.id)
        if stored == handle.index:
            return False
        if stored > handle.index:
            rows = await self._store(self.store.actions_since, handle.id, handle.index)
            try:
                for raw in rows:
                    handle.game.apply(action_from_dict(raw))
                return True
            except Exception:
                log.exception("game %s: could not follow the stored actions", handle.id)
        self.evict(handle)  # behind in the store, or unreadable: start again from it
        raise ApiError(409, "the game was reloaded; fetch it again", action_index=-1)

    # -- loading -------------------------------------------------------------------
    def loaded(self) -> list[GameHandle]:
        return list(self._handles.values())

    def loaded_game(self, game_id: str) -> GameHandle | None:
        return self._handles.get(game_id)

    async def open(
        self, game_id: str, token: str | None, caller: Caller | None = None
    ) -> tuple[GameHandle, int | object]:
        """The game and the token's seat (SPECTATOR for the spectator token). A game not in
        memory is replayed only once the token is known to be one of its own (403/404
        otherwise), so a stranger cannot make the server replay games. With ``caller``
        (who sent the request) the token limits apply: a caller who offered too many
        wrong tokens gets 429 before this one is compared, and a token past its rate 429."""
        if caller is not None:
            self._refuse_if_waiting(self.token_rates.guessing(caller), "wrong tokens")
        try:
            handle, seat = await self._open(game_id, token)
        except ApiError as exc:
            if caller is not None and token and exc.message == WRONG_TOKEN:
                self.token_rates.wrong_token(caller)
            raise
        if caller is not None and token:
            wait = self.token_rates.use(hash_token(token), caller)
            kind = "actions" if caller.write else "requests"
            self._refuse_if_waiting(wait, f"{kind} with this token")
        return handle, seat

    @staticmethod
    def _refuse_if_waiting(wait: float, what: str) -> None:
        if wait:
            seconds = retry_after(wait)
            raise ApiError(
                429, f"too many {what}; try again in {seconds} s", headers={"Retry-After": seconds}
            )

    async def _open(self, game_id: str, token: str | None) -> tuple[GameHandle, int | object]:
        if game_id not in self._handles:
            if not token:
                raise ApiError(403, "a seat or spectator token is needed (?token=...)")
            if len(game_id) > 32 or not game_id.isalnum():
                raise ApiError(404, f"no game {game_id!r}")
            tokens = await self._store(self.store.tokens_of, game_id)
            if not tokens:  # every game has at least its spectator token
                raise ApiError(404, f"no game {game_id!r}")
            if not token_seat(tokens, token)[0]:
                raise ApiError(403, WRONG_TOKEN)
        handle = await self.get(game_id)
        return handle, handle.seat_of_token(token)

    async def get(self, game_id: str) -> GameHandle:
        handle = self._handles.get(game_id)
        if handle is not None:
            handle.last_used = time.monotonic()
            return handle
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        handle = await self._only_copy(game_id, lambda: self._load(game_id))
        self.kick(handle)
        self._after_change(handle)  # a move limit runs again from the load
        return handle

    async def _only_copy(
        self, game_id: str, make: Callable[[], Awaitable[GameHandle]]
    ) -> GameHandle:
        """Keep the handle ``make`` builds, while every lookup of ``game_id`` meanwhile waits
        for it (:meth:`get`): two copies of one game would each have their own watchers and
        bots, and a socket on the copy not kept would never hear of a move again."""
        future: asyncio.Future[GameHandle] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            handle = await make()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: other waiters re-raise it themselves
            raise
        finally:
            self._loading.pop(game_id, None)
        self._add(handle)
        future.set_result(handle)
        return handle

    def _add(self, handle: GameHandle) -> None:
        """Keep ``handle`` in memory, dropping the least recently used idle games (no
        watcher, no bot to move, no request inside) beyond ``max_loaded``."""
        handle.last_used = time.monotonic()
        self._handles[handle.id] = handle
        excess = len(self._handles) - self.max_loaded
        if excess <= 0:
            return
        idle = [
            h
            for h in self._handles.values()
            if h is not handle
            and not h.watchers
            and not h.lock.locked()
            and (h.bot_task is None or h.bot_task.done())
        ]
        idle.sort(key=lambda h: h.last_used)
        for h in idle[:excess]:
            self.evict(h)

    async def _load(self, game_id: str) -> GameHandle:
        if len(game_id) > 32 or not game_id.isalnum():
            raise ApiError(404, f"no game {game_id!r}")
        try:
            meta, record = await self._store(self.store.load, game_id)
            tokens = await self._store(self.store.tokens_of, game_id)
        except UnknownGame:
            raise ApiError(404, f"no game {game_id!r}") from None
        info = record.pop(SERVER_KEY, None) or {}
        game, undos = await self._replay(replaypool.replay_stored, record)
        settings = await self._store(self.store.settings, game_id)
        bots = self._bots_for(meta.seats, game, settings.get(table.STANDINS))
        handle = GameHandle(game_id, meta, game, tokens, bots)
        handle.info = dict(info)
        handle.undos = undos
        handle.settings = settings
        return handle

    @staticmethod
    def _bots_for(
        seats: tuple[SeatInfo, ...] | list[SeatInfo],
        game: Game,
        standins: dict[str, str] | None = None,
    ) -> dict[int, Bot]:
        """The bots of the bot seats, and of the human seats a stand-in plays for now."""
        bots: dict[int, Bot] = {}
        seed = game.seed
        if game.options.rng != SPLITMIX64:
            # A bot's moves are public: seed it from a one-way hash of the game's seed, so
            # watching the bots tells nothing about the seed.
            seed = int.from_bytes(
                hashlib.blake2b(b"bots", key=seed.to_bytes(32, "big"), digest_size=4).digest()
            )
        for i, seat in enumerate(seats):
            if seat.kind == "bot":
                name = seat.bot or default_bot()
                if name not in BOTS:
                    log.warning("seat %d: unknown bot %r, playing it with 'random'", i, name)
                    name = "random"
                bots[i] = make_bot(name, (seed * 31 + i) & 0x7FFFFFFF)
        for key, level in (standins or {}).items():
            i = int(key)
            if 0 <= i < len(seats) and seats[i].kind != "bot":
                bots[i] = make_bot(level, (seed * 37 + i) & 0x7FFFFFFF)
        return bots

    def evict(self, handle: GameHandle) -> None:
        """Forget the in-memory game; the next request replays it from the store."""
        handle.dead = True
        if handle.timer is not None:
            handle.timer.cancel()
        if self._handles.get(handle.id) is handle:
            del self._handles[handle.id]
        if handle.bot_task is not None:
            handle.bot_task.cancel()
        for watcher in handle.watchers:
            watcher.closed = True
            watcher.wake.set()

    async def resume(self) -> None:
        """After a start: load every unfinished game with a bot seat so its bots play on."""
        try:
            metas = await self._store(self.store.list_games)
        except Exception:  # pragma: no cover - a broken store is reported per request
            log.exception("could not list games to resume")
            return
        for meta in metas:
            if self.closing:
                return
            if meta.status != "over" and any(s.kind == "bot" for s in meta.seats):
                try:
                    await self.get(meta.id)
                except Exception:
                    log.exception("could not resume game %s", meta.id)

    # -- creating ------------------------------------------------------------------
    async def create(
        self,
        map_id: str,
        seats: list[SeatInfo],
        seed: int | None,
        options: dict[str, Any],
        *,
        move_limit: int | None = None,
        standin_level: str = table.DEFAULT_STANDIN,
    ) -> tuple[GameHandle, list[str | None], str]:
        """Start a game; returns it, each seat's token (None for bots) and the spectator
        token. Tokens are returned only here and stored hashed. (An imported game is made
        and stored by a worker process: :meth:`import_body`.)

        Without a seed the server draws a 128-bit one from ``secrets`` and plays it with the
        ``blake2b-ctr`` generator. A chosen seed is shown to every seat; it keeps meaning
        the game it always did (``splitmix64``) unless ``options.rng`` says otherwise."""
        if map_id not in available_maps():
            raise ApiError(422, f"unknown map {map_id!r} (known: {', '.join(available_maps())})")
        check_bots(seats)
        info: dict[str, Any] = {}
        options = dict(options)
        if seed is None:
            if options.setdefault("rng", SECURE_RNG) != SECURE_RNG:
                raise ApiError(
                    422,
                    f"options.rng: a seed the server draws is played with {SECURE_RNG}; "
                    "choose the seed too to use another generator",
                )
            seed = secrets.randbits(SEED_BITS)
        else:
            info["seed_chosen"] = True
        try:
            game = new_game(map_id, [s.name for s in seats], seed, options)
        except (ValueError, TypeError, KeyError) as exc:
            raise ApiError(422, f"cannot set up this game: {exc}") from None
        seats = seats_to_store(seats, game)
        seat_tokens, spectator, hashed = issued_tokens(seats)
        game_id = new_game_id()
        body = record_of(game).body()  # a new game's: no actions yet
        recorded = body.pop("actions")
        if info:
            body[SERVER_KEY] = info

        async def stored() -> GameHandle:
            meta = await self._store(
                self.store.create_game,
                game_id,
                body,
                seats,
                hashed,
                status_of(game),
                game.state.turn,
                recorded,
            )
            handle = GameHandle(game_id, meta, game, hashed, self._bots_for(seats, game))
            handle.info = info
            if move_limit is not None:
                await self._store(self.store.set_setting, game_id, table.MOVE_LIMIT, move_limit)
                handle.settings[table.MOVE_LIMIT] = move_limit
            if standin_level != table.DEFAULT_STANDIN:
                await self._store(
                    self.store.set_setting, game_id, table.STANDIN_LEVEL, standin_level
                )
                handle.settings[table.STANDIN_LEVEL] = standin_level
            return handle

        # Stored, the game can be found before it is kept here (the resume of bot games at
        # start-up lists it): such a lookup waits for this handle rather than load another.
        handle = await self._only_copy(game_id, stored)
        self.changed(handle)
        return handle, seat_tokens, spectator

    def imports_busy(self) -> float:
        """Seconds a new import should wait: IMPORT_RETRY while IMPORTS_AT_ONCE imports are
        being replayed, else 0.0 (limits.RequestRates asks before reading the body)."""
        return float(IMPORT_RETRY) if self.imports_running >= IMPORTS_AT_ONCE else 0.0

    async def import_body(self, body: bytes) -> tuple[GameMeta, list[str | None], str]:
        """Start a game from the body of ``POST /api/games/import`` (its bytes, unparsed):
        parsed, checked whole (400 saying where), replayed and stored by a worker process
        (railways.server.importer), IMPORTS_AT_ONCE at a time: more at once would queue
        for the same workers and make their clients wait. Beyond that, a 429 at once,
        nothing stored. Returns the stored game, each seat's token and the spectator's.

        The game is replayed here only when it is first used (:meth:`get`), or at once if a
        bot seat may have to move."""
        if self.imports_running >= IMPORTS_AT_ONCE:
            raise ApiError(
                429,
                f"the server is checking another imported record; try again in {IMPORT_RETRY} s",
                headers={"Retry-After": str(IMPORT_RETRY)},
            )
        self.imports_running += 1
        try:
            meta, seat_tokens, spectator = await self._import_body(body)
        finally:
            self.imports_running -= 1
        if meta.status != "over" and any(seat.kind == "bot" for seat in meta.seats):
            await self.get(meta.id)  # loaded, its bots start (as at a restart)
        return meta, seat_tokens, spectator

    async def _import_body(self, body: bytes) -> tuple[GameMeta, list[str | None], str]:
        url = getattr(self.store, "url", None)
        try:
            answer = await self.replays.call(
                importer.import_body,
                body,
                self.signing_key,
                url if isinstance(url, str) else None,
                MAX_ACTIONS,
            )
        except replaypool.PoolStopped as exc:
            log.error("%s", exc)
            raise ApiError(503, f"{exc} before answering; nothing was changed, try again") from None
        kind = answer[0]
        if kind == "invalid":
            raise RequestValidationError(answer[1])
        if kind == "refused":
            _kind, status, message, extra, _pid = answer
            raise ApiError(status, message, **extra)
        if kind == "store-failed":
            log.error("an import's store write failed: %s", answer[1])
            raise self.store_calls.failed(answer[1], write=True)
        _kind, made, seat_tokens, spectator, _pid = answer
        if kind == "rows":
            made = await self._store(self.store.create_game, *made.arguments())
        else:
            self.store_calls.problem = None  # a write worked
        return made, seat_tokens, spectator

    # -- acting ----------------------------------------------------------------------
    async def act(self, handle: GameHandle, token: str, after: int, raw: Any) -> int:
        """Apply one seat's action; returns the seat. Raises ApiError for every refusal."""
        seat = handle.seat_of_token(token)
        if seat is SPECTATOR:
            raise ApiError(403, "a spectator token can only watch")
        assert isinstance(seat, int)
        try:
            action = action_from_dict(raw)
        except ValueError as exc:
            raise ApiError(422, f"malformed action: {exc}") from None
        if action.seat != seat:
            raise ApiError(
                403, f"your token is for seat {seat}; you cannot act for seat {action.seat}"
            )
        if seat in (handle.settings.get(table.CONCEDED) or []):
            raise ApiError(403, f"seat {seat} was left to a bot for the rest of the game")
        async with handle.lock:
            moved = await self.catch_up(handle)
            if after != handle.index:
                if moved:
                    self.changed(handle)
                raise ApiError(
                    409,
                    f"the game has moved on: it is at action {handle.index}, not {after}",
                    action_index=handle.index,
                )
            await self._commit(handle, action)
        self.changed(handle)
        return seat

    async def _commit(self, handle: GameHandle, action: Action) -> None:
        """Apply ``action`` to the engine and store it; the caller holds the lock."""
        game = handle.game
        index = handle.index
        if index >= MAX_ACTIONS:
            raise ApiError(
                400, f"this game has reached this server's limit of {MAX_ACTIONS} actions"
            )
        undos = handle.undos
        if isinstance(action, Undo):
            undos = count_undo(undos, game, action.seat)
        try:
            game.apply(action)
        except IllegalAction:
            raise
        except Exception as exc:  # an engine bug: never leave a half-applied state in memory
            log.exception("engine failed on %s in game %s", action, handle.id)
            self.evict(handle)
            raise ApiError(400, f"the engine could not apply this action: {exc}") from None
        try:
            await self._store(
                self.store.append_action,
                handle.id,
                index,
                action.to_dict(),
                status_of(game),
                game.state.turn,
            )
        except StaleIndex as exc:
            # Another server process stored this index first. Our action is applied in
            # memory only: drop the game, so the next request replays it from the store.
            self.evict(handle)
            raise ApiError(
                409, "another process changed this game; fetch it again", action_index=exc.actual
            ) from None
        except ApiError:
            self.evict(handle)  # a 503 saying why (the store is locked, read-only, ...)
            raise
        except Exception:
            log.exception("could not store an action of game %s", handle.id)
            self.evict(handle)
            raise ApiError(503, "the game store is unavailable; the action was not taken") from None
        handle.undos = undos

    def changed(self, handle: GameHandle) -> None:
        for watcher in handle.watchers:
            watcher.wake.set()
        self.kick(handle)
        self._after_change(handle)

    # -- around the table: chat, stand-ins, the move limit, turn notices -----------------
    def _after_change(self, handle: GameHandle) -> None:
        """Start the move timer for a human seat to act, and tell that seat if it asked."""
        if handle.timer is not None:
            handle.timer.cancel()
            handle.timer = None
        handle.deadline = None
        game = handle.game
        seat = game.to_act
        if game.over or seat is None or seat in handle.bots or self.closing:
            return
        limit = handle.settings.get(table.MOVE_LIMIT)
        if limit:
            index = handle.index
            handle.deadline = time.time() + float(limit)
            loop = asyncio.get_running_loop()
            handle.timer = loop.call_later(
                float(limit), lambda: self._spawn(self._out_of_time(handle, index, seat))
            )
        if handle.noticed != (handle.index, seat) and self.notices.enabled:
            if handle.noticed[1] != seat and not any(w.seat == seat for w in handle.watchers):
                email = (handle.settings.get(table.NOTIFY) or {}).get(str(seat))
                self.notices.send(
                    {
                        "game": handle.id,
                        "seat": seat,
                        "name": game.seats[seat],
                        "map": game.board.name,
                        "turn": game.state.turn,
                        "phase": game.state.phase.value,
                    },
                    email,
                )
            handle.noticed = (handle.index, seat)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _out_of_time(self, handle: GameHandle, index: int, seat: int) -> None:
        """The seat to act let the move limit pass: a stand-in bot plays for it."""
        async with handle.lock:
            if handle.dead or handle.index != index or handle.game.to_act != seat:
                return
        level = handle.settings.get(table.STANDIN_LEVEL, table.DEFAULT_STANDIN)
        await self.set_standin(handle, seat, level, reason="ran out of time")

    async def set_standin(
        self, handle: GameHandle, seat: int, level: str | None, reason: str = ""
    ) -> None:
        """A bot of ``level`` plays for a human seat (None: the seat takes itself back)."""
        if handle.meta.seats[seat].kind == "bot":
            raise ApiError(400, f"seat {seat} is a bot seat already")
        if seat in (handle.settings.get(table.CONCEDED) or []):
            raise ApiError(409, f"seat {seat} was left to a bot for the rest of the game")
        if level is not None and level not in table.STANDIN_LEVELS:
            raise ApiError(422, f"level: one of {', '.join(table.STANDIN_LEVELS)}")
        async with handle.lock:
            standins = dict(handle.settings.get(table.STANDINS) or {})
            if level is None:
                standins.pop(str(seat), None)
            else:
                standins[str(seat)] = level
            await self._store(self.store.set_setting, handle.id, table.STANDINS, standins or None)
            handle.settings[table.STANDINS] = standins
            handle.bots = self._bots_for(handle.meta.seats, handle.game, standins)
            handle.table_version += 1
        name = handle.game.seats[seat]
        if level is None:
            note = f"{name} takes their seat back from the stand-in bot"
        else:
            why = f" ({reason})" if reason else ""
            note = f"a {level} bot plays for {name} until they take their seat back{why}"
        await self.add_chat(handle, None, "Table", note, system=True)
        self.changed(handle)

    async def concede(self, handle: GameHandle, seat: int, level: str) -> None:
        """The seat leaves the game for good: a bot of ``level`` plays it to the end, and the
        seat's token can no longer move or take the seat back (it can still watch)."""
        if handle.meta.seats[seat].kind == "bot":
            raise ApiError(400, f"seat {seat} is a bot seat already")
        if level not in table.STANDIN_LEVELS:
            raise ApiError(422, f"level: one of {', '.join(table.STANDIN_LEVELS)}")
        async with handle.lock:
            # Both settings under one lock: no take-back can come between them.
            conceded = list(handle.settings.get(table.CONCEDED) or [])
            if seat in conceded:
                raise ApiError(409, f"seat {seat} has already left the game")
            if handle.game.over:
                raise ApiError(409, "the game is over")
            standins = {**(handle.settings.get(table.STANDINS) or {}), str(seat): level}
            conceded = sorted({*conceded, seat})
            await self._store(self.store.set_setting, handle.id, table.STANDINS, standins)
            await self._store(self.store.set_setting, handle.id, table.CONCEDED, conceded)
            handle.settings[table.STANDINS] = standins
            handle.settings[table.CONCEDED] = conceded
            handle.bots = self._bots_for(handle.meta.seats, handle.game, standins)
            handle.table_version += 1
        name = handle.game.seats[seat]
        note = f"{name} leaves the game: a {level} bot plays their seat to the end"
        await self.add_chat(handle, None, "Table", note, system=True)
        self.changed(handle)

    async def load_chat(self, handle: GameHandle) -> None:
        if not handle.chat_loaded:
            handle.chat = await self._store(self.store.chat_since, handle.id, 0, 10_000)
            del handle.chat[: -table.CHAT_KEPT]
            handle.chat_loaded = True

    async def add_chat(
        self, handle: GameHandle, seat: int | None, name: str, text: str, system: bool = False
    ) -> dict[str, Any]:
        """Store a message and show it to everyone following the game."""
        await self.load_chat(handle)
        # The table's own notes are stored under seat -1: not a seat, and not a spectator,
        # so muting spectators does not hide them.
        who = table.TABLE_SEAT if system else seat
        message = await self._store(self.store.add_chat, handle.id, who, name, text)
        handle.chat.append(message)
        del handle.chat[: -table.CHAT_KEPT]
        for watcher in handle.watchers:
            watcher.wake.set()
        return dict(message)

    async def set_setting(self, handle: GameHandle, key: str, value: Any) -> None:
        async with handle.lock:
            await self._store(self.store.set_setting, handle.id, key, value)
            if value is None:
                handle.settings.pop(key, None)
            else:
                handle.settings[key] = value
            handle.table_version += 1
        self.changed(handle)

    # -- bots ------------------------------------------------------------------------
    def kick(self, handle: GameHandle) -> None:
        """Start the game's bot task if a bot seat is to act and none is running."""
        if self.closing or handle.dead or not handle.bots:
            return
        if handle.game.over or handle.game.to_act not in handle.bots:
            return
        if handle.bot_task is not None and not handle.bot_task.done():
            return
        task = asyncio.get_running_loop().create_task(self._play_bots(handle))
        handle.bot_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _play_bots(self, handle: GameHandle) -> None:
        while not handle.dead and not self.closing:
            seat = handle.game.to_act
            if handle.game.over or seat is None or seat not in handle.bots:
                return
            await asyncio.sleep(self.bot_delay)
            async with handle.lock:
                if handle.dead or handle.game.to_act != seat or handle.game.over:
                    continue
                try:
                    action = await asyncio.to_thread(self._choose, handle, seat)
                except Exception:
                    log.exception("bot in seat %d of game %s failed to choose", seat, handle.id)
                    action = Pass(seat=seat)
                try:
                    await self._commit(handle, action)
                except IllegalAction as exc:
                    log.error(
                        "bot in seat %d of game %s chose %s: %s", seat, handle.id, action, exc
                    )
                    try:
                        await self._commit(handle, Pass(seat=seat))
                    except (IllegalAction, ApiError):
                        log.error("bot in seat %d of game %s is stuck", seat, handle.id)
                        return
                except ApiError:
                    return  # the handle was evicted; a reload starts a new bot task
            self.changed(handle)

    @staticmethod
    def _choose(handle: GameHandle, seat: int) -> Action:
        game = handle.game
        return handle.bots[seat].choose(game, seat, legal_actions(game, seat))

    # -- shutting down ----------------------------------------------------------------
    async def close(self) -> None:
        self.closing = True
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for handle in self._handles.values():
            for watcher in handle.watchers:
                watcher.closed = True
                watcher.wake.set()
        await self.replays.close()
