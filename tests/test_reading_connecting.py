"""Reading by what the KG connects (kgfc.reading.connecting), kinship paths, and
``kgfc debug reading`` over the demo KG."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kgfc.kg import vocab as V
from kgfc.kg.linking import EntityLinker
from kgfc.reading.connecting import connecting, near, read_connected, refutable, rivals

WD = V.WD


@pytest.fixture(scope="module")
def store(demo_local):
    return demo_local.tools.store


def _resolve(store):
    linker = EntityLinker(store)

    def resolve(name):
        hit = linker.resolve(name, 0.95)
        return (hit.entity, hit.score) if hit is not None else None

    return resolve


def test_connecting_finds_the_properties_stated_between_two_entities(store):
    # Godzilla (the 1998 film) is set in Brooklyn; read backwards from Brooklyn's side
    godzilla = _resolve(store)("Godzilla")[0]
    brooklyn = WD + "Q18419"
    assert (V.WDT + "P840", False) in connecting(store, godzilla, brooklyn)
    assert (V.WDT + "P840", True) in connecting(store, brooklyn, godzilla)


def test_rivals_are_single_valued_properties_with_a_value_of_the_objects_kind(store):
    thin_lizzy, cleveland = _resolve(store)("Thin Lizzy")[0], WD + "Q37320"
    assert V.WDT + "P740" in rivals(store, thin_lizzy, cleveland)  # formed in Dublin, a city


def test_a_phrase_no_rule_names_reads_as_the_relation_the_kg_connects(store):
    got = read_connected("The story of Godzilla unfolds in Brooklyn.", store, _resolve(store))
    assert got.reading is not None and got.reading.property == V.WDT + "P840"
    assert got.candidates[0].kind == "connecting" and got.candidates[0].score >= 0.42


def test_rivals_alone_read_nothing(store):
    # among the subject's single-valued relations "worked in" is most like place of death
    got = read_connected("Frank Zappa worked in Paris.", store, _resolve(store))
    assert got.reading is None and got.candidates and got.why


def test_a_negated_phrase_is_not_read_by_similarity(store):
    got = read_connected("The story of Godzilla never unfolds in Brooklyn.", store, _resolve(store))
    assert got.reading is None and "negated" in got.why


def test_two_entities_linked_through_a_third_are_near(store):
    r = _resolve(store)
    assert near(store, r("George H. W. Bush")[0], r("Jenna Bush Hager")[0])


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        # a guess by similarity refutes when the KG puts its relation in question
        ("Thin Lizzy got together in Cleveland.", "REFUTED"),
        ("Liver cirrhosis killed Spike Milligan.", "REFUTED"),
        ("The story of Godzilla unfolds in Brooklyn.", "SUPPORTED"),
        # ... and not otherwise: the words are like several relations of the subject's
        ("Frank Zappa worked in Paris.", "NOT ENOUGH INFO"),
        ("Frank Zappa performed in Paris.", "NOT ENOUGH INFO"),
        # kinship composed of parent and child: the path, never a similarity
        ("George H. W. Bush is a grandparent of Jenna Bush Hager.", "SUPPORTED"),
        ("Eugene O'Neill is Geraldine Chaplin's grandparent.", "SUPPORTED"),
        ("Jenna Bush Hager is a granddaughter of George H. W. Bush.", "SUPPORTED"),
        ("George W. Bush is a grandparent of Jenna Bush Hager.", "NOT ENOUGH INFO"),
    ],
)
def test_claims_read_by_what_the_kg_connects(demo_local, claim, verdict):
    r = demo_local.verify(claim, record=False)
    assert r.verdict.value == verdict, r.justification


def test_a_grandparent_claim_cites_the_path(demo_local):
    r = demo_local.verify("George H. W. Bush is a grandparent of Jenna Bush Hager.", record=False)
    cited = {(e.subject_label, e.predicate_label, e.object_label) for e in r.cited}
    assert ("George H. W. Bush", "child", "George W. Bush") in cited
    assert ("George W. Bush", "child", "Jenna Bush Hager") in cited


def test_refutable_needs_the_kg_to_put_the_relation_in_question(demo_local, store):
    from kgfc.nlp.anchored import read_anchored

    aligner, resolve = demo_local.tools.aligner(), _resolve(store)
    found = read_anchored("Thin Lizzy banded together in Cleveland.", store, aligner, resolve)
    assert found is not None and found.how == "semantic"
    assert refutable(store, found)
    # Thin Lizzy was formed in Dublin: a claim of Dublin is no refutation
    found = read_anchored("Thin Lizzy banded together in Dublin.", store, aligner, resolve)
    assert found is not None and not refutable(store, found)


# -- kgfc debug reading --------------------------------------------------------------


@pytest.fixture
def _run(store, monkeypatch):
    """``kgfc debug reading`` over the session's demo store (opened once, never closed here)."""
    from kgfc.cli import cli, common

    monkeypatch.setattr(common, "open_cli_store", lambda *a, **k: store)
    monkeypatch.setattr(store, "close", lambda: None)

    def run(*args):
        return CliRunner().invoke(cli, ["--offline", *args])

    return run


def test_debug_reading_shows_each_step_of_one_claim(_run):
    r = _run("debug", "reading", "Thin Lizzy got together in Cleveland.")
    assert r.exit_code == 0, r.output
    assert "mention: 'Thin Lizzy' -> Q202314" in r.output
    assert "P740 location of formation (rival" in r.output
    assert (
        "final: Thin Lizzy | location of formation | Cleveland  [Q202314 P740 Q37320]" in r.output
    )


def test_debug_reading_of_a_file_counts_the_lexicon_rules(_run, tmp_path):
    claims = tmp_path / "claims.jsonl"
    claims.write_text(
        json.dumps({"claim": "Barack Obama is a Democrat."})
        + "\nGeorge H. W. Bush is a grandparent of Jenna Bush Hager.\n"
    )
    r = _run("debug", "reading", str(claims), "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert len(out["claims"]) == 2
    assert out["rules"]["nominal:democrat"] == 1 and out["rules"]["kinship:grandparent"] == 1
    assert out["rules"]["nominal:atheist"] == 0  # never fired, still listed
    assert out["claims"][1]["paths"]


def test_debug_reading_rejects_a_bad_file(_run, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "no claim field"}\n')
    r = _run("debug", "reading", str(bad))
    assert r.exit_code == 2 and "claim" in r.output
