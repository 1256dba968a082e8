"""The answers of the API (``docs/api.md``) as models, for the OpenAPI description
(``/docs``) and to keep each answer to its documented fields."""

from __future__ import annotations

from pydantic import BaseModel


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
    # The board a game is played on when a create request names none (one map has it).
    default: bool = False
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
