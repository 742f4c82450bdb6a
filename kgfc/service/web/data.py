"""What the web app's pages show, read from the store through its public methods and named queries.

Every function here is blocking (run it in a worker thread) and returns plain
data for a template; none of them renders or escapes anything (the templates
do, with Jinja2's autoescape).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import islice
from typing import TYPE_CHECKING, Any, TypedDict

import pyoxigraph as ox

from kgfc.errors import InputError
from kgfc.kg import vocab as V
from kgfc.kg.terms import source_from_row
from kgfc.kg.trust import KIND_NAMES, source_kind
from kgfc.kg.verdicts import source_parts
from kgfc.models import Report, ResultEvidence, Source, VerifyResult
from kgfc.report.render import kind_colours
from kgfc.service.claims import checked_report
from kgfc.service.claims_index import VERDICT_IRIS, VERDICT_NAMES, ClaimsPage, TableRow

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph, Row

PAGE = 50  # rows per page: claims_page.rq asks for one more, to know if there is a next page
FAR_FUTURE = "9999-12-31T23:59:59Z"
FAR_PAST = "0001-01-01T00:00:00Z"
_XSD_DATETIME = ox.NamedNode(V.XSD + "dateTime")


class NotFound(InputError):
    """What a page names is not in the store (a 404 page; other input errors are 400s)."""


_CITATION = re.compile(r"\b([EWP]\d{1,4})\b")


# A page's rows: what its template reads. SPARQL rows leave a variable unbound as None; a row
# that lacks what a page links or sorts by is left out (the queries bind those, so this does not
# happen with the store as kgfc writes it), and a missing verdict shows as NOT ENOUGH INFO.
ViewRow = dict[str, Any]  # an evidence row or a graph element of the claim view (JSON for scripts)


class SourceRecord(TypedDict):
    """A source's PROV-O record as its page shows it."""

    iri: str
    kind: str
    kind_name: str
    location: str | None
    query_name: str | None
    query: str | None
    retrieved_at: str  # ISO 8601, to the second
    extractor: str
    confidence: float
    title: str | None
    sentence: str | None
    facts: int | None


class ClaimLink(TypedDict):
    """A recorded claim a page lists (a link to its page)."""

    id: str
    text: str
    verdict: str  # SUPPORTED, REFUTED or NOT ENOUGH INFO


class CitingClaim(ClaimLink):
    claim_iri: str


class FactRow(TypedDict):
    """One fact of a source's page: ``object`` None when the object is a literal."""

    subject: str
    subject_label: str
    predicate_label: str
    object: str | None
    object_label: str


class SourcePage(TypedDict):
    source: SourceRecord
    facts: list[FactRow]
    offset: int
    next: int | None
    prev: int | None
    parts: list[str]
    claims: list[CitingClaim]


class EntityFact(TypedDict):
    other: str | None  # None when the other end is a literal
    other_label: str
    source: str
    kind_name: str


class FactGroup(TypedDict):
    property: str
    direction: str  # "out": the entity is the subject; "in": the object
    facts: list[EntityFact]


class EntityPage(TypedDict):
    iri: str
    label: str
    names: dict[str, list[str]]  # label, alias, description -> the texts
    groups: list[FactGroup]
    claims: list[ClaimLink]


def verdict_name(verdict: str | None) -> str:
    """A verdict IRI's name; an unbound or unknown one is NOT ENOUGH INFO."""
    return VERDICT_NAMES.get(verdict or "", "NOT ENOUGH INFO")


def claim_link(row: Row) -> ClaimLink | None:
    """A claim row (``claimId``, ``text``, ``verdict``) as a link; None without an id or text."""
    cid, text = row.get("claimId"), row.get("text")
    if cid is None or text is None:
        return None
    return {"id": cid, "text": text, "verdict": verdict_name(row.get("verdict"))}


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
    sources: list[SourceRecord]
    graph: ViewRow
    citations: list[tuple[str, str | None]]  # justification as (text, evidence id or None) pieces
    evidence: list[ViewRow]
    stale: list[dict[str, str | None]] = field(default_factory=list)  # retracted sources
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
    stale: list[dict[str, str | None]] | None = None,
    trust_order: str | None = None,
) -> ClaimView:
    result = with_labels(store, result)
    report = checked_report(result, trust_order)
    provenance: dict[str, SourceRecord | None] = {}
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


def _evidence_row(
    e: ResultEvidence, provenance: dict[str, SourceRecord | None], stance: str
) -> ViewRow:
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


def _graph(
    report: Report, provenance: dict[str, SourceRecord | None], colours: dict[str, str]
) -> ViewRow:
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
        src = provenance.get(prov.get("source_iri") or "")
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
                    "retrieved": src["retrieved_at"] if src else "",
                    "method": src["extractor"] if src else "",
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


def _source_dict(src: Source) -> SourceRecord:
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


def source_record(store: KnowledgeGraph, iri: str) -> SourceRecord | None:
    src = store.source(iri)
    return _source_dict(src) if src is not None else None


def knowledge_sources(store: KnowledgeGraph) -> list[SourceRecord]:
    """Every knowledge source (claim graphs left out), newest first, with its fact count."""
    props: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for r in store.run("knowledge_sources"):
        g, p, o = r["g"], r["p"], r["o"]
        if g is not None and p is not None and o is not None:  # all bound in the query
            props[g][p].append(o)
    # cached until the knowledge changes: a whole-store scan
    counts = {
        g: int(n)
        for r in store.run_cached("source_fact_counts")
        if (g := r["g"]) is not None and (n := r["facts"]) is not None
    }
    out = [
        _source_dict(source_from_row(iri, p).model_copy(update={"facts": counts.get(iri, 0)}))
        for iri, p in props.items()
    ]
    return sorted(out, key=lambda s: (s["retrieved_at"], s["iri"]), reverse=True)


