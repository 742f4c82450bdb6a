"""Whom a reference stands for when more than one person fits, and the parts of a first
sentence a biography wraps its claims in: a pronoun before a name the same sentence gives
later, a pronoun across a paragraph break after a wife was named, a surname two brothers
share, "X's film Y" as a subject, a title with small words ("Lost in Translation"), "the
novelist" for a writer, a transcript's "our son", life
dates in brackets, "a film and stage actor", a "which" clause on a name, how long and how
old, "a drummer who played ...", and "not only ... but also"."""

from __future__ import annotations

import pytest

from kgfc.document.check import check_document
from kgfc.document.claims import asides, decompose, plain_and
from kgfc.nlp.spacy_pipeline import parse
from tests.fakes.documents import refs

WD = "http://www.wikidata.org/entity/"

TEXT = (
    "# Things You Didn't Know About George Harrison\n\n"
    "He was born in Liverpool, like Ringo Starr.\n\n"
    "Humphrey Bogart was an actor. His fourth wife, Lauren Bacall, was born in the Bronx.\n\n"
    "He died in Los Angeles.\n\n"
    "Richard Attenborough was an actor. His younger brother is David Attenborough. "
    "Attenborough directed Gandhi.\n\n"
    "Darren Aronofsky's Black Swan is a thriller. The film is set in New York City.\n\n"
    "A screening of Lost in Translation sold out. The film stars Bill Murray.\n\n"
    "Kurt Vonnegut was born in Indianapolis. The novelist died in New York City.\n\n"
    "YOKO ONO: Our son Sean was born in New York City, and he plays the guitar."
)


def test_a_pronoun_is_not_a_name_its_own_sentence_gives_after_it(report):
    assert refs(report, "He was born in Liverpool") == [("He", WD + "Q2643")]


def test_a_pronoun_with_no_one_before_it_is_the_name_after_it(demo_local):
    # the counter-example: no one was named before, so "his" is Tom Wolfe
    alone = check_document(
        demo_local, "In his youth, Tom Wolfe studied at Yale University.", record=False
    )
    assert ("his", WD + "Q216195") in refs(alone, "In his youth")


def test_a_pronoun_after_a_paragraph_break_skips_a_woman_for_he(report):
    assert refs(report, "He died in Los Angeles") == [("He", WD + "Q16390")]


def test_a_surname_two_people_share_is_the_one_the_text_is_about(report):
    assert refs(report, "Attenborough directed") == [("Attenborough", WD + "Q51506")]


def test_the_subject_of_x_s_film_y_is_the_film(report):
    assert refs(report, "The film is set") == [("The film", WD + "Q180214")]


def test_a_title_with_small_words_is_one_name(report):
    assert refs(report, "The film stars") == [("The film", WD + "Q107270")]


def test_a_writer_is_the_novelist_and_a_drummer_is_not(report, demo_local):
    assert refs(report, "The novelist died in New York") == [("The novelist", WD + "Q49074")]
    text = "Ringo Starr was born in Liverpool. The novelist died in London."
    alone = check_document(demo_local, text, record=False)
    assert refs(alone, "The novelist") == []


def test_our_son_in_a_transcript_is_the_speaker_s_and_he_after_him_is_the_son(report):
    sent = next(s for s in report.sentences if "Our son" in s.text)
    assert [(r.text, r.name) for r in sent.references] == [
        ("Sean", "Sean Lennon"),
        ("he", "Sean Lennon"),
    ]


@pytest.mark.parametrize(
    "text, masked",
    [
        (
            "Humphrey Bogart (December 25, 1899 – January 14, 1957) was an actor.",
            "Humphrey Bogart was an actor.",
        ),
        (
            "Douglas Adams (11 March 1952 – 11 May 2001) was a writer.",
            "Douglas Adams was a writer.",
        ),
        ("Nino Rota (1911–1979) was a composer.", "Nino Rota was a composer."),
        # counter-examples: a bracket with more than dates, or not after a name, stays
        (
            "Madonna (the singer) was born in Bay City.",
            "Madonna (the singer) was born in Bay City.",
        ),
        ("The band (formed 1962) played.", "The band (formed 1962) played."),
    ],
)
def test_life_dates_in_brackets_after_a_name_are_left_out(text, masked):
    out, _parts = asides(text)
    assert len(out) == len(text)  # same length: spans still line up
    assert " ".join(out.split()).replace(" .", ".") == masked


def test_a_bracket_with_a_place_still_gives_its_claim():
    out, parts = asides("Tony Blair (born 6 May 1953 in Edinburgh) was a politician.")
    assert [p.text for p in parts] == ["Tony Blair was born in Edinburgh."]


ROLES = {"actor", "film actor", "stage actor", "songwriter", "film producer", "producer"}


@pytest.mark.parametrize(
    "text, claims",
    [
        (  # "film" is no role, "film actor" is: the head is shared
            "Humphrey Bogart was a film and stage actor.",
            ["Humphrey Bogart was a film actor.", "Humphrey Bogart was a stage actor."],
        ),
        (  # counter-example: "songwriter" is a role of its own
            "Carole King was a songwriter and film producer.",
            ["Carole King was a songwriter.", "Carole King was a film producer."],
        ),
        (  # an appositive list of roles, one with a compound noun, "the" read as "a"
            "Carl Sagan, the astronomer and science writer, died in Seattle.",
            [
                "Carl Sagan died in Seattle.",
                "Carl Sagan was an astronomer.",
                "Carl Sagan was a science writer.",
            ],
        ),
        (  # the article follows the word it now stands before
            "Richard Attenborough was an actor, film director and politician.",
            [
                "Richard Attenborough was an actor.",
                "Richard Attenborough was a film director.",
                "Richard Attenborough was a politician.",
            ],
        ),
    ],
)
def test_a_shared_head_noun_is_read_with_each_modifier(text, claims):
    parts = decompose(parse(text), role=lambda noun: noun in ROLES)
    assert [p.text for p in parts] == claims


