"""Web-to-KG ingest: documents -> sentences -> extracted triples -> one source graph each.

:class:`WebKGIntegrator` writes what a web page, a local document or a
PubMed abstract says into the store, as one named graph per document; the
graph's shape (sentences, facts with reified statements, annotations,
provenance) is :mod:`kgfc.kg.documents`. This module picks the sentences
(length limits, injection flags, the kind's prior confidence or the filter's
per-passage confidence), runs the extractor, and drives ingest jobs over
URLs, files and directories (:meth:`WebKGIntegrator.ingest`).

A fact the KG already holds from a non-web source (Wikidata, a loaded file,
the demo) is not written again. Each document is one ``extend`` (one
transaction). Ingesting a document again is free: when its graph exists
with the same content hash it is left alone (status ``unchanged``), so a
killed ``kgfc kg ingest`` job resumes where it stopped. Retracting the graph
(``kgfc kg retract``) removes every fact, sentence and label the document
brought, and nothing else.
"""

from __future__ import annotations

import functools
import logging
import re
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import pyoxigraph as ox
from pydantic import BaseModel, Field

from kgfc.errors import InputError, KgfcError, StoreError
from kgfc.kg import documents as D
from kgfc.kg import vocab as V
from kgfc.kg.documents import (
    DocumentQuads,
    DocumentSentence,
    PriorContent,
    Term,
    content_hash,
    document_quads,
)
from kgfc.kg.terms import source_iri
from kgfc.models import Counters, Source, SourceKind, utcnow
from kgfc.nlp.text import normalise, split_sentences
from kgfc.nlp.values import compare, parse_date, parse_literal
from kgfc.settings import load_settings
from kgfc.web.extract import TripleExtractor
from kgfc.web.fetch import SafeFetcher
from kgfc.web.filter import Passage
from kgfc.web.injection import INJECTION_CAP, looks_like_injection
from kgfc.web.local import MAX_FILE_BYTES, _read_docs

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph, Subject
    from kgfc.llm.contract import LLM
    from kgfc.web.base import SearchHit

log = logging.getLogger(__name__)

# Prior confidence of an ingested sentence when no claim-specific filter judged it:
# web text is hypothesis-expanding, never authoritative.
PRIOR_CONFIDENCE = {SourceKind.WEB: 0.5, SourceKind.PUBMED: 0.7}
MIN_WORDS, MAX_WORDS = 4, 120
SUFFIXES = (".txt", ".md", ".markdown", ".html", ".htm", ".jsonl")
NON_WEB_EXCLUDED = frozenset({"web", "pubmed", "claim"})  # kinds that do not make a fact "known"
_PMID = re.compile(r"^(?:PMID:?\s*)?(\d{1,9})$", re.I)

N = ox.NamedNode
_RDF_TYPE, _KIND, _HASH, _QUERY = D.RDF_TYPE, D.KIND, D.HASH, D.QUERY
_POSITION, _CONFIDENCE, _STATEMENT = D.POSITION, D.CONFIDENCE, D.STATEMENT


class IntegrationReport(BaseModel):
    """What integrating one document did."""

    source_iri: str
    status: Literal["added", "unchanged"]
    doc_id: str = ""
    url: str | None = None
    title: str | None = None
    sentences_kept: int = 0
    sentences_dropped: int = 0
    injection_flagged: int = Field(0, description="sentences dropped as instructions to the system")
    triples_added: int = 0
    triples_skipped_existing: int = Field(0, description="already in the KG from a non-web source")
    triples_negated: int = Field(0, description="negated statements, kept as text only")
    annotations: int = Field(0, description="sentences kept as text annotations on their entities")
    confidence: float = 0.0
    extractor: str = ""
    warnings: list[str] = Field(default_factory=list)


class IngestReport(BaseModel):
    """What one ``ingest`` job did, over all its documents."""

    target: str
    documents: int = 0
    added: int = 0
    unchanged: int = 0
    failed: dict[str, str] = Field(default_factory=dict, description="document -> why")
    sentences_kept: int = 0
    triples_added: int = 0
    triples_skipped_existing: int = 0
    annotations: int = 0
    seconds: float = 0.0
    extractor: str = ""
    results: list[IntegrationReport] = Field(default_factory=list)

    def add(self, r: IntegrationReport) -> None:
        self.results.append(r)
        self.documents += 1
        if r.status == "added":
            self.added += 1
        else:
            self.unchanged += 1
        self.sentences_kept += r.sentences_kept
        self.triples_added += r.triples_added
        self.triples_skipped_existing += r.triples_skipped_existing
        self.annotations += r.annotations


