"""``kgfc config show|path`` and settings the TOML file can set."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import kgfc
from kgfc.cli import cli
from kgfc.settings import Settings


@pytest.fixture
def config(tmp_path, monkeypatch):
    path = tmp_path / "c.toml"
    path.write_text(
        'neo4j_uri = "neo4j://db.example:7687"\nllm_api_key = "sk-very-secret"\nhops = 3\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("KGFC_CONFIG", str(path))
    monkeypatch.setenv("KGFC_BEAM", "7")
    for name in ("KGFC_HOPS", "KGFC_NEO4J_URI", "KGFC_LLM_API_KEY", "KGFC_STORE"):
        monkeypatch.delenv(name, raising=False)
    return path


def test_config_show_origins_and_masking(config):
    res = CliRunner().invoke(cli, ["--store", "memory", "config", "show", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["config_file"] == str(config)
    rows = {r["name"]: r for r in data["settings"]}
    assert (rows["store"]["value"], rows["store"]["origin"]) == ("memory", "flag")
    assert (rows["beam"]["value"], rows["beam"]["origin"]) == (7, "env")
    assert (rows["hops"]["value"], rows["hops"]["origin"]) == (3, "file")
    assert rows["neo4j_uri"] == {
        "name": "neo4j_uri",
        "value": "neo4j://db.example:7687",
        "origin": "file",
        "env": "KGFC_NEO4J_URI",
    }
    assert rows["llm_api_key"]["value"] == "****" and "sk-very-secret" not in res.output
    assert rows["retries"]["origin"] == "default"


def test_config_show_table_and_path(config):
    res = CliRunner().invoke(cli, ["config", "show"])
    assert res.exit_code == 0 and "sk-very-secret" not in res.output
    assert re.search(r"^hops\s+3\s+file\s+KGFC_HOPS$", res.output, re.MULTILINE)
    res = CliRunner().invoke(cli, ["config", "path"])
    assert res.exit_code == 0 and res.stdout.strip() == str(config)


def test_every_kgfc_variable_in_the_code_is_a_setting():
    """A KGFC_* variable read anywhere is a Settings field, so the TOML file can set it too."""
    not_settings = {"KGFC_CONFIG"}  # where the file is cannot come from the file
    root = Path(kgfc.__file__).parent
    names = set()
    for path in root.rglob("*.py"):
        names |= set(re.findall(r"\bKGFC_[A-Z0-9_]*[A-Z0-9]\b", path.read_text(encoding="utf-8")))
    vocab = {
        n for n in names if n.startswith(("KGFC_SOURCE", "KGFC_ENTITY", "KGFC_REL", "KGFC_CLAIM"))
    }
    missing = sorted(
        n
        for n in names - vocab - not_settings
        if n[len("KGFC_") :].lower() not in Settings.model_fields
    )
    assert missing == []


def test_every_kgfc_variable_the_docs_name_is_a_setting():
    """What the README and the docs tell users to set, the TOML file can set too."""
    root = Path(kgfc.__file__).parent.parent
    pages = [root / "README.md", *sorted((root / "docs").rglob("*.md"))]
    names = set()
    for page in pages:
        names |= set(re.findall(r"\bKGFC_[A-Z0-9_]*[A-Z0-9]\b", page.read_text(encoding="utf-8")))
    # variables only the test suite reads (KGFC_TEST_NEO4J_URI, ...) configure the tests, not
    # kgfc; KGFC_CONFIG says where the file is
    assert len(names) > 10  # the pattern finds what the pages name
    for path in (root / "tests").glob("*.py"):
        names -= set(re.findall(r"\bKGFC_[A-Z0-9_]*[A-Z0-9]\b", path.read_text(encoding="utf-8")))
    missing = sorted(
        n
        for n in names
        if n != "KGFC_CONFIG" and n[len("KGFC_") :].lower() not in Settings.model_fields
    )
    assert missing == []


def test_neo4j_uri_from_the_config_file(config, monkeypatch):
    pytest.importorskip("neo4j")
    monkeypatch.delenv("KGFC_NEO4J_PASSWORD", raising=False)
    res = CliRunner().invoke(cli, ["kg", "cypher", "RETURN 1"])
    # the URI came from the file: the command got as far as asking for the password
    assert res.exit_code == 2 and "KGFC_NEO4J_PASSWORD" in res.output, res.output


def test_server_from_the_config_file(tmp_path, monkeypatch):
    """`server` in the TOML file sends verify there, as KGFC_SERVER and --server do."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    path = tmp_path / "c.toml"
    path.write_text(f'server = "http://127.0.0.1:{port}"\n', encoding="utf-8")
    monkeypatch.setenv("KGFC_CONFIG", str(path))
    monkeypatch.delenv("KGFC_SERVER", raising=False)
    res = CliRunner().invoke(cli, ["verify", "--triple", "Q76", "P19", "Q18094"])
    assert res.exit_code == 1 and "No kgfc server answers" in res.output, res.output
