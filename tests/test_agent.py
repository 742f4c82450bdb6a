"""The agent loop: rule policy on the demo KG, LLM policy by tool calls through the fake server."""

from __future__ import annotations

import json
import re

import pytest
from fakes.openai_server import fake_openai, json_reply, status_reply, tool_reply

from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.llm.client import OpenAICompatLLM
from kgfc.models import Action
from kgfc.reason.llm_reasoner import LLMReasoner
from kgfc.settings import load_settings
from kgfc.verify.api import FactChecker
from kgfc.verify.policies import RulePolicy
from kgfc.verify.state import Budget


@pytest.fixture(scope="module")
def demo_store():
    store = OxigraphStore()
    ensure_demo(store)
    return store


@pytest.fixture
def agent(demo_store, tmp_path):
    return FactChecker(
        demo_store,
        settings=load_settings(offline=True),
        record=True,
        trajectory_log=tmp_path / "traj",
    )


def actions(traj) -> list[str]:
    return [s.action.value for s in traj.steps]


def test_rule_policy_decides_from_initial_kg(agent, tmp_path):
    result = agent.verify("Gerald Ford was born in Omaha.", id="a1")
    traj = result.trajectory
    assert result.verdict.value == "SUPPORTED"
    assert actions(traj) == ["init_kg_retrieval", "verdict"]
    assert traj.over_confidence and not traj.step_limit_reached and not traj.insufficient_kg
    assert traj.policy == "rules" and "sufficient" in traj.stop_reason
    logged = [
        json.loads(x) for x in (tmp_path / "traj" / "trajectories.jsonl").read_text().splitlines()
    ]
    assert logged[-1]["claim_id"] == "a1" and [s["action"] for s in logged[-1]["steps"]] == actions(
        traj
    )
    # the episode is in the claim's graph too
    rows = agent.store.sparql(
        "PREFIX kgfc: <https://w3id.org/kgfc/ns#> "
        "SELECT ?a WHERE { ?c kgfc:claimId 'a1' ; kgfc:episode ?e . "
        "?e kgfc:hasStep ?s . ?s kgfc:action ?a ; kgfc:stepIndex ?n } ORDER BY ?n"
    )
    assert [r["a"].value.rsplit("#", 1)[1] for r in rows] == ["InitKGRetrieval", "GiveVerdict"]


def test_rule_policy_decides_a_multi_hop_claim_without_more_hops(agent):
    # the chain (born in Moscow, Moscow in Russia) is in after the first step: the
    # relation-aware beam and the targeted path search find it, no expansion needed
    result = agent.verify("Fyodor Dostoyevsky was born in Russia.", id="a2")
    traj = result.trajectory
    assert result.verdict.value == "SUPPORTED"
    assert actions(traj) == ["init_kg_retrieval", "verdict"]
    assert all(s.seconds >= 0 for s in traj.steps)


def test_rule_policy_nei_exhausts_kg(agent):
    result = agent.verify("Barack Obama was born in Honolulu.", id="a3")
    traj = result.trajectory
    assert result.verdict.value == "NOT ENOUGH INFO"
    assert actions(traj)[0] == "init_kg_retrieval" and actions(traj)[-1] == "verdict"
    assert len(traj.steps) <= agent.max_steps


def test_step_cap_forces_verdict(demo_store):
    class AlwaysExpand(RulePolicy):
        name = "always-expand"

        def choose(self, tb, ep, max_steps):
            if not ep.started:
                return Action.INIT, {}, "start"
            return Action.EXPAND, {}, "more"

    agent = FactChecker(
        demo_store, settings=load_settings(offline=True), policy=AlwaysExpand(), max_steps=3
    )
    result = agent.verify("Barack Obama was born in Honolulu.", id="a4")
    traj = result.trajectory
    assert actions(traj) == ["init_kg_retrieval", "expand_kg", "verdict"]
    assert traj.step_limit_reached and traj.forced and "step limit" in traj.stop_reason


# -- LLM policy ----------------------------------------------------------------------


