"""A news lede's fact in a "who" clause or an appositive is checked; the news is named as not
checked.

"Macy Gray, who recorded for Epic Records, will headline the festival on Saturday": the KG
keeps record labels, not festival line-ups. The clause decides, and the verdict says the
main clause was not checked. A place in an appositive ("the Chicago-born singer", "the
Boston-based label") is read as the place of birth or the headquarters it names.
"""

from __future__ import annotations

import pytest

from kgfc.models import VerdictLabel

S, R, N = VerdictLabel.SUPPORTED, VerdictLabel.REFUTED, VerdictLabel.NEI


@pytest.mark.parametrize(
    "claim, verdict",
    [
        # a "who" clause the KG states, news it does not keep
        ("Macy Gray, who recorded for Epic Records, will headline the festival on Saturday.", S),
        (
            "Kal Penn, who has taught at the University of Pennsylvania, is writing a second book.",
            S,
        ),
        # a "who" clause the KG contradicts (Dirk Bogarde died in Chelsea, in London)
        ("Dirk Bogarde, who died in Paris, left his letters to a public library.", R),
        # a "who" clause on a noun in apposition to the name (Leon Russell died in Nashville)
        (
            "Leon Russell, the pianist and songwriter who died in Nashville, will be honoured "
            "at a concert this weekend.",
            S,
        ),
        # a place in an appositive: born in (Natalie Cole was born in Los Angeles)
        ("Natalie Cole, the Los Angeles-born singer, was remembered at a concert on Sunday.", S),
        ("Natalie Cole, the Chicago-born singer, was remembered at a concert on Sunday.", R),
        ("Natalie Cole is a Los Angeles-born singer.", S),
        # based in, as an appositive and as a predicate
        ("Def Jam Recordings, the Los Angeles-based label, announced a box set on Monday.", R),
        ("Def Jam Recordings is a Los Angeles-based label.", R),
        # whose work it is, by the noun for it (Martin Scorsese directed Shutter Island)
        ("Shutter Island is Martin Scorsese's psychological thriller.", S),
        ("Shutter Island is Christopher Nolan's psychological thriller.", R),
        ("Shutter Island, Christopher Nolan's thriller, returns to cinemas this month.", R),
        # a star's film is no claim of who made it (DiCaprio acted in it)
        ("Shutter Island is Leonardo DiCaprio's thriller.", N),
        # news alone is nothing the KG can check
        ("Macy Gray will headline the festival on Saturday.", N),
    ],
)
def test_news_ledes(demo_local, claim, verdict):
    r = demo_local.verify(claim, record=False)
    assert r.verdict is verdict, r.justification


def test_the_news_left_out_is_named(demo_local):
    r = demo_local.verify(
        "Macy Gray, who recorded for Epic Records, will headline the festival on Saturday.",
        record=False,
    )
    assert "Not checked:" in r.justification and "headline the festival" in r.justification


def test_a_who_clause_on_an_appositive_is_a_clause_of_the_name():
    from kgfc.nlp.decompose import relative_clauses

    assert relative_clauses(
        "Roddy McDowall, the child star who died in London, left a collection of memorabilia."
    ) == ["Roddy McDowall left a collection of memorabilia.", "Roddy McDowall died in London."]


@pytest.mark.parametrize(
    "claim, verdict",
    [
        # news read as nothing the KG holds: the aside alone decides
        ("Macy Gray, whose record label is Epic Records, will headline the festival.", S),
        # a participle between the name and the news
        ("Kinsey, directed by Bill Condon, returns to cinemas next month.", S),
        ("Kinsey, directed by Ang Lee, returns to cinemas next month.", R),
        ("Patricia Arquette, formerly married to Johnny Depp, joins a new drama.", R),
        # news whose object is a common noun nobody has under the relation read ("campus",
        # as where someone studied): news, not a fact
        ("Kal Penn, who has taught at the University of Pennsylvania, returned to campus.", S),
        # the aside follows a name at the end of a noun phrase, not the noun phrase
        ("A new biography of Robin Gibb, the Bee Gees singer, goes on sale on Thursday.", S),
        ("Letters by Natalie Cole, the Chicago-born singer, sold at auction on Tuesday.", R),
    ],
)
def test_the_aside_decides_when_the_news_reads_as_nothing(demo_local, claim, verdict):
    r = demo_local.verify(claim, record=False)
    assert r.verdict is verdict, r.justification
    assert "news the KG does not keep" in r.justification


def test_a_born_compound_after_the_definite_article(demo_local):
    # Natalie Cole was born in Los Angeles
    r = demo_local.verify("Natalie Cole is the Chicago-born singer.", record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification
