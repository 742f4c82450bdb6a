"""The HTTP API through the ASGI test client: verify, jobs, claims, evidence, sources, SPARQL, ops."""

from __future__ import annotations

import csv
import io
import json
import time
import xml.etree.ElementTree as ET

import pyoxigraph as ox
import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.service.app import ServiceConfig, create_app  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402

SRX = "{http://www.w3.org/2005/sparql-results#}"
WD = "http://www.wikidata.org/entity/"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from tests.conftest import DATA

    s = OxigraphStore(tmp_path_factory.mktemp("api") / "store")
    s.load_file(DATA / "obama.ttl")
    yield s
    s.close()


def make_client(store, tmp_path, **over) -> TestClient:
    config = ServiceConfig(
        settings=load_settings(offline=True),
        jobs_db=tmp_path / "jobs.sqlite3",
        warm_up=False,
        **over,
    )
    return TestClient(create_app(config, store=store))


@pytest.fixture
def client(store, tmp_path):
    with make_client(store, tmp_path) as c:
        yield c


def test_verify_text_and_triple_are_the_cli_contract_and_recorded(client, store):
    r = client.post("/v1/verify", json={"claim": "Barack Obama was born in Honolulu."})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["verdict"] == "SUPPORTED"
    assert body["id"].startswith("c-") and body["claim_iri"]
    assert any(e["cited"] and e["object"] == WD + "Q18094" for e in body["evidence"])
    assert set(body["counters"]) >= {"sparql_queries", "llm_calls", "seconds"}
    # the same id the CLI would give, and the claim is in the store
    from kgfc.pipeline.request import ClaimRequest

    assert body["id"] == ClaimRequest(text="Barack Obama was born in Honolulu.").claim_id()
    assert client.get(f"/v1/claims/{body['id']}").json()["verdict"] == "SUPPORTED"

    r = client.post("/v1/verify", json={"triple": ["Q76", "P19", "Q782"], "id": "t-hawaii"})
    assert r.status_code == 200
    assert r.json()["id"] == "t-hawaii"


def test_verify_no_record_leaves_no_claim(client):
    r = client.post(
        "/v1/verify", json={"triple": ["Q76", "P27", "Q30"], "id": "nr", "record": False}
    )
    assert r.status_code == 200 and r.json()["claim_iri"] is None
    r = client.get("/v1/claims/nr")
    assert r.status_code == 404 and "No stored claim" in r.json()["error"]["message"]


@pytest.mark.parametrize(
    "payload, needle",
    [
        ({}, "exactly one of"),
        ({"claim": "x", "triple": ["Q1", "P1", "Q2"]}, "exactly one of"),
        ({"claim": "   "}, "empty"),
        ({"claim": "x", "beam": 0}, "beam"),
        ({"claim": "x", "colour": "red"}, "colour"),
        ({"triple": ["Q1", "P1"]}, "triple"),
    ],
)
def test_bad_verify_requests_get_json_errors(client, payload, needle):
    r = client.post("/v1/verify", json=payload)
    assert r.status_code == 422
    assert needle in r.json()["error"]["message"]


def test_bad_triple_ids_are_400_with_message(client):
    r = client.post("/v1/verify", json={"triple": ["Obama", "born", "Honolulu"]})
    assert r.status_code == 400
    assert "Q76 P19" in r.json()["error"]["message"]


def test_unknown_route_and_method_are_json(client):
    r = client.get("/v1/nope")
    assert r.status_code == 404 and r.json()["error"]["status"] == 404
    assert client.put("/v1/verify").status_code == 405


def test_claim_formats_and_trajectory(client):
    r = client.post("/v1/verify", json={"triple": ["Q76", "P19", "Q18094"], "id": "fmt-1"})
    assert r.status_code == 200
    j = client.get("/v1/claims/fmt-1").json()
    assert j["verdict"] == "SUPPORTED"
    assert j["report"]["conclusion"] == "SUPPORTED"
    assert j["report"]["supporting_evidence"]

    md = client.get("/v1/claims/fmt-1", headers={"Accept": "text/markdown"})
    assert md.headers["content-type"].startswith("text/markdown")
    assert "# Fact-check report" in md.text and "SUPPORTED" in md.text

    html = client.get("/v1/claims/fmt-1", headers={"Accept": "text/html,*/*;q=0.1"})
    assert html.headers["content-type"].startswith("text/html")
    assert "<html" in html.text.lower() and "Honolulu" in html.text

    assert client.get("/v1/claims/fmt-1?format=md").text == md.text
    assert client.get("/v1/claims/fmt-1", headers={"Accept": "image/png"}).status_code == 406


