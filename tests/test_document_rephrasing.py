"""Claims a careful reader takes from how a document words things: a verb sharing the
complement of the verb after it, a name "next to" someone at a place, "only ... later", a
"who" clause on a name inside a phrase, a place named with its region, a work someone made or
whose it is, a film's players, a role in a band, a city that is a country's largest, an
obituary's "The cause was ...", someone's own account of their influences, and what the
writer did left out."""

from __future__ import annotations

import pytest

from kgfc.document.claims import decompose
from kgfc.document.cues import not_a_statement
from kgfc.document.deaths import cause_of_death
from kgfc.models import VerdictLabel
from kgfc.nlp.spacy_pipeline import parse
from tests.fakes.documents import verdict


@pytest.mark.parametrize(
    "text, claims",
    [
        (  # a verb of making takes the work the next verb's preposition introduces
            "Clint Eastwood directed and starred in Unforgiven.",
            ["Clint Eastwood directed Unforgiven.", "Clint Eastwood starred in Unforgiven."],
        ),
        (  # any other verb takes the phrase as it is
            "Ernest Hemingway lived and died in Idaho.",
            ["Ernest Hemingway lived in Idaho.", "Ernest Hemingway died in Idaho."],
        ),
        (
            "Lauren Bacall is buried next to Mary Pickford at Forest Lawn Memorial Park.",
            [
                "Lauren Bacall is buried at Forest Lawn Memorial Park.",
                "Mary Pickford is buried at Forest Lawn Memorial Park.",
            ],
        ),
        (
            "Yoko Ono lived beside John Lennon in New York City.",
            ["Yoko Ono lived in New York City.", "John Lennon lived in New York City."],
        ),
        (  # "only ... later": not until later; it still happened
            "Bob Dylan only moved to Malibu later.",
            ["Bob Dylan moved to Malibu later."],
        ),
        (  # "only" with no time after it is left for the reader ("and nothing else")
            "Bob Dylan only recorded for Columbia Records.",
            ["Bob Dylan only recorded for Columbia Records."],
        ),
        (  # the name keeps its place in the sentence's own claim
            "A statue honoring Jimi Hendrix, who was born in Seattle, was unveiled on Sunday.",
            [
                "A statue honoring Jimi Hendrix was unveiled on Sunday.",
                "Jimi Hendrix was born in Seattle.",
            ],
        ),
        (  # a place with its region, and what it is to someone, said of the place
            "This spring we did Stockholm, Denmark, the hometown of ABBA's Benny Andersson.",
            [
                "This spring we did Stockholm.",
                "Stockholm is the hometown of Benny Andersson.",
                "Stockholm is in Denmark.",
            ],
        ),
        (  # a place a claim is about keeps its region as the claim's place
            "Albert Einstein was born in Ulm, Germany, in 1879.",
            ["Albert Einstein was born in Ulm, Germany."],
        ),
    ],
)
def test_claims_a_careful_reader_takes_from_the_wording(text, claims):
    assert [p.text for p in decompose(parse(text))] == claims


@pytest.mark.parametrize(
    "text, cause",
    [
        ("The cause was pneumonia, his family said.", "pneumonia"),
        ("the cause was a drug overdose", "a drug overdose"),
        ("The cause of death was a heart attack, according to his wife.", "a heart attack"),
        ("The cause of his death was lung cancer, his son told The Times.", "lung cancer"),
        ("The cause was not disclosed.", None),
        ("The cause was taken up by his widow.", None),
        ("The cause was unknown.", None),
    ],
)
def test_the_cause_an_obituary_gives(text, cause):
    found = cause_of_death(text)
    assert (found.cause if found else None) == cause


def test_ones_own_influences_are_stated_anothers_account_is_reported():
    def kind(text: str) -> str | None:
        v = not_a_statement(parse(text)[:])
        return v.kind if v else None

    assert kind("He often said he was influenced by Ravi Shankar.") is None
    assert kind("She said Virginia Woolf inspired her.") is None
    assert kind("His manager said he was influenced by Ravi Shankar.") == "quote"
    assert kind("He claimed he was influenced by Ravi Shankar.") == "quote"
    assert kind("He often said he was born in Rome.") == "quote"


TEXT = (
    "Francis Ford Coppola's The Godfather is three hours long. The film follows a family led "
    "by a don, with Al Pacino as his youngest son and a hothead played by James Caan. "
    "Coppola later made Apocalypse Now.\n\n"
    "Ronald Reagan died at his home on Saturday. He was 93. The cause was pneumonia, his "
    "family said.\n\n"
    "George Harrison, the guitarist of the Beatles, was born in Liverpool. He often said he "
    "was influenced by Ravi Shankar.\n\n"
    "Munich, Germany's third-largest city, charmed us at once. Last year I did Stockholm, "
    "Denmark, the hometown of Benny Andersson."
)


def _texts(report, start: str) -> list[str]:
    sent = next(s for s in report.sentences if s.text.startswith(start))
    return [report.claim(c).text for c in sent.claims]


def test_a_work_named_by_whose_it_is_and_the_sentence_said_of_the_work(report):
    assert _texts(report, "Francis Ford Coppola's") == [
        "The Godfather is three hours long.",
        "The Godfather is Francis Ford Coppola's film.",
    ]
    assert verdict(report, "The Godfather is Francis Ford Coppola's film.") is (
        VerdictLabel.SUPPORTED
    )


def test_a_films_players_are_its_cast(report):
    assert _texts(report, "The film follows") == [
        "Al Pacino stars in The Godfather.",
        "James Caan stars in The Godfather.",
    ]
    assert verdict(report, "Al Pacino stars in The Godfather.") is VerdictLabel.SUPPORTED
    assert verdict(report, "James Caan stars in The Godfather.") is VerdictLabel.SUPPORTED


def test_a_film_someone_made_is_a_film_by_them(report):
    assert _texts(report, "Coppola later made") == [
        "Apocalypse Now is a film by Francis Ford Coppola."
    ]
    assert verdict(report, "Apocalypse Now is a film by Francis Ford Coppola.") is (
        VerdictLabel.SUPPORTED
    )


def test_the_cause_after_a_death_is_the_deaths_cause_sourced_not_reported(report):
    sent = next(s for s in report.sentences if s.text.startswith("The cause was"))
    assert sent.status == "checked"
    assert verdict(report, "Ronald Reagan died of pneumonia.") is VerdictLabel.SUPPORTED


def test_a_role_in_a_band_is_the_role_and_the_membership(report):
    assert verdict(report, "George Harrison was a guitarist.") is VerdictLabel.SUPPORTED
    assert verdict(report, "George Harrison was a member of the Beatles.") is (
        VerdictLabel.SUPPORTED
    )


def test_someones_own_account_of_their_influences_is_checked(report):
    assert verdict(report, "George Harrison was influenced by Ravi Shankar.") is (
        VerdictLabel.SUPPORTED
    )


def test_a_countrys_largest_city_is_a_city_in_it_and_what_the_writer_did_is_no_claim(report):
    assert verdict(report, "Munich was a city in Germany.") is VerdictLabel.SUPPORTED
    assert _texts(report, "Last year I did") == [
        "Stockholm is the hometown of Benny Andersson.",
        "Stockholm is in Denmark.",
    ]
    assert verdict(report, "Stockholm is in Denmark.") is VerdictLabel.REFUTED
    assert verdict(report, "Stockholm is the hometown of Benny Andersson.") is (
        VerdictLabel.SUPPORTED
    )
