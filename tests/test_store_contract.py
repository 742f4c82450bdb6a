"""GraphStore contract, run against every store implementation that can run here."""

from __future__ import annotations

import gzip
import io

import pyoxigraph as ox
import pytest

from kgfc.errors import (
    InputError,
    QuerySyntaxError,
    RDFSyntaxError,
    StoreLockedError,
    UnknownQueryError,
)
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore, source_iri
from kgfc.kg.store import GraphStore
from kgfc.models import Fact, Label, Source, SourceKind

WD, WDT = V.WD, V.WDT


@pytest.fixture(params=["memory", "disk"])
def store(request, tmp_path):
    s = OxigraphStore(None if request.param == "memory" else tmp_path / "store")
    yield s
    s.close()


def wikidata_source(key: str) -> Source:
    return Source(
        iri=source_iri("wikidata", key),
        kind=SourceKind.WIKIDATA,
        location="https://query.wikidata.org/sparql",
        query_name="wikidata_outgoing",
        query=key,
        extractor="test",
    )


BIRTH = Fact(subject=WD + "Q76", predicate=WDT + "P19", object=WD + "Q18094")
LABELS = [
    Label(entity=WD + "Q76", text="Barack Obama"),
    Label(entity=WD + "Q76", text="Obama", kind="alias"),
    Label(entity=WD + "Q18094", text="Honolulu"),
]


def test_is_a_graph_store(store):
    assert isinstance(store, GraphStore)


def test_add_source_is_idempotent_and_keeps_provenance(store):
    src = wikidata_source("Q76")
    assert store.add_source(src, [BIRTH], LABELS) is True
    n = len(store)
    assert store.add_source(src, [BIRTH], LABELS) is False
    assert len(store) == n
    [listed] = store.sources()
    assert listed.iri == src.iri
    assert listed.kind is SourceKind.WIKIDATA
    assert listed.location == "https://query.wikidata.org/sparql"
    assert listed.query_name == "wikidata_outgoing"
    assert listed.extractor == "test"
    assert listed.facts == 1
    assert listed.retrieved_at == src.retrieved_at


def test_replace_swaps_content(store):
    src = wikidata_source("Q76")
    store.add_source(src, [BIRTH], LABELS)
    other = Fact(subject=WD + "Q76", predicate=WDT + "P27", object=WD + "Q30")
    assert store.add_source(src, [other], [], replace=True)
    facts = store.neighbourhood([WD + "Q76"])
    assert {f.predicate for f in facts} == {WDT + "P27"}
    assert len(store.sources()) == 1


def test_same_fact_in_two_sources_stays_twice(store):
    store.add_source(wikidata_source("a"), [BIRTH], LABELS)
    store.add_source(wikidata_source("b"), [BIRTH], [])
    facts = store.neighbourhood([WD + "Q76"])
    assert len(facts) == 2
    assert {f.source for f in facts} == {source_iri("wikidata", "a"), source_iri("wikidata", "b")}
    assert store.stats().facts == 2


def test_neighbourhood_of_a_set_in_and_out_with_labels(store, obama_ttl):
    store.load_file(obama_ttl)
    facts = store.neighbourhood([WD + "Q18094", WD + "Q13133"])
    got = {(f.subject_label, f.predicate_label, f.object_label) for f in facts}
    assert ("Barack Obama", "place of birth", "Honolulu") in got  # incoming to Honolulu
    assert (
        "Honolulu",
        "located in the administrative territorial entity",
        "Hawaii",
    ) in got  # outgoing
    assert ("Michelle Obama", "spouse", "Barack Obama") in got
    assert ("Barack Obama", "spouse", "Michelle Obama") in got
    assert len(facts) == 4
    assert all(f.source and f.source.startswith(V.KGFC_SOURCE) for f in facts)