class IngestDocument(NamedTuple):
    """One document to integrate, as read from a file, a JSONL line or a fetched page."""

    doc_id: str
    url: str | None
    title: str
    text: str
    kind: SourceKind = SourceKind.WEB
    retrieved_at: datetime | None = None


def pubmed_url(pmid: str) -> str:
    return f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/"


def _pmid(doc_id: str) -> str | None:
    m = _PMID.match(doc_id.strip())
    return m.group(1) if m else None


def _report_kept(report: IntegrationReport, built: DocumentQuads, prior: PriorContent) -> None:
    """What the write keeps, on the report; its confidence the mean of the sentences'."""
    kept = built.kept
    report.sentences_dropped += built.sentences_dropped
    report.triples_negated = built.triples_negated
    report.triples_skipped_existing = built.triples_skipped_existing
    report.annotations = built.annotations
    report.sentences_kept = len(kept)
    report.triples_added = built.facts - prior.facts_present
    confidences = prior.confidences + [s.confidence for s in kept]
    report.confidence = round(sum(confidences) / len(confidences), 4) if confidences else 0.0


class WebKGIntegrator:
    """Turns documents into web source graphs in ``store`` (an :class:`OxigraphStore`).

    ``llm`` extracts triples when given (else dependency rules); ``settings``
    configures the fetcher for URLs; ``fetcher`` may be passed in (tests).
    """

    def __init__(
        self,
        store: KnowledgeGraph,
        llm: LLM | None = None,
        *,
        settings: Any = None,
        fetcher: Any = None,
        extractor: TripleExtractor | None = None,
        counters: Counters | None = None,
    ) -> None:
        self.store = store
        self.counters = counters if counters is not None else Counters()
        self.extractor = extractor or TripleExtractor(store, llm, counters=self.counters)
        self.settings = settings
        self._fetcher = fetcher
        self._own_fetcher = False
        self._kinds: dict[ox.NamedNode, str | None] = {}

    def close(self) -> None:
        """Release the connections of the page fetcher this integrator made, if any."""
        if self._own_fetcher and self._fetcher is not None:
            self._fetcher.close()

    def __enter__(self) -> WebKGIntegrator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- one document -----------------------------------------------------------------
    def integrate(
        self,
        doc_id: str,
        url: str | None,
        title: str | None,
        text_or_passages: str | Sequence[Passage],
        kind: SourceKind | str = SourceKind.WEB,
        query: str | None = None,
        *,
        retrieved_at: datetime | None = None,
        refresh: bool = False,
    ) -> IntegrationReport:
        """Write one document's graph; ``unchanged`` when the same content is already there.

        ``text_or_passages`` is the document's text (every sentence is
        considered, with the kind's prior confidence; the graph is replaced
        when the text changed) or the passages the fine filter kept from it
        (their sentences carry the passage's confidence). Passages add to
        the document's graph: sentences kept for an earlier claim stay, so
        the graph gathers what every claim found in the page. ``refresh``
        re-extracts even unchanged content.
        """
        if self.store.read_only:
            raise StoreError(
                "The store is open read-only.", hint="Re-run without --read-only to write."
            )
        kind = SourceKind(kind)
        if kind not in PRIOR_CONFIDENCE:
            raise InputError(f"Web integration writes web or pubmed sources, not {kind.value!r}.")
        key, location = self._key(doc_id, url, kind)
        iri = source_iri(kind.value, key)
        g = N(iri)
        is_text = isinstance(text_or_passages, str)
        full_text = (
            text_or_passages
            if isinstance(text_or_passages, str)
            else "\n\n".join(p.text for p in text_or_passages)
        )
        digest = content_hash(title, full_text)
        exists = self.store.has_source(iri)
        new_report = functools.partial(
            IntegrationReport,
            extractor=self.extractor.name,
            source_iri=iri,
            doc_id=doc_id,
            url=location,
            title=title,
        )
        hashes = self._values(g, _HASH, g) if exists else []
        if exists and not refresh and digest in hashes:
            return new_report(status="unchanged")
        merge = exists and not is_text and not refresh
        prior = self._prior(g) if merge else PriorContent()

        report = new_report(status="added")
        built = self._extract(iri, text_or_passages, kind, report, prior if merge else None)
        _report_kept(report, built, prior)
        source = Source(
            iri=iri,
            kind=kind,
            location=location,
            query=query or "ingest",
            extractor=self.extractor.name,
            confidence=report.confidence,
            title=title or None,
            retrieved_at=retrieved_at or utcnow(),
        )
        quads = built.quads + D.record_quads(
            source, digest, queries=prior.queries, hashes=hashes if merge else ()
        )
        self._write(g, quads, exists, only_record=merge)
        return report

    def _extract(
        self,
        iri: str,
        text_or_passages: str | Sequence[Passage],
        kind: SourceKind,
        report: IntegrationReport,
        prior: PriorContent | None,
    ) -> DocumentQuads:
        """The document's sentences not already in its graph, their triples extracted and
        built into quads (``prior``: what a merge keeps)."""
        positions = prior.positions if prior is not None else set()
        sentences = [
            s
            for s in self._sentences(text_or_passages, kind, report)
            if s.position not in positions
        ]
        warnings_before = len(self.extractor.warnings)
        extractions = self.extractor.extract([s.text for s in sentences])
        report.warnings = self.extractor.warnings[warnings_before:]
        return document_quads(
            iri,
            sentences,
            extractions,
            known_elsewhere=self._known_elsewhere,
            present=self.store.contains,
            prior=prior,
        )

    def _key(self, doc_id: str, url: str | None, kind: SourceKind) -> tuple[str, str | None]:
        """The graph key (URL, or ``PMID:n``) and the location recorded as ``prov:wasDerivedFrom``."""
        if kind == SourceKind.PUBMED:
            pmid = _pmid(doc_id) or (_pmid(url.rstrip("/").rsplit("/", 1)[-1]) if url else None)
            if pmid is None:
                raise InputError(
                    f"{doc_id!r} is not a PubMed id.", hint="Use PMID:123 or the PubMed URL."
                )
            return f"PMID:{pmid}", pubmed_url(pmid)
        key = url or doc_id
        if not key:
            raise InputError("A document needs a URL or an id to be integrated.")
        return key, url

    def _sentences(
        self, text_or_passages: str | Sequence[Passage], kind: SourceKind, report: IntegrationReport
    ) -> list[DocumentSentence]:
        if isinstance(text_or_passages, str):
            units = [
                (i, s, PRIOR_CONFIDENCE[kind])
                for i, s in enumerate(split_sentences(text_or_passages))
            ]
            flagged_doc = False
        else:
            # Windows carry their first sentence's index in the document; passages
            # without one (position 0 everywhere) are numbered in order.
            by_text: dict[str, tuple[int, str, float]] = {}  # (position, sentence, confidence)
            taken: set[int] = set()
            for p in sorted(text_or_passages, key=lambda p: p.position):
                for k, s in enumerate(split_sentences(p.text)):
                    key = normalise(s)
                    if key in by_text:
                        known, sentence, conf = by_text[key]
                        by_text[key] = known, sentence, max(conf, p.confidence)
                        continue
                    pos = p.position + k
                    if pos in taken:
                        pos = max(taken) + 1
                    taken.add(pos)
                    by_text[key] = (pos, s, p.confidence)
            units = sorted(by_text.values(), key=lambda u: u[0])
            flagged_doc = any(p.injection_suspected for p in text_or_passages)
        out: list[DocumentSentence] = []
        seen: set[str] = set()
        flags = [looks_like_injection(s) for _, s, _ in units]
        # A page that talks to the system is not trusted for anything else it says.
        cap = INJECTION_CAP if flagged_doc or any(flags) else 1.0
        for (pos, text, conf), flagged in zip(units, flags, strict=True):
            if flagged:
                report.injection_flagged += 1
                report.sentences_dropped += 1
                continue
            words = len(text.split())
            key = normalise(text)
            if not MIN_WORDS <= words <= MAX_WORDS or not key or key in seen:
                report.sentences_dropped += 1
                continue
            seen.add(key)
            out.append(DocumentSentence(pos, text, round(min(conf, cap), 4)))
        return out

    # -- the KG as it is ---------------------------------------------------------------
    def _values(self, s: Subject, p: ox.NamedNode, g: ox.NamedNode) -> list[str]:
        # a document graph (written here) holds no triple terms
        return [
            o.value
            for quad in self.store.quads(s, p, None, g)
            if not isinstance(o := quad.object, ox.Triple)
        ]

    def _prior(self, g: ox.NamedNode) -> PriorContent:
        """What a graph already holds, for merging more passages into it."""
        prior = PriorContent(queries=self._values(g, _QUERY, g))
        for quad in self.store.quads(None, _POSITION, None, g):
            if isinstance(position := quad.object, ox.Triple):  # none in a document graph
                continue
            prior.positions.add(int(position.value))
            prior.confidences.extend(float(v) for v in self._values(quad.subject, _CONFIDENCE, g))
        prior.statements = sum(1 for _ in self.store.quads(None, _RDF_TYPE, _STATEMENT, g))
        return prior

    def _kind(self, g: ox.NamedNode | ox.BlankNode | ox.DefaultGraph) -> str | None:
        if not isinstance(g, ox.NamedNode):
            return None  # the default graph: facts with no source record
        if g not in self._kinds:
            self._kinds[g] = next(iter(self._values(g, _KIND, g)), None)
        return self._kinds[g]

    def _known_elsewhere(
        self, s: ox.NamedNode, p: ox.NamedNode, o: ox.NamedNode | ox.Literal, obj: Term
    ) -> bool:
        """Is the fact in the KG already, from a source that is not web text or a claim?"""
        for quad in self.store.quads(s, p, o, None):
            if self._kind(quad.graph_name) not in NON_WEB_EXCLUDED:
                return True
        if obj.is_literal and obj.datatype == V.XSD + "dateTime":
            # "born in 1961" is known when the KG has 1961-08-04: compare at the shared precision.
            # The text keeps the precision ("1961" is a year, not 1 January 1961).
            mine = parse_date(obj.text) or parse_date(obj.literal or "")
            for quad in self.store.quads(s, p, None, None):
                other = quad.object
                if (
                    not isinstance(other, ox.Literal)
                    or self._kind(quad.graph_name) in NON_WEB_EXCLUDED
                ):
                    continue
                theirs = parse_literal(
                    other.value, other.datatype.value if other.datatype else None
                )
                if mine is not None and compare(mine, theirs) is True:
                    return True
        return False

    # -- writing -------------------------------------------------------------------------
    def _write(
        self, g: ox.NamedNode, quads: list[ox.Quad], exists: bool, *, only_record: bool = False
    ) -> None:
        """Add ``quads`` (one transaction), then drop what the graph no longer says.

        ``only_record``: the graph grows (passages merged in); only its own
        record (the quads about the graph IRI: time, confidence...) is replaced.
        The store teaches its label index the new labels (no rebuild).
        """
        self.store.write_quads(
            g.value, quads, replace=exists, replace_subject=g.value if only_record else None
        )
        self._kinds.pop(g, None)

    # -- many documents ----------------------------------------------------------------
    def integrate_hits(
        self, hits: Sequence[SearchHit], query: str | None = None, passages: Sequence[Passage] = ()
    ) -> list[IntegrationReport]:
        """Integrate search hits; when ``passages`` are given, only the hits they came from, filtered."""
        by_source: dict[str, list[Passage]] = {}
        for p in passages:
            by_source.setdefault(p.source_id, []).append(p)
        out = []
        for hit in hits:
            kind = (
                SourceKind.PUBMED if _pmid(hit.id) and hit.provider == "pubmed" else SourceKind.WEB
            )
            if passages and hit.id not in by_source:
                continue
            content: str | Sequence[Passage] = by_source.get(hit.id) or hit.text
            out.append(
                self.integrate(
                    hit.id,
                    hit.url,
                    hit.title,
                    content,
                    kind,
                    query or hit.query,
                    retrieved_at=hit.retrieved_at,
                )
            )
        return out

    def ingest(
        self,
        target: str | Path | Sequence[str | Path],
        *,
        query: str | None = None,
        progress: Callable[[int, int], None] | None = None,
        refresh: bool = False,
    ) -> IngestReport:
        """Integrate a URL, a file (.txt/.md/.html/.jsonl), every such file under a directory,
        or a list of those.

        Resumable: a document already in the store with the same content is
        skipped. A document that fails (a page that cannot be fetched, a file
        that cannot be read) is recorded in ``failed`` and the job goes on; a
        target that does not exist is an :class:`~kgfc.errors.InputError`
        before anything is written. ``progress(done, total)`` is called after
        each file or URL.
        """
        started = time.perf_counter()
        targets = [target] if isinstance(target, str | Path) else list(target)
        report = IngestReport(
            target=" ".join(str(t) for t in targets), extractor=self.extractor.name
        )
        items = [item for t in targets for item in iter_targets(t, self._fetch)]
        total = len(items)
        for done, (name, load) in enumerate(items, 1):
            try:
                for doc in load():
                    try:
                        report.add(
                            self.integrate(
                                doc.doc_id,
                                doc.url,
                                doc.title,
                                doc.text,
                                doc.kind,
                                query,
                                retrieved_at=doc.retrieved_at,
                                refresh=refresh,
                            )
                        )
                    except (KgfcError, OSError, ValueError) as exc:
                        report.failed[doc.url or doc.doc_id] = str(exc)
            except (KgfcError, OSError, ValueError, UnicodeError) as exc:
                report.failed[name] = str(exc)
            if progress is not None:
                progress(done, total)
        report.seconds = round(time.perf_counter() - started, 3)
        return report

    def _fetch(self, url: str) -> IngestDocument:
        if self._fetcher is None:
            self._fetcher = SafeFetcher(self.settings or load_settings())
            self._own_fetcher = True
        page = self._fetcher.fetch(url)
        self.counters.pages_fetched += 0 if page.from_cache else 1
        return IngestDocument(
            doc_id=url,
            url=page.final_url or url,
            title=page.title or "",
            text=page.text,
            retrieved_at=page.fetched_at,
        )


