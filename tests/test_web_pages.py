"""The web app's pages and writes through the ASGI test client: paging, filters, escaping,
the security headers, error pages and the CSRF rules. (The browser tests are test_web_app.py.)"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, quote, urlparse

import pyoxigraph as ox
import pytest

pytest.importorskip("fastapi")
from fakes.sparql_server import WIKIDATA_FIXTURE, oxigraph_endpoint, sparql_update  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.kg.verdicts import source_parts, verdict_quads  # noqa: E402
from kgfc.models import EvidenceFact, Fact, Verdict, VerdictLabel  # noqa: E402
from kgfc.service.app import ServiceConfig, create_app  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402
from tests.conftest import DATA  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
WD, WDT = V.WD, V.WDT
EVIL = "<img src=x onerror=alert(1)>Evil <b>Corp</b>"
LABELS = ["SUPPORTED", "REFUTED", "NOT ENOUGH INFO"]
N_CLAIMS = 120


def claim_graphs(
    n: int, source: str, start: datetime, prefix: str = "w"
) -> dict[str, list[ox.Quad]]:
    """n recorded claims citing one fact of ``source``, a second apart, some at the same time."""
    fact = Fact(subject=WD + "Q76", predicate=WDT + "P19", object=WD + "Q18094", source=source)
    ev = [EvidenceFact(id="E1", fact=fact, text="Barack Obama place of birth Honolulu")]
    graphs = {}
    for i in range(n):
        label = VerdictLabel(LABELS[i % 3])
        verdict = Verdict(label=label, confidence=0.9, justification="From E1.", cited=["E1"])
        text = f"Claim number {i:03d}" + (" <script>alert(1)</script>" if i == 7 else "")
        iri, quads = verdict_quads(f"{prefix}-{i:03d}", text, verdict, ev, "local")
        when = start + timedelta(seconds=i // 2)  # pairs share a timestamp: keyset ties
        quads = [
            ox.Quad(
                q.subject,
                q.predicate,
                ox.Literal(when.isoformat(), datatype=ox.NamedNode(V.XSD + "dateTime")),
                q.graph_name,
            )
            if q.predicate.value == V.PROV + "generatedAtTime"
            else q
            for q in quads
        ]
        graphs[iri + "/graph"] = quads
    return graphs


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    base = tmp_path_factory.mktemp("web")
    (base / "evil.ttl").write_text(
        "@prefix wd: <http://www.wikidata.org/entity/> .\n"
        "@prefix wdt: <http://www.wikidata.org/prop/direct/> .\n"
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
        f'wd:Q900001 rdfs:label "{EVIL.replace(chr(34), chr(92) + chr(34))}"@en ; wdt:P17 wd:Q30 .\n'
        + "".join(f"wd:Q9{i:05d} wdt:P31 wd:Q5 .\n" for i in range(120)),
        encoding="utf-8",
    )
    s = OxigraphStore(base / "store")
    obama = s.load_file(DATA / "obama.ttl").source
    evil = s.load_file(base / "evil.ttl").source
    s.write_graphs(claim_graphs(N_CLAIMS, obama, datetime(2026, 1, 1, tzinfo=UTC)))
    s.obama, s.evil = obama, evil
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


def wait_for_index(c: TestClient) -> None:
    ctx = c.app.state.kgfc
    deadline = time.monotonic() + 30
    while not (ctx.claims and ctx.claims.ready) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ctx.claims.ready


def both_paths(store, tmp_path, path: str):
    """A client whose claims table reads from the claims index, or from the SPARQL fallback."""
    with make_client(store, tmp_path) as c:
        wait_for_index(c)
        if path == "sparql":
            c.app.state.kgfc.claims.ready = False
        yield c


@pytest.fixture(params=["index", "sparql"])
def client(store, tmp_path, request):
    """Both ways the claims table reads: the server's claims index, and the SPARQL fallback."""
    yield from both_paths(store, tmp_path, request.param)


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.rows: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def claim_ids(html: str) -> list[str]:
    return re.findall(r'<a href="/claims/([\w-]+)">', html)


