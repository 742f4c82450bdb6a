"""What a path's end is claimed to be is read from the words when they name a relation.

"The director of Signs was born in India": the KG states the director's citizenship (India)
and not where he was born in India; "was born in" names place of birth outright, so the
claim is about his birthplace, not about whatever the KG connects him to India by.
"""

from __future__ import annotations

from kgfc.kg import vocab as V
from kgfc.models import VerdictLabel


def test_a_path_end_keeps_the_relation_its_words_name(demo_local):
    r = demo_local.verify("The director of Signs was born in India.", record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED, r.justification
    assert [t.relation_ids for t in r.triples] == [[V.WDT + "P19"]]


def test_a_path_end_the_kg_contradicts_is_refuted(demo_local):
    # Darren Aronofsky, who directed Black Swan, was born in Brooklyn
    r = demo_local.verify("The director of Black Swan was born in Manhattan.", record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification


def test_a_path_in_a_whose_clause_is_read(demo_local):
    # Beloved (the film) was directed by Jonathan Demme, who died in Manhattan
    r = demo_local.verify(
        "Beloved, whose director died in Los Angeles, is getting a restored release.",
        record=False,
    )
    assert r.verdict is VerdictLabel.REFUTED, r.justification
    assert "Jonathan Demme" in r.justification
