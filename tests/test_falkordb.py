"""The Cypher mirror on a real FalkorDB: embedded (falkordblite) and as a server.

falkordblite needs Python 3.12+; without it this module skips (``.ci/run`` runs it
in a Python 3.12 environment, ``.venv312``). Every file in ``queries/cypher`` runs
here against the engine, the cookbook queries' answers are checked, and a verified
claim's evidence read through Cypher matches what the SPARQL route reads.
"""

from __future__ import annotations

import socket
import subprocess
import time

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

pytest.importorskip(
    "redislite.falkordb_client",
    reason="falkordblite is not installed (Python 3.12+: pip install 'kgfc[falkordb]'; "
    ".ci/run runs these tests in .venv312)",
)

from kgfc.cli import cli  # noqa: E402
from kgfc.errors import QuerySyntaxError, RemoteUnavailable, UsageError  # noqa: E402
from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.cypher_mirror import CypherMirror, fill, open_mirror, slots, statements  # noqa: E402
from kgfc.kg.neo4j_mapping import map_graph, source_row  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.kg.terms import source_iri  # noqa: E402
from kgfc.kg.verdicts import record_verdict, stored_claims  # noqa: E402
from kgfc.models import EvidenceFact, Fact, Source, SourceKind, Verdict, VerdictLabel  # noqa: E402
from kgfc.resources import query_names, resource_dir  # noqa: E402

WD, WDT = V.WD, V.WDT
BIRTH = Fact(subject=WD + "Q76", predicate=WDT + "P19", object=WD + "Q18094")
CHICAGO = Fact(subject=WD + "Q76", predicate=WDT + "P19", object=WD + "Q1297")
Q76_SRC, ALT_SRC = source_iri("wikidata", "Q76"), source_iri("wikidata", "Q76-alt")


def wikidata_source(key: str, confidence: float = 1.0) -> Source:
    return Source(
        iri=source_iri("wikidata", key),
        kind=SourceKind.WIKIDATA,
        location="https://query.wikidata.org/sparql",
        query=key,
        extractor="test",
        confidence=confidence,
    )


@pytest.fixture
def store(obama_ttl):
    """obama.ttl, a Wikidata source restating the birthplace, one stating another, a verdict."""
    s = OxigraphStore()
    s.load_file(obama_ttl)
    s.add_source(wikidata_source("Q76", 0.8), [BIRTH], [])
    s.add_source(wikidata_source("Q76-alt", 0.3), [CHICAGO], [])
    ev = [
        EvidenceFact(
            id="E1",
            fact=BIRTH.model_copy(update={"source": Q76_SRC}),
            text="Barack Obama place of birth Honolulu",
        )
    ]
    verdict = Verdict(
        label=VerdictLabel.SUPPORTED, confidence=0.9, justification="stated", cited=["E1"]
    )
    record_verdict(s, "c1", "Obama was born in Honolulu.", verdict, ev, "local")
    return s


def file_source(store) -> str:
    return next(s.iri for s in store.sources() if s.kind is SourceKind.FILE)


@pytest.fixture
def mirror(tmp_path):
    m = open_mirror(f"falkordb:{tmp_path / 'mirror.falkordb'}")
    yield m
    m.close()


def count(m: CypherMirror, pattern: str, **params) -> int:
    _, [row] = m.cypher(f"MATCH {pattern} RETURN count(*) AS n", params)
    return row["n"]


def shape(m: CypherMirror) -> dict:
    """Node counts by label and relationship counts by type: the mirror's whole outline."""
    _, nodes = m.cypher("MATCH (n) RETURN labels(n)[0] AS label, count(n) AS n")
    _, rels = m.cypher("MATCH ()-[r]->() RETURN type(r) AS type, count(r) AS n")
    return {r["label"]: r["n"] for r in nodes} | {r["type"]: r["n"] for r in rels}


