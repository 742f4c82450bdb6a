"""``kgfc kg sync URL`` and ``kgfc kg cypher 'MATCH ...'``: the Cypher mirror (Neo4j or FalkorDB)."""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import TYPE_CHECKING

import click

from kgfc.cli.common import echo_json, info, print_table, with_store
from kgfc.cli.options import FC, csv_option, json_option
from kgfc.errors import ConfigError

if TYPE_CHECKING:
    from kgfc.kg.cypher_mirror import CypherMirror
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.settings import Settings

URI_ENV, NEO4J_URI_ENV = "KGFC_CYPHER_URI", "KGFC_NEO4J_URI"
USER_ENV, PASSWORD_ENV = "KGFC_NEO4J_USER", "KGFC_NEO4J_PASSWORD"
URL_HELP = "neo4j://HOST:7687, bolt://HOST:7687, falkordb://HOST:6379/GRAPH or falkordb:PATH"


def neo4j_options(f: FC) -> FC:
    f = click.option(
        "--database", default=None, help="Neo4j database (default: the server's default)."
    )(f)
    f = click.option(
        "--user",
        default=None,
        help=f"Neo4j user (${USER_ENV}, default neo4j); the password comes from ${PASSWORD_ENV} "
        "(or the config file) or a prompt.",
    )(f)
    return click.option(
        "--uri",
        "uri_opt",
        default=None,
        metavar="URL",
        help=f"The mirror: {URL_HELP} (${URI_ENV}, else ${NEO4J_URI_ENV}).",
    )(f)


def _target(ctx: click.Context, uri: str | None, user: str | None) -> tuple[Settings, str, str]:
    """URL and user from the flags, else the cypher_uri / neo4j_uri / neo4j_user settings."""
    from kgfc.cli.common import settings_from

    settings = settings_from(ctx)
    uri = uri or settings.cypher_uri or settings.neo4j_uri
    if not uri:
        raise click.UsageError(f"Give the mirror's URL (--uri {URL_HELP}, or ${URI_ENV}).")
    return settings, uri, user or settings.neo4j_user


def _password(settings: Settings) -> str:
    password = settings.neo4j_password
    if password is None:
        if not sys.stdin.isatty():
            raise ConfigError(
                "No Neo4j password.", hint=f"Set {PASSWORD_ENV} (it is never taken as a flag)."
            )
        password = click.prompt("Neo4j password", hide_input=True, err=True)
    return password


def _mirror(
    ctx: click.Context, uri: str | None, user: str | None, database: str | None
) -> CypherMirror:
    return _open(*_target(ctx, uri, user), database)


def _open(settings: Settings, uri: str, user: str, database: str | None) -> CypherMirror:
    from kgfc.kg.cypher_mirror import backend_kind, open_mirror

    if database and backend_kind(uri) != "neo4j":
        raise click.UsageError("--database is for Neo4j; name a FalkorDB graph in the URL.")
    return open_mirror(uri, user=user, password=lambda: _password(settings), database=database)


@click.command("sync")
@click.argument("uri", required=False)
@neo4j_options
@json_option
@with_store()
@click.pass_context
def sync_cmd(
    ctx: click.Context,
    uri: str | None,
    uri_opt: str | None,
    user: str | None,
    database: str | None,
    as_json: bool,
    store: KnowledgeGraph,
    settings: Settings,
) -> None:
    """Mirror the store into a Cypher database at URI: only what changed since the last sync.

    URI is neo4j://HOST:7687 or bolt://HOST:7687 (Neo4j 5), falkordb://HOST:6379/GRAPH
    (a FalkorDB server) or falkordb:PATH (an embedded FalkorDB in the file PATH;
    Python 3.12+). New sources are written, refreshed ones rewritten, retracted
    ones removed; a second sync in a row writes nothing.
    """
    mirror = _mirror(ctx, uri or uri_opt, user, database)
    try:
        report = mirror.sync(store, progress=lambda iri: info("syncing", iri))
    finally:
        mirror.close()
    if as_json:
        echo_json(report.as_dict())
        return
    info(
        f"{len(report.added)} added, {len(report.updated)} updated, {len(report.removed)} removed, "
        f"{report.unchanged} unchanged; {report.facts} facts in {report.seconds:.1f}s"
    )


@click.command("cypher")
@click.argument("query", required=False)
@click.option("--name", "query_name", default=None, help="Run a named query from queries/cypher.")
@click.option(
    "--bind",
    "--param",
    "params",
    multiple=True,
    metavar="NAME=VALUE",
    help="Bind $NAME (as kg query --bind); for a --name query with a {{type}} or {{label}} "
    "slot, NAME=P19 fills it.",
)
@click.option(
    "--write",
    is_flag=True,
    help="Allow a query that changes the mirror (without it, such a query is refused).",
)
@neo4j_options
@json_option
@csv_option
@click.pass_context
def cypher_cmd(
    ctx: click.Context,
    query: str | None,
    query_name: str | None,
    uri_opt: str | None,
    params: tuple[str, ...],
    write: bool,
    user: str | None,
    database: str | None,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Inspect the Cypher mirror (Neo4j or FalkorDB) with Cypher; values are passed as parameters.

    Read-only: a query that writes is refused (exit 2) unless --write is given.
    """
    from kgfc.kg.cypher_mirror import backend_kind, named

    if (query is None) == (query_name is None):
        raise click.UsageError("Give a Cypher query or --name, not both.")
    bound: dict[str, str] = {}
    for p in params:
        name, sep, value = p.partition("=")
        if not sep or not name.isidentifier():
            raise click.UsageError(f"--bind wants NAME=VALUE, got {p!r}.")
        bound[name] = value
    settings, uri, user = _target(ctx, uri_opt, user)
    if query_name is not None:
        query, bound = named(query_name, bound, backend_kind(uri))
    assert query is not None  # a query or --name, checked above
    mirror = _open(settings, uri, user, database)
    try:
        keys, rows = mirror.cypher(query, bound, write=write)
    finally:
        mirror.close()
    render_rows(keys, rows, as_json=as_json, as_csv=as_csv)


def render_rows(
    keys: list[str], rows: list[dict[str, object]], *, as_json: bool, as_csv: bool
) -> None:
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False, default=str))
    elif as_csv:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(keys)
        w.writerows([_flat(r.get(k)) for k in keys] for r in rows)
        click.echo(buf.getvalue().rstrip("\n"))
    else:
        print_table(keys, [[_flat(r.get(k)) for k in keys] for r in rows])
        info(f"{len(rows)} row(s)")


def _flat(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)
