"""The store contract (GraphStore and the KnowledgeGraph above it), run against every store
implementation that can run here."""

from __future__ import annotations

import gzip
import io
import threading
from collections.abc import Callable
from pathlib import Path

import pyoxigraph as ox
import pytest
from conftest import fresh_sparql_store

from kgfc.errors import (
    InputError,
    QuerySyntaxError,
    RDFSyntaxError,
    StoreError,
    StoreLockedError,
    UnknownQueryError,
)
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.rdf_files import file_graph_iri
from kgfc.kg.store import GraphStore, KnowledgeGraph
from kgfc.kg.terms import source_iri
from kgfc.models import Fact, Label, Source, SourceKind

WD, WDT = V.WD, V.WDT


# Every backend that can run here; adding one is one entry: a name and a
# factory taking a temp folder (a remote backend starts its server in a fixture
# of its own and skips when the server binary is missing).
BACKENDS: dict[str, Callable[[Path], GraphStore]] = {
    "oxigraph-memory": lambda tmp: OxigraphStore(None),
    "oxigraph-disk": lambda tmp: OxigraphStore(tmp / "store"),
}
# Remote backends: the session fixture that serves them, and the store on its URL
# (emptied of kgfc graphs first).
REMOTE: dict[str, tuple[str, Callable[[str], GraphStore]]] = {
    "sparql-oxigraph-server": ("oxigraph_server", fresh_sparql_store),
    "sparql-virtuoso": ("virtuoso_server", fresh_sparql_store),
}


@pytest.fixture(params=sorted(BACKENDS) + sorted(REMOTE))
def store(request, tmp_path):
    if request.param in REMOTE:
        server, factory = REMOTE[request.param]
        s = factory(request.getfixturevalue(server))
    else:
        s = BACKENDS[request.param](tmp_path)
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
    assert isinstance(store, KnowledgeGraph)


def _members(protocol: type) -> set[str]:
    """The names a protocol class itself declares (methods, properties, annotated attributes)."""
    names = set(vars(protocol)) | set(vars(protocol).get("__annotations__", {}))
    return {n for n in names if not n.startswith("_") or n == "__len__"}


def test_the_backend_protocol_stays_small():
    # rdflib's Store is a handful of methods plus capability flags; what kgfc keeps above
    # the backend (labels, aggregates, caches, query counting) belongs to KnowledgeGraph.
    backend = _members(GraphStore)
    assert len(backend) <= 15, sorted(backend)
    assert {"quads", "count", "write_graphs", "run", "sparql", "read_only", "can_record"} <= backend
    above = _members(KnowledgeGraph)
    assert not backend & above
    for name in ("generation", "aggregate_builds", "run_cached", "label_index", "count_queries"):
        assert name in above and name not in backend


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


@pytest.mark.parametrize(
    "update",
    [
        "INSERT DATA {{ GRAPH <{g}> {{ <{g}> <urn:x:p> <urn:x:o> }} }}",
        "DROP GRAPH <{g}>",
        "PREFIX x: <urn:x:> DELETE WHERE {{ GRAPH ?g {{ ?s ?p ?o }} }}",
    ],
    ids=["insert", "drop", "delete"],
)
def test_user_sparql_is_read_only(store, update):
    # Virtuoso's query endpoint takes updates too: the store refuses them itself
    src = wikidata_source("Q76")
    store.add_source(src, [BIRTH], LABELS)
    before = set(store.quads())
    with pytest.raises(QuerySyntaxError, match="read-only"):
        store.sparql(update.format(g=src.iri))
    assert set(store.quads()) == before


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
    rdf = ox.RdfFormat.TRIG if fmt == "trig" else ox.RdfFormat.N_QUADS
    assert set(ox.parse(buf.getvalue(), rdf)) == set(store.quads())
    copy = OxigraphStore()
    by_graph: dict = {}
    for q in ox.parse(buf.getvalue(), rdf):
        by_graph.setdefault(q.graph_name.value, []).append(q)
    for g, quads in by_graph.items():
        copy.write_quads(g, quads)
    assert set(copy.quads()) == set(store.quads())
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
    before = set(store.quads())
    bad = tmp_path / "bad.nt"
    good_line = f"<{WD}Q1> <{WDT}P31> <{WD}Q5> .\n"
    bad.write_text(good_line * 5 + f'<{WD}Q2> <{WDT}P31> "unterminated .\n' + good_line)
    with pytest.raises(RDFSyntaxError) as err:
        store.load_file(bad)
    assert err.value.line == 6
    assert "bad.nt:6" in str(err.value)
    assert set(store.quads()) == before


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
    sub = file_graph_iri(rep.source, "urn:x:g1")
    assert iris == {sub, rep.source}  # the file's named graph is a source under the file's
    assert store.count(None, N(V.KGFC + "originalGraph"), N("urn:x:g1"), N(sub)) == 1
    assert store.stats().facts == 2
    assert store.retract(rep.source) > 0  # the file and everything it brought
    assert store.sources() == [] and len(store) == 0