# -- sync -------------------------------------------------------------------------------
def test_sync_writes_the_mapping_and_a_second_sync_writes_nothing(store, mirror):
    report = mirror.sync(store)
    assert len(report.added) == 4 and report.facts == 9 and not report.removed
    _, [birth] = mirror.cypher(
        "MATCH (:Entity {iri: $s})-[r:P19]->(o:Entity {iri: $o}) "
        "RETURN r.sources AS sources, r.confidence AS confidence, r.label AS label, "
        "r.property AS property, o.label AS place",
        {"s": WD + "Q76", "o": WD + "Q18094"},
    )
    assert sorted(birth["sources"]) == sorted([file_source(store), Q76_SRC])
    assert (birth["confidence"], birth["label"], birth["place"]) == (
        1.0,
        "place of birth",
        "Honolulu",
    )
    assert birth["property"] == WDT + "P19"
    _, [obama] = mirror.cypher("MATCH (e:Entity {iri: $s}) RETURN e", {"s": WD + "Q76"})
    assert obama["e"]["_labels"] == ["Entity"] and "Obama" in obama["e"]["aliases"]
    _, [dob] = mirror.cypher(
        "MATCH (:Entity)-[:P569]->(v:Value) RETURN v.value AS v, v.datatype AS t"
    )
    assert (dob["v"], dob["t"]) == ("1961-08-04T00:00:00Z", V.XSD + "dateTime")
    before = shape(mirror)
    assert before["Claim"] == before["Verdict"] == before["Statement"] == 1
    assert before["Source"] == 4 and before["HAS_VERDICT"] == before["CITES"] == 1
    again = mirror.sync(store)
    assert (again.added, again.updated, again.removed, again.unchanged) == ([], [], [], 4)
    assert shape(mirror) == before


def test_the_mirror_persists_in_its_file(store, tmp_path):
    url = f"falkordb:{tmp_path / 'kept.falkordb'}"
    with open_mirror(url) as m:
        m.sync(store)
        before = shape(m)
    assert (tmp_path / "kept.falkordb").is_file()
    with open_mirror(url) as m:
        assert shape(m) == before
        assert m.sync(store).unchanged == 4


def test_retract_and_refresh_and_the_mirror_follows(store, mirror):
    mirror.sync(store)
    file_src = file_source(store)
    store.retract(file_src)
    store.add_source(
        wikidata_source("Q76", 0.8),
        [BIRTH, Fact(subject=WD + "Q76", predicate=WDT + "P27", object=WD + "Q30")],
        [],
        replace=True,
    )
    report = mirror.sync(store)
    assert report.removed == [file_src] and report.updated == [Q76_SRC]
    _, rows = mirror.cypher(
        "MATCH (:Entity {iri: $s})-[r]->(o) RETURN type(r) AS t, r.sources AS sources, "
        "r.confidence AS c, o.iri AS o ORDER BY t, o",
        {"s": WD + "Q76"},
    )
    assert [(r["t"], r["sources"], r["o"]) for r in rows] == [
        ("P19", [ALT_SRC], WD + "Q1297"),
        ("P19", [Q76_SRC], WD + "Q18094"),
        ("P27", [Q76_SRC], WD + "Q30"),
    ]
    # what only the file stated is gone: its facts, its entities, its Source node
    assert count(mirror, "(:Entity {iri: $e})", e=WD + "Q782") == 0  # Hawaii
    assert count(mirror, "(:Value)") == 0
    assert count(mirror, "(:Source {iri: $s})", s=file_src) == 0
    # the claim graph goes the same way: claim, verdict and statement nodes
    claim_graph = next(s.iri for s in store.sources() if s.kind is SourceKind.CLAIM)
    store.retract(claim_graph)
    assert mirror.sync(store).removed == [claim_graph]
    assert count(mirror, "(:Claim)") == count(mirror, "(:Verdict)") == 0
    assert count(mirror, "(:Statement)") == 0
    assert {r["iri"] for r in mirror.run("synced_sources")} == {s.iri for s in store.sources()}


# -- every file in queries/cypher runs on the engine ------------------------------------
def _cypher_files() -> list[str]:
    root = resource_dir("queries") / "cypher"
    return sorted(p.relative_to(root).with_suffix("").as_posix() for p in root.rglob("*.cypher"))


