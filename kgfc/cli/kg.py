"""``kgfc kg ...``: build, enrich and inspect the knowledge graph."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import click

from kgfc.cli import echo_error
from kgfc.cli.common import Progress, echo_json, info, print_table, with_store
from kgfc.cli.ingest import index_cmd, ingest_cmd
from kgfc.cli.kg_query import query_cmd
from kgfc.cli.kg_sources import refresh_cmd, resolve_source, retract_cmd, sources_cmd
from kgfc.cli.options import json_option, seed_option
from kgfc.errors import InputError, StoreError
from kgfc.kg import vocab as V
from kgfc.reason.embedding import Settings as KGE  # light: torch and numpy load when used

if TYPE_CHECKING:
    from kgfc.kg.compaction import Compaction
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.reason.embedding import Embedding
    from kgfc.settings import Settings


@click.group()
def kg() -> None:
    """Build, enrich and inspect the knowledge graph."""


# commands that live in modules of their own
for _command in (ingest_cmd, index_cmd, query_cmd, sources_cmd, retract_cmd, refresh_cmd):
    kg.add_command(_command)


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
