"""``kgfc --server URL verify ...``: the same command, the work done by a running ``kgfc serve``."""

from __future__ import annotations

import json
import os
import sys

import click

from kgfc.cli.common import Progress
from kgfc.errors import UsageError
from kgfc.models import VerifyResult


def verify_command(
    ctx: click.Context,
    url: str,
    *,
    claim,
    claim_file,
    triple,
    claim_id,
    search_spec,
    no_record,
    as_json,
    as_nl,
    fail_on,
    report_fmt,
    output,
    **options,
) -> None:
    """``kgfc verify`` with the work sent to the server; the output is the same as locally."""
    from kgfc.cli import verify as local

    if search_spec:
        raise click.UsageError("--search is the server's setting; drop it with --server.")
    from kgfc.service.engine import REQUEST_OPTIONS

    options = {k: options[k] for k in REQUEST_OPTIONS if k in options}
    options["record"] = not no_record
    if claim_file is None:
        item = local.Item(
            line=0, id=claim_id, claim=claim, triple=tuple(triple) if triple else None
        )
        results, bad = verify_remote(url, [item], options, single=True)
    else:
        items = local.read_items(iter(claim_file.read().splitlines(keepends=True)))
        results, bad = verify_remote(url, items, options, as_nl=as_nl)
    # the same rendering as a local run
    if report_fmt:
        local._write_report(results, report_fmt, output)
    elif as_nl:
        if claim_file is None:
            click.echo(json.dumps(results[0].model_dump(mode="json"), ensure_ascii=False))
    elif as_json:
        data = [r.model_dump(mode="json") for r in results]
        click.echo(
            json.dumps(data[0] if claim_file is None else data, indent=2, ensure_ascii=False)
        )
    else:
        for r in results:
            click.echo(local.render_text(r) if not r.error else f"[{r.id}] error: {r.error}")
    if bad:
        click.echo(f"{bad} input line(s) could not be checked; see the messages above.", err=True)
        ctx.exit(2)
    if fail_on and local._fails(results, fail_on):
        ctx.exit(1)


def verify_remote(
    url: str, items, options: dict, *, as_nl: bool = False, single: bool = False
) -> tuple[list[VerifyResult], int]:
    """Send each item to ``POST /v1/verify``; bad items become error results (as locally)."""
    from kgfc.service.client import ServerClient

    payload_options = {k: v for k, v in options.items() if v is not None}
    results: list[VerifyResult] = []
    bad = 0
    items = list(items)
    bar = Progress(len(items), "verify")
    with ServerClient(url, token=os.environ.get("KGFC_SERVER_TOKEN") or None) as client:
        for n, item in enumerate(items, 1):
            if item.error is None:
                payload = dict(payload_options, id=item.id)
                if item.triple:
                    payload["triple"] = list(item.triple)
                else:
                    payload["claim"] = item.claim
                try:
                    res = client.verify(payload)
                except UsageError as exc:  # this item is bad; a dead server stops the batch
                    if single:
                        raise
                    item.error = f"line {item.line}: {exc}"
            if item.error is not None:
                bad += 1
                click.echo(f"Error: {item.error}", err=True)
                res = VerifyResult(
                    id=item.id,
                    claim=item.claim or "",
                    verdict="NOT ENOUGH INFO",
                    confidence=0.0,
                    justification="not checked: bad input",
                    reasoner="none",
                    error=item.error,
                )
            results.append(res)
            if as_nl and not single:
                click.echo(json.dumps(res.model_dump(mode="json"), ensure_ascii=False))
                sys.stdout.flush()
            bar.update(n)
    bar.close()
    return results, bad
