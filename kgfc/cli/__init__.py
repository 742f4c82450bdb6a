"""The ``kgfc`` command line. Thin: parse, call the library, render.

Exit codes: 0 success, 1 runtime failure, 2 bad usage, configuration or input.
"""

from __future__ import annotations

import sys

import click

from kgfc import __version__
from kgfc.errors import KgfcError


class KgfcGroup(click.Group):
    """Turns every KgfcError into one message on stderr and its exit code."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KgfcError as exc:
            if ctx.params.get("debug"):
                raise
            click.echo(f"Error: {exc}", err=True)
            ctx.exit(exc.exit_code)


@click.group(cls=KgfcGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kgfc")
@click.option("--quiet", "-q", is_flag=True, help="No progress bars or notes on stderr.")
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.option(
    "--offline", is_flag=True, default=None, help="Never touch the network (KGFC_OFFLINE)."
)
@click.option(
    "--server",
    envvar="KGFC_SERVER",
    default=None,
    metavar="URL",
    help="Send verify to this running `kgfc serve` (KGFC_SERVER; token: KGFC_SERVER_TOKEN).",
)
def cli(quiet: bool, debug: bool, offline: bool | None, server: str | None) -> None:
    """kgfc: fact-check claims against a persistent, provenance-keeping knowledge graph."""
    import logging

    logging.basicConfig(
        level=logging.DEBUG if debug else (logging.ERROR if quiet else logging.WARNING),
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if not quiet:  # a line on the terminal while a store's aggregates are first computed
        from kgfc.kg.aggregates import StderrProgress, set_reporter

        set_reporter(StderrProgress())


def _register() -> None:
    from kgfc.cli.eval import eval_cmd
    from kgfc.cli.experience import experience
    from kgfc.cli.kg import kg
    from kgfc.cli.llm import llm
    from kgfc.cli.mcp import mcp_cmd
    from kgfc.cli.neo4j import cypher_cmd, sync_cmd
    from kgfc.cli.optimize import optimize
    from kgfc.cli.serve import serve
    from kgfc.cli.verify import verify

    cli.add_command(eval_cmd)
    cli.add_command(experience)
    kg.add_command(sync_cmd)
    kg.add_command(cypher_cmd)

    cli.add_command(kg)
    cli.add_command(llm)
    cli.add_command(mcp_cmd)
    cli.add_command(optimize)
    cli.add_command(serve)
    cli.add_command(verify)


_register()


def main() -> None:
    cli(prog_name="kgfc")