def test_text_claim_keeps_its_trajectory(client):
    r = client.post("/v1/verify", json={"claim": "Barack Obama was born in Hawaii.", "id": "traj"})
    assert r.status_code == 200
    j = client.get("/v1/claims/traj").json()
    steps = j["trajectory"]["steps"]
    assert steps and steps[0]["action"] in ("init_kg_retrieval", "InitKGRetrieval")


def test_evidence_subgraph_as_jsonld_and_trig(client):
    client.post("/v1/verify", json={"triple": ["Q76", "P19", "Q18094"], "id": "ev-1"})
    trig = client.get("/v1/claims/ev-1/evidence", headers={"Accept": "application/trig"})
    assert trig.status_code == 200 and trig.headers["content-type"] == "application/trig"
    ds = ox.Dataset(ox.parse(trig.content, format=ox.RdfFormat.TRIG))
    fact = ox.Triple(
        ox.NamedNode(WD + "Q76"),
        ox.NamedNode("http://www.wikidata.org/prop/direct/P19"),
        ox.NamedNode(WD + "Q18094"),
    )
    graphs = {q.graph_name for q in ds if q.triple == fact}
    assert graphs, "the cited fact is in the evidence subgraph, in its source graph"
    source = next(iter(graphs))
    # the source's provenance record travels with it
    assert any(q.subject == source and q.graph_name == source for q in ds)
    # and the claim graph with its verdict
    assert any(q.predicate.value.endswith("#hasVerdict") for q in ds)

    jl = client.get("/v1/claims/ev-1/evidence")
    assert jl.headers["content-type"] == "application/ld+json"
    ds2 = ox.Dataset(ox.parse(jl.content, format=ox.RdfFormat.JSON_LD))
    assert len(ds2) == len(ds)


def test_sparql_select_in_every_format(client):
    q = f"SELECT ?p ?o WHERE {{ <{WD}Q76> ?p ?o }} ORDER BY ?p ?o"
    j = client.get("/sparql", params={"query": q}).json()
    rows = j["results"]["bindings"]
    assert j["head"]["vars"] == ["p", "o"] and len(rows) > 5
    label = next(b["o"] for b in rows if b["p"]["value"].endswith("rdf-schema#label"))
    assert label == {"type": "literal", "value": "Barack Obama", "xml:lang": "en"}
    n = len(rows)

    x = client.post(
        "/sparql", data={"query": q}, headers={"Accept": "application/sparql-results+xml"}
    )
    assert x.headers["content-type"].startswith("application/sparql-results+xml")
    assert len(ET.fromstring(x.content).findall(f"{SRX}results/{SRX}result")) == n

    c = client.post(
        "/sparql",
        content=q,
        headers={"Content-Type": "application/sparql-query", "Accept": "text/csv"},
    )
    table = list(csv.reader(io.StringIO(c.text)))
    assert table[0] == ["p", "o"] and len(table) == n + 1
    assert ["http://www.w3.org/2000/01/rdf-schema#label", "Barack Obama"] in table

    t = client.get("/sparql", params={"query": q}, headers={"Accept": "text/tab-separated-values"})
    lines = t.text.splitlines()
    assert lines[0] == "?p\t?o" and '"Barack Obama"@en' in t.text and len(lines) == n + 1


