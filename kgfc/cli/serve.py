"""``kgfc serve``: the HTTP API and SPARQL endpoint, the store's single writer."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import click

from kgfc.cli.common import info, settings_from
from kgfc.cli.options import store_spec_option
from kgfc.errors import ConfigError


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to anything


def _token_source() -> str:
    """Where the settings' server token comes from, for the note beside the store."""
    import os

    return "KGFC_SERVER_TOKEN" if os.environ.get("KGFC_SERVER_TOKEN") else "the config file"


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", type=click.IntRange(0, 65535), default=8080, show_default=True)
@store_spec_option
@click.option(
    "--token",
    default=None,
    help="Bearer token required on writes (KGFC_SERVER_TOKEN, or server_token in the config "
    "file). Required off loopback.",
)
@click.option(
    "--max-body",
    type=click.IntRange(1_000),
    default=10_000_000,
    show_default=True,
    help="Largest request body in bytes.",
)
@click.option(
    "--sparql-timeout",
    type=click.FloatRange(0.01),
    default=30.0,
    show_default=True,
    help="Seconds a /sparql query may run; then it is stopped.",
)
@click.option(
    "--sparql-max-rows",
    type=click.IntRange(1),
    default=10_000,
    show_default=True,
    help="Rows (or triples) a /sparql answer may hold; more are cut (header X-SPARQL-MaxRows).",
)
@click.option(
    "--sparql-slots",
    type=click.IntRange(1, 64),
    default=4,
    show_default=True,
    help="/sparql queries evaluated at once, each in its own worker process; "
    "more are answered 503 with Retry-After.",
)
@click.option(
    "--sparql-memory",
    type=click.IntRange(0),
    default=1024,
    show_default=True,
    help="Megabytes of memory one /sparql query may use (0: no cap); past it the query is stopped.",
)
@click.option(
    "--jobs-db",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The jobs journal (SQLite; default $KGFC_HOME/service/jobs.sqlite3).",
)
@click.option(
    "--cors-origin",
    "cors_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Let browser pages from ORIGIN call the API, e.g. a YASGUI page (repeatable; '*' for any).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=None,
    metavar="N",
    help="Check the items of big jobs on N worker processes, this one recording (default: one "
    "per core, fewer for a short job; 1 with web or PubMed search).",
)
@click.option("--no-warm-up", is_flag=True, help="Do not load models and indexes at start.")
@click.pass_context
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    store_spec: str | None,
    token: str | None,
    max_body: int,
    sparql_timeout: float,
    sparql_max_rows: int,
    sparql_slots: int,
    sparql_memory: int,
    jobs_db: Path | None,
    cors_origins: tuple[str, ...],
    no_warm_up: bool,
    workers: int | None = None,
) -> None:
    """Run the HTTP API: verify, batch jobs, stored claims and evidence, sources, /sparql.

    The server opens the store for writing and keeps it: other kgfc commands
    send their work with --server URL (or KGFC_SERVER) while it runs. OpenAPI
    docs are at /docs.
    """
    settings = settings_from(ctx, store=store_spec)
    token_from = "--token" if token else _token_source()
    token = token or settings.server_token
    if not is_loopback(host) and not token:
        raise ConfigError(
            f"Refusing to serve on {host} without a token: anyone who reaches it could write to the store.",
            hint="Set --token or KGFC_SERVER_TOKEN, or bind 127.0.0.1.",
        )
    try:
        import uvicorn

        from kgfc.service.app import ServiceConfig, create_app
    except ImportError as exc:
        raise ConfigError(
            f"`kgfc serve` needs the service extra ({exc.name} is missing).",
            hint="pip install 'kgfc[service]'",
        ) from exc
    url = f"http://{host if ':' not in host else f'[{host}]'}:{port}"
    config = ServiceConfig(
        settings=settings,
        token=token,
        max_body_bytes=max_body,
        sparql_timeout=sparql_timeout,
        sparql_max_rows=sparql_max_rows,
        sparql_slots=sparql_slots,
        sparql_memory_mb=sparql_memory or None,
        jobs_db=jobs_db,
        warm_up=not no_warm_up,
        url=url,
        token_from=token_from,
        cors_origins=tuple(cors_origins),
        workers=workers,
    )
    from kgfc.service.engine import open_service_store

    quiet = ctx.find_root().params.get("quiet")
    store = open_service_store(settings)  # before binding: a locked store is a clean error
    info(f"kgfc serving {settings.store or settings.store_path()} on {url} (docs: {url}/docs)")
    uvicorn.run(
        create_app(config, store=store, close_store=True),
        host=host,
        port=port,
        log_level="warning" if quiet else "info",
        access_log=not quiet,
        timeout_graceful_shutdown=30,
    )
