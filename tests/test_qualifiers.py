"""Times and roles beside a claim's statement that no reading checks (kgfc.nlp.qualifiers)."""

from __future__ import annotations

import pytest

from kgfc.models import ClaimTriple
from kgfc.nlp.qualifiers import unread
from kgfc.nlp.spacy_pipeline import parse


def _unread(text: str, subject: str, obj: str, names_relation=None) -> list[str]:
    return unread(
        parse(text), [ClaimTriple(subject=subject, relation="r", object=obj)], names_relation
    )


@pytest.mark.parametrize(
    ("text", "subject", "obj", "said"),
    [
        ("Mickey Rourke was a cast member of The Expendables from 1990 to 2000.", "Mickey Rourke", "The Expendables", "from 1990 to 2000"),
        ("Mickey Rourke has appeared in The Expendables since 1995.", "Mickey Rourke", "The Expendables", "since 1995"),
        ("In 1995, Mickey Rourke appeared in The Expendables.", "Mickey Rourke", "The Expendables", "In 1995"),
        ("Mickey Rourke has worked as an actor since the 1990s.", "Mickey Rourke", "actor", "since the 1990s"),
        ("France has had diplomatic relations with Germany for decades.", "France", "Germany", "for decades"),
        ("Bob has played the guitar since childhood.", "Bob", "guitar", "since childhood"),
        ("Bob was heavily influenced by Dylan early in their career.", "Bob", "Dylan", "early in their career"),
        ("Mickey Rourke played in The Expendables at the age of 58.", "Mickey Rourke", "The Expendables", "at the age of 58"),
        ("Melancholia stars Kiefer Sutherland as Darth Vader.", "Melancholia", "Kiefer Sutherland", "as Darth Vader"),
        ("Kiefer Sutherland starred as John in Melancholia.", "Kiefer Sutherland", "Melancholia", "as John"),
        # a role named like the film: "Forrest" begins the subject, it is not its head
        ("Forrest Gump stars Tom Hanks as Forrest.", "Forrest Gump", "Tom Hanks", "as Forrest"),
        ("Tony Blair was born in Edinburgh as the son of a lawyer.", "Tony Blair", "Edinburgh", "as the son of a lawyer"),
        # a name beside a date: the date's own words still count
        ("Donna Summer was born in Boston in the summer of 1948.", "Donna Summer", "Boston", "in the summer of 1948"),
    ],
)  # fmt: skip
def test_a_time_or_a_role_no_reading_holds_is_found(text, subject, obj, said):
    assert _unread(text, subject, obj) == [said]


@pytest.mark.parametrize(
    ("text", "subject", "obj"),
    [
        ("Tony Blair was born on 6 May 1953.", "Tony Blair", "6 May 1953"),  # the date is the object
        ("Anne Rice was born in New Orleans in the 70's.", "Anne Rice", "the 1970s"),  # rewritten
        ("Bob worked as an actor.", "Bob", "actor"),  # "as" holds the object
        ("Bob served as mayor of Paris.", "Bob", "Paris"),
        ("Bob is known as the King of Pop.", "Bob", "King of Pop"),
        ("NATO includes France (as of 2020).", "NATO", "France"),  # when the claim was made
        ("Rome is the capital of Italy today.", "Rome", "Italy"),  # the KG says what holds now
        ("The 1975 Cricket World Cup was held in England.", "The 1975 Cricket World Cup", "England"),
        ("Bob Dylan is as famous as Elvis.", "Bob Dylan", "Elvis"),
        ("Tom Hanks appeared in Cast Away as well as in Big.", "Tom Hanks", "Cast Away"),
        ("Frank Zappa spent his last days in Los Angeles and died there.", "Frank Zappa", "Los Angeles"),
        # spaCy takes a word of a name for a date (the M paraphrase run)
        ("January Jones works as a film actor.", "January Jones", "film actor"),
        ("night at the Museum comes from United States of America.", "Night at the Museum", "United States of America"),
        # ... or a date that runs into a name: "Summer first" (bench_chains blind2)
        ("Cree Summer first saw the light of day in United States of America.", "Cree Summer", "United States of America"),
        # the reading names the object by its KG label: "a producer" is its head
        ("Tom Hanks had a career as a producer.", "Tom Hanks", "film producer"),
    ],
)  # fmt: skip
def test_words_a_reading_holds_or_that_add_nothing_are_not_qualifiers(text, subject, obj):
    assert _unread(text, subject, obj) == []


def test_an_as_phrase_that_names_the_relation_is_the_reading():
    text = "Charles Baudelaire cites Edgar Allan Poe as an influence."
    assert _unread(text, "Charles Baudelaire", "Edgar Allan Poe") == ["as an influence"]
    asked = []

    def names_relation(words, triple):
        asked.append(words)
        return words == "influence"

    assert _unread(text, "Charles Baudelaire", "Edgar Allan Poe", names_relation) == []
    assert asked == ["influence"]  # without "as", the article or a possessive


def test_an_as_phrase_names_the_relation_whatever_its_weight_not_its_time():
    def names_relation(words, triple):
        return words in ("influence", "actor")

    text = "Norman Mailer cited Fyodor Dostoyevsky as an important influence."
    assert _unread(text, "Norman Mailer", "Fyodor Dostoyevsky", names_relation) == []
    # "young" says when: the KG cannot check it
    text = "Mickey Rourke appeared in The Expendables as a young actor."
    assert _unread(text, "Mickey Rourke", "The Expendables", names_relation) == ["as a young actor"]


def test_last_days_read_as_the_place_of_death_are_the_reading():
    from kgfc.kg import vocab as V

    text = "Marvin Gaye spent their last days in Los Angeles."
    died = ClaimTriple(
        subject="Marvin Gaye", relation="r", object="Los Angeles", relation_ids=[V.WDT + "P20"]
    )
    lived = died.model_copy(update={"relation_ids": [V.WDT + "P551"]})
    assert unread(parse(text), [died]) == []
    assert unread(parse(text), [lived]) == ["last days"]
