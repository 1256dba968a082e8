"""The HTTP and WebSocket API of ``docs/api.md`` (FastAPI), and the browser UI's files.

``create_app(store)`` builds the application over a game store; ``railways
serve`` runs it with uvicorn. Every answer about a game carries only the
asking seat's view (spectators: the public one); refusals are JSON
``{"error": ...}`` with a 4xx status, never a 500.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    WithJsonSchema,
    create_model,
)
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketState

from railways import __version__
from railways.content.decks import load_barons, load_operations
from railways.content.maps import MapError, available_maps, load_map
from railways.content.rules import summary
from railways.content.solo import SOLO_OPERATIONS, load_solo, solo_maps
from railways.core.actions import BuildTrack
from railways.core.board import Board
from railways.core.cards import CardEffect
from railways.core.errors import IllegalAction
from railways.core.game import Game
from railways.core.hexgrid import Hex, Side
from railways.core.legal import long_routes, next_hexes, static_routes
from railways.core.rng import parse_seed
from railways.render.svg import render_board
from railways.rules import (
    board_plugin_classes,
    board_plugins,
    declared_options,
    effects_with,
    offered_options,
)
from railways.rules.records import game_from_record, record_of
from railways.rules.solo.state import is_solo
from railways.rules.texts import card_text
from railways.server import limits, table
from railways.server.auth import bearer, install_log_redaction
from railways.server.games import (
    SERVER_KEY,
    SPECTATOR,
    ApiError,
    GameHandle,
    GameManager,
    Watcher,
)
from railways.server.limits import BodyLimit, RateLimiter, RequestRates, retry_after
from railways.server.payload import GZIP_MIN
from railways.server.replay import Replayer
from railways.server.security import SecurityHeaders, name_problem
from railways.server.signing import key_directory, load_or_create_key, sign
from railways.server.sync import Follower, stop_task
from railways.store import GameMeta, GameStore, SeatInfo, hash_token

log = logging.getLogger("railways.server")

WEB_STATIC = Path(__file__).resolve().parents[1] / "web" / "static"

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Railways of the World</title></head>
<body><h1>Railways of the World</h1>
<p>The browser UI is not installed here yet. The API is at <a href="/docs">/docs</a>.</p>
</body></html>
"""


# -- request bodies ----------------------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _check_name(name: str) -> str:
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name


PlayerName = Annotated[StrictStr, Field(min_length=1, max_length=40), AfterValidator(_check_name)]


class SeatIn(_Strict):
    name: PlayerName
    kind: Literal["human", "bot"] = "human"
    bot: StrictStr | None = None


class _OptionsIn(_Strict):
    """Every option a game knows, each strictly typed (``1`` is not ``true``); the engine
    still checks which go together (a solo option in a multiplayer game, say)."""

    shorter_game: StrictBool = False
    universal_barons: StrictBool = False
    solo: StrictBool = False
    duel_barons: StrictBool = False
    easy_start: StrictBool = False
    target_score: StrictInt | None = Field(default=None, ge=1, le=1000)
    base_exhaust_change: StrictInt = Field(default=0, ge=-1, le=1)
    railbot_cards_removed: StrictInt = Field(default=0, ge=0, le=2)
    operations_limit: StrictInt = Field(default=5, ge=3, le=5)
    fewer_empty_cities: StrictInt = Field(default=0, ge=0, le=2)
    # Optional modules and variants by id (GET /api/variants lists them; the engine
    # refuses unknown ids and forbidden combinations with a 400 that says why).
    modules: list[Annotated[StrictStr, Field(max_length=40)]] | None = Field(
        default=None, max_length=20
    )
    # Modules the board is played with by default (GET /api/maps: ``default_modules``) that
    # the players leave out (RW-p12-13). The options the plug-ins declare (the Event Deck's
    # cards left out, say) are added below.
    without_modules: list[Annotated[StrictStr, Field(max_length=40)]] | None = Field(
        default=None, max_length=20
    )
    # The random generator (railways.core.rng). Without a seed the server always uses
    # blake2b-ctr; with a chosen seed the default is splitmix64, the generator seeds have
    # always meant, so an old seed gives the same game.
    rng: Literal["splitmix64", "blake2b-ctr"] | None = None

    def given(self) -> dict[str, Any]:
        """The options the request set (the engine's defaults are the same), minus
        ``solo: false``, which only restates the default."""
        out = self.model_dump(exclude_unset=True)
        if out.get("solo") is False:
            del out["solo"]
        return out


def _declared_fields() -> dict[str, Any]:
    """A field for each option a plug-in describes (``railways.rules.declared_options``):
    a list of ids, or none for the board's default (the plug-in checks the choice)."""
    return {
        spec.key: (
            list[Annotated[StrictStr, Field(max_length=spec.max_length)]] | None,
            Field(default=None, max_length=spec.max_items, description=spec.described()),
        )
        for spec in declared_options()
    }


# The options, with those the plug-ins describe (a board's or a module's) made from their
# declarations; type checkers see the fixed ones.
if TYPE_CHECKING:
    OptionsIn = _OptionsIn
else:
    OptionsIn = create_model(
        "OptionsIn", __base__=_OptionsIn, __doc__=_OptionsIn.__doc__, **_declared_fields()
    )


