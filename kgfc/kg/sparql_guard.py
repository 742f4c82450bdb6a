"""Which ``SERVICE`` endpoints a SPARQL query calls, read from the parsed query.

A query that names ``SERVICE <iri>`` makes the process evaluating it open a
connection to that IRI, so the question "does this query call out?" must be
answered the way the engine will read the text. A token scan cannot: comments,
strings and IRIs nest in ways only a grammar settles (``FILTER(1<2)#>`` followed
by a long-string opener looks like an IRI and a string to a scan, and ends in a
comment for the engine). So the text goes through rdflib's SPARQL 1.1 parser and every
``ServiceGraphPattern`` in the tree counts, wherever it sits: sub-queries,
``FILTER EXISTS`` / ``NOT EXISTS``, ``OPTIONAL``, ``UNION``, ``MINUS``.

Two steps keep this sound and cheap:

- the keyword must appear in the text: after SPARQL's ``\\uXXXX`` escapes are
  applied (both parsers apply them before reading) a query without the
  letters ``service`` in any case cannot hold a SERVICE clause, and rdflib
  (slow to load) is not touched;
- a query that names ``service`` somewhere but that rdflib cannot parse is
  refused, not waved through (fail closed).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from kgfc.errors import QuerySyntaxError

if TYPE_CHECKING:
    from pyparsing import ParseResults
    from rdflib.plugins.sparql.parserutils import CompValue

    # a prologue's resolver of prefixed names and relative IRIs
    Absolutizer = Callable[[CompValue | str | None], CompValue | str | None]

_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})")
# ASCII only: a keyword is ASCII letters, and re.IGNORECASE alone would also fold
# 'ſ' and the Kelvin sign (harmless, but then the parse decides anyway).
_KEYWORD = re.compile(r"service", re.IGNORECASE | re.ASCII)
_PARSE_LOCK = threading.Lock()  # pyparsing's packrat cache is shared state


def _unescaped(text: str) -> str:
    """``text`` with SPARQL 1.1 codepoint escapes (``\\u0053``) replaced (section 19.2)."""

    def one(m: re.Match[str]) -> str:
        try:
            return chr(int(m.group(1) or m.group(2), 16))
        except ValueError:  # beyond U+10FFFF: the parsers reject it; keep the text as it is
            return m.group(0)

    return _ESCAPE.sub(one, text)


def service_endpoints(text: str) -> list[str] | None:
    """The endpoints the query's ``SERVICE`` clauses call; None when it has none.

    A SERVICE whose endpoint is a variable is listed as ``"?"``. Raises
    :class:`~kgfc.errors.QuerySyntaxError` when the text mentions ``service``
    but cannot be parsed, so it cannot be shown to be free of SERVICE clauses.
    """
    plain = _unescaped(text)
    if not _KEYWORD.search(plain):
        return None
    tree = _parse(plain)
    absolute = _absolutizer(tree)
    found = [_endpoint(node, absolute) for node in _service_nodes(tree)]
    return found or None


def _parse(text: str) -> ParseResults | CompValue:
    from pyparsing import ParseException
    from rdflib.plugins.sparql.parser import parseQuery, parseUpdate

    # A carriage return ends a comment for the engine; read it as a newline so
    # that the parser cannot see a longer comment than the engine does.
    text = text.replace("\r", "\n")
    errors: list[Exception] = []
    with _PARSE_LOCK:
        for parse in (parseQuery, parseUpdate):
            try:
                return parse(text)
            except ParseException as exc:
                errors.append(exc)
            except Exception as exc:  # noqa: BLE001 - rdflib raises assorted errors on odd input
                errors.append(exc)
    raise QuerySyntaxError(
        "This query mentions SERVICE but could not be checked for SERVICE clauses, so it is refused.",
        hint=f"Check the query text (parser: {errors[0]}).",
    )


def _service_nodes(tree: ParseResults | CompValue) -> Iterator[CompValue]:
    from pyparsing import ParseResults
    from rdflib.plugins.sparql.parserutils import CompValue

    stack: list[object] = [tree]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, CompValue):
            if node.name == "ServiceGraphPattern":
                yield node
            stack.extend(dict.values(node))
        elif isinstance(node, ParseResults | list | tuple):
            stack.extend(node)


def _absolutizer(tree: ParseResults | CompValue) -> Absolutizer | None:
    """Resolves prefixed names and relative IRIs as the query's prologue says."""
    from rdflib.plugins.sparql.algebra import translatePrologue

    try:
        prologue = translatePrologue(tree[0], None)
    except Exception:  # noqa: BLE001 - an undeclared prefix: that endpoint is listed as "?"
        return None
    return prologue.absolutize


def _endpoint(node: CompValue, absolute: Absolutizer | None) -> str:
    from rdflib import URIRef

    term = dict.get(node, "term")
    if absolute is not None and not isinstance(term, URIRef):
        try:
            term = absolute(term)
        except Exception:  # noqa: BLE001 - an undeclared prefix
            return "?"
    return str(term) if isinstance(term, URIRef) else "?"
