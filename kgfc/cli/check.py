"""``kgfc check``: a whole document (file, URL or stdin), annotated with a verdict per claim."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from kgfc.cli.common import Progress, info, open_cli_store, settings_from
from kgfc.cli.options import json_option, store_option

if TYPE_CHECKING:
    from kgfc.document.load import Document
    from kgfc.document.models import DocumentReport
    from kgfc.settings import Settings

# the exit code of --fail-on, as for `kgfc verify`
FAIL_ON_EXIT = 3


@click.command("check")
@click.argument("source", metavar="FILE|URL|-")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "md", "html"]),
    default="text",
    show_default=True,
    help="text for the terminal, json (spans, claims, verdicts, evidence ids), md (Markdown "
    "with footnotes) or html (highlighted spans and a side panel).",
)
@json_option(help="Same as --format json.")
@click.option(
    "--input-format",
    type=click.Choice(["auto", "text", "markdown", "html"]),
    default="auto",
    show_default=True,
    help="How to read the document (auto: from the file name, else from its content).",
)
@click.option(
    "--reasoner",
    type=click.Choice(["local", "llm"]),
    default=None,
    help="Default: llm when configured, else local.",
)
@click.option("--no-record", is_flag=True, help="Do not store the claims and verdicts in the KG.")
@click.option(
    "--max-chars",
    type=click.IntRange(1),
    default=None,
    metavar="N",
    help="Refuse documents longer than N characters (default 200,000).",
)
@click.option(
    "--fail-on",
    type=click.Choice(["refuted", "nei", "not-supported"]),
    default=None,
    help=f"Exit {FAIL_ON_EXIT} if any claim is REFUTED / NOT ENOUGH INFO / not SUPPORTED.",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    help="Where to write the result (default stdout).",
)
@store_option
@click.pass_context
def check(
    ctx: click.Context,
    source: str,
    output_format: str,
    as_json: bool,
    input_format: str,
    reasoner: str | None,
    no_record: bool,
    max_chars: int | None,
    fail_on: str | None,
    output: str,
    store_spec: str | None,
    read_only: bool,
) -> None:
    """Check a document: find its check-worthy claims, verify each against the KG, annotate the text.

    FILE is text, Markdown or HTML; URL is fetched (http/https, through the
    same guard as web search); - reads stdin. Pronouns and short names are read
    as the entities named before; opinions, questions, predictions, speculation
    and reported speech are left unchecked (and said so), and so are sentences
    the KG does not cover.

    \b
    kgfc check article.md
    kgfc check https://example.org/post --format html -o post.html
    cat notes.txt | kgfc check - --json
    """
    from kgfc.document.load import MAX_CHARS, read_document
    from kgfc.document.render import render

    fmt = "json" if as_json else output_format
    settings = settings_from(ctx, store=store_spec, reasoner=reasoner)
    # bad input is refused before the store is opened: nothing is checked or recorded
    doc = read_document(
        source,
        settings,
        stdin=sys.stdin.buffer,
        fmt=input_format,
        max_chars=max_chars or MAX_CHARS,
    )
    server = ctx.find_root().params.get("server")
    if server:
        report = _check_remote(server, doc, reasoner=reasoner, record=not no_record)
    else:
        report = _check_local(settings, doc, reasoner, no_record, read_only)
    text = render(report, fmt)
    if output == "-":
        click.echo(text)
    else:
        path = Path(output)
        tmp = path.with_name(path.name + ".part")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        info(f"Wrote {path}")
    s = report.summary
    if s.claims == 0:
        info("No claim in this document could be checked against the KG.")
    if fail_on and _fails(report, fail_on):
        ctx.exit(FAIL_ON_EXIT)


def _check_remote(url: str, doc: Document, *, reasoner: str | None, record: bool) -> DocumentReport:
    """The document, read here (bad input never leaves), checked by the server at ``url``."""
    from kgfc.service.client import ServerClient
    from kgfc.settings import load_settings

    payload: dict[str, str | bool | None] = {
        "text": doc.text,
        "format": "text",
        "title": doc.title,
        "source": doc.source,
    }
    payload["record"] = record
    if reasoner:
        payload["reasoner"] = reasoner
    with ServerClient(url, token=load_settings().server_token) as client:
        report = client.check_document(payload)
    return report.model_copy(update={"format": doc.format})


def _check_local(
    settings: Settings, doc: Document, reasoner: str | None, no_record: bool, read_only: bool
) -> DocumentReport:
    from kgfc.pipeline.api import FactChecker

    store = open_cli_store(settings, read_only=read_only)
    try:
        checker = FactChecker.from_settings(
            settings,
            store=store,
            reasoner=reasoner,
            record=not no_record,
            trajectory_log=settings.home / "trajectories",
        )
        bar: Progress | None = None

        def progress(done: int, total: int) -> None:
            nonlocal bar
            if bar is None:
                bar = Progress(total, "check")
            bar.update(done)

        try:
            report: DocumentReport = checker.check_document(doc, on_claim=progress)
        finally:
            if bar is not None:
                bar.close()
    finally:
        store.close()
    return report


def _fails(report: DocumentReport, mode: str) -> bool:
    v = report.summary.verdicts
    if mode == "refuted":
        return v.get("REFUTED", 0) > 0
    if mode == "nei":
        return v.get("NOT ENOUGH INFO", 0) > 0
    return any(k != "SUPPORTED" and n for k, n in v.items())
