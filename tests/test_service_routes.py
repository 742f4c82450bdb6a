"""The HTTP API's walls: every route is still there, and every bad body is a 4xx in the JSON error shape."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.service.app import ServiceConfig, create_app  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402

# every route and method of the API: a route lost in a refactor fails here
API = {
    "/health": {"get"},
    "/metrics": {"get"},
    "/v1/verify": {"post"},
    "/v1/documents": {"post"},
    "/v1/jobs": {"post"},
    "/v1/jobs/{job_id}": {"get"},
    "/v1/claims/{claim_id}": {"get"},
    "/v1/claims/{claim_id}/evidence": {"get"},
    "/v1/sources": {"post"},
    "/v1/sources/{source_id}": {"delete"},
    "/v1/sources/{source_id}/refresh": {"post"},
    "/v1/enrich": {"post"},
    "/v1/enrich/{task_id}": {"get"},
    "/sparql": {"get", "post"},
    "/v1/cypher": {"post"},
}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from tests.conftest import DATA

    tmp = tmp_path_factory.mktemp("routes")
    store = OxigraphStore(tmp / "store")
    store.load_file(DATA / "obama.ttl")
    config = ServiceConfig(
        settings=load_settings(offline=True), jobs_db=tmp / "jobs.sqlite3", warm_up=False
    )
    # raise_server_exceptions=False: a 500 must show up as a 500, not as a test error
    with TestClient(create_app(config, store=store), raise_server_exceptions=False) as c:
        yield c
    store.close()


def test_openapi_pins_every_path_and_method(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {p: set(ops) for p, ops in paths.items()} == API
    ids = {op["operationId"] for ops in paths.values() for op in ops.values()}
    assert len(ids) == sum(len(m) for m in API.values())


def _assert_json_error(r, status: int, needle: str) -> None:
    assert r.status_code == status, r.text
    err = r.json()["error"]
    assert err["status"] == status and needle in err["message"], err


DEEP = b"[" * 100_000 + b"]" * 100_000


@pytest.mark.parametrize(
    "path, body, ctype, needle",
    [
        ("/v1/jobs", DEEP, "application/json", "deeper than"),
        ("/v1/jobs", DEEP, "", "deeper than"),
        ("/v1/jobs", b'{"items": ' + b"[" * 300 + b"]" * 300 + b"}", "application/json", "deeper"),
        ("/v1/jobs", b"\n".join([b"[" * 5000 + b"]" * 5000] * 2), "application/jsonl", "deeper"),
        (
            "/v1/jobs",
            b'{"claim": "a"}\n{"claim": ' + b"[" * 5000 + b"]" * 5000 + b"}",
            "application/jsonl",
            "deeper",
        ),
        ("/v1/verify", DEEP, "application/json", "deeper than"),
        (
            "/v1/verify",
            b'{"claim": ' + b"[" * 5000 + b"]" * 5000 + b"}",
            "application/json",
            "deep",
        ),
        ("/v1/sources", DEEP, "application/json", "deeper than"),
        ("/v1/verify", b"\xff\xfe{}", "application/json", "not UTF-8"),
        ("/v1/jobs", b"\xff\xfe", "text/plain", "not UTF-8"),
        ("/v1/sources", b'{"urls": "\xff"}', "application/json", "not UTF-8"),
        ("/v1/verify", b"null", "application/json", "null"),
        ("/v1/verify", b"[1, 2]", "application/json", "not a claim object"),
        ("/v1/verify", b'"Obama was born in Hawaii."', "application/json", "not a claim"),
        ("/v1/verify", b"{not json", "application/json", "not JSON"),
        ("/v1/jobs", b"null", "application/json", "not claims"),
        ("/v1/jobs", b"null", "", "not claims"),
        ("/v1/jobs", b"42", "application/json", "not claims"),
        ("/v1/jobs", b"[null, 1, true]", "application/json", "no claims"),
        ("/v1/jobs", b'{"items": [null]}', "application/json", "no claims"),
        ("/v1/sources", b"null", "application/json", "urls"),
        ("/v1/sources", b'{"urls": "https://example.org"}', "application/json", "http(s)"),
        ("/v1/sources", b'{"documents": "x"}', "application/json", "list"),
        ("/v1/cypher", DEEP, "application/json", "deeper than"),
        ("/v1/cypher", b"{}", "application/json", "exactly one"),
        ("/v1/cypher", b"[1]", "application/json", "not a JSON object"),
        ("/v1/cypher", b'{"query": 1}', "application/json", "Bad Cypher request: query"),
        ("/v1/cypher", b'{"query": "RETURN 1", "name": "x"}', "application/json", "exactly one"),
        ("/v1/cypher", b'{"query": "RETURN 1"}', "application/json", "No Cypher mirror"),
    ],
)
def test_bad_bodies_are_400_json_errors(client, path, body, ctype, needle):
    headers = {"Content-Type": ctype} if ctype else {}
    _assert_json_error(client.post(path, content=body, headers=headers), 400, needle)
    # the connection is still usable and the server still answers
    assert client.get("/health").status_code == 200


def test_a_job_of_a_claim_and_a_non_claim_keeps_the_bad_item_as_an_error(client):
    r = client.post(
        "/v1/jobs",
        content=json.dumps([{"triple": ["Q76", "P19", "Q18094"], "record": False}, None]),
    )
    assert r.status_code == 202 and r.json()["total"] == 2 and r.json()["failed"] == 1


def test_many_broken_jsonl_lines_are_item_errors_not_too_deep(client):
    body = "\n".join(
        ["{broken"] * 100 + [json.dumps({"triple": ["Q76", "P19", "Q18094"], "record": False})]
    )
    r = client.post("/v1/jobs", content=body, headers={"Content-Type": "application/jsonl"})
    assert r.status_code == 202 and r.json()["total"] == 101 and r.json()["failed"] == 100


def test_missing_claim_is_404_with_the_hint(client):
    for path in ("/v1/claims/nope", "/v1/claims/nope/evidence"):
        r = client.get(path)
        _assert_json_error(r, 404, "No stored claim")
        assert "Verify it first" in r.json()["error"]["hint"]


def test_upload_errors_name_the_upload_not_the_servers_temporary_file(client):
    r = client.post(
        "/v1/sources?name=mine.ttl", content=b"<a> <b> .", headers={"Content-Type": "text/turtle"}
    )
    _assert_json_error(r, 400, "mine.ttl")
    text = json.dumps(r.json())
    assert "kgfc-upload-" not in text and "/tmp" not in text


def test_cypher_on_a_neo4j_mirror_without_a_password_is_a_400_that_names_the_setting(tmp_path):
    store = OxigraphStore()
    settings = load_settings(offline=True).model_copy(
        update={"cypher_uri": "neo4j://127.0.0.1:1", "neo4j_password": None}
    )
    config = ServiceConfig(settings=settings, jobs_db=tmp_path / "jobs.sqlite3", warm_up=False)
    with TestClient(create_app(config, store=store)) as c:
        r = c.post("/v1/cypher", json={"query": "RETURN 1 AS one"})
    _assert_json_error(r, 400, "No Neo4j password")
    assert "KGFC_NEO4J_PASSWORD" in r.json()["error"]["hint"]
