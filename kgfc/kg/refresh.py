"""Refreshing sources: re-fetch, replace the graph atomically, and say which verdicts it touched.

A recorded claim cites statements with the source they came from
(:mod:`kgfc.kg.verdicts`). Refreshing a source compares its facts before and
after; a claim whose cited statement from that source is no longer stated
there is marked stale, as after a retraction (``kgfc:staleBecause`` the
source, with ``kgfc:retractedAt`` the time its old version went), so
``kg evidence`` shows it and ``kgfc verify --recheck-stale`` re-checks it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.errors import InputError, KgfcError
from kgfc.kg import vocab as V
from kgfc.kg.store import KnowledgeGraph, value_of
from kgfc.kg.verdicts import claims_using, stale_marks
from kgfc.models import Source, SourceKind, utcnow

if TYPE_CHECKING:
    from kgfc.kg.wikidata import WikidataSource

_DURATION = re.compile(r"^\s*(\d+)\s*([smhdw])\s*$")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}

Triple = tuple[str, str, str]
Refetch = Callable[[Source], None]


def parse_age(text: str) -> timedelta:
    """``30d``, ``12h``, ``2w``... -> a timedelta (InputError otherwise)."""
    m = _DURATION.match(text or "")
    if not m:
        raise InputError(f"Bad age {text!r}: expected a number and a unit, like 30d, 12h or 2w.")
    return timedelta(**{_UNITS[m.group(2)]: int(m.group(1))})


def sources_older_than(
    store: KnowledgeGraph,
    kind: SourceKind | None,
    age: timedelta | None,
    *,
    now: datetime | None = None,
) -> list[Source]:
    """The store's sources of ``kind`` (any kind but claims when None) retrieved before ``now - age``."""
    cutoff = (now or utcnow()) - age if age is not None else None
    out = []
    for s in store.sources():
        if s.kind is SourceKind.CLAIM or (kind is not None and s.kind is not kind):
            continue
        if cutoff is not None and s.retrieved_at > cutoff:
            continue
        out.append(s)
    return out


@dataclass
class Refreshed:
    """What refreshing one source did."""

    source: str
    facts_before: int = 0
    facts_after: int = 0
    removed: int = 0
    added: int = 0
    changed_claims: dict[str, str] = field(default_factory=dict)  # claim IRI -> claim id
    error: str | None = None


def _facts(store: KnowledgeGraph, iri: str) -> set[Triple]:
    """The source's facts as (s, p, o) strings, without its own provenance record."""
    g = ox.NamedNode(iri)
    return {
        (value_of(q.subject), q.predicate.value, str(q.object))
        for q in store.quads(None, None, None, g)
        if q.subject != g
    }


def _cited(store: KnowledgeGraph, claim: str, source: str) -> list[Triple]:
    """The statements a recorded claim cites from ``source``, as (s, p, o) strings."""
    g = ox.NamedNode(claim + "/graph")
    derived = ox.NamedNode(V.PROV + "wasDerivedFrom")
    out = []
    for q in store.quads(None, derived, ox.NamedNode(source), g):
        parts = []
        for p in ("subject", "predicate", "object"):
            hit = next(iter(store.quads(q.subject, ox.NamedNode(V.RDF + p), None, g)), None)
            if hit is None:
                break
            parts.append(value_of(hit.object) if p != "object" else str(hit.object))
        if len(parts) == 3:
            out.append((parts[0], parts[1], parts[2]))
    return out


def refresh_sources(
    store: KnowledgeGraph,
    sources: Iterable[Source],
    refetch: Refetch,
    *,
    now: datetime | None = None,
) -> list[Refreshed]:
    """Re-fetch each source with ``refetch`` (which must replace its graph in one transaction).

    A source whose re-fetch fails keeps its old graph and reports the error;
    the others go on. Claims whose cited statements the new version no longer
    states are marked stale and listed, with the marks a retraction leaves
    (:func:`kgfc.kg.verdicts.stale_marks`). The marks go in *before* the
    re-fetch and come off the claims whose statements still stand after it:
    a crash in between leaves claims marked for a re-check, never a changed
    source whose claims are silently unmarked.
    """
    when = now or utcnow()
    done = []
    for src in sources:
        r = Refreshed(source=src.iri)
        before = _facts(store, src.iri)
        used = claims_using(store, [src.iri])
        cited = {claim: _cited(store, claim, src.iri) for claim in used}
        marks = stale_marks({c: (cid, {src.iri}) for c, (cid, _) in used.items()}, when)
        provisional = {g: [q for q in qs if not store.contains(q)] for g, qs in marks.items()}
        if any(provisional.values()):
            store.write_graphs(provisional)
        try:
            refetch(src)
        except KgfcError as exc:  # this source stays as it was; report and go on
            _unmark(store, provisional)
            r.error = str(exc)
            r.facts_before = r.facts_after = len(before)
            done.append(r)
            continue
        after = _facts(store, src.iri)
        r.facts_before, r.facts_after = len(before), len(after)
        r.removed, r.added = len(before - after), len(after - before)
        standing = {}
        for claim, (cid, _) in used.items():
            if any(t not in after for t in cited[claim]):
                r.changed_claims[claim] = cid
            else:
                standing[claim + "/graph"] = provisional.get(claim + "/graph", [])
        _unmark(store, standing)
        done.append(r)
    return done


def _unmark(store: KnowledgeGraph, marks: dict[str, list[ox.Quad]]) -> None:
    """Take provisional marks off claim graphs (each graph rewritten whole, atomically)."""
    for graph, quads in marks.items():
        if not quads:
            continue
        drop = set(quads)
        keep = [q for q in store.quads(None, None, None, ox.NamedNode(graph)) if q not in drop]
        store.write_quads(graph, keep, replace=True)


def wikidata_refetcher(source_factory: Callable[[], WikidataSource]) -> Refetch:
    """A refetch for Wikidata entity sources: the entity again, its graph replaced atomically."""
    holder: dict[str, WikidataSource] = {}

    def refetch(src: Source) -> None:
        if src.kind is not SourceKind.WIKIDATA or not src.query:
            raise InputError(
                f"{src.iri} is a {src.kind.value} source: kg refresh re-fetches Wikidata entities.",
                hint="Re-load a file with kg load, re-ingest a page with kg ingest.",
            )
        wd = holder.setdefault("wd", source_factory())
        report = wd.enrich([src.query], hops=1, refresh=True)
        if report.failed:
            raise InputError(f"{src.query}: {'; '.join(report.failed.values())}")

    return refetch
