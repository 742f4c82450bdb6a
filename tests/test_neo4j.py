"""The Neo4j mirror: mapping, generated Cypher and parameters, incremental sync, CSV export.

No Neo4j server runs here: the sync runs against a recording fake driver (the
network edge) that keeps the one piece of server state the sync reads back,
the mirrored sources. ``test_live_*`` run against a real server when
KGFC_TEST_NEO4J_URI (and KGFC_TEST_NEO4J_PASSWORD) are set.
"""

from __future__ import annotations

import csv
import os
import re

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.kg import vocab as V
from kgfc.kg.cypher_mirror import fill, slots
from kgfc.kg.neo4j_csv import export_neo4j_csv
from kgfc.kg.neo4j_mapping import map_graph, relationship_type, value_key
from kgfc.kg.neo4j_sync import Neo4jMirror, statements
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.terms import source_iri
from kgfc.kg.verdicts import record_verdict
from kgfc.models import EvidenceFact, Fact, Source, SourceKind, Verdict, VerdictLabel

WD, WDT = V.WD, V.WDT
BIRTH = Fact(subject=WD + "Q76", predicate=WDT + "P19", object=WD + "Q18094")


def from_file(query: str, name: str) -> bool:
    """Whether ``query`` is a statement of queries/cypher/NAME.cypher, identifier slots filled."""
    for stmt in statements(name):
        pattern = re.escape(stmt)
        for slot in slots(stmt):
            pattern = pattern.replace(re.escape("{{" + slot + "}}"), "[A-Za-z][A-Za-z0-9_]*")
        if re.fullmatch(pattern, query):
            return True
    return False


# -- a recording fake of the neo4j driver --------------------------------------------
class FakeResult:
    def __init__(self, rows: list[dict]) -> None:
        self.rows = rows

    def keys(self):
        return list(self.rows[0]) if self.rows else ["iri", "syncKey"]

    def __iter__(self):
        return iter(self.rows)

    def consume(self) -> None:
        return None