def test_a_loaded_file_cannot_write_into_other_sources(store, tmp_path):
    src = wikidata_source("Q76")
    store.add_source(src, [BIRTH], LABELS)
    before = set(store.quads(graph=N(src.iri)))
    evil = tmp_path / "evil.trig"
    evil.write_text(
        f"<{src.iri}> {{ <{WD}Q76> <{WDT}P19> <{WD}Q90> . <{src.iri}> <{V.PROV}wasDerivedFrom> <urn:x> . }}\n"
    )
    rep = store.load_file(evil)
    assert set(store.quads(graph=N(src.iri))) == before
    store.retract(rep.source)
    assert len(store.sources()) == 1 and set(store.quads(graph=N(src.iri))) == before


@pytest.mark.parametrize(
    "line",
    [
        '<{g}> <https://w3id.org/kgfc/ns#status> "loading" <{g}> .',
        '<https://w3id.org/kgfc/claim/x> <https://w3id.org/kgfc/ns#claimId> "c1" .',
        "<http://x/a> <http://x/p> <http://x/b> <https://w3id.org/kgfc/claim/x/graph> .",
    ],
)
def test_reserved_vocabulary_rejects_the_file_whole(store, tmp_path, line):
    src = wikidata_source("Q76")
    store.add_source(src, [BIRTH], LABELS)
    before = set(store.quads())
    evil = tmp_path / "evil.nq"
    evil.write_text(f"<{WD}Q1> <{WDT}P31> <{WD}Q5> .\n" + line.format(g=src.iri) + "\n")
    with pytest.raises(InputError, match="reserved"):
        store.load_file(evil)
    assert set(store.quads()) == before and store.has_source(src.iri)


def test_load_reports_progress(store, tmp_path):
    path = tmp_path / "many.nt"
    path.write_text("".join(f"<{WD}Q{i}> <{WDT}P31> <{WD}Q5> .\n" for i in range(1, 2000)))
    seen: list[tuple[int, int]] = []
    store.load_file(path, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] == 2 * path.stat().st_size
    assert all(a <= b for (a, _), (b, _) in zip(seen, seen[1:], strict=False))


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


# -- the seam: what callers outside the backend use instead of its internals ----------

N, L = ox.NamedNode, ox.Literal
CLAIM_G = V.KGFC_CLAIM + "abc/graph"


def test_write_quads_one_graph_counts_new_and_replaces(store):
    g = V.KGFC_SOURCE + "web/x"
    a = ox.Quad(N(WD + "Q1"), N(WDT + "P31"), N(WD + "Q5"))  # names no graph: lands in g
    b = ox.Quad(N(WD + "Q2"), N(WDT + "P31"), N(WD + "Q5"), N("urn:elsewhere"))
    assert store.write_quads(g, [a, b, a]) == 2
    assert store.write_quads(g, [a]) == 0  # nothing new, nothing removed
    assert store.count(graph=N(g)) == 2
    assert store.count(graph=N("urn:elsewhere")) == 0
    c = ox.Quad(N(WD + "Q3"), N(WDT + "P31"), N(WD + "Q5"))
    assert store.write_quads(g, [a, c], replace=True) == 1
    assert {q.subject.value for q in store.quads(graph=N(g))} == {WD + "Q1", WD + "Q3"}


def test_write_quads_replace_subject_keeps_the_rest(store):
    g = N(V.KGFC_SOURCE + "web/y")
    rec = ox.Quad(g, N(V.KGFC + "hash"), L("1"), g)
    fact = ox.Quad(N(WD + "Q1"), N(WDT + "P31"), N(WD + "Q5"), g)
    store.write_quads(g.value, [rec, fact])
    new_rec = ox.Quad(g, N(V.KGFC + "hash"), L("2"), g)
    store.write_quads(g.value, [new_rec], replace=True, replace_subject=g.value)
    assert set(store.quads(graph=g)) == {new_rec, fact}


def test_pattern_lookups_count_and_contains(store, obama_ttl):
    store.load_file(obama_ttl)
    q76, p19 = N(WD + "Q76"), N(WDT + "P19")
    [hit] = list(store.quads(q76, p19, None, None))
    assert hit.object == N(WD + "Q18094")
    assert store.contains(hit)
    assert not store.contains(ox.Quad(q76, p19, N(WD + "Q1"), hit.graph_name))
    assert store.count(q76, p19) == 1
    assert store.count(predicate=N(V.RDFS_LABEL)) == len(list(store.quads(None, N(V.RDFS_LABEL))))
    assert store.count() == len(store) == len(list(store.quads()))


def test_source_metadata_lookup(store):
    src = wikidata_source("Q76")
    store.add_source(src, [BIRTH], LABELS)
    got = store.source(src.iri)
    assert got is not None
    assert (got.kind, got.query, got.facts) == (SourceKind.WIKIDATA, "Q76", 1)
    assert store.source(source_iri("wikidata", "nope")) is None
    assert store.source("not an iri") is None
    assert store.has_source(src.iri) and not store.has_source("not an iri")


