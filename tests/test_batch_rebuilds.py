"""Issue 16, point 5: text claims, the agent path (with web pages entering the KG) and
`kg ingest` batches compute each whole-store aggregate at most once, never once per item.

The store counts aggregate computations (``store.aggregate_builds``: label index, cached
aggregate queries, the rule-grounding fact index, mined rules); each test warms up on the
first item and asserts that the following items add none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.pipeline.api import FactChecker
from kgfc.settings import load_settings

pytest.importorskip("spacy")

DOCS = {
    "ford": "Gerald Ford was born in Omaha, Nebraska. Gerald Ford studied law at Yale.",
    "blair": "Tony Blair was born in Edinburgh. Tony Blair studied law at Oxford.",
    "curie": "Marie Curie was born in Warsaw. Marie Curie won the Nobel Prize in Physics.",
    "obama": "Barack Obama was born in Honolulu. Barack Obama studied law at Harvard.",
    "paris": "Paris is the capital of France. Paris is located on the Seine.",
    "einstein": "Albert Einstein was born in Ulm. Albert Einstein worked in Bern.",
}


@pytest.fixture(scope="module")
def demo_path(tmp_path_factory, demo_kg_copy):
    return demo_kg_copy(tmp_path_factory.mktemp("rebuilds") / "store")


@pytest.fixture
def store(demo_path, tmp_path):
    import shutil

    copy = tmp_path / "store"
    shutil.copytree(demo_path, copy)
    with OxigraphStore(copy) as s:
        yield s


def corpus(tmp_path, names):
    d = tmp_path / "corpus"
    d.mkdir(exist_ok=True)
    for name in names:
        (d / f"{name}.txt").write_text(DOCS[name], encoding="utf-8")
    return d


@pytest.mark.slow
def test_a_batch_of_text_claims_rebuilds_nothing_after_the_first(store):
    checker = FactChecker(store, settings=load_settings(offline=True), record=True)
    claims = [
        "Gerald Ford was born in Omaha.",
        "Tony Blair was born in London.",
        "Paris is the capital of France.",
        "Barack Obama was born in Kenya.",
        "Marie Curie was born in Warsaw.",
        "Albert Einstein was born in Ulm.",
    ]
    list(checker.verify_many(claims[:3], chunk=2))  # warm-up: each aggregate at most once
    builds = dict(store.aggregate_builds)
    assert all(n == 1 for n in builds.values()), builds
    out = list(checker.verify_many(claims * 2, chunk=4))  # new claims, then the same re-recorded
    assert len(out) == 12 and all(r.claim_iri for r in out)
    assert dict(store.aggregate_builds) == builds


@pytest.mark.slow
def test_the_agent_path_adding_web_pages_rebuilds_nothing_per_claim(store, tmp_path):
    docs = corpus(tmp_path, ["ford", "blair", "curie", "einstein"])
    settings = load_settings(offline=True, web=True, search_provider=f"local:{docs}")
    agent = FactChecker.from_settings(settings, store=store, record=True)
    claims = [
        "Gerald Ford studied law at Yale.",
        "Tony Blair studied law at Oxford.",
        "Marie Curie won the Nobel Prize in Physics.",
        # a claim the KG cannot decide, so that it searches: not "worked in Bern", which
        # the entity-anchored reading (kgfc/nlp/anchored.py) finds stated as employer
        "Albert Einstein visited Bern.",
    ]
    gen = store.generation
    searched = 0
    for i, claim in enumerate(claims):
        searched += agent.verify(claim, id=f"w{i}").counters.search_calls
    assert searched >= 3 and store.generation >= gen + 3  # the web pages went into the KG
    # each aggregate computed at most once for the whole batch, though the KG changed per claim
    assert all(n <= 1 for n in store.aggregate_builds.values()), dict(store.aggregate_builds)


def test_a_kg_ingest_batch_rebuilds_nothing_per_document(store, tmp_path):
    from kgfc.web.integrate import WebKGIntegrator

    docs = corpus(tmp_path, list(DOCS))
    seen: list[dict] = []
    integrator = WebKGIntegrator(store, None, settings=load_settings(offline=True))
    try:
        report = integrator.ingest(
            [docs], progress=lambda done, total: seen.append(dict(store.aggregate_builds))
        )
    finally:
        integrator.close()
    assert report.documents == len(DOCS) and report.triples_added >= 3
    assert len(seen) == len(DOCS)
    assert all(s == seen[0] for s in seen), seen  # what the first document built, no more
    assert all(n <= 1 for n in seen[-1].values()), seen[-1]


def test_a_page_added_mid_batch_does_not_re_mine_the_rules(store):
    """Mined rules, like the property statistics and the completion index, describe the store as
    of their first use in a process: a web page or document added by the batch does not make
    every later claim re-mine 200k facts (a new process, or ``refresh``, sees the new KG)."""
    from kgfc.kg import vocab as V
    from kgfc.models import Fact, Source, SourceKind
    from kgfc.reason.rules import rules_for

    rules = rules_for(store)
    for i in range(3):
        store.add_source(
            Source(
                iri=V.KGFC_SOURCE + f"web/test-{i}",
                kind=SourceKind.WEB,
                location=f"https://example.org/{i}",
            ),
            [Fact(subject=V.WD + "Q76", predicate=V.WDT + "P69", object=V.WD + f"Q{900 + i}")],
        )
        assert rules_for(store) is rules
    assert store.aggregate_builds["rules"] == 0


def test_stable_rows_are_shared_across_small_additions_not_a_removal():
    from kgfc.kg import vocab as V
    from kgfc.kg.aggregates import stable_rows
    from kgfc.models import Fact, Source, SourceKind

    s = OxigraphStore()  # in memory: every run_cached computes
    s.load_file(Path(__file__).parent / "data" / "properties.ttl")
    first = stable_rows(s, "property_functionality")
    page = Source(iri="https://example.org/p", kind=SourceKind.WEB, title="a page")
    s.add_source(page, [Fact(subject=V.WD + "Q1", predicate=V.WDT + "P106", object=V.WD + "Q2")])
    # a second reader, after a small addition: the same rows, not a second computation
    assert stable_rows(s, "property_functionality") is first
    assert s.aggregate_builds["property_functionality"] == 1
    s.retract("https://example.org/p")
    stable_rows(s, "property_functionality")
    assert s.aggregate_builds["property_functionality"] == 2


def test_the_store_is_counted_once_per_generation(monkeypatch):
    """Counting an Oxigraph store walks every quad: the aggregates a check reads share one count."""
    from kgfc.kg import vocab as V
    from kgfc.kg.aggregates import snapshot, stable_rows
    from kgfc.models import Fact, Source, SourceKind

    s = OxigraphStore()
    s.load_file(Path(__file__).parent / "data" / "properties.ttl")
    counted = []
    real_len = OxigraphStore.__len__
    monkeypatch.setattr(OxigraphStore, "__len__", lambda self: counted.append(1) or real_len(self))
    for name in ("property_functionality", "all_labels"):
        stable_rows(s, name)
    assert snapshot(s)[3] == real_len(s) and len(counted) == 1
    page = Source(iri="https://example.org/p", kind=SourceKind.WEB, title="a page")
    s.add_source(page, [Fact(subject=V.WD + "Q1", predicate=V.WDT + "P106", object=V.WD + "Q2")])
    assert snapshot(s)[3] == real_len(s) and len(counted) == 2  # a new generation: counted again


def test_a_new_process_reads_the_store_size_back_until_the_knowledge_changes(tmp_path, monkeypatch):
    """A one-shot command on an unchanged store does not walk every quad to count them."""
    from kgfc.kg import vocab as V
    from kgfc.kg.aggregates import snapshot, store_size
    from kgfc.models import Fact, Source, SourceKind

    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(Path(__file__).parent / "data" / "properties.ttl")
        first = store_size(s)
        assert first == len(s) > 0
    counted = []
    real_len = OxigraphStore.__len__
    monkeypatch.setattr(OxigraphStore, "__len__", lambda self: counted.append(1) or real_len(self))
    with OxigraphStore(path) as s:  # as the next command opens it
        assert snapshot(s)[3] == first and counted == []
        page = Source(iri="https://example.org/p", kind=SourceKind.WEB, title="a page")
        s.add_source(
            page, [Fact(subject=V.WD + "Q1", predicate=V.WDT + "P106", object=V.WD + "Q2")]
        )
        grown = store_size(s)
        assert grown == real_len(s) > first and len(counted) == 1  # a new version: counted
    with OxigraphStore(path) as s:
        assert store_size(s) == grown and len(counted) == 1  # ... once
