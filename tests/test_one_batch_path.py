"""The same claims through every shell give the same results and the same stored records.

The CLI (`kgfc verify --file`, here and with `--server` at a running `kgfc serve`), the Python API (`FactChecker.verify_many`), the
HTTP API (`POST /v1/verify`, one claim a request), the HTTP jobs API (`POST
/v1/jobs`) and the MCP tool (`verify_claim`) each check the claims below on a
store of their own, loaded from the same file; what they answer and what they
record must not depend on the shell. The CLI's batch is `verify_many` itself:
it prints what that yields and checks nothing on its own.
"""

from __future__ import annotations

import ast
import inspect
import json
import time

import anyio
import pytest
from click.testing import CliRunner

pytest.importorskip("fastapi")
pytest.importorskip("mcp")

from fastapi.testclient import TestClient  # noqa: E402

import kgfc.cli.verify as cli_verify  # noqa: E402
from kgfc.cli import cli  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.kg.verdicts import stored_claims  # noqa: E402
from kgfc.pipeline.api import FactChecker  # noqa: E402
from kgfc.pipeline.request import ClaimLine  # noqa: E402
from kgfc.service.app import ServiceConfig, create_app  # noqa: E402
from kgfc.service.mcp_server import build_mcp  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402
from tests.conftest import DATA  # noqa: E402
from tests.test_service_process import TOKEN, Server  # noqa: E402

CLAIMS = [
    {"id": "born-honolulu", "claim": "Barack Obama was born in Honolulu."},
    {"id": "born-hawaii", "claim": "Obama was born in Hawaii."},
    {"id": "spouse", "claim": "Michelle Obama is married to Barack Obama."},
    {"id": "citizen", "triple": ["Q76", "P27", "Q30"]},
    {"id": "born-usa-triple", "triple": ["Q76", "P19", "Q30"]},
    {"id": "born-chicago", "claim": "Barack Obama was born in Chicago."},
    {"id": "michelle-born", "triple": ["Q13133", "P19", "Q18094"]},
]
# what a result says about its claim (timings and cost counters vary from run to run;
# the trajectory is compared as it is stored, in the records)
RESULT_FIELDS = ("id", "claim", "verdict", "confidence", "justification", "reasoner", "error")


def _store(tmp_path, name: str) -> str:
    path = tmp_path / name
    store = OxigraphStore(path)
    store.load_file(DATA / "obama.ttl")
    store.close()
    return str(path)


def _result(r: dict) -> dict:
    out = {k: r.get(k) for k in RESULT_FIELDS}
    out["evidence"] = [
        (e["id"], e["subject"], e["predicate"], e["object"], e["source"], e["cited"])
        for e in r.get("evidence", [])
    ]
    out["recorded"] = bool(r.get("claim_iri"))
    return out


def _records(path: str) -> dict:
    store = OxigraphStore(path, read_only=True)
    try:
        out = {}
        for c in CLAIMS:
            out[c["id"]] = stored_claims(store, c["id"])
        return out
    finally:
        store.close()


def via_cli(tmp_path) -> tuple[dict, dict]:
    path = _store(tmp_path, "cli")
    claims = tmp_path / "claims.jsonl"
    claims.write_text("".join(json.dumps(c) + "\n" for c in CLAIMS), encoding="utf-8")
    res = CliRunner().invoke(
        cli,
        ["verify", "--offline", "--reasoner", "local", "--store", path]
        + ["--file", str(claims), "--json"],
    )
    assert res.exit_code == 0, res.output
    return {r["id"]: _result(r) for r in json.loads(res.stdout)}, _records(path)


def via_server(tmp_path) -> tuple[dict, dict]:
    """`kgfc --server URL verify --file`: the batch sent to a running `kgfc serve` (a real process)."""
    path = _store(tmp_path, "server")
    claims = tmp_path / "server-claims.jsonl"
    claims.write_text("".join(json.dumps(c) + "\n" for c in CLAIMS), encoding="utf-8")
    srv = Server(tmp_path / "server", tmp_path / "server.sqlite3")
    try:
        res = CliRunner().invoke(
            cli,
            ["--server", srv.url, "verify", "--reasoner", "local", "--file", str(claims), "--json"],
            env={"KGFC_SERVER_TOKEN": TOKEN},
        )
    finally:
        srv.stop()
    assert res.exit_code == 0, res.output
    return {r["id"]: _result(r) for r in json.loads(res.stdout)}, _records(path)


def via_python(tmp_path) -> tuple[dict, dict]:
    path = _store(tmp_path, "python")
    store = OxigraphStore(path)
    try:
        checker = FactChecker(store, settings=load_settings(offline=True), record=True)
        results = [r.model_dump(mode="json") for r in checker.verify_many(CLAIMS)]
    finally:
        store.close()
    return {r["id"]: _result(r) for r in results}, _records(path)


def via_jobs(tmp_path) -> tuple[dict, dict]:
    path = _store(tmp_path, "jobs")
    store = OxigraphStore(path)
    config = ServiceConfig(
        settings=load_settings(offline=True), jobs_db=tmp_path / "jobs.sqlite3", warm_up=False
    )
    try:
        with TestClient(create_app(config, store=store)) as client:
            r = client.post("/v1/jobs", json={"items": CLAIMS, "reasoner": "local"})
            assert r.status_code == 202, r.text
            url = r.headers["location"]
            for _ in range(600):
                job = client.get(url).json()
                if job["state"] == "done":
                    break
                time.sleep(0.1)
            assert job["state"] == "done" and job["failed"] == 0, job
            results = [item["result"] for item in job["items"]]
    finally:
        store.close()
    return {r["id"]: _result(r) for r in results}, _records(path)


