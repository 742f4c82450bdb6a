"""``kgfc optimize``'s loop with the scripted fake LLM and a scripted agent (no network, no KG)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from fakes.openai_server import fake_openai, json_reply

from kgfc.improve.experience import ExperienceBuffer
from kgfc.improve.optimize import Episode, Optimizer, estimate, read_claims
from kgfc.llm.client import OpenAICompatLLM
from kgfc.llm.promptset import active_prompts, load_prompt_set, read_prompt_set

TRAIN = [(f"Claim {i} is true.", "REFUTED") for i in range(4)]
VAL = [("Val claim A.", "REFUTED"), ("Val claim B.", "REFUTED")]
CRITIQUE = {
    "outcome": "incorrect",
    "error_type": "premature_verdict",
    "blamed_step": 2,
    "suggestion": "Check that the evidence names the claimed value before deciding.",
}
GOOD = "Decide from the evidence only. Be CAREFUL: a different value refutes the claim."


def agent(calls: list[str]):
    """A scripted agent: right only when the active verdict prompt says CAREFUL."""

    def run(claim: str, gold: str) -> Episode:
        calls.append(claim)
        careful = "CAREFUL" in active_prompts().text("verdict")
        steps = [
            SimpleNamespace(index=1, action="init_kg_retrieval", arguments={}, observation="hop 1"),
            SimpleNamespace(index=2, action="verdict", arguments={}, observation="decided"),
        ]
        return Episode(
            claim=claim, gold=gold, verdict=gold if careful else "SUPPORTED", cited=["E1"],
            evidence=["E1 x place of birth y (demo)"], steps=steps,
        )  # fmt: skip

    return run


def responder(proposals: list[dict]):
    def respond(body):
        user = body["messages"][-1]["content"]
        if "Critique the episode" in user:
            return json_reply(CRITIQUE)
        return json_reply(proposals.pop(0) if proposals else {"text": GOOD, "rationale": "r"})

    return respond


def make(srv, tmp_path, calls, **kw):
    llm = OpenAICompatLLM(srv.base_url, "fake-model", max_retries=0)
    kw.setdefault("epochs", 1)
    return Optimizer(
        run_episode=agent(calls), policy_llm=llm, optimizer_llm=llm, train=TRAIN, val=VAL,
        out_dir=tmp_path / "out", buffer=ExperienceBuffer.at_home(tmp_path), batch=2, **kw,
    )  # fmt: skip


def test_an_epoch_proposes_evaluates_and_keeps_a_better_prompt(tmp_path):
    calls: list[str] = []
    with fake_openai(responder=responder([])) as srv:
        state = make(srv, tmp_path, calls).run(load_prompt_set())
        optimize_bodies = [
            b for b in srv.bodies if "Rewrite the instruction" in b["messages"][-1]["content"]
        ]
    assert state.best_score == 1.0 and state.history[0].accepted
    assert state.best.label == "default@2" and state.best.prompts["verdict"].text == GOOD
    assert state.best.prompts["verdict"].version == 2
    # the gradient the optimiser saw: the error type and the suggestion
    gradient = optimize_bodies[0]["messages"][-1]["content"]
    assert "premature_verdict" in gradient and "names the claimed value" in gradient
    out = tmp_path / "out"
    assert read_prompt_set(out / "prompts.toml").prompts["verdict"].text == GOOD
    lineage = (out / "LINEAGE.md").read_text()
    assert "| 1 | verdict | 1.000 | yes |" in lineage and (
        out / "scores.svg"
    ).read_text().startswith("<svg")
    # baseline on val (2) + batch (2) + candidate on val (2)
    assert len(calls) == 6
    with ExperienceBuffer.at_home(tmp_path) as buf:
        stats = buf.stats()
    assert stats["episodes"] == 6 and stats["error_types"]["premature_verdict"] == 2


def test_a_worse_or_equal_candidate_is_not_kept(tmp_path):
    calls: list[str] = []
    with fake_openai(
        responder=responder([{"text": "Decide quickly.", "rationale": "shorter"}])
    ) as srv:
        state = make(srv, tmp_path, calls).run(load_prompt_set())
    assert not state.history[0].accepted and state.best.label == "default@1"
    assert state.history[0].rejected_reason == "validation 0.300 ≤ best 0.300"


def test_a_proposal_that_breaks_placeholders_is_never_emitted(tmp_path, monkeypatch):
    import kgfc.improve.optimize as opt

    # make the rank prompt the target: its {k} placeholder must survive
    monkeypatch.setitem(opt.TASK_FOR_ERROR, "premature_verdict", "rank")
    bad = [{"text": "Pick the best facts.", "rationale": "dropped k"},
           {"text": "Pick {n} facts for {claim}.", "rationale": "renamed"}]  # fmt: skip
    calls: list[str] = []
    with fake_openai(responder=responder(bad)) as srv:
        state = make(srv, tmp_path, calls).run(load_prompt_set())
    record = state.history[0]
    assert record.proposed is None and "refused" in record.rejected_reason
    assert "unknown placeholder" in record.rejected_reason
    written = read_prompt_set(tmp_path / "out" / "prompts.toml")  # still a valid set
    assert "{k}" in written.prompts["rank"].text and written.label == "default@1"


def test_a_killed_run_resumes_where_it_stopped(tmp_path):
    calls: list[str] = []
    with fake_openai(responder=responder([{"text": "Decide.", "rationale": "x"}] * 3)) as srv:
        make(srv, tmp_path, calls, epochs=1).run(load_prompt_set())
        first = len(calls)
        state = make(srv, tmp_path, calls, epochs=2).run(load_prompt_set())
    assert [r.epoch for r in state.history] == [1, 2]
    assert len(calls) - first == 4  # no second baseline: batch (2) + candidate (2)
    saved = json.loads((tmp_path / "out" / "state.json").read_text())
    assert saved["epoch"] == 2


def test_patience_stops_early(tmp_path):
    calls: list[str] = []
    with fake_openai(
        responder=responder([{"text": f"Decide {i}.", "rationale": "x"} for i in range(9)])
    ) as srv:
        state = make(srv, tmp_path, calls, epochs=9, patience=2).run(load_prompt_set())
    assert state.done and state.epoch == 2


def test_estimate_and_claim_files(tmp_path):
    est = estimate(40, 10, epochs=20, batch=8)
    assert est["per_epoch"]["llm_calls"] == round(18 * 4.0 + 8 + 1)
    assert est["total_max"]["llm_calls"] == 40 + 20 * est["per_epoch"]["llm_calls"]
    f = tmp_path / "train.jsonl"
    f.write_text('{"claim": "A was born in B.", "label": "refuted"}\n\n')
    assert read_claims(f) == [("A was born in B.", "REFUTED")]
    f.write_text('{"claim": "A", "label": "MAYBE"}\n')
    from kgfc.errors import InputError

    with pytest.raises(InputError, match="label must be one of"):
        read_claims(f)