# The parameters each read query runs with; the write ones get rows from the mapping.
READS = {
    "claim_evidence": {"claimId": "c1"},
    "claims_using_source": {"source": Q76_SRC},
    "conflicting_values": {"type": "P19"},
    "entity_neighbourhood": {"iri": WD + "Q76"},
    "synced_sources": {},
}


def _writes(store) -> dict[str, list[tuple[dict, dict]]]:
    """(identifiers, parameters) for each write file, from the fixture's own rows."""
    [src] = [s for s in store.sources() if s.kind is SourceKind.FILE]
    [claim_src] = [s for s in store.sources() if s.kind is SourceKind.CLAIM]
    rows = map_graph(src, store.quads(graph=ox.NamedNode(src.iri)), store.label_index().labels)
    claim = map_graph(claim_src, store.quads(graph=ox.NamedNode(claim_src.iri)))
    ent = [f for f in rows.facts if f["object_kind"] == "Entity"]
    val = [f for f in rows.facts if f["object_kind"] == "Value"]
    link = next(r for r in claim.links if r["type"] == "HAS_VERDICT")
    obj = next(r for r in claim.links if r["type"] == "OBJECT")
    return {
        "merge_entities": [
            ({}, {"rows": list(rows.entities.values()) + list(claim.entities.values())})
        ],
        "merge_values": [({}, {"rows": list(rows.values.values())})],
        "merge_facts_entity": [({"type": ent[0]["type"]}, {"rows": ent[:1]})],
        "merge_facts_value": [({"type": val[0]["type"]}, {"rows": val})],
        "merge_nodes": [
            ({"label": "Claim"}, {"rows": claim.claims}),
            ({"label": "Verdict"}, {"rows": claim.verdicts}),
            ({"label": "Statement"}, {"rows": claim.statements}),
        ],
        "merge_links": [
            (
                {"type": "HAS_VERDICT", "from_label": "Claim", "to_label": "Verdict"},
                {"rows": [link]},
            )
        ],
        "merge_value_links": [({"type": "OBJECT", "from_label": "Statement"}, {"rows": [obj]})],
        "merge_source": [({}, {"source": source_row(src)})],
        "remove_source": [({}, {"iri": src.iri})],
    }


def test_every_cypher_file_is_run_below():
    names = {n.rpartition("/")[2] for n in _cypher_files()}
    assert names == set(READS) | set(_WRITE_NAMES) | {"schema"}
    assert set(query_names("cypher")) == names  # dialect files override, they add no names


_WRITE_NAMES = (
    "merge_entities",
    "merge_values",
    "merge_facts_entity",
    "merge_facts_value",
    "merge_nodes",
    "merge_links",
    "merge_value_links",
    "merge_source",
    "remove_source",
)


def test_each_write_file_runs_and_does_what_it_says(store, mirror):
    """In sync's order, every write statement runs on FalkorDB; then remove_source undoes it."""
    mirror.backend.ensure_schema(statements("schema", "falkordb"))
    mirror.backend.ensure_schema(statements("schema", "falkordb"))  # idempotent
    plan = _writes(store)
    for name in _WRITE_NAMES[:-1]:
        for idents, params in plan[name]:
            for stmt in statements(name, "falkordb"):
                assert slots(stmt) == set(idents), name
                mirror.backend.write(fill(stmt, **idents), params)
    src = file_source(store)
    [fact] = plan["merge_facts_entity"][0][1]["rows"]
    _, [edge] = mirror.cypher(
        f"MATCH (:Entity {{iri: $s}})-[r:{fact['type']}]->(:Entity {{iri: $o}}) "
        "RETURN r.sources AS sources",
        {"s": fact["s"], "o": fact["o"]},
    )
    assert edge["sources"] == [src]
    assert count(mirror, "(:Entity)-[:P569]->(:Value)") == 1
    assert count(mirror, "(:Claim)-[:HAS_VERDICT]->(:Verdict)") == 1
    assert count(mirror, "(:Statement)-[:OBJECT]->(:Value)") == 0  # the object is an entity
    assert [r["iri"] for r in mirror.run("synced_sources")] == [src]
    for stmt in statements("remove_source", "falkordb"):
        mirror.backend.write(stmt, plan["remove_source"][0][1])
    assert mirror.run("synced_sources") == []
    assert count(mirror, "()-[r]->() WHERE $src IN r.sources", src=src) == 0


