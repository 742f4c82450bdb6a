"""``kgfc eval``: loaders, metrics, the resumable runner, ablation variants, budgets, outputs.

Loaders are checked twice: against the real files in ../shared/data (label
counts from each SOURCE.md; skipped on a user's clone) and against the small
hand-written files under tests/data/eval/ that mimic each format.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import DATA, shared_data
from fakes.homes import fresh_llm_home, home_with_store_caches

from kgfc.cli import cli
from kgfc.errors import InputError, KgfcError, UsageError
from kgfc.eval import metrics as M
from kgfc.eval.loaders import NEI, REFUTED, SUPPORTED, Example, load, sample
from kgfc.eval.runner import (
    MAX_FAILURES_IN_A_ROW,
    ResultsFile,
    RunSpec,
    read_results,
    run,
    summarise,
)

FIX = DATA / "eval"
ROOT = Path(__file__).resolve().parents[1]

# -- loaders on the real datasets (counts from each SOURCE.md) -------------------------

S, R, N = SUPPORTED, REFUTED, NEI
REAL = [
    # dataset, folder, binary counts, 3-way counts
    ("fever", "fever", {S: 3333, R: 3333}, {S: 3333, R: 3333, N: 3333}),
    ("hover", "hover", {S: 2000, R: 2000}, {S: 2000, R: 2000}),
    ("feverous", "feverous_programfc", {S: 1411, R: 1551}, {S: 1411, R: 1551}),
    # half-true (147) is partly true: merged into refuted; true 48 + mostly-true 99 supported
    ("liar-new", "liar_new", {S: 147, R: 1810}, {S: 147, R: 1810}),
    # conflicting/cherry-picking (38) merged into refuted; NEI (35) dropped in binary
    ("averitec", "averitec", {S: 122, R: 343}, {S: 122, R: 343, N: 35}),
    ("scifact", "scifact", {S: 124, R: 64}, {S: 124, R: 64, N: 112}),
    ("healthfc", "healthfc", {S: 202, R: 125}, {S: 202, R: 125, N: 423}),
    ("fire-bingcheck", "fire/bingcheck", {S: 100, R: 42}, {S: 100, R: 42}),
    ("fire-factcheckbench", "fire/factcheckbench", {S: 472, R: 159}, {S: 472, R: 159}),
    ("fire-factool-qa", "fire/factool_qa", {S: 177, R: 56}, {S: 177, R: 56}),
    ("fire-felm-wk", "fire/felm_wk", {S: 99, R: 85}, {S: 99, R: 85}),
    ("codex-s", "codex", {S: 1827, R: 1827}, {S: 1827, R: 1827}),
    ("codex-m", "codex", {S: 10310, R: 10310}, {S: 10310, R: 10310}),
]


@pytest.mark.parametrize("name,folder,binary,three", REAL, ids=[r[0] for r in REAL])
def test_loader_counts_on_shared_data(name, folder, binary, three):
    path = shared_data(*folder.split("/"))
    assert Counter(e.gold for e in load(name, path, protocol="binary")) == binary
    examples = load(name, path, protocol="3way")
    assert Counter(e.gold for e in examples) == three
    assert len({e.id for e in examples}) == len(examples)
    assert all((e.claim or "").strip() or e.triple for e in examples)


def test_shared_raw_labels_and_splits():
    fever = load("fever", shared_data("fever"), protocol="3way")
    assert Counter(e.raw_label for e in fever) == {
        "SUPPORTS": 3333,
        "REFUTES": 3333,
        "NOT ENOUGH INFO": 3333,
    }
    liar = Counter(e.raw_label for e in load("liar-new", shared_data("liar_new")))
    assert liar == {
        "false": 1067,
        "pants-fire": 359,
        "barely-true": 237,
        "half-true": 147,
        "mostly-true": 99,
        "true": 48,
    }
    train = load("scifact", shared_data("scifact"), split="train", protocol="3way")
    assert Counter(e.gold for e in train) == {S: 332, R: 173, N: 304}
    hover = load("hover", shared_data("hover"))
    assert Counter(e.meta["num_hops"] for e in hover) == {2: 1126, 3: 1835, 4: 1039}
    with pytest.raises(UsageError, match="without labels"):
        load("hover", shared_data("hover"), split="test")
    codex = load("codex-s", shared_data("codex"))
    assert codex[0].triple == ("Q928", "P530", "Q41") and codex[0].gold == S
    de = load("healthfc", shared_data("healthfc"), options={"lang": "de"})
    assert len(de) == 327 and not de[0].claim.startswith("\ufeff")


# -- loaders on the hand-written fixtures ------------------------------------------------


FIXTURES = [
    ("fever", "fever", {S: 1, R: 1}, {S: 1, R: 1, N: 1}),
    ("hover", "hover", {S: 1, R: 1}, {S: 1, R: 1}),
    ("feverous", "feverous", {S: 1, R: 2}, {S: 1, R: 2}),
    ("liar-new", "liar_new", {S: 2, R: 2}, {S: 2, R: 2}),
    ("averitec", "averitec", {S: 1, R: 2}, {S: 1, R: 2, N: 1}),
    ("scifact", "scifact", {S: 1, R: 1}, {S: 1, R: 1, N: 1}),
    ("healthfc", "healthfc", {S: 1, R: 1}, {S: 1, R: 1, N: 1}),
    ("fire-felm-wk", "fire/felm_wk", {S: 2, R: 1}, {S: 2, R: 1}),
    ("fire-bingcheck", "fire/bingcheck", {S: 1, R: 1}, {S: 1, R: 1}),
    ("codex-s", "codex", {S: 2, R: 2}, {S: 2, R: 2}),
    ("jsonl", "generic.jsonl", {S: 2, R: 3}, {S: 2, R: 3, N: 1}),
]


@pytest.mark.parametrize("name,folder,binary,three", FIXTURES, ids=[f[0] for f in FIXTURES])
def test_loader_fixtures(name, folder, binary, three):
    assert Counter(e.gold for e in load(name, FIX / folder)) == binary
    assert Counter(e.gold for e in load(name, FIX / folder, protocol="3way")) == three


def test_loader_details():
    healthfc = load("healthfc", FIX / "healthfc", protocol="3way")
    assert healthfc[0].claim == "Does garlic lower blood pressure?"  # BOM stripped
    assert load("healthfc", FIX / "healthfc", options={"lang": "de"})[0].claim.startswith("Senkt")
    liar = {e.raw_label: e.gold for e in load("liar-new", FIX / "liar_new")}
    assert liar == {"true": S, "half-true": R, "pants-fire": R, "mostly-true": S}
    averitec = {e.raw_label: e.gold for e in load("averitec", FIX / "averitec", protocol="3way")}
    assert averitec["Conflicting Evidence/Cherrypicking"] == R
    assert averitec["Not Enough Evidence"] == N
    generic = {e.id: e for e in load("jsonl", FIX / "generic.jsonl")}
    assert generic["ford-triple-no"].triple == ("Q9582", "P19", "Q16555")
    # a file given directly works as well as its folder
    assert len(load("fever", FIX / "fever" / "paper_dev.jsonl")) == 2
    verbal = load("codex-s", FIX / "codex", options={"verbalise": True})
    # Q11 has no label: only the triples with both entity labels are kept
    assert [e.claim for e in verbal] == [
        "Carol Example sibling Alice Example.",
        "Bob Example country of citizenship Freedonia.",
        "Bob Example sibling Alice Example.",
    ]


def test_loader_errors(tmp_path):
    with pytest.raises(UsageError, match="Did you mean 'fever'"):
        load("fevr", FIX / "fever")
    with pytest.raises(UsageError, match="without labels"):
        load("scifact", FIX / "scifact", split="test")
    with pytest.raises(UsageError, match="no split"):
        load("fever", FIX / "fever", split="train")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"claim": "x", "label": "maybe"}\n')
    with pytest.raises(InputError, match="label 'maybe'"):
        load("jsonl", bad)
    bad.write_text('{"claim": "x", "label": "true"}\n{oops\n')
    with pytest.raises(InputError, match="bad.jsonl:2: invalid JSON"):
        load("jsonl", bad)
    bad.write_text(
        '{"id": 1, "claim": "x", "label": "true"}\n{"id": 1, "claim": "y", "label": "false"}\n'
    )
    with pytest.raises(InputError, match="duplicate example id"):
        load("jsonl", bad)
    with pytest.raises(InputError, match="does not exist"):
        load("fever", tmp_path)


def test_sample_is_seeded_and_ordered():
    examples = load("fever", FIX / "fever", protocol="3way")
    a, b = sample(examples, 2, seed=1), sample(examples, 2, seed=1)
    assert a == b and len(a) == 2
    assert [examples.index(e) for e in a] == sorted(examples.index(e) for e in a)
    assert sample(examples, 10) == examples


# -- metrics against hand-computed values ------------------------------------------------


def test_scores_hand_computed():
    # gold S S S R R N ; pred S S R R N N
    pairs = [(S, S), (S, S), (S, R), (R, R), (R, N), (N, N)]
    s = M.scores(pairs, [S, R, N])
    # recall S 2/3, R 1/2, N 1/1 -> balanced accuracy (2/3 + 1/2 + 1) / 3 = 0.7222
    assert s["balanced_accuracy"] == 0.7222
    # precision S 2/2, R 1/2, N 1/2; F1 S 0.8, R 0.5, N 0.6667 -> macro 0.6556
    assert s["per_class"][S] == {
        "precision": 1.0,
        "recall": 0.6667,
        "f1": 0.8,
        "support": 3,
        "predicted": 2,
    }
    assert s["per_class"][R]["f1"] == 0.5 and s["per_class"][N]["f1"] == 0.6667
    assert s["macro_f1"] == 0.6556
    assert s["accuracy"] == 0.6667
    assert s["confusion"] == {S: {S: 2, R: 1, N: 0}, R: {S: 0, R: 1, N: 1}, N: {S: 0, R: 0, N: 1}}


def test_binary_scores_and_degenerate_cases():
    # an all-"not supported" system on a balanced set: balanced accuracy 0.5
    pairs = [(S, R), (S, R), (R, R), (R, R)]
    s = M.scores(pairs, [S, R])
    assert s["balanced_accuracy"] == 0.5 and s["macro_f1"] == pytest.approx(
        (0 + 0.6667) / 2, abs=1e-4
    )
    assert M.scores([], [S, R])["balanced_accuracy"] == 0.0


def test_taxonomy_cost_memory():
    rows = [
        {"verdict": S, "linked": 0, "cited": 0},  # EM: nothing linked
        {"verdict": S, "linked": 2, "unlinked_subject": True, "cited": 1},  # EM: subject unlinked
        {"verdict": N, "linked": 1, "cited": 0},  # IK
        {"verdict": R, "linked": 1, "cited": 0},  # IK: a definite verdict citing nothing
        {"verdict": R, "linked": 1, "cited": 2, "trajectory": {"over_confidence": True}},  # OC
        {"verdict": S, "linked": 1, "cited": 1},  # OC
    ]
    t = M.taxonomy(rows)
    assert t["counts"] == {"EM": 2, "IK": 2, "OC": 2} and t["oc_initial_kg"] == 1
    assert t["shares"]["EM"] == 0.3333
    costs = [
        {
            "counters": {
                "llm_calls": 3,
                "prompt_tokens": 1000,
                "completion_tokens": 100,
                "seconds": 1.0,
            }
        },
        {
            "counters": {
                "llm_calls": 1,
                "prompt_tokens": 500,
                "completion_tokens": 300,
                "seconds": 0.5,
            }
        },
    ]
    c = M.cost(costs, price=(2.0, 10.0))
    assert c["total"]["llm_calls"] == 4 and c["per_claim"]["llm_calls"] == 2.0
    assert c["tokens"] == 1900
    # 1500 * 2 / 1M + 400 * 10 / 1M = 0.003 + 0.004
    assert c["dollars"] == 0.007 and c["dollars_per_claim"] == 0.0035
    mem = M.memory(
        [{"trajectory": {"memory_hits": 2, "searches_avoided": 1}, "counters": {"search_calls": 0}}]
    )
    assert mem == {"memory_hits": 2, "searches_saved": 1, "searches_sent": 0}
    assert M.report_quality([{"ehr": 0.5, "eqs": 0.25}, {"ehr": 0.0, "eqs": 0.75}]) == {
        "ehr": 0.25,
        "eqs": 0.5,
        "reports": 2,
    }


def test_results_file_drops_a_cut_line(tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_text('{"id": "a", "verdict": "SUPPORTED"}\n{"id": "b", "verd')
    rows = read_results(path)
    assert list(rows) == ["a"]
    assert path.read_text() == '{"id": "a", "verdict": "SUPPORTED"}\n'  # ready for appending
    rf = ResultsFile(path)
    rf.append({"id": "b", "verdict": "REFUTED", "retry": True})
    assert rf.done("a") and not rf.done("b")  # runtime failures are retried
    assert list(read_results(path)) == ["a", "b"]


def _one_by_one(verify):
    """A runner's ``check`` from a function of one example (its KgfcError passed on)."""

    def check(examples):
        for ex in examples:
            try:
                yield ex, verify(ex)
            except KgfcError as exc:
                yield ex, exc

    return check


