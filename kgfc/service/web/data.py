"""What the web app's pages show, read from the store through its public methods and named queries.

Every function here is blocking (run it in a worker thread) and returns plain
data for a template; none of them renders or escapes anything (the templates
do, with Jinja2's autoescape).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import islice
from typing import TYPE_CHECKING, Any

import pyoxigraph as ox

from kgfc.errors import InputError
from kgfc.kg import vocab as V
from kgfc.kg.terms import source_from_row
from kgfc.kg.trust import KIND_NAMES, source_kind
from kgfc.kg.verdicts import source_parts
from kgfc.models import Report, ResultEvidence, Source, VerifyResult
from kgfc.report.render import kind_colours
from kgfc.service.claims import checked_report
from kgfc.service.claims_index import VERDICT_IRIS, VERDICT_NAMES

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

PAGE = 50  # rows per page: claims_page.rq asks for one more, to know if there is a next page
FAR_FUTURE = "9999-12-31T23:59:59Z"
FAR_PAST = "0001-01-01T00:00:00Z"
_XSD_DATETIME = ox.NamedNode(V.XSD + "dateTime")


class NotFound(InputError):
    """What a page names is not in the store (a 404 page; other input errors are 400s)."""


_CITATION = re.compile(r"\b([EWP]\d{1,4})\b")


def verdict_css(label: str) -> str:
    return {"SUPPORTED": "supported", "REFUTED": "refuted"}.get(str(label), "nei")


def _is_iri(value: str) -> bool:
    return value.startswith(("http://", "https://", "urn:"))


def _property_entity(predicate: str) -> str:
    """``wdt:P19`` -> ``wd:P19``, where Wikidata keeps the property's label."""
    return V.WD + predicate[len(V.WDT) :] if predicate.startswith(V.WDT) else predicate


# -- the claim view (a fresh check and a stored claim alike) ------------------------------------


@dataclass
class ClaimView:
    result: VerifyResult
    report: Report
    sources: list[dict]
    graph: dict
    citations: list[tuple[str, str | None]]  # justification as (text, evidence id or None) pieces
    evidence: list[dict]
    stale: list[dict] = field(default_factory=list)
    recorded: bool = False


def with_labels(store: KnowledgeGraph, result: VerifyResult) -> VerifyResult:
    """The result with the labels a stored claim lacks filled in from the store's label index."""
    index = store.label_index()
    evidence = []
    for e in result.evidence:
        literal = e.object_is_literal or not _is_iri(e.object)
        evidence.append(
            e.model_copy(
                update={
                    "object_is_literal": literal,
                    "subject_label": e.subject_label or index.label(e.subject),
                    "predicate_label": e.predicate_label
                    or index.label(_property_entity(e.predicate)),
                    "object_label": e.object_label or (None if literal else index.label(e.object)),
                }
            )
        )
    return result.model_copy(update={"evidence": evidence})


def claim_view(
    store: KnowledgeGraph,
    result: VerifyResult,
    stale: list[dict] | None = None,
    trust_order: str | None = None,
) -> ClaimView:
    result = with_labels(store, result)
    report = checked_report(result, trust_order)
    provenance = {}
    for iri in dict.fromkeys(e.source for e in result.evidence if e.source):
        provenance[iri] = source_record(store, iri)
    colours = kind_colours(report)
    by_id = {e.id: e for e in result.evidence}
    stances = {
        ev.evidence_id: ev.stance for ev in (*report.supporting_evidence, *report.refuting_evidence)
    }
    evidence = [_evidence_row(e, provenance, stances.get(e.id, "neutral")) for e in result.evidence]
    for p in report.supporting_evidence + report.refuting_evidence:
        if p.evidence_id not in by_id:  # a web or PubMed passage
            evidence.append(
                {
                    "id": p.evidence_id,
                    "text": p.sentence,
                    "source": p.source_id,
                    "kind": p.source_kind,
                    "kind_name": KIND_NAMES.get(p.source_kind, p.source_kind),
                    "stance": p.stance,
                    "cited": True,
                    "passage": True,
                    "context": p.context,
                }
            )
    known = {e["id"] for e in evidence}
    return ClaimView(
        result=result,
        report=report,
        sources=[p for p in provenance.values() if p],
        graph=_graph(report, provenance, colours),
        citations=split_citations(result.justification, known),
        evidence=evidence,
        stale=stale or [],
        recorded=bool(result.claim_iri),
    )


