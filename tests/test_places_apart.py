"""A stated place excludes a claimed one that lies elsewhere, though the KG locates it thinly.

- by the places of one kind each lies in: Manhattan (New York) is not in Los Angeles
  (California), though both are in the United States;
- by the places of one kind, a kind named by another's last noun too: a "big city" is a city;
- by the description of a place the KG locates nowhere: Chelsea, "area of central London,
  England", is not in Paris (the London in England, not the one in Canada); nor by an alias
  that names where it lies: Studio City, "Studio City, Los Angeles", is not in London.
Neither ever refutes a place the stated one lies in, or one the KG cannot place.
"""

from __future__ import annotations

import pytest

from kgfc.models import VerdictLabel
from tests.fakes.small_kg import checker_over

PLACES = [
    'wd:Q5 rdfs:label "human"@en .',
    'wd:Q6256 rdfs:label "country"@en .',
    'wd:Q35657 rdfs:label "state of the United States"@en .',
    'wd:Q515 rdfs:label "city"@en .',
    'wd:Q408804 rdfs:label "borough of New York City"@en .',
    'wd:Q30 rdfs:label "United States of America"@en ; wdt:P31 wd:Q6256 .',
    'wd:Q145 rdfs:label "United Kingdom"@en ; wdt:P31 wd:Q6256 .',
    'wd:Q142 rdfs:label "France"@en ; wdt:P31 wd:Q6256 .',
    'wd:Q1384 rdfs:label "New York"@en ; wdt:P31 wd:Q35657 ; wdt:P17 wd:Q30 .',
    'wd:Q99 rdfs:label "California"@en ; wdt:P31 wd:Q35657 ; wdt:P17 wd:Q30 .',
    'wd:Q60 rdfs:label "New York City"@en ; wdt:P31 wd:Q515 ; wdt:P131 wd:Q1384 ; wdt:P17 wd:Q30 .',
    'wd:Q65 rdfs:label "Los Angeles"@en ; wdt:P31 wd:Q515 ; wdt:P131 wd:Q99 ; wdt:P17 wd:Q30 .',
    'wd:Q18383 rdfs:label "Brooklyn"@en ; wdt:P31 wd:Q408804 ; wdt:P131 wd:Q60 .',
    # Manhattan: no location fact, a type and a description only
    'wd:Q11299 rdfs:label "Manhattan"@en ; wdt:P31 wd:Q408804 ; '
    'schema:description "borough of New York City, New York, United States"@en .',
    'wd:Q16 rdfs:label "Canada"@en ; wdt:P31 wd:Q6256 .',
    'wd:Q21 rdfs:label "England"@en ; wdt:P17 wd:Q145 .',
    # a country nothing in the KG is stated in: a country by its type
    'wd:Q819 rdfs:label "Laos"@en ; wdt:P31 wd:Q6256 .',
    'wd:Q84 rdfs:label "London"@en ; wdt:P31 wd:Q515 ; wdt:P131 wd:Q21 ; wdt:P17 wd:Q145 .',
    'wd:Q34217 rdfs:label "Oxford"@en ; wdt:P31 wd:Q515 ; wdt:P131 wd:Q21 ; wdt:P17 wd:Q145 .',
    # a second London, in Canada: Chelsea's description names the one in England
    'wd:Q92561 rdfs:label "London"@en ; wdt:P31 wd:Q515 ; wdt:P17 wd:Q16 .',
    'wd:Q90 rdfs:label "Paris"@en ; wdt:P31 wd:Q515 ; wdt:P17 wd:Q142 .',
    # Cambridge: a "big city", located only by its description; a city by its kind's name
    'wd:Q1549591 rdfs:label "big city"@en .',
    'wd:Q350 rdfs:label "Cambridge"@en ; wdt:P31 wd:Q1549591 ; '
    'schema:description "city in Cambridgeshire, England"@en .',
    'wd:Q2755753 rdfs:label "area of London"@en .',
    'wd:Q743535 rdfs:label "Chelsea"@en ; wdt:P31 wd:Q2755753 ; '
    'schema:description "area of central London, England"@en .',
    # Studio City: a type and an alias that names the city it lies in
    'wd:Q123705 rdfs:label "neighborhood"@en .',
    'wd:Q3143067 rdfs:label "Studio City"@en ; wdt:P31 wd:Q123705 ; '
    'skos:altLabel "Studio City, Los Angeles"@en .',
    # Rochester: a country, no located-in
    'wd:Q49218 rdfs:label "Rochester"@en ; wdt:P31 wd:Q515 ; wdt:P17 wd:Q30 .',
    'wd:Q1001 rdfs:label "Heath Ledger"@en ; wdt:P31 wd:Q5 ; wdt:P20 wd:Q11299 .',
    'wd:Q1002 rdfs:label "Dirk Bogarde"@en ; wdt:P31 wd:Q5 ; wdt:P20 wd:Q743535 .',
    'wd:Q1003 rdfs:label "Robert Moses"@en ; wdt:P31 wd:Q5 ; wdt:P20 wd:Q60 .',
    'wd:Q1004 rdfs:label "Roddy McDowall"@en ; wdt:P31 wd:Q5 ; wdt:P20 wd:Q3143067 .',
]
# enough people with one place of death for the KG to measure it single-valued
PLACES += [
    f'wd:Q{2000 + i} rdfs:label "Person {i}"@en ; wdt:P31 wd:Q5 ; '
    f"wdt:P20 wd:{('Q60', 'Q65', 'Q84', 'Q90')[i % 4]} ."
    for i in range(40)
]


