"""``kgfc --server URL verify ...``: the same command, the work done by a running ``kgfc serve``.

Without ``--server``, ``kgfc verify`` finds the server holding its store by the note
it leaves beside it (``<store>.server.json``, :func:`running_server`) and sends the
claims there: a warm server answers in milliseconds what a fresh process needs
seconds of model loading for. ``--no-server`` checks in-process.
"""

from __future__ import annotations

import sys

import click

from kgfc.cli.common import Progress, info
from kgfc.errors import KgfcError, UsageError
from kgfc.models import VerifyResult
from kgfc.pipeline.request import ClaimLine
from kgfc.service.client import ServerClient
from kgfc.settings import Settings

# How long a command waits for the server named beside its store before it checks
# in-process instead (seconds): a stale note or a hung server costs at most this.
PROBE_CONNECT = 0.5
PROBE_READ = 1.0


def running_server(settings: Settings) -> str | None:
    """The URL of the live ``kgfc serve`` holding this store, if it answers at once and takes our token.

    Says on stderr which server is used, or why a server beside the store is not.
    A note whose process is gone is ignored without a word.
    """
    from kgfc.registry import holding_server

    held = holding_server(settings)  # the note, if its process is alive
    if held is None or not held.get("url"):
        return None
    url = str(held["url"])  # the note is JSON the server wrote: its URL is a string
    token = settings.server_token
    try:
        with ServerClient(
            url, token=token, timeout=PROBE_READ, connect_timeout=PROBE_CONNECT
        ) as probe:
            health = probe.health()
        alive = health.get("status") == "ok"
    except (KgfcError, ValueError):  # no server, an error status, or not JSON
        alive = False
    if not alive:
        info(
            f"The kgfc server at {url} holds this store but does not answer; checking here instead."
        )
        return None
    if health.get("token_required") and not health.get("token_accepted"):
        source = held.get("token_from") or "its configuration"
        problem = "does not take the token given" if token else "needs a token for verify"
        info(
            f"The kgfc server at {url} holds this store but {problem}; checking here instead "
            f"(set KGFC_SERVER_TOKEN to the server's token, from {source})."
        )
        return None
    info(f"Using the kgfc server at {url}, which holds this store (--no-server: check here).")
    return url


def verify_remote(
    url: str, lines: list[ClaimLine], *, as_nl: bool = False, single: bool = False
) -> tuple[list[VerifyResult], int]:
    """Send each request to ``POST /v1/verify``; bad lines become error results (as locally)."""
    from kgfc.pipeline.request import failed_result
    from kgfc.settings import load_settings

    results: list[VerifyResult] = []
    bad = 0
    bar = Progress(len(lines), "verify")
    with ServerClient(url, token=load_settings().server_token) as client:
        for n, line in enumerate(lines, 1):
            error = line.error
            if error is None:
                try:
                    res = client.verify(line.claim().payload())
                except UsageError as exc:  # this item is bad; a dead server stops the batch
                    if single:
                        raise
                    error = f"line {line.line}: {exc}"
            if error is not None:
                bad += 1
                if as_nl:  # otherwise the rendered results carry the error: say it once
                    click.echo(f"Error: {error}", err=True)
                res = failed_result(line.id, line.text, error)
            results.append(res)
            if as_nl and not single:
                click.echo(res.json_line())
                sys.stdout.flush()
            bar.update(n)
    bar.close()
    return results, bad
