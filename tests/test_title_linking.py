"""A title that contains another name ("Gangs of New York") stays a seed of the search."""

from __future__ import annotations

import pytest

from kgfc.models import VerdictLabel
from tests.fakes.small_kg import checker_over


@pytest.fixture(scope="module")
def checker(tmp_path_factory):
    ttl = [
        'wd:Q60 rdfs:label "New York"@en ; wdt:P31 wd:Q515 .',
        'wd:Q515 rdfs:label "city"@en .',
        'wd:Q11424 rdfs:label "film"@en .',
        'wd:Q41148 rdfs:label "Martin Scorsese"@en .',
        'wd:Q154581 rdfs:label "Gangs of New York"@en ; wdt:P31 wd:Q11424 ; '
        "wdt:P57 wd:Q41148 ; wdt:P840 wd:Q60 .",
    ]
    # New York is the better-known name: many facts point at it
    ttl += [f'wd:Q{5000 + i} rdfs:label "Person {i}"@en ; wdt:P19 wd:Q60 .' for i in range(30)]
    return checker_over(ttl, tmp_path_factory.mktemp("titles"))


def test_a_title_naming_a_city_is_the_subject_and_a_seed(checker):
    r = checker.verify("Gangs of New York was directed by Martin Scorsese.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "Gangs of New York" in {e.label for e in r.topic_entities}
