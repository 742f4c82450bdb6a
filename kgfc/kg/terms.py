"""Conversions between kgfc models and pyoxigraph terms, and safe value binding."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.models import Fact, Label, Source, SourceKind

_LABEL_PRED = {"label": V.RDFS_LABEL, "alias": V.SKOS_ALT, "description": V.SCHEMA_DESC}


def node(iri: str) -> ox.NamedNode:
    return ox.NamedNode(iri)


def object_term(fact: Fact) -> ox.NamedNode | ox.Literal:
    if not fact.object_is_literal:
        return ox.NamedNode(fact.object)
    if fact.lang:
        return ox.Literal(fact.object, language=fact.lang)
    if fact.datatype:
        return ox.Literal(fact.object, datatype=ox.NamedNode(fact.datatype))
    return ox.Literal(fact.object)


def fact_quads(facts: Iterable[Fact], graph: ox.NamedNode) -> Iterator[ox.Quad]:
    for f in facts:
        yield ox.Quad(ox.NamedNode(f.subject), ox.NamedNode(f.predicate), object_term(f), graph)


def label_quads(labels: Iterable[Label], graph: ox.NamedNode) -> Iterator[ox.Quad]:
    for lab in labels:
        yield ox.Quad(
            ox.NamedNode(lab.entity),
            ox.NamedNode(_LABEL_PRED[lab.kind]),
            ox.Literal(lab.text, language=lab.lang),
            graph,
        )


def _dt(value: datetime) -> ox.Literal:
    return ox.Literal(value.isoformat(), datatype=ox.NamedNode(V.XSD + "dateTime"))


def provenance_quads(source: Source, *, status: str = "complete") -> list[ox.Quad]:
    """The PROV-O record of a source graph, stored inside that graph.

    Keeping the record in the graph it describes makes ``retract`` one atomic
    ``remove_graph`` and lets a copied graph carry its own provenance.
    """
    g = ox.NamedNode(source.iri)

    def q(p: str, o: ox.NamedNode | ox.Literal) -> ox.Quad:
        return ox.Quad(g, ox.NamedNode(p), o, g)

    quads = [
        q(V.RDF_TYPE, ox.NamedNode(V.PROV + "Entity")),
        q(V.RDF_TYPE, ox.NamedNode(V.KGFC + "SourceGraph")),
        q(V.KGFC + "sourceKind", ox.Literal(source.kind.value)),
        q(V.PROV + "generatedAtTime", _dt(source.retrieved_at)),
        q(V.KGFC + "extractor", ox.Literal(source.extractor)),
        q(
            V.KGFC + "confidence",
            ox.Literal(repr(float(source.confidence)), datatype=ox.NamedNode(V.XSD + "double")),
        ),
        q(V.KGFC + "status", ox.Literal(status)),
    ]
    if source.location:
        loc = source.location
        target = ox.NamedNode(loc) if "://" in loc and " " not in loc else ox.Literal(loc)
        quads.append(q(V.PROV + "wasDerivedFrom", target))
    if source.query_name:
        quads.append(q(V.KGFC + "queryName", ox.Literal(source.query_name)))
    if source.query:
        quads.append(q(V.KGFC + "query", ox.Literal(source.query)))
    if source.sentence:
        quads.append(q(V.KGFC + "sentence", ox.Literal(source.sentence)))
    if source.title:
        quads.append(q(V.DCT + "title", ox.Literal(source.title)))
    return quads


def values_clause(var: str, iris: Sequence[str]) -> str:
    """A trailing SPARQL ``VALUES`` block binding ``var`` to IRIs.

    Each IRI goes through ``pyoxigraph.NamedNode``, which rejects anything that
    is not a valid IRI, and is written by its N-Triples serialiser, so no text
    from outside can change the query's structure.
    """
    if not var.isidentifier():
        raise ValueError(f"bad variable name {var!r}")
    terms = " ".join(str(ox.NamedNode(i)) for i in iris)
    return f"\nVALUES ?{var} {{ {terms} }}\n"


_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)


def with_values(query: str, var: str, iris: Sequence[str]) -> str:
    """``query`` with ``VALUES ?var { ... }`` bound where the query asks for it.

    A ``#@VALUES ?var`` comment line in the query marks the place (there may be
    several); without one, the block becomes the first pattern of the WHERE block.

    Inside the block, the engine joins from the bound values (a trailing VALUES
    clause is applied after the whole pattern: ~1 ms vs ~5 s on the demo KG).
    The terms are built as in :func:`values_clause`, so they cannot change the
    query's structure.
    """
    marker = f"#@VALUES ?{var}"
    if marker in query:
        return "\n".join(
            values_clause(var, iris).strip() if line.strip() == marker else line
            for line in query.split("\n")
        )
    m = _WHERE.search(query)
    if m is None:
        return query + values_clause(var, iris)
    return query[: m.end()] + values_clause(var, iris) + query[m.end() :]


def source_from_row(iri: str, props: dict[str, list[str]]) -> Source:
    def first(key: str) -> str | None:
        vals = props.get(key)
        return vals[0] if vals else None

    kind = first(V.KGFC + "sourceKind") or "file"
    try:
        kind_enum = SourceKind(kind)
    except ValueError:
        kind_enum = SourceKind.FILE
    return Source(
        iri=iri,
        kind=kind_enum,
        location=first(V.PROV + "wasDerivedFrom"),
        query_name=first(V.KGFC + "queryName"),
        query=first(V.KGFC + "query"),
        retrieved_at=_when(first(V.PROV + "generatedAtTime")),
        extractor=first(V.KGFC + "extractor") or "unknown",
        confidence=_confidence(first(V.KGFC + "confidence")),
        sentence=first(V.KGFC + "sentence"),
        title=first(V.DCT + "title"),
    )


_EPOCH = datetime.fromtimestamp(0, tz=UTC)


def _when(value: str | None) -> datetime:
    """A timezone-aware time; missing or malformed values read as the epoch (listing never breaks)."""
    try:
        when = datetime.fromisoformat(value) if value else _EPOCH
    except ValueError:
        return _EPOCH
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _confidence(value: str | None) -> float:
    try:
        c = float(value) if value is not None else 1.0
    except ValueError:
        return 1.0
    return c if 0.0 <= c <= 1.0 else 1.0


def source_iri(kind: str, key: str) -> str:
    """A stable graph IRI for a source: the same input always maps to the same graph."""
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return f"{V.KGFC_SOURCE}{kind}/{digest}"


# -- reading user SPARQL: what it is before it runs ----------------------------------------
# Hand-written rather than a SPARQL parser: pyoxigraph parses queries only to run
# them, and the update check needs one fact about the text with strings, IRIs and
# comments out of the way (the engine refuses an update as a query anyway). Whether
# a query calls out (SERVICE) is a safety question and is answered by a real parser.
_SPARQL_NOISE = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""'
    r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'(?:[^'\\\n]|\\.)*'"
    r"|<[^<>\"{}|^`\\\s]*>"
    r"|#[^\n]*",
)
_PROLOGUE = re.compile(r"^\s*(?:(?:PREFIX\s+[\w.-]*:\s*|BASE\s+)<>\s*)*", re.IGNORECASE)
_UPDATE_START = re.compile(
    r"^(?:INSERT|DELETE|LOAD|CLEAR|CREATE|DROP|COPY|MOVE|ADD|WITH)\b", re.IGNORECASE
)


def _sparql_skeleton(text: str) -> str:
    """The query with strings and comments dropped and every IRI written ``<>``."""
    return _SPARQL_NOISE.sub(
        lambda m: "<>" if m.group(0).startswith("<") else ("" if m.group(0)[0] == "#" else '""'),
        text,
    )


def is_sparql_update(text: str) -> bool:
    """Whether ``text`` is a SPARQL update (INSERT, DELETE, LOAD, DROP...) rather than a query."""
    body = _PROLOGUE.sub("", _sparql_skeleton(text), count=1)
    return bool(_UPDATE_START.match(body.lstrip()))


def service_endpoints(text: str) -> list[str] | None:
    """The endpoints ``SERVICE`` clauses call; None when the query has no SERVICE at all.

    Read from the parsed query (see :mod:`kgfc.kg.sparql_guard`), not from this
    module's token skeleton. A SERVICE whose endpoint is a variable is listed as ``"?"``.
    """
    from kgfc.kg.sparql_guard import service_endpoints as parsed_endpoints

    return parsed_endpoints(text)
