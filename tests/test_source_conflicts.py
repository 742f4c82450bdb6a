"""Sources that disagree on a single-valued relation: one loaded triple never silently overrides
the KG. The verdict cites both values with their sources, follows the trust order (configurable)
with lowered confidence, or says NOT ENOUGH INFO when the order does not decide; the report lists
each side under its own heading and in the source conflicts, over the API as in Python."""

from __future__ import annotations

import json

import pytest

from kgfc.errors import ConfigError
from kgfc.kg import vocab as V
from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.pipeline.api import FactChecker
from kgfc.reason.completion import completion_for
from kgfc.reason.rules import rules_for
from kgfc.report.build import build_report
from kgfc.settings import load_settings

BLAIR, LONDON, EDINBURGH, PARIS = "Q9545", "Q84", "Q23436", "Q90"
FORD, OMAHA = "Q9582", "Q43199"  # the demo KG: Gerald Ford born in Omaha
P19 = V.WDT + "P19"
NOBODY = "Q999999001"  # an entity only the test's files know


def nt(*triples: tuple[str, str, str]) -> str:
    return "".join(f"<{V.WD}{s}> <{V.WDT}{p}> <{V.WD}{o}> .\n" for s, p, o in triples)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """The demo KG (Blair born in Edinburgh), a file saying London, two files disagreeing
    about an entity the demo does not know, a file agreeing with the demo about Ford."""
    s = OxigraphStore()
    ensure_demo(s)
    # The store's mined rules are first read here, from the demo KG's shipped ones, as in a
    # service that loads the files while it runs. Read after the loads they would be mined
    # again for the four new triples (~2 minutes of CPU) to the same verdicts, confidences,
    # justifications and evidence for every claim below (compared once by hand).
    rules_for(s)
    _ = completion_for(s).rules
    base = tmp_path_factory.mktemp("conflicts")
    files = {
        "blair.nt": nt((BLAIR, "P19", LONDON)),
        "nobody-london.nt": nt((NOBODY, "P19", LONDON)),
        "nobody-paris.nt": nt((NOBODY, "P19", PARIS)),
        "ford.nt": nt((FORD, "P19", OMAHA)),
    }
    for name, text in files.items():
        (base / name).write_text(text, encoding="utf-8")
        s.load_file(base / name)
    yield s
    s.close()


def checker(store, **settings) -> FactChecker:
    return FactChecker(store, settings=load_settings(offline=True, **settings), policy="fixed")


def cited_values(result) -> dict[str, str]:
    """Cited place-of-birth facts: value -> source kind."""
    return {
        e.object[len(V.WD) :]: e.source[len(V.KGFC_SOURCE) :].split("/")[0]
        for e in result.evidence
        if e.cited and e.predicate == P19
    }


def test_one_loaded_triple_does_not_flip_the_kg(store):
    fc = checker(store)
    r = fc.verify("Tony Blair was born in London.", record=False)
    assert r.verdict.value == "REFUTED", r.justification
    assert 0.5 < r.confidence < 0.8  # lowered: the sources disagree
    assert cited_values(r) == {EDINBURGH: "demo", LONDON: "file"}
    assert "disagree" in r.justification and "trust order" in r.justification

    report = build_report(r)
    assert [e.sentence for e in report.refuting_evidence] == ["Tony Blair place of birth Edinburgh"]
    assert [e.source_kind for e in report.supporting_evidence] == ["file"]
    assert report.summary.consensus.startswith("The sources disagree")
    [conflict] = report.conflicts
    assert conflict.kinds == ["wikidata", "file"]
    assert "claim counts as REFUTED" in conflict.resolution and "agrees" in conflict.resolution


def test_a_claim_neither_source_makes_is_refuted(store):
    r = checker(store).verify("Tony Blair was born in Paris.", record=False)
    assert r.verdict.value == "REFUTED", r.justification
    assert r.confidence < 0.8
    assert set(cited_values(r)) == {EDINBURGH, LONDON}
    assert "whichever is right" in r.justification


def test_the_trusted_value_holds_with_lowered_confidence(store):
    r = checker(store).verify("Tony Blair was born in Edinburgh.", record=False)
    assert r.verdict.value == "SUPPORTED", r.justification
    assert r.confidence < 0.95
    assert cited_values(r) == {EDINBURGH: "demo", LONDON: "file"}
    report = build_report(r)
    assert [e.source_kind for e in report.refuting_evidence] == ["file"]
    assert report.conflicts and "agrees" in report.conflicts[0].resolution


def test_the_trust_order_is_a_setting(store):
    fc = checker(store, trust_order="file > wikidata > pubmed > web")
    r = fc.verify("Tony Blair was born in London.", record=False)
    assert r.verdict.value == "SUPPORTED", r.justification
    assert r.confidence < 0.95 and "loaded RDF file outranks the demo KG" in r.justification
    # a bad order fails when the settings load, before any claim is checked
    with pytest.raises(ConfigError, match="Unknown source kind 'rumour' in the trust order"):
        load_settings(offline=True, trust_order="rumour > wikidata")
    assert load_settings(offline=True, trust_order="demo, web").trust_order == (
        "wikidata > web > file > pubmed"
    )


