"""Nationality adjectives read as citizenship (kgfc/nlp/demonyms.py), alone and in a verdict."""

from __future__ import annotations

import pytest

from kgfc.kg import vocab as V
from kgfc.models import ClaimTriple, VerdictLabel
from kgfc.nlp import demonyms
from tests.fakes.small_kg import checker_over

P27, P106, P1412 = (V.WDT + p for p in ("P27", "P106", "P1412"))
NATIONAL, IS_A = demonyms.NATIONALITY_PROPS, list(demonyms.IS_A)
KNOWN = {
    "Ann",
    "American Academy of Arts and Letters",
    "Bea",
    "Cy",
    "Crouching Tiger, Hidden Dragon",
    "United States of America",
    "France",
    "United Kingdom",
    "Taiwan",
    "poet",
    "French",
    "Dutch East India Company",
    "Canada",
    "Germany",
    "German Empire",
    "Soviet Union",
}


def known(name: str) -> bool:
    return name in KNOWN


def triple(relation: str, obj: str, ids: list[str]) -> ClaimTriple:
    return ClaimTriple(subject="Ann", relation=relation, object=obj, relation_ids=ids)


def test_the_table_comes_from_countryinfo():
    assert "United States" in demonyms.countries("American")
    assert demonyms.countries("french")[0] == "France"  # the most populous of its countries
    assert demonyms.countries("Martian") == []


def read(text: str, triples: list[ClaimTriple] | None = None) -> list[ClaimTriple]:
    return demonyms.read_nationality(text, triples or [], known)


def test_an_adjective_alone_after_a_copula_is_the_country():
    (t,) = read("Ann is American.")
    assert (t.subject, t.object, t.relation_ids) == ("Ann", "United States of America", NATIONAL)
    assert not t.negated
    assert read("Ann is not American.")[0].negated
    # "French" is also a language the KG names: after a copula it is still a nationality
    assert read("Ann is French.")[0].object == "France"


def test_adjective_and_noun_become_two_statements():
    got = read("Ann is a French poet.")
    assert [(t.relation_ids, t.object) for t in got] == [(NATIONAL, "France"), (IS_A, "poet")]
    # the subject as written, commas and all (a title the decomposer would split)
    got = read("Crouching Tiger, Hidden Dragon is a Taiwanese film.", [])
    assert {t.subject for t in got} == {"Crouching Tiger, Hidden Dragon"}


def test_each_of_a_plural_subject_is_read_as_one():
    # "A and B are American actors" was "A | are a | American actor": no country, no actor
    got = read("Ann and Bea are French poets.")
    assert [(t.subject, t.relation_ids, t.object) for t in got] == [
        ("Ann", NATIONAL, "France"),
        ("Ann", IS_A, "poet"),
        ("Bea", NATIONAL, "France"),
        ("Bea", IS_A, "poet"),
    ]
    got = read("Ann, Bea and Cy were American.")
    assert [(t.subject, t.object) for t in got] == [
        ("Ann", "United States of America"),
        ("Bea", "United States of America"),
        ("Cy", "United States of America"),
    ]
    # every name must be known, the verb plural, the noun a plural; no denial of a pair
    assert read("Ann and Dee are French poets.") == []
    assert read("Ann and Bea is a French poet.") == []
    assert read("Ann and Bea are not French poets.") == []


def test_a_name_that_starts_with_an_adjective_is_no_nationality():
    # "an American Academy of Arts and Letters member" was "S is American" and "S is a
    # Academy of Arts and Letters member"
    assert read("Ann is an American Academy of Arts and Letters member.") == []


def test_possession_of_a_nationality_noun_is_read_from_the_text():
    for text in ("Ann has British citizenship.", "Ann holds a French passport."):
        (t,) = read(text)
        assert (t.subject, t.relation_ids) == ("Ann", NATIONAL), text
    assert read("Ann has French wines.") == []  # not a nationality: the decomposer's reading


def test_a_nationality_noun_reads_the_same_whatever_the_verb():
    for obj in ("American citizenship", "American nationality", "an American citizen"):
        (t,) = read("Ann has it.", [triple("has", obj, [])])
        assert (t.relation_ids, t.object) == (NATIONAL, "United States of America")


def test_an_adjective_as_the_value_of_citizenship_is_the_country():
    # what an LLM decomposer writes for "Ann is American"
    (t,) = read("Ann's nationality.", [triple("country of citizenship", "American", [P27])])
    assert (t.relation_ids, t.object) == (NATIONAL, "United States of America")