def split_citations(text: str, known: set[str]) -> list[tuple[str, str | None]]:
    """The text in pieces, each evidence id it cites (``E1``) a piece of its own, to link."""
    out: list[tuple[str, str | None]] = []
    pos = 0
    for m in _CITATION.finditer(text):
        if m.group(1) not in known:
            continue
        if m.start() > pos:
            out.append((text[pos : m.start()], None))
        out.append((m.group(1), m.group(1)))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], None))
    return out


def _evidence_row(e: ResultEvidence, provenance: dict, stance: str) -> dict:
    kind = source_kind(e.source)
    prov = provenance.get(e.source) if e.source else None
    return {
        "id": e.id,
        "text": e.text,
        "subject": e.subject,
        "subject_label": e.subject_label or V.local_id(e.subject),
        "predicate_label": e.predicate_label or V.local_id(e.predicate),
        "object": None if e.object_is_literal else e.object,
        "object_label": e.object
        if e.object_is_literal
        else (e.object_label or V.local_id(e.object)),
        "source": e.source,
        "source_present": bool(prov),
        "kind": kind,
        "kind_name": KIND_NAMES.get(kind, kind),
        "stance": stance,
        "cited": e.cited,
        "hop": e.hop,
        "passage": False,
    }


def _graph(report: Report, provenance: dict, colours: dict[str, str]) -> dict:
    """cytoscape.js elements: entities as nodes, facts as edges coloured by source kind."""
    nodes = [
        {
            "data": {
                "id": n.id,
                "label": n.label,
                "literal": n.id.startswith("literal:"),
            }
        }
        for n in report.nodes
    ]
    edges = []
    for i, e in enumerate(report.edges):
        prov = e.provenance
        src = provenance.get(prov.get("source_iri")) or {}
        edges.append(
            {
                "data": {
                    "id": f"edge-{i}",
                    "source": e.source,
                    "target": e.target,
                    "label": e.label,
                    "evidence": e.evidence_id,
                    "colour": colours.get(e.kind, "#777777"),
                    "kind": KIND_NAMES.get(e.kind, e.kind),
                    "sourceIri": prov.get("source_iri") or "",
                    "retrieved": src.get("retrieved_at") or "",
                    "method": src.get("extractor") or "",
                    "cited": bool(prov.get("cited")),
                    "stance": prov.get("stance") or "neutral",
                }
            }
        )
    legend = [
        {"kind": KIND_NAMES.get(k, k), "colour": c}
        for k, c in colours.items()
        if any(e.kind == k for e in report.edges)
    ]
    return {"elements": {"nodes": nodes, "edges": edges}, "legend": legend}


# -- sources ---------------------------------------------------------------------------------


def _source_dict(src: Source) -> dict:
    return {
        "iri": src.iri,
        "kind": src.kind.value,
        "kind_name": KIND_NAMES.get(src.kind.value, src.kind.value),
        "location": src.location,
        "query_name": src.query_name,
        "query": src.query,
        "retrieved_at": src.retrieved_at.isoformat(timespec="seconds"),
        "extractor": src.extractor,
        "confidence": src.confidence,
        "title": src.title,
        "sentence": src.sentence,
        "facts": src.facts,
    }


def source_record(store: KnowledgeGraph, iri: str) -> dict | None:
    src = store.source(iri)
    return _source_dict(src) if src is not None else None


def knowledge_sources(store: KnowledgeGraph) -> list[dict]:
    """Every knowledge source (claim graphs left out), newest first, with its fact count."""
    props: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for r in store.run("knowledge_sources"):
        props[r["g"]][r["p"]].append(r["o"])
    # cached until the knowledge changes: a whole-store scan
    counts = {r["g"]: int(r["facts"]) for r in store.run_cached("source_fact_counts")}
    out = [
        _source_dict(source_from_row(iri, p).model_copy(update={"facts": counts.get(iri, 0)}))
        for iri, p in props.items()
    ]
    return sorted(out, key=lambda s: (s["retrieved_at"], s["iri"]), reverse=True)


