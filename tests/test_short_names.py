"""A name the KG has only in full ("Forest Lawn" for Forest Lawn Memorial Park) still checks.

A mention no entity is named by is taken as short for the subject's one stated value whose name
begins with its words and is at most twice as long; it only ever supports.
"""

from __future__ import annotations

import pytest

from kgfc.models import VerdictLabel
from tests.fakes.small_kg import checker_over


@pytest.fixture(scope="module")
def checker(tmp_path_factory):
    return checker_over(
        [
            # place of burial as Wikidata describes it (CC0)
            "wd:P119 a wikibase:Property ; wikibase:directClaim wdt:P119 ; "
            'wikibase:propertyType wikibase:WikibaseItem ; rdfs:label "place of burial"@en ; '
            'skos:altLabel "buried at"@en, "burial place"@en, "interred at"@en, '
            '"resting place"@en .',
            'wd:Q5 rdfs:label "human"@en .',
            'wd:Q39614 rdfs:label "cemetery"@en .',
            'wd:Q1 rdfs:label "Forest Lawn Memorial Park"@en ; wdt:P31 wd:Q39614 .',
            'wd:Q2 rdfs:label "Carrie Fisher"@en ; wdt:P31 wd:Q5 ; wdt:P119 wd:Q1 .',
            'wd:Q3 rdfs:label "Westwood Village Memorial Park Cemetery"@en ; wdt:P31 wd:Q39614 .',
            'wd:Q4 rdfs:label "Marilyn Monroe"@en ; wdt:P31 wd:Q5 ; wdt:P119 wd:Q3 .',
            # a second cemetery of the same name
            'wd:Q6 rdfs:label "Forest Lawn Memorial Park"@en ; wdt:P31 wd:Q39614 .',
            'wd:Q9 rdfs:label "Jane Doe"@en ; wdt:P31 wd:Q5 ; wdt:P119 wd:Q6 .',
            # enough burials for the KG to measure place of burial single-valued
            *(
                f'wd:Q{7000 + i} rdfs:label "Buried {i}"@en ; wdt:P31 wd:Q5 ; wdt:P119 wd:Q{8000 + i} . '
                f'wd:Q{8000 + i} rdfs:label "Cemetery {i}"@en ; wdt:P31 wd:Q39614 .'
                for i in range(12)
            ),
        ],
        tmp_path_factory.mktemp("short"),
    )


def test_a_short_name_of_the_stated_value_supports(checker):
    r = checker.verify("Carrie Fisher is buried at Forest Lawn.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "short for" in r.justification and "Forest Lawn Memorial Park" in r.justification


@pytest.mark.parametrize(
    "claim",
    [
        "Carrie Fisher is buried at Forest.",  # a quarter of the name: too little of it
        "Marilyn Monroe is buried at Forest Lawn.",  # not the value stated for her
    ],
)
def test_too_little_of_a_name_or_another_value_does_not_support(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED, r.justification


def test_a_name_two_things_of_one_kind_share_is_refuted_for_each(checker):
    r = checker.verify("Marilyn Monroe is buried at Forest Lawn Memorial Park.", record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification
    assert "names 2 entities" in r.justification
    r = checker.verify("Carrie Fisher is buried at Forest Lawn Memorial Park.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
