"""A plug-in's options describe themselves (``Plugin.option_specs``): the server's field, the
CLI flag and their help are made from the declaration, so no front end names the board."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import railways.rules as rules
from railways.cli.main import _register, cli
from railways.core.plugins import OptionSpec, Plugin
from railways.rules import declared_options
from railways.rules.boards.through_time import ThroughTime
from railways.server.app import OptionsIn

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
