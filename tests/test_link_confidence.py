"""Link confidence and range-aware picking among same-named candidates (issue 14, point 2).

- :func:`kgfc.kg.linking.link_confidence`: exact and unique 1.0, a same-named
  rival as likely lowers it, a fuzzy match is below the refutation floor;
- the local reasoner: an unsure link never refutes, and caps a SUPPORTED
  verdict's confidence;
- :func:`kgfc.pipeline.stages.fit_range`: "born in Springfield" picks the city,
  not the better-connected film of the same name (a generated fixture whose
  place-of-birth range is well observed).
"""

from __future__ import annotations

import pytest

from kgfc.kg import vocab as V
from kgfc.kg.linking import LINK_MIN, link_confidence
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.models import ClaimTriple, Counters, EvidenceFact, Fact, LabelHit, VerdictLabel
from kgfc.reason.local import LocalReasoner

WD, WDT = V.WD, V.WDT


def hit(entity: str, score: float) -> LabelHit:
    return LabelHit(entity=WD + entity, text=entity, kind="label", score=score)


def test_link_confidence():
    assert link_confidence(hit("Q1", 1.0), [(0.9, hit("Q1", 1.0)), (0.6, hit("Q2", 1.0))]) == 1.0
    # a same-named rival about as likely
    assert link_confidence(hit("Q1", 1.0), [(0.9, hit("Q1", 1.0)), (0.88, hit("Q2", 1.0))]) == 0.7
    # a close candidate with a worse name is no rival
    assert link_confidence(hit("Q1", 1.0), [(0.9, hit("Q1", 1.0)), (0.89, hit("Q2", 0.7))]) == 1.0
    assert link_confidence(hit("Q1", 0.76), [(0.7, hit("Q1", 0.76))]) < LINK_MIN + 0.1


def _evidence():
    f = Fact(subject=WD + "Q1", predicate=WDT + "P19", object=WD + "Q10", subject_label="Ada",
             predicate_label="place of birth", object_label="Edinburgh", source="g")  # fmt: skip
    return [EvidenceFact(id="E1", fact=f, text=f.verbalise(), score=1.0, hop=1)]


def _triple(obj: str, link: float | None, negated: bool = False) -> ClaimTriple:
    return ClaimTriple(subject="Ada", relation="place of birth", object="x",
                       subject_id=WD + "Q1", object_id=WD + obj, relation_ids=[WDT + "P19"],
                       subject_link=1.0, object_link=link, negated=negated)  # fmt: skip


@pytest.mark.parametrize(("link", "label"), [(1.0, VerdictLabel.REFUTED), (0.95, VerdictLabel.REFUTED),
                                             (0.7, VerdictLabel.NEI), (None, VerdictLabel.REFUTED)])  # fmt: skip
def test_an_unsure_link_never_refutes(link, label):
    reasoner = LocalReasoner(None)
    v = reasoner.verdict("Ada was born in Paris.", [_triple("Q11", link)], _evidence(), Counters())
    assert v.label is label, v.justification
    if label is VerdictLabel.NEI:
        assert "confidence 0.70" in v.justification


def test_an_unsure_link_caps_support_and_a_negated_claim_is_not_refuted_through_it():
    reasoner = LocalReasoner(None)
    v = reasoner.verdict("c", [_triple("Q10", 0.76)], _evidence(), Counters())
    assert v.label is VerdictLabel.SUPPORTED and v.confidence == 0.76
    v = reasoner.verdict("c", [_triple("Q10", 0.7, negated=True)], _evidence(), Counters())
    assert v.label is VerdictLabel.NEI


# -- picking by the relation's range --------------------------------------------------


def _springfield_kg() -> str:
    lines = [
        "@prefix wd: <http://www.wikidata.org/entity/> .",
        "@prefix wdt: <http://www.wikidata.org/prop/direct/> .",
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
        "@prefix wikibase: <http://wikiba.se/ontology#> .",
        'wd:P19 rdfs:label "place of birth"@en ; wikibase:directClaim wdt:P19 .',
        'wd:P161 rdfs:label "cast member"@en ; wikibase:directClaim wdt:P161 .',
        'wd:Q515 rdfs:label "city"@en . wd:Q11424 rdfs:label "film"@en .',
        # the city of Springfield, few facts; the film Springfield, many
        'wd:Q100 rdfs:label "Springfield"@en ; wdt:P31 wd:Q515 .',
        'wd:Q200 rdfs:label "Springfield"@en ; wdt:P31 wd:Q11424 .',
        'wd:Q1 rdfs:label "Ada Example"@en ; wdt:P19 wd:Q100 .',
    ]
    for i in range(30):  # a well-observed range: people born in cities
        lines.append(f'wd:Q{1000 + i} rdfs:label "Person {i}"@en ; wdt:P19 wd:Q{2000 + i} .')
        lines.append(f"wd:Q{2000 + i} wdt:P31 wd:Q515 .")
        lines.append(f"wd:Q200 wdt:P161 wd:Q{1000 + i} .")
    return "\n".join(lines) + "\n"


def test_same_named_candidates_are_picked_by_the_relations_range(tmp_path):
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    path = tmp_path / "springfield.ttl"
    path.write_text(_springfield_kg(), encoding="utf-8")
    store = OxigraphStore()
    store.load_file(path)
    checker = FactChecker(store, settings=load_settings(offline=True))
    r = checker.verify("Ada Example was born in Springfield.", record=False)
    (t,) = r.triples
    assert t.object_id == WD + "Q100"  # the city, though the film is better connected
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    # the film has more facts and was the best candidate by name and connectedness
    (spring,) = [e for e in r.topic_entities if e.mention == "Springfield"]
    assert spring.entity == WD + "Q100"
    assert spring.candidates[0].entity == WD + "Q200"