def model(script: list[str]):
    """A fake model: the policy answers follow ``script`` (tool names); ranking and verdicts read the prompt."""
    queue = list(script)

    def respond(payload: dict):
        if payload.get("tools"):
            name = queue.pop(0) if queue else "verdict"
            args = (
                {"query": "Tony Blair birthplace"}
                if name in ("web_search", "pubmed_search")
                else {}
            )
            return tool_reply(name, args, usage=(300, 10))
        name = payload.get("response_format", {}).get("json_schema", {}).get("name")
        user = payload["messages"][-1]["content"]
        if name == "decompose":
            return json_reply(
                {
                    "triples": [
                        {"subject": "Tony Blair", "relation": "place of birth", "object": "London"}
                    ]
                }
            )
        if name == "rank":
            block = re.search(r"<<<CANDIDATES\n(.*?)\nCANDIDATES>>>", user, re.S).group(1)
            return json_reply(
                {
                    "scores": [
                        {"id": int(line.split(".")[0]), "score": 0.9 if "birth" in line else 0.1}
                        for line in block.splitlines()
                    ]
                }
            )
        if name in ("verdict", "forced_verdict"):
            ev = re.search(r"<<<EVIDENCE\n(.*?)\nEVIDENCE>>>", user, re.S).group(1).splitlines()
            hit = next((line for line in ev if "Tony Blair place of birth" in line), None)
            if hit is None:
                return json_reply(
                    {
                        "verdict": "NOT ENOUGH INFO",
                        "confidence": 0.4,
                        "justification": "no",
                        "cited": [],
                    }
                )
            return json_reply(
                {
                    "verdict": "REFUTED",
                    "confidence": 0.9,
                    "justification": hit,
                    "cited": [hit.split()[0]],
                }
            )
        return status_reply(400, f"unexpected {name}")

    return respond


def llm_agent(store, srv, tmp_path, **kw):
    llm = OpenAICompatLLM(srv.base_url, "fake-model", cache_dir=None, max_retries=0)
    return FactChecker(
        store,
        settings=load_settings(offline=True),
        reasoner=LLMReasoner(llm),
        llm=llm,
        trajectory_log=tmp_path,
        **kw,
    )


def test_llm_policy_verdict_from_initial_kg(demo_store, tmp_path):
    with fake_openai(responder=model(["verdict"])) as srv:
        agent = llm_agent(demo_store, srv, tmp_path)
        result = agent.verify("Tony Blair was born in London.", id="l1")
    traj = result.trajectory
    assert traj.policy == "llm:fake-model"
    assert actions(traj) == ["init_kg_retrieval", "verdict"]
    assert result.verdict.value == "REFUTED"
    tool_bodies = [b for b in srv.bodies if b.get("tools")]
    assert len(tool_bodies) == 1
    offered = {t["function"]["name"] for t in tool_bodies[0]["tools"]}
    assert offered == {"expand_kg", "verdict"}  # no search tools configured, no second init


def test_llm_policy_expands_then_decides(demo_store, tmp_path):
    with fake_openai(responder=model(["expand_kg", "verdict"])) as srv:
        agent = llm_agent(demo_store, srv, tmp_path)
        result = agent.verify("Tony Blair was born in London.", id="l2")
    traj = result.trajectory
    assert actions(traj) == ["init_kg_retrieval", "expand_kg", "verdict"]
    assert result.counters.llm_calls == len(srv.bodies)


def test_llm_policy_step_cap_uses_forced_prompt(demo_store, tmp_path):
    with fake_openai(responder=model(["expand_kg"] * 10)) as srv:
        agent = llm_agent(demo_store, srv, tmp_path, max_steps=4)
        result = agent.verify("Tony Blair was born in London.", id="l3")
    traj = result.trajectory
    assert traj.step_limit_reached and actions(traj)[-1] == "verdict" and len(traj.steps) == 4
    last = srv.bodies[-1]
    assert last["response_format"]["json_schema"]["name"] == "forced_verdict"
    assert "has stopped" in last["messages"][-1]["content"]


def test_llm_policy_invalid_tool_is_recorded_and_loop_goes_on(demo_store, tmp_path):
    with fake_openai(
        responder=model(["no_such_tool", "no_such_tool", "no_such_tool", "verdict"])
    ) as srv:
        agent = llm_agent(demo_store, srv, tmp_path)
        result = agent.verify("Tony Blair was born in London.", id="l4")
    traj = result.trajectory
    assert "policy failed" in traj.steps[1].policy_reason  # the rule policy stood in
    assert result.verdict.value == "REFUTED"


def test_budget_stop_forces_local_verdict(demo_store, tmp_path):
    with fake_openai(responder=model(["expand_kg"] * 10)) as srv:
        agent = llm_agent(demo_store, srv, tmp_path, budget=Budget(llm_calls=3))
        result = agent.verify("Tony Blair was born in London.", id="l5")
    traj = result.trajectory
    assert traj.forced and "LLM-call budget" in traj.stop_reason
    calls_at_stop = result.counters.llm_calls
    assert (
        calls_at_stop == len(srv.bodies) and calls_at_stop <= 4
    )  # the forced verdict made no call
    assert result.verdict.value == "REFUTED"  # decided by the local reasoner on the KG evidence