def test_bookkeeping_writes_keep_the_knowledge_generation_and_caches(store, obama_ttl):
    store.load_file(obama_ttl)
    gen, key = store.generation, store.knowledge_key()
    idx = store.label_index()
    st = N(V.KGFC_CLAIM + "abc/statement/E1")
    store.write_quads(CLAIM_G, [ox.Quad(st, N(V.RDFS_LABEL), L("a claim", language="en"))])
    assert (store.generation, store.knowledge_key()) == (gen, key)
    assert store.label_index() is idx
    store.retract(CLAIM_G)
    assert store.generation == gen
    store.add_source(wikidata_source("Q76"), [BIRTH], LABELS)
    assert store.generation > gen and store.knowledge_key() != key


def test_label_index_learns_written_labels_without_rebuild(store, obama_ttl):
    store.load_file(obama_ttl)
    idx = store.label_index()
    e = N(V.KGFC_ENTITY + "zorblax")
    g = V.KGFC_SOURCE + "web/z"
    store.write_quads(g, [ox.Quad(e, N(V.RDFS_LABEL), L("Zorblax Institute", language="en"))])
    assert store.label_index() is idx
    assert store.search_labels("Zorblax Institute")[0].entity == e.value
    # a write that drops a label rebuilds the index rather than keep a stale name
    store.write_quads(g, [ox.Quad(e, N(WDT + "P31"), N(WD + "Q5"))], replace=True)
    assert store.search_labels("Zorblax Institute", limit=1) == [] or (
        store.search_labels("Zorblax Institute")[0].entity != e.value
    )


def test_load_bundle_replaces_its_graphs_whole(store, tmp_path):
    g1, g2 = V.KGFC_SOURCE + "demo/a", V.KGFC_SOURCE + "demo/b"
    old = ox.Quad(N(WD + "Q9"), N(WDT + "P31"), N(WD + "Q5"), N(g1))
    store.write_quads(g1, [old])
    nq = tmp_path / "bundle.nq.gz"
    lines = [
        f"<{WD}Q1> <{WDT}P31> <{WD}Q5> <{g1}> .",
        f"<{WD}Q2> <{WDT}P31> <{WD}Q5> <{g2}> .",
        f"<{g1}> <{V.RDF_TYPE}> <{V.KGFC}SourceGraph> <{g1}> .",
        f"<{g2}> <{V.RDF_TYPE}> <{V.KGFC}SourceGraph> <{g2}> .",
    ]
    nq.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))
    gen = store.generation
    store.load_bundle(nq, [g1, g2])
    assert store.has_source(g1) and store.has_source(g2)
    assert not store.contains(old)
    assert store.count(graph=N(g1)) == 2
    assert store.generation > gen


def test_load_bundle_failure_leaves_nothing(store, tmp_path):
    g1 = V.KGFC_SOURCE + "demo/a"
    bad = tmp_path / "bad.nq.gz"
    bad.write_bytes(b"not gzip at all")
    with pytest.raises(StoreError):
        store.load_bundle(bad, [g1])
    assert not store.has_source(g1) and store.count(graph=N(g1)) == 0


def test_count_queries_counts_what_ran_nested_and_per_thread(store, obama_ttl):
    store.load_file(obama_ttl)
    with store.count_queries() as outer:
        store.run("entity_facts", bindings={"entity": WD + "Q76"})
        with store.count_queries() as inner:
            store.neighbourhood([WD + "Q76"])
            store.sparql("ASK { ?s ?p ?o }")
        assert inner.n >= 2
    assert outer.n == inner.n + 1
    # Episodes in other threads count separately, even while this block is open.
    seen: dict[str, int] = {}

    def episode(name: str, k: int) -> None:
        with store.count_queries() as qc:
            for _ in range(k):
                store.sparql("ASK { ?s ?p ?o }")
        seen[name] = qc.n

    with store.count_queries() as here:
        threads = [threading.Thread(target=episode, args=(f"t{k}", k)) for k in (1, 2, 3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert seen == {"t1": 1, "t2": 2, "t3": 3}
    assert here.n == 0


def test_cached_aggregates_run_once_until_knowledge_changes(store, obama_ttl):
    store.load_file(obama_ttl)
    with store.count_queries() as qc:
        first = store.run_cached("stats_facts")
        again = store.run_cached("stats_facts")
    assert first == again
    persistent = store.cache_dir("queries") is not None
    assert qc.n == (1 if persistent else 2)


def test_facts_read_from_the_store_equal_validated_facts(store, obama_ttl):
    store.load_file(obama_ttl)
    for f in store.neighbourhood([WD + "Q76", WD + "Q18094"]):
        assert f == Fact.model_validate(f.model_dump())
        assert hash(f) == hash(Fact.model_validate(f.model_dump()))
        assert f.model_dump(mode="json")["subject"].startswith("http")