def test_a_relation_first_claim_is_not_a_nationality():
    language = triple("language", "French", [P1412])
    assert read("The language of Ann is French.", [language]) == [language]


def test_other_properties_and_names_are_left_alone():
    speaks = triple("speaks", "French", [P1412])
    assert read("Ann speaks French.", [speaks]) == [speaks]
    company = triple("is a", "Dutch East India Company", [P106])
    assert read("Ann is a Dutch East India Company.", [company]) == [company]
    martian = triple("is", "Martian", [])
    assert read("Ann is Martian.", [martian]) == [martian]
    # a country the KG does not name is not read: nothing to link it to
    swiss = triple("is", "Swiss", [])
    assert read("Ann is Swiss.", [swiss]) == [swiss]


def test_former_states_follow_the_present_day_countries():
    assert demonyms.countries("Soviet") == ["Soviet Union"]
    german = demonyms.countries("German")
    assert german[0] == "Germany" and "German Empire" in german and "Nazi Germany" in german
    assert demonyms.countries("east  German") == ["East Germany"]
    # a state only under its own citizens' adjective
    assert "Austria-Hungary" not in demonyms.countries("Austrian")
    assert "United Kingdom" not in demonyms.countries("English")


def test_the_state_the_kg_states_for_the_subject_is_preferred():
    asked = []

    def prefer(subject: str, names: list[str]) -> str | None:
        asked.append((subject, names))
        return "German Empire" if subject == "Ann" else None

    (t,) = demonyms.read_nationality("Ann was German.", [], known, prefer)
    assert t.object == "German Empire"
    # only names the KG knows are offered, present-day first
    assert asked == [("Ann", ["Germany", "German Empire"])]
    (t,) = demonyms.read_nationality("Ann was German.", [], known)
    assert t.object == "Germany"  # nothing stated: the present-day country
    (t,) = demonyms.read_nationality("Ann was Soviet.", [], known, prefer)
    assert t.object == "Soviet Union"  # one name: nothing to choose


def test_a_speaker_of_the_adjective_is_no_nationality():
    assert read("Ann is an English speaker.") == []
    assert read("Ann is a French speaker.") == []
    assert read("Ann is a native German speaker.") == []


def test_a_hyphenated_pair_is_two_nationalities():
    got = read("Ann is a Canadian-American poet.")
    assert [(t.relation_ids, t.object) for t in got] == [
        (NATIONAL, "Canada"),
        (NATIONAL, "United States of America"),
        (IS_A, "poet"),
    ]
    got = read("Ann holds Canadian-American citizenship.")
    assert [t.object for t in got] == ["Canada", "United States of America"]
    assert read("Ann is not Canadian-American.") == []  # which one is denied is unsaid
    assert demonyms.mentions_nationality("Ann is a Canadian-American poet.")
    assert not demonyms.mentions_nationality("Ann is a Rolls-Royce engineer.")


def test_mentions_nationality_is_a_cheap_gate():
    assert demonyms.mentions_nationality("Leipzig is a German city.")
    assert demonyms.mentions_nationality("Seoul is South Korean.")
    assert not demonyms.mentions_nationality("Ann was born in Paris.")


# the two countries every checker below knows (with Turtle of its own)
COUNTRIES = [
    'wd:Q30 rdfs:label "United States of America"@en ; wdt:P31 wd:Q6256 .',
    'wd:Q142 rdfs:label "France"@en ; wdt:P31 wd:Q6256 .',
]


@pytest.fixture(scope="module")
def checker(tmp_path_factory):
    return checker_over(
        COUNTRIES
        + [
            'wd:Q49757 rdfs:label "poet"@en .',
            'wd:Q9001 rdfs:label "Ann Abcott"@en ; wdt:P27 wd:Q30 ; wdt:P106 wd:Q49757 .',
            'wd:Q9002 rdfs:label "Bea Bexley"@en ; wdt:P27 wd:Q142 ; wdt:P106 wd:Q49757 .',
            'wd:Q11424 rdfs:label "film"@en .',
            'wd:Q9003 rdfs:label "Dawn Patrolling"@en ; wdt:P31 wd:Q11424 ; wdt:P495 wd:Q30 .',
            'wd:Q183 rdfs:label "Germany"@en ; wdt:P31 wd:Q6256 .',
            # "Germany" is also the German Empire's alias (as in Wikidata)
            'wd:Q43287 rdfs:label "German Empire"@en ; wdt:P31 wd:Q3024240 ;'
            ' <http://www.w3.org/2004/02/skos/core#altLabel> "Germany"@en .',
            'wd:Q15180 rdfs:label "Soviet Union"@en ; wdt:P31 wd:Q3024240 .',
            'wd:Q16 rdfs:label "Canada"@en ; wdt:P31 wd:Q6256 .',
            'wd:Q9004 rdfs:label "Emil Eckhart"@en ; wdt:P27 wd:Q43287 ; wdt:P106 wd:Q49757 .',
            'wd:Q9005 rdfs:label "Cora Carrick"@en ; wdt:P27 wd:Q16, wd:Q30 .',
            'wd:Q9006 rdfs:label "Dora Dunmore"@en ; wdt:P27 wd:Q16 .',
        ],
        tmp_path_factory.mktemp("demonyms"),
    )


