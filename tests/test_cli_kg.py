"""``kgfc kg`` through click's CliRunner; JSON outputs parsed and asserted."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.kg import vocab as V


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def store_path(tmp_path, obama_ttl, runner):
    path = tmp_path / "store"
    res = runner.invoke(cli, ["kg", "load", str(obama_ttl), "--store", str(path)])
    assert res.exit_code == 0, res.output
    return path


def run(runner, *args):
    return runner.invoke(cli, list(args))


def test_version_and_help(runner):
    assert run(runner, "--version").output.startswith("kgfc, version")
    res = run(runner, "kg", "--help")
    assert res.exit_code == 0 and "enrich" in res.output and "retract" in res.output


def test_stats_json(runner, store_path):
    res = run(runner, "kg", "stats", "--json", "--store", str(store_path))
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert (data["entities"], data["facts"], data["sources"]) == (5, 7, 1)


def test_query_json_is_w3c_results(runner, store_path):
    q = (
        "PREFIX wd: <http://www.wikidata.org/entity/> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
        "SELECT ?p ?o ?label ?g WHERE { GRAPH ?g { wd:Q76 ?p ?o } OPTIONAL { ?o rdfs:label ?label } "
        "FILTER(STRSTARTS(STR(?p), 'http://www.wikidata.org/prop/direct/')) } ORDER BY ?p"
    )
    res = run(runner, "kg", "query", q, "--json", "--store", str(store_path))
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["head"]["vars"] == ["p", "o", "label", "g"]
    rows = data["results"]["bindings"]
    birth = next(r for r in rows if r["p"]["value"] == V.WDT + "P19")
    assert birth["label"] == {"type": "literal", "value": "Honolulu", "xml:lang": "en"}
    assert birth["g"]["type"] == "uri" and birth["g"]["value"].startswith(V.KGFC_SOURCE)
    dob = next(r for r in rows if r["p"]["value"] == V.WDT + "P569")
    assert dob["o"]["datatype"] == V.XSD + "dateTime"


def test_query_csv_and_table(runner, store_path):
    q = "SELECT ?l WHERE { <http://www.wikidata.org/entity/Q782> <http://www.w3.org/2000/01/rdf-schema#label> ?l }"
    res = run(runner, "kg", "query", q, "--csv", "--store", str(store_path))
    assert list(csv.reader(io.StringIO(res.stdout))) == [["l"], ["Hawaii"]]
    res = run(runner, "kg", "query", q, "--store", str(store_path))
    assert "Hawaii@en" in res.stdout


def test_named_query_with_bind(runner, store_path):
    res = run(
        runner,
        "kg",
        "query",
        "--name",
        "entity_facts",
        "--bind",
        "entity=Q782",
        "--json",
        "--store",
        str(store_path),
    )
    assert res.exit_code == 0, res.output
    objects = {b["o"]["value"] for b in json.loads(res.stdout)["results"]["bindings"]}
    assert V.WD + "Q30" in objects and V.WD + "Q782" in objects


def test_ask_and_construct(runner, store_path):
    ask = run(
        runner,
        "kg",
        "query",
        "ASK { <http://www.wikidata.org/entity/Q76> ?p ?o }",
        "--json",
        "--store",
        str(store_path),
    )
    assert json.loads(ask.stdout) == {"head": {}, "boolean": True}
    cons = run(
        runner,
        "kg",
        "query",
        "CONSTRUCT { ?s ?p ?o } WHERE { ?s <http://www.wikidata.org/prop/direct/P17> ?o BIND(<http://www.wikidata.org/prop/direct/P17> AS ?p) }",
        "--store",
        str(store_path),
    )
    assert "wd:Q782 wdt:P17 wd:Q30" in cons.stdout


@pytest.mark.parametrize(
    "args,code,needle",
    [
        (["kg", "query", "SELEC ?x"], 2, "syntax"),
        (["kg", "query", "--name", "nope"], 2, "No sparql query named"),
        (["kg", "query"], 2, "exactly one"),
        (["kg", "retract", "kgfcs:file/doesnotexist"], 2, "No source"),
        (["kg", "enrich", "--entity", "Obama", "--hops", "1"], 2, "Q76"),
        (["kg", "enrich"], 2, "--entity"),
    ],
)
def test_bad_usage_exit_2(runner, store_path, args, code, needle):
    res = runner.invoke(cli, [*args, "--store", str(store_path)])
    assert res.exit_code == code, res.output
    assert needle in res.output
    stats = json.loads(run(runner, "kg", "stats", "--json", "--store", str(store_path)).stdout)
    assert stats["facts"] == 7  # store unchanged


def test_load_malformed_exit_2_nothing_written(runner, store_path, tmp_path):
    bad = tmp_path / "bad.ttl"
    bad.write_text(
        '@prefix wd: <http://www.wikidata.org/entity/> .\nwd:Q1 wd:P31 wd:Q5 .\nwd:Q1 wd:P31 "oops .\n'
    )
    res = run(runner, "kg", "load", str(bad), "--store", str(store_path))
    assert res.exit_code == 2
    assert "bad.ttl:3" in res.output
    # the parser's message and the hint are two sentences on two lines, not glued with a space
    lines = res.output.splitlines()
    hint = lines.index("The file was rejected whole; nothing was written.")
    assert lines[hint - 1].startswith("Error: ") and "bad.ttl:3" in lines[hint - 1]
    stats = json.loads(run(runner, "kg", "stats", "--json", "--store", str(store_path)).stdout)
    assert (stats["facts"], stats["sources"]) == (7, 1)


def test_a_command_error_prints_its_hint_on_the_next_line(runner, tmp_path):
    bad = tmp_path / "bad.nt"
    bad.write_text("<rel> <http://x/p> <http://x/o> .\n", encoding="utf-8")
    res = run(runner, "kg", "load", str(bad), "--store", str(tmp_path / "s"))
    assert res.exit_code == 2
    error, hint = res.output.splitlines()[-2:]
    assert error.startswith("Error: bad.nt:1: ") or error.startswith(f"Error: {bad}:1: ")
    assert hint == "The file was rejected whole; nothing was written."


def test_error_text_ends_the_message_before_the_hint():
    from kgfc.errors import RDFSyntaxError, UsageError

    exc = RDFSyntaxError("No scheme found in an absolute IRI", path="a.nt", line=1)
    assert str(exc) == (
        "a.nt:1: No scheme found in an absolute IRI. The file was rejected whole; nothing was written."
    )
    assert str(UsageError("Bad value.", hint="Try 3.")) == "Bad value. Try 3."


def test_load_twice_json(runner, store_path, obama_ttl):
    res = run(runner, "kg", "load", str(obama_ttl), "--json", "--store", str(store_path))
    assert json.loads(res.stdout)[0]["status"] == "unchanged"


def test_sources_retract_export(runner, store_path, tmp_path):
    sources = json.loads(run(runner, "kg", "sources", "--json", "--store", str(store_path)).stdout)
    assert len(sources) == 1 and sources[0]["kind"] == "file" and sources[0]["facts"] == 7
    out = tmp_path / "dump.trig"
    res = run(
        runner, "kg", "export", "--format", "trig", "-o", str(out), "--store", str(store_path)
    )
    assert (
        res.exit_code == 0 and out.stat().st_size > 0 and not out.with_suffix(".trig.part").exists()
    )
    short = V.short(sources[0]["iri"])  # the kgfcs: short form
    res = run(runner, "kg", "retract", short, "--json", "--store", str(store_path))
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["quads_removed"] > 0
    stats = json.loads(run(runner, "kg", "stats", "--json", "--store", str(store_path)).stdout)
    assert (stats["facts"], stats["sources"]) == (0, 0)
    # the export brings everything back
    res = run(runner, "kg", "load", str(out), "--store", str(store_path))
    assert res.exit_code == 0
    stats = json.loads(run(runner, "kg", "stats", "--json", "--store", str(store_path)).stdout)
    assert stats["facts"] == 7


def test_search(runner, store_path):
    res = run(runner, "kg", "search", "obama", "--json", "--store", str(store_path))
    hits = json.loads(res.stdout)
    assert hits[0]["entity"] == V.WD + "Q76"


def test_bad_config_file_exit_2(runner, tmp_path, monkeypatch, store_path):
    cfg = tmp_path / "kgfc.toml"
    cfg.write_text("beam = 'many'\n")
    monkeypatch.setenv("KGFC_CONFIG", str(cfg))
    res = run(runner, "kg", "stats", "--store", str(store_path))
    assert res.exit_code == 2 and "beam" in res.output


def test_query_usual_prefixes_predeclared(runner, store_path):
    """The prefixes the table output prints (wd:, wdt:, rdfs:...) need no PREFIX lines."""
    q = "SELECT ?o ?label WHERE { wd:Q76 wdt:P19 ?o . ?o rdfs:label ?label }"
    res = run(runner, "kg", "query", q, "--json", "--store", str(store_path))
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)["results"]["bindings"]
    assert [r["label"]["value"] for r in rows] == ["Honolulu"]


def test_query_own_prefix_wins(runner, store_path):
    q = "PREFIX wd: <http://example.org/> SELECT ?o WHERE { wd:Q76 ?p ?o }"
    res = run(runner, "kg", "query", q, "--json", "--store", str(store_path))
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["results"]["bindings"] == []


def test_sparql_prologue_one_source():
    prologue = V.sparql_prologue()
    for name in ("wd", "wdt", "p", "ps", "pq", "rdfs", "schema", "prov", "kgfc"):
        assert f"PREFIX {name}: <{V.PREFIXES[name]}>" in prologue
    assert "PREFIX wd:" not in V.with_prefixes("prefix wd: <x:> ASK {}").split("prefix wd:")[0]