def source_page(store: KnowledgeGraph, iri: str, offset: int) -> dict:
    """One source: its provenance, one page of its facts, its parts and the claims citing it."""
    record = source_record(store, iri)
    if record is None:
        raise NotFound(f"No source {iri!r} in this store.", hint="See the sources list.")
    g = ox.NamedNode(iri)
    # Index order within one graph is stable, so a page is a slice of the pattern's quads
    # (no sort of the whole graph per page, and nothing formatted into query text).
    facts = (
        q
        for q in store.quads(None, None, None, g)
        if q.predicate.value.startswith((V.WDT, V.KGFC_REL))
    )
    page = list(islice(facts, offset, offset + PAGE + 1))
    index = store.label_index()
    rows = []
    for q in page[:PAGE]:
        literal = isinstance(q.object, ox.Literal)
        rows.append(
            {
                "subject": q.subject.value,
                "subject_label": index.label(q.subject.value) or V.local_id(q.subject.value),
                "predicate_label": index.label(_property_entity(q.predicate.value))
                or V.local_id(q.predicate.value),
                "object": None if literal else q.object.value,
                "object_label": q.object.value
                if literal
                else index.label(q.object.value) or V.local_id(q.object.value),
            }
        )
    parts = source_parts(store, iri)
    return {
        "source": record,
        "facts": rows,
        "offset": offset,
        "next": offset + PAGE if len(page) > PAGE else None,
        "prev": max(0, offset - PAGE) if offset else None,
        "parts": parts[1:],
        "claims": citing_claims(store, parts),
    }


def citing_claims(store: KnowledgeGraph, sources: list[str]) -> list[dict]:
    """The recorded claims whose verdict cites facts from these sources (what retracting hits)."""
    out: dict[str, dict] = {}
    for src in sources:
        for r in store.run("claims_using_source", bindings={"source": src}):
            out.setdefault(
                r["claim"],
                {
                    "claim_iri": r["claim"],
                    "id": r["claimId"],
                    "text": r["text"],
                    "verdict": VERDICT_NAMES.get(r["verdict"], "NOT ENOUGH INFO"),
                },
            )
    return sorted(out.values(), key=lambda c: c["id"])


# -- claims ----------------------------------------------------------------------------------


@dataclass
class ClaimFilter:
    verdict: str = ""  # "", supported, refuted, nei
    stale: str = ""  # "", yes, no
    q: str = ""
    checked_from: str = ""  # "" or YYYY-MM-DD: checked on that day or later
    checked_to: str = ""  # "" or YYYY-MM-DD: checked on that day or earlier
    source: str = ""  # "" or a source IRI (or its kgfcs: short form) the verdict cites

    def __post_init__(self) -> None:
        self.source = V.source_ref(self.source.strip()) if self.source.strip() else ""

    def active(self) -> bool:
        return any(
            (self.verdict, self.stale, self.q, self.checked_from, self.checked_to, self.source)
        )

    def check(self) -> None:
        """An InputError (a 400 page) for a date that is not one or a source that is no IRI."""
        self.window()
        if self.source:
            try:
                ox.NamedNode(self.source)
            except ValueError:
                raise InputError(
                    f"{self.source!r} is not a source IRI.",
                    hint="Give the source's IRI or its kgfcs: short form, as its page shows.",
                ) from None

    def window(self) -> tuple[datetime | None, datetime | None]:
        """The check times kept, as [start, end): None for no bound (InputError on a bad date)."""
        start = parse_day(self.checked_from, "checked from") if self.checked_from else None
        end = parse_day(self.checked_to, "checked to") if self.checked_to else None
        if end is not None:
            end += timedelta(days=1)
        if start is not None and end is not None and start >= end:
            raise InputError("'Checked from' is after 'checked to'.")
        return start, end

    def bindings(self) -> dict[str, Any]:
        start, end = self.window()
        return {
            "wantVerdict": ox.NamedNode(VERDICT_IRIS[self.verdict])
            if self.verdict
            else ox.Literal(""),
            "wantStale": ox.Literal(self.stale),
            "needle": ox.Literal(self.q.strip().lower()),
            "checkedFrom": _datetime_literal(start.isoformat() if start else FAR_PAST),
            "checkedUntil": _datetime_literal(end.isoformat() if end else FAR_FUTURE),
            "wantSource": ox.NamedNode(self.source) if self.source else ox.Literal(""),
        }


def _datetime_literal(value: str) -> ox.Literal:
    return ox.Literal(value, datatype=_XSD_DATETIME)


