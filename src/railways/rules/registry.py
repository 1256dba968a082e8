"""Where the rules plug-ins are found: one registry of plug-in classes by id.

A map's ``map.toml`` names the plug-ins of its special rules (``rulesets = [...]``).
The registry finds them in three places, in this order:

1. every module of the packages ``railways.rules.boards`` (the built-in boards) and
   ``railways.rules.modules`` (the optional modules and variants a game chooses by id);
2. the ``railways.plugins`` entry point group of installed distributions (a board
   published as its own package);
3. the modules named in the environment variable ``RAILWAYS_PLUGINS``, separated by
   commas (a board under development, or a test's plug-in).

Each module registers its classes with :func:`register_plugin` when imported.
"""

from __future__ import annotations

import functools
import importlib
import os
import pkgutil
from importlib.metadata import entry_points
from typing import TypeVar

from railways.core.actions import KIND_LOADERS
from railways.core.plugins import Plugin

P = TypeVar("P", bound=type[Plugin])
ENV_VAR = "RAILWAYS_PLUGINS"
ENTRY_POINT_GROUP = "railways.plugins"

_PLUGINS: dict[str, type[Plugin]] = {}
_loaded: set[str] = set()


def register_plugin(cls: P) -> P:
    """Make a plug-in class known by its ``id`` (a class decorator)."""
    if not cls.id:
        raise ValueError(f"{cls.__name__} has no id")
    known = _PLUGINS.get(cls.id)
    if known is not None and known is not cls:
        raise ValueError(f"two plug-ins have the id {cls.id!r}: {known.__name__}, {cls.__name__}")
    _PLUGINS[cls.id] = cls
    return cls


@functools.cache
def _installed_modules() -> tuple[str, ...]:
    """The built-in modules and the entry points' (looked up once per process: slow)."""
    from railways.rules import boards, modules

    names = [
        f"{package.__name__}.{m.name}"
        for package in (boards, modules)
        for m in pkgutil.iter_modules(package.__path__)
    ]
    names += [point.module for point in entry_points(group=ENTRY_POINT_GROUP)]
    return tuple(names)


def _import_all() -> None:
    """Import every place plug-ins come from (each once per process)."""
    names = list(_installed_modules())
    names += [m.strip() for m in os.environ.get(ENV_VAR, "").split(",") if m.strip()]
    for name in names:
        if name not in _loaded:
            try:
                importlib.import_module(name)
            except ImportError as exc:
                raise ValueError(
                    f"rules plug-in module {name!r} cannot be imported: {exc}"
                ) from exc
            _loaded.add(name)


def plugin_classes() -> dict[str, type[Plugin]]:
    """Every plug-in class known, by id."""
    _import_all()
    return dict(_PLUGINS)


def plugin_class(plugin_id: str) -> type[Plugin]:
    """The plug-in class of ``plugin_id``; ValueError naming where plug-ins are looked for."""
    classes = plugin_classes()
    if plugin_id not in classes:
        raise ValueError(
            f"unknown rules plug-in {plugin_id!r} (known: {', '.join(sorted(classes)) or 'none'}; "
            f"plug-ins come from railways.rules.boards, the {ENTRY_POINT_GROUP!r} entry points "
            f"and ${ENV_VAR})"
        )
    return classes[plugin_id]


# A record may name an action kind of a plug-in no game of this process has used yet.
KIND_LOADERS.append(_import_all)


def named_class(path: str, what: str, base: type | None = None) -> type:
    """The class ``"module:Class"`` names (a plug-in's bot piece or solo hook), imported;
    ValueError naming ``what`` and the path when the path is malformed or names no class
    (no subclass of ``base``, when given)."""
    module, sep, name = path.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"{what} {path!r}: expected 'module:Class'")
    found = getattr(importlib.import_module(module), name, None)
    if base is not None and not (isinstance(found, type) and issubclass(found, base)):
        raise ValueError(f"{what} {path!r}: {name} is not a {base.__name__} of {module}")
    if not isinstance(found, type):
        raise ValueError(f"{what} {path!r}: {name} is not a class of {module}")
    return found