def test_runtime_failures_are_retried_and_stop_a_failing_run(tmp_path):
    from kgfc.errors import RemoteError

    base = load("fever", FIX / "fever", protocol="3way")
    examples = [
        Example(f"{e.id}-{i}", e.gold, e.raw_label, claim=e.claim) for i in range(3) for e in base
    ]
    spec = RunSpec("fever", "dev", "3way", "kg-only", "llm", 4, 4)
    results = ResultsFile(tmp_path / "results.jsonl")
    calls = []

    def down(ex):
        calls.append(ex.id)
        raise RemoteError("the LLM server is down")

    out = run(examples, _one_by_one(down), results)
    assert (
        len(calls) == MAX_FAILURES_IN_A_ROW and out.failed_out and "in a row failed" in out.stopped
    )
    s = summarise(spec, examples, results.rows)
    assert s["n"] == 0 and s["failed"] == MAX_FAILURES_IN_A_ROW and not s["complete"]

    def up(ex):
        return {
            "id": ex.id,
            "verdict": ex.gold,
            "evidence": [{"cited": True}],
            "topic_entities": [{}],
        }

    # the next run retries them
    out = run(examples, _one_by_one(up), ResultsFile(tmp_path / "results.jsonl"))
    assert out.ran == len(examples) and not out.stopped
    s = summarise(spec, examples, read_results(tmp_path / "results.jsonl"))
    assert s["complete"] and s["failed"] == 0 and s["accuracy"] == 1.0


