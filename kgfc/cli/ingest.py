"""``kgfc kg ingest`` and ``kgfc kg index``: documents into the KG, and the local search index."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from kgfc.cli.common import Progress, echo_json, info, settings_from, with_store
from kgfc.cli.options import json_option
from kgfc.errors import ConfigError

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.settings import Settings


@click.command("ingest")
@click.argument("targets", nargs=-1, required=True)
@click.option(
    "--query",
    default=None,
    help='The search query the documents answer, kept as provenance (default: "ingest").',
)
@click.option(
    "--extractor",
    type=click.Choice(["auto", "rules", "llm"], case_sensitive=False),
    default="auto",
    show_default=True,
    help="Triple extraction: the configured LLM (llm), dependency rules (rules), or LLM when configured (auto).",
)
@click.option(
    "--refresh", is_flag=True, help="Re-extract documents already ingested, even unchanged."
)
@json_option
@with_store(write=True)
def ingest_cmd(
    targets: tuple[str, ...],
    query: str | None,
    extractor: str,
    refresh: bool,
    as_json: bool,
    store: KnowledgeGraph,
    settings: Settings,
) -> None:
    """Extract facts from URLs, files or folders of documents into the KG.

    Each TARGET is an http(s) URL, a .txt/.md/.html/.jsonl file, or a
    directory of them (a .jsonl file holds one document per line: id or url, title, text).
    Each document becomes one source graph with its provenance, its kept
    sentences and the facts read from them; facts the KG already holds from
    Wikidata or loaded files are not repeated. Re-running skips documents
    already ingested, so an interrupted job resumes.
    """
    from kgfc.llm.client import make_llm
    from kgfc.web.integrate import WebKGIntegrator

    llm = None
    if extractor != "rules":
        llm = make_llm(settings)
        if llm is None and extractor == "llm":
            raise ConfigError(
                "--extractor llm needs an LLM, and none is configured.",
                hint="Set KGFC_LLM_BASE_URL and KGFC_LLM_MODEL, or use --extractor rules.",
            )
    integrator = WebKGIntegrator(store, llm, settings=settings)
    bar = Progress(0, "ingest")
    try:
        report = integrator.ingest(list(targets), query=query, progress=bar.update, refresh=refresh)
    finally:
        bar.close()
        integrator.close()
    if as_json:
        echo_json(report.model_dump(mode="json"))
    else:
        rate = report.documents / report.seconds if report.seconds else 0.0
        click.echo(
            f"{report.documents} documents ({report.added} added, {report.unchanged} unchanged, "
            f"{len(report.failed)} failed) in {report.seconds:.1f}s ({rate:.1f}/s): "
            f"{report.sentences_kept} sentences kept, {report.triples_added} facts added, "
            f"{report.triples_skipped_existing} already in the KG, "
            f"{report.annotations} text annotations. Extractor: {report.extractor}."
        )
    for doc, why in report.failed.items():
        click.echo(f"failed  {doc}: {why}", err=True)
    if report.failed and not report.documents:
        raise SystemExit(1)


@click.command("index")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--index-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the index lives (default: DIRECTORY/.kgfc-index).",
)
@json_option
def index_cmd(directory: Path, index_dir: Path | None, as_json: bool) -> None:
    """Build or update the local search index of a folder of documents.

    Only new and changed files are read again; deleted files leave the index.
    Search it with the provider local:DIRECTORY (KGFC_SEARCH_PROVIDER).
    """
    from kgfc.web.local import LocalCorpusProvider

    settings = settings_from(click.get_current_context())
    provider = LocalCorpusProvider(directory, index_dir, settings=settings, auto_index=False)
    try:
        report = provider.index()
    except ImportError as exc:
        raise ConfigError(
            f"The local search index needs tantivy ({exc}).", hint="Install kgfc[web]."
        ) from exc
    if as_json:
        echo_json(report.model_dump(mode="json"))
        return
    click.echo(
        f"{report.files} files: {report.added} added, {report.updated} updated, "
        f"{report.removed} removed, {report.unchanged} unchanged; "
        f"{report.passages:,} passages in {report.index_dir} ({report.seconds:.2f}s)."
    )
    for rel, why in report.errors.items():
        info(f"skipped  {rel}: {why}")
