"""``kgfc kg ...``: build, enrich and inspect the knowledge graph."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import click

from kgfc.cli.common import Progress, echo_json, info, print_table, with_store
from kgfc.errors import InputError
from kgfc.kg import vocab as V


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
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store(write=True)
def load_cmd(files: tuple[Path, ...], fmt: str | None, as_json: bool, store, settings) -> None:
    """Load RDF files (N-Triples, Turtle, N-Quads, TriG, JSON-LD; .gz too), one source each.

    A malformed file is rejected whole, with its line number; loading the same
    file again changes nothing.
    """
    reports, errors = [], []
    for path in files:
        try:
            reports.append(store.load_file(path, fmt))
        except InputError as exc:
            errors.append(exc)
            click.echo(f"Error: {exc}", err=True)
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
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store(write=True)
def demo_cmd(as_json: bool, store, settings) -> None:
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
        out = []
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
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store(write=True)
def enrich_cmd(
    entities, entity_file, hops, max_per_hop, refresh, endpoint, as_json, store, settings
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
        report = source.enrich(
            ids, hops=hops, refresh=refresh, max_per_hop=max_per_hop, progress=bar.update
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
    metavar="VAR=IRI",
    help="Bind a variable of a named query to an IRI or wd:/wdt: id.",
)
@click.option("--json", "as_json", is_flag=True, help="W3C SPARQL 1.1 Query Results JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="W3C SPARQL results CSV.")
@click.option(
    "--no-union", is_flag=True, help="Do not treat the default graph as the union of all sources."
)
@with_store()
def query_cmd(
    sparql, query_file, query_name, binds, as_json, as_csv, no_union, store, settings
) -> None:
    """Run a SPARQL query over the store (all source graphs are the default graph).

    Use GRAPH ?g { ... } to see which source each fact came from.
    """
    import pyoxigraph as ox

    from kgfc.resources import load_query

    given = [x for x in (sparql, query_file, query_name) if x]
    if len(given) != 1:
        raise click.UsageError("Give exactly one of: a SPARQL string, --file, --name.")
    text = load_query(query_name) if query_name else (query_file.read() if query_file else sparql)
    if not text.strip():
        raise InputError("The query is empty.")
    subs = {}
    for b in binds:
        var, sep, val = b.partition("=")
        if not sep or not var.strip():
            raise click.UsageError(f"--bind wants VAR=VALUE, got {b!r}.")
        try:
            iri = V.property_iri(val) if val.startswith("wdt:") else V.entity_iri(val)
            subs[ox.Variable(var.strip().lstrip("?"))] = ox.NamedNode(iri)
        except ValueError:
            subs[ox.Variable(var.strip().lstrip("?"))] = ox.Literal(val)
    result = store.sparql(text, union_default_graph=not no_union, substitutions=subs or None)
    _render_result(result, as_json=as_json, as_csv=as_csv)


def _render_result(result, *, as_json: bool, as_csv: bool) -> None:
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
                out = json.dumps(json.loads(out), indent=2, ensure_ascii=False)
            click.echo(out.rstrip("\r\n") if as_csv else out)
            return
        names = [v.value for v in result.variables]
        rows = [[_display(row[n]) for n in names] for row in result]
        print_table(names, rows)
        info(f"{len(rows)} row(s)")
    elif isinstance(result, ox.QueryBoolean):
        if as_json or as_csv:
            click.echo(
                json.dumps({"head": {}, "boolean": bool(result)})
                if as_json
                else str(bool(result)).lower()
            )
        else:
            click.echo("true" if result else "false")
    else:  # CONSTRUCT / DESCRIBE
        buf = io.BytesIO()
        fmt = (
            ox.RdfFormat.JSON_LD
            if as_json
            else ox.RdfFormat.N_TRIPLES
            if as_csv
            else ox.RdfFormat.TURTLE
        )
        ox.serialize(result, buf, fmt, prefixes=V.PREFIXES if fmt == ox.RdfFormat.TURTLE else None)
        click.echo(buf.getvalue().decode("utf-8").rstrip("\n"))


def _display(term) -> str:
    import pyoxigraph as ox

    if term is None:
        return ""
    if isinstance(term, ox.NamedNode):
        return V.short(term.value)
    if isinstance(term, ox.Literal) and term.language:
        return f"{term.value}@{term.language}"
    return term.value


@kg.command("stats")
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store()
def stats_cmd(as_json: bool, store, settings) -> None:
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
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store()
def sources_cmd(kind: str | None, as_json: bool, store, settings) -> None:
    """List source graphs with their provenance."""
    items = [s for s in store.sources() if kind is None or s.kind.value == kind]
    if as_json:
        echo_json([s.model_dump(mode="json") for s in items])
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


def resolve_source(store, ref: str) -> str:
    """A full source IRI, a ``kgfcs:`` short form, or an unambiguous IRI suffix."""
    if ref.startswith("kgfcs:"):
        ref = V.KGFC_SOURCE + ref[len("kgfcs:") :]
    if store.has_source(ref):
        return ref
    matches = [s.iri for s in store.sources() if s.iri.endswith(ref)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise InputError(
            f"No source {ref!r} in this store.", hint="List them with `kgfc kg sources`."
        )
    raise InputError(f"{ref!r} matches {len(matches)} sources.", hint="Give more of the IRI.")


@kg.command("retract")
@click.argument("source")
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store(write=True)
def retract_cmd(source: str, as_json: bool, store, settings) -> None:
    """Remove one source graph (its facts, labels and provenance). Other sources keep theirs."""
    iri = resolve_source(store, source)
    n = store.retract(iri)
    if as_json:
        echo_json({"source": iri, "quads_removed": n})
    else:
        click.echo(f"Retracted {iri} ({n:,} quads).")


@kg.command("export")
@click.option(
    "--format",
    "fmt",
    default="trig",
    show_default=True,
    type=click.Choice(["trig", "nquads", "turtle", "nt", "jsonld"], case_sensitive=False),
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    show_default=True,
)
@click.option("--source", default=None, help="Export only this source graph.")
@with_store()
def export_cmd(fmt: str, output: str, source: str | None, store, settings) -> None:
    """Export the store (TriG/N-Quads keep sources as named graphs)."""
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
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store()
def search_cmd(text: str, limit: int, as_json: bool, store, settings) -> None:
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
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store()
def evidence_cmd(claim_id: str, as_json: bool, store, settings) -> None:
    """Show the stored verdict and evidence of a claim verified earlier (by its id)."""
    import pyoxigraph as ox

    rows = store.run("claim_evidence", bindings={"claimId": ox.Literal(claim_id)})
    if not rows:
        raise InputError(
            f"No stored claim with id {claim_id!r}.",
            hint="Verify it first with `kgfc verify --id ...`.",
        )
    claims: dict[str, dict] = {}
    for r in rows:
        c = claims.setdefault(
            r["claim"],
            {
                "claim_iri": r["claim"],
                "id": r["claimId"],
                "claim": r["text"],
                "verdict": {"SUPPORTED": "SUPPORTED", "REFUTED": "REFUTED"}.get(
                    r["verdict"].rsplit("#", 1)[-1].upper(), "NOT ENOUGH INFO"
                ),
                "confidence": float(r["confidence"]),
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
        c = claims.get(r["claim"])
        if c is None:
            continue
        c.setdefault(
            "trajectory", {"policy": r["policy"], "stop_reason": r["stopReason"], "steps": []}
        )
        c["trajectory"]["steps"].append(
            {
                "index": int(r["index"]),
                "action": r["action"].rsplit("#", 1)[-1],
                "arguments": r["arguments"],
                "observation": r["observation"],
                "error": r["error"],
            }
        )
    items = list(claims.values())
    if as_json:
        echo_json(items[0] if len(items) == 1 else items)
        return
    for c in items:
        click.echo(
            f"[{c['id']}] {c['claim']}\n  verdict: {c['verdict']} ({c['confidence']:.2f}, {c['reasoner']})\n  why: {c['justification']}"
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
