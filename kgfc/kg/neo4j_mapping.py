"""The property-graph mapping kgfc mirrors into Neo4j or FalkorDB (and writes as ``neo4j-admin`` CSV).

Nodes (key property first; every key has a uniqueness constraint)::

    (:Entity    {iri, label, description, aliases})     a Wikidata or kgfc entity
    (:Value     {key, value, datatype, lang})           a literal object (date, number, text)
    (:Source    {iri, kind, location, retrievedAt, extractor, confidence, title,
                 query, queryName, sentence, facts, syncKey})   one source graph
    (:Claim     {iri, claimId, text, graph})            a recorded claim
    (:Verdict   {iri, label, confidence, justification, reasoner})
    (:Statement {iri, evidenceId, text, property, cited})        a fact a verdict looked at

Relationships::

    (:Entity)-[:P19 {property, label, sources, confidence}]->(:Entity|:Value)
        one per (subject, property, object): typed by the property's local name
        (``P19`` for ``wdt:P19``, ``rel_<name>`` for a kgfc relation), ``property``
        the full IRI, ``sources`` every source graph that states it, ``confidence``
        the highest of those sources' confidences
    (:Claim)-[:HAS_VERDICT]->(:Verdict)
    (:Verdict)-[:CITES|CONSIDERED]->(:Statement)
    (:Statement)-[:SUBJECT]->(:Entity)   (:Statement)-[:OBJECT]->(:Entity|:Value)
    (:Statement)-[:FROM]->(:Source)      (:Verdict)-[:USED_EVIDENCE]->(:Source)

So "what supported claim X" and "which claims relied on source Y" are one
Cypher query each (``queries/cypher/claim_evidence.cypher``,
``claims_using_source.cypher``). Only facts are relationships (``wdt:`` and
kgfc relation predicates, as in the store's statistics); labels, aliases and
descriptions are node properties; PROV-O records are Source nodes.

This module is pure: quads in, rows (plain dicts) out.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, Required, TypedDict, TypeGuard

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.models import Source

_TYPE_OK = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_K = V.KGFC
_VERDICTS = {"Supported": "SUPPORTED", "Refuted": "REFUTED", "NotEnoughInfo": "NOT ENOUGH INFO"}

# a node a fact's object maps to (a triple term maps to none)
ObjectLabel = Literal["Entity", "Value"]
Term = ox.NamedNode | ox.BlankNode | ox.Literal


class EntityRow(TypedDict, total=False):
    iri: Required[str]
    label: str
    description: str
    aliases: list[str]


class ValueRow(TypedDict):
    key: str
    value: str
    datatype: str | None
    lang: str | None


class SourceRow(TypedDict):
    iri: str
    kind: str
    location: str | None
    retrievedAt: str
    extractor: str
    confidence: float
    title: str | None
    query: str | None
    queryName: str | None
    sentence: str | None
    facts: int | None
    syncKey: str


class FactRow(TypedDict):
    s: str
    o: str
    type: str
    property: str
    label: str | None
    object_kind: ObjectLabel
    source: str
    confidence: float


class ClaimRow(TypedDict):
    iri: str
    claimId: str | None
    text: str | None
    graph: str


class VerdictRow(TypedDict):
    iri: str
    label: str | None
    confidence: float | None
    justification: str | None
    reasoner: str | None


class StatementRow(TypedDict):
    iri: str
    evidenceId: str | None
    text: str | None
    property: str | None
    cited: bool


# "from" is a keyword: the functional form
LinkRow = TypedDict(
    "LinkRow", {"type": str, "from_label": str, "from": str, "to_label": str, "to": str}
)


def is_fact_predicate(iri: str) -> bool:
    return iri.startswith((V.WDT, V.KGFC_REL))


def relationship_type(predicate: str) -> str:
    """``wdt:P19`` -> ``P19``; ``kgfc relation/born_in`` -> ``rel_born_in``; always a safe identifier."""
    if predicate.startswith(V.WDT):
        name = predicate[len(V.WDT) :]
    else:
        name = "rel_" + re.sub(r"[^A-Za-z0-9_]", "_", predicate[len(V.KGFC_REL) :])
    if not _TYPE_OK.match(name):
        raise ValueError(f"cannot type a relationship after {predicate!r}")
    return name


def value_key(lit: ox.Literal) -> str:
    """A stable id for a literal node: the hash of its N-Triples form."""
    return "v" + hashlib.sha256(str(lit).encode("utf-8")).hexdigest()[:24]


def _object_node(rows: GraphRows, term: Term) -> tuple[ObjectLabel, str]:
    """(label, key) of the node a fact's object maps to, that node added to ``rows``."""
    if isinstance(term, ox.Literal):
        key = value_key(term)
        rows.values[key] = _value_row(term)
        return "Value", key
    rows.entity(term.value)
    return "Entity", term.value


@dataclass
class GraphRows:
    """Everything one source graph contributes to the property graph."""

    entities: dict[str, EntityRow] = field(default_factory=dict)
    values: dict[str, ValueRow] = field(default_factory=dict)
    facts: list[FactRow] = field(default_factory=list)
    claims: list[ClaimRow] = field(default_factory=list)
    verdicts: list[VerdictRow] = field(default_factory=list)
    statements: list[StatementRow] = field(default_factory=list)
    links: list[LinkRow] = field(default_factory=list)

    def entity(self, iri: str) -> EntityRow:
        return self.entities.setdefault(iri, {"iri": iri})


def source_row(source: Source) -> SourceRow:
    return {
        "iri": source.iri,
        "kind": source.kind.value,
        "location": source.location,
        "retrievedAt": source.retrieved_at.isoformat(),
        "extractor": source.extractor,
        "confidence": float(source.confidence),
        "title": source.title,
        "query": source.query,
        "queryName": source.query_name,
        "sentence": source.sentence,
        "facts": source.facts,
        "syncKey": sync_key(source),
    }


