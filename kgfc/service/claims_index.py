"""The recorded claims in memory, newest first: what the web app's claims table pages through.

Why not SPARQL alone: a page of the table sorted by check time is a sort of
every claim on each request, and on the embedded store that costs ~35 ms per
10k claims for the bare sort and several times that with the joins a row needs
(verdict, confidence, staleness), so 100k claims would page in seconds. The
server is the store's single writer, so it can keep this index itself: built
once from six one-pattern scans (in the warm-up thread), then patched by the
server's own writes (a recorded verdict, a retraction). Until it is built the
table falls back to the ``claims_page`` query.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, TypedDict

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.kg.verdicts import source_parts

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

VERDICT_IRIS = {
    "supported": V.KGFC + "Supported",
    "refuted": V.KGFC + "Refuted",
    "nei": V.KGFC + "NotEnoughInfo",
}
VERDICT_NAMES = {
    V.KGFC + "Supported": "SUPPORTED",
    V.KGFC + "Refuted": "REFUTED",
    V.KGFC + "NotEnoughInfo": "NOT ENOUGH INFO",
}
_EPOCH = datetime.fromtimestamp(0, tz=UTC)


@dataclass(frozen=True, order=True, slots=True)
class Row:
    key: tuple[float, str]  # (-checked timestamp, claim IRI): the table's order
    iri: str
    id: str
    text: str
    lower: str
    verdict: str  # kgfc:Supported... IRI
    confidence: float
    checked: str
    stale: bool
    sources: frozenset[str]  # the sources the verdict cites (kgfc:usedEvidence)


def _when(value: str | None) -> datetime:
    try:
        when = datetime.fromisoformat(value) if value else _EPOCH
    except ValueError:
        return _EPOCH
    return when if when.tzinfo else when.replace(tzinfo=UTC)


# a claim's fields as its quads give them: id, text, verdict, confidence, checked (strings),
# stale (True, or the reason's IRI), sources (the IRIs the verdict cites)
Fields = dict[str, Any]


class TableRow(TypedDict):
    """One claim as the claims table shows it."""

    iri: str
    id: str
    text: str
    verdict: str  # SUPPORTED, REFUTED or NOT ENOUGH INFO
    confidence: float
    checked: str
    stale: bool


class ClaimsPage(TypedDict):
    claims: list[TableRow]
    next: dict[str, str] | None  # the cursor of the next page: before (a time) and after (an IRI)


class ClaimFilter(Protocol):
    """What the claims table filters on (:class:`kgfc.service.web.data.ClaimFilter`)."""

    verdict: str  # "", supported, refuted, nei
    stale: str  # "", yes, no
    q: str
    source: str

    def window(self) -> tuple[datetime | None, datetime | None]: ...


def _row(iri: str, fields: Fields) -> Row | None:
    if "id" not in fields or "text" not in fields:
        return None
    when = _when(fields.get("checked"))
    return Row(
        key=(-when.timestamp(), iri),
        iri=iri,
        id=fields["id"],
        text=fields["text"],
        lower=fields["text"].lower(),
        verdict=fields.get("verdict", V.KGFC + "NotEnoughInfo"),
        confidence=float(fields.get("confidence", 0.0)),
        checked=when.isoformat().replace("+00:00", "Z"),
        stale=bool(fields.get("stale")),
        sources=frozenset(fields.get("sources", ())),
    )


class ClaimsIndex:
    def __init__(self, store: KnowledgeGraph) -> None:
        self.store = store
        self.ready = False
        self._lock = threading.Lock()
        self._rows: list[Row] = []
        self._by_iri: dict[str, Row] = {}

    # -- building and patching -----------------------------------------------------------
    def _scan(self, predicate: str) -> list[tuple[str, str]]:
        rows = self.store.run("claims_index_scan", bindings={"p": ox.NamedNode(predicate)})
        # both are bound: the scan asks for them
        return [(s, o) for r in rows if (s := r["s"]) is not None and (o := r["o"]) is not None]

    def build(self) -> None:
        """Read every recorded claim: one scan per property, joined on the IRIs kgfc derives."""
        fields: dict[str, Fields] = {}
        for s, o in self._scan(V.KGFC + "claimId"):
            fields.setdefault(s, {})["id"] = o
        for s, o in self._scan(V.KGFC + "claimText"):
            if s in fields:
                fields[s]["text"] = o
        # the verdict node is <claim>/verdict and the claim graph <claim>/graph
        for pred, name in (
            (V.KGFC + "verdictLabel", "verdict"),
            (V.KGFC + "confidence", "confidence"),
        ):
            for s, o in self._scan(pred):
                claim = s.removesuffix("/verdict")
                if claim != s and claim in fields:
                    fields[claim][name] = o
        for s, o in self._scan(V.PROV + "generatedAtTime"):
            claim = s.removesuffix("/graph")
            if claim != s and claim in fields:
                fields[claim]["checked"] = o
        for s, _ in self._scan(V.KGFC + "staleBecause"):
            claim = s.removesuffix("/verdict")
            if claim in fields:
                fields[claim]["stale"] = True
        shared: dict[str, str] = {}  # one string per source, however many claims cite it
        for s, o in self._scan(V.KGFC + "usedEvidence"):
            claim = s.removesuffix("/verdict")
            if claim in fields:
                fields[claim].setdefault("sources", []).append(shared.setdefault(o, o))
        rows = sorted(r for iri, f in fields.items() if (r := _row(iri, f)) is not None)
        with self._lock:
            self._rows = rows
            self._by_iri = {r.iri: r for r in rows}
            self.ready = True

    def refresh(self, claim_iri: str) -> None:
        """Re-read one claim after the server recorded (or re-recorded) it."""
        g = ox.NamedNode(claim_iri + "/graph")
        names = {
            V.KGFC + "claimId": "id",
            V.KGFC + "claimText": "text",
            V.KGFC + "verdictLabel": "verdict",
            V.KGFC + "confidence": "confidence",
            V.PROV + "generatedAtTime": "checked",
            V.KGFC + "staleBecause": "stale",
        }
        fields: Fields = {}
        for q in self.store.quads(None, None, None, g):
            if isinstance(q.subject, ox.Triple) or isinstance(q.object, ox.Triple):
                continue  # a claim graph holds no triple terms
            if q.predicate.value == V.KGFC + "usedEvidence":
                fields.setdefault("sources", []).append(q.object.value)
                continue
            name = names.get(q.predicate.value)
            if name is not None and not (
                name == "confidence" and q.subject.value != claim_iri + "/verdict"
            ):
                fields[name] = q.object.value
        self._replace(claim_iri, _row(claim_iri, fields))

    def mark_stale(self, claim_iris: Iterable[str]) -> None:
        for iri in claim_iris:
            with self._lock:
                old = self._by_iri.get(iri)
            if old is not None and not old.stale:
                self._replace(iri, _replace_stale(old))

    def _replace(self, iri: str, row: Row | None) -> None:
        with self._lock:
            old = self._by_iri.pop(iri, None)
            if old is not None:
                i = bisect.bisect_left(self._rows, old)
                if i < len(self._rows) and self._rows[i] == old:
                    del self._rows[i]
            if row is not None:
                bisect.insort(self._rows, row)
                self._by_iri[iri] = row

    # -- reading ------------------------------------------------------------------------
    def page(
        self, flt: ClaimFilter, before: str | None, after: str | None, size: int
    ) -> ClaimsPage:
        """One page in the table's order, after the row (``before`` time, ``after`` IRI) given."""
        match = _matcher(flt, self.store)
        with self._lock:
            rows = self._rows
            start, stop = self._span(flt)
            if before:
                cursor = (-_when(before).timestamp(), after or "")
                start = max(start, bisect.bisect_right(rows, cursor, key=lambda r: r.key))
            found: list[Row] = []
            for i in range(start, stop):
                if match(r := rows[i]):
                    found.append(r)
                    if len(found) > size:
                        break
        nxt = None
        if len(found) > size:
            last = found[size - 1]
            nxt = {"before": last.checked, "after": last.iri}
        return {"claims": [_as_dict(r) for r in found[:size]], "next": nxt}

    def count(self, flt: ClaimFilter) -> int:
        match = _matcher(flt, self.store)
        with self._lock:
            start, stop = self._span(flt)
            if match is _ANY:
                return stop - start
            return sum(1 for i in range(start, stop) if match(self._rows[i]))

    def _span(self, flt: ClaimFilter) -> tuple[int, int]:
        """The rows checked in the filter's window [begin, end): newest first, so ``end`` bounds
        the start."""
        begin, end = flt.window()
        rows, key = self._rows, lambda r: r.key
        start = bisect.bisect_right(rows, (-end.timestamp(), _LAST), key=key) if end else 0
        stop = (
            bisect.bisect_right(rows, (-begin.timestamp(), _LAST), key=key) if begin else len(rows)
        )
        return start, max(start, stop)


