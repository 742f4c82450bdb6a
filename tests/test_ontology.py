"""ontology/kgfc.ttl parses, is shipped, and declares every kgfc: term the code writes or queries."""

from __future__ import annotations

import re
from pathlib import Path

import pyoxigraph as ox
import pytest

from kgfc.kg import vocab as V
from kgfc.models import SourceKind, VerdictLabel
from kgfc.resources import ontology_path

ROOT = Path(__file__).resolve().parents[1]
ONTOLOGY = ROOT / "ontology" / "kgfc.ttl"

RDF_TYPE = ox.NamedNode(V.RDF_TYPE)
LABEL = ox.NamedNode(V.RDFS_LABEL)
COMMENT = ox.NamedNode(V.RDFS + "comment")
SUBCLASS = ox.NamedNode(V.RDFS + "subClassOf")
NOTATION = ox.NamedNode(V.SKOS + "notation")
IN_SCHEME = ox.NamedNode(V.SKOS + "inScheme")

# `V.KGFC + "status"`, and both names in `V.KGFC + ("citesStatement" if c else "consideredStatement")`.
_PY_USE = re.compile(r"KGFC\s*\+\s*(\([^)]*\)|\"[^\"]*\")")
_NAME = re.compile(r"\"([A-Za-z_][A-Za-z0-9_]*)\"")
_RQ_USE = re.compile(r"(?<![\w:/])kgfc:([A-Za-z_][A-Za-z0-9_]*)")
PROVENANCE_TERMS = {
    *("SourceGraph", "sourceKind", "extractor", "confidence", "status"),
    *("queryName", "query", "sentence"),
}
_FULL_USE = re.compile(re.escape(V.KGFC) + r"([A-Za-z_][A-Za-z0-9_]*)")


@pytest.fixture(scope="module")
def onto() -> ox.Store:
    store = ox.Store()
    store.load(path=str(ONTOLOGY), format=ox.RdfFormat.TURTLE)
    return store


def kgfc_terms_used_in_code() -> dict[str, set[str]]:
    """kgfc: local names the package writes or its queries read -> where they occur."""
    used: dict[str, set[str]] = {}

    def add(name: str, where: Path) -> None:
        used.setdefault(name, set()).add(str(where.relative_to(ROOT)))

    for py in sorted((ROOT / "kgfc").rglob("*.py")):
        text = py.read_text(encoding="utf-8")
        for expr in _PY_USE.findall(text):
            for name in _NAME.findall(expr):
                add(name, py)
        for name in _FULL_USE.findall(text):
            add(name, py)
        if "PREFIX kgfc:" in text:  # SPARQL held in Python strings
            for name in _RQ_USE.findall(text):
                add(name, py)
    for query in sorted((ROOT / "queries").rglob("*")):
        if query.suffix in (".rq", ".cypher"):
            text = query.read_text(encoding="utf-8")
            if V.KGFC in text or "kgfc:" in text:
                for name in _RQ_USE.findall(text):
                    add(name, query)
    return used


def subjects(store: ox.Store, p: ox.NamedNode, o) -> set[str]:
    return {q.subject.value for q in store.quads_for_pattern(None, p, o)}


def objects(store: ox.Store, s: str, p: ox.NamedNode) -> list[ox.Literal | ox.NamedNode]:
    return [q.object for q in store.quads_for_pattern(ox.NamedNode(s), p, None)]


def declared(store: ox.Store) -> set[str]:
    return {s for s in subjects(store, RDF_TYPE, None) if s.startswith(V.KGFC)}


def test_ontology_is_reachable_through_the_package():
    path = ontology_path()
    assert path.is_file()
    assert path.name == "kgfc.ttl"
    assert path.read_bytes() == ONTOLOGY.read_bytes()


def test_parses_with_pyoxigraph_and_rdflib_to_the_same_triples(onto):
    rdflib = pytest.importorskip("rdflib")
    g = rdflib.Graph()
    g.parse(ONTOLOGY, format="turtle")
    assert len(g) == len(onto) > 300
    rdflib_kgfc = {str(s) for s in g.subjects(rdflib.RDF.type, None) if str(s).startswith(V.KGFC)}
    assert rdflib_kgfc == declared(onto)


def test_every_kgfc_term_used_by_the_code_is_declared(onto):
    used = kgfc_terms_used_in_code()
    # The provenance record is written by terms.py: make sure the scan saw it.
    assert set(used) >= PROVENANCE_TERMS
    terms = declared(onto)
    missing = {name: sorted(where) for name, where in used.items() if V.KGFC + name not in terms}
    assert not missing, f"kgfc: terms used in code but not declared in ontology/kgfc.ttl: {missing}"


def test_terms_the_brief_requires_are_declared(onto):
    terms = declared(onto)
    for name in (
        "SourceGraph", "Claim", "Verdict", "Evidence", "Episode", "Step", "VerdictLabel",
        "sourceKind", "extractor", "confidence", "status", "queryName", "query", "sentence",
        "claimText", "hasVerdict", "verdictLabel", "justification", "usedEvidence",
        "citesStatement", "reasoner", "annotation", "Supported", "Refuted", "NotEnoughInfo",
    ):  # fmt: skip
        assert V.KGFC + name in terms, name


