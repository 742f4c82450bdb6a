"""``kgfc kg sources``, ``retract`` and ``refresh``: list a store's sources, remove one, or
fetch it again; and the ways a command may name a source."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import click

from kgfc.cli.common import echo_json, info, print_table, with_store
from kgfc.cli.options import json_option
from kgfc.errors import InputError
from kgfc.kg import vocab as V

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.settings import Settings


@click.command("sources")
@click.option(
    "--kind",
    default=None,
    help="Only sources of this kind (wikidata, file, demo, web, pubmed, claim).",
)
@json_option
@with_store()
def sources_cmd(kind: str | None, as_json: bool, store: KnowledgeGraph, settings: Settings) -> None:
    """List source graphs with their provenance."""
    items = [s for s in store.sources() if kind is None or s.kind.value == kind]
    if as_json:
        echo_json([s.model_dump(mode="json") for s in items])
        return
    if not items:
        info(f"No {kind} sources in this store." if kind else "No sources in this store.")
        return
    print_table(
        ["source", "kind", "facts", "retrieved", "from", "query"],
        [
            (
                V.short(s.iri),
                s.kind.value,
                s.facts,
                s.retrieved_at.isoformat(),
                s.location,
                s.query_name or s.query,
            )
            for s in items
        ],
    )


def resolve_sources(store: KnowledgeGraph, ref: str) -> list[str]:
    """Sources named by ``ref``: a source IRI, its ``kgfcs:`` short form, or the path/URL loaded.

    A path names the file's source by its content (the file as it is now) and
    every source loaded from that location; a URL names the sources derived
    from it. Nothing is matched by suffix: a typo never names another source.
    """
    if ref.startswith("kgfcs:"):
        ref = V.KGFC_SOURCE + ref[len("kgfcs:") :]
    if store.has_source(ref):
        return [ref]
    locations = {ref}
    found: list[str] = []
    path = Path(ref).expanduser()
    if "://" not in ref and path.exists():
        locations.add(path.resolve().as_uri())
        if path.is_file():
            from kgfc.kg.rdf_files import file_sha256
            from kgfc.kg.terms import source_iri

            by_content = source_iri("file", file_sha256(path))
            if store.has_source(by_content):
                found.append(by_content)
    named = sorted({s.iri for s in store.sources() if s.location in locations})
    for iri in named:
        # a loaded file's named graphs go with the file: list the file itself only
        is_part = any(iri.startswith(f + "/graph/") for f in found + named if f != iri)
        if not is_part and iri not in found:
            found.append(iri)
    if not found:
        raise InputError(
            f"No source {ref!r} in this store.",
            hint="Give a source IRI, its kgfcs: short form, or the file path or URL that was "
            "loaded; list them with `kgfc kg sources`.",
        )
    return found


def resolve_source(store: KnowledgeGraph, ref: str) -> str:
    """Exactly one source named by ``ref`` (see :func:`resolve_sources`)."""
    found = resolve_sources(store, ref)
    if len(found) > 1:
        raise InputError(
            f"{ref!r} names {len(found)} sources.", hint="Give one source IRI (`kgfc kg sources`)."
        )
    return found[0]


CONFIRM_FACTS = 10_000


class _Retraction(TypedDict):
    """What retracting one source would remove (``kg retract --dry-run``)."""

    source: str
    parts: list[str]
    facts: int
    claims: int


@click.command("retract")
@click.argument("source")
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@click.option("--dry-run", is_flag=True, help="Show what would be removed, remove nothing.")
@json_option
@with_store(write=True)
def retract_cmd(
    source: str, yes: bool, dry_run: bool, as_json: bool, store: KnowledgeGraph, settings: Settings
) -> None:
    """Remove a source (its facts, labels and provenance): by IRI, kgfcs: short form, or the path/URL loaded.

    Other sources keep theirs. Recorded claims whose verdict cited the source
    are kept and marked stale (see `kg evidence`). Removing more than one
    source or more than 10,000 facts asks first (--yes skips the question).
    """
    from kgfc.kg.verdicts import claims_using, retract_source, source_parts

    iris = resolve_sources(store, source)
    plan: list[_Retraction] = []
    for iri in iris:
        parts = source_parts(store, iri)
        facts = sum(s.facts or 0 for p in parts if (s := store.source(p)) is not None)
        claims = claims_using(store, parts)
        plan.append({"source": iri, "parts": parts[1:], "facts": facts, "claims": len(claims)})
    total_facts = sum(p["facts"] for p in plan)
    if dry_run:
        if as_json:
            echo_json({"dry_run": True, "would_remove": plan})
        else:
            for p in plan:
                extra = f" and {len(p['parts'])} graph(s) of it" if p["parts"] else ""
                click.echo(
                    f"Would retract {p['source']}{extra}: {p['facts']:,} facts; "
                    f"{p['claims']} recorded claim(s) would become stale."
                )
        return
    if not yes and (len(plan) > 1 or total_facts > CONFIRM_FACTS):
        what = f"{len(plan)} sources, {total_facts:,} facts"
        if not sys.stdin.isatty():
            raise click.UsageError(f"This would retract {what}; re-run with --yes to confirm.")
        if not click.confirm(f"Retract {what}?", default=False, err=True):
            raise SystemExit(1)
    done = [retract_source(store, iri) for iri in iris]
    if as_json:
        data = [
            {
                "source": r.source,
                "quads_removed": r.quads_removed,
                "sources": r.sources,
                "stale_claims": sorted(r.stale_claims.values()),
            }
            for r in done
        ]
        echo_json(data[0] if len(data) == 1 else data)
    else:
        for r in done:
            stale = f"; {len(r.stale_claims)} claim(s) now stale" if r.stale_claims else ""
            click.echo(f"Retracted {r.source} ({r.quads_removed:,} quads){stale}.")


@click.command("refresh")
@click.argument("source", required=False)
@click.option(
    "--kind",
    type=click.Choice(["wikidata"]),
    default=None,
    help="Refresh every source of this kind (with --older-than: only the old ones).",
)
@click.option("--older-than", "older_than", default=None, metavar="AGE", help="e.g. 30d, 12h, 2w.")
@click.option(
    "--endpoint",
    default=None,
    help="SPARQL endpoint (default: Wikidata Query Service; KGFC_WIKIDATA_ENDPOINT).",
)
@json_option
@with_store(write=True)
def refresh_cmd(
    source: str | None,
    kind: str | None,
    older_than: str | None,
    endpoint: str | None,
    as_json: bool,
    store: KnowledgeGraph,
    settings: Settings,
) -> None:
    """Re-fetch sources, replace their graphs atomically, and list the verdicts whose evidence changed.

    SOURCE is a source IRI, its kgfcs: short form or what was loaded; or use
    --kind wikidata [--older-than 30d]. A claim whose cited statement the new
    version no longer states is marked stale (`kg evidence`; `kgfc verify
    --recheck-stale` re-checks it). A source that cannot be re-fetched keeps
    its old graph.
    """
    from kgfc.kg.refresh import parse_age, refresh_sources, sources_older_than, wikidata_refetcher
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.models import SourceKind

    if (source is None) == (kind is None):
        raise click.UsageError("Give a SOURCE or --kind wikidata (not both).")
    if older_than and source is not None:
        raise click.UsageError("--older-than goes with --kind.")
    if source is not None:
        picked = [s for i in resolve_sources(store, source) if (s := store.source(i)) is not None]
    else:
        assert kind is not None  # one of SOURCE and --kind, checked above
        age = parse_age(older_than) if older_than else None
        picked = sources_older_than(store, SourceKind(kind), age)
    if settings.offline:
        raise click.UsageError("kg refresh re-fetches from the network, but offline mode is on.")
    if endpoint:
        settings = settings.model_copy(update={"wikidata_endpoint": endpoint})
    done = refresh_sources(
        store, picked, wikidata_refetcher(lambda: WikidataSource(store, settings))
    )
    failed = [r for r in done if r.error]
    if as_json:
        echo_json(
            [
                {
                    "source": r.source,
                    "facts_before": r.facts_before,
                    "facts_after": r.facts_after,
                    "removed": r.removed,
                    "added": r.added,
                    "changed_claims": sorted(r.changed_claims.values()),
                    "error": r.error,
                }
                for r in done
            ]
        )
    else:
        if not done:
            info("Nothing to refresh.")
        for r in done:
            if r.error:
                click.echo(f"{V.short(r.source)}: not refreshed ({r.error})")
                continue
            changed = sorted(r.changed_claims.values())
            click.echo(
                f"{V.short(r.source)}: {r.facts_before:,} -> {r.facts_after:,} facts "
                f"(-{r.removed}, +{r.added}); "
                + (
                    f"verdicts whose evidence changed: {', '.join(changed)}"
                    if changed
                    else "no verdict affected"
                )
            )
    if failed and len(failed) == len(done):
        raise SystemExit(1)
