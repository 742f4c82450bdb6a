"""Frames that deny or doubt the statement inside them (kgfc/nlp/framing.py) and the verdicts
they give on the demo KG: a denied statement the KG states is REFUTED, never SUPPORTED."""

from __future__ import annotations

import pytest

from kgfc.nlp.framing import framing

S = "Tony Blair was born in Edinburgh"


@pytest.mark.parametrize(
    ("claim", "kind"),
    [
        (f"It is false that {S}.", "denied"),
        (f"It's not true that {S}.", "denied"),
        (f"It is untrue that {S}.", "denied"),
        (f"It is a myth that {S}.", "denied"),
        (f"It is a common misconception that {S}.", "denied"),
        (f"It is not the case that {S}.", "denied"),
        (f"It is wrong to say that {S}.", "denied"),
        (f"It has been falsely claimed that {S}.", "denied"),
        (f"Some people wrongly believe that {S}.", "denied"),
        (f"The claim that {S} is false.", "denied"),
        (f"The popular belief that {S} has been debunked.", "denied"),
        (f"Some say that {S}, but that is not true.", "denied"),
        (f"{S}. That is not true.", "denied"),
        (f"{S} - false.", "denied"),
        (f"Myth: {S}.", "denied"),
        (f"It is unclear whether {S}.", "doubted"),
        (f"It is doubtful that {S}.", "doubted"),
        (f"It has never been proven that {S}.", "doubted"),
        (f"Nobody knows whether {S}.", "doubted"),
        (f"I doubt that {S}.", "doubted"),
        (f"There is no evidence that {S}.", "doubted"),
        (f"Whether {S} is still debated.", "doubted"),
    ],
)
def test_frames_found_with_the_statement_inside(claim, kind):
    f = framing(claim)
    assert f is not None and f.kind == kind
    assert f.statement == S + "."


@pytest.mark.parametrize(
    "claim",
    [
        f"{S}.",
        f"It is true that {S}.",  # asserts: rewrite.py takes the frame off
        f"Records show that {S}.",
        f"There is no doubt that {S}.",
        f"The claim that {S} is true.",
        "It is false that so.",  # nothing to check inside
        "Tony Blair falsely claimed that Gordon Brown was born in London.",  # S is the claimer
        "Tony Blair was not born in London.",  # the verb's negation: the decomposer reads it
        "The Greek language is spoken in Greece.",
    ],
)
def test_no_frame(claim):
    assert framing(claim) is None


@pytest.mark.parametrize(
    ("claim", "label", "why"),
    [
        # the KG states the statement: denying it is false
        (f"It is false that {S}.", "REFUTED", "the statement holds"),
        (f"The claim that {S} is a myth.", "REFUTED", "the statement holds"),
        # the KG refutes the statement (single-valued birthplace): denying it is true
        ("It is not true that Tony Blair was born in London.", "SUPPORTED", "does not hold"),
        (
            "Some say that Tony Blair was born in London, but that is false.",
            "SUPPORTED",
            "does not hold",
        ),
        # a denied negation is the statement itself
        ("It is false that Tony Blair was not born in Edinburgh.", "SUPPORTED", "does not hold"),
        # a doubt asserts neither: never decided, though the KG states it
        (f"It is unclear whether {S}.", "NOT ENOUGH INFO", "finds SUPPORTED"),
        ("I doubt that Tony Blair was born in London.", "NOT ENOUGH INFO", "finds REFUTED"),
    ],
)
def test_verdicts_follow_the_frame(demo_local, claim, label, why):
    r = demo_local.verify(claim, record=False)
    assert r.verdict.value == label, r.justification
    assert why in r.justification
    assert r.claim == claim  # the claim as written is what the result names
    assert any(e.cited and e.text == "Tony Blair place of birth Edinburgh" for e in r.evidence)


