"""``kgfc debug reading``: how kgfc read a claim, step by step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from kgfc.cli.common import echo_json, with_store
from kgfc.cli.options import json_option
from kgfc.errors import InputError

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.settings import Settings


@click.group()
def debug() -> None:
    """Look inside kgfc's steps (how a claim is read)."""


def _claims(target: str) -> tuple[list[str], bool]:
    """The claims of a file (JSON Lines with a "claim" field, or one claim a line), or the
    argument itself as one claim; and whether it was a file."""
    path = Path(target)
    if not path.is_file():
        return [target], False
    claims = []
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("{"):
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{no}: not valid JSON ({exc.msg}).") from None
            if not isinstance(row, dict) or not isinstance(row.get("claim"), str):
                raise InputError(f'{path}:{no}: a JSON line needs a "claim" string.')
            line = row["claim"]
        claims.append(line)
    if not claims:
        raise InputError(f"{path} has no claims.")
    return claims, True


@debug.command("reading")
@click.argument("target", metavar="FILE|CLAIM")
@json_option
@with_store()
def reading_cmd(target: str, as_json: bool, store: KnowledgeGraph, settings: Settings) -> None:
    """Show how each claim is read: mentions and their links, relation candidates, triples.

    FILE|CLAIM is a claim in quotes, or a file of claims (one a line, or JSON Lines
    with a "claim" field). For a file, the lexicon rules follow with how often
    each fired, the ones that never did included. Nothing is searched or written.
    """
    from kgfc.pipeline.api import FactChecker
    from kgfc.pipeline.reading_trace import trace
    from kgfc.pipeline.stages import check_claim_text

    claims, many = _claims(target)
    tb = FactChecker(store, settings=settings.model_copy(update={"offline": True})).tools
    traces = [trace(tb, check_claim_text(c)) for c in claims]
    hits: dict[str, int] | None = tb.reader().report() if many else None
    if as_json:
        echo_json({"claims": traces, "rules": hits} if many else traces[0])
        return
    for t in traces:
        _show(t)
    if hits is not None:
        click.echo("Lexicon rules (times fired):")
        for rule, n in sorted(hits.items(), key=lambda kv: (-kv[1], kv[0])):
            click.echo(f"  {n:5}  {rule}" + ("  (never fired)" if n == 0 else ""))


def _triples(title: str, triples: list[dict[str, Any]]) -> None:
    for t in triples:
        rel = "/".join(t["relation_ids"]) or "?"
        ids = f"{t['subject_id'] or '?'} {rel} {t['object_id'] or '?'}"
        neg = " (negated)" if t["negated"] else ""
        click.echo(f"  {title}: {t['subject']} | {t['relation']} | {t['object']}  [{ids}]{neg}")


def _show(t: dict[str, Any]) -> None:
    click.echo(f"Claim: {t['claim']}")
    if t["framing"]:
        f = t["framing"]
        click.echo(f"  framing: {f['kind']} ({f['frame']}): {f['statement']}")
    for m in t["mentions"]:
        others = ", ".join(f"{c['entity']} {c['label']} ({c['by']})" for c in m["candidates"])
        click.echo(
            f"  mention: {m['mention']!r} -> {m['entity']} {m['label']} "
            f"(confidence {m['confidence']:.2f})" + (f"; names: {others}" if others else "")
        )
    _triples("rules read", t["rule_triples"])
    for rule, note in zip(t["lexicon_rules"], t["lexicon_notes"], strict=False):
        click.echo(f"  lexicon {rule}: {note}")
    c = t["connecting"]
    if c["candidates"]:
        click.echo(f"  relation candidates for {c['phrase']!r} (what the KG puts in question):")
        for x in c["candidates"]:
            way = " backwards" if x["inverse"] else ""
            click.echo(
                f"    {x['score']:.2f}  {x['property']} {x['label']} ({x['kind']}{way}; "
                f"most like {x['like']!r})"
            )
    if c["why_not"]:
        click.echo(f"  connecting reading: none ({c['why_not']})")
    if t["reading"]:
        sure = "may refute" if t["refutable"] else "a guess: may support, not refute"
        click.echo(f"  reading: {t['reading']} ({sure})")
    _triples("final", t["triples"])
    for a, b in t["paths"]:
        click.echo(f"  path: {a} -> {b}")
    click.echo("")