def via_http(tmp_path) -> tuple[dict, dict]:
    path = _store(tmp_path, "http")
    store = OxigraphStore(path)
    config = ServiceConfig(
        settings=load_settings(offline=True), jobs_db=tmp_path / "http.sqlite3", warm_up=False
    )
    try:
        with TestClient(create_app(config, store=store)) as client:
            results = []
            for c in CLAIMS:
                r = client.post("/v1/verify", json={**c, "reasoner": "local"})
                assert r.status_code == 200, r.text
                results.append(r.json())
    finally:
        store.close()
    return {r["id"]: _result(r) for r in results}, _records(path)


def via_mcp(tmp_path) -> tuple[dict, dict]:
    path = _store(tmp_path, "mcp")
    mcp = build_mcp(load_settings(offline=True, store=path))
    results = {}
    try:
        for c in CLAIMS:

            async def call(c=c):
                return await mcp.call_tool("verify_claim", {**c, "reasoner": "local"})

            out = anyio.run(call)
            data = out.structured_content if hasattr(out, "structured_content") else out[1]
            results[c["id"]] = _result(data.get("result", data))
    finally:
        mcp.kgfc_close()
    return results, _records(path)


def test_every_shell_gives_the_same_results_and_records(tmp_path):
    shells = {
        "cli": via_cli,
        "verify_many": via_python,
        "http": via_http,
        "jobs": via_jobs,
        "mcp": via_mcp,
        "--server": via_server,
    }
    got = {name: run(tmp_path) for name, run in shells.items()}
    results, records = got["verify_many"]
    assert set(results) == {c["id"] for c in CLAIMS}
    assert {r["verdict"] for r in results.values()} == {"SUPPORTED", "NOT ENOUGH INFO"}
    assert all(r["recorded"] for r in results.values())
    assert all(len(records[c["id"]]) == 1 for c in CLAIMS)
    for name, (other_results, other_records) in got.items():
        assert other_results == results, name
        assert other_records == records, name


def test_the_cli_batch_is_verify_many_with_the_flags_it_was_given(tmp_path, monkeypatch):
    """The CLI hands its whole batch, bad lines too, to one verify_many call and prints what comes."""
    calls = []
    real = FactChecker.verify_many

    def spy(self, claims, **kwargs):
        claims = list(claims)
        calls.append((claims, kwargs))
        # one process here: what is checked is the same, the flags are what is asserted
        return real(self, claims, **{**kwargs, "workers": 1})

    monkeypatch.setattr(FactChecker, "verify_many", spy)
    path = _store(tmp_path, "cli")
    claims = tmp_path / "claims.jsonl"
    lines = [json.dumps(c) for c in CLAIMS[:3]] + ["{broken"]
    claims.write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = ["verify", "--offline", "--reasoner", "local", "--store", path, "--file", str(claims)]
    res = CliRunner().invoke(
        cli, args + ["--nl", "--workers", "3", "--unordered", "--record-chunk", "2"]
    )
    assert res.exit_code == 2, res.output  # the bad line
    ((items, kwargs),) = calls
    assert all(isinstance(x, ClaimLine) for x in items) and [x.line for x in items] == [1, 2, 3, 4]
    assert kwargs["errors"] == "keep" and kwargs["workers"] == 3 and kwargs["ordered"] is False
    assert kwargs["chunk"] == 2 and kwargs["resume"] is False
    out = [json.loads(x) for x in res.stdout.splitlines()]
    assert [o["id"] for o in out] == [c["id"] for c in CLAIMS[:3]] + ["line-4"]
    assert "invalid JSON" in out[3]["error"]

    calls.clear()
    again = CliRunner().invoke(cli, args + ["--nl", "--resume"])
    assert again.exit_code == 2
    ((_, kwargs),) = calls
    assert kwargs["resume"] is True
    assert [json.loads(x)["id"] for x in again.stdout.splitlines()] == ["line-4"]  # rest recorded


def test_the_cli_module_checks_no_claim_of_its_own():
    """No batch loop may grow back in `kgfc verify`: no chunks, resume, workers or prefetch there."""
    tree = ast.parse(inspect.getsource(cli_verify))
    called = [
        node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
    ]
    own = {"batch", "is_recorded", "verify_in_workers", "prefetching", "workers_for"} & set(called)
    assert not own, f"kgfc verify does batch work itself: {own}"
    assert called.count("verify_many") == 1
    assert called.count("verify") == 1  # the one claim of `kgfc verify CLAIM`


def test_a_claims_file_with_a_data_sets_own_fields_is_read_and_says_what_it_left_out(tmp_path):
    path = _store(tmp_path, "lenient")
    claims = tmp_path / "labelled.jsonl"
    rows = [{**c, "label": "SUPPORTED", "source": "hand"} for c in CLAIMS[:2]]
    claims.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    res = CliRunner().invoke(
        cli,
        ["verify", "--offline", "--reasoner", "local", "--store", path, "--no-record"]
        + ["--file", str(claims), "--json"],
    )
    assert res.exit_code == 0, res.output
    assert [r["id"] for r in json.loads(res.stdout)] == ["born-honolulu", "born-hawaii"]
    assert all(r["verdict"] != "ERROR" and not r.get("error") for r in json.loads(res.stdout))
    assert "Fields not read from the claims file: label, source." in res.stderr