def parse_day(value: str, what: str) -> datetime:
    """``YYYY-MM-DD`` -> that day's start, UTC."""
    try:
        return datetime.strptime(value.strip(), "%Y-%m-%d").replace(tzinfo=UTC)
    except ValueError:
        raise InputError(f"{what.capitalize()} {value!r} is not a date (YYYY-MM-DD).") from None


def parse_when(value: str) -> datetime:
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        raise InputError(f"{value!r} is not a time (ISO 8601).") from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def claims_page(
    store: KnowledgeGraph, flt: ClaimFilter, before: str | None, after_claim: str | None
) -> dict:
    """One page of recorded claims, newest first; ``before``/``after_claim`` from the last page."""
    when = parse_when(before).isoformat() if before else FAR_FUTURE
    rows = store.run(
        "claims_page",
        bindings={
            **flt.bindings(),
            "before": _datetime_literal(when),
            "afterClaim": ox.Literal(after_claim or ""),
        },
    )
    claims = [
        {
            "iri": r["claim"],
            "id": r["claimId"],
            "text": r["text"],
            "verdict": VERDICT_NAMES.get(r["verdict"], "NOT ENOUGH INFO"),
            "confidence": float(r["confidence"]),
            "checked": r["checked"],
            "stale": r["stale"] == "true",
        }
        for r in rows
    ]
    nxt = None
    if len(claims) > PAGE:
        last = claims[PAGE - 1]
        nxt = {"before": last["checked"], "after": last["iri"]}
    return {"claims": claims[:PAGE], "next": nxt}


def claims_count(store: KnowledgeGraph, flt: ClaimFilter) -> int:
    rows = store.run("claims_count", bindings=flt.bindings())
    return int(rows[0]["claims"]) if rows else 0


def claim_request(store: KnowledgeGraph, claim_id: str) -> dict:
    """The verify request that checks a recorded claim again, under the same id."""
    rows = store.run("claim_request", bindings={"claimId": ox.Literal(claim_id)})
    if not rows:
        raise NotFound(f"No stored claim with id {claim_id!r}.")
    row = rows[-1]
    if row["triple"]:
        parts = row["triple"].split(" ", 2)
        if len(parts) == 3:
            return {"id": claim_id, "triple": parts}
    return {"id": claim_id, "claim": row["text"]}


# -- entities --------------------------------------------------------------------------------


def entity_page(store: KnowledgeGraph, iri: str) -> dict:
    """An entity: its labels, its facts grouped by property and by source, the claims citing it."""
    index = store.label_index()
    node = ox.NamedNode(iri)
    names = {"label": [], "alias": [], "description": []}
    kinds = {V.RDFS_LABEL: "label", V.SKOS_ALT: "alias", V.SCHEMA_DESC: "description"}
    for p, kind in kinds.items():
        for q in store.quads(node, ox.NamedNode(p), None, None):
            if isinstance(q.object, ox.Literal) and q.object.value not in names[kind]:
                names[kind].append(q.object.value)
    groups: dict[tuple[str, str], dict] = {}
    for r in store.run("entity_facts", bindings={"entity": node}):
        p = r["p"]
        if not p.startswith((V.WDT, V.KGFC_REL)):
            continue
        outgoing = r["s"] == iri
        other = r["o"] if outgoing else r["s"]
        key = (p, "out" if outgoing else "in")
        group = groups.setdefault(
            key,
            {
                "property": index.label(_property_entity(p)) or V.local_id(p),
                "direction": key[1],
                "facts": [],
            },
        )
        literal = not _is_iri(other)
        group["facts"].append(
            {
                "other": None if literal else other,
                "other_label": other if literal else index.label(other) or V.local_id(other),
                "source": r["g"],
                "kind_name": KIND_NAMES.get(source_kind(r["g"]), source_kind(r["g"])),
            }
        )
    claims = [
        {
            "id": r["claimId"],
            "text": r["text"],
            "verdict": VERDICT_NAMES.get(r["verdict"], "NOT ENOUGH INFO"),
        }
        for r in store.run("claims_citing_entity", bindings={"entity": node})
    ]
    if not names["label"] and not groups and not claims:
        raise NotFound(f"Nothing is known about {iri!r} in this store.")
    return {
        "iri": iri,
        "label": names["label"][0] if names["label"] else V.local_id(iri),
        "names": names,
        "groups": sorted(groups.values(), key=lambda g: (g["direction"], g["property"])),
        "claims": claims,
    }
