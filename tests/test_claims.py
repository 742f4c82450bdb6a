"""Claim analysis: mentions, relation alignment to Wikidata properties, rule-based decomposition.

The store is an in-memory Oxigraph loaded with ``tests/data/properties.ttl``:
40 real Wikidata property entities (labels, aliases, datatypes, direct-claim
IRIs), so alias collisions such as "born" on both P19 and P569 are real.
"""

from __future__ import annotations

import csv
import sys
import time

import pytest

pytest.importorskip("spacy")

from conftest import DATA, shared_data  # noqa: E402

from kgfc.errors import ConfigError  # noqa: E402
from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.nlp import spacy_pipeline  # noqa: E402
from kgfc.nlp.claims import (  # noqa: E402
    Alignment,
    RelationAligner,
    decompose,
    decompose_many,
    extract_mentions,
)

try:
    spacy_pipeline.get_nlp()
except ConfigError as exc:  # pragma: no cover - the nlp extra is part of the test install
    pytest.skip(str(exc), allow_module_level=True)


def pid(iri: str) -> str:
    return V.local_id(iri)


@pytest.fixture(scope="module")
def store():
    s = OxigraphStore()
    s.load_file(DATA / "properties.ttl")
    return s


@pytest.fixture(scope="module")
def aligner(store):
    return RelationAligner(store)


# -- decomposition, table-driven ------------------------------------------------

# claim -> (subject, relation, object, top PID of relation_ids, negated)
# fmt: off
CASES = [
    ("Barack Obama was born in Honolulu.", "Barack Obama", "was born in", "Honolulu", "P19", False),
    ("Honolulu is the capital of Hawaii.", "Honolulu", "is the capital of", "Hawaii", "P1376", False),
    ("The capital of Hawaii is Honolulu.", "Hawaii", "capital", "Honolulu", "P36", False),
    ("Hawaii's capital is Honolulu.", "Hawaii", "capital", "Honolulu", "P36", False),
    ("Michelle Obama is the wife of Barack Obama.", "Michelle Obama", "is the wife of", "Barack Obama", "P26", False),
    ("Obama's wife is Michelle.", "Obama", "wife", "Michelle", "P26", False),
    ("Michelle is Obama's wife.", "Obama", "wife", "Michelle", "P26", False),
    ("Hamlet was written by Shakespeare.", "Hamlet", "was written by", "Shakespeare", "P50", False),
    ("The author of Hamlet is William Shakespeare.", "Hamlet", "author", "William Shakespeare", "P50", False),
    ("Taylor Swift is a singer.", "Taylor Swift", "is a", "singer", "P106", False),
    ("Mount Everest is a mountain.", "Mount Everest", "is a", "mountain", "P31", False),
    ("Barack Obama was not born in Kenya.", "Barack Obama", "was born in", "Kenya", "P19", True),
    ("Barack Obama was born on 4 August 1961.", "Barack Obama", "was born on", "4 August 1961", "P569", False),
    ("Barack Obama was born in 1961.", "Barack Obama", "was born in", "1961", "P569", False),
    ("Lionel Messi did not play for Real Madrid.", "Lionel Messi", "play for", "Real Madrid", "P54", True),
    ("Ryan Gosling has never been nominated for an Academy Award.", "Ryan Gosling", "has been nominated for", "Academy Award", "P1411", True),
    ("Michelle Obama isn't the wife of Joe Biden.", "Michelle Obama", "is the wife of", "Joe Biden", "P26", True),
    ("Paris is located in France.", "Paris", "is located in", "France", "P131", False),
    ("Barack Obama is a citizen of the United States.", "Barack Obama", "is a citizen of", "United States", "P27", False),
    ("Barack Obama is a member of the Democratic Party.", "Barack Obama", "is a member of", "Democratic Party", "P463", False),
    ("Marie Curie won the Nobel Prize in Physics.", "Marie Curie", "won", "Nobel Prize in Physics", "P166", False),
    ("Apple was founded by Steve Jobs.", "Apple", "was founded by", "Steve Jobs", "P112", False),
    ("Obama studied at Harvard University.", "Obama", "studied at", "Harvard University", "P69", False),
    ("Obama works for the University of Chicago.", "Obama", "works for", "University of Chicago", "P108", False),
    ("Obama speaks English.", "Obama", "speaks", "English", "P1412", False),
    ("Joe Biden is the father of Hunter Biden.", "Joe Biden", "is the father of", "Hunter Biden", "P40", False),
    # Read backwards: the triple is flipped so that relation_ids read subject -> object.
    ("Steve Jobs founded Apple.", "Apple", "founded by", "Steve Jobs", "P112", False),
    ("Christopher Nolan directed Inception.", "Inception", "director", "Christopher Nolan", "P57", False),
]
# fmt: on