@pytest.mark.parametrize(
    ("claim", "kind", "statement"),
    [
        # a verb that denies the verb it governs: read with "not"
        ("Men in Black II refused to cast Tommy Lee Jones.", "reworded",
         "Men in Black II did not cast Tommy Lee Jones."),
        ("Kenny Rogers has failed to win a Grammy.", "reworded", "Kenny Rogers did not win a Grammy."),
        ("Tom Cruise was unable to appear in Top Gun.", "reworded", "Tom Cruise did not appear in Top Gun."),
        ("Omar Sharif almost died of a heart attack.", "reworded",
         "Omar Sharif did not die of a heart attack."),
        # "outside" is "not in"
        ("Herman Melville lived outside New York City.", "reworded",
         "Herman Melville did not live in New York City."),
        ("X was born outside Edinburgh.", "reworded", "X was not born in Edinburgh."),
        ("The Greek language is spoken only outside of Greece.", "reworded",
         "The Greek language is not spoken in Greece."),
        ("Palo Alto, California is located outside of the United States.", "reworded",
         "Palo Alto, California is not located in the United States."),
        ("Libya is a country outside of Africa.", "reworded", "Libya is a country. Libya is not in Africa."),
        # a verb that leaves it open
        ("Lenny Kravitz wanted to speak English.", "doubted", "Lenny Kravitz did speak English."),
        ("Kenny Rogers was set to work in the rock music genre.", "doubted",
         "Kenny Rogers did work in the rock music genre."),
        # a word that narrows it beyond what the KG checks
        ("Lenny Kravitz only speaks English.", "restricted", "Lenny Kravitz speaks English."),
        ("Libya is the largest country in Africa.", "restricted", "Libya is the largest country in Africa."),
        ("Carl Sagan is the most famous person born in Brooklyn.", "restricted",
         "Carl Sagan is the most famous person born in Brooklyn."),
        ("Lenny Kravitz speaks English better than anyone.", "restricted",
         "Lenny Kravitz speaks English better than anyone."),
        # a part of the place: FEVER dev's "Palo Alto, California is located in the southwest
        # of the United States" was SUPPORTED by Palo Alto's country
        ("Palo Alto, California is located in the southwest of the United States.", "restricted",
         "Palo Alto, California is located in the United States."),
        ("Leeds is in the north of England.", "restricted", "Leeds is in England."),
        ("Paris is in the northern part of France.", "restricted", "Paris is in France."),
        ("Paris is in the heart of France.", "restricted", "Paris is in France."),
    ],
)  # fmt: skip
def test_words_that_deny_leave_open_or_narrow(claim, kind, statement):
    from kgfc.nlp.spacy_pipeline import parse

    f = framing(claim, parse(claim))
    assert f is not None and (f.kind, f.statement) == (kind, statement)


@pytest.mark.parametrize(
    "claim",
    [
        "Ann is best known for Hamlet.",  # an idiom: "known for"
        "Tony Blair went on to study at Oxford.",  # a verb that asserts the one it governs
        "He is not only an actor but also a singer.",  # both claimed
        "She grew up outside.",  # no place named
        "The Best Years of Our Lives stars Fredric March.",  # a superlative in a name
        "Hamlet was written by Shakespeare at least once.",
        # intensifiers, no ranking
        "Ann is best described as a poet.",
        "Ann most certainly speaks French.",
        "Ann is most famous for Hamlet.",
        "Ann is best remembered for Hamlet.",
        "Ohio is in the Midwest.",  # a region's name, no part of a place
        "Tony Blair was born in the United Kingdom.",
    ],
)
def test_words_left_alone(claim):
    from kgfc.nlp.spacy_pipeline import parse

    assert framing(claim, parse(claim)) is None


def test_a_superlative_in_a_name_the_kg_knows_narrows_nothing():
    from kgfc.nlp.spacy_pipeline import parse

    claim = "The second largest city Saint Petersburg is located in Russia."
    assert framing(claim, parse(claim)).kind == "restricted"  # no names known
    known = {"second largest city", "saint petersburg", "russia"}
    assert framing(claim, parse(claim), lambda name: name.lower() in known) is None


@pytest.mark.parametrize(
    ("claim", "label", "why"),
    [
        ("Tony Blair refused to be born in Edinburgh.", "REFUTED", "denies it"),
        ("Tony Blair was born outside Edinburgh.", "REFUTED", "denies it"),
        ("Tony Blair was born outside of London.", "SUPPORTED", "denies it"),
        ("Tony Blair wanted to be born in Edinburgh.", "NOT ENOUGH INFO", "finds SUPPORTED"),
        ("Tony Blair was born only in Edinburgh.", "NOT ENOUGH INFO", "cannot check"),
        (
            "Tony Blair is the most famous person born in Edinburgh.",
            "NOT ENOUGH INFO",
            "cannot check",
        ),
        # false without the word, false with it
        ("Tony Blair is the most famous person born in London.", "REFUTED", "single-valued"),
        ("Tony Blair was born in the west of Edinburgh.", "NOT ENOUGH INFO", "cannot check"),
        ("Tony Blair was born in the north of London.", "REFUTED", "single-valued"),
    ],
)
def test_verdicts_follow_the_word(demo_local, claim, label, why):
    r = demo_local.verify(claim, record=False)
    assert r.verdict.value == label, r.justification
    assert why in r.justification
    assert any(e.cited and e.text == "Tony Blair place of birth Edinburgh" for e in r.evidence)
