"""A plug-in's options describe themselves (``Plugin.option_specs``): the server's field, the
CLI flag and their help are made from the declaration, so no front end names the board."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import railways.rules as rules
from plugins.conftest import ROOT
from railways.cli.main import _register, cli
from railways.cli.variants import declared_flags, declared_table, declared_values, option_pair
from railways.core.plugins import OptionSpec, Plugin
from railways.rules import declared_options, declared_owners
from railways.rules.boards.through_time import ThroughTime
from railways.rules.modules.events import EventDeck
from railways.server.bodies import OptionsIn

_register()


def test_through_time_describes_its_eras():
    (spec,) = [s for s in declared_options() if s.key == "eras"]
    assert spec in ThroughTime.option_specs
    assert (spec.flag, spec.clause, spec.max_items) == ("--eras", "TT-004", 8)


def test_the_server_field_is_made_from_the_declaration():
    field = OptionsIn.model_json_schema()["properties"]["eras"]
    assert field["description"].endswith("(TT-004)")
    assert field["anyOf"][0]["maxItems"] == 8
    assert OptionsIn.model_validate({"eras": ["egypt", "future"]}).given() == {
        "eras": ["egypt", "future"]
    }
    with pytest.raises(ValueError, match="at most 8"):
        OptionsIn.model_validate({"eras": ["egypt"] * 9})
    with pytest.raises(ValueError, match="string"):
        OptionsIn.model_validate({"eras": [1]})


def test_the_cli_flag_is_made_from_the_declaration():
    out = CliRunner().invoke(cli, ["play", "--help"], terminal_width=200).output
    assert "--eras ID,ID,..." in out and "(TT-004)" in out
    refused = CliRunner().invoke(cli, ["play", "--solo", "--eras", "egypt"])
    assert refused.exit_code == 2 and "eras are chosen when a game starts" in refused.output


def test_a_key_described_twice_or_not_read_is_refused(monkeypatch):
    class One(Plugin):
        id = "one"
        option_keys = frozenset({"colours"})
        option_specs = (OptionSpec("colours", "which colours"),)

    class Two(One):
        id = "two"

    class Unread(Plugin):
        id = "unread"
        option_specs = (OptionSpec("shapes", "which shapes"),)

    monkeypatch.setattr(rules, "plugin_classes", lambda: {"one": One, "two": Two})
    with pytest.raises(ValueError, match="'colours' is described by both one and two"):
        declared_options()
    monkeypatch.setattr(rules, "plugin_classes", lambda: {"unread": Unread})
    with pytest.raises(
        ValueError, match=r"unread\.option_specs: 'shapes' is not in its option_keys"
    ):
        declared_options()


def test_the_event_deck_declares_its_cards_left_out() -> None:
    """RW-p6-37 as the module's own option: the same field, flag and records as before."""
    owner, spec = declared_owners()["event_deck_without"]
    assert (owner, spec.flag, spec.clause, spec.max_items) == (
        "event-deck",
        "--event-deck-without",
        "RW-p6-37",
        60,
    )
    assert "event_deck_without" in EventDeck.option_keys
    field = OptionsIn.model_json_schema()["properties"]["event_deck_without"]
    assert field["anyOf"][0]["maxItems"] == 60
    given = OptionsIn.model_validate({"event_deck_without": ["tax-levy", "cotton-boom"]})
    assert given.given() == {"event_deck_without": ["tax-levy", "cotton-boom"]}


@pytest.mark.rules("RW-p6-37")
def test_old_and_new_spellings_of_a_flag_give_the_same_options() -> None:
    """``--event-deck-without A --event-deck-without B``, ``--event-deck-without B,A`` and
    ``--option event_deck_without=A,B`` all record the set sorted; eras keep their order."""
    spellings = [
        declared_values({"event_deck_without": ("tax-levy", "cotton-boom")}),
        declared_values({"event_deck_without": ("tax-levy,cotton-boom",)}),
        declared_values({}, [option_pair("event-deck-without=cotton-boom,tax-levy") or ("", "")]),
    ]
    assert spellings == [{"event_deck_without": ["cotton-boom", "tax-levy"]}] * 3
    assert declared_values({"eras": ("future,egypt",)}) == {"eras": ["future", "egypt"]}
    assert option_pair("target_score=110") is None  # a solo setting, not a declared option
    assert declared_flags({"eras": ["future", "egypt"]}) == " --eras future,egypt"


def test_play_takes_a_declared_option_as_option_key_value() -> None:
    refused = CliRunner().invoke(cli, ["play", "--solo", "--option", "eras=egypt"])
    assert refused.exit_code == 2 and "eras are chosen when a game starts" in refused.output
    unknown = CliRunner().invoke(cli, ["play", "--option", "colours=red"])
    assert unknown.exit_code == 2 and "event_deck_without" in unknown.output  # listed as known


def test_the_docs_table_is_made_from_the_declarations() -> None:
    """docs/api.md's table of declared options is `railways variants --options`."""
    printed = CliRunner().invoke(cli, ["variants", "--options"]).output
    assert printed == declared_table()
    assert "| `eras` | `--eras ID,ID,...` | `through_time` |" in printed
    docs = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    between = docs.split("<!-- declared options: begin -->\n")[1].split("<!-- declared")[0]
    assert between == declared_table(built_in=True), "docs/api.md: `railways variants --options`"
    assert "`toll_valley`" in printed  # a test board's, listed but not in the docs
    listed = CliRunner().invoke(cli, ["variants"], terminal_width=200).output
    assert "option --event-deck-without EVENT,EVENT,..." in listed


def test_the_lobby_names_no_declared_option() -> None:
    """The lobby's form is made from GET /api/maps ``options``: no key written there."""
    static = ROOT / "src" / "railways" / "web" / "static"
    text = (static / "lobby.js").read_text() + (static / "index.html").read_text()
    for key in {s.key for s in declared_options()}:
        assert key not in text and key.replace("_", "-") not in text, key
