"""Words that name a relation loosely: "were on" a record label, "ended up on", "the
hometown of", "dated", "a division of", "signed a contract with", "taught a course at"."""

from __future__ import annotations

import pytest

from kgfc.models import VerdictLabel

S, R, N = VerdictLabel.SUPPORTED, VerdictLabel.REFUTED, VerdictLabel.NEI


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        # "were on": the object's use in the KG says which relation (a record label)
        ("The Bee Gees were on Polydor Records.", S),
        ("The White Stripes ended up on Warner Bros. Records.", S),
        ("The White Stripes ended up on Columbia Records.", N),
        ("Detroit is the hometown of Alice Cooper.", S),
        ("Chicago is the birthplace of Alice Cooper.", R),
        ("Howard Hughes dated Katharine Hepburn.", S),
        ("Virgin Records is today a division of Sony Music Entertainment.", R),
        ("Humphrey Bogart signed a contract with Warner Bros.", S),
        ("Paul Simon taught a course at Princeton University.", S),
    ],
)
def test_loose_words_read_as_the_relation_they_mean(demo_local, claim, verdict):
    assert demo_local.verify(claim, record=False).verdict is verdict


def test_the_object_is_read_as_its_usual_relation_only_for_words_naming_none(demo_local):
    result = demo_local.verify("The Bee Gees were on Polydor Records.", record=False)
    assert result.triples[0].relation_ids[0].endswith("/P264")
    assert "record label Polydor Records" in result.justification


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        # the noun is what the subject is (a record label): the place is where it is, by the
        # place's use the subject has (headquarters), not the use most common in the KG
        ("Def Jam Recordings is a New York label.", S),
        ("jive records is a london label", R),
        ("Tommy Boy Records is a Los Angeles label.", R),
    ],
)
def test_a_place_before_the_noun_for_what_the_subject_is_says_where_it_is(
    demo_local, claim, verdict
):
    result = demo_local.verify(claim, record=False)
    assert result.verdict is verdict, result.justification
    assert "headquarters location" in result.justification
