"""The actions a seat can take, as small frozen values with a stable JSON form.

Every action has a ``kind`` (its registry key), a ``to_dict``/``from_dict``
round trip (:func:`action_from_dict` finds the class by ``kind``), and a short text
notation for logs and the terminal (``str(action)``). Money amounts are in $1,000s.

An action describes itself: its JSON form is read from the type annotations of its
dataclass fields, so a plug-in's action with fields of its own (``era: Era``) is saved
and read back like the base game's, with nothing to add here. A field's type is one of

- ``int``, ``str``, ``bool``, ``float``;
- ``X | None`` (written ``null`` when unset);
- ``tuple[X, ...]`` (a JSON list) or ``tuple[X, Y]`` (a list of that length);
- ``Literal["a", "b"]`` (one of those values);
- ``Hex`` (``[row, col]``), ``Side`` (its name, ``"NE"``);
- an ``Enum``: by its value when the values are text (``Color.RED`` is ``"red"``), by its
  name otherwise;
- a type a plug-in gave a codec with :func:`register_codec`.

Fields are written in the order the dataclass declares them, after ``"kind"``. Malformed
input raises ValueError naming the kind and the field (``pick_era.era: expected one of
...``). A type with no JSON form is refused when the class is registered (or, for a
name the module defines further down, on first use), naming the class and the field.
"""

from __future__ import annotations

import contextlib
import enum
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, TypeVar

from railways.core.hexgrid import Hex, Side

ACTION_TYPES: dict[str, type[Action]] = {}
A = TypeVar("A", bound="type[Action]")


def register(cls: A) -> A:
    """Add an action class to the registry that :func:`action_from_dict` reads.

    Its fields' JSON forms are worked out now, so a field of a type that has none is
    refused at import time rather than when a game is saved."""
    if not cls.kind:
        raise TypeError(f"{cls.__name__}: an action class needs a kind")
    # An annotation naming something the module defines further down is read on first use.
    with contextlib.suppress(NameError):
        _field_codecs(cls)
    _quicker_init(cls)
    ACTION_TYPES[cls.kind] = cls
    return cls


ActionT = TypeVar("ActionT", bound="Action")
# Actions made through kept_action, by class and fields (see there).
_KEPT: dict[tuple[object, ...], Action] = {}


def kept_action(cls: type[ActionT], *fields: object) -> ActionT:
    """``cls(*fields)``, made once per class and fields and then handed out again.

    Actions are immutable values, so one object serves every listing that offers the
    same choice; a listing that offers dozens of them at every call (Urbanize, the takes
    of a New Industry card) makes none after the first. For choices of a board's bounded
    kind only (seats, cities, colours, cards): each one made is kept for good."""
    key = (cls, *fields)
    action = _KEPT.get(key)
    if action is None:
        make: Callable[..., Action] = cls  # the fields in the class's own order
        action = _KEPT[key] = make(*fields)
    assert isinstance(action, cls)
    return action


def _quicker_init(cls: type) -> None:
    """Give a frozen, slotted action class an ``__init__`` that fills each slot through its
    descriptor, the same arguments and defaults as the one @dataclass wrote.

    Listings make thousands of actions, and the dataclass's frozen ``__init__`` looks up
    ``object.__setattr__`` for every field: this one is about 1.7 times quicker. A class
    whose ``__init__`` does more (``__post_init__``, keyword-only fields, default
    factories, fields left out of it, no slots) keeps the dataclass's own."""
    generated = cls.__dict__.get("__init__")
    if generated is None or "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        return
    names = []
    for f in fields(cls):
        if not f.init or f.kw_only or f.default_factory is not MISSING:
            return
        names.append(f.name)
    code = generated.__code__
    if code.co_varnames[1 : code.co_argcount] != tuple(names) or code.co_kwonlyargcount:
        return
    setters = {f"_set_{n}": _slot_of(cls, n).__set__ for n in names}
    body = "".join(f"    _set_{n}(self, {n})\n" for n in names) or "    pass\n"
    source = f"def __init__(self, {', '.join(names)}):\n{body}"
    exec(source, setters)  # made from the class's own field names only
    init = setters["__init__"]
    init.__defaults__ = generated.__defaults__
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = generated.__doc__
    type.__setattr__(cls, "__init__", init)