def test_sources_of_equal_trust_leave_it_open(store):
    r = checker(store).verify((NOBODY, "P19", LONDON), record=False)
    assert r.verdict.value == "NOT ENOUGH INFO", r.justification
    assert "does not decide" in r.justification
    assert cited_values(r) == {LONDON: "file", PARIS: "file"}


def test_agreeing_sources_are_no_conflict(store):
    r = checker(store).verify("Gerald Ford was born in Omaha.", record=False)
    assert r.verdict.value == "SUPPORTED" and r.confidence >= 0.9, r.justification
    assert set(cited_values(r)) == {OMAHA}
    assert "disagree" not in r.justification
    assert build_report(r).conflicts == []


def test_a_bad_trust_order_in_the_environment_is_a_usage_error(monkeypatch):
    from click.testing import CliRunner

    from kgfc.cli import cli

    monkeypatch.setenv("KGFC_TRUST_ORDER", "file > rumour")
    res = CliRunner().invoke(cli, ["--store", "memory", "config", "show"])
    assert res.exit_code == 2, res.output
    assert "Unknown source kind 'rumour' in the trust order" in res.output
    assert "Traceback" not in res.output

    monkeypatch.setenv("KGFC_TRUST_ORDER", "file")
    res = CliRunner().invoke(cli, ["--store", "memory", "config", "show", "--json"])
    assert res.exit_code == 0, res.output
    rows = {r["name"]: r for r in json.loads(res.stdout)["settings"]}
    assert rows["trust_order"]["value"] == "file > wikidata > pubmed > web"
    assert rows["trust_order"]["origin"] == "env"


def test_over_http_a_loaded_file_does_not_flip_the_kg(tmp_path):
    """The service: a file posted to /v1/sources, then the claim it states, and the stored
    report listing both sides; the server's trust order setting changes the verdict."""
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from kgfc.service.app import ServiceConfig, create_app

    def client(**settings) -> TestClient:
        s = OxigraphStore()
        ensure_demo(s)
        config = ServiceConfig(
            settings=load_settings(offline=True, **settings),
            jobs_db=tmp_path / f"jobs-{len(settings)}.sqlite3",
            warm_up=False,
        )
        return TestClient(create_app(config, store=s, close_store=True))

    with client() as c:
        r = c.post(
            "/v1/sources?name=blair.nt",
            content=nt((BLAIR, "P19", LONDON)),
            headers={"Content-Type": "application/n-triples"},
        )
        assert r.status_code < 300, r.text
        r = c.post("/v1/verify", json={"claim": "Tony Blair was born in London.", "id": "b1"})
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["verdict"] == "REFUTED" and body["confidence"] < 0.8, body
        md = c.get("/v1/claims/b1", params={"format": "md"}).text
        conflicts = md.split("## Source conflicts", 1)[1]
        assert "Edinburgh" in conflicts and "London" in conflicts, md
        refuting = md.split("## Refuting evidence", 1)[1].split("##", 1)[0]
        assert "Edinburgh" in refuting, md

    with client(trust_order="file") as c:
        c.post(
            "/v1/sources?name=blair.nt",
            content=nt((BLAIR, "P19", LONDON)),
            headers={"Content-Type": "application/n-triples"},
        ).raise_for_status()
        body = c.post(
            "/v1/verify", json={"claim": "Tony Blair was born in London.", "id": "b2"}
        ).json()
        assert body["verdict"] == "SUPPORTED" and body["confidence"] < 0.95, body
        # the stored report judges the conflict by the order the verdict followed
        [conflict] = c.get("/v1/claims/b2").json()["report"]["conflicts"]
        assert conflict["resolution"].startswith("Trust order loaded RDF file > Wikidata/KG")
        assert "agrees" in conflict["resolution"] and "review it" not in conflict["resolution"]


def test_the_cli_report_judges_conflicts_by_the_configured_order(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from kgfc.cli import cli

    path = tmp_path / "store"
    (tmp_path / "blair.nt").write_text(nt((BLAIR, "P19", LONDON)), encoding="utf-8")
    with OxigraphStore(path) as s:
        ensure_demo(s)
        s.load_file(tmp_path / "blair.nt")
    monkeypatch.setenv("KGFC_OFFLINE", "1")
    monkeypatch.setenv("KGFC_TRUST_ORDER", "file > wikidata")
    res = CliRunner().invoke(
        cli,
        ["--store", str(path), "verify", "Tony Blair was born in London.", "--reasoner", "local"]
        + ["--no-record", "--report", "json"],
    )
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    [conflict] = report["conflicts"]
    assert conflict["resolution"].startswith("Trust order loaded RDF file > Wikidata/KG")
    assert "agrees" in conflict["resolution"], conflict
