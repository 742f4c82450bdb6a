"""The agent loop: rule policy on the demo KG, LLM policy by tool calls through the fake server."""

from __future__ import annotations

import json
import re

import pytest
from fakes.openai_server import fake_openai, json_reply, status_reply, tool_reply

from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.llm.client import OpenAICompatLLM
from kgfc.models import Action, Counters
from kgfc.pipeline.api import FactChecker
from kgfc.pipeline.policies import RulePolicy
from kgfc.pipeline.state import Budget
from kgfc.pipeline.toolbox import make_reasoner
from kgfc.reason.llm_reasoner import LLMReasoner
from kgfc.settings import load_settings


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
    # the episode is in the claim's graph too (its trajectory as one JSON literal)
    rows = agent.store.sparql(
        "PREFIX kgfc: <https://w3id.org/kgfc/ns#> "
        "SELECT ?t WHERE { ?c kgfc:claimId 'a1' ; kgfc:episode ?e . ?e kgfc:trajectory ?t }"
    )
    [stored] = [json.loads(r["t"].value) for r in rows]
    assert [s["action"] for s in stored["steps"]] == ["init_kg_retrieval", "verdict"]


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
    """A fake model: the policy answers follow ``script`` (tool names); the rest reads the prompt.

    Decomposition reads "X was born in Y."; ranking prefers birth facts; the verdict
    cites the subject's place of birth when the evidence has it (SUPPORTED when it
    names the claimed place, else REFUTED) and says NOT ENOUGH INFO otherwise.
    """
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
        claim = re.search(r"<<<CLAIM\n(.*?)\nCLAIM>>>", user, re.S)
        subject, place = re.search(r"(.+?) was born in (.+?)\.", claim.group(1)).groups()
        if name == "decompose":
            return json_reply(
                {"triples": [{"subject": subject, "relation": "place of birth", "object": place}]}
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
            hit = next((line for line in ev if f"{subject} place of birth" in line), None)
            born = hit.split("place of birth ", 1)[1].split(" (")[0] if hit else None
            chain = [line for line in ev if born and line.split(" ", 1)[1].startswith(born)]
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
                    "verdict": "SUPPORTED"
                    if born == place or any(place in line for line in chain)
                    else "REFUTED",
                    "confidence": 0.9,
                    "justification": hit,
                    "cited": [hit.split()[0]],
                }
            )
        return status_reply(400, f"unexpected {name}")

    return respond


def task_names(srv) -> list[str]:
    """What each request the fake server received was for: policy, decompose, rank, verdict..."""
    return [
        "policy" if b.get("tools") else b["response_format"]["json_schema"]["name"]
        for b in srv.bodies
    ]


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


# Claims the demo KG decides after the first hop (a stated fact, a functional
# conflict, a chain found by the path search) and one it cannot decide.
DECIDED = [
    ("Gerald Ford was born in Omaha.", "SUPPORTED", "The KG states it"),
    ("Tony Blair was born in London.", "REFUTED", "single-valued"),
    ("Fyodor Dostoyevsky was born in Russia.", "SUPPORTED", "chain"),
]
UNDECIDED = "Barack Obama was born in Honolulu."  # no place of birth for him in the demo KG


@pytest.mark.parametrize(("claim", "label", "basis"), DECIDED)
def test_llm_policy_asks_nothing_when_the_evidence_decides(
    demo_store, tmp_path, claim, label, basis
):
    # a model that always asks for another hop (as Gemma 3 270M does) is not asked at all
    with fake_openai(responder=model(["expand_kg"] * 10)) as srv:
        agent = llm_agent(demo_store, srv, tmp_path)
        result = agent.verify(claim, id="d1")
    traj = result.trajectory
    assert actions(traj) == ["init_kg_retrieval", "verdict"]
    assert task_names(srv) == ["decompose", "rank", "verdict"]  # 9 calls before (issue 9)
    assert result.counters.llm_calls == 3 and result.verdict.value == label
    why = traj.steps[1].policy_reason
    assert why.startswith("no policy call: evidence is sufficient") and basis in why
    assert traj.stop_reason == why and not traj.forced and not traj.step_limit_reached
    cited = re.search(r" on ((?:E\d+(?:, )?)+):", why).group(1).split(", ")
    assert cited and all(any(e.id == c for e in result.evidence) for c in cited)


