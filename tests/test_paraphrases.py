"""Phrasings outside bench_claims' eight (issue 14, benchmarks/bench_paraphrases.py).

Verb variants and synonyms, light verbs ("holds citizenship of"), pairs of a
symmetric relation ("S and O have diplomatic relations"), a name modifying a
relational noun ("an English speaker"), frames, hedges and descriptions of
the subject; on the bundled demo KG, whose facts these claims state.
"""

from __future__ import annotations

import pytest

pytest.importorskip("spacy")

from kgfc.errors import ConfigError  # noqa: E402
from kgfc.kg import vocab as V  # noqa: E402
from kgfc.models import VerdictLabel  # noqa: E402
from kgfc.nlp import spacy_pipeline  # noqa: E402
from kgfc.nlp.claims import RelationAligner, decompose  # noqa: E402
from kgfc.nlp.decompose import relative_clauses  # noqa: E402
from kgfc.nlp.rewrite import simplified  # noqa: E402
from kgfc.pipeline.api import FactChecker  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402

try:
    spacy_pipeline.get_nlp()
except ConfigError as exc:  # pragma: no cover - the nlp extra is part of the test install
    pytest.skip(str(exc), allow_module_level=True)


@pytest.fixture(scope="module")
def store(demo_local):
    return demo_local.tools.store  # the session's demo KG in memory, read only here


@pytest.fixture(scope="module")
def aligner(store):
    return RelationAligner(store)


@pytest.fixture(scope="module")
def checker(store):
    return FactChecker(store, settings=load_settings(offline=True))


def read(aligner, claim):
    return [
        (t.subject, t.object, V.local_id(t.relation_ids[0]) if t.relation_ids else None)
        for t in decompose(claim, aligner).triples
    ]


# claim -> its one (subject, object, top PID) reading
# fmt: off
CASES = [
    # light verb + relational noun + preposition
    ("Herbie Hancock holds citizenship of United States of America.", "Herbie Hancock", "United States of America", "P27"),
    ("Malaysia maintains diplomatic relations with Maldives.", "Malaysia", "Maldives", "P530"),
    ("Samuel R. Delany drew inspiration from Jacques Derrida.", "Samuel R. Delany", "Jacques Derrida", "P737"),
    ("Frank Zappa had a career as a guitarist.", "Frank Zappa", "guitarist", "P106"),
    # a fellow of a learned society is a member of it
    ("Karl Popper was a fellow of the Royal Society.", "Karl Popper", "Royal Society", "P463"),
    ("Martin Sheen had a role in Gandhi.", "Gandhi", "Martin Sheen", "P161"),
    # "O is one of S's R": the relation a plural noun
    ("lawyer is one of Bill Clinton's occupations.", "Bill Clinton", "Lawyer", "P106"),
    # a symmetric relation naming both ends as a pair
    ("Malaysia and Maldives have diplomatic relations.", "Malaysia", "Maldives", "P530"),
    ("Diplomatic relations exist between Malaysia and Maldives.", "Malaysia", "Maldives", "P530"),
    # a known name modifying a relational noun
    ("Jack Black is an English speaker.", "Jack Black", "English", "P1412"),
    ("Kenny Rogers is a bass guitar player.", "Kenny Rogers", "bass guitar", "P1303"),
    # verb variants and synonyms
    ("Jack Black is fluent in English.", "Jack Black", "English", "P1412"),
    # a passive with "at", "in", "with" or "as" is no "O employs S" read backwards
    # (bench_chains blind3: "S was employed at O" was read "O employer S")
    ("John Coltrane was employed at Atlantic Records.", "John Coltrane", "Atlantic Records", "P108"),
    ("John Coltrane was employed in Atlantic Records.", "John Coltrane", "Atlantic Records", "P108"),
    ("John Coltrane was employed as a saxophonist.", "John Coltrane", "saxophonist", "P106"),
    ("Parlophone signed Chris Martin.", "Chris Martin", "Parlophone", "P264"),
    ("Dean Devlin went to University of Southern California.", "Dean Devlin", "University of Southern California", "P69"),
    # frames, hedges, descriptions of the subject, manner phrases
    ("According to records, Malaysia has diplomatic relations with Maldives.", "Malaysia", "Maldives", "P530"),
    ("It is true that Mel Brooks is a citizen of United States of America.", "Mel Brooks", "United States of America", "P27"),
    ("Malaysia actually has diplomatic relations with Maldives.", "Malaysia", "Maldives", "P530"),
    ("Frank Zappa was a guitarist by profession.", "Frank Zappa", "guitarist", "P106"),
    ("Charles Bukowski's work was influenced by Ernest Hemingway.", "Charles Bukowski", "Ernest Hemingway", "P737"),
    ("The cast of Gandhi includes Martin Sheen.", "Gandhi", "Martin Sheen", "P161"),
    # a participle on the predicate noun carries the claim
    ("Lincoln was a film directed by Neil Jordan.", "Lincoln", "Neil Jordan", "P57"),
    # a modifier that makes a longer known name is part of it
    ("Charlotte Gainsbourg speaks fluent American English.", "Charlotte Gainsbourg", "American English", "P1412"),
    # the relation first when the name after it is a property's label too ("voice actor")
    ("Hilary Duff has the occupation voice actor.", "Hilary Duff", "voice actor", "P106"),
    # the longer known name before a trailing relational noun ("pop music", not "pop")
    ("Ben Folds works in the pop music genre.", "Ben Folds", "pop music", "P136"),
    # phrases the table lacked (old classes' residual misses)
    ("Moby trained as a photographer.", "Moby", "photographer", "P106"),
    ("Andrzej Wajda has a command of Polish.", "Andrzej Wajda", "Polish", "P1412"),
    ("Jimmy Buffett's music is deeply rooted in country music.", "Jimmy Buffett", "country music", "P136"),
    # blind11: a role "of" a name (read as "served as director", the occupation "film
    # director" SUPPORTED it whatever the film), "practised as" (read as religion), a name
    # spaCy cuts in two around "of the"
    ("Jane Campion served as director of Gladiator.", "Gladiator", "Jane Campion", "P57"),
    ("Jane Campion has served as director of Gladiator.", "Gladiator", "Jane Campion", "P57"),
    # "credited as" reads as occupation, but a role "of" a name is that name's (it was
    # SUPPORTED by the occupation "film director": found by the M run of blind13's fixes)
    ("Jane Campion is credited as the director of Gladiator.", "Gladiator", "Jane Campion", "P57"),
    ("Bill Clinton practised as a lawyer.", "Bill Clinton", "lawyer", "P106"),
    ("Central African Republic and Democratic Republic of the Congo have had diplomatic relations for decades.", "Central African Republic", "Democratic Republic of the Congo", "P530"),
    # idioms of marrying, a follower of a faith (dev v5: read by similarity, never refuted)
    ("Franklin Delano Roosevelt tied the knot with Eleanor Roosevelt.", "Franklin Delano Roosevelt", "Eleanor Roosevelt", "P26"),
    ("Franklin Delano Roosevelt walked down the aisle with Eleanor Roosevelt.", "Franklin Delano Roosevelt", "Eleanor Roosevelt", "P26"),
    ("Jet Li was a follower of Buddhism.", "Jet Li", "Buddhism", "P140"),
    ("Jet Li was a devotee of Buddhism.", "Jet Li", "Buddhism", "P140"),
]
# fmt: on


@pytest.mark.parametrize("claim,subject,obj,top", CASES)
def test_paraphrases_read_the_property_they_mean(aligner, claim, subject, obj, top):
    assert read(aligner, claim) == [(subject, obj, top)]


MALAYSIA = [("Malaysia", "Maldives", "P530"), ("Malaysia", "sovereign state", "P31")]


@pytest.mark.parametrize(
    "claim,triples",
    [
        ("The sovereign state Malaysia has diplomatic relations with Maldives.", MALAYSIA),
        ("Malaysia, a sovereign state, has diplomatic relations with Maldives.", MALAYSIA),
        (
            "The producer David Bowie was part of the art rock movement.",
            [("David Bowie", "art rock", "P135"), ("David Bowie", "producer", "P106")],
        ),
    ],
)
def test_a_description_the_kg_can_check_is_a_statement_too(aligner, claim, triples):
    # it was dropped unread, and "Frank Zappa, a poet, was born in Baltimore" SUPPORTED
    assert read(aligner, claim) == triples


def test_a_sentence_break_inside_a_title_is_no_break(aligner):
    # spaCy ends a sentence at "Mars Attacks!"; read as two, the claim had no statement
    assert read(aligner, "Mars Attacks! stars Sylvia Sidney.") == [
        ("Mars Attacks", "Sylvia Sidney", "P161")
    ]
    assert len(read(aligner, "Frank Zappa is a guitarist. Frank Zappa was born in Baltimore.")) == 2


def test_shapes_that_do_not_align_read_as_before(aligner):
    # "son" aligns to no property through "has": no light-verb reading is forced
    assert read(aligner, "Tony Blair has a son.") == [("Tony Blair", "son", None)]
    # a pair whose relation is not symmetric is no pair
    triples = read(aligner, "Tony Blair and Gordon Brown were born in Scotland.")
    assert {(s, p) for s, _, p in triples} == {("Tony Blair", "P19"), ("Gordon Brown", "P19")}


def known(*names):
    keys = {n.casefold() for n in names}
    return lambda text: text.casefold() in keys


def test_a_plural_noun_is_a_relation_only_after_a_possessive(aligner):
    # "one of the actors in O": the M run of blind14's fixes read the relation "actors" with
    # the subject "Tom Hanks was one of the"
    got = read(aligner, "Tom Hanks was one of the actors in Forrest Gump.")
    assert got and all("one of" not in subject for subject, _, _ in got)
    got = read(aligner, "lawyer is one of Bill Clinton's occupations.")
    assert got == [("Bill Clinton", "Lawyer", "P106")]


@pytest.mark.parametrize(
    "claim,plain",
    [
        ("According to records, X was born in Y.", "X was born in Y."),
        ("In fact, X was born in Y.", "X was born in Y."),
        ("It is a well-known fact that X was born in Y.", "X was born in Y."),
        ("X was actually born in Y.", "X was born in Y."),
        ("X was in fact born in Y.", "X was born in Y."),
        ("X was a journalist by profession.", "X was a journalist."),
        ("Records show that X was born in Y.", "X was born in Y."),
        ("There are diplomatic relations between X and Y.", "X has diplomatic relations with Y."),
        ("There were no diplomatic ties between X and Y.", "X had no diplomatic ties with Y."),
        ("There is not any treaty between X and Y.", "X has no treaty with Y."),
        ("Claim: X was born in Y.", "X was born in Y."),
        ("X was born in Y, according to Wikidata.", "X was born in Y."),
        ("X was born in Y, as reported by The Times.", "X was born in Y."),
        ("X has a per capita income of 5.", None),
        ("Statement 3 - X was born in Y.", "X was born in Y."),
        ("Diplomatic relations exist between X and Y.", "X has diplomatic relations with Y."),
        ("Diplomatic ties existed between X and Y.", "X had diplomatic ties with Y."),
        (
            "Diplomatic relations do not exist between X and Y.",
            "X has no diplomatic relations with Y.",
        ),
        ("Diplomatic ties never existed between X and Y.", "X had no diplomatic ties with Y."),
        # a bidding or a report around the claim, labels, references and footnote marks
        ("Note that X was born in Y.", "X was born in Y."),
        ("Remember that X was born in Y.", "X was born in Y."),
        ("I read that X was born in Y.", "X was born in Y."),
        ("Everyone knows that X was born in Y.", "X was born in Y."),
        ("Fact check: X was born in Y.", "X was born in Y."),
        ("True or false: X was born in Y.", "X was born in Y."),
        ("X was born in Y. (source: Wikipedia)", "X was born in Y."),
        ("X was born in Y (see the archives).", "X was born in Y."),
        ("X was born in Y.[3]", "X was born in Y."),
        ("X was born in Y[citation needed].", "X was born in Y."),
        # a question mark ends a statement like a full stop; "is it true that" goes
        ("X was born in Y?", "X was born in Y."),
        ("Is it true that X was born in Y?", "X was born in Y."),
        ("Did you know that X was born in Y?", "X was born in Y."),
        # not frames: a name reports it, a parenthesis that is no reference
        ("Someone told me that X was born in Y.", "X was born in Y."),
        ("A friend of mine told me that X was born in Y.", "X was born in Y."),
        ("X was born in Y - is that right?", "X was born in Y."),
        ("X was born in Y, right?", "X was born in Y."),
        ("X was born in Y, wasn't he?", "X was born in Y."),
        ("Tell me if this is true: X was born in Y.", "X was born in Y."),
        ("Can you check whether this is correct: X was born in Y.", "X was born in Y."),
        ("Is this true? X was born in Y.", "X was born in Y."),
        ("Einstein said that X was born in Y.", None),
        ("Einstein told me that X was born in Y.", None),
        ("X was born in Y (then a village).", None),
        # how long or where exactly is not what the KG checks
        ("X lived for a time in Y.", "X lived in Y."),
        ("X is headquartered somewhere in Y.", "X is headquartered in Y."),
        # the noun "remains" is a burial; the verb "remains in" is not
        ("X's remains are in Y.", "X is buried in Y."),
        ("X's mortal remains lie in Y.", "X is buried in Y."),
        ("X remains in Y.", None),
        # a cleft: what is put first goes back after the verb
        ("It was in Y that X was born.", None),  # Y unknown to the KG: left as it is
        # the kind of place before the place
        ("X was born in a small town in Y.", "X was born in Y."),
        ("X died in a city of Y.", "X died in Y."),
        # "both" before a pair says no more than the "and"
        ("X played both the Y and the Z.", "X played the Y and the Z."),
        ("X and Y both died in Z.", None),
        # when the claim held: a note the KG cannot check
        ("X works in Y (as of 2020).", "X works in Y."),
        ("X speaks Y, as of 2020.", "X speaks Y."),
    ],
)
def test_frames_and_hedges_are_taken_off(claim, plain):
    doc = spacy_pipeline.parse(claim)
    assert simplified(doc, known()) == plain


def test_home_to_the_headquarters_reads_as_where_they_are():
    doc = spacy_pipeline.parse("London is home to the headquarters of EMI.")
    assert simplified(doc, known("London", "EMI")) == "EMI is headquartered in London."
    # names the KG does not know: left as they are
    assert simplified(doc, known("London")) is None


def test_a_year_after_the_object_is_a_qualifier_unless_the_verb_dates_a_fact():
    unchecked: list[str] = []
    doc = spacy_pipeline.parse("X graduated from Y in 1960.")
    assert simplified(doc, known(), unchecked) == "X graduated from Y."
    assert unchecked == ["in 1960"]
    # a year of birth, death or release is a fact of its own (date of birth ...), and a year
    # after no object is what the claim says: kept
    for claim in (
        "X was born in Y in 1950.",
        "X died in Y in 1990.",
        "X was released in 1995.",
        "X passed away in 1999.",
    ):
        assert simplified(spacy_pipeline.parse(claim), known()) is None


@pytest.mark.parametrize(
    "claim,plain",
    [
        ("Karl Popper died in 1994 in London.", "Karl Popper died in London in 1994."),
        (
            "Seamus Heaney was born in 1939 in Belfast.",
            "Seamus Heaney was born in Belfast in 1939.",
        ),
        # no place after the year: left as it is
        ("Karl Popper died in 1994 at the age of 92.", None),
    ],
)
def test_a_year_before_the_place_goes_after_it(claim, plain):
    doc = spacy_pipeline.parse(claim)
    assert simplified(doc, known("Karl Popper", "Seamus Heaney", "London", "Belfast")) == plain
    # what follows the place stays after it
    said = "Karl Popper died in 1994 in Vienna, the city where he had been born."
    read = simplified(spacy_pipeline.parse(said), known("Karl Popper", "Vienna")) or ""
    assert read.startswith("Karl Popper died in Vienna in 1994,"), read


@pytest.mark.parametrize(
    "claim,plain",
    [
        ("Jaws was directed by a filmmaker born in Cincinnati.", "The director of Jaws was born in Cincinnati."),
        ("Jaws was directed by a Cincinnati-born director.", "The director of Jaws was born in Cincinnati."),
        ("Jaws was directed by a native of Cincinnati.", "The director of Jaws was born in Cincinnati."),
        ("Jaws was directed by a Harvard graduate.", "The director of Jaws was educated at Harvard."),
        # a place the KG does not know, or a maker said of otherwise: left as it is
        ("Jaws was directed by a filmmaker born in Gotham.", None),
        ("Jaws was directed by a young filmmaker.", None),
    ],
)  # fmt: skip
def test_a_film_made_by_someone_of_a_kind_is_said_of_its_director(claim, plain):
    doc = spacy_pipeline.parse(claim)
    assert simplified(doc, known("Jaws", "Cincinnati", "Harvard")) == plain


def test_the_one_who_made_a_work_is_named_by_the_making():
    names = known("Jaws", "Cincinnati", "Amazon")
    said = simplified(
        spacy_pipeline.parse("The man who directed Jaws was born in Cincinnati."), names
    )
    assert said == "The director of Jaws was born in Cincinnati."
    said = simplified(spacy_pipeline.parse("the guy who founded Amazon lives in Seattle"), names)
    assert said is not None and said.lower().startswith("the founder of amazon lives in seattle")
    # a work the KG does not know: left as it is
    assert (
        simplified(
            spacy_pipeline.parse("The man who directed Gotham was born in Cincinnati."), names
        )
        is None
    )


def test_a_nationality_before_a_name_past_the_start_is_a_statement_of_its_own():
    names = known("Jennifer Connelly", "Paul Bettany", "actor", "Eric Burdon", "Columbia Records")
    doc = spacy_pipeline.parse("Jennifer Connelly is married to the American actor Paul Bettany.")
    assert simplified(doc, names) == (
        "Jennifer Connelly is married to Paul Bettany. Paul Bettany is an American actor."
    )
    # a kind alone says which is meant: left to the reader as before
    assert (
        simplified(spacy_pipeline.parse("Eric Burdon is on the label Columbia Records."), names)
        is None
    )


def test_a_nationality_the_kg_does_not_state_keeps_the_claim_from_support(demo_local):
    # Paul Bettany is British in the KG: the claim is not supported on the marriage alone
    r = demo_local.verify(
        "Jennifer Connelly is married to the American actor Paul Bettany.", record=False
    )
    assert r.verdict.value != "SUPPORTED", r.justification


def test_a_year_before_the_place_leaves_the_place_to_check(demo_local):
    r = demo_local.verify("Karl Popper died in 1994 in Vienna.", record=False)
    assert r.verdict.value == "REFUTED", r.justification  # he died in London
    assert any(t.object == "Vienna" for t in r.triples or [])


def test_a_cleft_puts_the_named_thing_back_after_the_verb():
    names = known("Frank Zappa", "Baltimore", "English")
    doc = spacy_pipeline.parse("It was in Baltimore that Frank Zappa was born.")
    assert simplified(doc, names) == "Frank Zappa was born in Baltimore."
    doc = spacy_pipeline.parse("It is English that Frank Zappa speaks.")
    assert simplified(doc, names) == "Frank Zappa speaks English."
    # "It is a fact that ...": no name in front, so no cleft; the frame goes as a frame
    doc = spacy_pipeline.parse("It is a fact that Frank Zappa speaks English.")
    assert simplified(doc, names) == "Frank Zappa speaks English."


def test_quotation_marks_around_a_known_name_go():
    names = known("Frank Zappa", "rock music")
    doc = spacy_pipeline.parse('Frank Zappa is associated with the "rock music" genre.')
    assert simplified(doc, names) == "Frank Zappa is associated with the rock music genre."
    # a quotation that is no name stays
    doc = spacy_pipeline.parse('Frank Zappa said "music is the best".')
    assert simplified(doc, names) is None


def test_there_is_the_place_the_sentence_named():
    names = known("Frank Zappa", "Los Angeles")
    doc = spacy_pipeline.parse("Frank Zappa moved to Los Angeles and died there.")
    unchecked: list[str] = []
    assert simplified(doc, names, unchecked) == "Frank Zappa died in Los Angeles."
    assert unchecked == ["moved to Los Angeles"]  # the verdict names it as not checked
    doc = spacy_pipeline.parse(
        "Frank Zappa spent his last years in Los Angeles, and was buried there."
    )
    assert simplified(doc, names) == "Frank Zappa was buried in Los Angeles."
    # a place the KG does not know, or no place before "there": left as they are
    assert (
        simplified(spacy_pipeline.parse("Frank Zappa moved to Gotham and died there."), names)
        is None
    )
    assert simplified(spacy_pipeline.parse("Frank Zappa went home and died there."), names) is None


def test_a_birthplace_compound_is_two_statements():
    names = known("Frank Zappa", "Baltimore", "musician")
    doc = spacy_pipeline.parse("Frank Zappa is a Baltimore-born musician.")
    assert simplified(doc, names) == "Frank Zappa was born in Baltimore. Frank Zappa is a musician."
    doc = spacy_pipeline.parse("Frank Zappa is a Baltimore-born person.")
    assert simplified(doc, names) == "Frank Zappa was born in Baltimore."
    unchecked: list[str] = []
    doc = spacy_pipeline.parse("Frank Zappa is a Baltimore-born rebel.")
    assert simplified(doc, names, unchecked) == "Frank Zappa was born in Baltimore."
    assert unchecked == ["rebel"]
    # a place the KG does not know: left as it is
    assert simplified(spacy_pipeline.parse("Frank Zappa is a Gotham-born musician."), names) is None


def test_a_birthplace_compound_as_the_predicate_or_before_the_name():
    names = known("Frank Zappa", "Baltimore", "First")

    def said(text: str) -> str | None:
        return simplified(spacy_pipeline.parse(text), names)

    assert said("Frank Zappa is Baltimore-born.") == "Frank Zappa was born in Baltimore."
    assert said("frank zappa is literally baltimore-born") == "Frank zappa was born in baltimore."
    assert said("Baltimore-born Frank Zappa toured Europe.") == (
        "Frank Zappa was born in Baltimore. Frank Zappa toured Europe."
    )
    # what the name is, before it, says who is meant
    assert said("Baltimore-born guitarist Frank Zappa toured Europe.") == (
        "Frank Zappa was born in Baltimore. Frank Zappa toured Europe."
    )
    # a "-born" word that names no place, or a place the KG does not know
    assert said("Frank Zappa is first-born.") is None
    assert said("Gotham-born Frank Zappa toured Europe.") is None


@pytest.mark.parametrize(
    "claim,plain",
    [
        ("Was Frank Zappa born in Baltimore?", "Frank Zappa was born in Baltimore."),
        ("Did Frank Zappa play the guitar?", "Frank Zappa did play the guitar."),
        ("Is Frank Zappa a composer?", "Frank Zappa is a composer."),
        # the longest name the KG knows after the verb is the subject
        ("Was Frank Zappa Jr. born in Baltimore?", "Frank Zappa Jr. was born in Baltimore."),
        # an event of the subject's, told as the event's
        (
            "The death of Frank Zappa occurred in Baltimore.",
            "Frank Zappa's death occurred in Baltimore.",
        ),
        (
            "The birth of Frank Zappa took place in Baltimore.",
            "Frank Zappa's birth took place in Baltimore.",
        ),
        # no name the KG knows: the question is left as it is but for its mark
        ("Was Gotham born in Baltimore?", "Was Gotham born in Baltimore."),
        ("The death of Gotham occurred in Baltimore.", None),
    ],
)
def test_a_question_and_an_event_of_a_name_read_as_statements(claim, plain):
    names = known("Frank Zappa", "Frank Zappa Jr.", "Frank", "Baltimore")
    assert simplified(spacy_pipeline.parse(claim), names) == plain


@pytest.mark.parametrize(
    "claim,plain",
    [
        ("Frank Zappa is someone who speaks English.", "Frank Zappa speaks English."),
        ("Frank Zappa was the one who composed Peaches.", "Frank Zappa composed Peaches."),
        (
            "Frank Zappa is someone whose occupation is composer.",
            "Frank Zappa's occupation is composer.",
        ),
        ("The guitar is among the instruments Frank Zappa plays.", "Frank Zappa plays the guitar."),
        ("Rock music is a genre Frank Zappa is known for.", "Frank Zappa is known for Rock music."),
        (
            "Baltimore is the city that Frank Zappa was born in.",
            "Frank Zappa was born in Baltimore.",
        ),
        # names the KG does not know, or no clause after the noun: as written
        ("Gotham is someone who speaks English.", None),
        ("The guitar is among the instruments Gotham plays.", None),
        ("Frank Zappa is an American composer.", None),
        # a noun with its preposition, and no verb after the name (the S/M runs found these
        # rewritten as "United States of America for many years Frank Zappa")
        ("Frank Zappa was a citizen of United States of America for many years.", None),
        ("Frank Zappa is a citizen of United States of America by birth.", None),
        # a name after the noun and no verb: "R&B" is a name, "artist" no verb
        ("Frank Zappa is a contemporary Rock music artist.", None),
    ],
)
def test_a_relative_clause_on_a_noun_reads_as_its_statement(claim, plain):
    names = known(
        "Frank Zappa", "English", "guitar", "Rock music", "Baltimore", "Peaches",
        "United States of America",
    )  # fmt: skip
    assert simplified(spacy_pipeline.parse(claim), names) == plain


def test_an_upbringing_beside_a_birthplace_is_said_to_be_unchecked():
    names = known("Frank Zappa", "Baltimore")
    for claim, what in [
        ("Frank Zappa was born and grew up in Baltimore.", "grew up"),
        ("Frank Zappa was born and raised in Baltimore.", "raised"),
        ("Frank Zappa was born and was brought up in Baltimore.", "was brought up"),
    ]:
        unchecked: list[str] = []
        doc = spacy_pipeline.parse(claim)
        assert simplified(doc, names, unchecked) == "Frank Zappa was born in Baltimore."
        assert unchecked == [what]


def test_a_nationality_born_compound_names_the_country():
    names = known("Arnold Schwarzenegger", "Austria", "actor", "United States of America")
    doc = spacy_pipeline.parse("Arnold Schwarzenegger is an Austrian-born actor.")
    assert (
        simplified(doc, names)
        == "Arnold Schwarzenegger was born in Austria. Arnold Schwarzenegger is an actor."
    )
    # the first of the adjective's names the KG knows ("United States" is not one here)
    doc = spacy_pipeline.parse("Arnold Schwarzenegger is an American-born actor.")
    assert simplified(doc, names).startswith(
        "Arnold Schwarzenegger was born in United States of America."
    )
    # an adjective whose countries the KG names none of: left as it is
    doc = spacy_pipeline.parse("Arnold Schwarzenegger is a French-born actor.")
    assert simplified(doc, names) is None


