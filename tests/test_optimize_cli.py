"""``kgfc optimize`` end to end through the CLI, FactChecker and the demo KG, with the fake LLM."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fakes.openai_server import fake_openai, json_reply

from kgfc.cli import cli


@pytest.mark.slow
def test_optimize_cli_estimate_and_one_epoch(tmp_path, monkeypatch, demo_kg_copy):
    train = tmp_path / "train.jsonl"
    train.write_text('{"claim": "Tony Blair was born in London.", "label": "REFUTED"}\n')
    val = tmp_path / "val.jsonl"
    val.write_text('{"claim": "Gerald Ford was born in Omaha.", "label": "SUPPORTED"}\n')
    runner = CliRunner()
    res = runner.invoke(cli, ["optimize", "--train", str(train), "--val", str(val), "--estimate",
                              "--json", "--epochs", "2", "--batch", "1"])  # fmt: skip
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["total_max"]["llm_calls"] > 0

    def respond(body):
        user = body["messages"][-1]["content"]
        if "Critique the episode" in user:
            return json_reply({"outcome": "incorrect", "error_type": "premature verdict",
                               "suggestion": "Compare values."})  # fmt: skip
        if "Rewrite the instruction" in user:
            return json_reply(
                {"text": "Decide from the evidence only; compare values.", "rationale": "r"}
            )
        if "Actions you can take" in user or body.get("tools"):
            return json_reply({"action": "verdict"})
        if "<<<CANDIDATES" in user:
            return json_reply({"ids": [1]})
        if "<<<EVIDENCE" in user:
            return json_reply({"verdict": "NOT ENOUGH INFO", "cited": [], "justification": "x"})
        return json_reply({"triples": []})

    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))
    store = demo_kg_copy(tmp_path / "store")  # with the store caches, in the new home
    with fake_openai(responder=respond) as srv:
        monkeypatch.setenv("KGFC_LLM_BASE_URL", srv.base_url)
        monkeypatch.setenv("KGFC_LLM_MODEL", "fake-model")
        out = tmp_path / "opt"
        res = runner.invoke(cli, ["optimize", "--train", str(train), "--val", str(val), "--epochs", "1",
                                  "--batch", "1", "--out", str(out), "--store", str(store), "--json"])  # fmt: skip
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert (
        summary["epochs"] == 1
        and (out / "LINEAGE.md").is_file()
        and (out / "prompts.toml").is_file()
    )
    res = runner.invoke(
        cli, ["experience", "stats", "--json"], env={"KGFC_HOME": str(tmp_path / "home")}
    )
    assert json.loads(res.stdout)["episodes"] >= 2
