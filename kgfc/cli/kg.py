"""``kgfc kg ...``: build, enrich and inspect the knowledge graph."""

from __future__ import annotations

import functools
import io
import os
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO, TypedDict, TypeVar, runtime_checkable

import click

from kgfc.cli import echo_error
from kgfc.cli.common import Progress, echo_json, info, print_table, with_store
from kgfc.cli.options import csv_option, json_option, seed_option
from kgfc.errors import InputError, StoreError
from kgfc.kg import vocab as V
from kgfc.reason.embedding import Settings as KGE  # light: torch and numpy load when used

if TYPE_CHECKING:
    import pyoxigraph as ox

    from kgfc.kg.compaction import Compaction
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.reason.embedding import Embedding
    from kgfc.settings import Settings

R = TypeVar("R")
# A read query's result, read in the worker thread: ("table", (names, rows)) or ("text", text).
Table = tuple[list[str], list[list[str]]]
Evaluated = tuple[str, Table | str]


@click.group()
def kg() -> None:
    """Build, enrich and inspect the knowledge graph."""


@kg.command("load")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--format",
    "fmt",
    default=None,
    help="RDF format when the extension does not tell (nt, ttl, nq, trig, jsonld).",
)
@json_option
@with_store(write=True)
def load_cmd(
    files: tuple[Path, ...],
    fmt: str | None,
    as_json: bool,
    store: KnowledgeGraph,
    settings: Settings,
) -> None:
    """Load RDF files (N-Triples, Turtle, N-Quads, TriG, JSON-LD; .gz too), one source each.

    A malformed file is rejected whole, with its line number; loading the same
    file again changes nothing.
    """
    reports, errors = [], []
    for path in files:
        bar = Progress(1, f"load {path.name}", unit="bytes")  # hidden unless stderr is a TTY
        try:
            reports.append(store.load_file(path, fmt, progress=bar.update))
        except InputError as exc:
            errors.append(exc)
            echo_error(exc)
        finally:
            bar.close()
    if as_json:
        echo_json([r.model_dump() for r in reports])
    else:
        for r in reports:
            click.echo(
                f"{r.status:9} {r.quads:>10,} quads  {r.seconds:7.2f}s  {r.path}  -> {r.source}"
            )
    if errors:
        raise SystemExit(errors[0].exit_code)


@kg.command("demo")
@json_option
@with_store(write=True)
def demo_cmd(as_json: bool, store: KnowledgeGraph, settings: Settings) -> None:
    """Load the bundled demo KG (CoDEx-M train + Wikidata labels) into the store."""
    from kgfc.kg.demo import ensure_demo

    loaded = ensure_demo(store)
    stats = store.stats()
    if as_json:
        echo_json({"loaded": loaded, **stats.model_dump()})
    else:
        click.echo(
            ("Loaded" if loaded else "Already present:") + f" demo KG, {stats.facts:,} facts."
        )


def _read_entity_file(path: str) -> list[str]:
    fh = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    try:
        out: list[str] = []
        for line in fh:
            line = line.split("#", 1)[0].strip()
            if line:
                out.extend(line.replace(",", " ").split())
        return out
    except UnicodeDecodeError as exc:
        raise InputError(f"{path} is not UTF-8 text: {exc}") from exc
    finally:
        if fh is not sys.stdin:
            fh.close()