def _check_seed(value: object) -> int | None:
    return None if value is None else parse_seed(value)


# A whole number, or hex ("0x...") as JavaScript cannot hold a 128-bit number exactly.
Seed = Annotated[
    int | None,
    BeforeValidator(_check_seed),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 0},
                {"type": "string", "pattern": "^0x[0-9a-fA-F]{1,64}$"},
                {"type": "null"},
            ]
        }
    ),
]


class CreateGameIn(_Strict):
    map: StrictStr = Field(default="eastern-us", max_length=64)
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    seed: Seed = None  # None: the server draws a 128-bit seed (docs/server.md)
    options: OptionsIn = Field(default_factory=OptionsIn)
    # Seconds a human seat has for each move before a stand-in bot plays for it (None: no
    # limit). Part of the table, not of the rules: it is not in the game's record.
    move_limit: StrictInt | None = Field(
        default=None, ge=table.MIN_MOVE_LIMIT, le=table.MAX_MOVE_LIMIT
    )
    # The level of the bot that takes over a seat which lets its move limit pass.
    standin_level: Literal["easy", "medium", "hard"] = "medium"


class ChatIn(_Strict):
    text: StrictStr = Field(min_length=1, max_length=2 * table.MAX_CHAT)


class StandinIn(_Strict):
    level: Literal["easy", "medium", "hard"] | None = "medium"  # table.DEFAULT_STANDIN


class MuteIn(_Strict):
    muted: StrictBool


class NotifyIn(_Strict):
    email: StrictStr | None = Field(default=None, max_length=254)


class ActionIn(_Strict):
    token: StrictStr
    after: StrictInt
    action: dict[str, Any]


class ImportSeatIn(_Strict):
    kind: Literal["human", "bot"] = "human"
    bot: StrictStr | None = None


class ImportIn(_Strict):
    record: dict[str, Any]
    seats: list[ImportSeatIn] | None = None


class SeatOut(BaseModel):
    seat: int
    name: str
    kind: str
    bot: str | None = None
    token: str | None
    url: str | None


class LinkOut(BaseModel):
    token: str
    url: str


class CreatedOut(BaseModel):
    id: str
    seats: list[SeatOut]
    spectator: LinkOut


class PublicSeatOut(BaseModel):
    seat: int
    name: str
    kind: str
    bot: str | None = None


class GameListItem(BaseModel):
    id: str
    map: str
    status: str
    turn: int
    action_index: int
    seats: list[PublicSeatOut]
    created: str
    seed_chosen: bool = False  # somebody chose the seed: every seat is shown it


class OptionOut(BaseModel):
    key: str
    label: str
    help: str
    clause: str
    default: str
    max_items: int
    ordered: bool
    module: str | None  # the module it goes with; None: the board's own
    choices: list[dict[str, str]]


class MapOut(BaseModel):
    id: str
    name: str
    min_players: int
    max_players: int
    solo: bool = False
    # Modules played on this board unless left out (``options.without_modules``).
    default_modules: list[str] = []
    # Options of the board's own rules that list ids to choose among: option key ->
    # [{id, name}]. None chosen: the board's default. (Kept for older clients: ``options``
    # says more.)
    choices: dict[str, list[dict[str, str]]] = {}
    # Every declared option a game on the board may set, the board's and the modules'
    # (``railways.rules.offered_options``): the lobby's form is made from these.
    options: list[OptionOut] = []


class VariantOut(BaseModel):
    id: str
    title: str
    summary: str
    clauses: list[str]
    house: bool
    conflicts: list[str]
    changes_turn: bool


class CardOut(BaseModel):
    name: str
    icon: str
    text: str
    on_build: bool = False  # the card may be named on a Build Track action


class BaronOut(BaseModel):
    name: str
    text: str
    points: int


class MajorLineOut(BaseModel):
    name: str
    endpoints: list[str]
    points: int


class WestOut(BaseModel):
    limits: dict[int, int]
    unlock_score: int | None


class SpecialOut(BaseModel):
    kind: str
    label: str
    symbol: str
    hex: list[int]
    city: str | None = None


class BorderOut(BaseModel):
    kind: str
    label: str


class MapInfoOut(MapOut):
    cards: dict[str, CardOut]
    barons: dict[str, BaronOut]
    major_lines: dict[str, MajorLineOut]
    west_of_the_mountains: WestOut | None = None
    specials: dict[str, SpecialOut] = {}
    borders: dict[str, BorderOut] = {}


class RuleOut(BaseModel):
    clause: str
    summary: str


class NextHexOut(BaseModel):
    row: int
    col: int
    cost: int | None  # null only with redirect=1, where the end tile may only turn there
    completes: bool
    turn_cost: int | None = None  # redirect=1 only: the cost of just turning the end tile


class ErrorOut(BaseModel):
    error: str


def _json(text: str, status: int = 200) -> Response:
    return Response(content=text, status_code=status, media_type="application/json")


def _list_item(meta: GameMeta) -> dict[str, Any]:
    return {
        "id": meta.id,
        "map": meta.map_id,
        "status": meta.status,
        "turn": meta.turn,
        "action_index": meta.action_count,
        "seats": [
            {"seat": i, "name": s.name, "kind": s.kind, "bot": s.bot}
            for i, s in enumerate(meta.seats)
        ],
        "created": datetime.fromtimestamp(meta.created, UTC).isoformat(timespec="seconds"),
        "seed_chosen": bool((meta.setup.get(SERVER_KEY) or {}).get("seed_chosen")),
    }


