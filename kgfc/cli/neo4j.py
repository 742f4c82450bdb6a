"""``kgfc kg sync neo4j://HOST`` and ``kgfc kg cypher 'MATCH ...'``: the Neo4j mirror."""

from __future__ import annotations

import csv
import io
import json
import os
import sys

import click

from kgfc.cli.common import echo_json, info, print_table, with_store
from kgfc.errors import ConfigError

URI_ENV, USER_ENV, PASSWORD_ENV = "KGFC_NEO4J_URI", "KGFC_NEO4J_USER", "KGFC_NEO4J_PASSWORD"


def neo4j_options(f):
    f = click.option(
        "--database", default=None, help="Neo4j database (default: the server's default)."
    )(f)
    f = click.option(
        "--user",
        envvar=USER_ENV,
        default="neo4j",
        show_default=True,
        help=f"Neo4j user (${USER_ENV}); the password comes from ${PASSWORD_ENV} or a prompt.",
    )(f)
    return f


def _password() -> str:
    password = os.environ.get(PASSWORD_ENV)
    if password is None:
        if not sys.stdin.isatty():
            raise ConfigError(
                "No Neo4j password.", hint=f"Set {PASSWORD_ENV} (it is never taken as a flag)."
            )
        password = click.prompt("Neo4j password", hide_input=True, err=True)
    return password


def _mirror(uri: str, user: str, database: str | None):
    from kgfc.kg.neo4j_sync import Neo4jMirror, connect

    return Neo4jMirror(connect(uri, user, _password()), database=database, uri=uri)


@click.command("sync")
@click.argument("uri", envvar=URI_ENV)
@neo4j_options
@click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")
@with_store()
def sync_cmd(uri: str, user: str, database: str | None, as_json: bool, store, settings) -> None:
    """Mirror the store into Neo4j at URI (neo4j://HOST:7687): only what changed since the last sync.

    New sources are written, refreshed ones rewritten, retracted ones removed;
    a second sync in a row writes nothing. Needs Neo4j 5.26 or later.
    """
    mirror = _mirror(uri, user, database)
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
@click.option("--uri", envvar=URI_ENV, required=True, help=f"neo4j://HOST:7687 (${URI_ENV}).")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE", help="Bind $NAME.")
@neo4j_options
@click.option("--json", "as_json", is_flag=True, help="Rows as a JSON list of objects.")
@click.option("--csv", "as_csv", is_flag=True, help="Rows as CSV with a header.")
def cypher_cmd(
    query: str | None,
    query_name: str | None,
    uri: str,
    params: tuple[str, ...],
    user: str,
    database: str | None,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Inspect the Neo4j mirror with Cypher (read-only); values are passed as parameters."""
    from kgfc.kg.neo4j_sync import statements

    if (query is None) == (query_name is None):
        raise click.UsageError("Give a Cypher query or --name, not both.")
    text = query if query is not None else statements(query_name)[0]
    bound = {}
    for p in params:
        name, sep, value = p.partition("=")
        if not sep or not name.isidentifier():
            raise click.UsageError(f"--param wants NAME=VALUE, got {p!r}.")
        bound[name] = value
    mirror = _mirror(uri, user, database)
    try:
        keys, rows = mirror.cypher(text, bound)
    finally:
        mirror.close()
    render_rows(keys, rows, as_json=as_json, as_csv=as_csv)


def render_rows(keys: list[str], rows: list[dict], *, as_json: bool, as_csv: bool) -> None:
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


def _flat(value) -> str:
    if value is None:
        return ""
    if isinstance(value, list | dict):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)
