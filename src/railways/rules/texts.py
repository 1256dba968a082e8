"""The one short text of every Operations card, for every front end (terminal, web, library).

A card type says what it does through ``CardEffect.summary``; a deck entry may carry its own
``text``; the base game's card types, older than ``summary``, are worded here. All in our own
words, never the rulebook's.
"""

from __future__ import annotations

from collections.abc import Mapping

from railways.core.cards import CardDef, CardEffect


def _num(card: CardDef, key: str, default: int) -> int:
    value = card.params.get(key, default)
    return value if isinstance(value, int) else default


def _base_card_text(card: CardDef, city_names: Mapping[str, str]) -> str | None:
    raw_city = str(card.params.get("city", ""))
    city = city_names.get(raw_city, raw_city)
    texts = {
        "passenger_lines": f"first to have delivered {_num(card, 'colors', 4)} colours scores "
        f"{_num(card, 'points', 4)}",
        "speed_record": f"first delivery over exactly {_num(card, 'links', 3)} links scores "
        f"{_num(card, 'points', 3)}",
        "railroad_era_begins": f"first delivery of the game scores {_num(card, 'points', 1)}",
        "service_bounty": f"first delivery into {city} scores {_num(card, 'points', 2)}",
        "city_growth": f"{_num(card, 'cubes', 2)} random cubes go to a city you choose",
        "new_industry": "urbanize a gray city free, in a colour you choose",
        "land_grant": "play on a build: open-land tiles cost nothing",
        "perfect_engineering": f"once a turn, one build may lay {_num(card, 'tiles', 5)} tiles",
        "hotel": f"you score 1 whenever anyone delivers to {city}",
        "railroad_executive": f"take {_num(card, 'actions', 2)} more actions at once",
    }
    return texts.get(card.effect)


def card_text(
    card: CardDef,
    city_names: Mapping[str, str],
    effects: Mapping[str, CardEffect] | None = None,
) -> str:
    """What ``card`` does, in one short line: its effect's summary, else the deck's text."""
    effect = effects.get(card.effect) if effects is not None else None
    if effect is not None:
        summary = effect.summary(card, city_names)
        if summary:
            return summary
    if card.text:
        return card.text
    return _base_card_text(card, city_names) or card.effect.replace("_", " ")