# -- the command, end to end ----------------------------------------------------------------


@pytest.fixture(scope="module")
def demo_path(tmp_path_factory, demo_kg_copy):
    return demo_kg_copy(tmp_path_factory.mktemp("evaldemo") / "store")


def run_eval(*args, store=None, expect=0):
    argv = ["eval", *map(str, args)] + (["--store", str(store)] if store else [])
    res = CliRunner().invoke(cli, argv)
    assert res.exit_code == expect, res.output
    return res


def results_of(out: Path, dataset_key: str, run: str) -> dict[str, dict]:
    return read_results(out / dataset_key / run / "results.jsonl")


def test_local_eval_on_the_demo_kg(demo_path, tmp_path):
    out = tmp_path / "out"
    res = run_eval(
        "jsonl",
        "--path",
        FIX / "generic.jsonl",
        "--protocol",
        "3way",
        "--output",
        out,
        "--json",
        store=demo_path,
    )
    s = json.loads(res.stdout)
    assert {
        "balanced_accuracy",
        "macro_f1",
        "per_class",
        "confusion",
        "n",
        "cost",
        "variant",
        "dataset",
    } <= set(s)
    assert s["n"] == 6 and s["complete"] and s["variant"] == "kg-only" and s["dataset"] == "jsonl"
    rows = results_of(out, "jsonl-file", "kg-only.local.b4h4")
    got = {k: r["verdict"] for k, r in rows.items()}
    assert got == {
        "blair-yes": S,
        "blair-no": R,
        "ford-yes": S,
        "ford-triple-no": R,
        "nobody": N,
        "empty": N,  # bad input: recorded with its error, scored as NOT ENOUGH INFO
    }
    assert "empty" in rows["empty"]["error"] and not rows["empty"]["retry"]
    assert s["errors"] == 1
    # gold S R S R N R -> 5 of 6 right; the one wrong is "empty" (gold R, NEI): nothing linked
    assert s["confusion"][R] == {S: 0, R: 2, N: 1}
    assert s["accuracy"] == 0.8333
    assert s["balanced_accuracy"] == round((1 + 2 / 3 + 1) / 3, 4)
    assert s["error_taxonomy"]["counts"] == {"EM": 1, "IK": 0, "OC": 0}
    assert s["cost"]["per_claim"]["llm_calls"] == 0 and s["cost"]["total"]["sparql_queries"] > 0
    assert rows["blair-yes"]["cited"] >= 1 and rows["blair-yes"]["linked"] >= 1
    # eval runs leave no claims in the store unless --record
    stats = json.loads(
        CliRunner().invoke(cli, ["kg", "stats", "--json", "--store", str(demo_path)]).stdout
    )
    assert stats["claims"] == 0
    # the Markdown table on stdout and in OUTPUT/summary.md
    table = run_eval(
        "jsonl", "--path", FIX / "generic.jsonl", "--output", out, store=demo_path
    ).stdout
    assert table.startswith("| dataset |") and "| jsonl file | binary | kg-only | local |" in table
    assert "| 3way |" in (out / "summary.md").read_text()


def test_agent_variant_and_trajectory_flags(demo_path, tmp_path):
    out = tmp_path / "out"
    res = run_eval(
        "fever",
        "--path",
        FIX / "fever",
        "--variant",
        "kg+agent",
        "--output",
        out,
        "--json",
        store=demo_path,
    )
    s = json.loads(res.stdout)
    assert s["variant"] == "kg+agent" and s["n"] == 2
    rows = results_of(out, "fever-dev", "kg_agent.local.b4h4")
    assert rows["1"]["verdict"] == S and rows["2"]["verdict"] == R
    traj = rows["1"]["trajectory"]
    assert traj["policy"] == "rules" and traj["actions"][0] == "init_kg_retrieval"
    assert traj["actions"][-1] == "verdict"
    logged = [
        json.loads(x)
        for x in (out / "fever-dev" / "kg_agent.local.b4h4" / "trajectories.jsonl")
        .read_text()
        .splitlines()
    ]
    assert {t["claim_id"] for t in logged} == {"1", "2"}


def test_codex_structured_with_train_kg_and_beam_sweep(tmp_path):
    out = tmp_path / "out"
    res = run_eval("codex-s", "--path", FIX / "codex", "--kg", "train", "--output", out, "--json")
    s = json.loads(res.stdout)
    rows = results_of(out, "codex-s-valid", "kg-only.local.b4h4")
    # symmetric sibling inferred; a second place of birth conflicts with the single-valued P19
    assert rows["pos-0"]["verdict"] == S and rows["neg-0"]["verdict"] == R
    assert rows["pos-1"]["verdict"] == N and rows["neg-1"]["verdict"] == N
    assert s["balanced_accuracy"] == 0.75 and s["confusion"] == {S: {S: 1, R: 1}, R: {S: 0, R: 2}}
    assert s["verdicts"][S] == {S: 1, R: 0, N: 1}  # the raw 3-way verdicts stay visible
    assert s["error_taxonomy"]["counts"] == {"EM": 0, "IK": 1, "OC": 0}
    # per relation: P3373 (sibling) pos right, neg NEI read as not-true right -> 1.0
    assert s["by"]["relation"] == {
        "P19": {"n": 1, "balanced_accuracy": 1.0},
        "P27": {"n": 1, "balanced_accuracy": 0.0},
        "P3373": {"n": 2, "balanced_accuracy": 1.0},
    }
    threaded = run_eval(
        "codex-s",
        "--path",
        FIX / "codex",
        "--kg",
        "train",
        "--output",
        tmp_path / "c2",
        "--concurrency",
        "3",
        "--json",
    )
    # same verdicts and scores from 3 threads (per-claim query counts are not compared:
    # the store's shared counter sees concurrent claims' queries)
    t = json.loads(threaded.stdout)
    assert {k: t[k] for k in SCORES if k != "cost"} == {k: s[k] for k in SCORES if k != "cost"}
    sweep = json.loads(
        run_eval(
            "codex-s",
            "--path",
            FIX / "codex",
            "--kg",
            "train",
            "--output",
            out,
            "--json",
            "--beam",
            "3,4",
            "--hops",
            "1,2",
        ).stdout
    )
    assert [(x["beam"], x["hops"]) for x in sweep] == [(3, 1), (3, 2), (4, 1), (4, 2)]
    assert all(x["n"] == 4 for x in sweep)
    assert len(list(out.glob("codex-s-valid/*/summary-binary.json"))) == 5


