"""Stored claims read back from the KG: verdict, evidence, trajectory, evidence subgraph.

The store is the record of truth: a claim verified by the CLI before the server
started is served the same way as one verified through it. The server also
keeps each full result it produced (web passages, counters) in its journal,
and prefers that when it has one.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pyoxigraph as ox

from kgfc.errors import InputError
from kgfc.kg.verdicts import stored_claims
from kgfc.models import Action, Report, Step, Trajectory, VerifyResult
from kgfc.report import build_report, retrieved_sources, to_html, to_json, to_markdown
from kgfc.resources import load_query

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph


def stored_claim(store: KnowledgeGraph, claim_id: str) -> dict[str, Any]:
    found = stored_claims(store, claim_id)
    if not found:
        raise InputError(
            f"No stored claim with id {claim_id!r}.",
            hint="Verify it first (with recording on), e.g. POST /v1/verify or `kgfc verify --id ...`.",
        )
    return found[-1]


def as_result(claim: dict[str, Any]) -> VerifyResult:
    """A stored claim as a verify result (for the report views)."""
    return VerifyResult(
        id=claim["id"],
        claim=claim["claim"],
        verdict=claim["verdict"],
        confidence=claim["confidence"],
        justification=claim["justification"],
        reasoner=claim["reasoner"],
        evidence=claim["evidence"],
        claim_iri=claim["claim_iri"],
        trajectory=stored_trajectory(claim),
    )


# kgfc:Step actions as stored (kgfc:InitKGRetrieval...) -> the episode's actions
_ACTIONS = {
    "InitKGRetrieval": Action.INIT,
    "ExpandKG": Action.EXPAND,
    "WebSearch": Action.WEB,
    "PubMedSearch": Action.PUBMED,
    "GiveVerdict": Action.VERDICT,
}


def stored_trajectory(claim: dict[str, Any]) -> Trajectory | None:
    """The stored episode of a claim (policy, stop reason, steps) as a Trajectory."""
    t = claim.get("trajectory")
    if not t:
        return None
    steps = []
    for st in sorted(t["steps"], key=lambda x: x["index"]):
        try:
            args = json.loads(st["arguments"]) if st.get("arguments") else {}
        except json.JSONDecodeError:
            args = {}
        steps.append(
            Step(
                index=st["index"] + 1,  # stored 0-based
                action=_ACTIONS[st["action"]],
                arguments=args if isinstance(args, dict) else {},
                observation=st.get("observation") or "",
                error=st.get("error"),
            )
        )
    return Trajectory(
        claim_id=claim["id"],
        claim=claim["claim"],
        policy=t.get("policy") or "",
        reasoner=claim.get("reasoner") or "",
        stop_reason=t.get("stop_reason") or "",
        steps=steps,
        verdict=claim.get("verdict"),
        confidence=claim.get("confidence"),
    )


def checked_report(result: VerifyResult, trust_order: str | None = None) -> Report:
    """The structured report of a result, its citations checked against what was retrieved; its
    source conflicts judged by ``trust_order`` (the setting the verdict followed; None: default)."""
    passages = result.web_passages
    return build_report(
        result,
        web_passages=passages,
        retrieved=retrieved_sources(result, passages),
        trust_order=trust_order,
    )


def render_report(result: VerifyResult, fmt: str, trust_order: str | None = None) -> str:
    """The structured report (``md``, ``html`` or ``json``) with checked citations and source
    conflicts judged by ``trust_order``."""
    report = checked_report(result, trust_order)
    return {"md": to_markdown, "html": to_html, "json": to_json}[fmt](report)


def evidence_quads(store: KnowledgeGraph, claim_iri: str) -> list[ox.Quad]:
    """The claim's evidence subgraph: its own graph, the cited facts in their sources, provenance."""
    text = load_query("claim_evidence_graph")
    rows = store.sparql(
        text,
        union_default_graph=False,
        substitutions={ox.Variable("cg"): ox.NamedNode(claim_iri + "/graph")},
    )
    return [ox.Quad(r["s"], r["p"], r["o"], r["g"]) for r in rows]


EVIDENCE_TYPES = {
    "application/ld+json": ox.RdfFormat.JSON_LD,
    "application/trig": ox.RdfFormat.TRIG,
    "application/n-quads": ox.RdfFormat.N_QUADS,
}


def serialize_quads(quads: list[ox.Quad], media_type: str) -> bytes:
    from kgfc.kg.vocab import PREFIXES

    fmt = EVIDENCE_TYPES[media_type]
    prefixes = PREFIXES if fmt == ox.RdfFormat.TRIG else None
    return ox.serialize(quads, format=fmt, prefixes=prefixes) or b""  # no output: the bytes
