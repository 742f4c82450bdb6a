"""Store verified claims in the KG: a ``kgfc:Claim`` with its ``kgfc:Verdict`` and evidence links.

Each claim lives in its own named graph (source kind ``claim``), so
"what supported claim X" and "which claims relied on source Y" are one SPARQL
query each (see ``queries/sparql/claim_evidence.rq`` and ``claims_using_source.rq``).
Cited facts are reified as ``rdf:Statement`` nodes pointing at their source graph.
"""

from __future__ import annotations

import hashlib

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.kg.terms import object_term, provenance_quads
from kgfc.models import EvidenceFact, Source, SourceKind, Verdict

_VERDICT_IND = {"SUPPORTED": "Supported", "REFUTED": "Refuted", "NOT ENOUGH INFO": "NotEnoughInfo"}


def claim_iri(claim_id: str, text: str) -> str:
    digest = hashlib.sha256(f"{claim_id}\n{text}".encode()).hexdigest()[:24]
    return f"{V.KGFC_CLAIM}{digest}"


def record_verdict(store, claim_id: str, text: str, verdict: Verdict, evidence: list[EvidenceFact], reasoner: str) -> str:
    """Write (or replace) the claim graph. Returns the claim IRI."""
    iri = claim_iri(claim_id, text)
    graph_iri = iri + "/graph"
    g = ox.NamedNode(graph_iri)
    c = ox.NamedNode(iri)
    v = ox.NamedNode(iri + "/verdict")
    N, L = ox.NamedNode, ox.Literal

    def q(s, p: str, o) -> ox.Quad:
        return ox.Quad(s, N(p), o, g)

    xsd_double = N(V.XSD + "double")
    quads = [
        q(c, V.RDF_TYPE, N(V.KGFC + "Claim")),
        q(c, V.KGFC + "claimId", L(claim_id)),
        q(c, V.KGFC + "claimText", L(text)),
        q(c, V.KGFC + "hasVerdict", v),
        q(v, V.RDF_TYPE, N(V.KGFC + "Verdict")),
        q(v, V.KGFC + "verdictLabel", N(V.KGFC + _VERDICT_IND[verdict.label.value])),
        q(v, V.KGFC + "confidence", L(repr(float(verdict.confidence)), datatype=xsd_double)),
        q(v, V.KGFC + "justification", L(verdict.justification)),
        q(v, V.KGFC + "reasoner", L(reasoner)),
    ]
    cited = set(verdict.cited)
    for ev in evidence:
        st = N(f"{iri}/statement/{ev.id}")
        f = ev.fact
        quads += [
            q(st, V.RDF_TYPE, N(V.RDF + "Statement")),
            q(st, V.RDF + "subject", N(f.subject)),
            q(st, V.RDF + "predicate", N(f.predicate)),
            q(st, V.RDF + "object", object_term(f)),
            q(st, V.KGFC + "evidenceId", L(ev.id)),
            q(st, V.RDFS_LABEL, L(ev.text)),
            q(v, V.KGFC + ("citesStatement" if ev.id in cited else "consideredStatement"), st),
        ]
        if f.source:
            quads.append(q(st, V.PROV + "wasDerivedFrom", N(f.source)))
            if ev.id in cited:
                quads.append(q(v, V.KGFC + "usedEvidence", N(f.source)))
    source = Source(
        iri=graph_iri, kind=SourceKind.CLAIM, extractor=reasoner, confidence=verdict.confidence, title=text[:200],
        query=claim_id,
    )
    quads += provenance_quads(source)
    if store.has_source(graph_iri):
        store.retract(graph_iri)
    store._store.extend(quads)
    return iri
