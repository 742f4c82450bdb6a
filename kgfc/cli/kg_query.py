"""``kgfc kg query``: a read-only SPARQL query over the store, with a time limit."""

from __future__ import annotations

import functools
import io
import os
import re
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO, TypeVar

import click

from kgfc.cli.common import info, print_table, with_store
from kgfc.cli.options import csv_option, json_option
from kgfc.errors import InputError, StoreError
from kgfc.kg import vocab as V

if TYPE_CHECKING:
    import pyoxigraph as ox

    from kgfc.kg.store import KnowledgeGraph
    from kgfc.settings import Settings

R = TypeVar("R")
# A read query's result, read in the worker thread: ("table", (names, rows)) or ("text", text).
Table = tuple[list[str], list[list[str]]]
Evaluated = tuple[str, Table | str]


@click.command("query")
@click.argument("sparql", required=False)
@click.option(
    "--file",
    "query_file",
    type=click.File("r", encoding="utf-8"),
    help="Read the query from a file ('-' = stdin).",
)
@click.option("--name", "query_name", default=None, help="Run a named query from queries/sparql.")
@click.option(
    "--bind",
    "binds",
    multiple=True,
    metavar="VAR=VALUE",
    help='Bind a variable: an IRI, a wd:/wdt:/kgfcs: id, or a "quoted literal".',
)
@json_option(help="W3C SPARQL 1.1 Query Results JSON.")
@csv_option(help="W3C SPARQL results CSV.")
@click.option(
    "--no-union", is_flag=True, help="Do not treat the default graph as the union of all sources."
)
@click.option(
    "--allow-service",
    is_flag=True,
    help="Let SERVICE clauses call the endpoints they name (never offline; the fetch guard applies).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(0.1, None),
    default=60.0,
    show_default=True,
    help="Give up after this many seconds.",
)
@with_store()
def query_cmd(
    sparql: str | None,
    query_file: TextIO | None,
    query_name: str | None,
    binds: tuple[str, ...],
    as_json: bool,
    as_csv: bool,
    no_union: bool,
    allow_service: bool,
    timeout: float,
    store: KnowledgeGraph,
    settings: Settings,
) -> None:
    """Run a read-only SPARQL query over the store (all source graphs are the default graph).

    Use GRAPH ?g { ... } to see which source each fact came from. Updates are
    refused, and SERVICE clauses too unless --allow-service. The prefixes the
    output uses are predeclared: wd, wdt, p, ps, pq, rdfs, schema, prov, kgfc...
    """
    from kgfc.kg.terms import service_endpoints
    from kgfc.resources import load_query

    given = [x for x in (sparql, query_file, query_name) if x]
    if len(given) != 1:
        raise click.UsageError("Give exactly one of: a SPARQL string, --file, --name.")
    if query_name:
        text = load_query(query_name)
    elif query_file is not None:
        text = query_file.read()
    else:
        assert sparql is not None  # exactly one of the three was given
        text = sparql
    if not text.strip():
        raise InputError("The query is empty.")
    subs = dict(_parse_bind(b) for b in binds)
    if query_name:
        _check_named_binds(query_name, text, {v.value for v in subs})
    endpoints = service_endpoints(text)
    if endpoints is not None and allow_service:
        _vet_service(endpoints, settings)
    run = functools.partial(
        _evaluate,
        store,
        text,
        union=not no_union,
        subs=subs or None,
        allow_service=allow_service,
        as_json=as_json,
        as_csv=as_csv,
    )
    _print_evaluated(_with_timeout(run, timeout))


def _parse_bind(b: str) -> tuple[ox.Variable, ox.Literal | ox.NamedNode]:
    """``VAR=VALUE`` -> (Variable, term); an unreadable value is an error, never a silent literal."""
    import pyoxigraph as ox

    var, sep, val = b.partition("=")
    var = var.strip().lstrip("?$")
    if not sep or not var:
        raise click.UsageError(f"--bind wants VAR=VALUE, got {b!r}.")
    val = val.strip()
    try:
        if len(val) >= 2 and val[0] == val[-1] == '"':
            return ox.Variable(var), ox.Literal(val[1:-1])
        if val.startswith('"') and '"@' in val:
            text, _, lang = val[1:].rpartition('"@')
            return ox.Variable(var), ox.Literal(text, language=lang)
        if val.startswith("kgfcs:"):
            return ox.Variable(var), ox.NamedNode(V.KGFC_SOURCE + val[len("kgfcs:") :])
        if val.startswith("wdt:"):
            return ox.Variable(var), ox.NamedNode(V.property_iri(val))
        return ox.Variable(var), ox.NamedNode(V.entity_iri(val))
    except ValueError:
        raise click.UsageError(
            f'--bind {var}={val}: not an IRI, a wd:/wdt:/kgfcs: id or a "quoted literal".'
        ) from None


_BIND_HINT = re.compile(r"\bbind\s+(\?\w+(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)\?\w+)*)", re.IGNORECASE)