@pytest.mark.parametrize(
    "text",
    [
        "Ann Abcott is American.",
        "Ann Abcott is an American poet.",
        "Ann Abcott has American citizenship.",
    ],
)
def test_stated_citizenship_supports_the_adjective(checker, text):
    r = checker.verify(text, record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "country of citizenship United States of America" in r.justification


def test_a_framed_adjective_is_read_inside_the_frame(checker):
    r = checker.verify("According to records, Ann Abcott is American.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification


def test_a_negated_adjective_is_refuted_by_the_stated_country(checker):
    r = checker.verify("Ann Abcott is not American.", record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification


def test_a_films_adjective_is_its_country_of_origin(checker):
    r = checker.verify("Dawn Patrolling is an American film.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "P495" in r.justification or "country of origin" in r.justification


def test_another_country_is_not_supported(checker):
    r = checker.verify("Ann Abcott is a French poet.", record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED
    assert "France" in r.justification


@pytest.mark.parametrize("text", ["Emil Eckhart was German.", "Emil Eckhart was a German poet."])
def test_an_adjective_means_the_former_state_the_kg_states(checker, text):
    r = checker.verify(text, record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "German Empire" in r.justification
    # written as the state's label, not the name that found it (Germany's, its alias)
    assert r.triples[0].object == "German Empire"


def test_a_pair_of_subjects_is_checked_one_by_one(checker):
    r = checker.verify("Ann Abcott and Bea Bexley are French poets.", record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED  # Ann Abcott is American
    assert "France" in r.justification and "United States of America" in r.justification
    r = checker.verify("Ann Abcott and Emil Eckhart are poets.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification


def test_a_former_state_the_kg_does_not_state_is_not_supported(checker):
    r = checker.verify("Emil Eckhart was Soviet.", record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED, r.justification
    assert "Soviet Union" in r.justification


def test_a_double_nationality_needs_both(checker):
    both = checker.verify("Cora Carrick is a Canadian-American poet.", record=False)
    assert both.verdict is not VerdictLabel.SUPPORTED  # no fact says she is a poet
    both = checker.verify("Cora Carrick is Canadian-American.", record=False)
    assert both.verdict is VerdictLabel.SUPPORTED, both.justification
    one = checker.verify("Dora Dunmore is Canadian-American.", record=False)
    assert one.verdict is not VerdictLabel.SUPPORTED, one.justification


def test_the_property_is_narrowed_to_what_the_subject_is(tmp_path):
    # enough typed people and towns that citizenship's and country's subjects are known
    lines = ['wd:Q5 rdfs:label "human"@en .', 'wd:Q515 rdfs:label "city"@en .']
    for i in range(25):
        word = "Ab" + "".join("cdefghijklmnopqrstuvwxyz"[int(d)] for d in str(i))
        lines.append(
            f'wd:Q{9100 + i} rdfs:label "Person {word}"@en ; wdt:P31 wd:Q5 ; wdt:P27 wd:Q30 .'
        )
        lines.append(
            f'wd:Q{9200 + i} rdfs:label "Town {word}"@en ; wdt:P31 wd:Q515 ; wdt:P17 wd:Q142 .'
        )
    checker = checker_over(COUNTRIES + lines, tmp_path)
    town = checker.verify("Town Abc is a French city.", record=False)
    assert town.verdict is VerdictLabel.SUPPORTED, town.justification
    # citizenship's subjects are people: a town's adjective is not read as it (country of
    # origin, which no fact in this KG uses, has no observed subjects to clash with)
    assert V.WDT + "P17" in town.triples[0].relation_ids
    assert P27 not in town.triples[0].relation_ids
    person = checker.verify("Person Abc is American.", record=False)
    assert P27 in person.triples[0].relation_ids
    assert V.WDT + "P17" not in person.triples[0].relation_ids