def test_sparql_ask_and_construct(client):
    a = client.get("/sparql", params={"query": f"ASK {{ <{WD}Q76> ?p ?o }}"}).json()
    assert a["boolean"] is True
    c = client.get(
        "/sparql",
        params={"query": f"CONSTRUCT {{ <{WD}Q76> ?p ?o }} WHERE {{ <{WD}Q76> ?p ?o }}"},
        headers={"Accept": "application/n-triples"},
    )
    triples = list(ox.parse(c.content, format=ox.RdfFormat.N_TRIPLES))
    assert len(triples) > 5 and all(t.subject.value == WD + "Q76" for t in triples)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"method": "GET", "params": {"update": "INSERT DATA { <a:s> <a:p> <a:o> }"}},
        {"method": "POST", "data": {"update": "INSERT DATA { <a:s> <a:p> <a:o> }"}},
        {
            "method": "POST",
            "content": "INSERT DATA { <a:s> <a:p> <a:o> }",
            "headers": {"Content-Type": "application/sparql-update"},
        },
    ],
)
def test_sparql_updates_are_refused(client, store, kwargs):
    before = len(store)
    method = kwargs.pop("method")
    r = client.request(method, "/sparql", **kwargs)
    assert r.status_code == 403 and "read-only" in r.json()["error"]["message"]
    assert len(store) == before


def test_update_sent_as_query_is_a_bad_query(client, store):
    before = len(store)
    r = client.get("/sparql", params={"query": "INSERT DATA { <a:s> <a:p> <a:o> }"})
    assert r.status_code == 400 and "read-only" in r.json()["error"]["message"].lower()
    assert len(store) == before


def test_sparql_row_cap_and_timeout(store, tmp_path):
    with make_client(store, tmp_path, sparql_max_rows=5, sparql_timeout=0.2) as c:
        r = c.get("/sparql", params={"query": "SELECT * WHERE { ?s ?p ?o }"})
        assert r.status_code == 200
        assert len(r.json()["results"]["bindings"]) == 5
        assert r.headers["X-SPARQL-MaxRows"] == "5"
    with make_client(store, tmp_path, sparql_max_rows=10**9, sparql_timeout=0.2) as c:
        # a cross product streams rows far longer than 0.2 s; the deadline stops it
        start = time.monotonic()
        r = c.get(
            "/sparql",
            params={"query": "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"},
        )
        assert r.status_code == 503
        assert (
            "0.2 s" in r.json()["error"]["message"] or "out of time" in r.json()["error"]["message"]
        )
        assert time.monotonic() - start < 10


def test_request_body_limit(store, tmp_path):
    with make_client(store, tmp_path, max_body_bytes=2_000) as c:
        r = c.post("/v1/verify", json={"claim": "x" * 5_000})
        assert r.status_code == 413 and "limit" in r.json()["error"]["message"]

        def chunks():  # no Content-Length: held to the same limit
            for _ in range(10):
                yield b"x" * 500

        r = c.post("/v1/jobs", content=chunks())
        assert r.status_code == 413


def test_writes_need_the_token_reads_do_not(store, tmp_path):
    with make_client(store, tmp_path, token="s3cret") as c:
        r = c.post("/v1/verify", json={"triple": ["Q76", "P19", "Q18094"]})
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        r = c.post(
            "/v1/verify",
            json={"triple": ["Q76", "P19", "Q18094"]},
            headers={"Authorization": "Bearer wrong"},
        )
        assert r.status_code == 401
        for method, path in [
            ("POST", "/v1/jobs"),
            ("POST", "/v1/sources"),
            ("DELETE", "/v1/sources/kgfcs:x"),
        ]:
            assert c.request(method, path, content=b"[]").status_code == 401
        ok = c.post(
            "/v1/verify",
            json={"triple": ["Q76", "P19", "Q18094"]},
            headers={"Authorization": "Bearer s3cret"},
        )
        assert ok.status_code == 200
        assert c.get("/sparql", params={"query": "ASK {}"}).status_code == 200
        assert c.get("/health").status_code == 200


def test_jobs_run_every_item_once_and_report_bad_ones(client, store):
    body = "\n".join(
        [
            json.dumps({"triple": ["Q76", "P19", "Q18094"], "id": "job-a"}),
            "Barack Obama was born in Honolulu.",
            "{not json",
            json.dumps({"triple": ["Q76", "P26", "Q13133"], "id": "job-b"}),
        ]
    )
    r = client.post("/v1/jobs", content=body, headers={"Content-Type": "application/jsonl"})
    assert r.status_code == 202
    job = r.json()
    assert job["total"] == 4 and r.headers["location"] == f"/v1/jobs/{job['id']}"
    for _ in range(200):
        status = client.get(f"/v1/jobs/{job['id']}").json()
        if status["state"] == "done":
            break
        time.sleep(0.05)
    assert status["state"] == "done" and status["done"] == 3 and status["failed"] == 1
    items = status["items"]
    assert [i["state"] for i in items] == ["done", "done", "error", "done"]
    assert "invalid JSON" in items[2]["error"]
    assert all(i["attempts"] == 1 for i in items if i["state"] == "done")
    assert items[0]["result"]["verdict"] == "SUPPORTED"
    assert client.get("/v1/claims/job-b").json()["verdict"] == "SUPPORTED"
    assert client.get(f"/v1/jobs/{job['id']}?results=false").json().get("items") is None
    assert client.get("/v1/jobs/job-nope").status_code == 404


