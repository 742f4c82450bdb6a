"""``kgfc mcp``: kgfc's tools for MCP clients (stdio, or streamable HTTP with --http)."""

from __future__ import annotations

import click

from kgfc.cli.common import settings_from
from kgfc.cli.options import store_spec_option
from kgfc.errors import ConfigError


@click.command("mcp")
@click.option(
    "--http",
    "http",
    is_flag=True,
    help="Serve streamable HTTP at http://HOST:PORT/mcp instead of stdio.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address for --http.")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
@store_spec_option
@click.option(
    "--server",
    "server_url",
    default=None,
    metavar="URL",
    help="Verify through this running `kgfc serve` (KGFC_SERVER); the store is then read-only here.",
)
@click.pass_context
def mcp_cmd(
    ctx: click.Context,
    http: bool,
    host: str,
    port: int,
    store_spec: str | None,
    server_url: str | None,
) -> None:
    """Serve kgfc's tools over the Model Context Protocol.

    Tools: search_entities, kg_neighbourhood, sparql_select, web_search,
    pubmed_search, verify_claim, claim_evidence. Resources: kgfc://claims/{id}.
    Without --http it speaks JSON-RPC on stdin/stdout (what MCP clients launch).
    """
    from kgfc.cli.serve import is_loopback

    if http and not is_loopback(host):
        raise ConfigError(
            f"Refusing to serve MCP on {host}: it has no authentication.",
            hint="Bind 127.0.0.1 and put an authenticating proxy in front.",
        )
    try:
        from kgfc.service.mcp_server import build_mcp
    except ImportError as exc:  # pragma: no cover - the extra is installed in tests
        raise ConfigError(
            f"`kgfc mcp` needs the mcp SDK ({exc.name} is missing).",
            hint="pip install 'kgfc[service]'",
        ) from exc
    settings = settings_from(ctx, store=store_spec)
    server = build_mcp(
        settings,
        server_url=server_url or ctx.find_root().params.get("server") or settings.server,
        token=settings.server_token,
    )
    try:
        if http:
            server.run("streamable-http", host=host, port=port)
        else:
            server.run("stdio")
    finally:
        server.kgfc_close()
