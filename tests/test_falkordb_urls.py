"""Choosing the Cypher mirror by URL, and what a user is told when a form cannot run here.

Runs on any Python (no engine needed); the FalkorDB engine tests are in test_falkordb.py.
"""

from __future__ import annotations

import importlib.util
import sys

import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.errors import ConfigError
from kgfc.kg.cypher_mirror import backend_kind, open_mirror

HAS_CLIENT = importlib.util.find_spec("falkordb") is not None


def test_the_url_picks_the_backend():
    for url in ("neo4j://h:7687", "bolt://h", "neo4j+s://h", "bolt+ssc://h"):
        assert backend_kind(url) == "neo4j"
    for url in ("falkordb://h:6379/g", "falkordb:/tmp/m.falkordb", "falkordb:m.falkordb"):
        assert backend_kind(url) == "falkordb"
    for url in ("http://h:7474", "redis://h:6379", "/tmp/m.falkordb", "falkor:x"):
        with pytest.raises(ConfigError, match="Not a Cypher mirror URL"):
            backend_kind(url)


def test_cli_refuses_an_unknown_url_and_an_unknown_query_name():
    runner = CliRunner()
    res = runner.invoke(cli, ["kg", "cypher", "--uri", "redis://127.0.0.1:1", "RETURN 1"])
    assert res.exit_code == 2 and "falkordb:PATH" in res.output and "neo4j://HOST" in res.output
    res = runner.invoke(cli, ["kg", "cypher", "--uri", "falkordb:/nowhere/x", "--name", "nosuch"])
    assert res.exit_code == 2 and "nosuch" in res.output


def test_falkordb_url_without_a_host_or_path_is_bad_usage():
    for url in ("falkordb:", "falkordb:///graph", "falkordb://h:port/g", "falkordb://h/a/b"):
        with pytest.raises(ConfigError):
            open_mirror(url)


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="the embedded form runs on Python 3.12+")
def test_embedded_form_on_old_python_says_what_to_do(tmp_path):
    res = CliRunner().invoke(
        cli, ["kg", "cypher", "--uri", f"falkordb:{tmp_path / 'm'}", "RETURN 1"]
    )
    assert res.exit_code == 2, res.output
    assert "needs Python 3.12 or later" in res.output
    assert "falkordb://HOST:6379/GRAPH" in res.output  # the form that works here


@pytest.mark.skipif(HAS_CLIENT, reason="the falkordb client is installed")
def test_server_form_without_the_client_names_the_extra():
    res = CliRunner().invoke(cli, ["kg", "cypher", "--uri", "falkordb://127.0.0.1:1", "RETURN 1"])
    assert res.exit_code == 2 and "kgfc[falkordb]" in res.output, res.output


def test_cypher_uri_setting_comes_before_the_neo4j_one(monkeypatch):
    monkeypatch.setenv("KGFC_NEO4J_URI", "neo4j://127.0.0.1:1")
    monkeypatch.setenv("KGFC_CYPHER_URI", "redis://picked")
    res = CliRunner().invoke(cli, ["kg", "cypher", "RETURN 1"])
    assert res.exit_code == 2 and "redis://picked" in res.output, res.output