def test_job_object_with_options_and_bad_bodies(client):
    r = client.post(
        "/v1/jobs",
        json={"items": [{"triple": ["Q76", "P19", "Q18094"]}], "record": False, "beam": 2},
    )
    assert r.status_code == 202
    assert client.post("/v1/jobs", json={"items": [], "record": False}).status_code == 400
    assert client.post("/v1/jobs", json={"claims": ["x"]}).status_code == 400
    assert (
        client.post(
            "/v1/jobs", content=b"\xff\xfe", headers={"Content-Type": "application/json"}
        ).status_code
        == 400
    )
    r = client.post("/v1/jobs", json=[{"claim": "x", "beam": 99}])
    assert r.status_code == 202  # accepted; the bad item is an error result, not lost
    assert r.json()["failed"] == 1


def test_sources_load_and_retract(client, store):
    ttl = b'<http://www.wikidata.org/entity/Q999> <http://www.w3.org/2000/01/rdf-schema#label> "Testina"@en .\n'
    r = client.post(
        "/v1/sources?name=testina.ttl", content=ttl, headers={"Content-Type": "text/turtle"}
    )
    assert r.status_code == 201, r.text
    source = r.json()["source"]
    assert store.has_source(source)
    again = client.post("/v1/sources", content=ttl, headers={"Content-Type": "text/turtle"})
    assert again.status_code == 200 and again.json()["status"] == "unchanged"
    bad = client.post("/v1/sources", content=b"<a> <b> .", headers={"Content-Type": "text/turtle"})
    assert bad.status_code == 400 and "line" in bad.json()["error"]["message"].lower()
    assert (
        client.post("/v1/sources", content=b"x", headers={"Content-Type": "image/png"}).status_code
        == 415
    )

    short = "kgfcs:" + source.rsplit("/source/", 1)[1]
    d = client.delete(f"/v1/sources/{short}")
    assert d.status_code == 200 and d.json()["quads_removed"] > 0
    assert not store.has_source(source)
    assert client.delete(f"/v1/sources/{short}").status_code == 404


def test_deleting_a_source_marks_the_claims_that_cited_it_stale(tmp_path):
    from tests.conftest import DATA

    s = OxigraphStore(tmp_path / "store")
    try:
        source = s.load_file(DATA / "obama.ttl").source
        with make_client(s, tmp_path) as c:
            r = c.post("/v1/verify", json={"triple": ["Q76", "P19", "Q18094"], "id": "st-1"})
            assert r.json()["verdict"] == "SUPPORTED"
            d = c.delete("/v1/sources/" + source)
            assert d.status_code == 200 and d.json()["stale_claims"] == ["st-1"]
            claim = c.get("/v1/claims/st-1").json()
            assert claim["verdict"] == "SUPPORTED"  # kept, but marked
        from kgfc.kg.verdicts import stale_claim_texts

        assert [cid for cid, _, _ in stale_claim_texts(s)] == ["st-1"]
    finally:
        s.close()


def test_health_and_metrics(client):
    client.post("/v1/verify", json={"triple": ["Q76", "P19", "Q18094"], "id": "m-1"})
    client.get("/sparql", params={"query": "ASK {}"})
    h = client.get("/health").json()
    assert h["status"] == "ok" and "jobs_pending" in h
    m = client.get("/metrics")
    assert m.headers["content-type"].startswith("text/plain")
    text = m.text
    assert 'kgfc_http_requests_total{method="POST",route="/v1/verify",status="200"}' in text
    assert 'kgfc_verdicts_total{verdict="SUPPORTED"}' in text
    assert 'kgfc_sparql_queries_total{origin="endpoint"}' in text
    assert "kgfc_http_request_duration_seconds_bucket" in text
    assert "kgfc_llm_tokens_total" in text and "kgfc_jobs_pending" in text