def test_claims_table_pages_newest_first_with_ties(client):
    seen, url = [], "/claims"
    while url:
        r = client.get(url)
        assert r.status_code == 200
        ids = claim_ids(r.text)
        assert 0 < len(ids) <= 50
        seen += ids
        m = re.search(r'<a rel="next" id="next-page" href="([^"]+)"', r.text)
        url = m.group(1).replace("&amp;", "&") if m else None
    assert len(seen) == len(set(seen)) == N_CLAIMS
    # newest first; two claims share each second, and both appear once
    assert set(seen[:2]) == {"w-118", "w-119"} and set(seen[-2:]) == {"w-000", "w-001"}
    assert [int(i[2:]) // 2 for i in seen] == sorted(
        (i // 2 for i in range(N_CLAIMS)), reverse=True
    )
    assert f"{N_CLAIMS} claims." in client.get("/claims").text


def test_claims_table_filters(client):
    r = client.get("/claims", params={"verdict": "refuted"})
    ids = claim_ids(r.text)
    assert ids and all(int(i[2:]) % 3 == 1 for i in ids)
    assert "40 claims match." in r.text
    r = client.get("/claims", params={"q": "NUMBER 00"})
    assert sorted(claim_ids(r.text)) == [f"w-00{i}" for i in range(10)]
    assert client.get("/claims", params={"stale": "yes"}).text.count("<tr>") == 0
    # the next page keeps the filters
    r = client.get("/claims", params={"verdict": "supported"})
    nxt = re.search(r'<a rel="next" id="next-page" href="([^"]+)"', r.text)
    assert nxt is None  # 40 fit on one page
    assert client.get("/claims", params={"verdict": "maybe"}).status_code == 422


def test_pages_escape_untrusted_text_and_carry_a_strict_policy(client, store):
    r = client.get("/claims", params={"q": "script"})
    assert "<script>alert(1)</script>" not in r.text
    assert "Claim number 007 &lt;script&gt;alert(1)&lt;/script&gt;" in r.text
    entity = client.get("/entity", params={"iri": WD + "Q900001"})
    assert entity.status_code == 200
    assert EVIL not in entity.text and "&lt;img src=x onerror=alert(1)&gt;Evil" in entity.text
    for page in (
        r,
        entity,
        client.get("/"),
        client.get("/claims/w-007"),
        client.get("/sources"),
        client.get("/source", params={"iri": store.obama}),
        client.get("/query"),
    ):
        assert page.status_code == 200, page.url
        csp = page.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "style-src 'self'" in csp
        assert "unsafe" not in csp and "default-src 'none'" in csp
        parser = Tags()
        parser.feed(page.text)
        for tag, attrs in parser.tags:
            assert "style" not in attrs, (page.url, tag)
            assert not any(k.startswith("on") for k in attrs), (page.url, tag)
            if tag == "script":
                assert attrs.get("src", "").startswith("/static/") or attrs == {
                    "type": "application/json",
                    "id": attrs.get("id"),
                }, (page.url, attrs)
            for k in ("src", "href"):
                v = attrs.get(k) or ""
                if tag in ("script", "link", "img"):
                    assert not v or v.startswith("/"), (page.url, tag, v)


def test_claim_page_shows_the_stored_claim_and_its_source(client, store):
    r = client.get("/claims/w-007")
    assert 'id="verdict">REFUTED<' in r.text
    assert f'href="/source?iri={quote(store.obama, safe="/")}"' in r.text
    assert '"evidence": "E1"' in r.text  # the graph's data
    assert 'href="/v1/claims/w-007/evidence?format=trig"' in r.text


def test_unknown_things_are_error_pages(client):
    for url, status in (
        ("/claims/nope", 404),
        ("/source?iri=urn:nothing", 404),
        ("/entity?iri=urn:nothing", 404),
        ("/claims?before=yesterday", 400),
        ("/jobs/job-nope", 404),
    ):
        r = client.get(url)
        assert r.status_code == status, url
        assert r.headers["content-type"].startswith("text/html")
        assert "<h1>" in r.text and "content-security-policy" in r.headers


def test_source_page_pages_facts_and_lists_citing_claims(client, store):
    r = client.get("/source", params={"iri": store.evil})
    assert r.status_code == 200
    assert r.text.count("<tr><td>") == 50
    nxt = re.search(r'<a rel="next" href="/source\?([^"]+)"', r.text).group(1)
    offset = parse_qs(nxt.replace("&amp;", "&"))["offset"]
    assert offset == ["50"]
    last = client.get("/source", params={"iri": store.evil, "offset": 100})
    assert last.text.count("<tr><td>") == 21 and 'rel="next"' not in last.text
    assert "No recorded verdict cites it." in r.text
    obama = client.get("/source", params={"iri": store.obama})
    assert obama.text.count('<li><span class="badge') >= N_CLAIMS  # citing + in the dialog


def test_query_page_offers_every_named_query(client):
    from kgfc.resources import query_names

    html = client.get("/query").text
    for name in query_names("sparql"):
        assert f'<option value="{name}">' in html


def test_query_page_has_a_cypher_tab_only_with_a_mirror(store, tmp_path):
    with make_client(store, tmp_path) as c:
        assert "language-cypher" not in c.get("/query").text
    settings = load_settings(offline=True).model_copy(
        update={"cypher_uri": "neo4j://db.example:7687", "neo4j_password": "pw"}
    )
    config = ServiceConfig(settings=settings, jobs_db=tmp_path / "jobs2.sqlite3", warm_up=False)
    with TestClient(create_app(config, store=store)) as c:
        page = c.get("/query").text
        assert 'id="language-cypher"' in page and "Cypher (Neo4j mirror)" in page
        assert "db.example" not in page  # the mirror's address stays on the server
        # the read-only named Cypher queries are the examples; kg sync's writes are not
        for name in ("claim_evidence", "claims_using_source", "conflicting_values"):
            assert f'value="cypher:{name}"' in page
        assert "merge_facts" not in page and "remove_source" not in page


def test_label_lookup_for_autocompletion(client):
    hits = client.get("/ui/labels", params={"q": "Obama"}).json()
    assert hits[0]["id"] == WD + "Q76" and hits[0]["label"] in ("Barack Obama", "Obama")


def test_writes_need_json_the_same_site_and_the_token(store, tmp_path):
    with make_client(store, tmp_path, token="s3cret") as c:
        auth = {"Authorization": "Bearer s3cret"}
        body = {"source": "urn:nothing"}
        assert c.post("/ui/retract", json=body).status_code == 401
        assert (
            c.post("/ui/retract", json=body, headers={**auth, "Origin": "http://evil"}).status_code
            == 403
        )
        cross = {**auth, "Sec-Fetch-Site": "cross-site"}
        assert c.post("/ui/retract", json=body, headers=cross).status_code == 403
        plain = {**auth, "Content-Type": "text/plain"}
        assert c.post("/ui/retract", content=b'{"source": "x"}', headers=plain).status_code == 415
        assert c.post("/ui/retract", json=body, headers=auth).status_code == 404
        claim_graph = {"source": V.KGFC_CLAIM + "abc/graph"}
        assert c.post("/ui/retract", json=claim_graph, headers=auth).status_code == 400
        # the page tells the script a token is needed
        assert 'data-token-required="yes"' in c.get("/").text


def test_retract_marks_citing_claims_stale_and_recheck_queues_them(tmp_path):
    s = OxigraphStore(tmp_path / "store")
    try:
        src = s.load_file(DATA / "obama.ttl").source
        s.write_graphs(claim_graphs(3, src, datetime(2026, 1, 1, tzinfo=UTC)))
        with make_client(s, tmp_path) as c:
            wait_for_index(c)
            r = c.post("/ui/retract", json={"source": src})
            assert r.status_code == 200, r.text
            assert r.json()["stale_claims"] == ["w-000", "w-001", "w-002"]
            page = c.get("/claims", params={"stale": "yes"})
            assert sorted(claim_ids(page.text)) == ["w-000", "w-001", "w-002"]
            assert c.app.state.kgfc.claims.ready  # the page above came from the index
            assert 'id="stale-notice"' in c.get("/claims/w-001").text
            job = c.post("/ui/recheck-stale", json={})
            assert job.status_code == 202
            status = c.get(job.json()["url"])
            assert status.status_code == 200 and "of 3" in status.text
    finally:
        s.close()


def test_batch_page_queues_pasted_lines_as_a_job(store, tmp_path):
    with make_client(store, tmp_path, token="s3cret") as c:
        page = c.get("/jobs")
        assert page.status_code == 200 and 'id="job-form"' in page.text
        assert '<a href="/jobs" aria-current="page">Batch</a>' in page.text
        auth = {"Authorization": "Bearer s3cret"}
        lines = 'Barack Obama was born in Honolulu.\n\n{"triple": ["Q76", "P19", "Q18094"]}\n{bad\n'
        body = {"lines": lines, "record": False}
        # the same write rules as every other write of the web app
        assert c.post("/ui/jobs", json=body).status_code == 401
        foreign = {**auth, "Origin": "http://evil"}
        assert c.post("/ui/jobs", json=body, headers=foreign).status_code == 403
        assert c.post("/ui/jobs", json={"lines": " \n"}, headers=auth).status_code == 400
        r = c.post("/ui/jobs", json=body, headers=auth)
        assert r.status_code == 202, r.text
        job = r.json()
        assert job["total"] == 3 and job["url"] == f"/jobs/{job['job']}"
        status = c.get(f"/v1/jobs/{job['job']}", headers=auth).json()
        first, second, bad = (it["request"] for it in status["items"])
        assert (first["claim"], first["record"]) == ("Barack Obama was born in Honolulu.", False)
        assert (second["triple"], second["record"]) == (["Q76", "P19", "Q18094"], False)
        assert "line 4, column 2: invalid JSON" in status["items"][2]["error"]


def test_document_page_checks_a_pasted_document_and_shows_it_annotated(store, tmp_path):
    text = (
        "Barack Obama was born in Honolulu. He is married to Michelle Obama. "
        "He wrote <script>alert(1)</script> songs."
    )
    with make_client(store, tmp_path, token="s3cret") as c:
        auth = {"Authorization": "Bearer s3cret"}
        assert 'id="document-form"' in c.get("/documents").text
        body = {"text": text, "format": "text", "record": False}
        assert c.post("/ui/documents", json=body).status_code == 401
        empty = c.post("/ui/documents", json={"text": "  ", "record": False}, headers=auth)
        assert empty.status_code == 400 and "empty" in empty.json()["error"]["message"].lower()
        r = c.post("/ui/documents", json=body, headers=auth)
        assert r.status_code == 200, r.text
        done = r.json()
        assert done["url"] == f"/documents/{done['id']}" and done["claims"] >= 2
        page = c.get(done["url"])
        assert page.status_code == 200
        # the annotated page's own policy: its inline style and script by hash, nothing else
        csp = page.headers["content-security-policy"]
        assert "script-src 'sha256-" in csp and "'self'" not in csp and "unsafe" not in csp
        assert len(re.findall(r'<mark class="fc v-supported"', page.text)) == 1
        assert "<script>alert" not in page.text and "&lt;script&gt;alert(1)" in page.text
        # the form page lists it; an id this server never checked is a 404 page
        assert done["url"] in c.get("/documents").text
        missing = c.get("/documents/d-0000000000")
        assert missing.status_code == 404 and "check it again" in missing.text


def test_a_server_stopped_at_once_leaves_no_warm_up_running(tmp_path):
    """Stopping during the warm-up waits for it: otherwise it would start the job runner after
    the runner was stopped and read the claims index from a store about to close."""
    s = OxigraphStore(tmp_path / "store")
    try:
        s.load_file(DATA / "obama.ttl")
        with make_client(s, tmp_path) as c:
            ctx = c.app.state.kgfc
        assert ctx.warm and ctx.claims.ready
        assert not [t for t in threading.enumerate() if t.name in ("kgfc-warm-up", "kgfc-jobs")]
    finally:
        s.close()


def test_vendored_library_matches_its_pin_and_has_its_licence():
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "vendor_js.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    vendor = ROOT / "kgfc" / "service" / "web" / "static" / "vendor"
    assert "Permission is hereby granted" in (vendor / "cytoscape.LICENSE").read_text()
    # and it is served from this server
    assert urlparse("/static/vendor/cytoscape.min.js").netloc == ""


def test_claims_index_follows_the_servers_own_writes(tmp_path):
    s = OxigraphStore(tmp_path / "store")
    try:
        src = s.load_file(DATA / "obama.ttl").source
        s.write_graphs(claim_graphs(3, "urn:gone", datetime(2026, 1, 1, tzinfo=UTC)))
        with make_client(s, tmp_path) as c:
            wait_for_index(c)
            for _ in range(2):  # recording the same claim again replaces its row
                r = c.post("/v1/verify", json={"triple": ["Q76", "P19", "Q18094"], "id": "fresh-1"})
                assert r.status_code == 200, r.text
            ids = claim_ids(c.get("/claims").text)
            assert ids[:2] == ["fresh-1", "w-002"] and sorted(ids[2:]) == ["w-000", "w-001"]
            assert "4 claims." in c.get("/claims").text
            assert (
                "1 claim matches."
                in c.get("/claims", params={"verdict": "supported", "q": "obama"}).text
            )
            # retracting the source through the HTTP API makes the fresh claim stale here too
            r = c.delete("/v1/sources/" + src)
            assert r.status_code == 200 and r.json()["stale_claims"] == ["fresh-1"], r.text
            assert claim_ids(c.get("/claims", params={"stale": "yes"}).text) == ["fresh-1"]
            # and checking it again records a verdict that is not stale
            r = c.post("/v1/verify", json={"triple": ["Q76", "P19", "Q18094"], "id": "fresh-1"})
            assert r.status_code == 200, r.text
            assert claim_ids(c.get("/claims", params={"stale": "yes"}).text) == []
            assert c.app.state.kgfc.claims.ready  # every page above came from the index
    finally:
        s.close()


@pytest.fixture(scope="module")
def dated_store(tmp_path_factory):
    """Claims citing three sources, checked in January, February and March 2026; the March ones
    cite a named graph of a loaded file (a part of the file's source)."""
    base = tmp_path_factory.mktemp("dated")
    (base / "parts.trig").write_text(
        "@prefix wd: <http://www.wikidata.org/entity/> .\n"
        "@prefix wdt: <http://www.wikidata.org/prop/direct/> .\n"
        "<urn:example:part> { wd:Q76 wdt:P19 wd:Q18094 . }\n",
        encoding="utf-8",
    )
    s = OxigraphStore(base / "store")
    s.obama = s.load_file(DATA / "obama.ttl").source
    s.file = s.load_file(base / "parts.trig").source
    (part,) = source_parts(s, s.file)[1:]
    s.write_graphs(claim_graphs(6, s.obama, datetime(2026, 1, 31, 23, 59, 58, tzinfo=UTC), "jan"))
    s.write_graphs(claim_graphs(4, "urn:example:gone", datetime(2026, 2, 10, tzinfo=UTC), "feb"))
    s.write_graphs(claim_graphs(2, part, datetime(2026, 3, 1, tzinfo=UTC), "mar"))
    yield s
    s.close()


@pytest.fixture(params=["index", "sparql"])
def dated(dated_store, tmp_path, request):
    yield from both_paths(dated_store, tmp_path, request.param)


def test_claims_table_filters_by_check_date_and_cited_source(dated, dated_store):
    def ids(**params) -> list[str]:
        r = dated.get("/claims", params=params)
        assert r.status_code == 200, r.text
        return sorted(claim_ids(r.text))

    jan = [f"jan-{i:03d}" for i in range(6)]
    # jan-000..003 were checked on 31 January, jan-004 and 005 at midnight on 1 February (UTC)
    assert ids(to="2026-01-31") == jan[:4]
    assert ids(**{"from": "2026-02-01", "to": "2026-02-01"}) == jan[4:]
    assert ids(**{"from": "2026-02-11"}) == ["mar-000", "mar-001"]
    assert "4 claims match." in dated.get("/claims", params={"to": "2026-01-31"}).text
    assert ids(source=dated_store.obama) == jan
    assert ids(source="urn:example:gone", verdict="supported") == ["feb-000", "feb-003"]
    # a loaded file's source takes in the claims citing its named graphs
    assert ids(source=dated_store.file) == ["mar-000", "mar-001"]
    assert ids(source=V.short(dated_store.file)) == ["mar-000", "mar-001"]  # kgfcs: short form
    assert ids(source=dated_store.obama, **{"from": "2026-02-01"}) == jan[4:]
    assert ids(source="urn:example:nothing") == []
    # the filter stays on the form and on the next page's link
    page = dated.get("/claims", params={"source": dated_store.obama, "to": "2026-03-01"}).text
    assert f'value="{dated_store.obama}"' in page and 'value="2026-03-01"' in page
    evil = dated.get("/claims", params={"source": '"><script>alert(1)</script>'})
    assert evil.status_code == 400 and "<script>alert" not in evil.text
    quoted = dated.get("/claims", params={"source": "urn:x:a&b'c"}).text
    assert 'value="urn:x:a&amp;b&#39;c"' in quoted
    for bad in (
        {"from": "yesterday"},
        {"to": "2026-02-30"},
        {"from": "2026-03-02", "to": "2026-03-01"},
    ):
        assert dated.get("/claims", params=bad).status_code == 400


def test_claims_table_pages_with_a_date_filter(client):
    """Keyset paging inside a date window: 120 claims, two a second from 2026-01-01T00:00:00."""
    seen, url = [], "/claims?from=2026-01-01&to=2026-01-01"
    while url:
        html = client.get(url).text
        seen += claim_ids(html)
        m = re.search(r'<a rel="next" id="next-page" href="([^"]+)"', html)
        url = m.group(1).replace("&amp;", "&") if m else None
        assert url is None or "from=2026-01-01" in url
    assert sorted(seen) == [f"w-{i:03d}" for i in range(N_CLAIMS)]
    assert client.get("/claims", params={"from": "2026-01-02"}).text.count("<tr>") == 0


def test_source_page_links_to_the_claims_citing_it(client, store):
    page = client.get("/source", params={"iri": store.obama}).text
    href = re.search(r'<a id="citing-claims-link" href="([^"]+)"', page).group(1)
    table = client.get(href.replace("&amp;", "&"))
    assert f"{N_CLAIMS} claims match." in table.text


@pytest.fixture
def wdqs(tmp_path):
    """A local SPARQL server standing in for Wikidata (function-scoped: a test edits it)."""
    (tmp_path / "wdqs").mkdir()
    with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path / "wdqs") as url:
        yield url


