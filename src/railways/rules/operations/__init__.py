"""Operations card effects beyond the Eastern U.S. deck, one module per family of cards.

Each module here defines ``EFFECTS: dict[str, CardEffect]``; they are gathered at import so
that adding a card type is adding a module, not editing a shared list. ``railways.rules.cards``
merges them into ``CARD_EFFECTS``. Two modules defining one effect key is an error.
"""

from __future__ import annotations

import importlib
import pkgutil

from railways.core.cards import CardEffect


def _gather() -> dict[str, CardEffect]:
    effects: dict[str, CardEffect] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for key, effect in getattr(module, "EFFECTS", {}).items():
            if key in effects:
                raise ValueError(f"card effect {key!r} defined twice ({info.name})")
            effects[key] = effect
    return effects


OPERATIONS_EFFECTS: dict[str, CardEffect] = _gather()