def test_usage_errors(tmp_path):
    run_eval("nope", "--path", FIX / "fever", expect=2)
    run_eval("fever", "--path", FIX / "fever", "--variant", "kg-agent", expect=2)
    run_eval("fever", "--path", FIX / "fever", "--beam", "3,x", expect=2)
    res = run_eval("fever", "--path", FIX / "fever", "--max-cost", "1", expect=2)
    assert "--price" in res.output
    res = run_eval("fever", "--path", FIX / "fever", "--kg", "train", expect=2)
    assert "CoDEx" in res.output
    res = run_eval(
        "fever", "--path", FIX / "fever", "--variant", "full", "--output", tmp_path, expect=2
    )
    assert "search provider" in res.output


def test_estimate_runs_a_sample_that_the_run_reuses(demo_path, tmp_path):
    out = tmp_path / "out"
    res = run_eval(
        "jsonl",
        "--path",
        FIX / "generic.jsonl",
        "--estimate",
        "--estimate-sample",
        "2",
        "--output",
        out,
        "--json",
        store=demo_path,
    )
    e = json.loads(res.stdout)
    assert e["sampled"] == 2 and e["remaining"] == 3  # 5 examples under binary
    assert e["expected_for_remaining"]["llm_calls"] == 0
    assert e["config_bound_per_claim"]["llm_calls_max"] == 0
    assert len(results_of(out, "jsonl-file", "kg-only.local.b4h4")) == 2