def test_llm_policy_verdict_from_initial_kg(demo_store, tmp_path):
    with fake_openai(responder=model(["verdict"])) as srv:
        agent = llm_agent(demo_store, srv, tmp_path)
        result = agent.verify(UNDECIDED, id="l1")
    traj = result.trajectory
    assert traj.policy == "llm:fake-model"
    assert actions(traj) == ["init_kg_retrieval", "verdict"]
    assert traj.steps[1].policy_reason == "chosen by the LLM"
    assert result.verdict.value == "NOT ENOUGH INFO"
    tool_bodies = [b for b in srv.bodies if b.get("tools")]
    assert len(tool_bodies) == 1
    offered = {t["function"]["name"] for t in tool_bodies[0]["tools"]}
    assert offered == {"expand_kg", "verdict"}  # no search tools configured, no second init


def test_llm_policy_expands_then_decides(demo_store, tmp_path):
    with fake_openai(responder=model(["expand_kg", "verdict"])) as srv:
        agent = llm_agent(demo_store, srv, tmp_path)
        result = agent.verify(UNDECIDED, id="l2")
    traj = result.trajectory
    assert actions(traj) == ["init_kg_retrieval", "expand_kg", "verdict"]
    assert result.counters.llm_calls == len(srv.bodies)


def test_a_hop_whose_candidates_all_fit_the_beam_is_not_ranked(demo_store, tmp_path):
    # Obama's second hop has 7 candidate facts and at most 4 new entities: the beam
    # keeps 8 facts and 4 entities, so every order keeps the same ones
    with fake_openai(responder=model(["expand_kg", "verdict"])) as srv:
        agent = llm_agent(demo_store, srv, tmp_path)
        result = agent.verify(UNDECIDED, id="l2b")
    expand = result.trajectory.steps[1]
    assert re.search(r"hop 2: all \d candidate fact\(s\) fit the beam", expand.observation)
    assert "no ranking call" in expand.observation
    assert task_names(srv) == ["decompose", "rank", "policy", "policy", "verdict"]
    assert expand.counters.llm_calls == 1  # the policy's call only
    assert {e.hop for e in result.evidence} == {1, 2}  # the hop's facts are in all the same


def test_the_bench_claims_take_at_most_six_calls_with_a_model_that_always_expands(
    demo_store, tmp_path
):
    """benchmarks/bench_llm.py's claims at k = N = 4 with max_steps 5: 8.8 calls per claim before."""
    calls = {}
    settings = load_settings(offline=True, beam=4, hops=4)
    for claim in [c for c, _, _ in DECIDED] + ["Tony Blair was born in Edinburgh.", UNDECIDED]:
        with fake_openai(responder=model(["expand_kg"] * 10)) as srv:
            llm = OpenAICompatLLM(srv.base_url, "fake-model", cache_dir=None, max_retries=0)
            reasoner, _ = make_reasoner(settings, demo_store, "llm", llm)  # as `kgfc verify` does
            checker = FactChecker(demo_store, settings=settings, reasoner=reasoner, llm=llm)
            result = checker.verify(claim)
        calls[claim] = result.counters.llm_calls
        assert result.counters.llm_calls == len(srv.bodies)
    assert sum(calls.values()) / len(calls) <= 6, calls
    assert max(calls.values()) <= 7 and calls[UNDECIDED] == max(calls.values()), calls


def test_llm_policy_step_cap_uses_forced_prompt(demo_store, tmp_path):
    with fake_openai(responder=model(["expand_kg"] * 10)) as srv:
        agent = llm_agent(demo_store, srv, tmp_path, max_steps=4)
        result = agent.verify(UNDECIDED, id="l3")
    traj = result.trajectory
    assert traj.step_limit_reached and actions(traj)[-1] == "verdict" and len(traj.steps) == 4
    last = srv.bodies[-1]
    assert last["response_format"]["json_schema"]["name"] == "forced_verdict"
    assert "has stopped" in last["messages"][-1]["content"]


def test_the_step_cap_does_not_force_a_verdict_the_evidence_decides(demo_store, tmp_path):
    with fake_openai(responder=model(["expand_kg"] * 10)) as srv:
        agent = llm_agent(demo_store, srv, tmp_path, max_steps=2)
        result = agent.verify("Tony Blair was born in London.", id="l3b")
    traj = result.trajectory
    assert actions(traj) == ["init_kg_retrieval", "verdict"]
    assert not traj.forced and not traj.step_limit_reached
    assert traj.stop_reason.startswith("no policy call: evidence is sufficient (REFUTED")
    assert task_names(srv)[-1] == "verdict"  # the plain prompt, not the forced one
    assert result.verdict.value == "REFUTED"


def test_llm_policy_invalid_tool_is_recorded_and_loop_goes_on(demo_store, tmp_path):
    with fake_openai(
        responder=model(["no_such_tool", "no_such_tool", "no_such_tool", "verdict"])
    ) as srv:
        agent = llm_agent(demo_store, srv, tmp_path)
        result = agent.verify(UNDECIDED, id="l4")
    traj = result.trajectory
    assert "policy failed" in traj.steps[1].policy_reason  # the rule policy stood in
    assert traj.steps[1].action.value == "expand_kg"
    assert result.verdict.value == "NOT ENOUGH INFO"