@kg.command("enrich")
@click.option(
    "--entity",
    "-e",
    "entities",
    multiple=True,
    metavar="QID",
    help="Wikidata id such as Q76 (repeatable).",
)
@click.option(
    "--file",
    "entity_file",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="File of ids, one or more per line ('-' = stdin).",
)
@click.option(
    "--hops",
    type=click.IntRange(1, 4),
    default=1,
    show_default=True,
    help="Neighbourhood depth to pull.",
)
@click.option(
    "--max-per-hop",
    type=click.IntRange(1, 100_000),
    default=200,
    show_default=True,
    help="Cap on new entities per hop.",
)
@click.option("--refresh", is_flag=True, help="Re-fetch entities already cached in the store.")
@click.option(
    "--endpoint",
    default=None,
    help="SPARQL endpoint (default: Wikidata Query Service; KGFC_WIKIDATA_ENDPOINT).",
)
@click.option(
    "--ray",
    "ray_address",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[ADDRESS]",
    help="Fetch on a Ray cluster (ADDRESS, e.g. ray://head:10001; alone: the one RAY_ADDRESS "
    "names, else a new one on this machine); this process writes the store. The Wikidata "
    "limits (KGFC_WIKIDATA_MAX_CONCURRENT, KGFC_WIKIDATA_REQUESTS_PER_MINUTE) hold across "
    "the cluster (needs kgfc[ray]).",
)
@json_option
@with_store(write=True)
def enrich_cmd(
    entities: tuple[str, ...],
    entity_file: str | None,
    hops: int,
    max_per_hop: int,
    refresh: bool,
    endpoint: str | None,
    ray_address: str | None,
    as_json: bool,
    store: KnowledgeGraph,
    settings: Settings,
) -> None:
    """Pull Wikidata subgraphs for entities into the store (cache-first, resumable)."""
    ids = list(entities) + (_read_entity_file(entity_file) if entity_file else [])
    if not ids:
        raise click.UsageError("Give --entity QID or --file FILE.")
    from kgfc.kg.wikidata import WikidataSource

    if endpoint:
        settings = settings.model_copy(update={"wikidata_endpoint": endpoint})
    source = WikidataSource(store, settings)
    bar = Progress(len(ids), "enrich")
    try:
        if ray_address is None:
            report = source.enrich(
                ids, hops=hops, refresh=refresh, max_per_hop=max_per_hop, progress=bar.update
            )
        else:
            from kgfc.pipeline.cluster import enrich_on_ray

            report = enrich_on_ray(
                source,
                ids,
                address=ray_address or None,
                hops=hops,
                refresh=refresh,
                max_per_hop=max_per_hop,
                progress=bar.update,
            )
    finally:
        bar.close()
    if as_json:
        echo_json(report.model_dump())
    else:
        click.echo(
            f"{report.entities_fetched} fetched, {report.entities_cached} already cached, "
            f"{report.facts_written:,} facts in {report.sources_written} new sources, "
            f"{report.sparql_queries} SPARQL queries."
        )
        for qid, why in report.failed.items():
            click.echo(f"failed  {qid}: {why}", err=True)
    if report.failed and not report.entities_fetched and not report.entities_cached:
        raise SystemExit(1)


@kg.command("query")
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


@kg.command("stats")
@json_option
@with_store()
def stats_cmd(as_json: bool, store: KnowledgeGraph, settings: Settings) -> None:
    """Counts of entities, facts, sources and labels in the store."""
    s = store.stats()
    if as_json:
        echo_json(s.model_dump())
        return
    rows = [
        ("entities", f"{s.entities:,}"),
        ("facts", f"{s.facts:,}"),
        ("sources", f"{s.sources:,}"),
        ("labels", f"{s.labels:,}"),
        ("quads", f"{s.quads:,}"),
        ("claims", f"{s.claims:,}"),
    ]
    rows += [(f"  sources: {k}", f"{v:,}") for k, v in sorted(s.sources_by_kind.items())]
    if s.path:
        rows.append(("path", s.path))
    if s.disk_bytes is not None:
        rows.append(("disk", f"{s.disk_bytes / 1e6:,.1f} MB"))
    print_table(["what", "count"], rows, max_width=100)


@kg.command("sources")
@click.option(
    "--kind",
    default=None,
    help="Only sources of this kind (wikidata, file, demo, web, pubmed, claim).",
)
@json_option
@with_store()
def sources_cmd(kind: str | None, as_json: bool, store: KnowledgeGraph, settings: Settings) -> None:
    """List source graphs with their provenance."""
    items = [s for s in store.sources() if kind is None or s.kind.value == kind]
    if as_json:
        echo_json([s.model_dump(mode="json") for s in items])
        return
    if not items:
        info(f"No {kind} sources in this store." if kind else "No sources in this store.")
        return
    print_table(
        ["source", "kind", "facts", "retrieved", "from", "query"],
        [
            (
                V.short(s.iri),
                s.kind.value,
                s.facts,
                s.retrieved_at.isoformat(),
                s.location,
                s.query_name or s.query,
            )
            for s in items
        ],
    )