def test_the_work_of_a_name_stands_for_the_name_and_a_work_is_its_genre():
    names = known("Poe", "Baudelaire")
    doc = spacy_pipeline.parse("Poe influenced the work of Baudelaire.")
    assert simplified(doc, names) == "Poe influenced Baudelaire."
    doc = spacy_pipeline.parse("The music of Baudelaire is rock music.")
    assert simplified(doc, names) == "The genre of Baudelaire is rock music."
    doc = spacy_pipeline.parse("Baudelaire's music is rock music.")
    assert simplified(doc, names) == "Baudelaire's genre is rock music."
    # not a name the KG knows: the words stay
    assert simplified(spacy_pipeline.parse("Poe influenced the work of many."), names) is None
    # "work" is also an alias of occupation: "The work of S is O" keeps its label frame
    doc = spacy_pipeline.parse("The work of Frank Zappa is songwriter.")
    assert simplified(doc, known("Frank Zappa")) is None
    # a work that is not the sentence's subject from its first word is no genre
    doc = spacy_pipeline.parse("The genre of Some Like It Hot's work is romantic comedy.")
    assert simplified(doc, known("Some Like It Hot")) == (
        "The genre of Some Like It Hot is romantic comedy."
    )


def test_an_existential_pair_splits_where_both_halves_are_names():
    claim = "There are diplomatic relations between Trinidad and Tobago and Jamaica."
    names = known("Trinidad and Tobago", "Jamaica")
    assert simplified(spacy_pipeline.parse(claim), names) == (
        "Trinidad and Tobago has diplomatic relations with Jamaica."
    )
    assert simplified(spacy_pipeline.parse(claim), known()) is None  # which "and"? unsaid


@pytest.mark.parametrize(
    "claim,plain",
    [
        (
            "Frank Zappa is a guitarist. He was born in Baltimore.",
            "Frank Zappa is a guitarist. Frank Zappa was born in Baltimore.",
        ),
        (
            "Frank Zappa was born in Baltimore. His occupation is guitarist.",
            "Frank Zappa was born in Baltimore. Frank Zappa's occupation is guitarist.",
        ),
        (
            "Vladimir Nabokov is a poet and he speaks French.",
            "Vladimir Nabokov is a poet and Vladimir Nabokov speaks French.",
        ),
        (
            "Tony Blair and Gordon Brown studied in Edinburgh. They were born in Scotland.",
            "Tony Blair and Gordon Brown studied in Edinburgh. "
            "Tony Blair and Gordon Brown were born in Scotland.",
        ),
    ],
)
def test_a_pronoun_names_the_first_subject(claim, plain):
    assert simplified(spacy_pipeline.parse(claim), known()) == plain


@pytest.mark.parametrize(
    "claim,plain",
    [
        (
            "Born in Paris, Frank Zappa is a guitarist.",
            "Frank Zappa is a guitarist. Frank Zappa was born in Paris.",
        ),
        (
            "Having studied at Harvard, Barack Obama became a lawyer.",
            "Barack Obama became a lawyer. Barack Obama studied at Harvard.",
        ),
        (
            "Frank Zappa, born in Paris, is a guitarist.",
            "Frank Zappa is a guitarist. Frank Zappa was born in Paris.",
        ),
    ],
)
def test_a_leading_participle_is_a_statement_about_the_subject(claim, plain):
    assert simplified(spacy_pipeline.parse(claim), known()) == plain


def test_a_pronoun_without_a_named_antecedent_stays():
    for claim in (
        "He was born in Baltimore.",
        "The man is a poet. He was born in Baltimore.",
        "Frank Zappa spent his last days in Los Angeles.",  # the subject's own clause
        "Frank Zappa made Baltimore their home.",
    ):
        assert simplified(spacy_pipeline.parse(claim), known()) is None, claim


def test_what_can_carry_the_claim_stays():
    for claim in (
        "In 1986, Tony Blair was born in Edinburgh.",  # a date
        "In Paris, Tony Blair met Gordon Brown.",  # a name
        "Tony Blair no longer lives in Edinburgh.",  # not a hedge
        "Tony Blair was born in Edinburgh.",
    ):
        assert simplified(spacy_pipeline.parse(claim), known("Tony Blair")) is None, claim
    # a descriptor goes only when the rest is a name the KG knows and the whole is not
    doc = spacy_pipeline.parse("The American actor Tom Hanks was born in Concord.")
    assert simplified(doc, known("Tom Hanks")) == "Tom Hanks was born in Concord."
    assert simplified(doc, known()) is None
    # spaCy hangs "The country Italy has ..." on "country" (the predicate a relative clause)
    doc = spacy_pipeline.parse("The country Italy has diplomatic relations with Sweden.")
    assert (
        simplified(doc, known("Italy", "country"))
        == "Italy has diplomatic relations with Sweden. Italy is a country."
    )
    # "R link A and B" is "A has R with B"; not when a name links them
    doc = spacy_pipeline.parse("Diplomatic relations link Belarus and Poland.")
    assert simplified(doc, known()) == "Belarus has diplomatic relations with Poland."
    doc = spacy_pipeline.parse("The Channel Tunnel links France and England.")
    assert simplified(doc, known()) is None
    doc = spacy_pipeline.parse("He links Belarus and Poland.")
    assert simplified(doc, known("Belarus", "Poland")) is None
    # "United" is no verb: the verb is in lower case
    oecd = "Organisation for Economic Co-operation and Development"
    doc = spacy_pipeline.parse(f"A member of United States of America is {oecd}.")
    assert simplified(doc, known("United States of America", oecd)) is None
    # a word of praise goes (the article mended), unless it is part of a name the KG knows
    doc = spacy_pipeline.parse("Jimi Hendrix is an accomplished guitar player.")
    assert simplified(doc, known()) == "Jimi Hendrix is a guitar player."
    doc = spacy_pipeline.parse("John Cena is a professional wrestler.")
    assert simplified(doc, known("professional wrestler")) is None
    assert simplified(doc, known()) == "John Cena is a wrestler."
    # "the city of" before a name the KG knows goes; "the City of London" is a name
    doc = spacy_pipeline.parse("Steve Allen was born in the city of New York City.")
    assert simplified(doc, known("New York City")) == "Steve Allen was born in New York City."
    doc = spacy_pipeline.parse("X was born in the city of London.")
    assert simplified(doc, known("London", "city of London")) is None


