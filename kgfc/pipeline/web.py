"""The web and PubMed tools of an episode: memory first, then search -> fetch -> filter -> web-to-KG.

What a search brings back is written into the KG (one graph per document,
with provenance) and handed to the reasoner as evidence ``W1, W2...``:
the extracted facts, and the kept sentences themselves. Passages flagged as
prompt injection never become evidence.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kgfc.errors import ConfigError, KgfcError
from kgfc.kg import vocab as V
from kgfc.models import Counters, EvidenceFact, Fact, Passage
from kgfc.web.base import SearchProvider, make_provider
from kgfc.web.fetch import SafeFetcher
from kgfc.web.filter import filter_passages
from kgfc.web.integrate import WebKGIntegrator
from kgfc.web.memory import EvidenceMemory, RecalledPassage

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.llm.contract import LLM
    from kgfc.settings import Settings

log = logging.getLogger(__name__)

TEXT = V.KGFC + "text"


@dataclass
class WebObservation:
    evidence: list[EvidenceFact]
    passages: list[Passage]
    summary: str
    searched: bool
    memory_hits: int = 0


class SearchTool:
    def __init__(
        self,
        store: KnowledgeGraph,
        provider: SearchProvider,
        *,
        llm: LLM | None = None,
        memory: EvidenceMemory | None = None,
        fetcher: SafeFetcher | None = None,
        integrator: WebKGIntegrator | None = None,
        max_hits: int = 5,
    ) -> None:
        self.store = store
        self.provider = provider
        self.llm = llm
        self.memory = memory
        self.fetcher = fetcher
        self.integrator = integrator
        self.max_hits = max_hits

    def gather(
        self,
        claim: str,
        query: str,
        entities: Sequence[str],
        counters: Counters,
        *,
        kind: str,
        start_id: int,
    ) -> WebObservation:
        next_id = start_id
        if self.memory is not None and entities:
            recall = self.memory.recall(claim, entities)
            if recall.sufficient:
                evidence, next_id = self._evidence_from_graphs(
                    {p.source_id: p.confidence for p in recall.passages},
                    [(p.source_id, p.text, p.confidence) for p in recall.passages],
                    next_id,
                )
                return WebObservation(
                    evidence=evidence,
                    passages=_with_ids(
                        [_recalled(p) for p in recall.passages],
                        [p.source_id for p in recall.passages],
                        evidence,
                    ),
                    searched=False,
                    memory_hits=len(recall.passages),
                    summary=f"memory recalled {len(recall.passages)} passage(s) from earlier sources; search avoided",
                )
        hits = self.provider.search(query, limit=self.max_hits)
        counters.search_calls += 1
        docs = []
        for hit in hits:
            text = hit.text
            if (
                self.fetcher is not None
                and hit.url
                and hit.url.startswith(("http://", "https://"))
                and len(text) < 400
            ):
                try:
                    page = self.fetcher.fetch(hit.url)
                    counters.pages_fetched += 1
                    text = page.text or text
                except KgfcError as exc:  # a refused or failing page: keep the snippet
                    log.info("not fetched %s: %s", hit.url, exc)
            docs.append(hit.model_copy(update={"text": text}))
        passages = filter_passages(claim, docs, llm=self.llm, counters=counters, store=self.store)
        kept = [p for p in passages if not p.injection_suspected and p.confidence > 0.0]
        flagged = len(passages) - len(kept)
        reports = (
            self.integrator.integrate_hits(docs, query, kept) if (self.integrator and kept) else []
        )
        conf = {r.source_iri: r.confidence for r in reports}
        by_doc = {r.doc_id: r.source_iri for r in reports}
        texts = [
            (by_doc.get(p.source_id, p.source_id), p.sentence or p.text, p.confidence) for p in kept
        ]
        evidence, _ = self._evidence_from_graphs(conf, texts, next_id)
        kept = _with_ids(kept, [t[0] for t in texts], evidence)
        summary = (
            f"{kind} search: {len(hits)} hit(s), {len(kept)} passage(s) kept"
            + (f", {flagged} flagged as injection/irrelevant" if flagged else "")
            + f", {sum(r.triples_added for r in reports)} fact(s) added to the KG"
        )
        return WebObservation(evidence=evidence, passages=kept, summary=summary, searched=True)

    def _evidence_from_graphs(
        self, graphs: dict[str, float], texts: list[tuple[str, str, float]], next_id: int
    ) -> tuple[list[EvidenceFact], int]:
        evidence: list[EvidenceFact] = []
        seen: set[tuple[str, ...]] = set()
        for g, confidence in graphs.items():
            if not g.startswith(V.KGFC_SOURCE) or not self.store.has_source(g):
                continue
            for r in self.store.run("source_facts", bindings={"g": g}):
                s, p, o = r["s"], r["p"], r["o"]
                if s is None or p is None or o is None:  # all bound in the query
                    continue
                key = (s, p, o, g)
                if key in seen:
                    continue
                seen.add(key)
                lit = not (o or "").startswith(("http://", "https://"))
                f = Fact(
                    subject=s,
                    predicate=p,
                    object=o,
                    object_is_literal=lit,
                    subject_label=r["sLabel"],
                    predicate_label=r["pLabel"],
                    object_label=None if lit else r["oLabel"],
                    source=g,
                )
                evidence.append(
                    EvidenceFact(
                        id=f"W{next_id}", fact=f, text=f.verbalise(), score=confidence, hop=0
                    )
                )
                next_id += 1
        for source, text, confidence in texts:
            if (source, text) in seen:
                continue
            seen.add((source, text))
            f = Fact(
                subject=source, predicate=TEXT, object=text, object_is_literal=True, source=source
            )
            evidence.append(
                EvidenceFact(id=f"W{next_id}", fact=f, text=text, score=confidence, hop=0)
            )
            next_id += 1
        return evidence, next_id


def _recalled(p: RecalledPassage) -> Passage:
    """A remembered sentence (:class:`kgfc.web.memory.RecalledPassage`) as a passage."""
    return Passage(
        text=p.text,
        source_id=p.source_id,
        url=p.url,
        title=p.title or "",
        score=p.score,
        confidence=p.confidence,
        sentence=p.text,
        method="memory",
        kind=p.kind,
        sentence_id=p.sentence_id,
    )


def _with_ids(
    passages: Sequence[Passage], sources: list[str], evidence: list[EvidenceFact]
) -> list[Passage]:
    """The passages, each with the id (W3...) its sentence has in the evidence list,
    so the report cites one id for one piece of evidence."""
    ids = {(e.fact.source, e.text): e.id for e in evidence if e.fact.predicate == TEXT}
    return [
        p.model_copy(
            update={
                "evidence_id": ids.get((source, p.sentence or p.text)) or ids.get((source, p.text))
            }
        )
        for p, source in zip(passages, sources, strict=True)
    ]


def make_web_tools(
    settings: Settings, store: KnowledgeGraph, llm: LLM | None = None
) -> tuple[SearchTool | None, SearchTool | None]:
    """(web tool, PubMed tool) as configured: ``--web`` / KGFC_WEB and ``--pubmed`` / KGFC_PUBMED."""
    if not settings.web and not settings.pubmed:
        return None, None
    memory = EvidenceMemory(store)
    integrator = WebKGIntegrator(store, llm=llm)
    web = pubmed = None
    if settings.web:
        spec = settings.search_provider or (
            f"local:{settings.corpus_dir}" if settings.corpus_dir else None
        )
        if spec is None:
            raise ConfigError(
                "--web needs a search provider.",
                hint="Set KGFC_SEARCH_PROVIDER (serper, searxng:URL, local:DIR) or pass --search.",
            )
        web = SearchTool(
            store,
            make_provider(spec, settings),
            llm=llm,
            memory=memory,
            fetcher=SafeFetcher(settings),
            integrator=integrator,
        )
    if settings.pubmed:
        pubmed = SearchTool(
            store, make_provider("pubmed", settings), llm=llm, memory=memory, integrator=integrator
        )
    return web, pubmed