@pytest.fixture(scope="module")
def checker(tmp_path_factory):
    return checker_over(PLACES, tmp_path_factory.mktemp("places"))


@pytest.mark.parametrize(
    "claim",
    [
        "Heath Ledger died in Los Angeles.",  # a state apart, through Manhattan's description
        "Robert Moses died in Los Angeles.",  # a state apart, by the KG's location facts
        "Heath Ledger died in Brooklyn.",  # another borough of the same city
        "Heath Ledger died in Rochester.",  # a city with a country only, not New York City
        "Dirk Bogarde died in Paris.",  # another country, through Chelsea's description
        "Roddy McDowall died in London.",  # another country, through Studio City's alias
        "Robert Moses died in Laos.",  # a country by its type alone
        # another city of England: Chelsea lies in the London in England
        "Dirk Bogarde died in Oxford.",
        # a "big city" is a city: Cambridge is not London, nor in it
        "Dirk Bogarde died in Cambridge.",
    ],
)
def test_a_place_lying_elsewhere_is_refuted(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification


@pytest.mark.parametrize(
    "claim",
    [
        "Robert Moses died in New York.",  # the state New York City lies in
        "Dirk Bogarde died in London.",  # what Chelsea's description names
        "Heath Ledger died in New York City.",
        "Roddy McDowall died in Los Angeles.",  # what Studio City's alias names
        "Dirk Bogarde died in England.",
    ],
)
def test_a_place_the_stated_one_lies_in_is_never_refuted(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict is not VerdictLabel.REFUTED, r.justification


def test_a_name_the_relation_settles_refutes_though_others_share_it(demo_local):
    # the demo KG knows several entities called "Chicago" (the city, a band, a film); only
    # the city can be a place of birth, and Natalie Cole was born in Los Angeles
    r = demo_local.verify("Natalie Cole is a Chicago-born singer.", record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification
    assert "only the one linked" in r.justification


def test_a_short_name_refutes_when_every_place_it_names_lies_elsewhere(demo_local):
    # "LA" names Los Angeles, Louisiana and Laos in the demo KG; Heath Ledger died in
    # Manhattan, in none of them (Laos: a country though nothing is stated in it)
    r = demo_local.verify("heath ledger died in LA", record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification
