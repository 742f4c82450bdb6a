"""``kgfc llm check``: what the configured LLM endpoint supports, and how fast it is."""

from __future__ import annotations

import click

from kgfc.cli.common import echo_json, settings_from
from kgfc.cli.options import json_option
from kgfc.errors import ConfigError


@click.group()
def llm() -> None:
    """Inspect the configured LLM endpoint (KGFC_LLM_BASE_URL, KGFC_LLM_MODEL)."""


@llm.command("check")
@click.option("--base-url", default=None, help="Endpoint to probe (default: KGFC_LLM_BASE_URL).")
@click.option("--model", default=None, help="Model name (default: KGFC_LLM_MODEL).")
@json_option
@click.pass_context
def check(ctx: click.Context, base_url: str | None, model: str | None, as_json: bool) -> None:
    """Probe the endpoint afresh: structured output, tool calling, latency, tokens/s.

    What it learns is saved as the endpoint's capabilities (under the data dir),
    so later runs skip the negotiation. Makes a handful of small requests.
    """
    from kgfc.llm.client import make_llm

    settings = settings_from(ctx, llm_base_url=base_url, llm_model=model)
    client = make_llm(settings)
    if client is None:
        raise ConfigError(
            "No LLM configured.",
            hint="Set KGFC_LLM_BASE_URL and KGFC_LLM_MODEL (any OpenAI-compatible server), "
            "or pass --base-url and --model.",
        )
    try:
        report = client.check()
    finally:
        client.close()
    if as_json:
        echo_json(report)
        return
    modes = {
        "json_schema": "json_schema (strict structured output)",
        "json_object_schema": "json_object + schema (grammar-constrained)",
        "json_object": "json_object (JSON mode; schema in the prompt)",
        "plain": "plain text (schema in the prompt)",
        None: f"none worked ({report.get('structured_error', '?')})",
    }
    tools = {True: "yes", False: "no (actions are chosen by a JSON answer instead)", None: "?"}
    lines = [
        f"endpoint           {report['base_url']}  model {report['model']}",
        f"structured output  {modes.get(report['structured_output'], report['structured_output'])}",
        f"tool calling       {tools[report['tool_calls']]}",
        f"action choice      {report['action_choice']}",
        f"latency            {report['latency_s']:.2f} s (a 2-token answer)",
        f"throughput         {report['tokens_per_s']} tokens/s (a short generation, prompt included)",
        f"requests           {report['requests']} sent, {report['failed_requests']} refused or failed",
    ]
    lines += [f"note               {n}" for n in report["notes"]]
    click.echo("\n".join(lines))
