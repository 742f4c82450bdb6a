"""The SPARQL 1.1 Protocol, query operation only, over the server's store.

Results are negotiated by ``Accept`` (or the ``format``/``output`` parameter
SPARQLWrapper and YASGUI may add): SPARQL JSON (default), XML, CSV and TSV for
SELECT and ASK; Turtle (default), N-Triples, RDF/XML and JSON-LD for
CONSTRUCT and DESCRIBE.

Rows are written here rather than by pyoxigraph's ``serialize`` because the
row cap and the deadline need the solutions one at a time, and pyoxigraph only
serializes a whole result. pyoxigraph cannot cancel a running query: the
deadline is checked between rows, so a query that spends its time inside one
operator (a big sort or aggregate) answers "timed out" at the deadline while
its worker thread finishes in the background, holding one of a bounded number
of query slots.
"""

from __future__ import annotations

import csv
import io
import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

import pyoxigraph as ox

from kgfc.errors import KgfcError, QuerySyntaxError, UsageError

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"

SOLUTION_TYPES = {
    "application/sparql-results+json": "json",
    "application/json": "json",
    "application/sparql-results+xml": "xml",
    "application/xml": "xml",
    "text/xml": "xml",
    "text/csv": "csv",
    "text/tab-separated-values": "tsv",
}
GRAPH_TYPES = {
    "text/turtle": ox.RdfFormat.TURTLE,
    "application/x-turtle": ox.RdfFormat.TURTLE,
    "application/n-triples": ox.RdfFormat.N_TRIPLES,
    "text/plain": ox.RdfFormat.N_TRIPLES,
    "application/rdf+xml": ox.RdfFormat.RDF_XML,
    "application/ld+json": ox.RdfFormat.JSON_LD,
}
# the short names SPARQLWrapper/YASGUI put in ?format= / ?output=
SHORT_NAMES = {
    "json": "application/sparql-results+json",
    "xml": "application/sparql-results+xml",
    "csv": "text/csv",
    "tsv": "text/tab-separated-values",
    "turtle": "text/turtle",
    "n3": "text/turtle",
    "nt": "application/n-triples",
    "rdf": "application/rdf+xml",
    "rdf+xml": "application/rdf+xml",
    "json-ld": "application/ld+json",
    "jsonld": "application/ld+json",
}


class QueryTimeout(KgfcError):
    """The query ran past the server's deadline (HTTP 503)."""


class UpdateRefused(UsageError):
    """SPARQL UPDATE sent to the read-only endpoint (HTTP 403)."""


class NotAcceptable(UsageError):
    """No result format the client accepts fits this query form (HTTP 406)."""


@dataclass
class SparqlResult:
    body: bytes
    media_type: str
    rows: int
    truncated: bool


def parse_accept(header: str | None) -> list[str]:
    """Media types from an Accept header, best first (q-values, then order)."""
    if not header:
        return []
    ranked = []
    for i, part in enumerate(header.split(",")):
        fields = [f.strip() for f in part.split(";")]
        mt, q = fields[0].lower(), 1.0
        for f in fields[1:]:
            if f.startswith("q="):
                try:
                    q = float(f[2:])
                except ValueError:
                    q = 0.0
        if mt and q > 0:
            ranked.append((-q, i, mt))
    return [mt for _, _, mt in sorted(ranked)]


def choose(accepted: list[str], offered: Mapping[str, object], default: str) -> str:
    """The first accepted media type we offer; wildcards take ``default``."""
    if not accepted:
        return default
    for mt in accepted:
        if mt in offered:
            return mt
        if mt in ("*/*", "application/*", "text/*"):
            return default
    raise NotAcceptable(
        f"Cannot answer this query as any of: {', '.join(accepted)}.",
        hint=f"Ask for one of: {', '.join(offered)}.",
    )


def query_form_hint(format_param: str | None, accept: str | None) -> list[str]:
    if format_param:
        mt = SHORT_NAMES.get(format_param.lower(), format_param.lower())
        return [mt, *parse_accept(accept)]
    return parse_accept(accept)


# -- terms ------------------------------------------------------------------
# what a solution binds a variable to (an RDF-star triple term too)
Value = ox.NamedNode | ox.BlankNode | ox.Literal | ox.Triple
# what a query gives: an ASK's answer, a SELECT's solutions, a CONSTRUCT's triples
QueryResult = bool | ox.QueryBoolean | ox.QuerySolutions | ox.QueryTriples


def _json_term(t: Value) -> dict[str, Any]:
    if isinstance(t, ox.NamedNode):
        return {"type": "uri", "value": t.value}
    if isinstance(t, ox.BlankNode):
        return {"type": "bnode", "value": t.value}
    if isinstance(t, ox.Literal):
        out: dict[str, Any] = {"type": "literal", "value": t.value}
        if t.language:
            out["xml:lang"] = t.language
        elif t.datatype.value not in (XSD_STRING, RDF_LANG_STRING):
            out["datatype"] = t.datatype.value
        return out
    # an RDF-star triple term
    return {
        "type": "triple",
        "value": {
            "subject": _json_term(t.subject),
            "predicate": _json_term(t.predicate),
            "object": _json_term(t.object),
        },
    }