class FakeDriver:
    """Records (query, parameters, mode); answers synced_sources from what it was sent."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict, str]] = []
        self.synced: dict[str, str] = {}
        self.closed = False

    def session(self, database=None):
        driver = self

        class Session:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return False

            def execute_write(self, fn):
                return fn(Tx("write"))

            def execute_read(self, fn):
                return fn(Tx("read"))

        class Tx:
            def __init__(self, mode: str) -> None:
                self.mode = mode

            def run(self, query: str, params: dict):
                driver.calls.append((query, params, self.mode))
                if query == statements("synced_sources")[0]:
                    return FakeResult([{"iri": k, "syncKey": v} for k, v in driver.synced.items()])
                if query == statements("merge_source")[0]:
                    driver.synced[params["source"]["iri"]] = params["source"]["syncKey"]
                if query == statements("remove_source")[3]:
                    driver.synced.pop(params["iri"], None)
                return FakeResult([])

        return Session()

    def close(self) -> None:
        self.closed = True

    def writes(self, name: str) -> list[dict]:
        return [p for q, p, m in self.calls if m == "write" and from_file(q, name)]

    def queries(self, name: str) -> list[str]:
        return [q for q, _, m in self.calls if m == "write" and from_file(q, name)]


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
    s = OxigraphStore()
    s.load_file(obama_ttl)
    s.add_source(wikidata_source("Q76", 0.8), [BIRTH], [])
    ev = [
        EvidenceFact(
            id="E1",
            fact=BIRTH.model_copy(update={"source": source_iri("wikidata", "Q76")}),
            text="Barack Obama place of birth Honolulu",
        )
    ]
    verdict = Verdict(
        label=VerdictLabel.SUPPORTED, confidence=0.9, justification="stated", cited=["E1"]
    )
    record_verdict(s, "c1", "Obama was born in Honolulu.", verdict, ev, "local")
    return s


# -- mapping ------------------------------------------------------------------------
def test_relationship_types_are_safe_identifiers():
    assert relationship_type(WDT + "P19") == "P19"
    assert relationship_type(V.KGFC_REL + "born in/at") == "rel_born_in_at"
    with pytest.raises(ValueError):
        relationship_type(WDT + "P19`]->() DETACH DELETE n //")


def test_mapping_of_facts_values_and_labels(store, obama_ttl):
    [src] = [s for s in store.sources() if s.kind is SourceKind.FILE]
    rows = map_graph(src, store.quads(graph=ox.NamedNode(src.iri)), store.label_index().labels)
    obama = rows.entities[WD + "Q76"]
    assert obama["label"] == "Barack Obama" and "Obama" in obama["aliases"]
    assert obama["description"] == "44th president of the United States"
    [birth] = [f for f in rows.facts if f["type"] == "P19"]
    assert birth == {
        "s": WD + "Q76",
        "o": WD + "Q18094",
        "type": "P19",
        "property": WDT + "P19",
        "label": "place of birth",
        "object_kind": "Entity",
        "source": src.iri,
        "confidence": 1.0,
    }
    [dob] = [f for f in rows.facts if f["type"] == "P569"]
    assert dob["object_kind"] == "Value"
    value = rows.values[dob["o"]]
    assert (value["value"], value["datatype"]) == ("1961-08-04T00:00:00Z", V.XSD + "dateTime")
    lit = ox.Literal("1961-08-04T00:00:00Z", datatype=ox.NamedNode(V.XSD + "dateTime"))
    assert dob["o"] == value_key(lit)
    assert len(rows.facts) == 7 and not rows.claims


def test_a_triple_term_object_maps_to_no_node_and_the_rest_still_maps():
    # RDF 1.2 lets a loaded file state a fact whose object is a triple term: the property
    # graph has no node for it, so that fact is left out (mapping it raised AttributeError)
    src = Source(iri="urn:test:star", kind=SourceKind.FILE)
    q76, g = ox.NamedNode(WD + "Q76"), ox.NamedNode(src.iri)
    term = ox.Triple(ox.NamedNode(WD + "Q1"), ox.NamedNode(WDT + "P31"), ox.NamedNode(WD + "Q5"))
    quads = [
        ox.Quad(q76, ox.NamedNode(WDT + "P1343"), term, g),
        ox.Quad(q76, ox.NamedNode(WDT + "P19"), ox.NamedNode(WD + "Q18094"), g),
    ]
    rows = map_graph(src, quads)
    assert [(f["type"], f["o"]) for f in rows.facts] == [("P19", WD + "Q18094")]
    assert set(rows.entities) == {WD + "Q76", WD + "Q18094"}


def test_mapping_of_a_claim_verdict_and_cited_fact(store):
    [claim_src] = [s for s in store.sources() if s.kind is SourceKind.CLAIM]
    rows = map_graph(claim_src, store.quads(graph=ox.NamedNode(claim_src.iri)))
    [claim], [verdict], [st] = rows.claims, rows.verdicts, rows.statements
    assert (claim["claimId"], claim["text"], claim["graph"]) == (
        "c1",
        "Obama was born in Honolulu.",
        claim_src.iri,
    )
    assert (verdict["label"], verdict["confidence"], verdict["reasoner"]) == (
        "SUPPORTED",
        0.9,
        "local",
    )
    assert (st["evidenceId"], st["property"], st["cited"]) == ("E1", WDT + "P19", True)
    links = {(r["type"], r["from"], r["to"]) for r in rows.links}
    assert ("HAS_VERDICT", claim["iri"], verdict["iri"]) in links
    assert ("CITES", verdict["iri"], st["iri"]) in links
    assert ("SUBJECT", st["iri"], WD + "Q76") in links
    assert ("OBJECT", st["iri"], WD + "Q18094") in links
    assert ("FROM", st["iri"], source_iri("wikidata", "Q76")) in links
    assert ("USED_EVIDENCE", verdict["iri"], source_iri("wikidata", "Q76")) in links
    assert rows.facts == []  # the reified statement is not a fact of the KG


# -- sync: generated Cypher, parameters, incremental bookkeeping -----------------------
def test_sync_sends_only_file_queries_with_parameters(store):
    driver = FakeDriver()
    report = Neo4jMirror(driver, batch=3).sync(store)
    assert len(report.added) == 3 and report.facts == 8 and not report.removed
    names = (
        "schema",
        "synced_sources",
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
    for query, _params, _ in driver.calls:
        # static text from queries/cypher, only checked identifiers filled in
        assert any(from_file(query, n) for n in names), query
        assert "Obama" not in query and "Q76" not in query and "{{" not in query
    # a fact's relationship type is its property's local name, written as a literal type
    assert {q.split("[r:")[1].split(" ")[0] for q in driver.queries("merge_facts_entity")} == {
        "P17",
        "P19",
        "P26",
        "P27",
        "P131",
    }
    assert {q.split("[r:")[1].split(" ")[0] for q in driver.queries("merge_facts_value")} == {
        "P569"
    }
    assert any("MERGE (n:Claim {iri: row.iri})" in q for q in driver.queries("merge_nodes"))
    facts = [r for p in driver.writes("merge_facts_entity") for r in p["rows"]]
    assert all(len(p["rows"]) <= 3 for p in driver.writes("merge_facts_entity"))  # batched
    births = [r for r in facts if r["type"] == "P19"]
    assert {r["source"] for r in births} == {
        source_iri("wikidata", "Q76"),
        next(s.iri for s in store.sources() if s.kind is SourceKind.FILE),
    }
    assert {r["confidence"] for r in births} == {1.0, 0.8}
    claims = [r for p in driver.writes("merge_nodes") for r in p["rows"] if "claimId" in r]
    assert [r["claimId"] for r in claims] == ["c1"]
    # the Source node (its syncKey) is written after the source's facts
    order = [q for q, _, _ in driver.calls]
    last_fact = max(i for i, q in enumerate(order) if from_file(q, "merge_facts_entity"))
    assert order.index(statements("merge_source")[0]) > 0
    assert order[last_fact + 1 :].count(statements("merge_source")[0]) >= 1


def test_sync_is_incremental_idempotent_and_follows_retracts_and_refreshes(store):
    driver = FakeDriver()
    mirror = Neo4jMirror(driver)
    mirror.sync(store)
    driver.calls.clear()
    again = mirror.sync(store)
    assert (again.added, again.updated, again.removed, again.unchanged) == ([], [], [], 3)
    assert [m for _, _, m in driver.calls if m == "write"] == ["write"] * len(statements("schema"))

    store.add_source(
        wikidata_source("Q30"),
        [Fact(subject=WD + "Q30", predicate=WDT + "P36", object=WD + "Q61")],
        [],
    )
    store.add_source(
        wikidata_source("Q76", 0.8),
        [BIRTH, Fact(subject=WD + "Q76", predicate=WDT + "P27", object=WD + "Q30")],
        [],
        replace=True,
    )
    file_src = next(s.iri for s in store.sources() if s.kind is SourceKind.FILE)
    store.retract(file_src)
    driver.calls.clear()
    report = mirror.sync(store)
    assert report.added == [source_iri("wikidata", "Q30")]
    assert report.updated == [source_iri("wikidata", "Q76")]
    assert report.removed == [file_src]
    removed = {p["iri"] for p in driver.writes("remove_source")}
    assert removed == {file_src, source_iri("wikidata", "Q76")}
    written = {r["source"] for p in driver.writes("merge_facts_entity") for r in p["rows"]}
    assert written == {source_iri("wikidata", "Q30"), source_iri("wikidata", "Q76")}
    assert set(driver.synced) == {s.iri for s in store.sources()}


def test_fill_takes_only_safe_identifiers():
    [query] = statements("merge_links")
    assert slots(query) == {"type", "from_label", "to_label"}
    filled = fill(query, type="CITES", from_label="Verdict", to_label="Statement")
    assert "(a:Verdict {iri: row.from})" in filled and "[:CITES]" in filled
    for bad in ("CITES]->() DETACH DELETE a //", "", "1abc", "a-b"):
        with pytest.raises(ValueError):
            fill(query, type=bad, from_label="Verdict", to_label="Statement")
    with pytest.raises(ValueError):
        fill(query, type="CITES")  # a slot left empty is an error, not a query


def test_cypher_files_use_no_neo4j_only_syntax():
    """Dynamic labels and types ($(...)) are Neo4j 5.26+ only; the shared files avoid them."""
    from kgfc.resources import query_names

    for name in query_names("cypher"):
        for stmt in statements(name):
            assert "$(" not in stmt, name


def test_cypher_readme_queries_exist_and_take_parameters():
    [evidence] = statements("claim_evidence")
    [using] = statements("claims_using_source")
    assert "$claimId" in evidence and "$source" in using


# -- CSV export for neo4j-admin ---------------------------------------------------------
def _read(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))


def test_neo4j_csv_headers_and_referential_integrity(store, tmp_path):
    counts = export_neo4j_csv(store, tmp_path)
    ents = _read(tmp_path / "nodes_entities.csv")
    assert ents[0] == ["iri:ID(Entity)", "label", "description", "aliases:string[]", ":LABEL"]
    ids: dict[str, set[str]] = {}
    header_re = re.compile(r"^(\w*):ID\((\w+)\)$")
    for f in tmp_path.glob("nodes_*.csv"):
        rows = _read(f)
        group = header_re.match(rows[0][0]).group(2)
        assert rows[0][-1] == ":LABEL" and all(r[-1] == group for r in rows[1:])
        ids[group] = {r[0] for r in rows[1:]}
    facts = _read(tmp_path / "rels_facts_entity.csv")
    assert facts[0] == [
        ":START_ID(Entity)",
        ":END_ID(Entity)",
        ":TYPE",
        "property",
        "label",
        "sources:string[]",
        "confidence:float",
    ]
    [birth] = [r for r in facts[1:] if r[2] == "P19"]
    assert sorted(birth[5].split("|")) == sorted(
        [
            source_iri("wikidata", "Q76"),
            next(s.iri for s in store.sources() if s.kind is SourceKind.FILE),
        ]
    )
    assert birth[6] == "1.0"
    for f in tmp_path.glob("rels_*.csv"):
        rows = _read(f)
        start, end = (re.search(r"\((\w+)\)", h).group(1) for h in rows[0][:2])
        for r in rows[1:]:
            assert r[0] in ids[start] and r[1] in ids[end], (f.name, r)
            assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", r[2])
    assert counts["rels_cites_verdict_statement.csv"] == 1
    script = (tmp_path / "import.sh").read_text()
    assert "neo4j-admin database import full" in script
    assert (
        "--nodes=nodes_entities.csv" in script and "--relationships=rels_facts_value.csv" in script
    )


def test_cli_export_neo4j_csv_and_bad_usage(store, tmp_path, obama_ttl):
    path = tmp_path / "store"
    runner = CliRunner()
    assert runner.invoke(cli, ["kg", "load", "--store", str(path), str(obama_ttl)]).exit_code == 0
    out = tmp_path / "csv"
    res = runner.invoke(
        cli, ["kg", "export", "--store", str(path), "--format", "neo4j-csv", "-o", str(out)]
    )
    assert res.exit_code == 0, res.output
    assert len(_read(out / "rels_facts_entity.csv")) == 1 + 6
    res = runner.invoke(cli, ["kg", "export", "--store", str(path), "--format", "neo4j-csv"])
    assert res.exit_code == 2 and "--output DIR" in res.output


def test_cli_cypher_needs_a_password_and_a_neo4j_uri(monkeypatch):
    pytest.importorskip("neo4j")
    runner = CliRunner()
    monkeypatch.delenv("KGFC_NEO4J_PASSWORD", raising=False)
    res = runner.invoke(cli, ["kg", "cypher", "RETURN 1", "--uri", "neo4j://127.0.0.1:1"])
    assert res.exit_code == 2 and "KGFC_NEO4J_PASSWORD" in res.output
    monkeypatch.setenv("KGFC_NEO4J_PASSWORD", "x")
    res = runner.invoke(cli, ["kg", "cypher", "RETURN 1", "--uri", "http://127.0.0.1:1"])
    assert res.exit_code == 2 and "neo4j://HOST" in res.output


# -- live, when a server is configured -------------------------------------------------------
LIVE = os.environ.get("KGFC_TEST_NEO4J_URI")


@pytest.mark.skipif(
    not LIVE, reason="set KGFC_TEST_NEO4J_URI (and KGFC_TEST_NEO4J_PASSWORD) to run against Neo4j"
)
def test_live_sync_and_readme_queries(store):
    from kgfc.kg.neo4j_sync import connect

    driver = connect(
        LIVE,
        os.environ.get("KGFC_TEST_NEO4J_USER", "neo4j"),
        os.environ["KGFC_TEST_NEO4J_PASSWORD"],
    )
    mirror = Neo4jMirror(driver, uri=LIVE)
    try:
        mirror.sync(store)
        again = mirror.sync(store)
        assert again.added == again.updated == again.removed == []
        [row] = mirror.run("claim_evidence", {"claimId": "c1"})
        assert (row["verdict"], row["fact"]) == (
            "SUPPORTED",
            "Barack Obama place of birth Honolulu",
        )
        rows = mirror.run("claims_using_source", {"source": source_iri("wikidata", "Q76")})
        assert [r["claimId"] for r in rows] == ["c1"]
        _, [n] = mirror.cypher(
            "MATCH (:Entity {iri: $s})-[r:P19]->(o) RETURN count(r) AS n, collect(o.label) AS o",
            {"s": WD + "Q76"},
        )
        assert n["n"] == 1 and n["o"] == ["Honolulu"]
        file_src = next(s.iri for s in store.sources() if s.kind is SourceKind.FILE)
        store.retract(file_src)
        assert mirror.sync(store).removed == [file_src]
        _, [r] = mirror.cypher(
            "MATCH (:Entity {iri: $s})-[r:P19]->() RETURN r.sources AS s", {"s": WD + "Q76"}
        )
        assert r["s"] == [source_iri("wikidata", "Q76")]
    finally:
        for s in store.sources():
            mirror.remove(s.iri)
        mirror.close()