def test_every_kgfc_term_has_an_english_label_and_comment(onto):
    for term in declared(onto):
        for prop in (LABEL, COMMENT):
            texts = [o for o in objects(onto, term, prop) if isinstance(o, ox.Literal)]
            assert any(t.language == "en" and t.value.strip() for t in texts), (term, prop.value)


def test_every_kgfc_iri_mentioned_in_the_ontology_is_declared(onto):
    mentioned = set()
    for q in onto:
        for t in (q.subject, q.predicate, q.object):
            if isinstance(t, ox.NamedNode) and t.value.startswith(V.KGFC):
                mentioned.add(t.value)
    assert mentioned - declared(onto) == set()


def test_provenance_classes_reuse_prov_o(onto):
    def parents(term: str) -> set[str]:
        return {o.value for o in objects(onto, V.KGFC + term, SUBCLASS)}

    assert V.PROV + "Entity" in parents("SourceGraph")
    assert V.PROV + "Entity" in parents("Claim")
    assert V.PROV + "Entity" in parents("Verdict")
    assert V.PROV + "Activity" in parents("Episode")
    assert V.PROV + "Activity" in parents("Step")
    sub_prop = ox.NamedNode(V.RDFS + "subPropertyOf")
    assert objects(onto, V.KGFC + "usedEvidence", sub_prop) == [
        ox.NamedNode(V.PROV + "wasDerivedFrom")
    ]


def notations_in(onto: ox.Store, scheme: str) -> dict[str, str]:
    members = subjects(onto, IN_SCHEME, ox.NamedNode(V.KGFC + scheme))
    return {objects(onto, m, NOTATION)[0].value: m for m in members}


def test_every_source_kind_has_a_concept(onto):
    assert set(notations_in(onto, "SourceKinds")) == {k.value for k in SourceKind}


def test_verdict_labels_match_the_model_and_the_writer(onto):
    by_notation = notations_in(onto, "VerdictLabels")
    assert set(by_notation) == {v.value for v in VerdictLabel}
    # The claim writer maps labels to individuals by name; the code scan cannot see those.
    verdicts = pytest.importorskip("kgfc.kg.verdicts")
    written = getattr(verdicts, "_VERDICT_IND", None)
    if written is None:
        pytest.skip("kgfc.kg.verdicts no longer has _VERDICT_IND")
    for label, local in written.items():
        assert by_notation[label] == V.KGFC + local
        assert V.KGFC + "VerdictLabel" in {o.value for o in objects(onto, V.KGFC + local, RDF_TYPE)}


def test_a_claim_record_round_trips_through_the_vocabulary(onto):
    """The claim/verdict shape the ontology describes answers the two questions DESIGN.md promises."""
    data = f"""
    @prefix kgfc: <{V.KGFC}> . @prefix wd: <{V.WD}> . @prefix wdt: <{V.WDT}> .
    @prefix rdf: <{V.RDF}> . @prefix prov: <{V.PROV}> .
    <urn:c1> a kgfc:Claim ; kgfc:claimText "Obama was born in Hawaii." ; kgfc:hasVerdict <urn:v1> .
    <urn:v1> a kgfc:Verdict ; kgfc:verdictLabel kgfc:Supported ; kgfc:usedEvidence <urn:src1> ;
        kgfc:citesStatement <urn:st1> .
    <urn:st1> a rdf:Statement ; rdf:subject wd:Q76 ; rdf:predicate wdt:P19 ; rdf:object wd:Q1397 ;
        prov:wasDerivedFrom <urn:src1> .
    """
    store = ox.Store()
    store.load(path=str(ONTOLOGY), format=ox.RdfFormat.TURTLE)
    store.load(data.encode(), ox.RdfFormat.TURTLE)
    rows = list(
        store.query(
            f"""PREFIX kgfc: <{V.KGFC}> PREFIX skos: <{V.SKOS}>
            SELECT ?claim ?notation WHERE {{
              ?claim kgfc:hasVerdict ?v . ?v kgfc:usedEvidence <urn:src1> ;
                kgfc:verdictLabel ?label . ?label skos:notation ?notation }}"""
        )
    )
    assert [(r["claim"].value, r["notation"].value) for r in rows] == [("urn:c1", "SUPPORTED")]


def test_closed_classes_list_every_member(onto):
    """kgfc:VerdictLabel and kgfc:Action are owl:oneOf enumerations: a new member must join the list."""
    rdf_first, rdf_rest = ox.NamedNode(V.RDF + "first"), ox.NamedNode(V.RDF + "rest")
    nil = ox.NamedNode(V.RDF + "nil")
    for cls in ("VerdictLabel", "Action"):
        (head,) = objects(onto, V.KGFC + cls, ox.NamedNode(V.OWL + "oneOf"))
        listed = set()
        while head != nil:
            listed.add(next(onto.quads_for_pattern(head, rdf_first, None)).object.value)
            head = next(onto.quads_for_pattern(head, rdf_rest, None)).object
        assert subjects(onto, RDF_TYPE, ox.NamedNode(V.KGFC + cls)) == listed, cls