@pytest.mark.parametrize(
    "claim",
    [
        "Herbie Hancock holds citizenship of United States of America.",
        "Malaysia and Maldives have diplomatic relations.",
        "Jack Black is an English speaker.",
        "According to records, Frank Zappa was a guitarist by profession.",
        "The sovereign state Malaysia maintains diplomatic relations with Maldives.",
        "Frank Zappa is a guitarist. He was born in Baltimore.",
        "Born in Baltimore, Frank Zappa is a guitarist.",
        "Frank Zappa, born in Baltimore, is a guitarist.",
        # a description the KG states, after the subject or before it
        "Frank Zappa, a composer, was born in Baltimore.",
        "The American composer Frank Zappa was born in Baltimore.",
        # a nationality adjective in a later sentence (the first's predicate ran into it)
        "Frank Zappa is a composer. Frank Zappa is an American composer.",
        "Frank Zappa is an American composer. Frank Zappa was born in Baltimore.",
        # a name before a relational noun
        "Chris Martin is a Parlophone recording artist.",
        "Jaws is a Steven Spielberg film.",
        "Frank Zappa is a Baltimore native.",
        "Robert De Niro is a Democratic Party member.",
        "Barack Obama is a Columbia University graduate.",
        # the label last, its value before "as"; "for" in the relation-first frame
        "Vladimir Nabokov has poet as occupation.",
        "Frank Zappa has Baltimore as his place of birth.",
        "The occupation for Vladimir Nabokov is poet.",
        # phrasings the table lacked
        "Cat Stevens signed a contract with Island Records.",
        "Chris Martin is on the roster of Parlophone.",
        "Kenny Rogers is a virtuoso on the bass guitar.",
        "Frank Zappa found fame as a guitarist.",
        "Isaac Asimov converted to atheism.",
        "Tom Hanks was in the film Forrest Gump.",
        "Finland acceded to Council of Europe.",
        "David Bowie is an art rock artist.",
        # "producer" is film producer's alias and another entity's label, the one the KG
        # states for Madonna: the namesake the KG states for the subject is meant
        "Madonna is a producer.",
        # blind7's misses: "O is S's R" (a possessive name is no nationality adjective),
        # "took up", "released music on"
        "Gore Vidal's occupation is playwright.",
        "playwright is Gore Vidal's occupation.",
        "Baltimore is Frank Zappa's place of birth.",
        "Paris is not Frank Zappa's place of birth.",
        "Vanuatu is Soviet Union's diplomatic relation.",
        "Kenny Rogers took up the bass guitar.",
        "Chris Martin released music on Parlophone.",
        "Fight Club is a film starring Brad Pitt.",
        "The instrument played by Kenny Rogers is the bass guitar.",
        "The language spoken by Jack Black is English.",
        # each statement read again on its own when it cannot be checked as read: the
        # fallback took the whole two-sentence text as one
        "Isaac Asimov, a biochemist, is a follower of atheism.",
        "The biochemist Isaac Asimov is a follower of atheism.",
        "Frank Zappa is a composer. He is a follower of atheism.",
        "David Bowie is a proponent of art rock.",
        "Jack Black knows the English language.",
        "Diplomatic relations link Belarus and Poland.",
        # words of praise say how well, not what
        "Jimi Hendrix is an accomplished guitar player.",
        "Vladimir Nabokov is a professional poet.",
        # blind8's misses: a label before the claim, what a work is (its genre), a genre
        # before a musician noun, a phrase that runs on through a common noun, a title
        # spaCy parses as a clause, "R exist between A and B", "based in" for a person, the
        # work of S for S, a claim in lower case, the namesake in the anchored reading
        "Claim: Frank Zappa works in the rock music genre.",
        "Frank Zappa's music is rock music.",
        "The music of Frank Zappa is rock music.",
        "Kenny Rogers's music is country pop.",
        "Alanis Morissette is a pop rock performer.",
        "Frank Zappa is a rock music performer.",
        "Isaac Asimov went to school at Columbia University.",
        "Frank Zappa made a living as a guitarist.",
        "Tom Hanks acted in the film Catch Me If You Can.",
        "Diplomatic relations exist between Belarus and Poland.",
        "Edgar Allan Poe influenced the work of Charles Baudelaire.",
        "Billie Holiday was based in New York City.",
        "guitarist is one of the occupations of Frank Zappa.",
        "Producer is one of the occupations of Madonna.",
        # a frame's first word is no unread name ("Records" is an entity too): the reading
        # was replaced by the anchored one, "Kenny Rogers country of citizenship genre"
        "Records show that Kenny Rogers works in the country pop genre.",
        # "plays" a genre as well as an instrument
        "Frank Zappa plays classical music.",
        "Kenny Rogers plays country pop.",
        # blind9's misses: "best described as", a style, "uses the L language", "cites O as
        # an influence", "S has <country> nationality", a source after the claim, a
        # birthplace compound, "the city of X" where the KG knows "city of X" as a name
        "Frank Zappa is best described as a guitarist.",
        "Frank Zappa's style is rock music.",
        "Jack Black uses the English language.",
        "Charles Baudelaire cites Edgar Allan Poe as an influence.",
        "Frank Zappa has United States of America nationality.",
        "Frank Zappa works in the rock music genre, according to Wikidata.",
        "Frank Zappa is a Baltimore-born musician.",
        "Frank Zappa is a Baltimore-born person.",
        "Frank Zappa died in the city of Los Angeles.",
        # older classes' misses the same mechanisms now read: a phrase through a common
        # noun ("made a name as", "under contract with", "came under the influence of"),
        # "serves as" an occupation, "falls under" a genre, "looked up to"
        "Vladimir Nabokov made a name as a poet.",
        "Vladimir Nabokov serves as a poet.",
        "Frank Zappa's work is described as rock music.",
        "Frank Zappa's music falls under rock music.",
        "Chris Martin is under contract with Parlophone.",
        "Charles Baudelaire came under the influence of Edgar Allan Poe.",
        "Charles Baudelaire looked up to Edgar Allan Poe.",
        "Kenny Rogers is known as an instrumentalist on the bass guitar.",
        # the alias phrasing of bench_claims: "work" is an alias of occupation (a genre
        # reading of "The work of S is O" made it miss: found by bench_claims)
        "The work of Frank Zappa is songwriter.",
        # ... but "played in" a film is no genre (the bare verb's entry is not asked when
        # the phrase with its preposition has one: the M run found "played in" read as genre)
        "Tom Hanks played in Forrest Gump.",
        # blind10's misses: frames, labels, references, questions
        "Note that Frank Zappa was born in Baltimore.",
        "Fact check: Frank Zappa was born in Baltimore.",
        "Did you know that Frank Zappa was born in Baltimore?",
        "Was Frank Zappa born in Baltimore?",
        "Frank Zappa died in Los Angeles. (source: Wikipedia)",
        "Frank Zappa was born in Baltimore.[2]",
        # an event told as the event's; a genre with "music" after it; phrases the table
        # lacked; a name spaCy cuts into two entities ("Democratic Republic of the" + "Congo")
        "The death of Frank Zappa occurred in Los Angeles.",
        "Vanessa Williams plays rhythm and blues music.",
        "Tom Hanks had a part in Forrest Gump.",
        "Frank Zappa was active as a guitarist.",
        "Frank Zappa's line of work is composer.",
        "Viggo Mortensen is an adherent of Lutheranism.",
        "Belgium has diplomatic relations with Democratic Republic of the Congo.",
        "There are diplomatic relations between Belgium and Democratic Republic of the Congo.",
        "Someone told me that Frank Zappa was born in Baltimore.",
        "Frank Zappa was born in Baltimore - is that right?",
        "Frank Zappa practised as a composer.",
        "Charlotte Gainsbourg is someone who speaks English.",
        "The guitar is among the instruments Frank Zappa plays.",
        "Tell me if this is true: Frank Zappa works in the rock music genre.",
        "Tom Hanks can be seen in Forrest Gump.",
        # "from" is an alias of ten properties, seven of which the KG never states: all of
        # them are passed over now, not only those among the first six (place of birth
        # was cut off the candidates)
        "Frank Zappa is originally from Baltimore.",
        "Tony Blair is from Edinburgh.",
        # blind13's misses: a credit, a debt, a label, a listing, "there", a title the
        # parser takes apart before "works in the O genre"
        "Frank Zappa is credited as a guitarist.",
        "Charles Baudelaire owes a great deal to Edgar Allan Poe.",
        "FYI: Frank Zappa was born in Baltimore.",
        "Frank Zappa is listed with the occupation composer.",
        "Frank Zappa spent his last days in Los Angeles and died there.",
        "Some Like It Hot works in the crime film genre.",
        # blind14's misses: "O is one of S's R" (a plural relation noun), a time note
        "writer is one of Bill Clinton's occupations.",
        "Frank Zappa works in the rock music genre (as of 2020).",
        # all in lower case: a title that ends in a function word, a long name an end took
        # only the start of ("organisation")
        "tom hanks starred in catch me if you can.",
        "belgium is a member of organisation for economic co-operation and development.",
        # a plural noun reads as its relation only after a possessive ("S's occupations"), not
        # in "one of the actors in O" (the M run found it read as the relation "actors")
        "Tom Hanks was one of the actors in Forrest Gump.",
    ],
)
def test_true_paraphrases_are_supported(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification


def test_an_idiom_the_table_holds_is_read_by_its_wording(checker):
    r = checker.verify("Steve Allen first saw the light of day in New York City.", record=False)
    assert [(t.subject, V.local_id(t.relation_ids[0]), t.object) for t in r.triples] == [
        ("Steve Allen", "P19", "New York City")
    ]
    assert "from its wording" in r.justification


def test_a_lone_preposition_between_two_names_is_no_relation(aligner, checker):
    # spaCy misparses the name "Augustine of Hippo"; main read "Augustine part of Hippo" and
    # refuted the claim by type
    assert [p for _, _, p in read(aligner, "Augustine of Hippo adheres to Catholic Church.")] == [
        None
    ]
    r = checker.verify("Augustine of Hippo adheres to Catholic Church.", record=False)
    assert r.verdict is not VerdictLabel.REFUTED, r.justification


@pytest.mark.parametrize(
    "claim",
    [
        # the KG states English, not American English
        "Charlotte Gainsbourg speaks fluent American English.",
        # Lincoln is a film, but Neil Jordan did not direct it
        "Lincoln was a film directed by Neil Jordan.",
        # the pronoun's statement was dropped and the claim judged on the first alone
        "Frank Zappa is a guitarist. He was born in Paris.",
        "Frank Zappa is a guitarist and his place of birth is Paris.",
        # the leading participle's statement was dropped in the same way
        "Born in Paris, Frank Zappa is a guitarist.",
        "Frank Zappa, born in Paris, is a guitarist.",
        # the description's statement was dropped in the same way (the KG does not say poet,
        # nor British)
        "Frank Zappa, a poet, was born in Baltimore.",
        "The British composer Frank Zappa was born in Baltimore.",
        "Frank Zappa is a British composer. Frank Zappa was born in Baltimore.",
        # "professor" was read as educated at (by similarity), which the KG states
        "Barack Obama is a Columbia University professor.",
        # a sentence no pattern read vanished beside one that was read (the description's):
        # SUPPORTED on "Stranger than Fiction instance of film" alone
        "The film Stranger than Fiction works in the musical film genre.",
        # the participle's object was dropped: SUPPORTED as "Fight Club is a film"
        "Fight Club is a film starring Jennifer Aniston.",
        "Baltimore is not Frank Zappa's place of birth.",
        "Stranger than Fiction works in the musical film genre. Stranger than Fiction is a film.",
        # the same shapes, with values the KG does not state (or denies)
        "Frank Zappa's music is country music.",
        "Frank Zappa is a country music singer.",
        "Alanis Morissette is a jazz performer.",
        "Frank Zappa plays country music.",
        "Frank Zappa is best described as a poet.",
        "Frank Zappa's style is country music.",
        "Frank Zappa is a Baltimore-born poet.",
        "Frank Zappa has Germany nationality.",
        "Vladimir Nabokov made a name as a guitarist.",
        "Cat Stevens is under contract with Parlophone.",
        "Edgar Allan Poe came under the influence of Charles Baudelaire.",
        "Charles Baudelaire influenced the work of Edgar Allan Poe.",
        "Isaac Asimov went to school at Harvard University.",
        "Frank Zappa made a living as a poet.",
        "Tom Hanks acted in the film Stranger than Fiction.",
        "Diplomatic relations do not exist between Belarus and Poland.",
        "poet is one of the occupations of Frank Zappa.",
    ],
)
def test_false_paraphrases_are_not_supported(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED, r.justification


@pytest.mark.parametrize(
    "claim",
    [
        "Tom Hanks was not in the film Forrest Gump.",
        "Tom Hanks wasn't in the film Forrest Gump.",
        "Tom Hanks did not act in the film Catch Me If You Can.",
        "Diplomatic relations do not exist between Belarus and Poland.",
        # a false statement beside a true one: the subject's own value of its property is
        # looked up (the beam, shared between the statements, had dropped it)
        "Frank Zappa is a Paris-born musician.",
        "Frank Zappa was born in Paris. Frank Zappa is a musician.",
        # "city" was the object: "Frank Zappa place of death city" conflicted with Los Angeles
        "Frank Zappa was born in the city of Los Angeles.",
        # a question, a frame, an event told as the event's (read by similarity, it refuted
        # nothing)
        "Was Frank Zappa born in Paris?",
        "Note that Frank Zappa was born in Paris.",
        "The death of Frank Zappa occurred in Paris.",
        "Frank Zappa moved to Paris and died there.",
    ],
)
def test_a_claim_read_again_refutes_what_the_kg_states(checker, claim):
    # the decomposer read "was in" as located in (NOT ENOUGH INFO); the entity-anchored
    # reading kept no negation and gave up; now it reads the phrase without it, negated
    r = checker.verify(claim, record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification


@pytest.mark.parametrize(
    ("claim", "said", "held"),
    [
        # a time beside the fact: the KG keeps none, and a wrong year made a false claim
        # SUPPORTED ("Mickey Rourke appeared in The Expendables in 2005": it was 2010)
        ("Tom Hanks married Rita Wilson in 1988.", "in 1988", "Tom Hanks spouse Rita Wilson"),
        ("Tom Hanks has appeared in Forrest Gump since 1995.", "since 1995", "Forrest Gump cast member Tom Hanks"),
        ("In 1995, Tom Hanks appeared in Forrest Gump.", "In 1995", "Forrest Gump cast member Tom Hanks"),
        ("Frank Zappa was a citizen of United States of America for many years.", "for many years", "Frank Zappa country of citizenship United States of America"),
        ("Tom Hanks was a cast member of Forrest Gump from 1993 to 1994.", "from 1993 to 1994", "Forrest Gump cast member Tom Hanks"),
        # a role: read without it, the statement held and the role was never named
        ("Forrest Gump stars Tom Hanks as Forrest.", "as Forrest", "Forrest Gump cast member Tom Hanks"),
        ("Tom Hanks starred in Forrest Gump as a simple man.", "as a simple man", "Forrest Gump cast member Tom Hanks"),
        ("Tony Blair was born in Edinburgh as the son of a lawyer.", "as the son of a lawyer", "Tony Blair place of birth Edinburgh"),
        # a circumstance: where he grew up is not where he was born (Blair grew up in Durham)
        ("Tony Blair was born and raised in Edinburgh.", "raised", "Tony Blair place of birth Edinburgh"),
        ("Frank Zappa moved to Los Angeles and died there.", "moved to Los Angeles", "Frank Zappa place of death Los Angeles"),
    ],
)  # fmt: skip
def test_a_statement_with_words_the_kg_cannot_check_is_not_supported(checker, claim, said, held):
    r = checker.verify(claim, record=False)
    assert r.verdict is VerdictLabel.NEI, r.justification
    assert f'Without "{said}", the claim holds.' in r.justification
    assert "the claim as written is not supported" in r.justification
    if held:
        assert f'"{held}"' in r.justification


@pytest.mark.parametrize(
    "claim",
    [
        "Tony Blair was born in Edinburgh in 1953.",  # a date of birth: a fact of its own
        "Frank Zappa works in the rock music genre (as of 2020).",  # when the claim was made
        "Frank Zappa is a citizen of United States of America today.",
        "Frank Zappa has Baltimore as his place of birth.",  # "as" names the relation
        "Charles Baudelaire cites Edgar Allan Poe as an influence.",
        "Frank Zappa is known as a composer.",  # "as" holds the object
        "Frank Zappa spent his last days in Los Angeles and died there.",
    ],
)
def test_words_a_reading_holds_or_that_say_nothing_more_leave_the_verdict(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict is not VerdictLabel.NEI or "1953" in claim, r.justification
    assert "not supported" not in r.justification


def test_a_wrong_statement_with_a_time_beside_it_is_still_refuted(checker):
    r = checker.verify("Tony Blair was born in Glasgow in 1953.", record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification


def test_a_description_the_kg_cannot_read_is_said_to_be_unchecked(checker):
    # it was dropped without a word: SUPPORTED as if the claim were "Frank Zappa was born in
    # Baltimore"
    r = checker.verify("Frank Zappa, the 44th president, was born in Baltimore.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert 'Not checked: "the 44th president"' in r.justification
    r = checker.verify("The legendary rocker Frank Zappa was born in Baltimore.", record=False)
    assert 'Not checked: "The legendary rocker"' in r.justification
    # one the KG reads is a statement, checked; and a claim without one has no such note
    for claim in (
        "Frank Zappa, a composer, was born in Baltimore.",
        "Frank Zappa was born in Baltimore.",
    ):
        r = checker.verify(claim, record=False)
        assert r.verdict is VerdictLabel.SUPPORTED and "Not checked" not in r.justification


def test_a_reading_is_read_again_only_for_the_common_noun_before_an_unread_title(store):
    from kgfc.models import ClaimTriple
    from kgfc.nlp.anchored import overlooked

    film = ClaimTriple(subject="film", relation="cast member", object="Tom Hanks")
    assert overlooked("Tom Hanks acted in the film Catch Me If You Can.", [film], store)
    # a lower-case name of several words, and a capitalised name that only a lost relative
    # clause holds: the reading stands (it was replaced by a wrong anchored one)
    genre = ClaimTriple(subject="Vanessa Williams", relation="genre", object="rhythm and blues")
    text = (
        "Vanessa Williams, who is signed to Mercury Records, works in the rhythm and blues genre."
    )
    assert not overlooked(text, [genre], store)


def test_a_relative_clause_whose_closing_comma_spacy_hangs_inside_is_split():
    text = (
        "Vanessa Williams, who is signed to Mercury Records, works in the rhythm and blues genre."
    )
    assert relative_clauses(text) == [
        "Vanessa Williams works in the rhythm and blues genre.",
        "Vanessa Williams is signed to Mercury Records.",
    ]


@pytest.mark.parametrize(
    "claim,parts",
    [
        (
            "Paul Newman was an actor who was born in Shaker Heights.",
            ["Paul Newman was an actor.", "Paul Newman was born in Shaker Heights."],
        ),
        (
            "Tunisia is a country whose official language is Arabic.",
            ["Tunisia is a country.", "Tunisia's official language is Arabic."],
        ),
        # a noun narrowed is a claim of its own; the name no subject of the clause
        ("Tunisia is the first country that joined the union.", []),
        ("Paul Newman was an actor whom Hawks directed.", []),
    ],
)
def test_a_clause_on_the_noun_a_name_is_said_to_be_is_said_of_the_name(claim, parts):
    assert relative_clauses(claim) == parts


@pytest.mark.parametrize(
    "claim,subject,obj",
    [
        ("ª is a letter.", "ª", "letter"),
        ("ßeta is a letter.", "ßeta", "letter"),
        ("ºC is a unit.", "ºC", "unit"),
    ],
)
def test_a_lower_case_first_letter_without_a_one_letter_capital_reads_as_it_is(
    aligner, claim, subject, obj
):
    # sentence case is tried for a claim in lower case; "ª" has no capital (it recursed for
    # ever) and "ß" has a two-letter one (the offsets would move): read as written
    triples = decompose(claim, aligner).triples
    assert [(t.subject, t.relation, t.object) for t in triples] == [(subject, "is a", obj)]


def test_a_lower_case_first_letter_is_read_in_sentence_case(aligner):
    triples = decompose("madonna is a singer.", aligner).triples
    assert [(t.subject, t.object) for t in triples] == [("Madonna", "singer")]


@pytest.mark.parametrize(
    ("claim", "label", "said"),
    [
        # misread as (Bob Dylan, singer, career): read again as his occupation
        ("Bob Dylan had a career as a singer.", VerdictLabel.SUPPORTED, "occupation (P106)"),
        # the subject is unknown: "genre" is the relation, never the subject of "is"
        ("Xyzzy Foobar's genre is folk music.", VerdictLabel.NEI, "could not be matched"),
    ],
)
def test_reading_again_keeps_the_claims_subject(store, claim, label, said):
    r = FactChecker(store, settings=load_settings(offline=True)).verify(claim, record=False)
    assert r.verdict is label, r.justification
    assert said in r.justification
    assert r.triples[0].subject != "genre"
