"""Store verified claims in the KG: a ``kgfc:Claim`` with its ``kgfc:Verdict`` and evidence links.

Each claim lives in its own named graph (source kind ``claim``), so
"what supported claim X" and "which claims relied on source Y" are one SPARQL
query each (see ``queries/sparql/claim_evidence.rq`` and ``claims_using_source.rq``).
Cited facts are reified as ``rdf:Statement`` nodes pointing at their source graph.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.kg.store import KnowledgeGraph, Row, Term, value_of
from kgfc.kg.terms import object_term, provenance_quads
from kgfc.models import EvidenceFact, Source, SourceKind, Trajectory, Verdict, utcnow

_ACTION_IND = {
    "init_kg_retrieval": "InitKGRetrieval",
    "expand_kg": "ExpandKG",
    "web_search": "WebSearch",
    "pubmed_search": "PubMedSearch",
    "verdict": "GiveVerdict",
}
_STALE_BECAUSE = ox.NamedNode(V.KGFC + "staleBecause")
_RETRACTED_AT = ox.NamedNode(V.KGFC + "retractedAt")
_PART_OF = ox.NamedNode(V.DCT + "isPartOf")
_VERDICT_IND = {"SUPPORTED": "Supported", "REFUTED": "Refuted", "NOT ENOUGH INFO": "NotEnoughInfo"}


def claim_iri(claim_id: str, text: str) -> str:
    digest = hashlib.sha256(f"{claim_id}\n{text}".encode()).hexdigest()[:24]
    return f"{V.KGFC_CLAIM}{digest}"


def record_verdict(
    store: KnowledgeGraph,
    claim_id: str,
    text: str,
    verdict: Verdict,
    evidence: list[EvidenceFact],
    reasoner: str,
) -> str:
    """Write (or replace) the claim graph. Returns the claim IRI."""
    iri, quads = verdict_quads(claim_id, text, verdict, evidence, reasoner)
    # One transaction; re-recording replaces the claim's graph (its trajectory and memory links too).
    store.write_quads(iri + "/graph", quads, replace=True)
    return iri


def verdict_quads(
    claim_id: str,
    text: str,
    verdict: Verdict,
    evidence: list[EvidenceFact],
    reasoner: str,
    *,
    key: str | None = None,
) -> tuple[str, list[ox.Quad]]:
    """The claim IRI and its graph's quads: claim, verdict, cited statements, provenance.

    The IRI is derived from the id and ``key`` (default: the text) -- for a
    structured triple its ids, so that the IRI does not move when the
    labels its text is written with do, and a batch can tell before checking
    a claim whether it is recorded (``kgfc verify --resume``).
    """
    iri = claim_iri(claim_id, text if key is None else key)
    graph_iri = iri + "/graph"
    g = ox.NamedNode(graph_iri)
    c = ox.NamedNode(iri)
    v = ox.NamedNode(iri + "/verdict")
    N, L = ox.NamedNode, ox.Literal

    def q(s: ox.NamedNode, p: str, o: Term) -> ox.Quad:
        return ox.Quad(s, N(p), o, g)

    xsd_double = N(V.XSD + "double")
    # Lean on purpose (a batch records thousands): what `kg evidence` and the
    # provenance queries read, no more -- the cited statements in full, only
    # the number of the others; the verdict's type and each statement's id and
    # type follow from the IRIs. A one-triple claim comes to ~22 quads.
    quads = [
        q(c, V.RDF_TYPE, N(V.KGFC + "Claim")),
        q(c, V.KGFC + "claimId", L(claim_id)),
        q(c, V.KGFC + "claimText", L(text)),
        *([q(c, V.KGFC + "claimTriple", L(key))] if key is not None and key != text else []),
        q(c, V.KGFC + "hasVerdict", v),
        q(v, V.KGFC + "verdictLabel", N(V.KGFC + _VERDICT_IND[verdict.label.value])),
        q(v, V.KGFC + "confidence", L(repr(float(verdict.confidence)), datatype=xsd_double)),
        q(v, V.KGFC + "justification", L(verdict.justification)),
        q(v, V.KGFC + "reasoner", L(reasoner)),
    ]
    cited = set(verdict.cited)
    used: set[str] = set()
    for ev in evidence:
        if ev.id not in cited:
            continue
        st = N(f"{iri}/statement/{ev.id}")
        f = ev.fact
        quads += [
            q(v, V.KGFC + "citesStatement", st),
            q(st, V.RDF + "subject", N(f.subject)),
            q(st, V.RDF + "predicate", N(f.predicate)),
            q(st, V.RDF + "object", object_term(f)),
            q(st, V.RDFS_LABEL, L(ev.text)),
        ]
        if f.source:
            quads.append(q(st, V.PROV + "wasDerivedFrom", N(f.source)))
            if f.source not in used:
                used.add(f.source)
                quads.append(q(v, V.KGFC + "usedEvidence", N(f.source)))
    if len(evidence) > len(cited):
        n_other = len(evidence) - len([e for e in evidence if e.id in cited])
        quads.append(
            q(
                v,
                V.KGFC + "consideredCount",
                L(str(n_other), datatype=N(V.XSD + "nonNegativeInteger")),
            )
        )
    source = Source(
        iri=graph_iri,
        kind=SourceKind.CLAIM,
        extractor=reasoner,
        confidence=verdict.confidence,
    )
    quads += provenance_quads(source)
    return iri, quads


def record_trajectory(store: KnowledgeGraph, claim_iri: str, trajectory: Trajectory) -> None:
    """Add the agent's steps to the claim's graph: ``kgfc:Episode`` with ordered ``kgfc:Step`` nodes."""
    store.write_quads(claim_iri + "/graph", trajectory_quads(claim_iri, trajectory))


def trajectory_quads(claim_iri: str, trajectory: Trajectory) -> list[ox.Quad]:
    """The episode's quads for the claim's graph: the episode, its trajectory as one JSON literal.

    One literal (``kgfc:trajectory``, datatype ``rdf:JSON``: policy, stop reason, the
    ordered steps with action, observation, arguments, error) instead of a node per
    step with a quad per field: a batch records thousands of claims, and a quad per
    field made the trajectory most of a claim's graph. The WKGFC flags stay quads
    (``kgfc:errorKind``), to be found by SPARQL. :func:`read_trajectory` reads both
    this and the older node-per-step form.
    """
    g = ox.NamedNode(claim_iri + "/graph")
    N = ox.NamedNode
    ep = N(claim_iri + "/episode")

    def q(s: ox.NamedNode, p: str, o: Term) -> ox.Quad:
        return ox.Quad(s, N(p), o, g)

    steps = []
    for step in trajectory.steps:
        st: dict[str, Any] = {"action": step.action.value, "observation": step.observation}
        if step.arguments:
            st["arguments"] = step.arguments
        if step.error:
            st["error"] = step.error
        steps.append(st)
    doc: dict[str, Any] = {
        "policy": trajectory.policy,
        "stop_reason": trajectory.stop_reason,
        "steps": steps,
    }
    if trajectory.forced:
        doc["forced"] = True
    text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    quads = [
        q(N(claim_iri), V.KGFC + "episode", ep),
        q(ep, V.KGFC + "trajectory", ox.Literal(text, datatype=N(V.RDF + "JSON"))),
    ]
    for flag in ("insufficient_kg", "step_limit_reached", "over_confidence"):
        if getattr(trajectory, flag):
            quads.append(q(ep, V.KGFC + "errorKind", ox.Literal(flag)))
    return quads


def read_trajectory(row: Row) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """A ``claim_trajectory`` row: the episode (policy, stop reason) and the step(s) it holds.

    A compact record (one JSON literal) holds every step; a record of the older form
    (a node per step) one step per row. Steps are ``{"index" (0-based), "action" (the
    action's name in the ontology), "arguments" (JSON text), "observation", "error"}``.
    """
    if compact := row.get("trajectory"):
        try:
            doc = json.loads(compact)
        except json.JSONDecodeError:
            return None
        steps = [
            {
                "index": n,
                "action": _ACTION_IND.get(st.get("action"), st.get("action") or ""),
                "arguments": json.dumps(st["arguments"], ensure_ascii=False)
                if st.get("arguments")
                else "{}",
                "observation": st.get("observation") or "",
                "error": st.get("error"),
            }
            for n, st in enumerate(doc.get("steps") or [])
        ]
        return {"policy": doc.get("policy"), "stop_reason": doc.get("stop_reason")}, steps
    index, action = row.get("index"), row.get("action")
    if index is None:
        return None
    step = {
        "index": int(index),
        "action": (action or "").rsplit("#", 1)[-1],
        "arguments": row["arguments"] or "{}",
        "observation": row["observation"],
        "error": row["error"],
    }
    return {"policy": row["policy"], "stop_reason": row["stopReason"]}, [step]


@dataclass
class Retraction:
    """What retracting a source did: quads removed, the sources that went, claims left stale."""

    source: str
    quads_removed: int
    sources: list[str] = field(default_factory=list)
    stale_claims: dict[str, str] = field(default_factory=dict)  # claim IRI -> claim id


def source_parts(store: KnowledgeGraph, iri: str) -> list[str]:
    """The source and the sources that are part of it (a loaded file's named graphs)."""
    g = ox.NamedNode(iri)
    parts = [
        q.subject.value
        for q in store.quads(None, _PART_OF, g, None)
        if q.subject == q.graph_name and isinstance(q.subject, ox.NamedNode)
    ]
    return [iri, *parts]


def claims_using(store: KnowledgeGraph, sources: list[str]) -> dict[str, tuple[str, set[str]]]:
    """Recorded claims whose verdict cited evidence from ``sources``: claim IRI -> (id, sources)."""
    out: dict[str, tuple[str, set[str]]] = {}
    for src in sources:
        for row in store.run("claims_using_source", bindings={"source": src}):
            claim, cid, source = row["claim"], row["claimId"], row["source"]
            if claim and cid and source:  # all bound in the query
                out.setdefault(claim, (cid, set()))[1].add(source)
    return out


def stale_marks(used: dict[str, tuple[str, set[str]]], when: datetime) -> dict[str, list[ox.Quad]]:
    """The marks that say a recorded claim's verdict relied on sources that went: per claim
    graph, ``<verdict> kgfc:staleBecause <source>`` and ``<source> kgfc:retractedAt``."""
    at = ox.Literal(when.isoformat(), datatype=ox.NamedNode(V.XSD + "dateTime"))
    marks: dict[str, list[ox.Quad]] = {}
    for claim, (_, srcs) in used.items():
        g = ox.NamedNode(claim + "/graph")
        verdict = ox.NamedNode(claim + "/verdict")
        quads = marks.setdefault(g.value, [])
        for src in sorted(srcs):
            quads += [
                ox.Quad(verdict, _STALE_BECAUSE, ox.NamedNode(src), g),
                ox.Quad(ox.NamedNode(src), _RETRACTED_AT, at, g),
            ]
    return marks


def retract_source(store: KnowledgeGraph, iri: str, *, now: datetime | None = None) -> Retraction:
    """Retract a source and mark the recorded claims that relied on it stale.

    The one retraction path: ``kg retract``, ``DELETE /v1/sources/...`` and
    anything else that removes a source call it. Stale claims keep their
    verdict; their graph gains, per retracted source, ``<verdict>
    kgfc:staleBecause <source>`` and ``<source> kgfc:retractedAt`` (``kg
    evidence`` shows them; ``verify --recheck-stale`` re-checks them). The marks
    go in with the retraction's first commit, so a crash never leaves the
    source gone and its claims unmarked; a claim a read-only process journaled
    meanwhile is marked when the journal is applied.
    """
    sources = source_parts(store, iri)
    used = claims_using(store, sources)
    removed = store.retract(iri, stale=stale_marks(used, now or utcnow()))
    return Retraction(
        source=iri,
        quads_removed=removed,
        sources=sources,
        stale_claims={claim: cid for claim, (cid, _) in used.items()},
    )


def staleness(store: KnowledgeGraph, claim: str) -> list[dict[str, str | None]]:
    """The retracted sources a recorded claim's verdict relied on, with when they went."""
    g = ox.NamedNode(claim + "/graph")
    out = []
    for q in store.quads(ox.NamedNode(claim + "/verdict"), _STALE_BECAUSE, None, g):
        if not isinstance(q.object, ox.NamedNode):
            continue
        when = next(iter(store.quads(q.object, _RETRACTED_AT, None, g)), None)
        out.append(
            {"source": q.object.value, "retracted_at": value_of(when.object) if when else None}
        )
    return sorted(out, key=lambda d: d["source"] or "")


def stale_claim_texts(store: KnowledgeGraph) -> list[tuple[str, str, tuple[str, str, str] | None]]:
    """(id, text, triple ids or None) of every recorded claim marked stale, for re-verification."""
    out: dict[str, tuple[str, tuple[str, str, str] | None]] = {}
    text_p = ox.NamedNode(V.KGFC + "claimText")
    triple_p = ox.NamedNode(V.KGFC + "claimTriple")
    for q in store.quads(None, _STALE_BECAUSE, None, None):
        if not isinstance(q.graph_name, ox.NamedNode):
            continue
        claim = ox.NamedNode(value_of(q.subject).removesuffix("/verdict"))
        cid = next(
            iter(store.quads(claim, ox.NamedNode(V.KGFC + "claimId"), None, q.graph_name)), None
        )
        text = next(iter(store.quads(claim, text_p, None, q.graph_name)), None)
        ids = next(iter(store.quads(claim, triple_p, None, q.graph_name)), None)
        if cid is not None and text is not None:
            parts = value_of(ids.object).split(" ", 2) if ids is not None else None
            triple = cast("tuple[str, str, str]", tuple(parts)) if parts else None
            out[value_of(cid.object)] = (value_of(text.object), triple)
    return sorted((cid, text, ids) for cid, (text, ids) in out.items())


_VERDICTS = {"supported": "SUPPORTED", "refuted": "REFUTED"}


def stored_claims(store: KnowledgeGraph, claim_id: str) -> list[dict[str, Any]]:
    """Every stored claim with this id (usually one): verdict, evidence, trajectory, staleness.

    Read by `kg evidence`, the HTTP API and the MCP server alike.
    """
    rows = store.run("claim_evidence", bindings={"claimId": ox.Literal(claim_id)})
    claims: dict[str | None, dict[str, Any]] = {}
    for r in rows:
        c = claims.setdefault(
            r["claim"],
            {
                "claim_iri": r["claim"],
                "id": r["claimId"],
                "claim": r["text"],
                "verdict": _VERDICTS.get(
                    (r["verdict"] or "").rsplit("#", 1)[-1].lower(), "NOT ENOUGH INFO"
                ),
                "confidence": float(r["confidence"] or 0.0),
                "justification": r["justification"],
                "reasoner": r["reasoner"],
                "evidence": [],
            },
        )
        if r["evidenceId"]:
            c["evidence"].append(
                {
                    "id": r["evidenceId"],
                    "text": r["fact"],
                    "subject": r["s"],
                    "predicate": r["p"],
                    "object": r["o"],
                    "source": r["source"],
                    "cited": r["cited"] == "true",
                }
            )
    for r in store.run("claim_trajectory", bindings={"claimId": ox.Literal(claim_id)}):
        held = claims.get(r["claim"])
        read = read_trajectory(r) if held is not None else None
        if held is None or read is None:
            continue
        episode, steps = read
        held.setdefault("trajectory", {**episode, "steps": []})["steps"].extend(steps)
    for c in claims.values():
        gone = staleness(store, c["claim_iri"])
        c["stale"] = bool(gone)
        c["retracted_sources"] = gone
    return list(claims.values())
