"""The public Python API (`kgfc.verify`, `kgfc.FactChecker`) on the bundled demo KG.

One path for text claims, structured triples and batches; typed results
whose JSON is the `kgfc verify --json` contract; nothing written unless asked.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from fakes.openai_server import fake_openai, json_reply, status_reply

import kgfc
from kgfc.cli import cli
from kgfc.errors import InputError
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.llm.client import OpenAICompatLLM
from kgfc.models import STAGES, VerifyResult
from kgfc.pipeline.api import Claim, FactChecker
from kgfc.reason.llm_reasoner import LLMReasoner
from kgfc.settings import load_settings

ROOT = Path(__file__).resolve().parents[1]

RESULT_KEYS = {
    "id",
    "claim",
    "verdict",
    "confidence",
    "justification",
    "reasoner",
    "evidence",
    "topic_entities",
    "triples",
    "counters",
    "claim_iri",
    "error",
    "web_passages",
    "trajectory",
}
EVIDENCE_KEYS = {
    "id",
    "text",
    "subject",
    "predicate",
    "object",
    "object_is_literal",
    "subject_label",
    "predicate_label",
    "object_label",
    "source",
    "score",
    "hop",
    "cited",
}
COUNTER_KEYS = {
    "llm_calls",
    "llm_failures",
    "llm_seconds",
    "degraded_steps",
    "prompt_tokens",
    "completion_tokens",
    "sparql_queries",
    "search_calls",
    "pages_fetched",
    "seconds",
    "read_seconds",
    "link_seconds",
    "beam_seconds",
    "reason_seconds",
    "record_seconds",
}


@pytest.fixture(scope="module")
def demo_store(demo_local):
    return demo_local.tools.store  # the session's demo KG in memory, read only here


@pytest.fixture(scope="module")
def checker(demo_store):
    return FactChecker(demo_store, settings=load_settings(offline=True))


@pytest.fixture(scope="module")
def demo_path(tmp_path_factory, demo_kg_copy):
    return demo_kg_copy(tmp_path_factory.mktemp("api") / "store")


def claim_graphs(path: Path) -> int:
    with OxigraphStore(path, read_only=True) as store:
        return store.stats().claims


# -- names -----------------------------------------------------------------------------


def test_kgfc_verify_is_the_function_and_the_package_holds_the_internals():
    from kgfc.pipeline import api

    assert callable(kgfc.verify) and kgfc.verify is api.verify
    assert kgfc.FactChecker is api.FactChecker
    # importing more internals later does not rebind the name to the package
    from kgfc.pipeline import loop, policies  # noqa: F401

    assert callable(kgfc.verify) and not isinstance(kgfc.verify, type(sys))


def test_import_kgfc_stays_light():
    code = (
        "import sys, kgfc; kgfc.verify; kgfc.FactChecker; "
        "heavy = [m for m in ('spacy', 'onnxruntime', 'torch', 'tokenizers', 'networkx', 'openai') "
        "if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "[]"


def test_structured_triple_never_loads_spacy(demo_path):
    code = (
        "import sys, kgfc; "
        f"r = kgfc.verify(('Q9582', 'P19', 'Q43199'), store={str(demo_path)!r}, offline=True); "
        "print(r.verdict.value, 'spacy' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.split() == ["SUPPORTED", "False"]


# -- the three-line example, text, triple, batch --------------------------------------------


@pytest.mark.slow
def test_three_line_example_on_the_default_store(tmp_path, monkeypatch):
    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))
    result = kgfc.verify("Tony Blair was born in London.")
    assert isinstance(result, VerifyResult)
    assert result.verdict.value == "REFUTED" and result.reasoner == "local"
    assert [e.text for e in result.cited] == ["Tony Blair place of birth Edinburgh"]
    # the default store was created with the demo KG (documented); nothing else was written
    assert claim_graphs(tmp_path / "home" / "store") == 0
    assert not (tmp_path / "home" / "trajectories").exists()


def test_text_claim(checker):
    r = checker.verify("Gerald Ford was born in Omaha.")
    assert r.verdict.value == "SUPPORTED"
    assert r.id.startswith("c-") and r.claim_iri is None
    assert [s.action.value for s in r.trajectory.steps] == ["init_kg_retrieval", "verdict"]


def test_triple_claim_goes_through_the_same_loop(checker):
    r = checker.verify(("Q9582", "P19", "Q16555"), id="houston")
    assert r.id == "houston" and r.verdict.value == "REFUTED"
    assert r.triples[0].subject == "Gerald Ford" and r.triples[0].relation == "place of birth"
    assert r.trajectory.steps[0].observation.startswith("structured triple:")
    negated = checker.verify(Claim(triple=("Q9582", "P19", "Q16555"), negated=True))
    assert negated.verdict.value == "SUPPORTED"


def test_batch_keeps_order_and_reports_bad_items(checker):
    items = [
        "Gerald Ford was born in Omaha.",
        ("Q9582", "P19", "Q16555"),
        {"id": "blair", "claim": "Tony Blair was born in London."},
        Claim(id="empty", text="   "),
        {"id": "bad", "triple": ["Gerald", "P19", "Q1"]},
    ]
    out = list(checker.verify_many(items, errors="keep"))
    assert [r.verdict.value for r in out[:3]] == ["SUPPORTED", "REFUTED", "REFUTED"]
    assert out[2].id == "blair"
    assert [r.id for r in out[3:]] == ["empty", "bad"]
    assert all(r.error for r in out[3:]) and not any(r.error for r in out[:3])
    with pytest.raises(InputError):
        list(checker.verify_many(["Gerald Ford was born in Omaha.", ""]))


@pytest.mark.parametrize("bad", [42, ("Q1", "P19"), {"text": "a", "triple": ["Q1", "P1", "Q2"]}])
def test_bad_claims_are_input_errors(checker, bad):
    with pytest.raises(InputError):
        checker.verify(bad)


# -- recording ---------------------------------------------------------------------------------


def test_no_recording_unless_asked(demo_path, tmp_path):
    before = claim_graphs(demo_path)
    with FactChecker.from_settings(store=str(demo_path), offline=True) as c:
        r = c.verify("Tony Blair was born in London.")
        assert r.claim_iri is None
        r = c.verify("Tony Blair was born in London.", record=False)
    assert claim_graphs(demo_path) == before
    log = tmp_path / "log"
    with FactChecker.from_settings(
        store=str(demo_path), offline=True, record=True, trajectory_log=log
    ) as c:
        r = c.verify("Tony Blair was born in London.", id="rec")
        skipped = c.verify("Gerald Ford was born in Omaha.", record=False)
    assert r.claim_iri and skipped.claim_iri is None
    assert claim_graphs(demo_path) == before + 1
    lines = (log / "trajectories.jsonl").read_text().splitlines()
    assert [json.loads(x)["claim_id"] for x in lines] == ["rec", skipped.id]


# -- the JSON contract ------------------------------------------------------------------------------


def test_json_is_the_cli_contract(demo_path):
    claim = "Fyodor Dostoyevsky was born in Russia."
    args = ["verify", claim, "--id", "dost", "--json", "--no-record", "--store", str(demo_path)]
    runs = []
    for _ in range(
        2
    ):  # the second round runs with the store's query caches warm, like the first CLI run
        with FactChecker.from_settings(store=str(demo_path), offline=True) as checker:
            r = checker.verify(claim, id="dost")
        res = CliRunner().invoke(cli, args)
        assert res.exit_code == 0, res.output
        runs.append((r, json.loads(res.stdout)))
    r, cli_data = runs[-1]
    data = r.model_dump(mode="json")
    assert set(data) == RESULT_KEYS
    assert all(set(e) == EVIDENCE_KEYS for e in data["evidence"])
    assert set(data["counters"]) == COUNTER_KEYS
    assert "claim" not in data["trajectory"] and data["trajectory"]["claim_id"] == "dost"
    assert VerifyResult.model_validate_json(r.model_dump_json()).evidence == r.evidence
    timings = ["seconds", *(f"{stage}_seconds" for stage in STAGES)]
    for d in (data, cli_data):
        for counters in (d["counters"], d["trajectory"]["counters"]):
            for key in timings:
                counters.pop(key)
        for s in d["trajectory"]["steps"]:
            s.pop("seconds")
            for key in timings:
                s["counters"].pop(key)
    assert cli_data == data  # the CLI is a shell over the API


# -- counters and ids ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "claim",
    [
        "Fyodor Dostoyevsky was born in Russia.",
        "Tony Blair was born in London.",
        "Gerald Ford was born in Omaha.",
        ("Q9582", "P19", "Q16555"),
    ],
)
def test_cited_evidence_ids_are_consecutive(checker, claim):
    r = checker.verify(claim)
    ids = [e.id for e in r.evidence]
    assert ids == [f"E{i}" for i in range(1, len(ids) + 1)]
    assert r.cited and [e.id for e in r.cited] == ids[: len(r.cited)]


def test_human_output_lists_cited_evidence_without_gaps(demo_path):
    res = CliRunner().invoke(
        cli,
        [
            "verify",
            "Fyodor Dostoyevsky was born in Russia.",
            "--no-record",
            "--store",
            str(demo_path),
        ],
    )
    assert res.exit_code == 0, res.output
    listed = [x.split(":")[0].strip() for x in res.stdout.splitlines() if x.startswith("    E")]
    assert listed == ["E1", "E2"]


def test_single_conflicting_fact_reads_conflicts_with(checker):
    r = checker.verify("Tony Blair was born in London.")
    assert '"Tony Blair place of birth Edinburgh" (E1) conflicts with' in r.justification


# -- degrade hooks -----------------------------------------------------------------------------------


def test_failed_llm_prune_and_verdict_fall_back_to_local(demo_store, tmp_path):
    def respond(payload):
        name = payload.get("response_format", {}).get("json_schema", {}).get("name")
        if name == "decompose":
            return json_reply(
                {
                    "triples": [
                        {"subject": "Tony Blair", "relation": "place of birth", "object": "London"}
                    ]
                }
            )
        return status_reply(400, f"refused {name}")

    with fake_openai(responder=respond) as srv:
        llm = OpenAICompatLLM(srv.base_url, "fake-model", cache_dir=None, max_retries=0)
        c = FactChecker(
            demo_store,
            settings=load_settings(offline=True),
            reasoner=LLMReasoner(llm),
            llm=llm,
            policy="fixed",
        )
        r = c.verify("Tony Blair was born in London.")
    assert r.verdict.value == "REFUTED"
    assert r.reasoner.startswith("local (llm failed:")
    steps = r.trajectory.steps
    assert "LLM pruning failed" in steps[0].observation
    assert "LLM verdict failed" in steps[-1].observation


def test_a_request_carries_its_per_claim_options_and_must_fit_the_checker(checker):
    from kgfc.pipeline.request import ClaimRequest

    triple = ("Q9582", "P19", "Q16555")
    # max_steps and record set on the request apply to its claim
    r = checker.verify(ClaimRequest(triple=triple, max_steps=2, record=False))
    assert r.verdict.value == "REFUTED" and r.claim_iri is None
    assert len(r.trajectory.steps) <= 2
    # options a checker is built with cannot be asked of another: said, not ignored
    with pytest.raises(InputError, match="beam=7"):
        checker.verify(ClaimRequest(triple=triple, beam=7))
    with pytest.raises(InputError, match="web=True"):
        list(checker.verify_many([{"triple": list(triple), "web": True}]))
    out = list(checker.verify_many([{"triple": list(triple), "web": True}], errors="keep"))
    assert "web=True" in out[0].error
