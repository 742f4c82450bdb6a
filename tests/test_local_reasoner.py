"""The local reasoner on small Turtle fixtures loaded into an in-memory store.

tests/data/reasoner_people.ttl: Obama's family and places, plus 25 generated
people, so the KG's own statistics make place of birth (P19) functional and
occupation (P106) not, and give P19 a known range (cities, states).
tests/data/reasoner_rules.ttl: 24 people whose citizenship is the country of
their birthplace, enough for the mined rule (x P19 z) & (z P17 y) => (x P27 y).
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

import pytest

from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.models import ClaimTriple, Counters, EvidenceFact, Fact, VerdictLabel
from kgfc.nlp.values import DateValue, NumberValue, compare, parse_claim_value, parse_literal
from kgfc.pipeline.api import TripleCheck, verify_triple
from kgfc.reason.base import Reasoner
from kgfc.reason.kgstats import stats_for
from kgfc.reason.llm_reasoner import LLMReasoner
from kgfc.reason.local import LocalReasoner, overlap_scores
from kgfc.reason.rules import Atom, mine_rules, rules_for
from kgfc.reason.triple_check import gather_triple_evidence

DATA = Path(__file__).parent / "data"
S, R, N = VerdictLabel.SUPPORTED, VerdictLabel.REFUTED, VerdictLabel.NEI


@pytest.fixture(scope="module")
def people():
    store = OxigraphStore()
    store.load_file(DATA / "reasoner_people.ttl")
    return store


@pytest.fixture(scope="module")
def rules_store():
    store = OxigraphStore()
    store.load_file(DATA / "reasoner_rules.ttl")
    return store


def check(store, s, p, o, **kw) -> TripleCheck:
    result = verify_triple(store, s, p, o, LocalReasoner(store), **kw)
    assert_grounded(result)
    return result


def assert_grounded(result: TripleCheck) -> None:
    """Cited ids come from the evidence, and the justification quotes every cited fact."""
    ids = {e.id for e in result.evidence}
    assert set(result.verdict.cited) <= ids
    by_id = {e.id: e for e in result.evidence}
    for cid in result.verdict.cited:
        assert by_id[cid].text in result.verdict.justification


def cited_texts(result: TripleCheck) -> list[str]:
    by_id = {e.id: e for e in result.evidence}
    return [by_id[c].text for c in result.verdict.cited]


# -- support -------------------------------------------------------------------


def test_local_reasoner_implements_the_protocol():
    assert isinstance(LocalReasoner(), Reasoner)
    assert LocalReasoner().name == "local"


def test_every_reasoner_takes_the_protocols_verdict_parameters():
    """The loop passes ``forced`` to any reasoner, so each one must take what the protocol names."""
    wanted = inspect.signature(Reasoner.verdict).parameters
    assert "forced" in wanted
    for cls in (LocalReasoner, LLMReasoner):
        assert inspect.signature(cls.verdict).parameters.keys() == wanted.keys(), cls


def test_direct_fact_is_supported(people):
    r = check(people, "Q76", "P19", "Q18094")
    assert r.verdict.label == S
    assert r.verdict.confidence == pytest.approx(0.95)
    assert cited_texts(r) == ["Barack Obama place of birth Honolulu"]


def test_located_in_chain_supports_born_in_hawaii(people):
    r = check(people, "Q76", "P19", "Q782")
    assert r.verdict.label == S
    assert r.verdict.confidence == pytest.approx(0.85)
    assert cited_texts(r) == [
        "Barack Obama place of birth Honolulu",
        "Honolulu located in the administrative territorial entity Hawaii",
    ]
    assert r.verdict.path == cited_texts(r)


def test_longer_chain_reaches_the_country(people):
    r = check(people, "Q76", "P19", "Q30")
    assert r.verdict.label == S
    assert "Hawaii country United States of America" in cited_texts(r)


def test_same_as_alias_supports(people):
    r = check(people, "Q900003", "P19", "Q18094")
    assert r.verdict.label == S
    assert r.verdict.confidence == pytest.approx(0.9)
    assert "Barack H. Obama sameAs Barack Obama" in " ".join(cited_texts(r)).replace(V.OWL, "")


def test_said_to_be_the_same_as_supports(people):
    r = check(people, "Q76", "P19", "Q900004")
    assert r.verdict.label == S
    assert "Honolulu CDP said to be the same as Honolulu" in cited_texts(r)


def test_symmetric_spouse_is_supported(people):
    r = check(people, "Q13133", "P26", "Q76")  # only Obama -> Michelle is stated
    assert r.verdict.label == S
    assert r.verdict.confidence == pytest.approx(0.9)
    assert cited_texts(r) == ["Barack Obama spouse Michelle Obama"]


def test_inverse_capital_of_and_child(people):
    r = check(people, "Q61", "P1376", "Q30")
    assert r.verdict.label == S
    assert cited_texts(r) == ["United States of America capital Washington, D.C."]
    r = check(people, "Q76", "P40", "Q15070044")
    assert r.verdict.label == S
    assert cited_texts(r) == ["Malia Obama father Barack Obama"]


# -- refutation ----------------------------------------------------------------


def test_functionality_is_estimated_from_the_kg(people):
    stats = stats_for(people)
    p19 = stats.functionality(V.WDT + "P19")
    p106 = stats.functionality(V.WDT + "P106")
    assert p19.source == "kg" and p19.value == 1.0 and p19.subjects >= 25
    assert p106.source == "kg" and p106.value < 0.5


def test_functional_conflict_refutes(people):
    r = check(people, "Q76", "P19", "Q1297")  # born in Chicago
    assert r.verdict.label == R
    assert r.verdict.confidence == pytest.approx(0.8)
    assert cited_texts(r) == ["Barack Obama place of birth Honolulu"]
    assert "single-valued" in r.verdict.justification


_ILL = """@prefix wd: <http://www.wikidata.org/entity/> .
@prefix wdt: <http://www.wikidata.org/prop/direct/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
wd:Q900100 rdfs:label "tuberculosis"@en ; wdt:P31 wd:Q12136 .
wd:Q900101 rdfs:label "poliomyelitis"@en ; wdt:P31 wd:Q12136 .
wd:Q900102 rdfs:label "Vienna"@en .
wd:Q900103 rdfs:label "Graz"@en .
"""


def test_a_cumulative_property_never_refutes_however_single_it_looks(tmp_path):
    """Every person of the KG has one recorded illness (and one birthplace): the measure
    makes both single-valued, but a second illness is no conflict, a second birthplace is."""
    people = "".join(
        f'wd:Q9002{i:02d} rdfs:label "Person {i}"@en ; wdt:P1050 wd:Q900100 ; '
        "wdt:P19 wd:Q900102 .\n"
        for i in range(15)
    )
    path = tmp_path / "ill.ttl"
    path.write_text(_ILL + people)
    store = OxigraphStore()
    store.load_file(path)
    stats = stats_for(store)
    assert stats.functionality(V.WDT + "P1050") is None  # medical condition: cumulative
    assert stats.functionality(V.WDT + "P19").functional
    assert check(store, "Q900200", "P1050", "Q900101").verdict.label == N
    assert check(store, "Q900200", "P1050", "Q900100").verdict.label == S
    assert check(store, "Q900200", "P19", "Q900103").verdict.label == R


def test_other_occupation_does_not_refute(people):
    r = check(people, "Q76", "P106", "Q36180")  # writer; the KG says politician, lawyer
    assert r.verdict.label == N


def test_more_specific_claim_is_not_a_conflict(people):
    r = check(people, "Q900001", "P19", "Q18094")  # KG: born in Hawaii; claim: Honolulu
    assert r.verdict.label == N


def test_date_mismatch_refutes_and_match_supports(people):
    r = check(people, "Q76", "P569", "1962")
    assert r.verdict.label == R
    assert r.verdict.confidence == pytest.approx(0.9)
    assert cited_texts(r) == ["Barack Obama date of birth 1961-08-04T00:00:00Z"]
    for text in ("1961", "4 August 1961", "August 1961", "1961-08-04"):
        assert check(people, "Q76", "P569", text).verdict.label == S, text
    assert check(people, "Q76", "P569", "5 August 1961").verdict.label == R


def test_type_clash_refutes_with_low_confidence(people):
    r = check(people, "Q900002", "P19", "Q13133")  # born in Michelle Obama (a human)
    assert r.verdict.label == R
    assert r.verdict.confidence == pytest.approx(0.6)
    assert "type clash" in r.verdict.justification
    assert cited_texts(r) == ["Michelle Obama instance of human"]


def test_negation_flips(people):
    assert check(people, "Q76", "P19", "Q1297", negated=True).verdict.label == S
    assert check(people, "Q76", "P19", "Q18094", negated=True).verdict.label == R
    assert check(people, "Q76", "P106", "Q36180", negated=True).verdict.label == N


def test_nothing_relevant_is_not_enough_info(people):
    r = check(people, "Q76", "P40", "Q900002")
    assert r.verdict.label == N
    assert r.verdict.confidence == pytest.approx(0.5)


def test_empty_evidence_is_nei_and_cites_nothing():
    t = ClaimTriple(
        subject="Barack Obama",
        relation="place of birth",
        object="Honolulu",
        subject_id=V.WD + "Q76",
        relation_ids=[V.WDT + "P19"],
        object_id=V.WD + "Q18094",
    )
    v = LocalReasoner().verdict("Obama was born in Honolulu", [t], [], Counters())
    assert v.label == N and v.cited == []
    assert "No evidence" in v.justification


# -- mined rules -----------------------------------------------------------------


def test_mined_rule_entails_support(rules_store):
    ruleset = rules_for(rules_store)
    rule = next(
        r
        for r in ruleset.for_head(V.WDT + "P27")
        if r.body == (Atom(V.WDT + "P19"), Atom(V.WDT + "P17"))
    )
    assert rule.support >= 20 and rule.confidence == pytest.approx(1.0)
    r = check(rules_store, "Q930999", "P27", "Q940000")  # Ada: born in City 0, in Country 0
    assert r.verdict.label == S
    assert r.verdict.confidence == pytest.approx(0.85)  # capped below a stated chain
    assert cited_texts(r) == ["Ada Example place of birth City 0", "City 0 country Country 0"]
    assert "place of birth" in r.verdict.path[-1] and "=>" in r.verdict.path[-1]


def test_rules_never_refute_on_their_own(rules_store):
    r = check(rules_store, "Q930999", "P27", "Q940001")
    assert r.verdict.label == N


def test_without_rules_the_same_claim_is_nei(rules_store):
    res = verify_triple(
        rules_store, "Q930999", "P27", "Q940000", LocalReasoner(rules_store, use_rules=False)
    )
    assert res.verdict.label == N


def test_mine_rules_counts_support_and_pca_confidence():
    wd, wdt = V.WD, V.WDT
    facts = []
    for i in range(30):  # 30 couples stated one way, 25 of them both ways
        a, b = f"{wd}Q{1000 + i}", f"{wd}Q{2000 + i}"
        facts.append((a, wdt + "P26", b))
        if i < 25:
            facts.append((b, wdt + "P26", a))
        else:  # the other 5 partners have another spouse, so under PCA they count against the rule
            facts.append((b, wdt + "P26", f"{wd}Q{3000 + i}"))
    rs = mine_rules(facts, min_support=20, min_confidence=0.5)
    sym = next(r for r in rs.for_head(wdt + "P26") if r.body == (Atom(wdt + "P26", True),))
    assert sym.support == 50  # 25 pairs, both directions
    assert (
        sym.body_size == 55
    )  # the 3000s have no spouse at all: not counted (partial completeness)
    assert sym.confidence == pytest.approx(50 / 55)


# -- evidence hygiene ------------------------------------------------------------


def test_citations_are_a_subset_of_evidence_on_hand_built_evidence():
    f = Fact(
        subject=V.WD + "Q76",
        predicate=V.WDT + "P19",
        object=V.WD + "Q18094",
        subject_label="Barack Obama",
        predicate_label="place of birth",
        object_label="Honolulu",
    )
    g = Fact(
        subject=V.WD + "Q18094",
        predicate=V.WDT + "P131",
        object=V.WD + "Q782",
        subject_label="Honolulu",
        predicate_label="located in",
        object_label="Hawaii",
    )
    ev = [
        EvidenceFact(id="E7", fact=f, text=f.verbalise()),
        EvidenceFact(id="E9", fact=g, text=g.verbalise()),
    ]
    t = ClaimTriple(
        subject="Obama",
        relation="born in",
        object="Hawaii",
        subject_id=V.WD + "Q76",
        relation_ids=["P19"],
        object_id=V.WD + "Q782",
    )
    v = LocalReasoner().verdict("Obama was born in Hawaii", [t], ev, Counters())
    assert v.label == S and v.cited == ["E7", "E9"]
    assert "Barack Obama place of birth Honolulu" in v.justification


def test_unlinked_object_text_is_matched_by_label():
    f = Fact(
        subject=V.WD + "Q76",
        predicate=V.WDT + "P19",
        object=V.WD + "Q18094",
        subject_label="Barack Obama",
        predicate_label="place of birth",
        object_label="Honolulu",
    )
    ev = [EvidenceFact(id="E1", fact=f, text=f.verbalise())]
    t = ClaimTriple(
        subject="Obama",
        relation="born in",
        object="Honolulu",
        subject_id=V.WD + "Q76",
        relation_ids=[V.WDT + "P19"],
    )
    v = LocalReasoner().verdict("Obama was born in Honolulu", [t], ev, Counters())
    assert v.label == S and v.cited == ["E1"]


def test_conjunction_of_triples(people):
    ev = gather_triple_evidence(people, "Q76", "P19", "Q18094") + [
        e.model_copy(update={"id": f"X{e.id}"})
        for e in gather_triple_evidence(people, "Q76", "P569", None)
    ]
    born = ClaimTriple(
        subject="Obama",
        relation="born in",
        object="Honolulu",
        subject_id=V.WD + "Q76",
        relation_ids=[V.WDT + "P19"],
        object_id=V.WD + "Q18094",
    )
    year = ClaimTriple(
        subject="Obama",
        relation="born in",
        object="1962",
        subject_id=V.WD + "Q76",
        relation_ids=[V.WDT + "P569"],
    )
    reasoner = LocalReasoner(people)
    assert reasoner.verdict("c", [born], ev, Counters()).label == S
    both = reasoner.verdict("c", [born, year.model_copy(update={"object": "1961"})], ev, Counters())
    assert both.label == S
    wrong = reasoner.verdict("c", [born, year], ev, Counters())
    assert wrong.label == R and set(wrong.cited) <= {e.id for e in ev}


def test_evidence_is_numbered_and_ranked(people):
    ev = gather_triple_evidence(people, "Q76", "P19", "Q782")
    assert [e.id for e in ev] == [f"E{i}" for i in range(1, len(ev) + 1)]
    assert ev[0].score >= ev[-1].score
    assert all(e.fact.source for e in ev)  # every fact keeps its source graph


# -- ranking ---------------------------------------------------------------------


def test_rank_falls_back_to_token_overlap(monkeypatch):
    monkeypatch.setitem(sys.modules, "kgfc.nlp.embed", None)  # import fails
    scores = LocalReasoner().rank(
        "Barack Obama was born in Honolulu",
        [
            "Barack Obama place of birth Honolulu",
            "Michelle Obama spouse Barack Obama",
            "Hawaii country USA",
        ],
        Counters(),
    )
    assert scores[0] > scores[1] > scores[2] == 0.0
    assert all(0.0 <= s <= 1.0 for s in scores)


def test_overlap_scores_edge_cases():
    assert overlap_scores("", ["a b"]) == [0.0]
    assert overlap_scores("Obama", []) == []


# -- values ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1961", DateValue(1961)),
        ("in 1961", DateValue(1961)),
        ("4 August 1961", DateValue(1961, 8, 4)),
        ("August 4, 1961", DateValue(1961, 8, 4)),
        ("August 1961", DateValue(1961, 8)),
        ("1961-08-04", DateValue(1961, 8, 4)),
        ("44 BC", DateValue(-44)),
        ("the 1960s", DateValue(1960, decade=True)),
        ("3.5 million", NumberValue(3.5e6, 5e4)),
        ("Honolulu", None),
    ],
)
def test_parse_claim_value(text, expected):
    assert parse_claim_value(text) == expected


def test_compare_dates_and_numbers():
    kg = parse_literal("1961-08-04T00:00:00Z", V.XSD + "dateTime")
    assert compare(DateValue(1961), kg) is True
    assert compare(DateValue(1962), kg) is False
    assert compare(DateValue(1961, 8, 5), kg) is False
    year_only = parse_literal("1961-01-01T00:00:00Z", V.XSD + "dateTime")  # Wikidata year precision
    assert compare(DateValue(1961, 8, 4), year_only) is None
    assert compare(DateValue(1960, decade=True), kg) is True
    assert compare(parse_claim_value("8.3 million"), NumberValue(8_336_817)) is True
    assert compare(parse_claim_value("9 million"), NumberValue(8_336_817)) is False


def test_rules_of_an_on_disk_store_are_cached_across_processes(tmp_path, monkeypatch):
    import kgfc.reason.rules as rules_mod

    with OxigraphStore(tmp_path / "store") as store:
        store.load_file(DATA / "reasoner_rules.ttl")
        first = rules_for(store)
        folder = store.cache_dir("rules")
    assert folder is not None and len(list(folder.glob("*.json"))) == 1

    def no_mining(*a, **k):
        raise AssertionError("mined again instead of reading the cache")

    monkeypatch.setattr(rules_mod, "mine_store_rules", no_mining)
    with OxigraphStore(
        tmp_path / "store"
    ) as store:  # a new store object: only the disk cache can answer
        again = rules_for(store)
    assert [r.describe() for r in again.all()] == [r.describe() for r in first.all()]


def test_statistics_outlive_a_few_added_facts_but_not_a_load_or_a_removal():
    """A web page's facts do not make the whole-store aggregates run again; a load does."""
    from kgfc.models import Source, SourceKind

    store = OxigraphStore()
    store.load_file(DATA / "reasoner_people.ttl")
    first = stats_for(store)
    size = len(store)
    page = Source(iri="https://example.org/page", kind=SourceKind.WEB, title="a page")
    store.add_source(
        page, [Fact(subject=V.WD + "Q76", predicate=V.WDT + "P69", object=V.WD + "Q1")]
    )
    assert store.added_since_wholesale >= 1
    assert stats_for(store) is first  # one fact: the estimates stand
    # facts added a write at a time past 5 % of the store: computed again
    many = [
        Fact(subject=V.WD + f"Q9{i:04d}", predicate=V.WDT + "P19", object=V.WD + "Q1297")
        for i in range(int(0.05 * size) + 2)
    ]
    store.add_source(
        Source(iri="https://example.org/more", kind=SourceKind.WEB, title="more"), many
    )
    second = stats_for(store)
    assert second is not first
    # a removal (or a load) is wholesale: computed again whatever its size
    store.retract("https://example.org/page")
    assert store.added_since_wholesale == 0
    assert stats_for(store) is not second
