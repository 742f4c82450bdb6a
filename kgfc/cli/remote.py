"""``kgfc --server URL verify ...``: the same command, the work done by a running ``kgfc serve``."""

from __future__ import annotations

import json
import sys

import click

from kgfc.cli.common import Progress
from kgfc.errors import UsageError
from kgfc.models import VerifyResult


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
    from kgfc.settings import load_settings

    with ServerClient(url, token=load_settings().server_token) as client:
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
                if as_nl:  # otherwise the rendered results carry the error: say it once
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