def test_plots(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "out"
    run_eval(
        "codex-s",
        "--path",
        FIX / "codex",
        "--kg",
        "train",
        "--output",
        out,
        "--beam",
        "3,4",
        "--hops",
        "1,2",
        "--plots",
    )
    names = {p.name for p in (out / "plots").glob("*.png")}
    assert "accuracy-vs-cost.png" in names
    assert "beam-codex-s-valid-kg-only-local.png" in names
    assert sum(n.startswith("confusion-") for n in names) == 4
    assert all((out / "plots" / n).read_bytes()[:4] == b"\x89PNG" for n in names)


# -- web variants on a local corpus ---------------------------------------------------------

BIRTH = (
    "Barack Obama was born in Honolulu, Hawaii, on August 4, 1961. "
    "Barack Obama spent part of his childhood in Jakarta, Indonesia."
)


@pytest.mark.slow
def test_web_variants_and_report_scores(tmp_path, demo_kg_copy):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "obama.txt").write_text(BIRTH)
    (corpus / "harbour.txt").write_text("The city hosts a large harbour. Tourism is big.")
    data = tmp_path / "claims.jsonl"
    data.write_text(
        json.dumps(
            {"id": "obama", "claim": "Barack Obama was born in Honolulu.", "label": "SUPPORTED"}
        )
        + "\n"
    )
    store = demo_kg_copy(tmp_path / "store")
    out = tmp_path / "out"
    res = run_eval(
        "jsonl",
        "--path",
        data,
        "--variant",
        "kg-only,web-only,kg+web,full",
        "--search",
        f"local:{corpus}",
        "--report",
        "--output",
        out,
        "--json",
        "--protocol",
        "3way",
        store=store,
    )
    by = {s["variant"]: s for s in json.loads(res.stdout)}
    # the demo KG lacks Obama's birthplace (CoDEx is a sample): only the web settles it
    assert by["kg-only"]["verdicts"][S] == {S: 0, R: 0, N: 1}
    for v in ("web-only", "kg+web", "full"):
        assert by[v]["verdicts"][S][S] == 1, v
        assert by[v]["report"]["reports"] == 1 and by[v]["report"]["ehr"] == 0.0
    # What a web variant finds goes into the store (the web-enhanced KG), so later variants
    # on the same store start from it: kg+web recalls the passage from the evidence memory
    # instead of searching, and full finds the fact in the KG without needing the web.
    assert by["web-only"]["cost"]["total"]["search_calls"] == 1
    assert by["kg+web"]["cost"]["total"]["search_calls"] == 0
    assert by["kg+web"]["memory"]["searches_saved"] == 1
    assert by["full"]["cost"]["total"]["search_calls"] == 0
    web_only = results_of(out, "jsonl-file", "web-only.local.b4h4")["obama"]["trajectory"]
    assert web_only["actions"] == ["web_search", "verdict"]
    kg_web = results_of(out, "jsonl-file", "kg_web.local.b4h4")["obama"]["trajectory"]
    assert kg_web["actions"][0] == "init_kg_retrieval" and kg_web["actions"][-2:] == [
        "web_search",
        "verdict",
    ]