# -- reading targets ---------------------------------------------------------------------

Loader = Callable[[], list[IngestDocument]]


def iter_targets(
    target: str | Path, fetch: Callable[[str], IngestDocument]
) -> Iterator[tuple[str, Loader]]:
    """``(name, loader)`` per unit of work: one URL, one file (a JSONL file holds many documents)."""
    text = str(target)
    if re.match(r"^https?://", text, re.I):
        yield text, lambda: [fetch(text)]
        return
    path = Path(text).expanduser()
    if path.is_dir():
        files = sorted(
            p
            for p in path.rglob("*")
            if p.is_file()
            and p.suffix.lower() in SUFFIXES
            and not any(part.startswith(".") for part in p.relative_to(path).parts)
        )
        for f in files:
            rel = f.relative_to(path).as_posix()
            yield rel, functools.partial(read_documents, f, rel)
        return
    if path.is_file():
        if path.suffix.lower() not in SUFFIXES:
            raise InputError(
                f"Cannot ingest {path.name!r}: not a .txt, .md, .html or .jsonl file.",
                hint="Convert it to text first, or give a URL or a directory.",
            )
        yield path.name, lambda: read_documents(path, path.name)
        return
    raise InputError(
        f"No such file, directory or URL: {text}",
        hint="Give an http(s) URL, a file or a directory.",
    )


