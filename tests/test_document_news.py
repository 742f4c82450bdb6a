"""News and travel writing: a dateline's city is "the city" and "here", a semicolon or a
colon joins two statements, a "who" clause may hold two facts, a description may join two
roles, and "it" may stand for the one work just named."""

from __future__ import annotations

import pytest

from kgfc.document.claims import decompose
from kgfc.models import VerdictLabel
from kgfc.nlp.spacy_pipeline import parse
from tests.fakes.documents import refs

WD = "http://www.wikidata.org/entity/"

TEXT = (
    "SEATTLE — A guitar that belonged to Jimi Hendrix, who died in London in 1970, goes on "
    "show today. Kurt Cobain died in the city in 1994. Chris Cornell was born here; a mural of "
    "the singer will follow next spring.\n\n"
    "A new biography looks at Ben Hecht, who was born in New York City and died there in 1964. "
    "The playwright and screenwriter was a citizen of the United States.\n\n"
    "just rewatched Midnight in Paris 🍷 woody allen directed it and it's set in paris "
    "obviously marion cotillard is in it too"
)


def _checked(report) -> dict[str, VerdictLabel | None]:
    return {c.text: c.verdict for c in report.claims if c.checkable}


def test_the_city_and_here_are_the_datelines_city(report):
    verdicts = _checked(report)
    # London was named before "the city" too: a news story's city is its dateline's
    assert verdicts["Kurt Cobain died in Seattle."] is VerdictLabel.SUPPORTED
    assert verdicts["Chris Cornell was born in Seattle."] is VerdictLabel.SUPPORTED


def test_a_semicolon_cuts_a_prediction_from_the_statement_beside_it(report):
    texts = [s.text for s in report.sentences]
    assert "Chris Cornell was born here;" in texts
    mural = next(s for s in report.sentences if s.text.startswith("a mural"))
    assert mural.status == "skipped" and mural.skip == "prediction"


def test_a_who_clause_with_two_facts_gives_two_claims_and_there_is_its_place(report):
    verdicts = _checked(report)
    assert verdicts["Ben Hecht was born in New York City."] is VerdictLabel.SUPPORTED
    assert verdicts["Ben Hecht died in New York City."] is VerdictLabel.SUPPORTED


def test_a_description_joining_two_roles_is_the_person_named(report):
    assert refs(report, "The playwright") == [("The playwright and screenwriter", WD + "Q267441")]


def test_it_is_the_one_work_named_and_its_is_it_is(report):
    verdicts = _checked(report)
    assert verdicts["Woody Allen directed Midnight in Paris."] is VerdictLabel.SUPPORTED
    assert verdicts["Midnight in Paris is set in Paris obviously."] is VerdictLabel.SUPPORTED


@pytest.mark.parametrize(
    ("sentence", "claims"),
    [
        # the parser hangs "at Cornell University" on "decades": how long goes, where stays
        ("Carl Sagan taught for decades at Cornell University.",
         ["Carl Sagan taught at Cornell University."]),
        # "from the band" is the last name's, though the parser hangs it on the first
        ("Paul Simon, Art Garfunkel and Flea from the band were all born in Newark.",
         ["Paul Simon was born in Newark.", "Art Garfunkel was born in Newark.",
          "Flea from the band was born in Newark."]),
        # a relative named in an appositive beside the subject: the kinship is a claim
        ("Warren Beatty and his wife, Annette Bening, attended the gala.",
         ["Warren Beatty and his wife, Annette Bening, attended the gala.",
          "Warren Beatty was married to Annette Bening."]),
        # "X's bandmate Y" parsed as a name with "bandmate" in it: every claim is Y's
        ("Robbie Robertson's bandmate Levon Helm, a drummer who also played the mandolin, "
         "died in New York City in 2012.",
         ["Levon Helm died in New York City.", "Levon Helm was a drummer.",
          "Levon Helm played the mandolin."]),
        # nationalities joined before a role or a citizenship: a claim for each
        ("Roman Polanski is a French and Polish film director.",
         ["Roman Polanski is French.", "Roman Polanski is Polish.",
          "Roman Polanski is a film director."]),
        ("Roman Polanski holds both French and Polish citizenship.",
         ["Roman Polanski holds French citizenship.", "Roman Polanski holds Polish citizenship."]),
        # an appositive that says where besides the participle after it
        ("Def Jam Recordings, the Los Angeles-based label founded by Rick Rubin, announced a "
         "box set.",
         ["Def Jam Recordings announced a box set.", "Def Jam Recordings was founded by Rick Rubin.",
          "Def Jam Recordings was the Los Angeles-based label."]),
    ],
)  # fmt: skip
def test_claims_a_sentence_splits_into(sentence, claims):
    got = [p.text for p in decompose(parse(sentence), lambda _t: False, lambda _t: True)]
    assert got == claims


def test_a_transcripts_short_answer_is_read_with_its_question(demo_local):
    from kgfc.document.check import check_document

    text = (
        "INTERVIEWER: Where were you born? CARRIE FISHER: In Burbank, and I grew up in "
        "Los Angeles. INTERVIEWER: And you were married to Paul Simon? CARRIE FISHER: I was, "
        "for a while."
    )
    report = check_document(demo_local, text, record=False)
    claims = {c.text: c.verdict for c in report.claims if c.checkable}
    assert claims["Carrie Fisher was born in Burbank."] is VerdictLabel.SUPPORTED
    married = [v for c, v in claims.items() if c.startswith("Carrie Fisher was married to Paul")]
    assert married == [VerdictLabel.SUPPORTED]
    # an answer that says it in full is read as it stands
    full = check_document(
        demo_local,
        "INTERVIEWER: You were born in Burbank? CARRIE FISHER: Yes, I was born in Burbank.",
        record=False,
    )
    assert [(c.text, c.verdict) for c in full.claims] == [
        ("Yes, Carrie Fisher was born in Burbank.", VerdictLabel.SUPPORTED)
    ]


def test_a_speaker_label_the_parser_cut_off_stays_with_its_turn():
    from kgfc.document.sentences import split

    text = "INTERVIEWER: Where were you born? PAUL SIMON: In Newark, New Jersey, and then we moved."
    assert [(s.text, s.speaker) for s in split(text)] == [
        ("INTERVIEWER: Where were you born?", "INTERVIEWER"),
        ("PAUL SIMON: In Newark, New Jersey, and then we moved.", "PAUL SIMON"),
    ]


def test_a_work_named_by_whose_it_is_is_read_as_its_maker(demo_local):
    from kgfc.document.check import check_document

    report = check_document(
        demo_local, "Darren Aronofsky's Black Swan is a nightmare in pointe shoes.", record=False
    )
    claims = {c.text: c.verdict for c in report.claims if c.checkable}
    assert claims == {"Black Swan is Darren Aronofsky's film.": VerdictLabel.SUPPORTED}
