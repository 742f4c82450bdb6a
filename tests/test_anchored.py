"""The entity-anchored fallback (kgfc/nlp/anchored.py): relation phrases no table names.

A tiny store (tests/data/properties.ttl for the property labels, plus 30
generated people with an occupation, a birthplace, a place of death and a
language) and a scripted embedder whose similarities are written out below,
so every case says why it must read as it does. One case runs the real
MiniLM model when it is installed.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("spacy")

from kgfc.errors import ConfigError  # noqa: E402
from kgfc.kg import properties  # noqa: E402
from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.linking import EntityLinker  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.models import ClaimTriple, VerdictLabel  # noqa: E402
from kgfc.nlp import anchored, embed, spacy_pipeline  # noqa: E402
from kgfc.nlp.alignment import RelationAligner  # noqa: E402
from kgfc.pipeline.api import FactChecker  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402

try:
    spacy_pipeline.get_nlp()
except ConfigError as exc:  # pragma: no cover - the nlp extra is part of the test install
    pytest.skip(str(exc), allow_module_level=True)

DATA = Path(__file__).parent / "data"
PEOPLE = 30


def _ttl() -> str:
    lines = [
        "@prefix wd: <http://www.wikidata.org/entity/> .",
        "@prefix wdt: <http://www.wikidata.org/prop/direct/> .",
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
        'wd:Q5 rdfs:label "human"@en .',
        'wd:Q515 rdfs:label "city"@en .',
        'wd:Q28640 rdfs:label "profession"@en .',
        'wd:Q34770 rdfs:label "language"@en .',
        'wd:Q49757 rdfs:label "poet"@en ; wdt:P31 wd:Q28640 .',
        'wd:Q1028181 rdfs:label "painter"@en ; wdt:P31 wd:Q28640 .',
        'wd:Q1860 rdfs:label "English"@en ; wdt:P31 wd:Q34770 .',
    ]
    for i in range(PEOPLE):
        city, died = f"wd:Q{7000 + i}", f"wd:Q{7000 + (i + 1) % PEOPLE}"
        lines.append(f'{city} rdfs:label "Town {_word(i)}"@en ; wdt:P31 wd:Q515 .')
        job = "wd:Q49757" if i % 2 == 0 else "wd:Q1028181"
        lines.append(
            f'wd:Q{9000 + i} rdfs:label "Person {_word(i)}"@en ; wdt:P31 wd:Q5 ; '
            f"wdt:P106 {job} ; wdt:P19 {city} ; wdt:P20 {died} ; wdt:P1412 wd:Q1860 ."
        )
    return "\n".join(lines) + "\n"


def _word(i: int) -> str:
    """Distinct name words (labels must not be numbers, which read as values)."""
    return "Ab" + "".join("cdefghijklmnopqrstuvwxyz"[int(d)] for d in str(i))


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    path = tmp_path_factory.mktemp("anchored") / "people.ttl"
    path.write_text(_ttl())
    s = OxigraphStore()
    s.load_file(DATA / "properties.ttl")
    s.load_file(path)
    return s


# The scripted embedder: a text's vector counts its concept words; every text also
# has a small constant part, so unrelated texts are far but not orthogonal.
CONCEPTS = {
    "birth": {"born", "birth", "birthplace", "breath"},
    "death": {"died", "death", "deathplace", "killed"},
    "job": {"occupation", "profession", "living", "job", "crust"},
    "tongue": {"language", "languages", "spoken", "speaks"},
    # "around" is said of birth and death places alike: no clear winner
    "around": {"around"},
}
AXES = list(CONCEPTS) + ["bias"]


class ScriptedEmbedder:
    name, dim = "scripted", len(AXES)

    def embed(self, texts):
        rows = []
        for t in texts:
            words = set(t.lower().replace(",", " ").split())
            v = np.zeros(self.dim, dtype=np.float32)
            for k, (axis, vocab) in enumerate(CONCEPTS.items()):
                v[k] = len(words & vocab)
                if axis == "around" and v[k]:
                    v[AXES.index("birth")] += 1
                    v[AXES.index("death")] += 1
                    v[k] = 0
            v[-1] = 0.3
            rows.append(v / np.linalg.norm(v))
        return np.stack(rows)


def read(store, text, embedder):
    linker = EntityLinker(store)

    def resolve(name):
        hit = linker.resolve(name, 0.95)
        return (hit.entity, hit.score) if hit is not None else None

    return anchored.read_anchored(text, store, RelationAligner(store), resolve, embedder=embedder)


def person(i: int) -> str:
    return f"Person {_word(i)}"


def test_unlisted_phrase_reads_as_the_similar_property_that_fits_the_types(store):
    r = read(store, f"{person(0)} earns a crust as a poet.", ScriptedEmbedder())
    assert r is not None and r.how == "semantic"
    assert r.property == V.WDT + "P106"
    assert (r.triple.subject_id, r.triple.object_id) == (V.WD + "Q9000", V.WD + "Q49757")
    assert "occupation (P106) by similarity" in r.describe()


def test_table_phrase_is_read_from_its_wording(store):
    r = read(store, f"{person(0)} was born in Town {_word(0)}.", ScriptedEmbedder())
    assert r is not None and r.how == "lexical" and r.property == V.WDT + "P19"


def test_ambiguous_phrase_is_not_read(store):
    # "around" is as near to place of birth as to place of death, and both fit the types
    assert read(store, f"{person(0)} was around in Town {_word(0)}.", ScriptedEmbedder()) is None


def test_type_clash_rules_a_property_out(store):
    # "breath" is birth, but place of birth's objects are cities and a poet is a profession
    assert read(store, f"{person(0)} drew breath as a poet.", ScriptedEmbedder()) is None


def test_a_negated_phrase_is_read_from_its_words_only(store):
    # a similarity guess never carries a negation (it would refute what the KG states)
    assert read(store, f"{person(0)} never earned a crust as a poet.", ScriptedEmbedder()) is None
    # a table phrase does, negated: "never made a living as" is occupation, denied
    for text in (
        f"{person(0)} never made a living as a poet.",
        f"{person(0)} didn't make a living as a poet.",
    ):
        r = read(store, text, ScriptedEmbedder())
        assert r is not None and r.how == "lexical" and r.property == V.WDT + "P106"
        assert r.triple.negated
    r = read(store, f"{person(0)} made a living as a poet.", ScriptedEmbedder())
    assert r is not None and not r.triple.negated


def test_bm25_gives_no_semantic_reading(store):
    assert read(store, f"{person(0)} earns a crust as a poet.", embed.BM25Scorer()) is None


def test_sound_rejects_a_reading_whose_ends_clash(store):
    poet, someone = V.WD + "Q49757", V.WD + "Q9000"
    backwards = ClaimTriple(
        subject="poet", relation="place of birth", object=person(0),
        subject_id=poet, object_id=someone, relation_ids=[V.WDT + "P19"],
    )  # fmt: skip
    forward = backwards.model_copy(
        update={"subject_id": someone, "object_id": V.WD + "Q7000", "object": "Town"}
    )
    assert not anchored.sound(store, [backwards], lambda text: False)
    assert anchored.sound(store, [forward], lambda text: False)


@pytest.fixture()
def scripted(monkeypatch):
    monkeypatch.setattr(embed, "get_embedder", lambda name=None: ScriptedEmbedder())


def test_verdict_shows_the_reading(store, scripted):
    checker = FactChecker(store, settings=load_settings(offline=True))
    r = checker.verify(f"{person(0)} earns a crust as a poet.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED
    assert r.justification.startswith('Reading: "earns a crust as a" was read as occupation (P106)')


def test_a_checkable_reading_is_not_read_again(store, scripted):
    checker = FactChecker(store, settings=load_settings(offline=True))
    r = checker.verify(f"{person(0)} was born in Town {_word(0)}.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED
    assert "Reading:" not in r.justification


def test_similarity_reading_does_not_refute(store, scripted):
    checker = FactChecker(store, settings=load_settings(offline=True))
    # place of birth is single-valued and Person Ab was born in Town Ab: under the
    # similarity reading the KG contradicts the claim, but a guess refutes nothing
    r = checker.verify(f"{person(0)} first drew breath in Town {_word(1)}.", record=False)
    assert r.verdict is VerdictLabel.NEI
    assert "not sure enough to refute" in r.justification
    true = checker.verify(f"{person(0)} first drew breath in Town {_word(0)}.", record=False)
    assert true.verdict is VerdictLabel.SUPPORTED


@pytest.mark.skipif(bool(embed._missing_onnx_modules()), reason="MiniLM model not installed")
def test_minilm_reads_earns_a_wage_as_occupation(store):
    r = read(store, f"{person(2)} earns a wage as a poet.", embed.get_embedder("onnx"))
    assert r is not None and r.property == V.WDT + "P106"


def test_the_property_profile_outlives_added_facts_not_a_removal():
    from kgfc.models import Fact, Source, SourceKind

    store = OxigraphStore()
    store.load_file(DATA / "properties.ttl")
    first = anchored._profile(store)
    page = Source(iri="https://example.org/page", kind=SourceKind.WEB, title="a page")
    store.add_source(
        page, [Fact(subject=V.WD + "Q1", predicate=V.WDT + "P106", object=V.WD + "Q2")]
    )
    assert anchored._profile(store) is first  # a web page's facts: no whole-store rebuild
    store.retract("https://example.org/page")
    assert anchored._profile(store) is not first  # a removal: built again


def test_a_named_property_outside_its_range_is_sound_only_where_a_chain_could_reach(tmp_path):
    # "born in" names place of birth; a country is outside its range (towns) but a chain
    # (town, country) reaches it; a profession no chain reaches: that reading is read again
    lines = _ttl().splitlines() + ['wd:Q6256 rdfs:label "country"@en .']
    for i in range(PEOPLE):  # a country per town: enough countries to know country's range
        lines.append(f'wd:Q{8000 + i} rdfs:label "Land {_word(i)}"@en ; wdt:P31 wd:Q6256 .')
        lines.append(f"wd:Q{7000 + i} wdt:P17 wd:Q{8000 + i} .")
    path = tmp_path / "chained.ttl"
    path.write_text("\n".join(lines) + "\n")
    s = OxigraphStore()
    s.load_file(DATA / "properties.ttl")
    s.load_file(path)
    aligner = RelationAligner(s)

    def born_in(obj: str, iri: str) -> ClaimTriple:
        return ClaimTriple(
            subject=person(0), relation="was born in", object=obj, subject_id=V.WD + "Q9000",
            object_id=V.WD + iri, relation_ids=[V.WDT + "P19"],
        )  # fmt: skip

    assert anchored.sound(s, [born_in(f"Land {_word(0)}", "Q8000")], lambda text: False, aligner)
    assert not anchored.sound(s, [born_in("poet", "Q49757")], lambda text: False, aligner)


def test_the_type_prior_breaks_a_tie_of_similarity():
    # "job" texts for two properties: equally similar; occupation's objects are
    # professions, the other's rarely are. Without the prior there is no clear winner.
    profile = anchored._Profile(
        texts={V.WDT + "P106": ["job"], V.WDT + "P1303": ["job"]}, used={V.WDT + "P106"}
    )
    options = {V.WDT + "P106": [False], V.WDT + "P1303": [False]}
    emb = ScriptedEmbedder()
    assert anchored._semantic(profile, "job", options, set(), emb) is None
    prior = {V.WDT + "P106": np.log(0.9 * 0.3), V.WDT + "P1303": np.log(0.9 * 0.01)}
    got = anchored._semantic(profile, "job", options, set(), emb, prior)
    assert got is not None and got[0] == V.WDT + "P106"
    # a prior cannot lift a phrase the property is not like to a reading
    assert anchored._semantic(profile, "around", options, set(), emb, prior) is None


def test_a_bare_copula_reads_as_occupation_or_instance_of(store):
    r = read(store, f"{person(0)} is a poet.", ScriptedEmbedder())
    assert r is not None and r.triple.relation_ids == list(properties.IS_A)
    assert (r.triple.subject_id, r.triple.object_id) == (V.WD + "Q9000", V.WD + "Q49757")
    assert "occupation or instance of (P106/P31)" in r.describe()
    # "X and Y are ..." with nothing else names no relation
    assert read(store, f"{person(0)} and {person(1)} are.", ScriptedEmbedder()) is None


def test_a_clause_whose_reading_fails_is_read_again_on_its_own(store, scripted):
    checker = FactChecker(store, settings=load_settings(offline=True))
    # the main clause reads ("was born in"); the relative clause's phrase no table names
    text = f"{person(0)}, who earns a crust as a poet, was born in Town {_word(0)}."
    r = checker.verify(text, record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "occupation (P106)" in r.justification
    assert {t.relation_ids[0] for t in r.triples} == {V.WDT + "P106", V.WDT + "P19"}
    wrong = checker.verify(text.replace("a poet", "a painter"), record=False)
    assert wrong.verdict is not VerdictLabel.SUPPORTED


def test_a_guessed_reading_never_waits_for_rule_mining(tmp_path, scripted):
    # the strict check of a guessed reading uses stated facts and chains, no mined rules:
    # on a store without shipped or cached rules, mining them took seconds per store
    path = tmp_path / "people.ttl"
    path.write_text(_ttl())
    fresh = OxigraphStore()
    fresh.load_file(DATA / "properties.ttl")
    fresh.load_file(path)
    checker = FactChecker(fresh, settings=load_settings(offline=True))
    # not stated (Person Abc is a poet): the check goes past the stated facts
    r = checker.verify(f"{person(0)} earns a crust as a painter.", record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED and "Reading:" in r.justification
    assert fresh.aggregate_builds["rules"] == 0, dict(fresh.aggregate_builds)


def test_a_claim_with_no_triple_read_is_read_by_the_fallback(store, scripted, monkeypatch):
    from kgfc.models import ClaimAnalysis
    from kgfc.pipeline import stages

    # the decomposer reads nothing at all: the whole claim goes to the fallback
    monkeypatch.setattr(stages, "_analyse", lambda tb, text, counters: ClaimAnalysis())
    checker = FactChecker(store, settings=load_settings(offline=True))
    r = checker.verify(f"{person(0)} earns a crust as a poet.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification


def test_a_relation_word_is_no_subject_when_the_claims_subject_is_unknown(store, scripted):
    """ "S's profession is poet" with S unknown to the KG: "profession" (an entity here too)
    read as the subject of "is" would check "profession is a poet" instead."""
    checker = FactChecker(store, settings=load_settings(offline=True))
    r = checker.verify("Xyzzy Foobar's profession is poet.", record=False)
    assert [(t.subject, t.object, t.subject_id) for t in r.triples] == [
        ("Xyzzy Foobar", "poet", None)
    ]
    assert r.verdict is VerdictLabel.NEI
    assert "could not be matched" in r.justification and "Reading:" not in r.justification


class _SameEmbedder:
    """Every text alike: the property read is the only one offered; the voice decides."""

    name, dim = "same", 2

    def embed(self, texts):
        return np.ones((len(texts), 2), dtype=np.float32) / np.sqrt(2)


def test_a_bracketed_qualifier_does_not_hide_a_passive_label():
    # "Parlophone is owned by Warner Music Group" against the alias "owned by (company or
    # organisation)" of parent organization: both passive, read forward, never backwards
    p749 = V.WDT + "P749"
    profile = anchored._Profile(texts={p749: ["owned by (company or organisation)"]}, used={p749})
    options = {p749: [False, True]}
    got = anchored._semantic(profile, "is owned by", options, set(), _SameEmbedder())
    assert got is not None and got[0] == p749 and got[1] is False
    # an active phrase against a passive label stays undecided
    assert anchored._semantic(profile, "owns", options, set(), _SameEmbedder()) is None