def resolve_sources(store: KnowledgeGraph, ref: str) -> list[str]:
    """Sources named by ``ref``: a source IRI, its ``kgfcs:`` short form, or the path/URL loaded.

    A path names the file's source by its content (the file as it is now) and
    every source loaded from that location; a URL names the sources derived
    from it. Nothing is matched by suffix: a typo never names another source.
    """
    if ref.startswith("kgfcs:"):
        ref = V.KGFC_SOURCE + ref[len("kgfcs:") :]
    if store.has_source(ref):
        return [ref]
    locations = {ref}
    found: list[str] = []
    path = Path(ref).expanduser()
    if "://" not in ref and path.exists():
        locations.add(path.resolve().as_uri())
        if path.is_file():
            from kgfc.kg.rdf_files import file_sha256
            from kgfc.kg.terms import source_iri

            by_content = source_iri("file", file_sha256(path))
            if store.has_source(by_content):
                found.append(by_content)
    named = sorted({s.iri for s in store.sources() if s.location in locations})
    for iri in named:
        # a loaded file's named graphs go with the file: list the file itself only
        is_part = any(iri.startswith(f + "/graph/") for f in found + named if f != iri)
        if not is_part and iri not in found:
            found.append(iri)
    if not found:
        raise InputError(
            f"No source {ref!r} in this store.",
            hint="Give a source IRI, its kgfcs: short form, or the file path or URL that was "
            "loaded; list them with `kgfc kg sources`.",
        )
    return found


def resolve_source(store: KnowledgeGraph, ref: str) -> str:
    """Exactly one source named by ``ref`` (see :func:`resolve_sources`)."""
    found = resolve_sources(store, ref)
    if len(found) > 1:
        raise InputError(
            f"{ref!r} names {len(found)} sources.", hint="Give one source IRI (`kgfc kg sources`)."
        )
    return found[0]


CONFIRM_FACTS = 10_000


class _Retraction(TypedDict):
    """What retracting one source would remove (``kg retract --dry-run``)."""

    source: str
    parts: list[str]
    facts: int
    claims: int


@kg.command("retract")
@click.argument("source")
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@click.option("--dry-run", is_flag=True, help="Show what would be removed, remove nothing.")
@json_option
@with_store(write=True)
def retract_cmd(
    source: str, yes: bool, dry_run: bool, as_json: bool, store: KnowledgeGraph, settings: Settings
) -> None:
    """Remove a source (its facts, labels and provenance): by IRI, kgfcs: short form, or the path/URL loaded.

    Other sources keep theirs. Recorded claims whose verdict cited the source
    are kept and marked stale (see `kg evidence`). Removing more than one
    source or more than 10,000 facts asks first (--yes skips the question).
    """
    from kgfc.kg.verdicts import claims_using, retract_source, source_parts

    iris = resolve_sources(store, source)
    plan: list[_Retraction] = []
    for iri in iris:
        parts = source_parts(store, iri)
        facts = sum(s.facts or 0 for p in parts if (s := store.source(p)) is not None)
        claims = claims_using(store, parts)
        plan.append({"source": iri, "parts": parts[1:], "facts": facts, "claims": len(claims)})
    total_facts = sum(p["facts"] for p in plan)
    if dry_run:
        if as_json:
            echo_json({"dry_run": True, "would_remove": plan})
        else:
            for p in plan:
                extra = f" and {len(p['parts'])} graph(s) of it" if p["parts"] else ""
                click.echo(
                    f"Would retract {p['source']}{extra}: {p['facts']:,} facts; "
                    f"{p['claims']} recorded claim(s) would become stale."
                )
        return
    if not yes and (len(plan) > 1 or total_facts > CONFIRM_FACTS):
        what = f"{len(plan)} sources, {total_facts:,} facts"
        if not sys.stdin.isatty():
            raise click.UsageError(f"This would retract {what}; re-run with --yes to confirm.")
        if not click.confirm(f"Retract {what}?", default=False, err=True):
            raise SystemExit(1)
    done = [retract_source(store, iri) for iri in iris]
    if as_json:
        data = [
            {
                "source": r.source,
                "quads_removed": r.quads_removed,
                "sources": r.sources,
                "stale_claims": sorted(r.stale_claims.values()),
            }
            for r in done
        ]
        echo_json(data[0] if len(data) == 1 else data)
    else:
        for r in done:
            stale = f"; {len(r.stale_claims)} claim(s) now stale" if r.stale_claims else ""
            click.echo(f"Retracted {r.source} ({r.quads_removed:,} quads){stale}.")


