"""The ``kgfc`` command line. Thin: parse, call the library, render.

Exit codes: 0 success, 1 runtime failure, 2 bad usage, configuration or input.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from kgfc import __version__
from kgfc.errors import KgfcError


class KgfcGroup(click.Group):
    """Turns every KgfcError into one message on stderr and its exit code; loads subcommands on use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(_COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in _COMMANDS:
            self.add_command(_load(name), name)
        return self.commands.get(name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, _hoist_globals(self, ctx, list(args)))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Two sections from :data:`SHORT_HELP`, without loading any subcommand."""
        rest = [n for n in self.list_commands(ctx) if n not in FIRST]
        for title, names in (("Start here", FIRST), ("More commands", rest)):
            rows = [(n, SHORT_HELP.get(n, "")) for n in names]
            with formatter.section(title):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KgfcError as exc:
            if ctx.params.get("debug"):
                raise
            echo_error(exc)
            ctx.exit(exc.exit_code)


def echo_error(exc: KgfcError) -> None:
    """What happened on one line of stderr, what to do about it (the hint) on the next."""
    click.echo(f"Error: {exc.message}", err=True)
    if exc.hint:
        click.echo(exc.hint, err=True)


@click.group(cls=KgfcGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kgfc")
@click.option("--quiet", "-q", is_flag=True, help="No progress bars or notes on stderr.")
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.option(
    "--offline", is_flag=True, default=None, help="Never touch the network (KGFC_OFFLINE)."
)
@click.option(
    "--server",
    default=None,
    metavar="URL",
    help="Send verify and check to this running `kgfc serve` (KGFC_SERVER; token: "
    "KGFC_SERVER_TOKEN).",
)
@click.option(
    "--no-server",
    is_flag=True,
    help="Check in-process even when a `kgfc serve` holds the store (verify uses it otherwise).",
)
@click.option(
    "--store",
    default=None,
    metavar="PATH",
    help="Store path or spec for every subcommand (also accepted after it).",
)
@click.pass_context
def cli(
    ctx: click.Context,
    quiet: bool,
    debug: bool,
    offline: bool | None,
    server: str | None,
    no_server: bool,
    store: str | None,
) -> None:
    """kgfc: fact-check claims against a persistent, provenance-keeping knowledge graph.

    \b
    kgfc verify "Barack Obama was born in Honolulu."
    kgfc kg search Obama
    kgfc kg query 'SELECT ?p ?o WHERE { wd:Q76 ?p ?o }'
    """
    import logging

    if server and no_server:
        raise click.UsageError("Give one of --server and --no-server.")
    if server is None and not no_server and ctx.invoked_subcommand in ("verify", "check"):
        from kgfc.settings import load_settings  # the server setting: KGFC_SERVER or the file

        ctx.params["server"] = load_settings().server

    logging.basicConfig(
        level=logging.DEBUG if debug else (logging.ERROR if quiet else logging.WARNING),
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if not quiet:  # a line on the terminal while a store's aggregates are first computed
        from kgfc.kg.aggregates import StderrProgress, set_reporter

        set_reporter(StderrProgress())


# Subcommands load on use: a one-shot `kgfc verify` does not import `kg`, `eval`,
# `serve`... (their modules and what they import are a good part of a cold start).
_COMMANDS = {
    "check": ("kgfc.cli.check", "check"),
    "config": ("kgfc.cli.config", "config"),
    "debug": ("kgfc.cli.debug", "debug"),
    "eval": ("kgfc.cli.eval", "eval_cmd"),
    "experience": ("kgfc.cli.experience", "experience"),
    "kg": ("kgfc.cli.kg", "kg"),
    "llm": ("kgfc.cli.llm", "llm"),
    "mcp": ("kgfc.cli.mcp", "mcp_cmd"),
    "optimize": ("kgfc.cli.optimize", "optimize"),
    "serve": ("kgfc.cli.serve", "serve"),
    "verify": ("kgfc.cli.verify", "verify"),
}

# `kgfc --help` lists the commands from here without importing them (a test checks every
# command has its line); the first five are the ones a newcomer needs first.
FIRST = ("verify", "kg", "config", "serve", "eval")
SHORT_HELP = {
    "check": "Check a whole document (file, URL, stdin): claims, verdicts, annotated text.",
    "verify": "Check a claim against the knowledge graph: verdict, justification, evidence.",
    "kg": "Build, enrich and inspect the knowledge graph.",
    "config": "Show the effective settings and the config file in use.",
    "serve": "Run the HTTP API (verify, jobs, claims, sources, /sparql).",
    "eval": "Score kgfc on a dataset: balanced accuracy, macro-F1, calibration.",
    "mcp": "Serve kgfc's tools over the Model Context Protocol.",
    "llm": "Inspect the configured LLM endpoint.",
    "experience": "Inspect the experience buffer of past episodes.",
    "debug": "Look inside kgfc's steps: how a claim is read.",
    "optimize": "Rewrite the policy prompts to raise the composite reward.",
}


# Group options a user may also give after the subcommand (`kgfc verify --offline ...`),
# with how many values each takes. A subcommand that has an option of the same name
# (e.g. `mcp --server`) keeps it.
_GLOBALS = {
    "--offline": 0,
    "--debug": 0,
    "--server": 1,
    "--no-server": 0,
    "--store": 1,
    "--quiet": 0,
    "-q": 0,
}


def _hoist_globals(group: click.Group, ctx: click.Context, args: list[str]) -> list[str]:
    """Move group options found after the subcommand in front of it."""
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "--":
        name = args[i].split("=", 1)[0]
        i += 1 + (_GLOBALS.get(name, 0) if "=" not in args[i] else 0)
    if i >= len(args) or args[i] not in _COMMANDS:
        return args
    head, rest, hoisted = args[:i], [], []
    cmd: click.Command | None = group.get_command(ctx, args[i])
    rest.append(args[i])
    j = i + 1
    while j < len(args):
        tok = args[j]
        if tok == "--":
            rest.extend(args[j:])
            break
        if isinstance(cmd, click.Group) and tok in cmd.commands:
            cmd = cmd.commands[tok]
        name = tok.split("=", 1)[0]
        own = {o for p in (cmd.params if cmd else []) for o in getattr(p, "opts", [])}
        if name in _GLOBALS and name not in own:
            width = 1 + (_GLOBALS[name] if "=" not in tok else 0)
            hoisted.extend(args[j : j + width])
            j += width
            continue
        rest.append(tok)
        j += 1
    return head + hoisted + rest


def _load(name: str) -> click.Command:
    import importlib

    module, attr = _COMMANDS[name]
    cmd: click.Command = getattr(importlib.import_module(module), attr)
    if name == "kg" and isinstance(cmd, click.Group) and "sync" not in cmd.commands:
        from kgfc.cli.neo4j import cypher_cmd, sync_cmd

        cmd.add_command(sync_cmd)
        cmd.add_command(cypher_cmd)
    return cmd


def main() -> None:
    cli(prog_name="kgfc")