def _created(handle: GameHandle, tokens: list[str | None], spectator: str) -> dict[str, Any]:
    seats = []
    for i, (info, token) in enumerate(zip(handle.meta.seats, tokens, strict=True)):
        seats.append(
            {
                "seat": i,
                "name": info.name,
                "kind": info.kind,
                "bot": info.bot,
                "token": token,
                "url": f"/game/{handle.id}?token={token}" if token else None,
            }
        )
    return {
        "id": handle.id,
        "seats": seats,
        "spectator": {"token": spectator, "url": f"/game/{handle.id}?token={spectator}"},
    }


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "malformed request: " + "; ".join(parts)


@cache
def _maps() -> list[dict[str, Any]]:
    out = []
    for map_id in available_maps():
        try:
            board = load_map(map_id)
        except MapError:
            continue
        out.append(
            {
                "id": board.id,
                "name": board.name,
                "min_players": board.min_players,
                "max_players": board.max_players,
                "solo": board.id in _solo_maps(),
                "default_modules": list(board.default_modules),
                "choices": _choices(board),
                "options": offered_options(board),
            }
        )
    return out


def _choices(board: Board) -> dict[str, list[dict[str, str]]]:
    """The board plug-ins' multi-choice options (``Plugin.option_choices``)."""
    out: dict[str, list[dict[str, str]]] = {}
    try:
        classes = board_plugin_classes(board)
    except ValueError:
        return out
    for cls in classes:
        for key, values in cls.option_choices(board).items():
            out[key] = [{"id": vid, "name": name} for vid, name in values]
    return out


@cache
def _solo_maps() -> frozenset[str]:
    return frozenset(solo_maps())


@cache
def _plays_on_build(effect: CardEffect | None) -> bool:
    """Whether a card of this effect may be named on a Build Track action (the page offers it)."""
    if effect is None:
        return False
    return "build" in effect.plays_on or type(effect).build_rules is not CardEffect.build_rules


def _map_info(map_id: str) -> dict[str, Any] | None:
    """A map's public facts: its card and Rail Baron decks as printed (names, texts) and,
    for a solo map, where building west of the mountains waits (RB-100). Never who holds
    what: that is in a game's views only."""
    entry = next((m for m in _maps() if m["id"] == map_id), None)
    if entry is None:
        return None
    board = load_map(map_id)
    cards = load_operations(map_id)
    barons = load_barons(map_id)
    effects, _barons = effects_with(board_plugins(board))
    city_names = {cid: c.name for cid, c in board.cities.items()}
    west = None
    if entry["solo"]:
        cards.update(load_operations(map_id, SOLO_OPERATIONS))  # the solo game's own cards
        smap = load_solo(map_id)
        if smap.west_limits:
            west = {"limits": dict(smap.west_limits), "unlock_score": smap.west_unlock_score}
    return {
        **entry,
        "cards": {
            cid: {
                "name": c.name,
                "icon": c.icon.value,
                "text": card_text(c, city_names, effects),
                "on_build": _plays_on_build(effects.get(c.effect)),
            }
            for cid, c in cards.items()
        },
        "barons": {
            bid: {"name": b.name, "text": b.text, "points": b.points} for bid, b in barons.items()
        },
        "major_lines": {
            lid: {"name": line.name, "endpoints": list(line.endpoints), "points": line.points}
            for lid, line in board.major_lines.items()
        },
        "west_of_the_mountains": west,
        # How the map's own features look: front ends draw them from this, whatever the rule.
        "specials": {
            sid: {
                "kind": sp.kind,
                "label": sp.label,
                "symbol": sp.symbol,
                "hex": [sp.at.row, sp.at.col],
                "city": sp.city,
            }
            for sid, sp in board.specials.items()
        },
        "borders": {bid: {"kind": b.kind, "label": b.label} for bid, b in board.borders.items()},
    }


@cache
def _board_svg(map_id: str, colorblind: bool) -> str:
    return render_board(load_map(map_id), colorblind=colorblind)


def _game_board_svg(board: Board, colorblind: bool) -> str:
    """The picture of a game's own board (Through Time's chosen eras), made once per board."""
    return board.derived(
        ("board-svg", colorblind), lambda: render_board(board, colorblind=colorblind)
    )


def _try_plan(game: Game, action: BuildTrack) -> Any:
    try:
        return game.plan(action)
    except IllegalAction:
        return None


def redirect_hexes(
    game: Game, seat: int, path: tuple[Hex, ...], cards: tuple[str, ...]
) -> list[dict[str, Any]]:
    """``next_hexes`` for a build that turns (redirects) the end tile of the seat's own
    incomplete link at ``path[0]`` (RW-p5-04): where the build may go next, and, while the
    path is that one hex, what turning the tile to face each neighbour alone would cost."""
    board = game.board
    if not path:
        return []
    out = []
    for side, nxt in path[-1].neighbours():
        if nxt in path or nxt not in board.hexes:
            continue
        candidate = path + (nxt,)
        exits: list[Side | None] = [None] if board.city_at(nxt) is not None else list(Side)
        plan = None
        for exit_ in exits:
            plan = _try_plan(
                game, BuildTrack(seat=seat, path=candidate, exit=exit_, redirect=True, cards=cards)
            )
            if plan is not None:
                break
        turn = None
        if len(path) == 1:
            turn = _try_plan(
                game, BuildTrack(seat=seat, path=path, exit=side, redirect=True, cards=cards)
            )
        if plan is None and turn is None:
            continue
        out.append(
            {
                "row": nxt.row,
                "col": nxt.col,
                "cost": plan.cost if plan is not None else None,
                "completes": bool(plan is not None and plan.completes),
                "turn_cost": turn.cost if turn is not None else None,
            }
        )
    return out