def test_literal_objects_keep_datatype(store, obama_ttl):
    store.load_file(obama_ttl)
    [dob] = [f for f in store.neighbourhood([WD + "Q76"]) if f.predicate == WDT + "P569"]
    assert dob.object_is_literal
    assert dob.object == "1961-08-04T00:00:00Z"
    assert dob.datatype == V.XSD + "dateTime"
    assert dob.predicate_label == "date of birth"
    assert dob.verbalise() == "Barack Obama date of birth 1961-08-04T00:00:00Z"


def test_named_query_with_bound_value(store, obama_ttl):
    store.load_file(obama_ttl)
    rows = store.run("entity_facts", bindings={"entity": WD + "Q782"})
    assert {(r["s"], r["p"], r["o"]) for r in rows} == {
        (WD + "Q782", WDT + "P17", WD + "Q30"),
        (WD + "Q18094", WDT + "P131", WD + "Q782"),
    } | {(WD + "Q782", V.RDFS_LABEL, "Hawaii")}


def test_values_cannot_inject(store):
    with pytest.raises(ValueError):
        store.neighbourhood(["http://x> } ; DROP ALL ; <http://y"])


def test_unknown_query_name_suggests(store):
    with pytest.raises(UnknownQueryError, match="neighbourhood"):
        store.run("neighbourhod")


def test_sparql_syntax_error(store):
    with pytest.raises(QuerySyntaxError):
        store.sparql("SELEC ?x WHERE { ?x ?y ?z }")


def test_search_labels_exact_alias_fuzzy(store, obama_ttl):
    store.load_file(obama_ttl)
    assert store.search_labels("Barack Obama")[0].entity == WD + "Q76"
    hit = store.search_labels("usa")[0]
    assert (hit.entity, hit.kind, hit.score) == (WD + "Q30", "alias", 0.95)
    fuzzy = store.search_labels("Honolul")[0]
    assert fuzzy.entity == WD + "Q18094" and 0.5 < fuzzy.score < 1.0
    assert (
        store.search_labels("Barack Obama")[0].description == "44th president of the United States"
    )
    assert store.search_labels("zzzzqqq") == []


def test_retract_removes_only_that_source(store, obama_ttl):
    rep = store.load_file(obama_ttl)
    store.add_source(wikidata_source("Q76"), [BIRTH], LABELS)
    before = store.stats()
    removed = store.retract(rep.source)
    assert removed > 0
    after = store.stats()
    assert after.sources == before.sources - 1
    assert after.facts == 1
    assert [f.source for f in store.neighbourhood([WD + "Q76"])] == [source_iri("wikidata", "Q76")]
    with pytest.raises(InputError):
        store.retract(rep.source)


def test_stats_counts(store, obama_ttl):
    store.load_file(obama_ttl)
    s = store.stats()
    # 7 wdt: statements; the P569 date is a literal, not an entity.
    assert (s.facts, s.sources, s.entities) == (7, 1, 5)
    assert s.sources_by_kind == {"file": 1}
    # 5 entity labels + 6 property labels + 2 Obama aliases + 2 USA aliases
    assert s.labels == 15


@pytest.mark.parametrize("fmt", ["trig", "nquads"])
def test_export_dataset_round_trips(store, obama_ttl, fmt):
    store.load_file(obama_ttl)
    store.add_source(wikidata_source("Q76"), [BIRTH], LABELS)
    buf = io.BytesIO()
    store.export(buf, fmt)
    copy = OxigraphStore()
    copy._store.load(buf.getvalue(), ox.RdfFormat.TRIG if fmt == "trig" else ox.RdfFormat.N_QUADS)
    assert set(copy._store) == set(store._store)
    assert {s.iri for s in copy.sources()} == {s.iri for s in store.sources()}


@pytest.mark.parametrize(
    "fmt,rdf",
    [
        ("turtle", ox.RdfFormat.TURTLE),
        ("nt", ox.RdfFormat.N_TRIPLES),
        ("jsonld", ox.RdfFormat.JSON_LD),
    ],
)
def test_export_triples(store, obama_ttl, fmt, rdf):
    store.load_file(obama_ttl)
    buf = io.BytesIO()
    store.export(buf, fmt)
    triples = {q.triple for q in ox.parse(buf.getvalue(), rdf)}
    assert (
        ox.Triple(ox.NamedNode(WD + "Q76"), ox.NamedNode(WDT + "P19"), ox.NamedNode(WD + "Q18094"))
        in triples
    )


