"""``kgfc config show`` and ``kgfc config path``: the effective settings and where they came from."""

from __future__ import annotations

import click

from kgfc.cli.common import echo_json, print_table
from kgfc.cli.options import json_option


@click.group("config")
def config() -> None:
    """Show the effective settings (flag > KGFC_* environment > config file > default)."""


@config.command("show")
@json_option
@click.pass_context
def show_cmd(ctx: click.Context, as_json: bool) -> None:
    """Every setting, its value and its origin (flag, env, file, default); secrets masked."""
    from kgfc.settings import config_file, describe_settings

    root = ctx.find_root().params
    rows = describe_settings(store=root.get("store"), offline=root.get("offline") or None)
    if as_json:
        path = config_file()
        echo_json({"config_file": str(path) if path else None, "settings": rows})
        return
    print_table(
        ["setting", "value", "origin", "variable"],
        [
            [r["name"], "" if r["value"] is None else r["value"], r["origin"], r["env"]]
            for r in rows
        ],
    )


@config.command("path")
def path_cmd() -> None:
    """Print the config file in use, or where one would be read from."""
    from kgfc.settings import config_file, default_home

    path = config_file()
    if path is not None:
        click.echo(str(path))
        return
    click.echo(str(default_home() / "config.toml"))
    click.echo("(no config file yet; $KGFC_CONFIG, this path or ./kgfc.toml is read)", err=True)