@kg.command("refresh")
@click.argument("source", required=False)
@click.option(
    "--kind",
    type=click.Choice(["wikidata"]),
    default=None,
    help="Refresh every source of this kind (with --older-than: only the old ones).",
)
@click.option("--older-than", "older_than", default=None, metavar="AGE", help="e.g. 30d, 12h, 2w.")
@click.option(
    "--endpoint",
    default=None,
    help="SPARQL endpoint (default: Wikidata Query Service; KGFC_WIKIDATA_ENDPOINT).",
)
@json_option
@with_store(write=True)
def refresh_cmd(
    source: str | None,
    kind: str | None,
    older_than: str | None,
    endpoint: str | None,
    as_json: bool,
    store: KnowledgeGraph,
    settings: Settings,
) -> None:
    """Re-fetch sources, replace their graphs atomically, and list the verdicts whose evidence changed.

    SOURCE is a source IRI, its kgfcs: short form or what was loaded; or use
    --kind wikidata [--older-than 30d]. A claim whose cited statement the new
    version no longer states is marked stale (`kg evidence`; `kgfc verify
    --recheck-stale` re-checks it). A source that cannot be re-fetched keeps
    its old graph.
    """
    from kgfc.kg.refresh import parse_age, refresh_sources, sources_older_than, wikidata_refetcher
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.models import SourceKind

    if (source is None) == (kind is None):
        raise click.UsageError("Give a SOURCE or --kind wikidata (not both).")
    if older_than and source is not None:
        raise click.UsageError("--older-than goes with --kind.")
    if source is not None:
        picked = [s for i in resolve_sources(store, source) if (s := store.source(i)) is not None]
    else:
        assert kind is not None  # one of SOURCE and --kind, checked above
        age = parse_age(older_than) if older_than else None
        picked = sources_older_than(store, SourceKind(kind), age)
    if settings.offline:
        raise click.UsageError("kg refresh re-fetches from the network, but offline mode is on.")
    if endpoint:
        settings = settings.model_copy(update={"wikidata_endpoint": endpoint})
    done = refresh_sources(
        store, picked, wikidata_refetcher(lambda: WikidataSource(store, settings))
    )
    failed = [r for r in done if r.error]
    if as_json:
        echo_json(
            [
                {
                    "source": r.source,
                    "facts_before": r.facts_before,
                    "facts_after": r.facts_after,
                    "removed": r.removed,
                    "added": r.added,
                    "changed_claims": sorted(r.changed_claims.values()),
                    "error": r.error,
                }
                for r in done
            ]
        )
    else:
        if not done:
            info("Nothing to refresh.")
        for r in done:
            if r.error:
                click.echo(f"{V.short(r.source)}: not refreshed ({r.error})")
                continue
            changed = sorted(r.changed_claims.values())
            click.echo(
                f"{V.short(r.source)}: {r.facts_before:,} -> {r.facts_after:,} facts "
                f"(-{r.removed}, +{r.added}); "
                + (
                    f"verdicts whose evidence changed: {', '.join(changed)}"
                    if changed
                    else "no verdict affected"
                )
            )
    if failed and len(failed) == len(done):
        raise SystemExit(1)


