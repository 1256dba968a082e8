"""docs/reference.md, the Python library's reference, stays in step with the docstrings it
is made from (tools/api_reference.py), and names what a user imports."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]

# Listed names that have no docstring yet. A new public name must come with one; give one of
# these a docstring and take it off this list (then rewrite the page).
UNDOCUMENTED = {
    "railways.rules.solo.SoloOptions",
    "railways.core.game.Game.city_name",
    "railways.core.game.Game.income",
    "railways.core.game.Options.to_dict",
    "railways.core.game.Options.from_dict",
    "railways.core.legal.LegalActions.all",
    "railways.core.actions.Bid",
    "railways.core.actions.PassBid",
    "railways.core.actions.Urbanize",
    "railways.core.actions.UpgradeEngine",
    "railways.core.actions.TakeOperationsCard.to_dict",
    "railways.core.actions.Pass",
    "railways.core.actions.Undo",
    "railways.rules.records.record_of",
    "railways.rules.records.save_record",
    "railways.rules.records.load_record",
    "railways.core.record.GameRecord",
    "railways.core.record.GameRecord.body",
    "railways.core.record.GameRecord.to_dict",
    "railways.core.record.GameRecord.from_dict",
    "railways.core.determinize.determinize",
    "railways.bots.BOTS",
    "railways.bots.make_bot",
    "railways.bots.base.Bot",
    "railways.rl.encoding.ActionEncoding.mask",
    "railways.rl.encoding.ActionEncoding.section_of",
    "railways.rl.encoding.ActionEncoding.describe",
    "railways.rl.pettingzoo_env.RailwaysAEC",
    "railways.rl.pettingzoo_env.RailwaysAEC.observation_space",
    "railways.rl.pettingzoo_env.RailwaysAEC.action_space",
    "railways.rl.pettingzoo_env.RailwaysAEC.reset",
    "railways.rl.pettingzoo_env.RailwaysAEC.observe",
    "railways.rl.pettingzoo_env.RailwaysAEC.step",
    "railways.rl.pettingzoo_env.RailwaysAEC.close",
    "railways.rl.pettingzoo_env.raw_env",
    "railways.rl.gym_env.SoloEnv",
    "railways.rl.gym_env.SoloEnv.reset",
    "railways.rl.gym_env.SoloEnv.step",
    "railways.rl.openspiel_game.RailwaysGame",
    "railways.rl.openspiel_game.RailwaysGame.new_initial_state",
    "railways.rl.openspiel_game.RailwaysGame.make_py_observer",
    "railways.rl.openspiel_game.RailwaysState",
    "railways.rl.openspiel_game.RailwaysState.current_player",
    "railways.rl.openspiel_game.RailwaysState.is_terminal",
    "railways.rl.openspiel_game.RailwaysState.chance_outcomes",
    "railways.rl.openspiel_game.RailwaysState.returns",
    "railways.rl.policy.PolicyBot",
    "railways.rl.policy.PolicyBot.encodings",
    "railways.rl.policy.PolicyBot.choose",
}


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("api_reference", ROOT / "tools/api_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("api_reference", module)  # its dataclasses look themselves up
    spec.loader.exec_module(module)
    return module


def test_the_page_is_made_from_the_current_docstrings() -> None:
    tool = _tool()
    page = (ROOT / "docs/reference.md").read_text()
    assert page == tool.render(), (
        "docs/reference.md is stale: python tools/api_reference.py --write"
    )


def test_the_names_without_a_docstring_are_the_known_ones() -> None:
    missing = {e.qualname for e in _tool().entries() if not e.doc}
    assert sorted(missing - UNDOCUMENTED) == [], "new public names need a docstring"
    assert sorted(UNDOCUMENTED - missing) == [], "documented now: take them off UNDOCUMENTED"


def test_every_listed_name_is_importable_where_the_page_says() -> None:
    tool = _tool()
    absent = []
    for section in tool.SECTIONS:
        module = importlib.import_module(section.module)
        for entry in tool.section_entries(section):
            obj: object = module
            for part in entry.heading.split()[-1].split("."):  # "class Game", "Game.apply"
                if not hasattr(obj, part):
                    absent.append(entry.qualname)
                    break
                obj = getattr(obj, part)
    assert absent == []


def test_whole_modules_list_each_public_function_and_class() -> None:
    tool = _tool()
    for section in tool.SECTIONS:
        if section.names is not None:
            continue
        module = importlib.import_module(section.module)
        listed = {e.heading.split()[-1] for e in tool.section_entries(section)}
        own = {
            name
            for name, value in vars(module).items()
            if not name.startswith("_")
            and callable(value)
            and getattr(value, "__module__", None) == section.module
        }
        assert sorted(own - listed) == [], section.module


def test_the_guides_point_to_it() -> None:
    for doc in ("README.md", "docs/library.md", "docs/developing.md"):
        assert "docs/reference.md" in (ROOT / doc).read_text(), doc
