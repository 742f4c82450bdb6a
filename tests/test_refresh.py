"""``kgfc kg refresh`` (issue 10): re-fetch from a real local SPARQL server, replace, list touched verdicts."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fakes.sparql_server import WIKIDATA_FIXTURE, oxigraph_endpoint, sparql_update

from kgfc.cli import cli
from kgfc.errors import InputError
from kgfc.kg.refresh import parse_age


@pytest.fixture
def endpoint(tmp_path):
    # function-scoped: the test edits the server's data
    (tmp_path / "wdqs").mkdir()
    with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path / "wdqs") as url:
        yield url


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    return res.exit_code, res.stdout, res.stderr


@pytest.mark.slow
def test_refresh_replaces_the_graph_and_marks_the_verdicts_it_touched(
    endpoint, tmp_path, monkeypatch
):
    monkeypatch.setenv("KGFC_OFFLINE", "0")
    store = str(tmp_path / "store")
    code, out, err = run("kg", "enrich", "-e", "Q76", "--endpoint", endpoint, "--store", store)
    assert code == 0, err
    code, out, err = run("verify", "--triple", "Q76", "P19", "Q18094", "--id", "born",
                         "--json", "--store", store)  # fmt: skip
    assert code == 0, err
    assert json.loads(out)["verdict"] == "SUPPORTED"
    code, out, _ = run("verify", "--triple", "Q76", "P27", "Q30", "--id", "citizen",
                       "--json", "--store", store)  # fmt: skip
    assert json.loads(out)["verdict"] == "SUPPORTED"
    # Nothing is old yet: --older-than leaves everything alone
    code, out, err = run("kg", "refresh", "--kind", "wikidata", "--older-than", "30d",
                         "--endpoint", endpoint, "--json", "--store", store)  # fmt: skip
    assert code == 0, err
    assert json.loads(out) == []
    # Wikidata changes: the birthplace statement goes
    sparql_update(endpoint, "DELETE DATA { <http://www.wikidata.org/entity/Q76> "
                      "<http://www.wikidata.org/prop/direct/P19> <http://www.wikidata.org/entity/Q18094> }")  # fmt: skip
    code, out, err = run("kg", "refresh", "--kind", "wikidata", "--endpoint", endpoint,
                         "--json", "--store", store)  # fmt: skip
    assert code == 0, err
    (q76,) = json.loads(out)  # the one Wikidata source: Q76 fetched from this endpoint
    assert q76["error"] is None and q76["removed"] >= 1 and q76["added"] == 0
    assert q76["changed_claims"] == ["born"]  # the citizenship verdict's evidence still stands
    code, out, _ = run("kg", "evidence", "born", "--json", "--store", store)
    ev = json.loads(out)
    assert ev["stale"] is True and ev["retracted_sources"]
    code, out, _ = run("kg", "evidence", "citizen", "--json", "--store", store)
    assert json.loads(out)["stale"] is False
    # the store now answers from the new version
    code, out, _ = run("verify", "--triple", "Q76", "P19", "Q18094", "--json", "--no-record",
                       "--store", store)  # fmt: skip
    assert json.loads(out)["verdict"] != "SUPPORTED"
    # one source by name; a failing re-fetch keeps the old graph and exits 1
    src = q76["source"]
    code, out, err = run("kg", "refresh", src, "--endpoint", "http://127.0.0.1:9/query",
                         "--json", "--store", store)  # fmt: skip
    assert code == 1 and json.loads(out)[0]["error"]
    code, out, _ = run("kg", "sources", "--json", "--store", store)
    assert src in {s["iri"] for s in json.loads(out)}


def test_refresh_usage_errors(tmp_path):
    store = str(tmp_path / "store")
    assert run("kg", "refresh", "--store", store)[0] == 2
    assert (
        run("kg", "refresh", "--kind", "wikidata", "--older-than", "soon", "--store", store)[0] == 2
    )
    assert run("kg", "refresh", "kgfcs:nope", "--store", store)[0] == 2
    assert parse_age("30d").days == 30 and parse_age("12h").total_seconds() == 43200
    with pytest.raises(InputError):
        parse_age("30 days")