@pytest.mark.slow
def test_refresh_a_source_marks_the_claims_whose_facts_went_stale(wdqs, tmp_path):
    from kgfc.kg.wikidata import WikidataSource

    settings = load_settings(offline=False, wikidata_endpoint=wdqs)
    s = OxigraphStore(tmp_path / "store")
    try:
        WikidataSource(s, settings).enrich(["Q76"], hops=1)
        (src,) = [x.iri for x in s.sources() if x.kind.value == "wikidata"]
        s.write_graphs(claim_graphs(2, src, datetime(2026, 1, 1, tzinfo=UTC)))
        obama_file = s.load_file(DATA / "obama.ttl").source
        config = ServiceConfig(
            settings=settings, jobs_db=tmp_path / "jobs.sqlite3", warm_up=False, token="s3cret"
        )
        with TestClient(create_app(config, store=s)) as c:
            wait_for_index(c)
            page = c.get("/source", params={"iri": src}).text
            # the confirmation lists the verdicts that cite it
            start = page.index('id="refresh-dialog"')
            dialog = page[start : page.index("</dialog>", start)]
            assert dialog.count("Claim number") == 2 and 'id="refresh-confirm"' in dialog
            url = "/v1/sources/" + quote(src, safe="") + "/refresh"
            auth = {"Authorization": "Bearer s3cret"}
            assert c.post(url).status_code == 401
            assert c.post(url, headers={**auth, "Origin": "http://evil"}).status_code == 403
            assert c.post(url, headers={**auth, "Sec-Fetch-Site": "cross-site"}).status_code == 403
            r = c.post(url, headers=auth)  # nothing changed at Wikidata: no verdict affected
            assert r.status_code == 200 and r.json()["stale_claims"] == [], r.text
            sparql_update(wdqs, f"DELETE DATA {{ <{WD}Q76> <{WDT}P19> <{WD}Q18094> }}")
            r = c.post("/v1/sources/" + V.short(src) + "/refresh", json={}, headers=auth)
            assert r.status_code == 200, r.text
            assert r.json()["stale_claims"] == ["w-000", "w-001"] and r.json()["removed"] >= 1
            assert sorted(claim_ids(c.get("/claims", params={"stale": "yes"}).text)) == [
                "w-000",
                "w-001",
            ]
            assert c.app.state.kgfc.claims.ready  # the page above came from the index
            # a source kgfc cannot fetch again: a clear refusal, its facts kept
            r = c.post("/v1/sources/" + quote(obama_file, safe="") + "/refresh", headers=auth)
            assert r.status_code == 409 and "Wikidata" in r.json()["error"]["message"]
            assert (
                "Only Wikidata entity sources" in c.get("/source", params={"iri": obama_file}).text
            )
            assert c.post("/v1/sources/kgfcs:nope/refresh", headers=auth).status_code == 404
    finally:
        s.close()


def test_refresh_on_an_offline_server_says_why_it_cannot(tmp_path):
    from kgfc.kg.terms import provenance_quads, source_iri
    from kgfc.models import Source, SourceKind

    s = OxigraphStore(tmp_path / "store")
    try:
        src = Source(iri=source_iri("wikidata", "Q76"), kind=SourceKind.WIKIDATA, query="Q76")
        g = ox.NamedNode(src.iri)
        fact = ox.Quad(
            ox.NamedNode(WD + "Q76"), ox.NamedNode(WDT + "P19"), ox.NamedNode(WD + "Q18094"), g
        )
        s.write_graphs({src.iri: [fact, *provenance_quads(src)]})
        with make_client(s, tmp_path, token="s3cret") as c:
            page = c.get("/source", params={"iri": src.iri}).text
            assert "This server is offline" in page and 'id="refresh-button"' not in page
            r = c.post(
                "/v1/sources/" + quote(src.iri, safe="") + "/refresh",
                headers={"Authorization": "Bearer s3cret"},
            )
            assert r.status_code == 400, r.text
            error = r.json()["error"]
            assert "offline" in error["message"] and "KGFC_OFFLINE" in error["hint"]
            assert s.contains(fact)  # the source keeps its facts
    finally:
        s.close()