@pytest.mark.parametrize("name", sorted(READS))
def test_each_read_file_runs_read_only(store, mirror, name):
    mirror.sync(store)
    rows = mirror.run(name, READS[name])
    assert rows and all(rows[0].keys()), name


# -- the cookbook's answers ----------------------------------------------------------------
def test_cookbook_answers(store, mirror):
    mirror.sync(store)
    [ev] = mirror.run("claim_evidence", {"claimId": "c1"})
    assert (ev["claim"], ev["verdict"], ev["confidence"]) == (
        "Obama was born in Honolulu.",
        "SUPPORTED",
        0.9,
    )
    assert (ev["evidenceId"], ev["fact"], ev["cited"]) == (
        "E1",
        "Barack Obama place of birth Honolulu",
        True,
    )
    assert (ev["subject"], ev["property"], ev["object"]) == (WD + "Q76", WDT + "P19", WD + "Q18094")
    assert (ev["source"], ev["sourceKind"]) == (Q76_SRC, "wikidata")

    [using] = mirror.run("claims_using_source", {"source": Q76_SRC})
    assert (using["claimId"], using["verdict"]) == ("c1", "SUPPORTED")
    assert using["citedFacts"] == ["Barack Obama place of birth Honolulu"]
    assert mirror.run("claims_using_source", {"source": ALT_SRC}) == []

    conflicts = mirror.run("conflicting_values", {"type": "P19"})
    assert [(r["entity"], r["value"], sorted(r["sources"])) for r in conflicts] == [
        (WD + "Q76", WD + "Q1297", [ALT_SRC]),
        (WD + "Q76", WD + "Q18094", sorted([file_source(store), Q76_SRC])),
    ]
    assert mirror.run("conflicting_values", {"type": "P27"}) == []
    with pytest.raises(UsageError, match="bind type="):
        mirror.run("conflicting_values", {})
    with pytest.raises(UsageError, match="identifier"):
        mirror.run("conflicting_values", {"type": "P19]->() DETACH DELETE e //"})

    hood = mirror.run("entity_neighbourhood", {"iri": WD + "Q76"})
    by_source: dict[str, set] = {}
    for r in hood:
        by_source.setdefault(r["source"], set()).add((r["direction"], r["type"], r["neighbour"]))
    assert by_source[ALT_SRC] == {("out", "P19", WD + "Q1297")}
    assert by_source[Q76_SRC] == {("out", "P19", WD + "Q18094")}
    assert ("in", "P26", WD + "Q13133") in by_source[file_source(store)]
    assert ("out", "P569", "1961-08-04T00:00:00Z") in by_source[file_source(store)]
    assert [r["source"] for r in hood] == sorted(r["source"] for r in hood)


def test_a_verified_claims_evidence_reads_the_same_through_cypher_and_sparql(obama_ttl, mirror):
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    store = OxigraphStore()
    store.load_file(obama_ttl)
    checker = FactChecker(store, settings=load_settings(offline=True), record=True)
    result = checker.verify(("Q76", "P19", "Q18094"), id="v1")
    assert result.verdict is VerdictLabel.SUPPORTED
    mirror.sync(store)
    [sparql] = stored_claims(store, "v1")
    assert sparql["evidence"]
    rows = mirror.run("claim_evidence", {"claimId": "v1"})
    assert {r["verdict"] for r in rows} == {sparql["verdict"]}
    assert {r["claim"] for r in rows} == {sparql["claim"]}
    assert {r["claimIri"] for r in rows} == {sparql["claim_iri"]}

    def facts(items):
        return sorted(
            (e["id"], e["text"], e["subject"], e["predicate"], e["object"], e["source"], e["cited"])
            for e in items
        )

    through_cypher = [
        {
            "id": r["evidenceId"],
            "text": r["fact"],
            "subject": r["subject"],
            "predicate": r["property"],
            "object": r["object"],
            "source": r["source"],
            "cited": r["cited"],
        }
        for r in rows
        if r["evidenceId"]
    ]
    assert facts(through_cypher) == facts(sparql["evidence"])
    assert {e["source"] for e in sparql["evidence"]} == {file_source(store)}


