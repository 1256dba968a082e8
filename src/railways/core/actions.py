"""The actions a seat can take, as small frozen values with a stable JSON form.

Every action has a ``kind`` (its registry key), a ``to_dict``/``from_dict``
round trip through :func:`action_from_dict`, and a short text notation for
logs and the terminal (``str(action)``). Money amounts are in $1,000s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, TypeVar

from railways.core.hexgrid import Hex, Side

ACTION_TYPES: dict[str, type[Action]] = {}
A = TypeVar("A", bound="type[Action]")


def register(cls: A) -> A:
    """Add an action class to the registry that :func:`action_from_dict` reads."""
    ACTION_TYPES[cls.kind] = cls
    return cls


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``seat`` is the acting seat (0-based)."""

    seat: int
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out


def _encode(value: Any) -> Any:
    if isinstance(value, Hex):
        return [value.row, value.col]
    if isinstance(value, Side):
        return value.name
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def _hex(value: Any) -> Hex:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"expected a hex as [row, col], got {value!r}")
    return Hex.from_offset(value[0], value[1])


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _opt_str(value: Any) -> str | None:
    return None if value is None else _str(value)


# Called (each once) when a record names an action kind not yet known: plug-ins define kinds
# of their own, and a process may read a record before it has started a game that imports them.
KIND_LOADERS: list[Callable[[], None]] = []


def _load_more_kinds() -> None:
    while KIND_LOADERS:
        KIND_LOADERS.pop(0)()


def action_from_dict(data: Any) -> Action:
    """Rebuild an action from its JSON form; raises ValueError saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be an object, got {type(data).__name__}")
    kind = data.get("kind")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None and isinstance(kind, str) and KIND_LOADERS:
        _load_more_kinds()
        cls = ACTION_TYPES.get(kind)
    if cls is None:
        raise ValueError(f"unknown action kind {kind!r}")
    expected = {f.name for f in fields(cls)}
    extra = set(data) - expected - {"kind"}
    if extra:
        raise ValueError(f"{kind}: unexpected field(s) {', '.join(sorted(extra))}")
    required = [f.name for f in fields(cls) if f.name not in data and f.default is MISSING]
    if required:
        raise ValueError(f"{kind}: missing field(s) {', '.join(required)}")
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        try:
            kwargs[f.name] = _DECODERS[f.name](data[f.name])
        except (ValueError, KeyError) as exc:
            raise ValueError(f"{kind}.{f.name}: {exc}") from None
    return cls(**kwargs)


def _hexes(value: Any) -> tuple[Hex, ...]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list of hexes, got {value!r}")
    return tuple(_hex(v) for v in value)


def _side(value: Any) -> Side | None:
    if value is None:
        return None
    return Side.parse(_str(value))


def _strs(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list of names, got {value!r}")
    return tuple(_str(v) for v in value)


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {value!r}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


_DECODERS: dict[str, Any] = {
    "seat": _int,
    "amount": _int,
    "baron": _str,
    "path": _hexes,
    "exit": _side,
    "cards": _strs,
    "city": _str,
    "color": _opt_str,
    "source": _str,
    "links": lambda v: tuple(_int(x) for x in _list(v)),
    "card": _str,
    "target": _opt_str,
    "redirect": _bool,
}


@register
@dataclass(frozen=True, slots=True)
class ChooseBaron(Action):
    """Keep one of the two Rail Baron cards dealt; the other leaves the game unseen."""

    baron: str = ""
    kind: ClassVar[str] = "choose_baron"

    def __str__(self) -> str:
        return f"P{self.seat + 1} keeps a Rail Baron"


@register
@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int = 0
    kind: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return f"P{self.seat + 1} bids ${self.amount},000"


@register
@dataclass(frozen=True, slots=True)
class PassBid(Action):
    kind: ClassVar[str] = "pass_bid"

    def __str__(self) -> str:
        return f"P{self.seat + 1} passes in the auction"


@register
@dataclass(frozen=True, slots=True)
class BuildTrack(Action):
    """Lay tiles along ``path``.

    ``path[0]`` is where the build starts: a city hex, or the open end of one
    of the seat's own incomplete links. Each following hex gets a new tile,
    except a final hex that is a city (the link is complete) or the open end
    of another own incomplete link (the two join). When the build stops on a
    new tile, ``exit`` is the side that tile points to. ``redirect`` re-lays
    the end tile of the incomplete link at ``path[0]`` (paying for it again).
    ``cards`` names Operations cards used on this build.
    """

    path: tuple[Hex, ...] = ()
    exit: Side | None = None
    redirect: bool = False
    cards: tuple[str, ...] = ()
    kind: ClassVar[str] = "build_track"

    def __str__(self) -> str:
        hexes = " ".join(str(h) for h in self.path)
        extra = f" exit {self.exit.name}" if self.exit is not None else ""
        extra += " (redirect)" if self.redirect else ""
        extra += f" using {', '.join(self.cards)}" if self.cards else ""
        return f"P{self.seat + 1} builds {hexes}{extra}"


@register
@dataclass(frozen=True, slots=True)
class Urbanize(Action):
    city: str = ""
    color: str | None = None
    kind: ClassVar[str] = "urbanize"

    def __str__(self) -> str:
        return f"P{self.seat + 1} urbanizes {self.city} ({self.color})"


@register
@dataclass(frozen=True, slots=True)
class UpgradeEngine(Action):
    cards: tuple[str, ...] = ()
    kind: ClassVar[str] = "upgrade_engine"

    def __str__(self) -> str:
        return f"P{self.seat + 1} upgrades the engine"


@register
@dataclass(frozen=True, slots=True)
class DeliverGoods(Action):
    """Move one cube of ``color`` from ``city`` along ``links`` (link ids in order)."""

    city: str = ""
    color: str | None = None
    links: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    kind: ClassVar[str] = "deliver_goods"

    def __str__(self) -> str:
        route = "-".join(str(i) for i in self.links)
        return f"P{self.seat + 1} delivers {self.color} from {self.city} via links {route}"


@register
@dataclass(frozen=True, slots=True)
class TakeOperationsCard(Action):
    """Take a card from the Operations display. ``target``/``color`` answer its choice, if
    any; ``links`` is a route when taking the card is a delivery (from ``target``)."""

    card: str = ""
    target: str | None = None
    color: str | None = None
    links: tuple[int, ...] = ()
    kind: ClassVar[str] = "take_operations_card"

    def to_dict(self) -> dict[str, Any]:
        out = Action.to_dict(self)
        if not self.links:  # most cards take no route: their records stay as they were
            del out["links"]
        return out

    def __str__(self) -> str:
        extra = f" -> {self.target}" if self.target else ""
        extra += f" ({self.color})" if self.color else ""
        extra += f" via links {'-'.join(str(i) for i in self.links)}" if self.links else ""
        return f"P{self.seat + 1} takes {self.card}{extra}"


@register
@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return f"P{self.seat + 1} passes"


@register
@dataclass(frozen=True, slots=True)
class Undo(Action):
    kind: ClassVar[str] = "undo"

    def __str__(self) -> str:
        return f"P{self.seat + 1} undoes their last action"
