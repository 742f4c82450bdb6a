"""Reflection, composite reward and the experience buffer (issue 15), with the scripted fake LLM."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from fakes.openai_server import fake_openai, json_reply

from kgfc.cli import cli
from kgfc.improve.experience import ExperienceBuffer
from kgfc.improve.reflect import Critique, reflect
from kgfc.improve.reward import RewardWeights, composite_reward
from kgfc.llm.client import OpenAICompatLLM
from kgfc.models import Counters

CLAIM = "Tony Blair was born in London."


def step(i, action, observation, **args):
    return SimpleNamespace(index=i, action=action, arguments=args, observation=observation)


STEPS = [
    step(1, "init_kg_retrieval", "hop 1: 8 fact(s) kept"),
    step(2, "expand_kg", "hop 2: 0 fact(s) kept"),
    step(3, "verdict", "SUPPORTED (0.70)"),
]


def test_a_critique_is_requested_parsed_and_stored(tmp_path):
    reply = {"outcome": "wrong", "error_type": "premature verdict", "blamed_step": "step 3",
             "suggestion": "Compare the birthplace in the evidence with the claimed one."}  # fmt: skip
    with fake_openai(json_reply(reply)) as srv:
        llm = OpenAICompatLLM(srv.base_url, "fake-model")
        counters = Counters()
        critique = reflect(
            llm, claim=CLAIM, gold="REFUTED", verdict="SUPPORTED", steps=STEPS,
            evidence=["E1 Tony Blair place of birth Edinburgh (demo)"], counters=counters,
        )  # fmt: skip
        body = srv.bodies[0]
    assert critique == Critique(
        outcome="incorrect",
        error_type="premature_verdict",
        blamed_step=3,
        suggestion="Compare the birthplace in the evidence with the claimed one.",
    )
    user = body["messages"][-1]["content"]
    assert "2. expand_kg -> hop 2: 0 fact(s) kept" in user and "The correct label: REFUTED" in user
    assert counters.llm_calls == 1 and body["max_tokens"] <= 120

    reward = composite_reward(
        verdict="SUPPORTED", gold="REFUTED", cited=["E1"], rejected_citations=1, steps=STEPS,
        llm_calls=3, judge=lambda cited: "REFUTED",
    )  # fmt: skip
    with ExperienceBuffer.at_home(tmp_path) as buf:
        eid, new = buf.add(
            claim=CLAIM, gold="REFUTED", verdict="SUPPORTED", prompt_set="default@1",
            steps=STEPS, reward=reward, critique=critique,
        )  # fmt: skip
        again, new_again = buf.add(
            claim=CLAIM, gold="REFUTED", verdict="SUPPORTED", prompt_set="default@1",
            steps=STEPS, reward=reward, critique=critique,
        )  # fmt: skip
        assert new and not new_again and again == eid  # de-duplicated
        ep = buf.show(eid)
        assert ep["critique"]["error_type"] == "premature_verdict"
        assert [s["action"] for s in ep["steps"]] == ["init_kg_retrieval", "expand_kg", "verdict"]
        assert ep["steps"][2]["reward"] == 0.0  # the blamed step
        assert ep["steps"][1]["state"] == "init_kg_retrieval -> hop 1: 8 fact(s) kept"
        assert buf.critiques()[0].blamed_step == 3
        stats = buf.stats()
        assert stats["episodes"] == 1 and stats["accuracy"] == 0.0
        assert stats["error_types"] == {"premature_verdict": 1}


def test_the_composite_reward_parts():
    right = composite_reward(
        verdict="REFUTED", gold="REFUTED", cited=["E1"], rejected_citations=0,
        steps=STEPS[:1] + STEPS[2:], llm_calls=2, judge=lambda cited: "REFUTED",
    )  # fmt: skip
    assert (right.correctness, right.sufficiency, right.citation, right.efficiency) == (1, 1, 1, 1)
    assert right.total == 1.0
    wrong = composite_reward(
        verdict="SUPPORTED", gold="REFUTED", cited=["E1"], rejected_citations=1, steps=STEPS,
        llm_calls=3, llm_failures=1, judge=lambda cited: "REFUTED",
    )  # fmt: skip
    # the judge disagrees with the verdict; half the citations were bad; 2 of 6 units wasted
    assert (wrong.correctness, wrong.sufficiency, wrong.citation) == (0, 0, 0.5)
    assert wrong.efficiency == pytest.approx(1 - 2 / 6, abs=1e-3)
    only_right = RewardWeights(correctness=1, sufficiency=0, citation=0, efficiency=0)
    nei = composite_reward(
        verdict="NOT ENOUGH INFO", gold="NOT ENOUGH INFO", cited=[], rejected_citations=0,
        steps=STEPS, weights=only_right,
    )  # fmt: skip
    assert nei.total == 1.0 and nei.citation == 1.0


def test_experience_cli(tmp_path, monkeypatch):
    monkeypatch.setenv("KGFC_HOME", str(tmp_path))
    runner = CliRunner()
    res = runner.invoke(cli, ["experience", "stats"])
    assert res.exit_code == 2 and "No experience buffer" in res.output
    with ExperienceBuffer.at_home(tmp_path) as buf:
        for verdict in ("REFUTED", "SUPPORTED"):
            buf.add(claim=CLAIM, gold="REFUTED", verdict=verdict, prompt_set="default@1",
                    steps=STEPS, critique=Critique(outcome="incorrect", error_type="step_limit"))  # fmt: skip
    res = runner.invoke(cli, ["experience", "list", "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)
    assert [r["verdict"] for r in rows] == ["SUPPORTED", "REFUTED"]
    res = runner.invoke(cli, ["experience", "show", str(rows[0]["id"])])
    assert res.exit_code == 0 and "critique: incorrect, step_limit" in res.output
    assert "2. expand_kg -> hop 2: 0 fact(s) kept" in res.output
    res = runner.invoke(cli, ["experience", "stats", "--json"])
    assert json.loads(res.stdout)["accuracy"] == 0.5
    assert runner.invoke(cli, ["experience", "show", "999"]).exit_code == 2