def test_budget_stop_forces_local_verdict(demo_store, tmp_path):
    with fake_openai(responder=model(["expand_kg"] * 10)) as srv:
        agent = llm_agent(demo_store, srv, tmp_path, budget=Budget(llm_calls=2))
        result = agent.verify("Tony Blair was born in London.", id="l5")
    traj = result.trajectory
    assert traj.forced and "LLM-call budget" in traj.stop_reason
    calls_at_stop = result.counters.llm_calls
    assert calls_at_stop == len(srv.bodies) == 2  # the forced verdict made no call
    assert result.verdict.value == "REFUTED"  # decided by the local reasoner on the KG evidence


def test_budget_stop_on_a_claim_the_policy_is_asked_about(demo_store, tmp_path):
    with fake_openai(responder=model(["expand_kg"] * 10)) as srv:
        agent = llm_agent(demo_store, srv, tmp_path, budget=Budget(llm_calls=4))
        result = agent.verify(UNDECIDED, id="l6")
    traj = result.trajectory
    assert traj.forced and "LLM-call budget (4)" in traj.stop_reason
    assert result.counters.llm_calls == len(srv.bodies) <= 5
    assert "verdict" not in task_names(srv) and result.verdict.value == "NOT ENOUGH INFO"


@pytest.mark.parametrize(
    ("n_facts", "n_objects", "ranked"),
    [
        (6, 3, False),  # 6 facts <= 8 kept, 3 new entities <= 4 on the frontier: no call
        (8, 4, False),  # exactly the beam's capacity
        (9, 3, True),  # one fact too many: the ranking decides which 8 stay
        (6, 6, True),  # 6 new entities for 4 frontier places: the ranking picks them
    ],
)
def test_the_beam_asks_the_fact_ranker_only_when_its_order_matters(n_facts, n_objects, ranked):
    from kgfc.kg.beam import BeamSearch
    from kgfc.models import Fact

    seed = "http://www.wikidata.org/entity/Q1"
    facts = [
        Fact(
            subject=seed,
            predicate=f"http://www.wikidata.org/prop/direct/P{100 + i // n_objects}",
            object=f"http://www.wikidata.org/entity/Q{10 + i % n_objects}",
            subject_label="Ada",
            predicate_label=f"relation {i // n_objects}",
            object_label=f"thing {i}",
            source="http://example.org/g",
        )
        for i in range(n_facts)
    ]
    calls = []

    def rank_facts(claim, texts, counters):
        calls.append(len(texts))
        return [0.5] * len(texts)

    beam = BeamSearch(
        "Ada is a thing.", [seed],
        neighbourhood=lambda frontier, incoming: facts,
        rank_facts=rank_facts, rank_relations=lambda c, t: [0.5] * len(t), beam=4,
    )  # fmt: skip
    kept = beam.step(Counters())
    assert bool(calls) is ranked
    assert kept == min(n_facts, 8)
    assert bool(beam.unranked) is not ranked
    if not ranked:
        assert beam.unranked == [
            f"hop 1: all {n_facts} candidate fact(s) fit the beam "
            "(kept whatever their order): no ranking call"
        ]
        assert len(beam.frontier) == n_objects


def test_a_reading_with_no_triple_from_the_claim_falls_back_to_the_rules(demo_store, tmp_path):
    # Gemma 3 270M echoes the reply format: {"subject": "...", "relation": "...", ...}
    base = model(["expand_kg"] * 10)

    def respond(payload: dict):
        if payload.get("response_format", {}).get("json_schema", {}).get("name") == "decompose":
            echo = {"subject": "...", "relation": "...", "object": "...", "negated": False}
            return json_reply({"triples": [echo, echo], "keywords": ["..."]})
        return base(payload)

    with fake_openai(responder=respond) as srv:
        result = llm_agent(demo_store, srv, tmp_path).verify("Tony Blair was born in London.")
    init = result.trajectory.steps[0]
    assert "degraded: decompose: no LLM triple was taken from the claim; rules read it" in (
        init.observation
    )
    assert [(t.subject, t.object) for t in result.triples] == [("Tony Blair", "London")]
    # the rules' reading lets the evidence decide: no policy call, 3 calls in all
    assert task_names(srv) == ["decompose", "rank", "verdict"]
    assert result.verdict.value == "REFUTED" and result.counters.degraded_steps == 1
    assert "degraded to local methods" in result.justification