def _parse_path(text: str) -> tuple[Hex, ...]:
    hexes = []
    for part in filter(None, text.split(";")):
        try:
            row, col = (int(x) for x in part.split(","))
        except ValueError:
            raise ApiError(422, f"path: expected row,col;row,col;... but got {part!r}") from None
        hexes.append(Hex.from_offset(row, col))
    if len(hexes) > 64:
        raise ApiError(422, "path: too long")
    return tuple(hexes)


def _caller(connection: HTTPConnection) -> limits.Caller:
    """Who sent this request, for the token limits: a WebSocket counts as a read."""
    address = connection.client.host if connection.client else "?"
    method = connection.scope.get("method", "GET")
    return limits.Caller(address, write=method not in ("GET", "HEAD", "OPTIONS"))


def create_app(
    store: GameStore,
    *,
    bot_delay: float = 0.6,
    static_dir: Path | None = None,
    close_store: bool = True,
    tune_gc: bool = False,
    max_loaded: int = 1000,
    max_body: int = limits.MAX_BODY,
    creates_per_minute: float = limits.CREATES_PER_MINUTE,
    create_burst: int = limits.CREATE_BURST,
    websockets_per_seat: int = limits.WEBSOCKETS_PER_SEAT,
    data_dir: Path | None = None,
    notices: table.TurnNotices | None = None,
    reads_per_minute: float = 0.0,
    actions_per_minute: float = 0.0,
    imports_per_minute: float = 0.0,
    rate_bursts: tuple[int, int, int] = (
        limits.READ_BURST,
        limits.ACTION_BURST,
        limits.IMPORT_BURST,
    ),
) -> FastAPI:
    """The application over ``store``; bots wait ``bot_delay`` seconds before each move.

    ``tune_gc`` (for a server process of its own): after the boards' route tables are
    computed, move them out of the garbage collector's sight and collect less often, since
    live games hold many objects and no cycles worth chasing every few milliseconds.

    ``max_body``: the largest request body in bytes (413 beyond). ``creates_per_minute``
    and ``create_burst``: how many games one client address may create or import (429
    with Retry-After beyond; 0 turns the limit off). ``websockets_per_seat``: live
    connections one seat (or the spectator link) may hold on one game.
    ``reads_per_minute``, ``actions_per_minute``, ``imports_per_minute``: each client
    address's request rates (limits.RequestRates; 429 or WebSocket close 4429 beyond), after
    the bursts ``rate_bursts`` (reads, actions, imports); 0 (the default here;
    ``railways serve`` turns them on) counts nothing.

    ``data_dir``: where the key that signs exported records is kept (default: beside the
    SQLite file, else the default data dir; railways.server.signing).
    """
    key_dir = key_directory(str(getattr(store, "url", "")), data_dir)
    try:
        key = None if key_dir is None else load_or_create_key(key_dir)
    except (OSError, ValueError) as exc:  # a read-only or broken data dir: still serve
        log.warning("records will be signed with a key for this run only: %s", exc)
        key = None
    manager = GameManager(store, bot_delay, max_loaded, signing_key=key, notices=notices)
    install_log_redaction()
    static = static_dir or WEB_STATIC

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        warm = asyncio.get_running_loop().create_task(asyncio.to_thread(_warm_up, app, tune_gc))
        resume = asyncio.get_running_loop().create_task(manager.resume())
        follow = asyncio.get_running_loop().create_task(Follower(manager).run())
        await _check_store()
        if app.state.store_problem:
            log.warning("the game store cannot be written: %s", app.state.store_problem)
        try:
            yield
        finally:
            await stop_task(follow)
            resume.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await resume
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await warm
            await manager.close()
            manager.store_calls.close()
            if close_store:
                store.close()

    app = FastAPI(
        title="Railways of the World",
        version=__version__,
        description="The game server: see docs/api.md.",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.warm = False
    # Added innermost first: gzip wraps the routes (a seat's state is ~100-200 KB of JSON,
    # a tenth of that gzipped; WebSocket updates use permessage-deflate instead), then the
    # body limit, then the security headers, which go on every answer, the 413s included.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN)
    app.add_middleware(BodyLimit, max_body=max_body)
    app.add_middleware(
        RequestRates,
        reads=RateLimiter(reads_per_minute, rate_bursts[0]),
        actions=RateLimiter(actions_per_minute, rate_bursts[1]),
        imports=RateLimiter(imports_per_minute, rate_bursts[2]),
        imports_busy=manager.imports_busy,
    )
    app.add_middleware(SecurityHeaders)
    # The same rates per seat token; wrong tokens limited whenever reads are.
    manager.token_rates = limits.TokenRates(
        reads=RateLimiter(reads_per_minute, rate_bursts[0]),
        actions=RateLimiter(actions_per_minute, rate_bursts[1]),
        wrong=RateLimiter(
            limits.WRONG_TOKENS_PER_MINUTE if reads_per_minute else 0.0, limits.WRONG_TOKEN_BURST
        ),
    )
    create_limit = RateLimiter(creates_per_minute, create_burst)
    sockets: dict[tuple[str, int | None], int] = {}  # (game, seat) -> live WebSockets

    def _rate_limit(request: Request) -> None:
        client = request.client.host if request.client else "?"
        wait = create_limit.take(client)
        if wait:
            raise ApiError(
                429,
                f"too many games created from {client}; try again in {retry_after(wait)} s",
                headers={"Retry-After": retry_after(wait)},
            )

    app.state.store_problem = None
    app.state.store_checked = 0.0

    async def _check_store() -> None:
        app.state.store_checked = time.monotonic()
        try:
            problem = await manager.store_calls.in_writer(store.write_problem)
        except Exception as exc:  # the check itself failed: that is the answer
            problem = f"the store cannot be checked: {exc}"
        app.state.store_problem = problem

    @app.get("/api/health", include_in_schema=False)
    async def health() -> JSONResponse:
        """Liveness; whether the route tables of the boards are computed yet; and whether
        the store takes writes (503 with the reason if not: a read-only database, a full
        disk, a lock held elsewhere)."""
        if time.monotonic() - app.state.store_checked > 2.0 or manager.store_calls.problem:
            await _check_store()
        problem = app.state.store_problem
        body = {
            "ok": problem is None,
            "warm": app.state.warm,
            "store": {"writable": problem is None, "problem": problem},
        }
        return JSONResponse(body, status_code=200 if problem is None else 503)

    # -- errors: always JSON {"error": ...}; never a 500 for bad input ------------------
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        detail = [
            {"loc": list(e.get("loc", ())), "msg": e.get("msg", ""), "type": e.get("type", "")}
            for e in exc.errors()[:20]
        ]
        return JSONResponse({"error": _validation_message(exc), "detail": detail}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:  # pragma: no cover
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse({"error": "internal error"}, status_code=500)

    def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
        # Every route may answer 413 (body limit) and 503 (the store is unavailable).
        return {c: {"model": ErrorOut} for c in sorted({*codes, 413, 422, 503})}

    responses = _errors(403, 404)
    retry = {"Retry-After": {"schema": {"type": "string"}, "description": "seconds to wait"}}
    too_many: dict[int | str, dict[str, Any]] = {429: {"model": ErrorOut, "headers": retry}}

    # -- games --------------------------------------------------------------------------
    @app.post(
        "/api/games",
        status_code=201,
        response_model=CreatedOut,
        responses={**_errors(400), **too_many},
    )
    async def create_game(body: CreateGameIn, request: Request) -> dict[str, Any]:
        """Start a game; the answer holds each human seat's private token (shown once)."""
        _rate_limit(request)
        seats = [SeatInfo(s.name, s.kind, s.bot) for s in body.seats]
        handle, tokens, spectator = await manager.create(
            body.map,
            seats,
            body.seed,
            body.options.given(),
            move_limit=body.move_limit,
            standin_level=body.standin_level,
        )
        return _created(handle, tokens, spectator)

    @app.post(
        "/api/games/import",
        status_code=201,
        response_model=CreatedOut,
        responses={**_errors(400), **too_many},
    )
    async def import_game(body: ImportIn, request: Request) -> dict[str, Any]:
        """Start a game from a GameRecord; it is replayed and checked first (400 with where)."""
        _rate_limit(request)
        seats = None
        if body.seats is not None:
            seats = [SeatInfo("", s.kind, s.bot) for s in body.seats]
        handle, tokens, spectator = await manager.import_record(body.record, seats)
        return _created(handle, tokens, spectator)

    @app.get("/api/games", response_model=list[GameListItem], responses=_errors())
    async def list_games(
        response: Response,
        request: Request,
        token: Annotated[list[str] | None, Query(max_length=20)] = None,
        limit: Annotated[int, Query(ge=1, le=100)] = 50,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    ) -> list[dict[str, Any]]:
        """Games, newest first, ``limit`` at a time from ``offset``. Without ``token`` only
        open games (not over); with ``token`` (repeatable) only the caller's games, over
        or not. ``X-Total-Count`` says how many there are in all."""
        if not token and bearer(request):
            token = [str(bearer(request))]
        hashes = [hash_token(t) for t in token] if token else None
        open_only = hashes is None  # a stranger sees the games still open to watch

        def page() -> tuple[int, list[GameMeta]]:
            total = store.count_games(hashes, open_only)
            return total, store.list_games(hashes, open_only=open_only, limit=limit, offset=offset)

        page.__name__ = "list_games"  # a read, for the store's thread pools
        total, metas = await manager.call_store(page)
        response.headers["X-Total-Count"] = str(total)
        return [_list_item(m) for m in metas]

    @app.get("/api/games/{game_id}", responses=_errors(403, 404))
    async def get_game(game_id: str, request: Request, token: str | None = None) -> Response:
        """The token's seat's view and legal actions (spectators: public view, legal null).
        The token may come as ``Authorization: Bearer ...`` instead of ``?token=``."""
        handle, seat = await manager.open(game_id, token or bearer(request), _caller(request))
        who = None if seat is SPECTATOR else seat
        assert who is None or isinstance(who, int)
        async with handle.lock:
            moved = await manager.catch_up(handle)  # another server process may have acted
            text = handle.state_json(who)
        if moved:
            manager.changed(handle)
        return _json(text)

    @app.post(
        "/api/games/{game_id}/actions",
        responses=_errors(400, 403, 404, 409),
    )
    async def act(game_id: str, body: ActionIn, request: Request) -> Response:
        """Take an action as the token's seat, after action number ``after``."""
        handle, _seat = await manager.open(game_id, body.token, _caller(request))
        try:
            seat = await manager.act(handle, body.token, body.after, body.action)
        except IllegalAction as exc:
            return JSONResponse(
                {"error": exc.message, "clause": exc.clause, "rule": summary(exc.clause)},
                status_code=400,
            )
        async with handle.lock:
            return _json(handle.state_json(seat))

    @app.get(
        "/api/games/{game_id}/next-hexes",
        response_model=list[NextHexOut],
        response_model_exclude_unset=True,
        responses=_errors(403, 404),
    )
    async def get_next_hexes(
        game_id: str,
        request: Request,
        token: str | None = None,
        path: str = "",
        cards: str = "",
        redirect: bool = False,
    ) -> list[dict[str, Any]]:
        """Where a build in progress (``path``) may go next, with the cost so far.

        With ``redirect=1`` the build turns the end tile of the seat's own incomplete link
        at the path's first hex; each answer then also says (``turn_cost``) what turning
        the tile to face that hex alone would cost, while the path is that one hex."""
        handle, seat = await manager.open(game_id, token or bearer(request), _caller(request))
        if seat is SPECTATOR:
            raise ApiError(403, "a spectator token can only watch")
        assert isinstance(seat, int)
        hexes = _parse_path(path)
        card_ids = tuple(c for c in cards.split(",") if c)
        if redirect:
            async with handle.lock:
                return redirect_hexes(handle.game, seat, hexes, card_ids)
        async with handle.lock:
            found = next_hexes(handle.game, seat, hexes, card_ids)
        return [
            {"row": h.row, "col": h.col, "cost": cost, "completes": completes}
            for h, cost, completes in found
        ]

    # -- around the table: chat, stand-in bots, muting, turn notices ---------------------
    chat_limit = RateLimiter(table.CHAT_PER_MINUTE, table.CHAT_BURST)
    posting = _errors(400, 403, 404)  # 400: a body that is not JSON

    async def _seat(game_id: str, request: Request, token: str | None) -> tuple[GameHandle, int]:
        handle, seat = await manager.open(game_id, token or bearer(request), _caller(request))
        if not isinstance(seat, int):
            raise ApiError(403, "only a seat can do this; a spectator link can only watch")
        return handle, seat

    @app.get("/api/games/{game_id}/chat", responses=responses)
    async def read_chat(
        game_id: str,
        request: Request,
        after: Annotated[int, Query(ge=0)] = 0,
        token: str | None = None,
    ) -> list[dict[str, Any]]:
        """The chat messages after ``after`` that this token may read."""
        handle, seat = await manager.open(game_id, token or bearer(request), _caller(request))
        await manager.load_chat(handle)
        return handle.visible_chat(seat if isinstance(seat, int) else None, after)

    @app.post("/api/games/{game_id}/chat", status_code=201, responses={**posting, **too_many})
    async def post_chat(
        game_id: str, body: ChatIn, request: Request, token: str | None = None
    ) -> dict[str, Any]:
        """Say something to the table (seats and spectators; spectators not when muted)."""
        given = token or bearer(request)
        handle, seat = await manager.open(game_id, given, _caller(request))
        who = seat if isinstance(seat, int) else None
        if who is None and handle.settings.get(table.MUTED):
            raise ApiError(403, "the seats have muted spectators in this game's chat")
        wait = chat_limit.take(hash_token(given or ""))
        if wait:
            raise ApiError(
                429, "too many messages; wait a little", headers={"Retry-After": retry_after(wait)}
            )
        try:
            text = table.clean_chat(body.text)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        name = handle.game.seats[who] if who is not None else "Spectator"
        return await manager.add_chat(handle, who, name, text)

    @app.post("/api/games/{game_id}/standin", responses=posting)
    async def standin(
        game_id: str, body: StandinIn, request: Request, token: str | None = None
    ) -> dict[str, Any]:
        """Hand this seat to a bot of ``level`` (``null``: take the seat back)."""
        handle, seat = await _seat(game_id, request, token)
        await manager.set_standin(handle, seat, body.level)
        return {"seat": seat, "standin": body.level}

    @app.post("/api/games/{game_id}/mute", responses=posting)
    async def mute(
        game_id: str, body: MuteIn, request: Request, token: str | None = None
    ) -> dict[str, Any]:
        """A seat mutes (or unmutes) spectators in the chat, for everyone."""
        handle, seat = await _seat(game_id, request, token)
        await manager.set_setting(handle, table.MUTED, True if body.muted else None)
        name = handle.game.seats[seat]
        state = "mutes" if body.muted else "unmutes"
        await manager.add_chat(handle, None, "Table", f"{name} {state} spectators", system=True)
        return {"muted": body.muted}

    @app.post("/api/games/{game_id}/notify", responses={**posting, **_errors(409)})
    async def notify(
        game_id: str, body: NotifyIn, request: Request, token: str | None = None
    ) -> dict[str, Any]:
        """Where this seat is told that it is its turn when its page is closed (``null``:
        nowhere). Only this seat ever sees the address."""
        handle, seat = await _seat(game_id, request, token)
        email = None
        if body.email is not None:
            try:
                email = table.check_email(body.email)
            except ValueError as exc:
                raise ApiError(422, str(exc)) from None
            if not manager.notices.smtp_host:
                raise ApiError(409, "this server sends no e-mail (its operator has not set one)")
        addresses = dict(handle.settings.get(table.NOTIFY) or {})
        if email is None:
            addresses.pop(str(seat), None)
        else:
            addresses[str(seat)] = email
        await manager.set_setting(handle, table.NOTIFY, addresses or None)
        return {"seat": seat, "email": email}

    @app.get("/api/games/{game_id}/replay", responses=responses)
    async def replay_step(
        game_id: str,
        request: Request,
        at: Annotated[int, Query(ge=0, le=1_000_000)],
        token: str | None = None,
    ) -> dict[str, Any]:
        """The position after the game's first ``at`` actions as this token's seat saw it
        then (a spectator token: the public view), with that step's last log line. Any game,
        running or over; the record itself never leaves the server."""
        handle, seat = await manager.open(game_id, token or bearer(request), _caller(request))
        async with handle.lock:
            actions = tuple(handle.game.actions)
            if handle.replayer is None:
                start = record_of(handle.game)
                handle.replayer = Replayer(game_from_record(dataclasses.replace(start, actions=())))
            replayer = handle.replayer
        if at > len(actions):
            raise ApiError(400, f"step {at}: this game has {len(actions)} actions so far")
        who = seat if isinstance(seat, int) else None  # SPECTATOR: the public view
        step = await asyncio.to_thread(replayer.view_at, actions, at, who)
        return {"id": game_id, "seat": who, "at": at, "total": len(actions), **step}

    @app.get("/api/games/{game_id}/record", responses=responses)
    async def get_record(
        game_id: str, request: Request, token: str | None = None
    ) -> dict[str, Any]:
        """The GameRecord, once the game is over (before, it would reveal the seed and
        everyone's Rail Barons). A game this server refereed from its first action carries
        this server's signature (docs/server.md); one imported from a record that was not
        this server's own is given back as it came, unsigned."""
        handle, _seat = await manager.open(game_id, token or bearer(request), _caller(request))
        async with handle.lock:
            if not handle.game.over:
                raise ApiError(
                    403,
                    "the record can be exported once the game is over: it holds the seed, "
                    "which decides every hidden card and cube, and every seat's Rail Baron",
                )
            record = record_of(handle.game).to_dict()
            if handle.info.get("signed_by_this_server", True):
                record = sign(manager.signing_key, record)
            return record

    # -- maps and rules -----------------------------------------------------------------
    @app.get("/api/maps", response_model=list[MapOut], responses=_errors())
    async def list_maps() -> list[dict[str, Any]]:
        """The maps; ``solo``: the map can be played solo against the Railbot."""
        return _maps()

    @app.get("/api/variants", response_model=list[VariantOut], responses=_errors())
    async def list_variants() -> list[dict[str, Any]]:
        """The optional modules and variants a game may choose (``options.modules``)."""
        from railways.rules.modules.base import describe_modules

        return describe_modules()

    @app.get("/api/maps/{map_id}", response_model=MapInfoOut, responses=_errors(404))
    async def map_info(map_id: str) -> dict[str, Any]:
        """A map with the names and texts of its Operations cards and Rail Barons (the
        printed decks; who holds which is never here)."""
        info = await asyncio.to_thread(_map_info, map_id) if map_id in available_maps() else None
        if info is None:
            raise ApiError(404, f"no map {map_id!r}")
        return info

    @app.get(
        "/api/maps/{map_id}/board.svg",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}, **_errors(404)},
    )
    async def board_svg(map_id: str, colorblind: bool = False) -> Response:
        """The board picture; ``colorblind`` (1/0, true/false) adds colour letters."""
        if map_id not in available_maps():
            raise ApiError(404, f"no map {map_id!r}")
        svg = await asyncio.to_thread(_board_svg, map_id, colorblind)
        return Response(content=svg, media_type="image/svg+xml")

    @app.get(
        "/api/games/{game_id}/board.svg",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}, **_errors(404)},
    )
    async def game_board_svg(game_id: str, colorblind: bool = False) -> Response:
        """The picture of the board the game is played on: the map's, or for a board put
        together at set-up (Through Time's eras) that game's own. Public, as the map's is."""
        handle = await manager.get(game_id)
        if is_solo(handle.game):
            # Solo leaves its out-of-play cities off the game's board, but the table still
            # shows them, under the Not in Play discs the page draws (RB-097).
            svg = await asyncio.to_thread(_board_svg, handle.game.board.id, colorblind)
        else:
            svg = await asyncio.to_thread(_game_board_svg, handle.game.board, colorblind)
        return Response(content=svg, media_type="image/svg+xml")

    @app.get("/api/rules/{clause}", response_model=RuleOut, responses=_errors(404))
    async def rule(clause: str) -> dict[str, Any]:
        text = summary(clause)
        if text is None:
            raise ApiError(404, f"no summary of clause {clause!r}")
        return {"clause": clause, "summary": text}

    # -- live updates ---------------------------------------------------------------------
    @app.websocket("/api/games/{game_id}/ws")
    async def live(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        try:
            if not token:  # the browser's way: the token is the first message, not in the URL
                token = await _first_message_token(websocket)
            handle, seat = await manager.open(game_id, token, _caller(websocket))
        except ApiError as exc:
            # Accept, then close with 4403/4404 and the reason: a browser sees the code,
            # while a refused handshake would only show up as a generic failure.
            await _accept(websocket)
            await websocket.close(code=4000 + exc.status, reason=exc.message[:120])
            return
        who = None if seat is SPECTATOR else seat
        assert who is None or isinstance(who, int)
        key = (handle.id, who)
        if sockets.get(key, 0) >= websockets_per_seat:
            # As above, a close code a browser can see: 4429, "too many".
            await _accept(websocket)
            await websocket.close(
                code=4429,
                reason=f"this seat already has {websockets_per_seat} live connections",
            )
            return
        sockets[key] = sockets.get(key, 0) + 1
        try:
            await _follow(websocket, handle, who)
        finally:
            sockets[key] -= 1
            if not sockets[key]:
                del sockets[key]

    async def _follow(websocket: WebSocket, handle: GameHandle, who: int | None) -> None:
        await _accept(websocket)
        watcher = Watcher(who)
        handle.watchers.add(watcher)
        sent = (-1, -1)
        chat_sent = 0
        await manager.load_chat(handle)
        closed_by_peer = asyncio.get_running_loop().create_task(_drain(websocket))
        try:
            # A handle dropped before the watcher was added (the awaits above) would never
            # wake it: the dead check sends that socket to reconnect too.
            while not (watcher.closed or handle.dead) and not closed_by_peer.done():
                watcher.wake.clear()
                async with handle.lock:
                    now = (handle.index, handle.table_version)
                    message = handle.update_json(who) if now != sent else None
                    said = handle.visible_chat(who, chat_sent)
                if message is not None:
                    await websocket.send_text(message)
                    sent = now
                if said:
                    await websocket.send_text(
                        json.dumps({"type": "chat", "messages": said}, separators=(",", ":"))
                    )
                    chat_sent = said[-1]["seq"]
                waiter = asyncio.ensure_future(watcher.wake.wait())
                await asyncio.wait({waiter, closed_by_peer}, return_when=asyncio.FIRST_COMPLETED)
                waiter.cancel()
            if (watcher.closed or handle.dead) and not closed_by_peer.done():
                await websocket.close(code=1012, reason="the game was reloaded; reconnect")
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            handle.watchers.discard(watcher)
            closed_by_peer.cancel()

    # -- the browser UI -------------------------------------------------------------------
    def _page(name: str) -> Response:
        path = static / name
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return HTMLResponse(PLACEHOLDER)

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return _page("index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> Response:
        return _page("game.html")

    if static.is_dir():
        app.mount("/static", StaticFiles(directory=static), name="static")
    else:

        @app.get("/static/{path:path}", include_in_schema=False)
        async def no_static(path: str) -> Response:
            raise ApiError(404, f"no file {path!r}: the browser UI is not installed")

    return app


def _warm_up(app: FastAPI, tune_gc: bool) -> None:
    """Compute each board's candidate-route tables once, before the first player needs them.

    The default board first: the server reports itself warm (``/api/health``) as soon as
    it is ready, and the other boards follow in the same thread (a dozen boards take tens of
    seconds; one that a game needs before its turn here is computed on first use)."""
    ids = sorted(e["id"] for e in _maps())
    ids.sort(key=lambda i: i != "eastern-us")
    for n, map_id in enumerate(ids):
        board = load_map(map_id)
        for tiles in (4, 5):
            static_routes(board, tiles)
            long_routes(board, tiles)
        if n == 0:
            if tune_gc:
                gc.collect()
                gc.set_threshold(20_000, 20, 50)
            app.state.warm = True
    if tune_gc:
        gc.collect()
        gc.freeze()


async def _accept(websocket: WebSocket) -> None:
    if websocket.client_state is WebSocketState.CONNECTING:
        await websocket.accept()


FIRST_MESSAGE_SECONDS = 10.0  # how long a WebSocket may take to send its token


async def _first_message_token(websocket: WebSocket) -> str:
    """Accept, then read ``{"token": "..."}`` as the first message (ApiError 403 if it does
    not come in time or is not that), so the token never travels in the URL."""
    await _accept(websocket)
    try:
        text = await asyncio.wait_for(websocket.receive_text(), FIRST_MESSAGE_SECONDS)
        token = json.loads(text).get("token")
    except (TimeoutError, ValueError, AttributeError, KeyError, WebSocketDisconnect):
        token = None
    if not isinstance(token, str) or not token:
        raise ApiError(403, 'a seat or spectator token is needed: send {"token": "..."} first')
    return token


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, so a disconnect is noticed at once."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message.get("type") == "websocket.disconnect":
                return