def test_verify_says_where_its_time_went_and_metrics_keep_it_per_stage(client):
    """Per-stage seconds in the result's counters; one histogram sample per stage that ran."""
    import re

    text = client.post("/v1/verify", json={"claim": "Barack Obama was born in Honolulu."}).json()
    c = text["counters"]
    assert all(c[f"{s}_seconds"] > 0 for s in ("read", "link", "beam", "reason", "record"))
    triple = client.post(
        "/v1/verify", json={"triple": ["Q76", "P19", "Q18094"], "record": False}
    ).json()["counters"]
    assert triple["read_seconds"] == 0 == triple["record_seconds"]  # nothing to read or record
    assert (
        triple["link_seconds"] > 0 and triple["beam_seconds"] > 0 and triple["reason_seconds"] > 0
    )

    metrics = client.get("/metrics").text
    counts = {
        m[1]: float(m[2])
        for m in re.finditer(
            r'kgfc_verify_stage_duration_seconds_count\{stage="(\w+)"\} (\S+)', metrics
        )
    }
    assert counts == {"read": 1, "link": 2, "beam": 2, "reason": 2, "record": 1}
    assert 'kgfc_verify_stage_duration_seconds_bucket{le="0.01",stage="reason"}' in metrics


def test_openapi_schema_lists_the_api(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {
        "/v1/verify",
        "/v1/jobs",
        "/v1/jobs/{job_id}",
        "/v1/claims/{claim_id}",
        "/sparql",
        "/health",
    } <= set(paths)


def test_cors_only_when_configured(store, tmp_path):
    pre = {"Origin": "https://yasgui.example", "Access-Control-Request-Method": "GET"}
    with make_client(store, tmp_path) as c:
        r = c.get(
            "/sparql", params={"query": "ASK {}"}, headers={"Origin": "https://yasgui.example"}
        )
        assert "access-control-allow-origin" not in r.headers
    with make_client(store, tmp_path, cors_origins=("https://yasgui.example",)) as c:
        r = c.options("/sparql", headers=pre)
        assert r.status_code == 200
        assert r.headers["access-control-allow-origin"] == "https://yasgui.example"
        r = c.get(
            "/sparql", params={"query": "ASK {}"}, headers={"Origin": "https://yasgui.example"}
        )
        assert r.headers["access-control-allow-origin"] == "https://yasgui.example"
        assert (
            c.options("/sparql", headers={**pre, "Origin": "https://evil.example"}).status_code
            == 400
        )


def test_sources_ingest_documents(client, store):
    doc = {
        "id": "doc-1",
        "title": "Michelle Obama",
        "text": "Michelle Obama was born in Chicago. She married Barack Obama in 1992.",
    }
    r = client.post("/v1/sources", json={"documents": [doc], "query": "api test"})
    assert r.status_code == 201, r.text
    report = r.json()
    assert report["documents"] == 1 and report["added"] == 1
    assert client.post("/v1/sources", json={"documents": [doc]}).json()["unchanged"] == 1
    bad = client.post("/v1/sources", json={"urls": ["/etc/passwd"]})
    assert bad.status_code == 400 and "http(s)" in bad.json()["error"]["message"]
    assert client.post("/v1/sources", json={"documents": [{"title": "no text"}]}).status_code == 400


def test_warm_up_loads_what_an_ambiguous_claim_needs(tmp_path, monkeypatch):
    """The server's warm-up also loads the range statistics and the sentence embedder,
    which its two sample claims do not reach: the first ambiguous name would wait on them."""
    from kgfc.nlp import embed
    from kgfc.reason.kgstats import stats_for
    from kgfc.service.engine import Engine
    from tests.conftest import DATA

    monkeypatch.setattr(embed, "_INSTANCES", {})
    s = OxigraphStore(tmp_path / "store")
    s.load_file(DATA / "obama.ttl")
    try:
        Engine(load_settings(offline=True), s).warm_up()
        assert stats_for(s)._ranges is not None
        assert stats_for(s)._functionality is not None
        assert embed.DEFAULT_EMBEDDER in embed._INSTANCES
    finally:
        s.close()