def sync_key(source: Source) -> str:
    """Changes when the source is refreshed (re-fetched, replaced) in the store."""
    return f"{source.retrieved_at.isoformat()}|{source.facts}"


def map_graph(
    source: Source, quads: Iterable[ox.Quad], labels: dict[str, str] | None = None
) -> GraphRows:
    """Rows for one source graph: its entities (with labels), values, facts, and claims."""
    rows = GraphRows()
    by_subject: dict[str, dict[str, list[Term]]] = {}
    for q in quads:
        s, p, o = q.subject, q.predicate.value, q.object
        # a triple term (RDF 1.2) is no node of the property graph, nor is a blank subject
        if not isinstance(s, ox.NamedNode) or isinstance(o, ox.Triple):
            continue
        if is_fact_predicate(p):
            rows.entity(s.value)
            kind, key = _object_node(rows, o)
            rows.facts.append(
                {
                    "s": s.value,
                    "o": key,
                    "type": relationship_type(p),
                    "property": p,
                    "label": (labels or {}).get(V.WD + p[len(V.WDT) :])
                    if p.startswith(V.WDT)
                    else None,
                    "object_kind": kind,
                    "source": source.iri,
                    "confidence": float(source.confidence),
                }
            )
        elif p == V.RDFS_LABEL and _english(o):
            rows.entity(s.value).setdefault("label", o.value)
        elif p == V.SCHEMA_DESC and _english(o):
            rows.entity(s.value).setdefault("description", o.value)
        elif p == V.SKOS_ALT and _english(o):
            rows.entity(s.value).setdefault("aliases", []).append(o.value)
        else:
            by_subject.setdefault(s.value, {}).setdefault(p, []).append(o)
    if source.kind.value == "claim":
        _map_claim(source, by_subject, rows)
    return rows


def _english(term: Term) -> TypeGuard[ox.Literal]:
    return isinstance(term, ox.Literal) and (term.language or "").lower().startswith("en")


def _value_row(lit: ox.Literal) -> ValueRow:
    return {
        "key": value_key(lit),
        "value": lit.value,
        "datatype": lit.datatype.value if lit.language is None else None,
        "lang": lit.language,
    }


def _first(props: dict[str, list[Term]], p: str) -> Term | None:
    vals = props.get(p)
    return vals[0] if vals else None


def _map_claim(
    source: Source, by_subject: dict[str, dict[str, list[Term]]], rows: GraphRows
) -> None:
    """Claim, verdict and statement nodes from a claim graph (see kgfc.kg.verdicts)."""
    for iri, props in by_subject.items():
        types = {t.value for t in props.get(V.RDF_TYPE, [])}
        if _K + "Claim" not in types:
            continue
        cid, text = _first(props, _K + "claimId"), _first(props, _K + "claimText")
        rows.claims.append(
            {
                "iri": iri,
                "claimId": cid.value if cid else None,
                "text": text.value if text else None,
                "graph": source.iri,
            }
        )
        for v in props.get(_K + "hasVerdict", []):
            vp = by_subject.get(v.value, {})
            label = _first(vp, _K + "verdictLabel")
            conf = _first(vp, _K + "confidence")
            just, reasoner = _first(vp, _K + "justification"), _first(vp, _K + "reasoner")
            rows.verdicts.append(
                {
                    "iri": v.value,
                    "label": _VERDICTS.get(label.value.rsplit("#", 1)[-1]) if label else None,
                    "confidence": float(conf.value) if conf else None,
                    "justification": just.value if just else None,
                    "reasoner": reasoner.value if reasoner else None,
                }
            )
            rows.links.append(_link("HAS_VERDICT", "Claim", iri, "Verdict", v.value))
            for used in vp.get(_K + "usedEvidence", []):
                rows.links.append(_link("USED_EVIDENCE", "Verdict", v.value, "Source", used.value))
            for rel, cited in (("citesStatement", True), ("consideredStatement", False)):
                for st in vp.get(_K + rel, []):
                    _map_statement(st.value, by_subject.get(st.value, {}), cited, rows)
                    rows.links.append(
                        _link(
                            "CITES" if cited else "CONSIDERED",
                            "Verdict",
                            v.value,
                            "Statement",
                            st.value,
                        )
                    )


def _map_statement(iri: str, sp: dict[str, list[Term]], cited: bool, rows: GraphRows) -> None:
    subj, pred, obj = (_first(sp, V.RDF + k) for k in ("subject", "predicate", "object"))
    eid, text = _first(sp, _K + "evidenceId"), _first(sp, V.RDFS_LABEL)
    rows.statements.append(
        {
            "iri": iri,
            # kgfc 0.2 keeps the id only in the statement IRI (.../statement/E1)
            "evidenceId": eid.value if eid else iri.rpartition("/statement/")[2] or None,
            "text": text.value if text else None,
            "property": pred.value if pred else None,
            "cited": cited,
        }
    )
    if subj is not None:
        rows.entity(subj.value)
        rows.links.append(_link("SUBJECT", "Statement", iri, "Entity", subj.value))
    if obj is not None:
        kind, key = _object_node(rows, obj)
        rows.links.append(_link("OBJECT", "Statement", iri, kind, key))
    for src in sp.get(V.PROV + "wasDerivedFrom", []):
        rows.links.append(_link("FROM", "Statement", iri, "Source", src.value))


def _link(rel: str, from_label: str, from_key: str, to_label: str, to_key: str) -> LinkRow:
    return {
        "type": rel,
        "from_label": from_label,
        "from": from_key,
        "to_label": to_label,
        "to": to_key,
    }