def _xml_term(t: Value) -> str:
    if isinstance(t, ox.NamedNode):
        return f"<uri>{escape(t.value)}</uri>"
    if isinstance(t, ox.BlankNode):
        return f"<bnode>{escape(t.value)}</bnode>"
    if isinstance(t, ox.Literal):
        attrs = ""
        if t.language:
            attrs = f" xml:lang={quoteattr(t.language)}"
        elif t.datatype.value not in (XSD_STRING, RDF_LANG_STRING):
            attrs = f" datatype={quoteattr(t.datatype.value)}"
        return f"<literal{attrs}>{escape(t.value)}</literal>"
    return (
        f"<triple><subject>{_xml_term(t.subject)}</subject>"
        f"<predicate>{_xml_term(t.predicate)}</predicate>"
        f"<object>{_xml_term(t.object)}</object></triple>"
    )


def _csv_value(t: Value | None) -> str:
    if t is None:
        return ""
    if isinstance(t, ox.BlankNode):
        return f"_:{t.value}"
    if isinstance(t, ox.NamedNode | ox.Literal):
        return t.value
    return str(t)


def _tsv_value(t: Value | None) -> str:
    # N-Triples syntax, with the characters TSV reserves escaped
    return "" if t is None else str(t).replace("\t", "\\t").replace("\n", "\\n")


def _solutions(variables: list[str], rows: list[list[Value | None]], fmt: str) -> bytes:
    if fmt == "json":
        bindings = [
            {v: _json_term(t) for v, t in zip(variables, row, strict=True) if t is not None}
            for row in rows
        ]
        doc = {"head": {"vars": variables}, "results": {"bindings": bindings}}
        return json.dumps(doc, ensure_ascii=False).encode()
    if fmt == "xml":
        out = ['<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#">']
        out.append("<head>" + "".join(f"<variable name={quoteattr(v)}/>" for v in variables))
        out.append("</head><results>")
        for row in rows:
            out.append("<result>")
            for v, t in zip(variables, row, strict=True):
                if t is not None:
                    out.append(f"<binding name={quoteattr(v)}>{_xml_term(t)}</binding>")
            out.append("</result>")
        out.append("</results></sparql>\n")
        return "".join(out).encode()
    buf = io.StringIO()
    if fmt == "csv":
        w = csv.writer(buf, lineterminator="\r\n")
        w.writerow(variables)
        for row in rows:
            w.writerow([_csv_value(t) for t in row])
    else:
        buf.write("\t".join("?" + v for v in variables) + "\n")
        for row in rows:
            buf.write("\t".join(_tsv_value(t) for t in row) + "\n")
    return buf.getvalue().encode()


def _boolean(value: bool, fmt: str) -> bytes:
    if fmt == "xml":
        return (
            '<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#">'
            f"<head/><boolean>{'true' if value else 'false'}</boolean></sparql>\n"
        ).encode()
    if fmt in ("csv", "tsv"):  # not standardised; what Jena and Virtuoso answer
        return ("_askResult\r\n" if fmt == "csv" else "?_askResult\n").encode() + (
            b"true\n" if value else b"false\n"
        )
    return json.dumps({"head": {}, "boolean": value}).encode()


def run_query(
    store: KnowledgeGraph,
    text: str,
    *,
    accepted: list[str],
    max_rows: int,
    deadline: float,
    cancelled: threading.Event | None = None,
) -> SparqlResult:
    """Evaluate ``text`` and serialize up to ``max_rows`` rows. Runs in a worker thread."""
    if not text.strip():
        raise QuerySyntaxError("The query is empty.")

    def check() -> None:
        if time.monotonic() > deadline or (cancelled is not None and cancelled.is_set()):
            raise QueryTimeout("The query ran out of time.")

    result: QueryResult = store.sparql(text)
    try:
        return _collect(result, accepted, max_rows, check)
    except KgfcError as exc:
        error = exc.with_traceback(None)
    finally:
        # pyoxigraph's result iterators may only be dropped on the thread that
        # made them; a traceback keeping this frame alive would drop it later
        # on the event loop's thread.
        del result
    raise error


def _collect(
    result: QueryResult, accepted: list[str], max_rows: int, check: Callable[[], None]
) -> SparqlResult:
    check()
    if isinstance(result, bool | ox.QueryBoolean):
        mt = choose(accepted, SOLUTION_TYPES, "application/sparql-results+json")
        return SparqlResult(_boolean(bool(result), SOLUTION_TYPES[mt]), mt, 1, False)
    if isinstance(result, ox.QuerySolutions):
        mt = choose(accepted, SOLUTION_TYPES, "application/sparql-results+json")
        variables = [v.value for v in result.variables]
        rows: list[list[Value | None]] = []
        truncated = False
        for sol in result:
            check()
            if len(rows) >= max_rows:
                truncated = True
                break
            rows.append([sol[v] for v in variables])
        return SparqlResult(
            _solutions(variables, rows, SOLUTION_TYPES[mt]), mt, len(rows), truncated
        )
    mt = choose(accepted, GRAPH_TYPES, "text/turtle")
    triples: list[ox.Triple] = []
    truncated = False
    for t in result:
        check()
        if len(triples) >= max_rows:
            truncated = True
            break
        triples.append(t)
    from kgfc.kg.vocab import PREFIXES

    fmt = GRAPH_TYPES[mt]
    prefixes = PREFIXES if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.RDF_XML) else None
    body = ox.serialize(triples, format=fmt, prefixes=prefixes) or b""  # no output: the bytes
    return SparqlResult(body, mt, len(triples), truncated)