# -- the LLM path, budgets and resuming --------------------------------------------------------


@pytest.fixture
def fake_llm(monkeypatch):
    from fakes.openai_server import fake_openai
    from test_verify import oracle

    with fake_openai(responder=oracle) as srv:
        monkeypatch.setenv("KGFC_LLM_BASE_URL", srv.base_url)
        monkeypatch.setenv("KGFC_LLM_MODEL", "fake-model")
        monkeypatch.setenv("KGFC_RETRIES", "0")
        yield srv


def _blair(tmp_path) -> Path:
    data = tmp_path / "blair.jsonl"
    claims = [
        ("e", "Tony Blair was born in Edinburgh.", "SUPPORTED"),
        ("l", "Tony Blair was born in London.", "REFUTED"),
        ("f", "Gerald Ford was born in Omaha.", "SUPPORTED"),
        ("g", "Gerald Ford was born in Paris.", "REFUTED"),
    ]
    data.write_text(
        "".join(json.dumps({"id": i, "claim": c, "label": lab}) + "\n" for i, c, lab in claims)
    )
    return data


def timeless(summary: dict) -> dict:
    """The scores and counts of a summary without wall-clock fields (they differ run to run),
    nor SPARQL query counts (a claim's entity types asked by an earlier claim of the same
    process are not asked again, so a run split over two processes asks a few more)."""
    out = {k: summary[k] for k in SCORES if k != "cost"}
    cost = json.loads(json.dumps(summary["cost"]))
    for part in ("total", "per_claim"):
        cost[part].pop("seconds"), cost[part].pop("sparql_queries")
    return out | {"cost": cost}


SCORES = (
    "n",
    "balanced_accuracy",
    "macro_f1",
    "accuracy",
    "per_class",
    "confusion",
    "verdicts",
    "cost",
    "error_taxonomy",
)


