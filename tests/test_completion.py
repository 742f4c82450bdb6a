"""Reasoning past an incomplete KG: mined rules, calibration, PCA refutation, sound type clashes, --strict.

tests/data/completion.ttl is described in its header; the CoDEx test at the end
reads ../shared/data and skips without it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from kgfc.errors import ConfigError
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.models import VerdictLabel
from kgfc.pipeline.api import verify_triple
from kgfc.reason import completion as C
from kgfc.reason.calibration import DEFAULT_THRESHOLD, Calibration, fit
from kgfc.reason.local import LocalReasoner
from kgfc.settings import default_home
from tests.conftest import shared_data

DATA = Path(__file__).parent / "data"
S, R, N = VerdictLabel.SUPPORTED, VerdictLabel.REFUTED, VerdictLabel.NEI


@pytest.fixture(scope="module")
def kg():
    store = OxigraphStore()
    store.load_file(DATA / "completion.ttl")
    return store


def check(store, s, p, o, **kw):
    result = verify_triple(store, s, p, o, LocalReasoner(store, **kw))
    ids = {e.id for e in result.evidence}
    assert set(result.verdict.cited) <= ids
    return result


def test_mined_rule_predicts_an_unstated_fact_and_says_so(kg):
    r = check(kg, "Q700100", "P27", "Q700002")  # Ada Unstated citizen of Freedonia: no fact says so
    assert r.verdict.label == S
    j = r.verdict.justification
    assert j.startswith('No fact states "Ada Unstated country of citizenship Freedonia"')
    assert "rules mined from the KG predict it with confidence 1.00" in j
    assert "member of political party" in j and "=> (x country of citizenship" in j
    # the fact the rule used is cited by its evidence id and quoted
    by_id = {e.id: e.text for e in r.evidence}
    cited = [by_id[c] for c in r.verdict.cited]
    assert "Ada Unstated member of political party Harbour Party" in cited
    assert "Ada Unstated member of political party Harbour Party" in j
    assert "default threshold" in j  # no calibration given
    assert r.verdict.confidence <= 0.85  # a prediction never outranks a stated fact


def test_strict_keeps_stated_or_entailed_only(kg):
    r = check(kg, "Q700100", "P27", "Q700002", strict=True)
    assert r.verdict.label == N
    assert "No fact states" not in r.verdict.justification
    # stated facts are still supported in strict mode
    assert check(kg, "Q720000", "P27", "Q700002", strict=True).verdict.label == S


def test_cli_strict_flag(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from kgfc.cli import cli

    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))  # keep its rule caches to itself

    store = str(tmp_path / "store")
    res = CliRunner().invoke(cli, ["kg", "load", str(DATA / "completion.ttl"), "--store", store])
    assert res.exit_code == 0, res.output
    args = ["verify", "--triple", "Q700100", "P27", "Q700002", "--store", store, "--no-record"]
    res = CliRunner().invoke(cli, [*args, "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    out = out[0] if isinstance(out, list) else out
    assert out["verdict"] == "SUPPORTED" and out["justification"].startswith("No fact states")
    res = CliRunner().invoke(cli, [*args, "--json", "--strict"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    out = out[0] if isinstance(out, list) else out
    assert out["verdict"] == "NOT ENOUGH INFO"
    # a calibration file that never supports citizenship predictions (KGFC_CALIBRATION)
    cal = tmp_path / "cal.json"
    fit([(V.WDT + "P27", 1.0, 0)] * 10).save(cal)
    res = CliRunner().invoke(cli, [*args, "--json"], env={"KGFC_CALIBRATION": str(cal)})
    assert res.exit_code == 0, res.output
    assert '"NOT ENOUGH INFO"' in res.stdout


def test_unpredicted_claim_is_not_supported(kg):
    # Ada is in the Harbour Party; no rule predicts Sylvania
    assert check(kg, "Q700100", "P27", "Q700004").verdict.label == N


def test_pca_refutes_only_where_the_kg_is_complete(kg):
    # Person 0 has a place of birth and place of birth is single-valued: the KG is complete there
    r = check(kg, "Q720000", "P19", "Q710005")
    assert r.verdict.label == R
    assert "single-valued" in r.verdict.justification
    # Ada has no place of birth in the KG: nothing to be complete about, so no refutation
    assert check(kg, "Q700100", "P19", "Q710005").verdict.label == N
    # Person 99 has two unrelated places of birth: the KG is not single-valued for them
    r = check(kg, "Q7200099", "P19", "Q710005")
    assert r.verdict.label == N, r.verdict.justification


def test_class_never_seen_in_the_range_abstains(kg):
    # "Los Angeles County is a county of California, and no place of birth is of that type" is no refutation
    r = check(kg, "Q700100", "P19", "Q700200")
    assert r.verdict.label == N, r.verdict.justification
    assert C.completion_for(kg).type_clash(V.WDT + "P19", V.WD + "Q700200") is None


def test_demonstrable_type_clash_refutes(kg):
    r = check(kg, "Q700100", "P19", "Q720003")  # born in Person 3, a human
    assert r.verdict.label == R
    assert "type clash" in r.verdict.justification
    assert "none of its 27 instances" in r.verdict.justification
    r = check(
        kg, "Q700100", "P19", "Q700301"
    )  # born in Mars; planets are stated disjoint from towns
    assert r.verdict.label == R
    assert "disjoint" in r.verdict.justification


def test_calibration_thresholds_decide(kg):
    model = C.completion_for(kg)
    score = model.predict(V.WD + "Q700100", V.WDT + "P27", V.WD + "Q700002").score
    assert score == pytest.approx(1.0)
    # a calibration that never supports citizenship predictions turns the verdict into NEI
    cal = fit([(V.WDT + "P27", 1.0, 0)] * 10 + [(V.WDT + "P27", 0.5, 0)] * 5)
    assert cal.for_relation(V.WDT + "P27").threshold == float("inf")
    assert check(kg, "Q700100", "P27", "Q700002", calibration=cal).verdict.label == N
    # one that does reports the precision seen above the threshold as the confidence
    cal = fit([(V.WDT + "P27", 1.0, 1)] * 8 + [(V.WDT + "P27", 0.2, 0)] * 4)
    r = check(kg, "Q700100", "P27", "Q700002", calibration=cal)
    assert r.verdict.label == S
    assert r.verdict.confidence == pytest.approx(min(0.85, 9 / 10))
    assert "calibrated threshold for country of citizenship is 1.00" in r.verdict.justification


def test_fit_picks_the_best_threshold_per_relation():
    a, b = V.WDT + "P1", V.WDT + "P2"
    samples = [(a, 0.9, 1), (a, 0.8, 1), (a, 0.7, 0), (a, 0.3, 0)] * 3
    samples += [(b, 0.4, 1), (b, 0.3, 1), (b, 0.0, 0), (b, 0.1, 0)] * 3
    samples += [(V.WDT + "P3", 0.9, 1)]  # too few claims: the global threshold applies
    cal = fit(samples)
    assert cal.for_relation(a).threshold == 0.8
    assert cal.for_relation(a).precision == pytest.approx(7 / 8)
    assert cal.for_relation(b).threshold == 0.3
    assert V.WDT + "P3" not in cal.relations
    assert cal.for_relation(V.WDT + "P3") == cal.default
    assert Calibration().for_relation(a).threshold == DEFAULT_THRESHOLD
    # a score of 0 (no rule applies) never supports, whatever the labels
    assert fit([(a, 0.0, 1)] * 20).for_relation(a).threshold == float("inf")


def test_calibration_file_round_trip_and_bad_file(tmp_path):
    cal = fit([(V.WDT + "P1", 0.9, 1), (V.WDT + "P1", 0.2, 0)] * 6, meta={"fitted_on": "x"})
    path = tmp_path / "cal.json"
    cal.save(path)
    again = Calibration.load(path)
    assert again.relations == cal.relations and again.default == cal.default
    assert again.meta["fitted_on"] == "x"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ConfigError, match="calibration file"):
        Calibration.load(path)


def test_rules_are_mined_once_per_store_and_persisted(tmp_path, monkeypatch):
    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))
    store = OxigraphStore(tmp_path / "store")
    store.load_file(DATA / "completion.ttl")
    first = C.completion_for(store)
    n = len(first.rules)
    assert n > 0
    cached = list((default_home() / "cache" / "completion").rglob("*.json"))
    assert cached, "mined rules were not written to the cache"
    assert C.completion_for(store) is first  # same store, same sources: no rebuild

    def boom(*a, **k):
        raise AssertionError("mined again although the rules are cached")

    monkeypatch.setattr(C, "mine_completion_rules", boom)
    C.refresh(store)  # as in a new process
    again = C.completion_for(store)
    assert len(again.rules) == n
    pred = again.predict(V.WD + "Q700100", V.WDT + "P27", V.WD + "Q700002")
    assert pred.best is not None and pred.best.facts


def test_rule_json_round_trip(kg):
    rules = C.completion_for(kg).rules
    again = C.CompletionRules.from_json(json.loads(json.dumps(rules.to_json())))
    assert sorted(map(repr, again.rules)) == sorted(map(repr, rules.rules))
    kinds = {r.kind for r in rules.rules}
    assert kinds == {"path", "const"}


# -- CoDEx-S triple classification (shared data) --------------------------------


def _read(path: Path) -> list[tuple[str, str, str]]:
    with open(path, encoding="utf-8") as fh:
        return [tuple(ln.split("\t")[:3]) for ln in fh if ln.strip()]  # type: ignore[misc]


def codex_s_sample(n: int = 800, seed: int = 14):
    """The completion model mined from CoDEx-S train (+ entity types) and a fixed, shuffled
    valid sample of ``n`` positives and ``n`` hard negatives as ``((h, r, t), gold)``."""
    codex = shared_data("codex")
    folder = codex / "triples" / "codex-s"
    train = _read(folder / "train.txt")
    types = json.loads((codex / "types" / "entity2types.json").read_text(encoding="utf-8"))
    ents = {h for h, _, _ in train} | {t for _, _, t in train}
    facts = [(V.WD + h, V.WDT + r, V.WD + t) for h, r, t in train]
    facts += [(V.WD + e, V.WDT + "P31", V.WD + t) for e in sorted(ents) for t in types.get(e, ())]
    index = C.KGIndex(facts)
    model = C.Completion(index, C.mine_completion_rules(index, **C.RULE_DEFAULTS))
    rng = random.Random(seed)
    pos = rng.sample(_read(folder / "valid.txt"), n)
    neg = rng.sample(_read(folder / "valid_negatives.txt"), n)
    items = [(t, 1) for t in pos] + [(t, 0) for t in neg]
    rng.shuffle(items)
    return model, items


@pytest.mark.shared_data
@pytest.mark.slow
def test_codex_s_accuracy_on_a_fixed_sample_is_above_the_floor():
    """Thresholds fitted on one half of a fixed valid sample, accuracy measured on the other half.

    Floor: measured 0.83 on this sample (the full-valid two-fold figure is in
    README); 0.80 leaves room for mining's sampling, and is far above the
    stated-or-entailed-only reasoner's 0.61.
    """
    model, items = codex_s_sample()
    scored = [
        (V.WDT + r, model.predict(V.WD + h, V.WDT + r, V.WD + t).score, gold)
        for (h, r, t), gold in items
    ]
    calibrate, held_out = scored[::2], scored[1::2]
    cal = fit(calibrate)
    correct = sum((sc >= cal.for_relation(p).threshold) == bool(g) for p, sc, g in held_out)
    accuracy = correct / len(held_out)
    assert accuracy >= 0.80, accuracy


def test_a_clash_both_ways_round_still_refutes(kg):
    # read backwards ("S starred in O" for "O cast member S", tests/test_chains.py) only when the
    # other direction fits: a human is no place of birth, and no human is born in a human
    reasoner = LocalReasoner(kg)
    p = V.WDT + "P19"
    assert not reasoner._reads_backwards(V.WD + "Q700100", p, V.WD + "Q720003")
    assert reasoner._reads_backwards(V.WD + "Q710000", p, V.WD + "Q720003")  # town <- human
    assert check(kg, "Q700100", "P19", "Q720003").verdict.label == R


def test_no_type_refutation_when_the_words_fit_several_properties(kg):
    from kgfc.models import Counters
    from kgfc.reason.triple_check import claim_triple, gather_triple_evidence

    triple = claim_triple(kg, "Q700100", "P19", "Q720003")  # born in Person 3: a clash
    evidence = gather_triple_evidence(kg, triple.subject_id, "P19", triple.object_id)
    reasoner = LocalReasoner(kg)
    one = reasoner.verdict("claim", [triple], evidence, Counters())
    assert one.label == R
    # the same words aligned to two properties ("played in": instrument or sport): the reading
    # is uncertain, so a clash with the first says nothing about the claim
    two = triple.model_copy(update={"relation_ids": [V.WDT + "P19", V.WDT + "P27"]})
    assert reasoner.verdict("claim", [two], evidence, Counters()).label == N


def _influenced_store(followers: int, tmp_path: Path) -> OxigraphStore:
    """``followers`` writers influenced by Handler, all screenwriters but one poet; Tess is
    influenced by Handler too and has no occupation stated."""
    wd, wdt = "http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/"
    lines = [f'<{wd}Q800000> <{V.RDFS_LABEL}> "Handler"@en .']
    lines.append(f'<{wd}Q800001> <{V.RDFS_LABEL}> "screenwriter"@en .')
    lines.append(f'<{wd}Q800002> <{V.RDFS_LABEL}> "poet"@en .')
    lines.append(f'<{wd}Q800003> <{V.RDFS_LABEL}> "Tess"@en .')
    lines.append(f"<{wd}Q800003> <{wdt}P737> <{wd}Q800000> .")
    for i in range(followers + 1):
        w = f"<{wd}Q81{i:04d}>"
        job = "Q800002" if i == followers else "Q800001"
        lines.append(f'{w} <{V.RDFS_LABEL}> "Writer {i}"@en .')
        lines.append(f"{w} <{wdt}P737> <{wd}Q800000> .")
        lines.append(f"{w} <{wdt}P106> <{wd}{job}> .")
    path = tmp_path / f"influenced-{followers}.nt"
    path.write_text("\n".join(lines) + "\n")
    store = OxigraphStore()
    store.load_file(path)
    return store


def test_a_rule_seen_on_few_subjects_does_not_pass_the_default_threshold(tmp_path):
    # 5 of 6 (PCA confidence 0.83, above the default 0.80): without a calibration, counted
    # with one more subject that might not bear it out it is 0.71 -- the M run's one false
    # SUPPORTED ("Edgar Allan Poe is a screenwriter", from a rule of support 5)
    r = check(_influenced_store(5, tmp_path), "Q800003", "P106", "Q800001")
    assert r.verdict.label == N, r.verdict.justification
    assert "holds for 5 subjects only" in r.verdict.justification
    # 40 of 41: 0.98, counted pessimistically 0.95: still above the bar
    r = check(_influenced_store(40, tmp_path), "Q800003", "P106", "Q800001")
    assert r.verdict.label == S, r.verdict.justification
    assert "default threshold" in r.verdict.justification