KNOWN = {"Gandhi", "Good Will Hunting", "Some Like It Hot"}


@pytest.mark.parametrize(
    "text, claims",
    [
        (
            "Richard Attenborough directed Gandhi, which is set in India and South Africa.",
            [
                "Richard Attenborough directed Gandhi.",
                "Gandhi is set in India.",
                "Gandhi is set in South Africa.",
            ],
        ),
        (
            "Robin Williams won an Oscar for Good Will Hunting, which Gus Van Sant directed.",
            [
                "Robin Williams won an Oscar for Good Will Hunting.",
                "Gus Van Sant directed Good Will Hunting.",
            ],
        ),
        (  # counter-example: not a name the KG knows, the sentence stays whole
            "He moved to Paris, which he loved.",
            ["He moved to Paris, which he loved."],
        ),
    ],
)
def test_a_which_clause_on_a_name_is_a_claim_about_the_name(text, claims):
    parts = decompose(parse(text), known=lambda t: t in KNOWN)
    assert [p.text for p in parts] == claims


@pytest.mark.parametrize(
    "text, claims",
    [
        (
            "Diana Ross recorded for Motown Records for two decades.",
            ["Diana Ross recorded for Motown Records."],
        ),
        (
            "Paul Simon was married to Carrie Fisher for a couple of years.",
            ["Paul Simon was married to Carrie Fisher."],
        ),
        (
            "Douglas Adams died of a heart attack in Santa Barbara at the age of 49.",
            ["Douglas Adams died of a heart attack.", "Douglas Adams died in Santa Barbara."],
        ),
        (
            "F. Scott Fitzgerald died of a heart attack in Hollywood in 1940, aged 44.",
            [
                "F. Scott Fitzgerald died of a heart attack.",
                "F. Scott Fitzgerald died in Hollywood.",
            ],
        ),
        (  # counter-example: a duration or an age that is all there is stays
            "He died at the age of 49.",
            ["He died at the age of 49."],
        ),
        (
            "Robbie Robertson lived in Toronto until he left for the United States.",
            ["Robbie Robertson lived in Toronto."],
        ),
        (
            "Kurt Cobain recorded for Sub Pop before signing with Geffen Records.",
            ["Kurt Cobain recorded for Sub Pop."],
        ),
        (  # counter-example: the time is all the verb has
            "He died after a long illness.",
            ["He died after a long illness."],
        ),
        (
            "Levon Helm, a drummer who also played the mandolin, died in New York City.",
            [
                "Levon Helm died in New York City.",
                "Levon Helm was a drummer.",
                "Levon Helm played the mandolin.",
            ],
        ),
        (  # counter-example: "the first woman who ..." is one claim
            "She was the first woman who won it.",
            ["She was the first woman who won it."],
        ),
    ],
)
def test_how_long_how_old_and_until_when_are_left_out_and_a_who_after_a_role_is_a_claim(
    text, claims
):
    parts = decompose(parse(text), role=lambda noun: noun in {"drummer"})
    assert [p.text for p in parts] == claims


def test_not_only_but_also_is_both_and_maps_back_to_the_text():
    text = "Albert Einstein was not only a physicist but also a philosopher."
    plain, to_old = plain_and(text)
    assert plain == "Albert Einstein was a physicist and a philosopher."
    parts = decompose(parse(plain), role=lambda noun: noun in {"physicist", "philosopher"})
    assert [p.text for p in parts] == [
        "Albert Einstein was a physicist.",
        "Albert Einstein was a philosopher.",
    ]
    assert [text[to_old(p.start) : to_old(p.end)] for p in parts] == [
        "a physicist",
        "a philosopher",
    ]
    assert plain_and("He was not only rich.")[0] == "He was not only rich."


def test_in_the_city_is_the_one_city_the_text_named(demo_local):
    text = "NEWARK — A reading room will honour Philip Roth, who was born in the city."
    report = check_document(demo_local, text, record=False)
    assert ("the city", WD + "Q25395") in refs(report, "NEWARK")
    # counter-example: two cities named, "the city" is left as written
    text = "Chris Cornell was born in Seattle and died in Detroit. Kurt Cobain died in the city."
    report = check_document(demo_local, text, record=False)
    assert refs(report, "Kurt Cobain") == []


def test_a_who_clause_the_parser_made_the_whole_sentence_of_is_read_apart():
    text = "Warren Beatty, who was briefly married to Madonna, directed and starred in Bonnie and Clyde."
    parts = [p.text for p in decompose(parse(text), known=lambda t: t == "Bonnie and Clyde")]
    assert "Warren Beatty was briefly married to Madonna." in parts
    assert "Warren Beatty starred in Bonnie and Clyde." in parts
    assert not any("Madonna," in p for p in parts)  # the clause no longer swallows the rest