@pytest.mark.parametrize(
    ("claim", "subject", "relation", "obj", "top", "negated"), CASES, ids=[c[0] for c in CASES]
)
def test_decompose_table(aligner, claim, subject, relation, obj, top, negated):
    analysis = decompose(claim, aligner)
    assert analysis.method == "rules"
    assert len(analysis.triples) == 1, analysis.triples
    t = analysis.triples[0]
    assert (t.subject, t.relation, t.object) == (subject, relation, obj)
    assert t.relation_ids, "no property aligned"
    assert pid(t.relation_ids[0]) == top, [pid(p) for p in t.relation_ids]
    assert all(p.startswith(V.WDT) for p in t.relation_ids)
    assert t.negated is negated
    assert t.subject_id is None and t.object_id is None  # linking is a later stage


def test_conjoined_verbs_give_one_triple_each(aligner):
    a = decompose("Barack Obama was born in Honolulu and died in Chicago.", aligner)
    got = [(t.subject, t.relation, t.object, pid(t.relation_ids[0])) for t in a.triples]
    assert got == [
        ("Barack Obama", "was born in", "Honolulu", "P19"),
        ("Barack Obama", "died in", "Chicago", "P20"),
    ]


def test_conjoined_subjects_and_objects(aligner):
    subjects = decompose("Obama and Biden were born in Hawaii.", aligner)
    assert [(t.subject, t.object) for t in subjects.triples] == [
        ("Obama", "Hawaii"),
        ("Biden", "Hawaii"),
    ]
    objects = decompose("Obama won the Nobel Peace Prize and the Grammy Award.", aligner)
    assert [t.object for t in objects.triples] == ["Nobel Peace Prize", "Grammy Award"]
    assert {pid(t.relation_ids[0]) for t in objects.triples} == {"P166"}


def test_shared_agent_of_conjoined_passives(aligner):
    a = decompose("Vedam was written and directed by Christopher Nolan.", aligner)
    got = [(t.subject, t.relation, t.object, pid(t.relation_ids[0])) for t in a.triples]
    assert got == [
        ("Vedam", "was written by", "Christopher Nolan", "P50"),
        ("Vedam", "directed by", "Christopher Nolan", "P57"),
    ]


def test_place_and_date_of_one_verb(aligner):
    a = decompose("Barack Obama was born in Honolulu in 1961.", aligner)
    assert [(t.object, pid(t.relation_ids[0])) for t in a.triples] == [
        ("Honolulu", "P19"),
        ("1961", "P569"),
    ]


def test_bare_date_object(aligner):
    a = decompose("Ralph Fults was born January 23 1911 and died in prison.", aligner)
    assert [(t.relation, t.object, pid(t.relation_ids[0])) for t in a.triples] == [
        ("was born", "January 23 1911", "P569"),
        ("died in", "prison", "P20"),
    ]


def test_without_aligner_no_ids(aligner):
    a = decompose("Barack Obama was born in Honolulu.")
    assert [(t.subject, t.relation, t.object, t.relation_ids) for t in a.triples] == [
        ("Barack Obama", "was born in", "Honolulu", [])
    ]


def test_fallback_uses_first_two_mentions(aligner):
    # Verbless headlines: no dependency pattern applies.
    a = decompose("Barack Obama from Honolulu", aligner)
    assert len(a.triples) == 1
    t = a.triples[0]
    assert (t.subject, t.relation, t.object) == ("Barack Obama", "from", "Honolulu")
    assert "P19" in [pid(p) for p in t.relation_ids]
    bare = decompose("Barack Obama, Honolulu native", aligner).triples
    assert [(t.subject, t.relation, t.object, t.relation_ids) for t in bare] == [
        ("Barack Obama", "", "Honolulu", [])
    ]


def test_no_in_the_object_negates(aligner):
    t = decompose("Marie Curie won no Nobel Prize.", aligner).triples[0]
    assert (t.subject, t.object, t.negated) == ("Marie Curie", "Nobel Prize", True)


@pytest.mark.parametrize("text", ["", "   ", "\n\t ", "..."])
def test_blank_text_gives_empty_analysis(aligner, text):
    a = decompose(text, aligner)
    assert a.triples == [] and a.mentions == []
    assert a.keywords == [] or text == "..."
    assert extract_mentions(text) == []