def _check_named_binds(name: str, text: str, bound: set[str]) -> None:
    """A named query written for bound values (its header says "bind ?x") needs one."""
    header = "\n".join(line for line in text.splitlines() if line.lstrip().startswith("#"))
    wanted = {
        v.lstrip("?") for m in _BIND_HINT.finditer(header) for v in re.findall(r"\?\w+", m.group(1))
    }
    if wanted and not wanted & bound:
        example = sorted(wanted)[0]
        raise click.UsageError(
            f"The named query {name!r} is meant for bound values; without --bind it would "
            f"return the whole store. Give --bind {example}=... ({', '.join(sorted(wanted))})."
        )


def _vet_service(endpoints: list[str], settings: Settings) -> None:
    if settings.offline:
        raise click.UsageError("SERVICE clauses never run offline.")
    if "?" in endpoints:
        raise click.UsageError("SERVICE with a variable endpoint cannot be vetted; name the IRI.")
    from kgfc.web.fetch import SafeFetcher

    with SafeFetcher(settings) as guard:
        for url in endpoints:
            guard.check(url)  # the fetch guard: schemes, private addresses, allow lists


def _with_timeout(run: Callable[[], R], timeout: float) -> R:
    """``run()`` in a worker thread; past ``timeout`` seconds, report and exit 1.

    pyoxigraph cannot interrupt a running query, so the process exits without
    waiting for it (nothing was written: queries are read-only).
    """
    values: list[R] = []
    errors: list[BaseException] = []

    def target() -> None:
        try:
            values.append(run())
        except BaseException as exc:  # handed to the main thread
            errors.append(exc)

    worker = threading.Thread(target=target, name="kgfc-query", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        click.echo(f"Error: the query did not finish within {timeout:g}s (--timeout).", err=True)
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(1)
    if errors:
        raise errors[0]
    return values[0]


def _evaluate(
    store: KnowledgeGraph,
    text: str,
    *,
    union: bool,
    subs: dict[ox.Variable, ox.Literal | ox.NamedNode] | None,
    allow_service: bool,
    as_json: bool,
    as_csv: bool,
) -> Evaluated:
    """Run the query and read every result (evaluation is lazy): ("kind", payload)."""

    result = store.sparql(
        V.with_prefixes(text),
        union_default_graph=union,
        substitutions=subs,
        allow_service=allow_service,
    )
    failure = None
    try:
        return _read_result(result, as_json=as_json, as_csv=as_csv)
    except (OSError, RuntimeError, SyntaxError) as exc:  # e.g. a SERVICE endpoint failing
        failure = str(exc)
    finally:
        # pyoxigraph results must be dropped on the thread that made them; no frame
        # handed to the main thread (an exception's traceback) may keep one alive.
        del result
    raise StoreError(f"The query failed: {failure}")


def _read_result(
    result: ox.QuerySolutions | ox.QueryBoolean | ox.QueryTriples, *, as_json: bool, as_csv: bool
) -> Evaluated:
    import json

    import pyoxigraph as ox

    if isinstance(result, ox.QuerySolutions):
        if as_json or as_csv:
            buf = io.BytesIO()
            result.serialize(
                buf, ox.QueryResultsFormat.JSON if as_json else ox.QueryResultsFormat.CSV
            )
            out = buf.getvalue().decode("utf-8")
            if as_json:
                return "text", json.dumps(json.loads(out), indent=2, ensure_ascii=False)
            return "text", out.rstrip("\r\n")
        names = [v.value for v in result.variables]
        return "table", (names, [[_display(row[n]) for n in names] for row in result])
    if isinstance(result, ox.QueryBoolean):
        if as_json:
            return "text", json.dumps({"head": {}, "boolean": bool(result)})
        return "text", str(bool(result)).lower()
    buf = io.BytesIO()  # CONSTRUCT / DESCRIBE
    fmt = (
        ox.RdfFormat.JSON_LD
        if as_json
        else ox.RdfFormat.N_TRIPLES
        if as_csv
        else ox.RdfFormat.TURTLE
    )
    ox.serialize(result, buf, fmt, prefixes=V.PREFIXES if fmt == ox.RdfFormat.TURTLE else None)
    return "text", buf.getvalue().decode("utf-8").rstrip("\n")


def _print_evaluated(evaluated: Evaluated) -> None:
    _kind, payload = evaluated
    if isinstance(payload, tuple):  # a "table"
        names, rows = payload
        print_table(names, rows)
        info(f"{len(rows)} row(s)")
    else:
        click.echo(payload)


def _display(term: ox.NamedNode | ox.BlankNode | ox.Literal | None) -> str:
    import pyoxigraph as ox

    if term is None:
        return ""
    if isinstance(term, ox.NamedNode):
        return V.short(term.value)
    if isinstance(term, ox.Literal) and term.language:
        return f"{term.value}@{term.language}"
    return term.value