def test_load_same_file_twice_changes_nothing(store, obama_ttl):
    first = store.load_file(obama_ttl)
    n = len(store)
    second = store.load_file(obama_ttl)
    assert (first.status, second.status, second.source) == ("loaded", "unchanged", first.source)
    assert len(store) == n


def test_malformed_file_rejected_whole_with_line(store, tmp_path, obama_ttl):
    store.load_file(obama_ttl)
    before = set(store._store)
    bad = tmp_path / "bad.nt"
    good_line = f"<{WD}Q1> <{WDT}P31> <{WD}Q5> .\n"
    bad.write_text(good_line * 5 + f'<{WD}Q2> <{WDT}P31> "unterminated .\n' + good_line)
    with pytest.raises(RDFSyntaxError) as err:
        store.load_file(bad)
    assert err.value.line == 6
    assert "bad.nt:6" in str(err.value)
    assert set(store._store) == before


def test_malformed_quads_rejected_whole(store, tmp_path):
    bad = tmp_path / "bad.nq"
    bad.write_text(f"<{WD}Q1> <{WDT}P31> <{WD}Q5> <urn:g1> .\n<{WD}Q1> <{WDT}P31> <urn:g1 .\n")
    with pytest.raises(RDFSyntaxError) as err:
        store.load_file(bad)
    assert err.value.line == 2
    assert len(store) == 0


@pytest.mark.parametrize("ext", [".nq", ".trig"])
def test_quad_formats_keep_graphs_and_get_provenance(store, tmp_path, ext):
    path = tmp_path / f"data{ext}"
    if ext == ".nq":
        path.write_text(
            f"<{WD}Q1> <{WDT}P31> <{WD}Q5> <urn:x:g1> .\n<{WD}Q2> <{WDT}P31> <{WD}Q5> .\n"
        )
    else:
        path.write_text(
            f"<urn:x:g1> {{ <{WD}Q1> <{WDT}P31> <{WD}Q5> . }}\n<{WD}Q2> <{WDT}P31> <{WD}Q5> .\n"
        )
    rep = store.load_file(path)
    iris = {s.iri for s in store.sources()}
    assert iris == {"urn:x:g1", rep.source}
    assert store.stats().facts == 2


def test_gzip_input(store, tmp_path, obama_ttl):
    gz = tmp_path / "obama.ttl.gz"
    gz.write_bytes(gzip.compress(obama_ttl.read_bytes()))
    store.load_file(gz)
    assert store.stats().facts == 7


def test_unknown_extension(store, tmp_path):
    p = tmp_path / "x.csv"
    p.write_text("a,b\n")
    with pytest.raises(InputError, match="--format"):
        store.load_file(p)


def test_interrupted_bulk_load_is_dropped_on_reopen(tmp_path):
    path = tmp_path / "store"
    s = OxigraphStore(path)
    g = ox.NamedNode(source_iri("file", "half"))
    s._store.extend(
        [
            ox.Quad(g, ox.NamedNode(V.KGFC + "status"), ox.Literal("loading"), g),
            ox.Quad(ox.NamedNode(WD + "Q1"), ox.NamedNode(WDT + "P31"), ox.NamedNode(WD + "Q5"), g),
        ]
    )
    s.close()
    s = OxigraphStore(path)
    assert len(s) == 0
    s.close()


def test_single_writer_and_read_only_opens(tmp_path, obama_ttl):
    path = tmp_path / "store"
    writer = OxigraphStore(path)
    writer.load_file(obama_ttl)
    writer._store.flush()
    with pytest.raises(StoreLockedError, match="read-only"):
        OxigraphStore(path)
    reader = OxigraphStore(path, read_only=True)
    assert reader.stats().facts == 7
    with pytest.raises(Exception, match="read-only"):
        reader.retract(reader.sources()[0].iri)
    reader.close()
    writer.close()