def test_very_long_input_is_capped(aligner):
    claim = "Barack Obama was born in Honolulu. "
    text = claim * (100_000 // len(claim) + 1)  # > 100 KB
    assert len(text) > 100_000
    start = time.perf_counter()
    a = decompose(text, aligner)
    elapsed = time.perf_counter() - start
    # spaCy sees only the first MAX_CHARS characters: every offset lies inside them.
    assert a.mentions and max(m.end for m in a.mentions) <= spacy_pipeline.MAX_CHARS
    assert a.triples[0].relation_ids and pid(a.triples[0].relation_ids[0]) == "P19"
    assert elapsed < 60  # a sanity bound, not a benchmark


def test_keywords_are_lemmas_and_mentions_deduplicated(aligner):
    a = decompose("Barack Obama was born in Honolulu and died in Chicago.", aligner)
    assert a.keywords == ["Barack", "Obama", "born", "Honolulu", "die", "Chicago", "Barack Obama"]
    assert len({k.casefold() for k in a.keywords}) == len(a.keywords)


def test_decompose_many_matches_decompose(aligner):
    claims = [c[0] for c in CASES[:6]] + [
        "",
        "Barack Obama was born in Honolulu and died in Chicago.",
    ]
    batch = decompose_many(claims, aligner, batch_size=3)
    assert [b.model_dump() for b in batch] == [decompose(c, aligner).model_dump() for c in claims]


# -- mentions -----------------------------------------------------------------


def test_mentions_skip_numbers_keep_dates():
    text = "Barack Obama won 2 awards worth $1,000 on 4 August 2009 in Oslo."
    ms = extract_mentions(text)
    assert [(m.text, m.label) for m in ms] == [
        ("Barack Obama", "PERSON"),
        ("4 August 2009", "DATE"),
        ("Oslo", "GPE"),
    ]
    for m in ms:
        assert text[m.start : m.end] == m.text


def test_noun_chunk_fallback_without_determiners_or_pronouns():
    ms = extract_mentions("He says the quick brown fox jumps over the lazy dog.")
    assert [(m.text, m.label) for m in ms] == [
        ("quick brown fox", "NOUN_CHUNK"),
        ("lazy dog", "NOUN_CHUNK"),
    ]


def test_noun_chunk_fallback_keeps_the_entity():
    ms = extract_mentions("Taylor Swift is a singer.")
    assert [(m.text, m.label) for m in ms] == [("Taylor Swift", "PERSON"), ("singer", "NOUN_CHUNK")]


def test_no_fallback_when_ner_finds_two():
    ms = extract_mentions("Barack Obama visited the old library in Chicago.")
    assert [m.label for m in ms] == ["PERSON", "GPE"]


# -- relation alignment --------------------------------------------------------


def top(aligner, phrase, **kw) -> tuple[str, bool]:
    a = aligner.align(phrase, **kw)[0]
    return pid(a.property), a.inverse


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("was born in", "P19"),
        ("is married to", "P26"),
        ("plays for", "P54"),
        ("is the capital of", "P1376"),
        ("died in", "P20"),
        ("was founded by", "P112"),
        ("is located in", "P131"),
        ("citizen of", "P27"),
        ("works for", "P108"),
        ("member of", "P463"),
        ("educated at", "P69"),
        ("graduated from", "P69"),
        ("record label", "P264"),
        ("genre", "P136"),
        ("religion", "P140"),
        ("position held", "P39"),
        ("headquarters", "P159"),
        ("sibling", "P3373"),
    ],
)
def test_align_forward_phrases(aligner, phrase, expected):
    assert top(aligner, phrase) == (expected, False)


def test_align_returns_scored_triples(aligner):
    result = aligner.align("was born in")
    assert result and all(isinstance(a, Alignment) for a in result)
    iri, score, inverse = result[0]
    assert iri == V.WDT + "P19" and 0.9 < score <= 1.0 and inverse is False
    assert [a.score for a in result] == sorted((a.score for a in result), reverse=True)


def test_inverse_readings(aligner):
    capital = aligner.align("is the capital of")
    assert (pid(capital[0].property), capital[0].inverse) == ("P1376", False)
    assert ("P36", True) in [(pid(a.property), a.inverse) for a in capital]
    assert ("P50", True) in [(pid(a.property), a.inverse) for a in aligner.align("wrote")]
    assert top(aligner, "directed") == ("P57", True)
    assert top(aligner, "founded") == ("P112", True)
    # "the daughter of": the bare noun "daughter" (child) reads backwards.
    daughter = [(pid(a.property), a.inverse) for a in aligner.align("is the daughter of")]
    assert daughter[0] in {("P22", False), ("P25", False)} and ("P40", True) in daughter