@kg.command("export")
@click.option(
    "--format",
    "fmt",
    default="trig",
    show_default=True,
    type=click.Choice(
        ["trig", "nquads", "turtle", "nt", "jsonld", "neo4j-csv"], case_sensitive=False
    ),
    help="neo4j-csv: a folder of neo4j-admin import files (needs --output DIR).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(allow_dash=True),
    default="-",
    show_default=True,
)
@click.option("--source", default=None, help="Export only this source graph.")
@with_store()
def export_cmd(
    fmt: str, output: str, source: str | None, store: KnowledgeGraph, settings: Settings
) -> None:
    """Export the store (TriG/N-Quads keep sources as named graphs)."""
    if fmt.lower() == "neo4j-csv":
        from kgfc.kg.neo4j_csv import export_neo4j_csv

        if output == "-" or source:
            raise click.UsageError(
                "--format neo4j-csv writes a folder: give --output DIR, no --source."
            )
        counts = export_neo4j_csv(store, output)
        info(
            f"Wrote {sum(counts.values())} rows in {len(counts)} files to {output} (see import.sh)"
        )
        return
    iri = resolve_source(store, source) if source else None
    if output == "-":
        buf = io.BytesIO()
        store.export(buf, fmt, source=iri)
        sys.stdout.buffer.write(buf.getvalue())
        sys.stdout.flush()
    else:
        tmp = Path(output).with_suffix(Path(output).suffix + ".part")
        store.export(str(tmp), fmt, source=iri)
        tmp.replace(output)  # never leave a half-written export under the real name
        info(f"Wrote {output}")


@kg.command("search")
@click.argument("text")
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True)
@json_option
@with_store()
def search_cmd(
    text: str, limit: int, as_json: bool, store: KnowledgeGraph, settings: Settings
) -> None:
    """Find entities by label or alias (exact, then fuzzy)."""
    hits = store.search_labels(text, limit=limit)
    if as_json:
        echo_json([h.model_dump() for h in hits])
        return
    print_table(
        ["entity", "match", "kind", "score", "description"],
        [(V.short(h.entity), h.text, h.kind, h.score, h.description) for h in hits],
    )


@kg.command("evidence")
@click.argument("claim_id")
@json_option
@with_store()
def evidence_cmd(claim_id: str, as_json: bool, store: KnowledgeGraph, settings: Settings) -> None:
    """Show the stored verdict and evidence of a claim verified earlier (by its id)."""
    from kgfc.kg.verdicts import stored_claims

    items = stored_claims(store, claim_id)
    if not items:
        raise InputError(
            f"No stored claim with id {claim_id!r}.",
            hint="Verify it first with `kgfc verify --id ...`.",
        )
    if as_json:
        echo_json(items[0] if len(items) == 1 else items)
        return
    for c in items:
        click.echo(
            f"[{c['id']}] {c['claim']}\n  verdict: {c['verdict']} ({c['confidence']:.2f}, {c['reasoner']})\n  why: {c['justification']}"
        )
        for gone in c["retracted_sources"]:
            click.echo(
                f"  STALE: source {gone['source']} was retracted {gone['retracted_at']}; "
                "re-verify with `kgfc verify --recheck-stale`."
            )
        for e in c["evidence"]:
            mark = "*" if e["cited"] else " "
            click.echo(f"  {mark} {e['id']}: {e['text']}  [source {e['source']}]")
        if "trajectory" in c:
            t = c["trajectory"]
            click.echo(f"  trajectory ({t['policy']}; stopped: {t['stop_reason']}):")
            for step in t["steps"]:
                err = f"  [error: {step['error']}]" if step["error"] else ""
                click.echo(
                    f"    {step['index'] + 1}. {step['action']} {step['arguments']} -> {step['observation']}{err}"
                )


from kgfc.cli.ingest import index_cmd, ingest_cmd  # noqa: E402 - the commands live in their own module

kg.add_command(ingest_cmd)
kg.add_command(index_cmd)


