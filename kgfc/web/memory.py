"""Evidence memory: recall what earlier web/PubMed sources said about a claim's entities.

In kgfc the web-enhanced KG *is* the memory (MERMAID's evidence memory,
DESIGN.md method 3). Every web page or PubMed abstract that was integrated
left one named graph with ``kgfc:Sentence`` nodes linked to the entities
they mention (``kgfc:about``, ``kgfc:annotation``). Before a new search,
:meth:`EvidenceMemory.recall` asks the store for those sentences and ranks
them against the claim:

1. **entity-anchored candidates**: one SPARQL query
   (``queries/sparql/memory_sentences.rq``) for the sentences about any of
   the claim's entities, from web and PubMed graphs only, with their
   provenance (graph, URL, title, retrieval time, confidence);
2. **exact de-duplication** on normalised text (case, whitespace and
   punctuation folded): the same sentence found in two sources is kept once,
   the other sources listed in ``also_in``;
3. **sparse ranking** with BM25 (bm25s) against the claim; the best
   ``bm25_candidates`` go on;
4. **dense re-ranking** with the sentence embedder
   (:func:`kgfc.nlp.embed.get_embedder`): the relevance is
   ``dense_weight * cosine + (1 - dense_weight) * coverage``, where
   *coverage* is the IDF-weighted share of the claim's terms that the
   sentence contains (absolute, unlike max-normalised BM25, so a pool of
   only irrelevant sentences does not produce a high score). Without an
   embedding model (the BM25 fallback) the relevance is the coverage alone.
   The score is the relevance times ``1 - entity_weight * (1 - share)``,
   *share* being the fraction of the claim's entities the sentence is about:
   a sentence that links the claim's subject and object outranks one that
   mentions only the object (another person's death in the same city);
5. **near-duplicate removal** (embedding cosine above ``near_duplicate``,
   or token-set Jaccard without embeddings) and a cut to ``limit``
   passages and ``token_budget`` tokens (words x 1.3).

A recall is *sufficient* when a passage scores at least ``threshold`` and
its sentence confidence is at least ``min_confidence`` (a sentence from a
page that tried to instruct the system carries confidence <= 0.1 and never
makes memory sufficient). The caller then skips the new search; the counters
``recalls``, ``hits`` and ``searches_avoided`` report how often.

After a verdict, :meth:`EvidenceMemory.commit` records which remembered
sentences it used: ``<claim>/verdict kgfc:usedEvidence <source graph>`` and
``<claim>/verdict kgfc:citesSentence <sentence>`` in the claim's graph.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pyoxigraph as ox
from pydantic import BaseModel, Field

from kgfc.errors import InputError, StoreError
from kgfc.kg import vocab as V

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.models import Passage
    from kgfc.nlp.embed import BM25Scorer, Embedder
    from kgfc.web.base import SearchHit

QUERY = "memory_sentences"
DEFAULT_THRESHOLD = 0.55
DEFAULT_TOKEN_BUDGET = 800
TOKENS_PER_WORD = 1.3
_NORM = re.compile(r"[\W_]+", re.UNICODE)
_WORD = re.compile(r"(?u)\b\w\w+\b")


def normalise_text(text: str) -> str:
    """Case, whitespace and punctuation folded: the key for exact de-duplication."""
    return _NORM.sub(" ", text.casefold()).strip()


def count_tokens(text: str) -> int:
    """Approximate sub-word tokens of ``text`` (whitespace words x 1.3, rounded up)."""
    return math.ceil(len(text.split()) * TOKENS_PER_WORD)


class RecalledPassage(BaseModel):
    """One remembered sentence, with where it came from and how well it matches the claim."""

    text: str = Field(description="the sentence verbatim, as stored")
    source_id: str = Field(description="IRI of the source graph (one web page or PubMed abstract)")
    sentence_id: str = Field(description="IRI of the kgfc:Sentence node")
    url: str | None = None
    title: str | None = None
    kind: str = Field(description="source kind: web or pubmed")
    confidence: float = Field(description="the sentence's stored kgfc:confidence")
    score: float = Field(description="combined relevance to the claim, in [0, 1]")
    entity: str = Field(description="the claim entity the sentence was recalled by")
    entities: list[str] = Field(default_factory=list, description="every claim entity it is about")
    sparse: float = Field(0.0, description="IDF-weighted share of the claim's terms it contains")
    dense: float | None = Field(None, description="embedding cosine with the claim, when available")
    tokens: int = 0
    retrieved_at: datetime | None = None
    also_in: list[str] = Field(
        default_factory=list, description="other source graphs holding the same sentence"
    )

    def to_search_hit(self, query: str, rank: int = 1) -> SearchHit:
        """This passage as a :class:`~kgfc.web.base.SearchHit` (provider ``memory``)."""
        from kgfc.web.base import SearchHit

        return SearchHit(
            id=self.url or self.source_id,
            title=self.title or "",
            text=self.text,
            url=self.url,
            provider="memory",
            query=query,
            rank=rank,
            score=round(self.score, 4),
            metadata={
                "source_id": self.source_id,
                "sentence_id": self.sentence_id,
                "kind": self.kind,
                "confidence": self.confidence,
                "entity": self.entity,
                **({"retrieved_at": self.retrieved_at.isoformat()} if self.retrieved_at else {}),
            },
        )


class MemoryRecall(BaseModel):
    """What one :meth:`EvidenceMemory.recall` found."""

    claim: str
    entities: list[str] = Field(default_factory=list)
    passages: list[RecalledPassage] = Field(default_factory=list)
    hits: int = Field(0, description="passages recalled")
    candidates: int = Field(0, description="distinct stored sentences about the entities")
    duplicates_removed: int = 0
    tokens: int = Field(0, description="tokens of the recalled passages (within the budget)")
    best_score: float = 0.0
    sufficient: bool = Field(False, description="memory holds enough: the caller may skip a search")
    searches_avoided: bool = Field(False, description="this recall stands in for a new search")
    seconds: float = 0.0


class _Candidate:
    __slots__ = ("sentence", "text", "confidence", "graph", "kind", "url", "title", "retrieved",
                 "entities", "also_in", "norm", "sparse", "bm25", "dense", "score")  # fmt: skip

    def __init__(self, row: dict[str, Any]) -> None:
        self.sentence: str = row["sentence"]
        self.text: str = row["text"]
        self.confidence = _float(row.get("confidence"), 0.5)
        self.graph: str = row["g"]
        self.kind: str = row.get("kind") or "web"
        self.url: str | None = row.get("url")
        self.title: str | None = row.get("title")
        self.retrieved = _datetime(row.get("retrieved"))
        self.entities: list[str] = []
        self.also_in: list[str] = []
        self.norm = normalise_text(self.text)
        self.sparse = 0.0
        self.bm25 = 0.0
        self.dense: float | None = None
        self.score = 0.0


class EvidenceMemory:
    """Entity-anchored recall over the web/PubMed sentences stored in ``store``.

    ``embedder`` defaults to the process-wide one (:func:`kgfc.nlp.embed.get_embedder`),
    loaded on first recall; pass a :class:`~kgfc.nlp.embed.BM25Scorer` to run
    without a model.
    """

    def __init__(
        self,
        store: KnowledgeGraph,
        embedder: Embedder | BM25Scorer | None = None,
        token_budget: int = DEFAULT_TOKEN_BUDGET,
        *,
        threshold: float = DEFAULT_THRESHOLD,
        min_score: float = 0.3,
        min_confidence: float = 0.2,
        dense_weight: float = 0.7,
        entity_weight: float = 0.5,
        bm25_candidates: int = 50,
        near_duplicate: float = 0.95,
    ) -> None:
        if token_budget <= 0:
            raise InputError(f"The memory token budget must be positive (got {token_budget}).")
        for name, value in (("dense_weight", dense_weight), ("entity_weight", entity_weight)):
            if not 0.0 <= value <= 1.0:
                raise InputError(f"{name} must be in [0, 1] (got {value}).")
        self.store = store
        self._embedder = embedder
        self.token_budget = token_budget
        self.threshold = threshold
        self.min_score = min_score
        self.min_confidence = min_confidence
        self.dense_weight = dense_weight
        self.entity_weight = entity_weight
        self.bm25_candidates = bm25_candidates
        self.near_duplicate = near_duplicate
        self.recalls = 0
        self.hits = 0  # recalls that returned at least one passage
        self.passages_recalled = 0
        self.searches_avoided = 0
        self.commits = 0

    @property
    def embedder(self) -> Embedder | BM25Scorer:
        if self._embedder is None:
            from kgfc.nlp.embed import get_embedder

            self._embedder = get_embedder()
        return self._embedder

    def stats(self) -> dict[str, int]:
        return {
            "recalls": self.recalls,
            "hits": self.hits,
            "passages_recalled": self.passages_recalled,
            "searches_avoided": self.searches_avoided,
            "commits": self.commits,
        }

    # -- recall -------------------------------------------------------------------
    def recall(self, claim: str, entities: Sequence[str], *, limit: int = 10) -> MemoryRecall:
        """The stored sentences about ``entities`` that best match ``claim``, best first."""
        start = time.perf_counter()
        ents = _entity_iris(entities)
        self.recalls += 1
        result = MemoryRecall(claim=claim, entities=ents)
        if not ents or limit <= 0 or not claim.strip():
            result.seconds = time.perf_counter() - start
            return result

        pool, dupes = self._candidates(ents)
        result.candidates = len(pool) + dupes
        result.duplicates_removed = dupes
        if pool:
            ranked, vectors = self._rank(claim, pool, len(ents))
            kept, near = self._select(ranked, limit, vectors)
            result.duplicates_removed += near
            order = {e: i for i, e in enumerate(ents)}
            result.passages = [_passage(c, order) for c in kept]
        result.hits = len(result.passages)
        result.tokens = sum(p.tokens for p in result.passages)
        result.best_score = max((p.score for p in result.passages), default=0.0)
        result.sufficient = any(
            p.score >= self.threshold and p.confidence >= self.min_confidence
            for p in result.passages
        )
        result.searches_avoided = result.sufficient
        if result.hits:
            self.hits += 1
            self.passages_recalled += result.hits
        if result.sufficient:
            self.searches_avoided += 1
        result.seconds = time.perf_counter() - start
        return result

    def _candidates(self, entities: list[str]) -> tuple[list[_Candidate], int]:
        """Distinct sentences about ``entities`` (one query), exact duplicates folded."""
        by_sentence: dict[str, _Candidate] = {}
        for row in self.store.run(QUERY, values=entities):
            sentence, entity = row.get("sentence"), row["entity"]  # the entity: a VALUES binding
            if not sentence or not row.get("text") or entity is None:
                continue
            cand = by_sentence.get(sentence)
            if cand is None:
                cand = by_sentence[sentence] = _Candidate(row)
            if entity not in cand.entities:
                cand.entities.append(entity)
        by_text: dict[str, _Candidate] = {}
        dupes = 0
        # Highest confidence first, then the older source: that copy stands for the others.
        for cand in sorted(
            by_sentence.values(),
            key=lambda c: (-c.confidence, _timestamp(c.retrieved), c.sentence),
        ):
            if not cand.norm:
                continue
            kept = by_text.get(cand.norm)
            if kept is None:
                by_text[cand.norm] = cand
                continue
            dupes += 1
            for e in cand.entities:
                if e not in kept.entities:
                    kept.entities.append(e)
            if cand.graph != kept.graph and cand.graph not in kept.also_in:
                kept.also_in.append(cand.graph)
        return list(by_text.values()), dupes

    def _rank(
        self, claim: str, pool: list[_Candidate], n_entities: int
    ) -> tuple[list[_Candidate], dict[str, Any]]:
        """BM25 over the pool, dense re-ranking of the best ``bm25_candidates``.

        Returns the re-ranked candidates, best first, and their embeddings
        (by sentence IRI; empty without an embedding model).
        """
        import bm25s

        texts = [c.text for c in pool]
        corpus = bm25s.tokenize(texts, return_ids=False, show_progress=False)
        query = list(
            dict.fromkeys(bm25s.tokenize([claim], return_ids=False, show_progress=False)[0])
        )
        if query and any(corpus):
            retriever = bm25s.BM25()
            retriever.index(corpus, show_progress=False)
            for c, s in zip(pool, retriever.get_scores(query), strict=True):
                c.bm25 = float(s)
        # Coverage: IDF-weighted share of the claim's terms present (Lucene's IDF, as bm25s).
        n = len(pool)
        df: dict[str, int] = {}
        for toks in corpus:
            for t in set(toks):
                df[t] = df.get(t, 0) + 1
        idf = {t: math.log(1 + (n - df.get(t, 0) + 0.5) / (df.get(t, 0) + 0.5)) for t in query}
        total = sum(idf.values())
        for c, toks in zip(pool, corpus, strict=True):
            present = set(toks)
            c.sparse = sum(w for t, w in idf.items() if t in present) / total if total else 0.0

        pool = sorted(pool, key=lambda c: (-c.bm25, -c.confidence, c.sentence))
        head = pool[: self.bm25_candidates]  # the rest is not re-ranked, so not recalled
        from kgfc.nlp.embed import BM25Scorer

        scorer = self.embedder
        w = self.dense_weight
        vectors: dict[str, Any] = {}
        if isinstance(scorer, BM25Scorer) or w == 0.0:
            for c in head:
                c.score = c.sparse
        else:
            vecs = scorer.embed([claim, *(c.text for c in head)])
            cos = vecs[1:] @ vecs[0]
            for i, c in enumerate(head):
                c.dense = float(cos[i])
                c.score = w * max(0.0, c.dense) + (1.0 - w) * c.sparse
            vectors = {c.sentence: vecs[i + 1] for i, c in enumerate(head)}
        for c in head:
            share = min(1.0, len(c.entities) / n_entities) if n_entities else 1.0
            c.score *= 1.0 - self.entity_weight * (1.0 - share)
        return sorted(head, key=lambda c: (-c.score, -c.confidence, c.sentence)), vectors

    def _select(
        self, ranked: list[_Candidate], limit: int, vectors: dict[str, Any]
    ) -> tuple[list[_Candidate], int]:
        """Near-duplicates out, then the best passages that fit ``limit`` and the token budget."""
        kept: list[_Candidate] = []
        near = 0
        used = 0
        for c in ranked:
            if len(kept) >= limit:
                break
            if c.score < self.min_score:
                break  # ranked: nothing after this one scores higher
            twin = next((k for k in kept if self._near_duplicate(c, k, vectors)), None)
            if twin is not None:
                near += 1
                if c.graph != twin.graph and c.graph not in twin.also_in:
                    twin.also_in.append(c.graph)
                continue
            tokens = count_tokens(c.text)
            if used + tokens > self.token_budget:
                continue  # a shorter, lower-ranked passage may still fit
            used += tokens
            kept.append(c)
        return kept, near

    def _near_duplicate(self, a: _Candidate, b: _Candidate, vectors: dict[str, Any]) -> bool:
        va, vb = vectors.get(a.sentence), vectors.get(b.sentence)
        if va is not None and vb is not None:
            return float(va @ vb) > self.near_duplicate
        ta, tb = set(_WORD.findall(a.norm)), set(_WORD.findall(b.norm))
        if not ta or not tb:
            return False
        return len(ta & tb) / len(ta | tb) > self.near_duplicate

    # -- commit -------------------------------------------------------------------
    def commit(self, claim_iri: str, passages_used: Iterable[RecalledPassage | Passage]) -> int:
        """Record in the claim's graph that its verdict used these remembered sentences.

        Adds ``<claim>/verdict kgfc:usedEvidence <source graph>`` and
        ``<claim>/verdict kgfc:citesSentence <sentence>`` to ``<claim>/graph``,
        the graph :func:`kgfc.kg.verdicts.record_verdict` wrote (so commit after
        recording the verdict: re-recording a verdict replaces its graph).
        One transaction; committing the same passages again adds nothing.
        Returns the number of quads that were new.
        """
        claim_iri = claim_iri.removesuffix("/graph")
        graph_iri = claim_iri + "/graph"
        if not self.store.can_record:
            raise StoreError(
                "The store is open read-only.", hint="Re-run without --read-only to write."
            )
        if not self.store.has_source(graph_iri):
            raise InputError(
                f"No claim graph {graph_iri!r} in this store.",
                hint="Record the verdict (kgfc.kg.verdicts.record_verdict) before committing memory.",
            )
        g = ox.NamedNode(graph_iri)
        verdict = ox.NamedNode(claim_iri + "/verdict")
        used = ox.NamedNode(V.KGFC + "usedEvidence")
        cites = ox.NamedNode(V.KGFC + "citesSentence")
        quads: dict[ox.Quad, None] = {}
        for p in passages_used:
            if p.sentence_id is None:  # a passage found by a search, not a remembered sentence
                continue
            quads[ox.Quad(verdict, used, ox.NamedNode(p.source_id), g)] = None
            quads[ox.Quad(verdict, cites, ox.NamedNode(p.sentence_id), g)] = None
        new = self.store.write_quads(graph_iri, quads) if quads else 0
        self.commits += 1
        return new


# -- helpers ------------------------------------------------------------------------
def _entity_iris(entities: Sequence[str]) -> list[str]:
    out: list[str] = []
    for e in entities:
        try:
            iri = V.entity_iri(e)
            ox.NamedNode(iri)
        except ValueError:
            continue
        if iri not in out:
            out.append(iri)
    return out


def _float(value: str | None, default: float) -> float:
    try:
        return float(value) if value is not None else default
    except ValueError:
        return default


def _datetime(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def _timestamp(value: datetime | None) -> float:
    return value.timestamp() if value is not None else math.inf


def _passage(c: _Candidate, order: dict[str, int]) -> RecalledPassage:
    ents = sorted(c.entities, key=lambda e: order.get(e, len(order)))
    return RecalledPassage(
        text=c.text,
        source_id=c.graph,
        sentence_id=c.sentence,
        url=c.url,
        title=c.title,
        kind=c.kind,
        confidence=c.confidence,
        score=round(c.score, 6),
        entity=ents[0],
        entities=ents,
        sparse=round(c.sparse, 6),
        dense=None if c.dense is None else round(c.dense, 6),
        tokens=count_tokens(c.text),
        retrieved_at=c.retrieved,
        also_in=list(c.also_in),
    )


__all__ = [
    "DEFAULT_THRESHOLD",
    "DEFAULT_TOKEN_BUDGET",
    "EvidenceMemory",
    "MemoryRecall",
    "RecalledPassage",
    "count_tokens",
    "normalise_text",
]