def test_exact_label_beats_alias_beats_table(aligner):
    member = {pid(a.property): a.score for a in aligner.align("member of") if not a.inverse}
    assert member["P463"] == 1.0  # label
    assert member["P463"] > member["P102"] > member["P54"]  # label > alias > table only


def test_dates_prefer_time_properties(aligner):
    assert top(aligner, "born in", value_kind="date") == ("P569", False)
    assert top(aligner, "born in", value_kind="entity") == ("P19", False)
    assert top(aligner, "died in", value_kind="date") == ("P570", False)


def test_is_a_depends_on_the_subject(aligner):
    assert top(aligner, "is a", subject_is_person=True) == ("P106", False)
    assert top(aligner, "is a", subject_is_person=False) == ("P31", False)


def test_nothing_for_nonsense_or_blank(aligner):
    assert aligner.align("") == []
    assert aligner.align("   ") == []
    assert aligner.align("xyzzy frobnicates") == []


def test_index_built_once_per_aligner(store):
    fresh = RelationAligner(store)
    store.label_index()  # the store's own label index is read once per store, by whichever test is first
    before = store.sparql_queries
    fresh.align("was born in")
    fresh.align("died in")
    decompose("Obama studied at Harvard University.", fresh)
    assert store.sparql_queries - before == 1
    assert len(fresh) == 40 and fresh.label(V.WDT + "P19") == "place of birth"
    fresh.refresh()
    fresh.align("was born in")
    assert store.sparql_queries - before == 2


def test_property_query_reads_labels_aliases_and_types(store):
    rows = store.run("property_labels")
    p19 = {(r["text"], r["kind"]) for r in rows if r["property"] == V.WDT + "P19"}
    assert ("place of birth", "label") in p19 and ("born in", "alias") in p19
    assert {r["type"] for r in rows if r["property"] == V.WDT + "P569"} == {V.WIKIBASE + "Time"}


def test_aligner_needs_a_source():
    with pytest.raises(ValueError):
        RelationAligner()


def test_full_wikidata_property_table():
    """Against all ~13,700 Wikidata properties the frequent phrases still land right."""
    path = shared_data("wikidata_properties", "wikidata_properties_merged.csv")
    types = {"time": "Time", "quantity": "Quantity", "wikibase-item": "WikibaseItem"}
    rows = []
    with open(path, encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            iri = V.WDT + r["pid"]
            dtype = V.WIKIBASE + types.get(r["datatype"], "String")
            rows.append({"property": iri, "text": r["label"], "kind": "label", "type": dtype})
            rows.extend(
                {"property": iri, "text": a, "kind": "alias", "type": dtype}
                for a in r["aliases"].split("|")
                if a
            )
    big = RelationAligner.from_rows(rows)
    expected = {
        "was born in": "P19",
        "is married to": "P26",
        "plays for": "P54",
        "is the capital of": "P1376",
        "died in": "P20",
        "was founded by": "P112",
        "is located in": "P131",
        "citizen of": "P27",
        "works for": "P108",
        "member of": "P463",
    }
    assert {phrase: pid(big.align(phrase)[0].property) for phrase in expected} == expected
    assert top(big, "was born on", value_kind="date") == ("P569", False)


# -- the spaCy pipeline -----------------------------------------------------------


def test_missing_model_names_the_extra(monkeypatch):
    import spacy

    def no_model(name, *a, **kw):
        raise OSError(f"[E050] Can't find model '{name}'.")

    monkeypatch.setattr(spacy_pipeline, "_loaded", {})
    monkeypatch.setattr(spacy, "load", no_model)
    with pytest.raises(ConfigError) as err:
        spacy_pipeline.get_nlp()
    assert "pip install --force-reinstall kgfc" in str(err.value)
    assert spacy_pipeline.MODEL in str(err.value)


def test_missing_spacy_names_the_extra(monkeypatch):
    monkeypatch.setattr(spacy_pipeline, "_loaded", {})
    monkeypatch.setitem(sys.modules, "spacy", None)  # import fails
    with pytest.raises(ConfigError) as err:
        spacy_pipeline.get_nlp()
    assert "pip install --force-reinstall kgfc" in str(err.value)


def test_pipeline_loaded_once():
    assert spacy_pipeline.get_nlp() is spacy_pipeline.get_nlp()
    assert spacy_pipeline.is_loaded()


def test_acting_reads_the_cast_member_property_backwards(aligner):
    # "X starred in Y" is (Y, cast member, X): the specific "star in" entry beats "star"
    [t] = decompose("Tom Hanks starred in Forrest Gump.", aligner).triples
    assert (t.subject, t.object, pid(t.relation_ids[0])) == ("Forrest Gump", "Tom Hanks", "P161")
