"""Claims of some relation without a property: "S is associated with O", "S has ties to O",
"S has nothing to do with O" (kgfc.kg.properties.RELATED)."""

from __future__ import annotations

import pytest

from kgfc.kg.properties import RELATED, relating
from kgfc.kg.vocab import WDT
from kgfc.models import ClaimTriple, Counters, EvidenceFact, Fact
from kgfc.nlp.decompose import decompose
from kgfc.nlp.rewrite import simplified
from kgfc.nlp.spacy_pipeline import parse
from kgfc.reason.local import LocalReasoner

WD = "http://www.wikidata.org/entity/"


@pytest.mark.parametrize(
    ("claim", "subject", "obj", "negated"),
    [
        ("Tony Blair is associated with the Labour Party.", "Tony Blair", "Labour Party", False),
        ("Tony Blair is closely connected to the Labour Party.", "Tony Blair", "Labour Party", False),
        ("Tony Blair was linked to the Labour Party.", "Tony Blair", "Labour Party", False),
        ("Tony Blair is mostly associated with Edinburgh.", "Tony Blair", "Edinburgh", False),
        ("Tony Blair has close ties to the Labour Party.", "Tony Blair", "Labour Party", False),
        ("Tony Blair has a strong connection to Edinburgh.", "Tony Blair", "Edinburgh", False),
        ("Tony Blair is not related to the Labour Party.", "Tony Blair", "Labour Party", True),
        ("Tony Blair has nothing to do with the Labour Party.", "Tony Blair", "Labour Party", True),
        ("Underdog had nothing to do with Amy Adams.", "Underdog", "Amy Adams", True),
        ("TakePart is unrelated to Participant Media.", "TakePart", "Participant Media", True),
        ("English people are unconnected to the Romans.", "English people", "Romans", True),
        ("Liverpool bears no relation to Everton.", "Liverpool", "Everton", True),
        ("Tony Blair has no ties to Edinburgh.", "Tony Blair", "Edinburgh", True),
        ("Obesity and cancer have nothing to do with each other.", "Obesity", "cancer", True),
    ],
)  # fmt: skip
def test_a_relation_without_a_property_is_read_as_any_relation(claim, subject, obj, negated):
    [t] = decompose(claim).triples
    assert (t.subject, t.object, t.relation_ids, t.negated) == (subject, obj, [RELATED], negated)


@pytest.mark.parametrize(
    "claim",
    [
        "France has diplomatic relations with Germany.",  # diplomatic relations, not any
        "France has relations with Germany.",
        "Tony Blair is a member of the Labour Party.",
    ],
)
def test_a_named_relation_is_not_any_relation(claim):
    assert simplified(parse(claim), lambda name: False) is None
    assert all(t.relation_ids != [RELATED] for t in decompose(claim).triples)


def test_class_membership_and_identity_relate_nothing():
    assert relating(WDT + "P102")
    assert not relating(WDT + "P31") and not relating(WDT + "P279")
    assert not relating("http://www.w3.org/2002/07/owl#sameAs")
    assert not relating("http://www.w3.org/2000/01/rdf-schema#label")


def _fact(i: str, s: str, p: str, o: str) -> EvidenceFact:
    return EvidenceFact(
        id=i,
        fact=Fact(subject=WD + s, predicate=WDT + p, object=WD + o, source="urn:test"),
        text=f"{s} {p} {o}",
    )


@pytest.mark.parametrize("negated", [False, True])
def test_a_fact_either_way_decides_it_and_none_refutes_nothing(negated):
    reasoner = LocalReasoner()
    t = ClaimTriple(
        subject="A", relation="related to", object="B", subject_id=WD + "Q1",
        object_id=WD + "Q2", relation_ids=[RELATED], negated=negated,
    )  # fmt: skip
    # stated the other way round, under any property
    v = reasoner.verdict("A is related to B", [t], [_fact("E1", "Q2", "P50", "Q1")], Counters())
    assert v.label.value == ("REFUTED" if negated else "SUPPORTED"), v.justification
    assert v.cited == ["E1"]
    # a class membership between the two, or facts of each with others: no evidence either way
    facts = [
        _fact("E1", "Q1", "P31", "Q2"),
        _fact("E2", "Q1", "P50", "Q3"),
        _fact("E3", "Q3", "P50", "Q2"),
    ]
    v = reasoner.verdict("A is related to B", [t], facts, Counters())
    assert v.label.value == "NOT ENOUGH INFO", v.justification


def test_two_people_related_are_kin():
    reasoner = LocalReasoner()
    people = [_fact("E8", "Q1", "P31", "Q5"), _fact("E9", "Q2", "P31", "Q5")]

    def verdict(relation: str, *facts: EvidenceFact) -> str:
        t = ClaimTriple(
            subject="A", relation=relation, object="B", subject_id=WD + "Q1",
            object_id=WD + "Q2", relation_ids=[RELATED],
        )  # fmt: skip
        return reasoner.verdict("A and B", [t], [*facts, *people], Counters()).label.value

    influence = _fact("E1", "Q1", "P737", "Q2")
    assert verdict("related to", influence) == "NOT ENOUGH INFO"  # not kin
    assert verdict("associated with", influence) == "SUPPORTED"
    assert verdict("related to", _fact("E1", "Q2", "P3373", "Q1")) == "SUPPORTED"  # siblings


@pytest.mark.parametrize(
    ("claim", "verdict", "cited"),
    [
        ("Tony Blair is associated with the Labour Party.", "SUPPORTED", "member of political party"),
        ("Tony Blair has ties to Edinburgh.", "SUPPORTED", "place of birth"),
        ("Tony Blair has nothing to do with the Labour Party.", "REFUTED", "member of political party"),
        ("Tony Blair is unrelated to Edinburgh.", "REFUTED", "place of birth"),
        ("Tony Blair is connected to France.", "NOT ENOUGH INFO", None),
        ("Tony Blair has nothing to do with France.", "NOT ENOUGH INFO", None),
        ("Tony Blair and the Labour Party are closely linked.", "SUPPORTED", "member of political party"),
        ("Jennifer Hudson is associated with Whitney Houston.", "SUPPORTED", "influenced by"),
        # between two people "related" is kin: an influence is no family tie
        ("Jennifer Hudson is related to Whitney Houston.", "NOT ENOUGH INFO", None),
        ("Jennifer Hudson is unrelated to Whitney Houston.", "NOT ENOUGH INFO", None),
    ],
)  # fmt: skip
def test_verdicts_on_the_demo_kg(demo_local, claim, verdict, cited):
    r = demo_local.verify(claim, record=False)
    assert r.verdict.value == verdict, r.justification
    if cited:
        assert any(cited in e.text for e in r.evidence if e.cited), r.justification
    assert "P3095" not in r.justification