def _slot_of(cls: type, name: str) -> Any:
    """The slot descriptor of field ``name`` (on the class or the base that declares it)."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    raise AttributeError(f"{cls.__name__} has no slot {name!r}")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. ``seat`` is the acting seat (0-based)."""

    seat: int
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind``, then each field as its type writes it."""
        out: dict[str, Any] = {"kind": self.kind}
        for name, codec in _field_codecs(type(self)):
            value = getattr(self, name)
            out[name] = value if codec.encode is None else codec.encode(value)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """Rebuild an action of this class from its JSON form; ValueError says what is
        wrong, naming the kind and the field."""
        if not isinstance(data, dict):
            raise ValueError(f"an action must be an object, got {type(data).__name__}")
        if data.get("kind") != cls.kind:
            raise ValueError(f"expected an action of kind {cls.kind!r}, got {data.get('kind')!r}")
        codecs = _field_codecs(cls)
        names = {name for name, _codec in codecs}
        extra = set(data) - names - {"kind"}
        if extra:
            raise ValueError(f"{cls.kind}: unexpected field(s) {', '.join(sorted(extra))}")
        required = [f.name for f in fields(cls) if f.name not in data and f.default is MISSING]
        if required:
            raise ValueError(f"{cls.kind}: missing field(s) {', '.join(required)}")
        kwargs: dict[str, Any] = {}
        for name, codec in codecs:
            if name not in data:
                continue
            try:
                kwargs[name] = codec.decode(data[name])
            except (ValueError, KeyError) as exc:
                raise ValueError(f"{cls.kind}.{name}: {_message(exc)}") from None
        return cls(**kwargs)


# -- field codecs ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Codec:
    """How one field's value is read from JSON (``decode``, raising ValueError on bad input)
    and written to it (``encode``; None when the value is its own JSON form). ``what`` and
    ``many`` name a value and a list of them in error messages."""

    decode: Callable[[Any], Any]
    encode: Callable[[Any], Any] | None = None
    what: str = "a value"
    many: str = "values"


# Codecs by type, for the value types fields use that are not built in (Hex and Side here;
# a plug-in adds its own with ``register_codec``).
TYPE_CODECS: dict[type, Codec] = {}
_CLASS_CODECS: dict[type, tuple[tuple[str, Codec], ...]] = {}


def register_codec(tp: type, codec: Codec) -> None:
    """Give fields of type ``tp`` a JSON form (before registering actions that use it)."""
    TYPE_CODECS[tp] = codec


def _message(exc: BaseException) -> str:
    return str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)


def _field_codecs(cls: type) -> tuple[tuple[str, Codec], ...]:
    """(name, codec) of each field of the action class ``cls``, in declared order."""
    found = _CLASS_CODECS.get(cls)
    if found is not None:
        return found
    try:
        hints = typing.get_type_hints(cls)
    except NameError as exc:
        raise NameError(
            f"{cls.__name__}: cannot read its fields' types ({exc}); a type an action field "
            "names must be importable at run time, not only while type checking"
        ) from exc
    out: list[tuple[str, Codec]] = []
    for f in fields(cls):
        try:
            out.append((f.name, codec_for(hints[f.name])))
        except TypeError as exc:
            raise TypeError(f"{cls.__name__}.{f.name}: {exc}") from None
    found = _CLASS_CODECS[cls] = tuple(out)
    return found


def codec_for(tp: Any) -> Codec:
    """The codec of a field annotated ``tp``; TypeError when it has no JSON form."""
    if tp in TYPE_CODECS:
        return TYPE_CODECS[tp]
    if tp in _SCALARS:
        return _SCALARS[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Union or origin is types.UnionType:
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1 or len(rest) == len(args):
            raise TypeError(f"no JSON form for {tp!r}: only one type or None")
        return _optional(codec_for(rest[0]))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _many(codec_for(args[0]))
        if not args or Ellipsis in args:
            raise TypeError(f"no JSON form for {tp!r}: say what the tuple holds")
        return _fixed(tuple(codec_for(a) for a in args))
    if origin is typing.Literal:
        return _literal(args)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum(tp)
    raise TypeError(
        f"no JSON form for {tp!r} (fields may be int, str, bool, float, X | None, "
        "tuple[X, ...], Literal, Hex, Side, an Enum, or a type given register_codec)"
    )


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _float(value: Any) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ValueError(f"expected a number, got {value!r}")
    return float(value)


_SCALARS: dict[Any, Codec] = {
    int: Codec(_int, None, "a whole number", "whole numbers"),
    str: Codec(_str, None, "text", "names"),
    bool: Codec(_bool, None, "true or false", "true/false values"),
    float: Codec(_float, None, "a number", "numbers"),
}


def _optional(inner: Codec) -> Codec:
    def decode(value: Any) -> Any:
        return None if value is None else inner.decode(value)

    encode = inner.encode
    if encode is not None:
        enc = encode

        def encode_opt(value: Any) -> Any:
            return None if value is None else enc(value)

        encode = encode_opt
    return Codec(decode, encode, f"{inner.what} or null", inner.many)


def _list(value: Any, many: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list of {many}, got {value!r}")
    return value


def _item(codec: Codec, i: int, value: Any) -> Any:
    try:
        return codec.decode(value)
    except (ValueError, KeyError) as exc:
        raise ValueError(f"item {i}: {_message(exc)}") from None


def _many(inner: Codec) -> Codec:
    def decode(value: Any) -> tuple[Any, ...]:
        return tuple(_item(inner, i, v) for i, v in enumerate(_list(value, inner.many)))

    enc = inner.encode

    def encode(value: Any) -> list[Any]:
        return list(value) if enc is None else [enc(v) for v in value]

    return Codec(decode, encode, f"a list of {inner.many}", f"lists of {inner.many}")


def _fixed(parts: tuple[Codec, ...]) -> Codec:
    what = "a list of " + ", ".join(p.what for p in parts)

    def decode(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list) or len(value) != len(parts):
            raise ValueError(f"expected {what}, got {value!r}")
        return tuple(_item(p, i, v) for i, (p, v) in enumerate(zip(parts, value, strict=True)))

    def encode(value: Any) -> list[Any]:
        return [v if p.encode is None else p.encode(v) for p, v in zip(parts, value, strict=True)]

    return Codec(decode, encode, what, f"lists of {len(parts)}")


def _literal(choices: tuple[Any, ...]) -> Codec:
    for c in choices:
        if not isinstance(c, (str, int)) or isinstance(c, bool):
            raise TypeError(f"no JSON form for Literal value {c!r}: only text or whole numbers")
    shown = ", ".join(repr(c) for c in choices)

    def decode(value: Any) -> Any:
        # ``1 == True`` in Python: a bool is never one of the (text or number) choices.
        if isinstance(value, bool) or value not in choices:
            raise ValueError(f"expected one of {shown}, got {value!r}")
        return value

    return Codec(decode, None, f"one of {shown}", f"values among {shown}")


def _enum(tp: type[enum.Enum]) -> Codec:
    members: list[enum.Enum] = list(tp)
    by_value = bool(members) and all(isinstance(m.value, str) for m in members)
    if by_value:
        table: Mapping[str, enum.Enum] = {m.value: m for m in members}
    else:
        table = {m.name: m for m in members}
    shown = ", ".join(table)

    def decode(value: Any) -> enum.Enum:
        if not isinstance(value, str) or value not in table:
            raise ValueError(f"expected one of {shown}, got {value!r}")
        return table[value]

    def encode(value: enum.Enum) -> str:
        return str(value.value) if by_value else value.name

    return Codec(decode, encode, f"one of {shown}", f"values among {shown}")


def _hex(value: Any) -> Hex:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"expected a hex as [row, col], got {value!r}")
    return Hex.from_offset(value[0], value[1])


def _side(value: Any) -> Side:
    return Side.parse(_str(value))  # any case, as the terminal types it (``ne``)


register_codec(Hex, Codec(_hex, lambda h: [h.row, h.col], "a hex as [row, col]", "hexes"))
register_codec(Side, Codec(_side, lambda s: s.name, "a hex side (E, NE, NW, W, SW, SE)", "sides"))


# Called (each once) when a record names an action kind not yet known: plug-ins define kinds
# of their own, and a process may read a record before it has started a game that imports them.
KIND_LOADERS: list[Callable[[], None]] = []


def _load_more_kinds() -> None:
    while KIND_LOADERS:
        KIND_LOADERS.pop(0)()


def action_from_dict(data: Any) -> Action:
    """Rebuild an action from its JSON form (its class by ``kind``, then that class's
    ``from_dict``); raises ValueError saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be an object, got {type(data).__name__}")
    kind = data.get("kind")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None and isinstance(kind, str) and KIND_LOADERS:
        _load_more_kinds()
        cls = ACTION_TYPES.get(kind)
    if cls is None:
        raise ValueError(f"unknown action kind {kind!r}")
    return cls.from_dict(data)


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
    """Bid ``amount`` (thousands of dollars) for first player in the turn's auction (RW-p4-32)."""

    amount: int = 0
    kind: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return f"P{self.seat + 1} bids ${self.amount},000"


@register
@dataclass(frozen=True, slots=True)
class PassBid(Action):
    """Drop out of the turn's auction (RW-p4-33)."""

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
    """Put a New City tile of ``color`` on the gray city ``city`` (RW-p5-13)."""

    city: str = ""
    color: str | None = None
    kind: ClassVar[str] = "urbanize"

    def __str__(self) -> str:
        return f"P{self.seat + 1} urbanizes {self.city} ({self.color})"


@register
@dataclass(frozen=True, slots=True)
class UpgradeEngine(Action):
    """Move the engine up a level (RW-p5-17), with the hand ``cards`` that help."""

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
        """The JSON form, without ``links`` when the card takes no route."""
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
    """Take no action this round (RW-p4-39)."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return f"P{self.seat + 1} passes"


@register
@dataclass(frozen=True, slots=True)
class Undo(Action):
    """Take back the seat's last action, where the game allows it."""

    kind: ClassVar[str] = "undo"

    def __str__(self) -> str:
        return f"P{self.seat + 1} undoes their last action"
