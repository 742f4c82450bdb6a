"""A post's closing comment is set aside; the statement before it is checked.

"vince vaughn is a republican, that explains a lot tbh": the last clause names nothing the KG
knows, so it is the writer's comment, and the verdict says it was not checked. A last
clause that names something, gives a number, or points back at a place is part of the
statement; prose that is not a post is read as written.
"""

from __future__ import annotations

import pytest

from kgfc.models import VerdictLabel
from kgfc.reading.comments import informal, uncommented

S, R, N = VerdictLabel.SUPPORTED, VerdictLabel.REFUTED, VerdictLabel.NEI


@pytest.mark.parametrize(
    "claim, verdict, comment",
    [
        ("vince vaughn is a republican, that explains a lot tbh", S, "that explains a lot"),
        # a tag question and a comment after it (Bill Condon directed Kinsey)
        ("kinsey was directed by ang lee right? such a good biopic", R, "such a good biopic"),
        # "and" before a pronoun opens the comment
        (
            "master p is new orleans born and that's why his music hits different ⚜️",
            S,
            "that's why his music hits different",
        ),
        # an intensifier after the name and a tag (Peter Berg directed Hancock)
        ("hancock was directed by will smith himself right?", R, None),
    ],
)
def test_the_statement_before_a_comment_is_checked(demo_local, claim, verdict, comment):
    r = demo_local.verify(claim, record=False)
    assert r.verdict is verdict, r.justification
    if comment is not None:
        assert f'Not checked: "{comment}", the writer\'s comment' in r.justification


@pytest.mark.parametrize(
    "text",
    [
        # a correction names a place: it is the statement
        "tony blair was born in edinburgh, not london",
        # a number, a place pointed back at, a fact attached by a preposition or "who"
        "nicole richie was born in berkeley, 1981 baby",
        "elizabeth mcgovern grew up in evanston and they still live there",
        "barack obama was born, in a hospital",
        # too little left to be a statement
        "the band, obviously so good",
    ],
)
def test_a_last_clause_that_says_something_stays(demo_local, text):
    assert uncommented(demo_local.store, text) == (text, [])


def test_comments_are_peeled_last_first(demo_local):
    got = uncommented(demo_local.store, "tony blair was born in edinburgh, wow. amazing, crazy")
    assert got == ("tony blair was born in edinburgh", ["crazy", "amazing", "wow"])


@pytest.mark.parametrize(
    "claim, is_post",
    [
        ("vince vaughn is a republican, that explains a lot", True),
        ("Ne-Yo was influenced by Michael Jackson 🕺", True),
        ("Ne-Yo was influenced by Michael Jackson #music", True),
        ("Karl Popper died in 1994 in Vienna, the city where he had been born.", False),
    ],
)
def test_only_posts_are_read_for_comments(claim, is_post):
    assert informal(claim) is is_post


@pytest.mark.parametrize(
    "text",
    ["super 8 was directed by j. j. abrams", "robin williams starred in mrs. doubtfire"],
)
def test_an_initials_stop_ends_nothing(demo_local, text):
    assert uncommented(demo_local.store, text) == (text, [])


def test_a_bracketed_aside_that_names_nothing_is_set_aside(demo_local):
    text = "kinsey (such a good biopic!!) was directed by ang lee"
    assert uncommented(demo_local.store, text) == (
        "kinsey was directed by ang lee",
        ["such a good biopic"],
    )
    # a film's year is no comment; a name or a date in brackets is part of the statement
    assert uncommented(demo_local.store, "the avengers (2012) was directed by jon favreau") == (
        "the avengers was directed by jon favreau",
        [],
    )
    for kept in (
        "the director of sunshine (the ralph fiennes one) was born in budapest",
        "tony blair (born may 1953) was born in edinburgh",
    ):
        assert uncommented(demo_local.store, kept) == (kept, [])


@pytest.mark.parametrize(
    "text",
    [
        "vince vaughn is a republican, not really",
        "vince vaughn is a republican, jk",
        "vince vaughn is a republican, or was it the other way round",
        "vince vaughn is a republican, that's a myth though",
        "vince vaughn is a republican, isn't that wild?",
    ],
)
def test_a_last_clause_that_denies_or_doubts_is_no_comment(demo_local, text):
    assert uncommented(demo_local.store, text) == (text, [])