_LAST = "\U0010ffff"  # after every claim IRI


def _ANY(row: Row) -> bool:
    return True


def _matcher(flt: ClaimFilter, store: KnowledgeGraph) -> Callable[[Row], bool]:
    verdict = VERDICT_IRIS.get(flt.verdict) if flt.verdict else None
    stale = {"yes": True, "no": False}.get(flt.stale)
    needle = flt.q.strip().lower()
    # the source and its graphs (a loaded file's named graphs), as the fallback query reads them
    cites = frozenset(source_parts(store, flt.source)) if flt.source else None
    if verdict is None and stale is None and not needle and cites is None:
        return _ANY
    return lambda r: (
        (verdict is None or r.verdict == verdict)
        and (stale is None or r.stale == stale)
        and (not needle or needle in r.lower)
        and (cites is None or not cites.isdisjoint(r.sources))
    )


def _replace_stale(row: Row) -> Row:
    return Row(**{**{f: getattr(row, f) for f in Row.__dataclass_fields__}, "stale": True})


def _as_dict(r: Row) -> TableRow:
    return {
        "iri": r.iri,
        "id": r.id,
        "text": r.text,
        "verdict": VERDICT_NAMES.get(r.verdict, "NOT ENOUGH INFO"),
        "confidence": r.confidence,
        "checked": r.checked,
        "stale": r.stale,
    }