def read_documents(path: Path, rel: str) -> list[IngestDocument]:
    """The documents in one file, as the local search provider reads them.

    A JSONL record's ``id`` that is a PMID makes it a PubMed document; its
    ``url`` (else the file's URL and the id) keys its graph.
    """
    if path.stat().st_size > MAX_FILE_BYTES:
        raise InputError(f"{rel} is larger than {MAX_FILE_BYTES // 1_000_000} MB; split it first.")
    file_url = path.resolve().as_uri()
    out = []
    for doc in _read_docs(path, rel):
        if path.suffix.lower() == ".jsonl":
            pmid = _pmid(doc.id)
            if pmid and not doc.url:
                out.append(
                    IngestDocument(f"PMID:{pmid}", None, doc.title, doc.text, SourceKind.PUBMED)
                )
                continue
            url = doc.url if isinstance(doc.url, str) and doc.url else f"{file_url}#{doc.id}"
            out.append(IngestDocument(doc.id, url, doc.title, doc.text))
        else:
            out.append(IngestDocument(rel, doc.url or file_url, doc.title, doc.text))
    return out


__all__ = [
    "IngestDocument",
    "IngestReport",
    "IntegrationReport",
    "WebKGIntegrator",
    "content_hash",
    "iter_targets",
    "read_documents",
]
