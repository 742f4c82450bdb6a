"""Frames that deny or doubt the statement inside them (kgfc/nlp/framing.py) and the verdicts
they give on the demo KG: a denied statement the KG states is REFUTED, never SUPPORTED."""

from __future__ import annotations

import pytest

from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.nlp.framing import framing
from kgfc.settings import load_settings
from kgfc.verify.api import FactChecker

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


@pytest.fixture(scope="module")
def local():
    store = OxigraphStore()
    ensure_demo(store)
    return FactChecker(store, settings=load_settings(offline=True), policy="fixed")


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
def test_verdicts_follow_the_frame(local, claim, label, why):
    r = local.verify(claim, record=False)
    assert r.verdict.value == label, r.justification
    assert why in r.justification
    assert r.claim == claim  # the claim as written is what the result names
    assert any(e.cited and e.text == "Tony Blair place of birth Edinburgh" for e in r.evidence)
