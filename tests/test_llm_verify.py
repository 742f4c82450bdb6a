"""The LLM path end to end through ``kgfc verify --reasoner llm --json`` against a fake server that
answers like llama-cpp-python with a small model: refusals, no tool calling, broken output.

Whatever the LLM does, evidence is never lost: failed steps degrade to local methods, the
result says so, and the counters count every request.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from fakes.homes import home_with_store_caches
from fakes.openai_server import fake_openai, json_reply, status_reply

from kgfc.cli import cli

CLAIM = "Tony Blair was born in London."  # the demo KG decides it: Edinburgh, a one-valued slot
UNDECIDED = "Barack Obama was born in Honolulu."  # the demo KG has no place of birth for him


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory, demo_kg_copy):
    return demo_kg_copy(tmp_path_factory.mktemp("demo") / "store")


@pytest.fixture(autouse=True)
def _own_home(tmp_path, monkeypatch, demo_store):
    """A home per test: what an endpoint supports is cached per base URL, and ports get reused.
    It holds the demo store's caches only (its statistics, not rebuilt per test)."""
    home_with_store_caches(monkeypatch, tmp_path / "home", demo_store)


def _task(body: dict) -> str:
    """Which task a request is for (repair rounds included: they keep the first messages)."""
    user = body["messages"][1]["content"]
    if "Actions you can take" in body["messages"][-1]["content"] or body.get("tools"):
        return "policy"
    if "<<<CANDIDATES" in user:
        return "rank"
    if "<<<EVIDENCE" in user and "verdict" in user:
        return "verdict"
    return "decompose"


def _verify(store, monkeypatch, srv, *extra, claim=CLAIM):
    monkeypatch.setenv("KGFC_LLM_BASE_URL", srv.base_url)
    monkeypatch.setenv("KGFC_LLM_MODEL", "gemma-3-270m")
    monkeypatch.setenv("KGFC_RETRIES", "1")
    monkeypatch.setenv("KGFC_BACKOFF", "0")
    res = CliRunner().invoke(
        cli, ["verify", claim, "--reasoner", "llm", "--json", "--store", str(store), *extra]
    )
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def _broken(body):
    task = _task(body)
    if task == "decompose":
        user = body["messages"][1]["content"]
        subject, place = re.search(r"(\w+ \w+) was born in (\w+)", user).groups()
        triple = {"subject": subject, "relation": "place of birth", "object": place}
        return json_reply({"triples": [triple]})
    if task == "policy":
        return json_reply({"action": "no such action"})
    if task == "rank":
        return json_reply({"scores": "all of them"})  # unusable, twice
    return status_reply(503, "model crashed")  # the verdict call never succeeds


def test_a_broken_model_degrades_every_step_and_loses_no_evidence(demo_store, monkeypatch):
    with fake_openai(llama_cpp=True, responder=_broken) as srv:
        data = _verify(demo_store, monkeypatch, srv)
        tasks = [_task(b) for b in srv.bodies]

    assert data["verdict"] == "REFUTED"  # the local reasoner decided from the KG evidence
    assert data["reasoner"].startswith("local (llm failed: ")
    assert any("place of birth" in e["text"] and "Edinburgh" in e["text"] for e in data["evidence"])
    c = data["counters"]
    assert c["llm_calls"] == len(tasks)  # every request counted, the failed ones too
    assert c["llm_failures"] >= tasks.count("rank") + 2  # bad ranks, two 503s, the json_schema 500
    # rank and verdict fell back, and the justification says which and why; the
    # policy was not asked: the evidence (Edinburgh, one-valued) decides the claim
    assert "policy" not in tasks
    assert c["degraded_steps"] >= 2 and "degraded to local methods" in data["justification"]
    for step in ("rank: LLM failed", "verdict: LLM failed"):
        assert step in data["justification"]


def test_a_broken_model_on_an_open_claim_degrades_the_policy_too(demo_store, monkeypatch):
    with fake_openai(llama_cpp=True, responder=_broken) as srv:
        data = _verify(demo_store, monkeypatch, srv, claim=UNDECIDED)
        tasks = [_task(b) for b in srv.bodies]

    assert data["verdict"] == "NOT ENOUGH INFO"
    assert data["reasoner"].startswith("local (llm failed: ")
    hops = {e["hop"] for e in data["evidence"]}  # every hop kept its evidence
    assert hops and hops == set(range(1, max(hops) + 1))
    c = data["counters"]
    assert c["llm_calls"] == len(tasks) and "policy" in tasks
    for step in ("rank: LLM failed", "policy: LLM failed", "verdict: LLM failed"):
        assert step in data["justification"]


