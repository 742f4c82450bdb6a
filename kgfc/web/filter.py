"""Coarse-to-fine filtering of retrieved text (WKGFC §4.3).

Retrieved pages are long and mostly beside the point. Filtering runs in two
steps, so that only a handful of passages ever reach the expensive judge:

1. **Coarse**: every document is split into sentences (the toolkit's cheap
   regex splitter, :func:`kgfc.nlp.text.split_sentences`) and ~3-sentence windows; the windows are
   ranked with BM25 (bm25s) against the claim and, when given, a "missing
   information" query; the best ``top_n`` (20) go on.
2. **Fine**: each candidate gets a stance towards the claim (``supports``,
   ``refutes`` or ``neutral``) and a consistency confidence in [0, 1]; the
   irrelevant ones are dropped. With an LLM, one call judges all candidates
   (fenced text, JSON-schema output). Without one, relevance is embedding
   similarity (:func:`kgfc.nlp.embed.rank_texts`) and the stance is
   :func:`kgfc.web.stance.local_stance`.

Retrieved text is data, never instructions. A passage that addresses the
system (:func:`kgfc.web.injection.looks_like_injection`) is flagged
``injection_suspected``; it keeps no stance (it is ``neutral``) and its
confidence is capped at :data:`INJECTION_CAP`, so it can never be support on
its own, whatever the judge said about it.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from kgfc.errors import ConfigError, LLMError
from kgfc.kg.linking import EntityLinker
from kgfc.llm.prompts import FilterOutput, filter_max_tokens, filter_messages, filter_schema
from kgfc.models import Counters, Passage  # noqa: F401 (Passage re-exported)
from kgfc.nlp.alignment import RelationAligner
from kgfc.nlp.decompose import decompose, decompose_many
from kgfc.nlp.embed import BM25Scorer, get_embedder, rank_texts
from kgfc.nlp.text import content_words, normalise, sentence_windows, split_sentences
from kgfc.web.injection import INJECTION_CAP, looks_like_injection
from kgfc.web.stance import NEUTRAL, local_stance

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.llm.contract import LLM

log = logging.getLogger(__name__)

TOP_N = 20
WINDOW = 3
STRIDE = 2
MISSING_WEIGHT = 0.5  # the missing-information query counts half as much as the claim
MIN_RELEVANCE = 0.35  # fine filter: passages below this are dropped
# Embedding cosines below COS_LOW say "unrelated", above COS_HIGH "same statement".
COS_LOW, COS_HIGH = 0.3, 0.8


class Document(NamedTuple):
    """A document to filter; :class:`~kgfc.web.base.SearchHit` objects are accepted too."""

    id: str
    text: str
    url: str | None = None
    title: str = ""


# -- coarse ---------------------------------------------------------------------------


def _as_document(doc: Any) -> Document:
    if isinstance(doc, Document):
        return doc
    if isinstance(doc, Mapping):
        return Document(
            id=str(doc.get("id") or doc.get("source_id") or doc.get("url") or ""),
            text=str(doc.get("text") or ""),
            url=doc.get("url"),
            title=str(doc.get("title") or ""),
        )
    ident = getattr(doc, "id", None) or getattr(doc, "source_id", None) or getattr(doc, "url", "")
    return Document(
        id=str(ident),
        text=str(getattr(doc, "text", "") or ""),
        url=getattr(doc, "url", None) or getattr(doc, "final_url", None),
        title=str(getattr(doc, "title", "") or ""),
    )


def _bm25(query: str, corpus_tokens: list[list[str]], retriever: Any) -> list[float]:
    import bm25s  # ~130 ms (numpy, scipy): loaded when the first page is filtered

    tokens = bm25s.tokenize([query], stopwords="en", return_ids=False, show_progress=False)[0]
    if not tokens:
        return [0.0] * len(corpus_tokens)
    return [float(s) for s in retriever.get_scores(tokens)]


def coarse_rank(
    claim: str,
    documents: Iterable[Any],
    *,
    missing: str | None = None,
    top_n: int = TOP_N,
    window: int = WINDOW,
    stride: int = STRIDE,
) -> list[Passage]:
    """The ``top_n`` sentence windows of ``documents`` by BM25 against the claim (and ``missing``).

    ``documents`` are :class:`Document`, :class:`~kgfc.web.base.SearchHit`,
    fetched pages or mappings with ``id``/``text``/``url``/``title``. Windows
    sharing no term with either query are never returned. Scores are divided
    by the best window's.
    """
    try:
        import bm25s  # ~130 ms (numpy, scipy): loaded when the first page is filtered
    except ImportError as exc:
        raise ConfigError(
            "Coarse filtering needs bm25s, which is not installed.",
            hint="It is a kgfc dependency; reinstall: pip install --force-reinstall kgfc",
        ) from exc
    candidates: list[Passage] = []
    for raw in documents:
        doc = _as_document(raw)
        for start, sents in sentence_windows(split_sentences(doc.text), window, stride):
            candidates.append(
                Passage(
                    text=" ".join(sents),
                    source_id=doc.id,
                    url=doc.url,
                    title=doc.title,
                    position=start,
                )
            )
    if not candidates:
        return []
    # The title rides along with each window: "born in Honolulu" on a page titled
    # "Barack Obama" is about Obama even when the window says "he".
    corpus = bm25s.tokenize(
        [f"{p.title} {p.text}" for p in candidates],
        stopwords="en",
        return_ids=False,
        show_progress=False,
    )
    if not any(corpus):
        return []
    retriever = bm25s.BM25()
    retriever.index(corpus, show_progress=False)
    scores = _bm25(claim, corpus, retriever)
    if missing and missing.strip():
        extra = _bm25(missing, corpus, retriever)
        scores = [a + MISSING_WEIGHT * b for a, b in zip(scores, extra, strict=True)]
    best = max(scores)
    if best <= 0:
        return []
    ranked = sorted((i for i, s in enumerate(scores) if s > 0), key=lambda i: (-scores[i], i))[
        : max(1, top_n)
    ]
    return [candidates[i].model_copy(update={"score": round(scores[i] / best, 4)}) for i in ranked]


# -- fine: local ------------------------------------------------------------------------


_ALIGNERS: weakref.WeakKeyDictionary[Any, RelationAligner] = weakref.WeakKeyDictionary()


def _aligner_for(store: KnowledgeGraph) -> RelationAligner:
    """One relation aligner per store (its property index takes a moment to build)."""
    try:
        aligner = _ALIGNERS.get(store)
        if aligner is None:
            aligner = _ALIGNERS[store] = RelationAligner(store)
        return aligner
    except TypeError:  # a store that cannot be weakly referenced
        return RelationAligner(store)


def _calibrate(scores: list[float], lexical: bool) -> list[float]:
    if lexical:  # BM25 fallback: already max-normalised
        return scores
    out = []
    for s in scores:
        cos = 2.0 * s - 1.0
        out.append(min(1.0, max(0.0, (cos - COS_LOW) / (COS_HIGH - COS_LOW))))
    return out


def _finish(p: Passage, flagged: bool) -> Passage:
    """Apply the injection rule: a flagged passage keeps no stance and little confidence."""
    if not flagged:
        return p
    reason = "contains instruction-like text; treated as data, never as evidence on its own"
    return p.model_copy(
        update={
            "injection_suspected": True,
            "stance": "neutral",
            "confidence": min(p.confidence, INJECTION_CAP),
            "reason": f"{reason}; {p.reason}" if p.reason else reason,
        }
    )


def _local_fine(
    claim: str,
    candidates: Sequence[Passage],
    *,
    store: KnowledgeGraph | None,
    aligner: RelationAligner | None,
    min_relevance: float,
) -> list[Passage]:
    if aligner is None and store is not None:
        aligner = _aligner_for(store)
    per_passage = [split_sentences(p.text) or [p.text] for p in candidates]
    flat = list(dict.fromkeys(s for sents in per_passage for s in sents))
    scorer = get_embedder()
    relevance = dict(
        zip(
            flat,
            _calibrate(rank_texts(claim, flat, scorer), isinstance(scorer, BM25Scorer)),
            strict=True,
        )
    )
    claim_analysis = decompose(claim, aligner)
    linker = EntityLinker(store) if store is not None else None
    chosen: list[tuple[Passage, str, float, bool]] = []
    for p, sents in zip(candidates, per_passage, strict=True):
        flagged = any(looks_like_injection(s) for s in sents)
        clean = [s for s in sents if not looks_like_injection(s)] or sents
        best = max(clean, key=lambda s: relevance[s])
        if relevance[best] >= min_relevance:
            chosen.append((p, best, relevance[best], flagged))
    analyses = dict(
        zip(
            (b for _, b, _, _ in chosen),
            decompose_many([b for _, b, _, _ in chosen], aligner),
            strict=False,
        )
    )
    out = []
    for p, best, rel, flagged in chosen:
        stance, strength, reason = local_stance(claim, claim_analysis, best, analyses[best], linker)
        kept = p.model_copy(
            update={
                "sentence": best,
                "stance": stance,
                "confidence": round(rel * strength, 4),
                "method": "local",
                "reason": reason,
            }
        )
        out.append(_finish(kept, flagged))
    return out


# -- fine: LLM (prompt and answer shape in kgfc.llm.prompts) ---------------------------------


def _llm_fine(
    claim: str,
    candidates: Sequence[Passage],
    llm: LLM,
    *,
    missing: str | None,
    counters: Counters,
    min_confidence: float,
) -> list[Passage]:
    texts = [p.text for p in candidates]
    out = llm.complete_json(
        filter_messages(claim, texts, missing),
        FilterOutput,
        counters=counters,
        name="filter",
        max_tokens=filter_max_tokens(len(texts)),
        schema_json=filter_schema(len(texts)),
    )
    seen: set[int] = set()
    kept = []
    for j in out.passages:
        if not 1 <= j.id <= len(candidates) or j.id in seen or not j.relevant:
            continue
        seen.add(j.id)
        p = candidates[j.id - 1]
        sents = split_sentences(p.text) or [p.text]
        flagged = j.injection or any(looks_like_injection(s) for s in sents)
        quote = _verbatim(j.quote, sents) or _best_overlap(claim, sents)
        judged = p.model_copy(
            update={
                "sentence": quote,
                "stance": j.stance,
                "confidence": round(j.confidence, 4),
                "method": f"llm:{llm.model}",
                "reason": "judged by the LLM",
            }
        )
        judged = _finish(judged, flagged)
        if judged.confidence >= min_confidence or judged.injection_suspected:
            kept.append(judged)
    return kept


def _verbatim(quote: str, sentences: Sequence[str]) -> str | None:
    """The passage sentence the model quoted, when it really is in the passage."""
    q = normalise(quote)
    if not q:
        return None
    for s in sentences:
        n = normalise(s)
        if q == n or (len(q) >= 20 and q in n):
            return s
    return None


def _best_overlap(claim: str, sentences: Sequence[str]) -> str:
    words = content_words(claim)
    return max(sentences, key=lambda s: len(words & content_words(s)))


# -- the whole filter -----------------------------------------------------------------------


def fine_filter(
    claim: str,
    candidates: Sequence[Passage],
    *,
    llm: LLM | None = None,
    missing: str | None = None,
    counters: Counters | None = None,
    store: KnowledgeGraph | None = None,
    aligner: RelationAligner | None = None,
    min_relevance: float = MIN_RELEVANCE,
) -> list[Passage]:
    """Keep the candidates relevant to the claim, each with a stance and a confidence.

    With ``llm``, one call judges all candidates; if it fails (after the
    client's own retries), the local judge takes over and the failure is
    logged. ``store`` (and ``aligner``) let the local judge link names to KG
    entities ("Obama" and "Barack Obama" are one person, "Michelle Obama"
    another). Results are best first, one per (document, sentence).
    """
    if not candidates:
        return []
    counters = counters if counters is not None else Counters()
    kept: list[Passage] | None = None
    if llm is not None:
        try:
            kept = _llm_fine(
                claim,
                candidates,
                llm,
                missing=missing,
                counters=counters,
                min_confidence=min_relevance * NEUTRAL,
            )
        except LLMError as exc:
            log.warning("fine filter: the LLM failed (%s); judging passages locally", exc)
    if kept is None:
        kept = _local_fine(
            claim, candidates, store=store, aligner=aligner, min_relevance=min_relevance
        )
    best: dict[tuple[str, str], Passage] = {}
    for p in kept:
        key = (p.source_id, normalise(p.sentence or p.text))
        if key not in best or p.confidence > best[key].confidence:
            best[key] = p
    return sorted(best.values(), key=lambda p: (-p.confidence, -p.score, p.source_id, p.position))


def filter_passages(
    claim: str,
    documents: Iterable[Any],
    *,
    missing: str | None = None,
    llm: LLM | None = None,
    top_n: int = TOP_N,
    counters: Counters | None = None,
    store: KnowledgeGraph | None = None,
    aligner: RelationAligner | None = None,
) -> list[Passage]:
    """Coarse-to-fine: :func:`coarse_rank` then :func:`fine_filter`."""
    candidates = coarse_rank(claim, documents, missing=missing, top_n=top_n)
    return fine_filter(
        claim,
        candidates,
        llm=llm,
        missing=missing,
        counters=counters,
        store=store,
        aligner=aligner,
    )


__all__ = [
    "Document",
    "Passage",
    "coarse_rank",
    "filter_passages",
    "fine_filter",
]
