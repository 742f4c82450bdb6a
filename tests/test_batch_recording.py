"""Recording verdicts is lean and never throws away whole-store aggregates (issue 16).

Bookkeeping (claims, verdicts, trajectories, memory links) lives in claim
graphs; knowledge caches key on the store's knowledge generation/version,
which only knowledge writes move. The store counts aggregate builds.
"""

from __future__ import annotations

import pyoxigraph as ox
import pytest

from kgfc.kg import vocab as V
from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.verdicts import record_verdict
from kgfc.reason.kgstats import stats_for
from kgfc.reason.rules import rules_for
from kgfc.settings import load_settings
from kgfc.verify.api import FactChecker, verify_triple

WD, WDT = V.WD, V.WDT


@pytest.fixture(scope="module")
def demo():
    store = OxigraphStore()
    ensure_demo(store)
    return store


def test_a_recorded_one_triple_claim_is_at_most_30_quads(demo):
    check = verify_triple(demo, WD + "Q76", WDT + "P19", WD + "Q18094")
    assert len(check.evidence) > 3  # it weighed more than it cites
    before = len(demo)
    iri = record_verdict(
        demo, "lean-1", "Obama was born in Honolulu.", check.verdict, check.evidence, "local"
    )
    added = len(demo) - before
    assert 0 < added <= 30, added
    # `kg evidence` still has what it shows: the cited fact with its source
    rows = demo.run("claim_evidence", bindings={"claimId": ox.Literal("lean-1")})
    assert {r["claim"] for r in rows} == {iri}
    cited = [r for r in rows if r["cited"] == "true"]
    assert cited and all(r["source"] and r["evidenceId"].startswith("E") for r in cited)


def test_recording_and_re_recording_rebuild_no_aggregate(demo):
    verifier = FactChecker(demo, settings=load_settings(offline=True), record=True)
    claims = [
        "Tony Blair was born in London.",
        "Gerald Ford was born in Omaha.",
        "Paris is in Germany.",
    ]
    for i, text in enumerate(claims):  # first use builds what these claims need, once
        verifier.verify(text, id=f"warm{i}")
    stats_for(demo)
    rules = rules_for(demo)
    builds = dict(demo.aggregate_builds)
    gen, key = demo.generation, demo.knowledge_key()
    index = demo.label_index()
    for round_ in range(2):  # the second round re-records the same ids
        for i, text in enumerate(claims):
            r = verifier.verify(text, id=f"b{i}")
            assert r.claim_iri
        demo_check = verify_triple(demo, WD + "Q76", WDT + "P19", WD + "Q18094")
        record_verdict(demo, f"t{round_}", "x", demo_check.verdict, demo_check.evidence, "local")
    assert dict(demo.aggregate_builds) == builds
    assert (demo.generation, demo.knowledge_key()) == (gen, key)
    assert demo.label_index() is index and rules_for(demo) is rules
    # bookkeeping is not knowledge: labels and facts do not count claims
    s = demo.stats()
    assert s.claims >= 5
    assert s.labels == int(demo.run("stats_labels")[0]["labels"])
    assert not any(h.entity.startswith(V.KGFC_CLAIM) for h in demo.search_labels("Omaha", limit=50))


def test_knowledge_version_survives_reopen_and_moves_only_with_knowledge(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        key = s.knowledge_key()
        check = verify_triple(s, WD + "Q76", WDT + "P19", WD + "Q18094")
        record_verdict(s, "c1", "x", check.verdict, check.evidence, "local")
        assert s.knowledge_key() == key
    with OxigraphStore(path, read_only=True) as r:
        assert r.knowledge_key() == key  # another process keys its caches the same way
    with OxigraphStore(path) as s:
        assert s.knowledge_key() == key
        [claim] = [x.iri for x in s.sources() if x.kind.value == "claim"]
        s.retract(claim)
        assert s.knowledge_key() == key  # bookkeeping
        s.retract(next(x.iri for x in s.sources() if x.kind.value == "file"))
        assert s.knowledge_key() != key


def test_an_interrupted_knowledge_write_invalidates_caches(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        key = s.knowledge_key()
        s._begin_knowledge_change()  # test-only: as if the process died mid-write
        assert s.knowledge_key() != s.knowledge_key()  # nothing is cached under a write
    with OxigraphStore(path) as s:
        assert s.knowledge_key() not in (key, "")
        assert s.knowledge_key() == s.knowledge_key()


def test_disk_caches_are_read_not_rebuilt_by_a_new_process(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        s.stats()
        assert s.aggregate_builds["stats_facts"] == 1
    with OxigraphStore(path) as s:
        check = verify_triple(s, WD + "Q76", WDT + "P19", WD + "Q18094")
        record_verdict(s, "c1", "x", check.verdict, check.evidence, "local")
        s.stats()
        assert s.aggregate_builds["stats_facts"] == 0  # cold start reads the cache