def source_page(store: KnowledgeGraph, iri: str, offset: int) -> SourcePage:
    """One source: its provenance, one page of its facts, its parts and the claims citing it."""
    record = source_record(store, iri)
    if record is None:
        raise NotFound(f"No source {iri!r} in this store.", hint="See the sources list.")
    g = ox.NamedNode(iri)
    # Index order within one graph is stable, so a page is a slice of the pattern's quads
    # (no sort of the whole graph per page, and nothing formatted into query text).
    page = list(islice(_facts(store, g), offset, offset + PAGE + 1))
    index = store.label_index()
    rows: list[FactRow] = []
    for s, p, o, literal in page[:PAGE]:
        rows.append(
            {
                "subject": s,
                "subject_label": index.label(s) or V.local_id(s),
                "predicate_label": index.label(_property_entity(p)) or V.local_id(p),
                "object": None if literal else o,
                "object_label": o if literal else index.label(o) or V.local_id(o),
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


def _facts(store: KnowledgeGraph, g: ox.NamedNode) -> Iterator[tuple[str, str, str, bool]]:
    """(subject, predicate, object, object is a literal) of the graph's facts, in index order.

    A quad with a quoted triple (RDF-star) at either end is no fact and is left out.
    """
    for q in store.quads(None, None, None, g):
        s, o = q.subject, q.object
        if isinstance(s, ox.Triple) or isinstance(o, ox.Triple):
            continue
        if q.predicate.value.startswith((V.WDT, V.KGFC_REL)):
            yield s.value, q.predicate.value, o.value, isinstance(o, ox.Literal)


def citing_claims(store: KnowledgeGraph, sources: list[str]) -> list[CitingClaim]:
    """The recorded claims whose verdict cites facts from these sources (what retracting hits)."""
    out: dict[str, CitingClaim] = {}
    for src in sources:
        for r in store.run("claims_using_source", bindings={"source": src}):
            claim, link = r["claim"], claim_link(r)
            if claim is not None and link is not None and claim not in out:
                out[claim] = {"claim_iri": claim, **link}
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
) -> ClaimsPage:
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
    claims = [c for r in rows[:PAGE] if (c := _table_row(r)) is not None]
    nxt = None
    if len(rows) > PAGE and claims:  # the query asks for one row more than a page
        last = claims[-1]
        nxt = {"before": last["checked"], "after": last["iri"]}
    return {"claims": claims, "next": nxt}


def _table_row(r: Row) -> TableRow | None:
    """A ``claims_page`` row for the table; None without the claim, its id, text or check time
    (a missing confidence shows as 0, as in the in-memory index)."""
    claim, link, checked = r["claim"], claim_link(r), r["checked"]
    if claim is None or link is None or checked is None:
        return None
    return {
        "iri": claim,
        **link,
        "confidence": float(r["confidence"] or 0.0),
        "checked": checked,
        "stale": r["stale"] == "true",
    }


def claims_count(store: KnowledgeGraph, flt: ClaimFilter) -> int:
    rows = store.run("claims_count", bindings=flt.bindings())
    return int(rows[0]["claims"] or 0) if rows else 0


def claim_request(store: KnowledgeGraph, claim_id: str) -> dict[str, str | list[str]]:
    """The verify request that checks a recorded claim again, under the same id."""
    rows = store.run("claim_request", bindings={"claimId": ox.Literal(claim_id)})
    if not rows:
        raise NotFound(f"No stored claim with id {claim_id!r}.")
    row = rows[-1]
    if triple := row["triple"]:
        parts = triple.split(" ", 2)
        if len(parts) == 3:
            return {"id": claim_id, "triple": parts}
    # the text is bound in the query; an empty claim is refused as the bad request it is
    return {"id": claim_id, "claim": row["text"] or ""}


# -- entities --------------------------------------------------------------------------------


def entity_page(store: KnowledgeGraph, iri: str) -> EntityPage:
    """An entity: its labels, its facts grouped by property and by source, the claims citing it."""
    index = store.label_index()
    node = ox.NamedNode(iri)
    names: dict[str, list[str]] = {"label": [], "alias": [], "description": []}
    kinds = {V.RDFS_LABEL: "label", V.SKOS_ALT: "alias", V.SCHEMA_DESC: "description"}
    for name_iri, kind in kinds.items():
        for q in store.quads(node, ox.NamedNode(name_iri), None, None):
            if isinstance(q.object, ox.Literal) and q.object.value not in names[kind]:
                names[kind].append(q.object.value)
    groups: dict[tuple[str, str], FactGroup] = {}
    for r in store.run("entity_facts", bindings={"entity": node}):
        p, s, o, g = r["p"], r["s"], r["o"], r["g"]
        if p is None or s is None or o is None or g is None:  # all bound in the query
            continue
        if not p.startswith((V.WDT, V.KGFC_REL)):
            continue
        outgoing = s == iri
        other = o if outgoing else s
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
                "source": g,
                "kind_name": KIND_NAMES.get(source_kind(g), source_kind(g)),
            }
        )
    claims = [
        link
        for r in store.run("claims_citing_entity", bindings={"entity": node})
        if (link := claim_link(r)) is not None
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
