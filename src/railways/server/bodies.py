"""The request bodies of the API (``docs/api.md``), strictly typed: ``1`` is not ``true``.

The options a plug-in declares (a board's or a module's, ``railways.rules.declared_options``)
are fields of :data:`OptionsIn` made from their declarations, so no option of a board is
written here by hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

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

from railways.content.maps import DEFAULT_MAP
from railways.core.rng import parse_seed
from railways.rules import declared_options
from railways.server import table
from railways.server.security import name_problem

# The board a new game is played on when the request names none (the server warms it first).


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
    map: StrictStr = Field(default=DEFAULT_MAP, max_length=64)
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


class ConcedeIn(_Strict):
    level: Literal["easy", "medium", "hard"] = "medium"  # table.DEFAULT_STANDIN


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


def json_body(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI ``requestBody`` of a route that reads its body as bytes (to parse it
    elsewhere) but takes ``model``: FastAPI documents only the bodies it parses itself.
    The model's own definitions are written in place, so the schema stands alone."""
    schema = model.model_json_schema()
    definitions = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return inline(definitions[ref.removeprefix("#/$defs/")])
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(item) for item in node]
        return node

    content = {"application/json": {"schema": inline(schema)}}
    return {"requestBody": {"content": content, "required": True}}