def train_embedding(
    store: KnowledgeGraph, settings: KGE | None = None, threads: int | None = None
) -> tuple[Embedding, Path | None]:
    """Train the store's KG embedding with a line per epoch on stderr (``kg embed``, ``eval --kge``)."""
    from kgfc.reason import embedding as E

    settings = settings or E.Settings()
    info(
        f"Training a KG embedding (ComplEx, rank {settings.rank}, {settings.epochs} epochs) "
        "on the store's facts..."
    )

    def progress(epoch: int, loss: float, seconds: float) -> None:
        info(f"  epoch {epoch}/{settings.epochs}: loss {loss:.4f}, {seconds:,.0f} s")

    return E.train_for(store, settings, threads=threads, progress=progress)


def _embedding_summary(emb: Embedding, path: Path | None) -> dict[str, Any]:
    return {
        "path": str(path) if path else None,
        "entities": len(emb.entities),
        "relations": len(emb.relations),
        "rank": emb.rank,
        "stale": bool(emb.meta.get("stale", False)),
        **{
            k: emb.meta[k]
            for k in ("facts", "loss", "seconds", "trained_at", "settings")
            if k in emb.meta
        },
    }


@kg.command("embed")
@click.option(
    "--rank",
    type=click.IntRange(1),
    default=KGE.rank,
    show_default=True,
    help="Complex dimensions.",
)
@click.option("--epochs", type=click.IntRange(1), default=KGE.epochs, show_default=True)
@click.option(
    "--n3",
    type=click.FloatRange(0),
    default=KGE.n3,
    show_default=True,
    help="N3 regularisation weight.",
)
@seed_option
@click.option(
    "--threads", type=click.IntRange(1), default=None, help="CPU threads (default: torch's)."
)
@click.option("--info", "show", is_flag=True, help="Describe the store's embedding; train nothing.")
@json_option
@with_store()
def embed_cmd(
    rank: int,
    epochs: int,
    n3: float,
    seed: int,
    threads: int | None,
    show: bool,
    as_json: bool,
    store: KnowledgeGraph,
    settings: Settings,
) -> None:
    """Train a KG-embedding model (ComplEx-N3) on the store's facts (needs kgfc[kge]).

    Calibrated completion then weighs its scores with the rules and the peers
    (fit a calibration with `kgfc eval --calibrate`). The model is kept in the
    cache folder and serves until trained again: entities added since get no
    score. Scoring needs only numpy.
    """
    from kgfc.reason import embedding as E

    if show:
        emb = E.embedding_for(store)
        if emb is None:
            raise StoreError(
                "This store has no KG embedding.", hint="Train one with `kgfc kg embed`."
            )
        summary = _embedding_summary(emb, emb.path)
    else:
        emb, path = train_embedding(
            store, E.Settings(rank=rank, epochs=epochs, n3=n3, seed=seed), threads
        )
        summary = _embedding_summary(emb, path)
    if as_json:
        echo_json(summary)
        return
    rows = [(k, str(v)) for k, v in summary.items() if k != "settings"]
    print_table(["what", "value"], rows, max_width=100)


# -- kg compact (disk given back; logic in kgfc.kg.compaction) ------------------------------
@runtime_checkable
class _Compactable(Protocol):
    """A store that can give disk back (the on-disk Oxigraph store)."""

    def compact(self, *, rebuild: bool | None = None) -> Compaction: ...


@kg.command("compact")
@json_option
@with_store(write=True)
def compact_cmd(as_json: bool, store: KnowledgeGraph, settings: Settings) -> None:
    """Compact the store on disk and report the bytes freed.

    Rebuilds the store when it holds far more bytes than its facts need (after
    a large retraction or an interrupted load); otherwise optimizes it in place.
    """
    if not isinstance(store, _Compactable):
        raise InputError(
            "Only an on-disk Oxigraph store can be compacted.",
            hint="Pass --store oxigraph:PATH (or a folder).",
        )
    res = store.compact(rebuild=True)
    out = {
        "bytes_before": res.bytes_before,
        "bytes_after": res.bytes_after,
        "bytes_freed": res.bytes_freed,
    }
    if as_json:
        echo_json(out)
        return
    click.echo(
        f"Compacted the store: {res.bytes_before / 1e6:,.1f} MB -> "
        f"{res.bytes_after / 1e6:,.1f} MB ({res.bytes_freed / 1e6:,.1f} MB freed)."
    )