# -- read-only by default, errors ------------------------------------------------------------
def test_user_queries_are_read_only_unless_write(store, mirror):
    mirror.sync(store)
    before = shape(mirror)
    for q in (
        "CREATE (:Note {text: 'x'})",
        "MATCH (e:Entity) SET e.label = 'x'",
        "MATCH (n) DETACH DELETE n",
    ):
        with pytest.raises(UsageError, match="read-only"):
            mirror.cypher(q)
    assert shape(mirror) == before
    mirror.cypher("CREATE (:Note {text: $t})", {"t": "checked"}, write=True)
    assert count(mirror, "(:Note {text: 'checked'})") == 1
    with pytest.raises(QuerySyntaxError):
        mirror.cypher("MATCH (n RETURN n")


def test_cli_sync_and_cypher_on_the_embedded_file(tmp_path, obama_ttl):
    import json

    path, url = tmp_path / "store", f"falkordb:{tmp_path / 'm.falkordb'}"
    runner = CliRunner()
    assert runner.invoke(cli, ["kg", "load", "--store", str(path), str(obama_ttl)]).exit_code == 0
    res = runner.invoke(cli, ["kg", "sync", url, "--store", str(path), "--json"])
    assert res.exit_code == 0, res.output
    assert len(json.loads(res.stdout)["added"]) == 1
    res = runner.invoke(cli, ["kg", "sync", url, "--store", str(path), "--json"])
    assert json.loads(res.stdout)["unchanged"] == 1
    res = runner.invoke(
        cli,
        [
            "kg",
            "cypher",
            "--uri",
            url,
            "--name",
            "entity_neighbourhood",
            "--bind",
            f"iri={WD}Q76",
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    assert {r["neighbour"] for r in json.loads(res.stdout)} >= {WD + "Q18094", WD + "Q13133"}
    res = runner.invoke(
        cli,
        [
            "kg",
            "cypher",
            "--uri",
            url,
            "--name",
            "conflicting_values",
            "--bind",
            "type=P19",
            "--json",
        ],
    )
    assert res.exit_code == 0 and json.loads(res.stdout) == [], res.output  # one birthplace
    res = runner.invoke(cli, ["kg", "cypher", "--uri", url, "--name", "conflicting_values"])
    assert res.exit_code == 2 and "--bind type=NAME" in res.output
    res = runner.invoke(cli, ["kg", "cypher", "--uri", url, "CREATE (:Note)"])
    assert res.exit_code == 2 and "read-only" in res.output and "--write" in res.output
    res = runner.invoke(
        cli, ["kg", "cypher", "--uri", url, "--write", "CREATE (:Note) RETURN 1 AS one"]
    )
    assert res.exit_code == 0, res.output
    res = runner.invoke(
        cli, ["kg", "cypher", "--uri", url, "MATCH (n:Note) RETURN count(n) AS n", "--csv"]
    )
    assert res.stdout.splitlines() == ["n", "1"]
    res = runner.invoke(cli, ["kg", "cypher", "--uri", url, "MATCH (n RETURN n"])
    assert res.exit_code == 2 and "Cypher" in res.output
    res = runner.invoke(cli, ["kg", "cypher", "--uri", url, "--database", "x", "RETURN 1"])
    assert res.exit_code == 2 and "--database is for Neo4j" in res.output


# -- the server form: falkordb://HOST:PORT/GRAPH -------------------------------------------
@pytest.fixture
def falkordb_server(tmp_path):
    """A FalkorDB server on 127.0.0.1 (falkordblite's own redis-server with the module)."""
    import redislite

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [
            redislite.__redis_executable__,
            "--port", str(port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--dir", str(tmp_path),
            "--loadmodule", redislite.__falkordb_module__,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_server_url_syncs_into_the_named_graph(store, falkordb_server):
    url = f"falkordb://127.0.0.1:{falkordb_server}/kgtest"
    with open_mirror(url) as m:
        assert m.sync(store).facts == 9
        [ev] = m.run("claim_evidence", {"claimId": "c1"})
        assert ev["source"] == Q76_SRC
        with pytest.raises(UsageError, match="read-only"):
            m.cypher("CREATE (:Note)")
    with open_mirror(f"falkordb://127.0.0.1:{falkordb_server}") as other:  # graph "kgfc"
        with pytest.raises(UsageError, match="Nothing is mirrored") as err:
            other.cypher("MATCH (n) RETURN n")
        assert "kg sync falkordb://127.0.0.1" in str(err.value)
    with open_mirror(url) as m:
        assert m.sync(store).unchanged == 4


def test_server_url_nobody_answers_is_a_runtime_failure():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(RemoteUnavailable, match="Cannot reach FalkorDB"):
        open_mirror(f"falkordb://127.0.0.1:{port}/g")
    res = CliRunner().invoke(
        cli, ["kg", "cypher", "--uri", f"falkordb://127.0.0.1:{port}", "RETURN 1"]
    )
    assert res.exit_code == 1 and "Cannot reach FalkorDB" in res.output


# -- the demo KG, whole ------------------------------------------------------------------
P19 = WDT + "P19"
FACT_FILTER = f'FILTER(STRSTARTS(STR(?p), "{V.WDT}") || STRSTARTS(STR(?p), "{V.KGFC_REL}"))'


@pytest.fixture(scope="module")
def demo_synced(tmp_path_factory):
    """The bundled demo KG (about 250k quads) in memory, mirrored once into an embedded file."""
    from kgfc.kg.demo import ensure_demo

    store = OxigraphStore()
    ensure_demo(store)
    m = open_mirror(f"falkordb:{tmp_path_factory.mktemp('demo') / 'demo.falkordb'}")
    report = m.sync(store)
    yield store, m, report
    m.close()


def sparql_count(store, where: str) -> int:
    [row] = list(store.sparql(f"SELECT (COUNT(*) AS ?n) WHERE {{ {where} }}"))
    return int(row["n"].value)


def test_the_demo_kg_syncs_whole_and_a_second_sync_writes_nothing(demo_synced):
    store, m, report = demo_synced
    sources = {s.iri for s in store.sources()}
    assert sorted(report.added) == sorted(sources) and not report.removed
    # every fact quad of every source graph is one row of the sync ...
    assert report.facts == sparql_count(store, f"GRAPH ?g {{ ?s ?p ?o {FACT_FILTER} }}")
    # ... and every distinct (subject, property, object) is one relationship, with the
    # sources that state it
    distinct = f"SELECT DISTINCT ?s ?p ?o WHERE {{ GRAPH ?g {{ ?s ?p ?o {FACT_FILTER} }} }}"
    assert count(m, "()-[r]->()") == sparql_count(store, f"{{ {distinct} }}")
    assert count(m, "(:Source)") == len(sources)
    _, [row] = m.cypher("MATCH ()-[r]->() UNWIND r.sources AS s RETURN count(*) AS n")
    assert row["n"] == report.facts
    _, stating = m.cypher("MATCH ()-[r]->() UNWIND r.sources AS s RETURN DISTINCT s")
    graphs = store.sparql(f"SELECT DISTINCT ?g WHERE {{ GRAPH ?g {{ ?s ?p ?o {FACT_FILTER} }} }}")
    assert {r["s"] for r in stating} == {r["g"].value for r in graphs}
    births = f"SELECT DISTINCT ?s ?o WHERE {{ GRAPH ?g {{ ?s <{P19}> ?o }} }}"
    assert count(m, "()-[:P19]->()") == sparql_count(store, f"{{ {births} }}")

    again = m.sync(store)
    assert (again.added, again.updated, again.removed, again.facts) == ([], [], [], 0)
    assert again.unchanged == len(sources)


def test_the_cookbook_on_the_demo_kg_answers_what_sparql_answers(demo_synced):
    store, m, _ = demo_synced
    # several birthplaces for one entity: the same entities and values through both routes
    conflicts = m.run("conflicting_values", {"type": "P19"})
    sparql = {
        (r["e"].value, r["v"].value)
        for r in store.sparql(
            f"SELECT DISTINCT ?e ?v WHERE {{ GRAPH ?g {{ ?e <{P19}> ?v }} "
            f"{{ SELECT ?e WHERE {{ GRAPH ?h {{ ?e <{P19}> ?w }} }} GROUP BY ?e "
            "HAVING (COUNT(DISTINCT ?w) > 1) } }"
        )
    }
    assert conflicts and {(r["entity"], r["value"]) for r in conflicts} == sparql

    # an entity's neighbourhood by source: the facts entity_facts reads, source by source
    tony = WD + "Q9545"
    hood = m.run("entity_neighbourhood", {"iri": tony})
    through_sparql = {
        (r["g"], r["p"], r["o"] if r["s"] == tony else r["s"])
        for r in store.run("entity_facts", bindings={"entity": ox.NamedNode(tony)})
        if r["p"].startswith((V.WDT, V.KGFC_REL))
    }
    assert hood and {(r["source"], r["property"], r["neighbour"]) for r in hood} == through_sparql


# -- over HTTP: POST /v1/cypher ------------------------------------------------------------
def test_http_cypher_reads_the_mirror_and_refuses_writes(store, tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from kgfc.service.app import ServiceConfig, create_app
    from kgfc.settings import load_settings

    url = f"falkordb:{tmp_path / 'served.falkordb'}"
    with open_mirror(url) as m:
        m.sync(store)
    settings = load_settings(offline=True).model_copy(update={"cypher_uri": url})
    config = ServiceConfig(settings=settings, jobs_db=tmp_path / "jobs.sqlite3", warm_up=False)
    with TestClient(create_app(config, store=store)) as client:
        r = client.post("/v1/cypher", json={"name": "claim_evidence", "params": {"claimId": "c1"}})
        assert r.status_code == 200, r.text
        [ev] = r.json()["rows"]
        assert (ev["verdict"], ev["source"], ev["object"]) == ("SUPPORTED", Q76_SRC, WD + "Q18094")
        assert "evidenceId" in r.json()["columns"] and r.json()["truncated"] is False

        r = client.post(
            "/v1/cypher",
            json={"query": "MATCH (e:Entity {iri: $iri}) RETURN e.label AS label", "params": {"iri": WD + "Q76"}},
        )  # fmt: skip
        assert r.json() == {
            "columns": ["label"],
            "rows": [{"label": "Barack Obama"}],
            "truncated": False,
        }

        r = client.post(
            "/v1/cypher", json={"name": "conflicting_values", "params": {"type": "P19"}}
        )
        assert {row["value"] for row in r.json()["rows"]} == {WD + "Q1297", WD + "Q18094"}

        r = client.post("/v1/cypher", json={"query": "MATCH (n) DETACH DELETE n"})
        assert r.status_code == 403 and "read-only" in r.json()["error"]["message"]
        assert str(tmp_path) not in r.text  # the mirror's path stays on the server
        r = client.post("/v1/cypher", json={"query": "MATCH (n RETURN n"})
        assert r.status_code == 400 and "Cypher" in r.json()["error"]["message"]
        r = client.post("/v1/cypher", json={"name": "conflicting_values"})
        assert r.status_code == 400 and "needs type" in r.json()["error"]["message"]
    # nothing was deleted, and the server let go of the file
    with open_mirror(url) as m:
        assert count(m, "(:Entity)") > 0


# -- in the web app: the query page's Cypher tab -----------------------------------------------
def test_web_app_cypher_tab_runs_a_named_query_on_the_mirror(tmp_path, obama_ttl, monkeypatch):
    web = pytest.importorskip("tests.test_web_app")
    if not (web.CHROMIUM.exists() and web.CHROMEDRIVER.exists()):
        pytest.skip(
            "needs Debian's headless Chromium and its driver: apt-get install chromium chromium-driver"
        )
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import Select

    from tests.test_service_process import Server

    path, url = tmp_path / "store", f"falkordb:{tmp_path / 'web.falkordb'}"
    runner = CliRunner()
    assert runner.invoke(cli, ["kg", "load", "--store", str(path), str(obama_ttl)]).exit_code == 0
    assert runner.invoke(cli, ["kg", "sync", url, "--store", str(path)]).exit_code == 0
    monkeypatch.setenv("KGFC_CYPHER_URI", url)
    server = Server(path, tmp_path / "jobs.sqlite3")
    driver = web.make_browser(tmp_path / "profile")
    try:
        driver.get(server.url + "/query")
        assert "FalkorDB mirror" in driver.find_element(By.ID, "query-language").text
        assert str(tmp_path) not in driver.page_source  # the mirror's path stays on the server
        Select(driver.find_element(By.ID, "example")).select_by_value("cypher:entity_neighbourhood")
        assert driver.find_element(By.ID, "language-cypher").is_selected()
        assert "MATCH (e:Entity {iri: $iri})" in driver.find_element(
            By.ID, "query-text"
        ).get_attribute("value")
        params = driver.find_element(By.ID, "cypher-params")
        params.clear()
        params.send_keys('{"iri": "' + WD + 'Q76"}')
        driver.find_element(By.ID, "run-query").click()
        web.wait(driver, EC.text_to_be_present_in_element((By.ID, "query-status"), "row(s)"))
        table = driver.find_element(By.ID, "query-results").text
        assert WD + "Q18094" in table and "place of birth" in table and "Honolulu" in table
        # writes are refused here as on POST /v1/cypher
        box = driver.find_element(By.ID, "query-text")
        box.clear()
        box.send_keys("MATCH (n) DETACH DELETE n")
        driver.find_element(By.ID, "run-query").click()
        web.wait(driver, EC.text_to_be_present_in_element((By.ID, "query-status"), "read-only"))
        assert not driver.find_element(By.ID, "query-results").is_displayed()
        logged = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert all("/v1/cypher" in m and "403" in m for m in logged), (
            logged
        )  # the refused write only
    finally:
        driver.quit()
        server.stop()
    with open_mirror(url) as m:
        assert count(m, "(:Entity)") > 0


# -- over MCP: the cypher_query tool ---------------------------------------------------------
def test_mcp_cypher_query_reads_the_mirror(store, tmp_path):
    pytest.importorskip("mcp")
    import anyio
    from mcp.server.mcpserver.exceptions import ToolError

    from kgfc.service.mcp_server import build_mcp
    from kgfc.settings import load_settings

    url = f"falkordb:{tmp_path / 'mcp.falkordb'}"
    with open_mirror(url) as m:
        m.sync(store)
    mcp = build_mcp(load_settings(offline=True).model_copy(update={"cypher_uri": url}))

    def call(args):
        async def go():
            return await mcp.call_tool("cypher_query", args)

        return anyio.run(go)

    try:
        res = call({"name": "claims_using_source", "params": {"source": Q76_SRC}})
        assert res.structured_content == {
            "columns": ["claimId", "claim", "verdict", "citedFacts"],
            "rows": [
                {
                    "claimId": "c1",
                    "claim": "Obama was born in Honolulu.",
                    "verdict": "SUPPORTED",
                    "citedFacts": ["Barack Obama place of birth Honolulu"],
                }
            ],
            "truncated": False,
        }
        res = call({"query": "MATCH (s:Source) RETURN s.iri AS iri ORDER BY iri", "max_rows": 2})
        assert len(res.structured_content["rows"]) == 2 and res.structured_content["truncated"]
        with pytest.raises(ToolError, match="read-only"):
            call({"query": "MATCH (n) DETACH DELETE n"})
        assert (
            call({"query": "MATCH (e:Entity) RETURN count(e) AS n"}).structured_content["rows"][0][
                "n"
            ]
            > 0
        )
    finally:
        mcp.kgfc_close()