@pytest.mark.slow
def test_llm_eval_is_cached_and_resumable(fake_llm, demo_path, tmp_path, monkeypatch):
    home_with_store_caches(monkeypatch, tmp_path / "home", demo_path)  # a fresh LLM cache
    data, out = _blair(tmp_path), tmp_path / "out"
    args = (
        "jsonl",
        "--path",
        data,
        "--reasoner",
        "llm",
        "--output",
        out,
        "--json",
        "--price",
        "1,2",
    )
    full = json.loads(run_eval(*args, store=demo_path).stdout)
    assert full["complete"] and full["reasoner"] == "llm" and full["balanced_accuracy"] == 1.0
    calls = len(fake_llm.bodies)
    assert full["cost"]["total"]["llm_calls"] == calls > 0
    assert full["cost"]["dollars"] > 0
    again = json.loads(run_eval(*args, store=demo_path).stdout)
    assert len(fake_llm.bodies) == calls  # done claims are skipped: nothing is asked again
    assert {k: again[k] for k in SCORES} == {k: full[k] for k in SCORES}
    # a fresh run folder re-verifies every claim, but the LLM answers come from the cache
    fresh_args = ("jsonl", "--path", data, "--reasoner", "llm", "--output", tmp_path / "fresh")
    fresh = json.loads(run_eval(*fresh_args, "--json", store=demo_path).stdout)
    assert len(fake_llm.bodies) == calls and fresh["cost"]["total"]["llm_calls"] == 0
    assert fresh["confusion"] == full["confusion"]

    # --max-cost stops cleanly after the claim that spent it; a re-run resumes from there
    out2 = tmp_path / "out2"
    cheap = (
        "jsonl",
        "--path",
        data,
        "--reasoner",
        "llm",
        "--output",
        out2,
        "--json",
        "--price",
        "1,2",
    )
    fresh_llm_home(monkeypatch, tmp_path / "home", tmp_path / "home2")
    start = len(fake_llm.bodies)
    stopped = json.loads(run_eval(*cheap, "--max-cost", "0.0000001", store=demo_path).stdout)
    assert stopped["n"] == 1 and not stopped["complete"]
    middle = len(fake_llm.bodies)
    resumed = json.loads(run_eval(*cheap, store=demo_path).stdout)
    assert resumed["complete"]
    assert len(fake_llm.bodies) - start == calls  # each claim asked once over the two runs
    assert timeless(resumed) == timeless(full)
    assert middle - start < calls
    # --max-tokens likewise (a fresh cache, so the first claim spends tokens)
    fresh_llm_home(monkeypatch, tmp_path / "home", tmp_path / "home3")
    by_tokens = json.loads(
        run_eval(
            *cheap[:-2], "--output", tmp_path / "out3", "--max-tokens", "1", store=demo_path
        ).stdout
    )
    assert by_tokens["n"] == 1 and not by_tokens["complete"]


@pytest.mark.slow
def test_resume_after_kill_gives_identical_metrics(demo_path, tmp_path):
    # Enough structured claims that the run is still going when it is killed.
    triples = [("Q9582", "P19", "Q16555", "false"), ("Q9582", "P19", "Q43196", "true")]
    data = tmp_path / "many.jsonl"
    data.write_text(
        "".join(
            json.dumps(
                {"id": f"c{i}", "triple": list(triples[i % 2][:3]), "label": triples[i % 2][3]}
            )
            + "\n"
            for i in range(600)
        )
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "KGFC_HOME": str(tmp_path / "home")}

    def cmd(out):
        return [
            sys.executable,
            "-c",
            "from kgfc.cli import main; main()",
            "eval",
            "jsonl",
            "--path",
            str(data),
            "--store",
            str(demo_path),
            "--read-only",
            "--output",
            str(out),
            "--json",
        ]

    out = tmp_path / "killed"
    results = out / "jsonl-file" / "kg-only.local.b4h4" / "results.jsonl"
    proc = subprocess.Popen(cmd(out), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline and proc.poll() is None:
            if results.exists() and results.read_bytes().count(b"\n") >= 5:
                break
            time.sleep(0.02)
        assert proc.poll() is None, "the run ended before it could be killed"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    partial = len(read_results(results))
    assert 5 <= partial < 600
    resumed = subprocess.run(cmd(out), env=env, capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    straight = subprocess.run(
        cmd(tmp_path / "straight"), env=env, capture_output=True, text=True, timeout=600
    )
    a, b = json.loads(resumed.stdout), json.loads(straight.stdout)
    keys = (
        "n",
        "balanced_accuracy",
        "macro_f1",
        "accuracy",
        "per_class",
        "confusion",
        "verdicts",
        "error_taxonomy",
    )
    assert a["complete"] and {k: a[k] for k in keys} == {k: b[k] for k in keys}
    assert a["n"] == 600 and len(read_results(results)) == 600