def test_a_small_model_answering_in_near_misses_needs_no_repair(demo_store, monkeypatch):
    def respond(body):
        task = _task(body)
        user = body["messages"][-1]["content"]
        if task == "decompose":
            return json_reply([["Tony Blair", "place of birth", "London"]])  # a bare list
        if task == "policy":
            return json_reply("verdict")
        if task == "rank":
            block = re.search(r"<<<CANDIDATES\n(.*?)\nCANDIDATES>>>", user, re.S).group(1)
            births = [ln.split(". ", 1)[1] for ln in block.splitlines() if "place of birth" in ln]
            return json_reply(births[:2] + ["99"])  # labels instead of numbers, one unknown
        lines = re.search(r"<<<EVIDENCE\n(.*?)\nEVIDENCE>>>", user, re.S).group(1).splitlines()
        eid = next(ln.split()[0] for ln in lines if "place of birth Edinburgh" in ln)
        return json_reply({"verdict": "refutes", "confidence": 90, "cited": eid})

    with fake_openai(llama_cpp=True, responder=respond) as srv:
        data = _verify(demo_store, monkeypatch, srv)
        n = len(srv.bodies)

    assert data["verdict"] == "REFUTED" and data["reasoner"] == "llm:gemma-3-270m"
    assert data["confidence"] == 0.9
    assert [e["text"] for e in data["evidence"] if e["cited"]] == [
        "Tony Blair place of birth Edinburgh"
    ]
    c = data["counters"]
    assert c["degraded_steps"] == 0 and c["llm_calls"] == n == 4  # decompose, rank, verdict
    # one json_schema refusal (learned once); nothing else failed, and no policy call:
    # the evidence decides the claim
    assert c["llm_failures"] == 1
    assert data["trajectory"]["steps"][1]["policy_reason"].startswith("no policy call")
    # the trajectory names the prompt set
    assert data["trajectory"]["prompts"] == "default@1"


def test_a_small_model_choosing_an_action_in_a_near_miss(demo_store, monkeypatch):
    def respond(body):
        task = _task(body)
        if task == "decompose":
            return json_reply([["Barack Obama", "place of birth", "Honolulu"]])
        if task == "policy":
            return json_reply("verdict")  # the bare action name
        if task == "rank":
            return json_reply([1, 2])
        return json_reply({"verdict": "NOT ENOUGH INFO", "confidence": 0.5, "cited": []})

    with fake_openai(llama_cpp=True, responder=respond) as srv:
        data = _verify(demo_store, monkeypatch, srv, claim=UNDECIDED)
        n = len(srv.bodies)

    steps = data["trajectory"]["steps"]
    assert [s["action"] for s in steps] == ["init_kg_retrieval", "verdict"]
    assert steps[1]["policy_reason"] == "chosen by the LLM"
    c = data["counters"]
    assert c["degraded_steps"] == 0 and c["llm_calls"] == n
    # one json_schema refusal and one empty tool reply (both learned once); nothing else failed
    assert c["llm_failures"] == 2
    assert data["verdict"] == "NOT ENOUGH INFO" and data["reasoner"] == "llm:gemma-3-270m"


def test_a_model_s_vague_relation_is_read_as_any_relation(demo_store, monkeypatch):
    # "is associated with" names no property: the aligner's guesses ("practiced by", "genre")
    # were taken; it is any stated relation between the two (kgfc.kg.properties.RELATED)
    def reply(body):
        if _task(body) == "decompose":
            triple = {
                "subject": "Tony Blair",
                "relation": "is associated with",
                "object": "Labour Party",
            }
            return json_reply({"triples": [triple]})
        return _broken(body)

    with fake_openai(llama_cpp=True, responder=reply) as srv:
        out = _verify(
            demo_store, monkeypatch, srv, claim="Tony Blair is associated with the Labour Party."
        )
    assert out["triples"][0]["relation_ids"] == ["https://w3id.org/kgfc/ns#relatedTo"]
    assert out["counters"]["degraded_steps"] >= 1  # the verdict call failed, not the decomposition
    assert "decompose: LLM failed" not in out["justification"]
    assert out["verdict"] == "SUPPORTED", out["justification"]
