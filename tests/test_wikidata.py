"""Wikidata source: the production SPARQLWrapper/httpx code against local servers.

A real ``oxigraph serve`` on 127.0.0.1, loaded with a Wikidata-style fixture,
stands in for WDQS; a scripted HTTP server plays 429/500/400 answers and the
recorded ``wbsearchentities`` response. Nothing here touches the network, and
retries sleep through an injected fake, so no test waits on a clock.
"""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import textwrap
import urllib.error
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path

import pytest
from fakes.http_server import scripted_server
from fakes.sparql_server import WIKIDATA_FIXTURE, free_port, oxigraph_endpoint
from SPARQLWrapper import SPARQLWrapper

from kgfc.errors import (
    InputError,
    RemoteError,
    RemoteRateLimited,
    RemoteUnavailable,
    UsageError,
)
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.wikidata import QUERY_NAME, KGSource, LocalKGSource, WikidataSource, wikidata_item
from kgfc.models import SourceKind
from kgfc.retry import call_with_retries, parse_retry_after
from kgfc.settings import Settings

WD, WDT = V.WD, V.WDT
CASSETTES = Path(__file__).parent / "cassettes"
SPARQL_JSON = {"Content-Type": "application/sparql-results+json"}


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory) -> str:
    with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path_factory.mktemp("wdqs")) as url:
        yield url


@pytest.fixture
def store():
    s = OxigraphStore()
    yield s
    s.close()


@pytest.fixture
def sleeps() -> list[float]:
    return []


def settings_for(tmp_path: Path, endpoint: str = "http://127.0.0.1:9/query", **kw) -> Settings:
    base = {
        "home": tmp_path / "home",
        "offline": False,
        "wikidata_endpoint": endpoint,
        "retries": 0,
        "backoff": 0.5,
    }
    return Settings(**{**base, **kw})


def closed_port_url() -> str:
    return f"http://127.0.0.1:{free_port()}/query"


def named_graphs(store: OxigraphStore) -> set[str]:
    return {
        r["g"].value for r in store.sparql("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }")
    }


# -- SPARQL JSON helpers for the scripted server ---------------------------------
def uri(iri: str) -> dict:
    return {"type": "uri", "value": iri}


def lit(value: str, lang: str | None = None, datatype: str | None = None) -> dict:
    out = {"type": "literal", "value": value}
    if lang:
        out["xml:lang"] = lang
    if datatype:
        out["datatype"] = datatype
    return out


def results(*rows: dict) -> dict:
    names = sorted({k for r in rows for k in r})
    return {"head": {"vars": names}, "results": {"bindings": list(rows)}}


def ok(body: dict) -> tuple[int, dict, dict]:
    return 200, SPARQL_JSON, body


OBAMA_OUT = results(
    {
        "entity": uri(WD + "Q76"),
        "property": uri(WDT + "P19"),
        "propertyEntity": uri(WD + "P19"),
        "value": uri(WD + "Q18094"),
        "propertyLabel": lit("place of birth", "en"),
        "valueLabel": lit("Honolulu", "en"),
    }
)
EMPTY = results()


# -- the templates against a real SPARQL server ----------------------------------
def test_templates_run_unchanged_on_a_real_sparql_server(endpoint, store, tmp_path):
    src = WikidataSource(store, settings_for(tmp_path, endpoint))
    facts = src.neighbourhood(["Q76"])
    assert src.sparql_queries == 3  # outgoing, incoming, labels

    out = {(f.predicate, f.object) for f in facts if f.subject == WD + "Q76"}
    assert out == {
        (WDT + "P31", WD + "Q5"),
        (WDT + "P19", WD + "Q18094"),
        (WDT + "P26", WD + "Q13133"),
        (WDT + "P27", WD + "Q30"),
        (WDT + "P102", WD + "Q29552"),
        (WDT + "P569", "1961-08-04T00:00:00Z"),
        (WDT + "P1477", "Barack Hussein Obama II"),
    }
    assert WDT + "P214" not in {f.predicate for f in facts}, (
        "ExternalId properties are filtered out"
    )
    incoming = [(f.subject, f.predicate) for f in facts if f.object == WD + "Q76"]
    assert incoming == [(WD + "Q13133", WDT + "P26")]

    by_pred = {f.predicate: f for f in facts if f.subject == WD + "Q76"}
    born = by_pred[WDT + "P569"]
    assert (born.object_is_literal, born.datatype, born.lang) == (True, V.XSD + "dateTime", None)
    name = by_pred[WDT + "P1477"]
    assert (name.object_is_literal, name.lang) == (True, "en")
    # labels of the neighbours and of the properties came along
    birthplace = by_pred[WDT + "P19"]
    assert (birthplace.subject_label, birthplace.predicate_label, birthplace.object_label) == (
        "Barack Obama",
        "place of birth",
        "Honolulu",
    )
    assert (
        by_pred[WDT + "P102"].verbalise()
        == "Barack Obama member of political party Democratic Party"
    )
    # the entity's own aliases and description, English only
    hits = store.search_labels("Barack Hussein Obama II")
    assert hits[0].entity == WD + "Q76" and hits[0].kind == "alias"
    assert hits[0].description == "president of the United States from 2009 to 2017"
    french = store.sparql('SELECT ?o WHERE { GRAPH ?g { ?s ?p ?o FILTER(LANG(?o) = "fr") } }')
    assert list(french) == []


def test_fetched_data_land_as_one_graph_per_entity_with_provenance(endpoint, store, tmp_path):
    src = WikidataSource(store, settings_for(tmp_path, endpoint))
    facts = src.neighbourhood(["Q76", "wd:Q13133"])
    assert src.sparql_queries == 3, "the whole frontier goes in one query per template"

    sources = store.sources()
    assert {s.iri for s in sources} == {src.graph_iri("Q76"), src.graph_iri("Q13133")}
    for s in sources:
        assert s.kind is SourceKind.WIKIDATA
        assert s.location == endpoint
        assert s.query_name == QUERY_NAME
        assert s.extractor == "SPARQLWrapper"
        assert s.confidence == 1.0
    by_query = {s.query: s for s in sources}
    assert set(by_query) == {"Q76", "Q13133"}
    # 7 outgoing + 1 incoming; 5 outgoing + 1 incoming. directClaim links are not facts.
    assert (by_query["Q76"].facts, by_query["Q13133"].facts) == (8, 6)
    assert store.stats().facts == 14
    assert {f.source for f in facts} == {s.iri for s in sources}
    assert named_graphs(store) == {s.iri for s in sources}
    # the spouse fact sits in both graphs: same fact, two sources, nothing lost
    spouse = [
        f
        for f in facts
        if (f.subject, f.predicate, f.object) == (WD + "Q76", WDT + "P26", WD + "Q13133")
    ]
    assert {f.source for f in spouse} == {src.graph_iri("Q76"), src.graph_iri("Q13133")}


def test_graph_iri_is_per_endpoint_and_entity(store, tmp_path):
    a = WikidataSource(store, settings_for(tmp_path, "http://a.example/sparql"))
    b = WikidataSource(store, settings_for(tmp_path, "http://b.example/sparql"))
    assert a.graph_iri("Q76") == a.graph_iri("http://www.wikidata.org/entity/Q76")
    assert a.graph_iri("Q76") != b.graph_iri("Q76")
    assert a.graph_iri("Q76") != a.graph_iri("Q13133")


def test_second_call_is_served_from_the_store(endpoint, store, tmp_path):
    src = WikidataSource(store, settings_for(tmp_path, endpoint))
    first = src.neighbourhood(["Q76"])
    assert src.sparql_queries == 3
    again = src.neighbourhood(["Q76"])
    assert src.sparql_queries == 3
    fresh = WikidataSource(store, settings_for(tmp_path, endpoint))
    assert fresh.neighbourhood(["Q76"]) == again == first
    assert fresh.sparql_queries == 0


def test_refresh_refetches_and_replaces_without_duplicates(endpoint, store, tmp_path):
    src = WikidataSource(store, settings_for(tmp_path, endpoint))
    before = src.neighbourhood(["Q76"])
    quads = len(store)
    after = src.neighbourhood(["Q76"], refresh=True)
    assert src.sparql_queries == 6
    assert len(store.sources()) == 1
    assert len(store) == quads
    assert sorted(f.key for f in after) == sorted(f.key for f in before)


def test_large_frontier_goes_by_post(endpoint, store, tmp_path):
    made: list[SPARQLWrapper] = []

    def factory(url: str) -> SPARQLWrapper:
        made.append(SPARQLWrapper(url))
        return made[-1]

    ids = ["Q76", *(f"Q{900000 + i}" for i in range(40))]  # unknown items: empty graphs
    src = WikidataSource(store, settings_for(tmp_path, endpoint), sparql_factory=factory)
    facts = src.neighbourhood(ids)
    assert {sw.method for sw in made} == {"POST"}
    assert all(sw.agent == src.settings.user_agent for sw in made)
    assert len([f for f in facts if f.subject == WD + "Q76"]) == 7
    assert len(store.sources()) == 41  # "not on Wikidata" is cached too


# -- enrichment -------------------------------------------------------------------
def test_enrich_two_hops_then_rerun_writes_nothing(endpoint, store, tmp_path):
    src = WikidataSource(store, settings_for(tmp_path, endpoint))
    calls: list[tuple[int, int]] = []
    report = src.enrich(["Q76"], hops=2, progress=lambda done, total: calls.append((done, total)))
    hop2 = {"Q5", "Q13133", "Q18094", "Q29552", "Q30"}
    assert report.entities_requested == 6
    assert report.entities_fetched == report.sources_written == 6
    assert report.entities_cached == 0 and report.failed == {}
    assert report.sparql_queries == 6  # one query per template per hop
    assert {s.query for s in store.sources()} == {"Q76", *hop2}
    assert calls[-1] == (6, 6) and [d for d, _ in calls] == list(range(1, 7))
    # two-hop facts are there; Paris is not reachable from Obama
    assert any(f.predicate == WDT + "P131" for f in store.neighbourhood([WD + "Q782"]))
    assert store.neighbourhood([WD + "Q90"]) == []
    assert report.facts_written == store.stats().facts

    quads = len(store)
    again = src.enrich(["Q76"], hops=2)
    assert (again.entities_cached, again.entities_fetched, again.sources_written) == (6, 0, 0)
    assert again.sparql_queries == 0
    assert len(store) == quads


def test_enrich_caps_each_hop(endpoint, store, tmp_path):
    src = WikidataSource(store, settings_for(tmp_path, endpoint))
    report = src.enrich("Q76", hops=2, max_per_hop=2)
    assert report.entities_requested == 3
    # most connected first (Michelle: spouse both ways), then the lowest id
    assert {s.query for s in store.sources()} == {"Q76", "Q13133", "Q5"}


CRASH_SCRIPT = textwrap.dedent(
    """
    import os, signal, sys
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.settings import Settings

    store_path, home, endpoint, kill_at = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    store = OxigraphStore(store_path)
    settings = Settings(home=home, offline=False, wikidata_endpoint=endpoint, retries=0)

    def progress(done, total):
        print(done, total, flush=True)
        if done == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    WikidataSource(store, settings).enrich(["Q76"], hops=2, progress=progress)
    print("finished", flush=True)
    """
)


def test_killed_enrichment_resumes_without_duplicates(endpoint, tmp_path):
    store_path = tmp_path / "store"
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            CRASH_SCRIPT,
            str(store_path),
            str(tmp_path / "home"),
            endpoint,
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "finished" not in proc.stdout

    with OxigraphStore(store_path) as store:
        src = WikidataSource(store, settings_for(tmp_path, endpoint))
        survived = store.sources()
        assert len(survived) == 3  # Q76 and two of its neighbours were written before the kill
        assert named_graphs(store) == {s.iri for s in survived}, "no graph without its PROV record"

        report = src.enrich(["Q76"], hops=2)
        assert (report.entities_cached, report.entities_fetched) == (3, 3)
        sources = store.sources()
        queries = [s.query for s in sources]
        assert sorted(queries) == sorted(["Q76", "Q5", "Q13133", "Q18094", "Q29552", "Q30"])
        assert len({s.iri for s in sources}) == len(sources) == 6
        assert all(s.iri == src.graph_iri(s.query) for s in sources)
        assert named_graphs(store) == {s.iri for s in sources}
        assert src.enrich(["Q76"], hops=2).sources_written == 0


def test_enrich_records_a_failing_entity_and_goes_on(store, tmp_path, sleeps):
    script = [
        *[(500, {}, "batch of two blew up")] * 4,  # [Q76, Q13133] outgoing, 1 + 3 retries: split
        ok(OBAMA_OUT),  # [Q76] outgoing
        ok(EMPTY),  # [Q76] incoming
        ok(EMPTY),  # [Q76] labels
        *[(500, {}, "Q13133 blew up")]
        * 2,  # [Q13133] outgoing: a half gets one retry, then fails alone
    ]
    with scripted_server(script) as srv:
        settings = settings_for(tmp_path, srv.url + "/sparql", retries=3)
        src = WikidataSource(store, settings, sleep=sleeps.append)
        report = src.enrich(["Q76", "Q13133"])
    assert len(srv.requests) == 9 and len(sleeps) == 4
    assert list(report.failed) == ["Q13133"]
    assert "HTTP 500" in report.failed["Q13133"]
    assert (report.entities_fetched, report.sources_written) == (1, 1)
    assert [s.query for s in store.sources()] == ["Q76"]


def test_a_batch_that_hits_the_limit_is_split(store, tmp_path):
    def incoming_rows(target: str, n: int) -> dict:
        return results(
            *(
                {
                    "entity": uri(WD + target),
                    "property": uri(WDT + "P27"),
                    "propertyEntity": uri(WD + "P27"),
                    "value": uri(f"{WD}Q{1000 + i}"),
                }
                for i in range(n)
            )
        )

    script = [
        ok(EMPTY),  # outgoing [Q76, Q30]
        ok(incoming_rows("Q30", 2000)),  # incoming for both: at the LIMIT, so split
        ok(incoming_rows("Q76", 1)),  # [Q76]
        ok(incoming_rows("Q30", 2000)),  # [Q30]: alone and still at the LIMIT, kept as is
        ok(EMPTY),  # labels
    ]
    with scripted_server(script) as srv:
        src = WikidataSource(store, settings_for(tmp_path, srv.url + "/sparql"))
        src.enrich(["Q76", "Q30"])
    assert len(srv.requests) == 5
    by_query = {s.query: s for s in store.sources()}
    assert (by_query["Q76"].facts, by_query["Q30"].facts) == (1, 2000)
    assert "truncated" in by_query["Q30"].title and "truncated" not in by_query["Q76"].title


# -- retries and failures -------------------------------------------------------
def test_retries_honour_retry_after_then_back_off_then_succeed(store, tmp_path, sleeps):
    script = [
        (429, {"Retry-After": "1"}, "slow down"),
        (500, {}, "oops"),
        ok(OBAMA_OUT),
        ok(EMPTY),
        ok(EMPTY),
    ]
    with scripted_server(script) as srv:
        settings = settings_for(tmp_path, srv.url + "/sparql", retries=3, backoff=0.5)
        src = WikidataSource(store, settings, sleep=sleeps.append)
        facts = src.neighbourhood(["Q76"])
    assert sleeps[0] == 1.0  # Retry-After, exactly
    assert 1.0 <= sleeps[1] <= 1.25  # backoff * 2 with up to 25 % jitter
    assert len(sleeps) == 2
    assert src.sparql_queries == 5  # requests sent, retries included
    assert [(f.predicate_label, f.object_label) for f in facts] == [("place of birth", "Honolulu")]
    for req in srv.requests:
        assert req.path == "/sparql"
        assert req.headers["user-agent"] == settings.user_agent
        assert "VALUES ?entity { <http://www.wikidata.org/entity/Q76> }" in req.sparql


def test_client_errors_are_not_retried(store, tmp_path, sleeps):
    with scripted_server([(400, {}, "Parse error: unexpected token")]) as srv:
        src = WikidataSource(
            store, settings_for(tmp_path, srv.url + "/sparql", retries=3), sleep=sleeps.append
        )
        with pytest.raises(RemoteError) as info:
            src.neighbourhood(["Q76"])
    assert not isinstance(info.value, RemoteUnavailable | RemoteRateLimited)
    assert info.value.status == 400
    assert "HTTP 400" in str(info.value) and srv.url in str(info.value)
    assert len(srv.requests) == 1 and sleeps == []
    assert len(store) == 0


def test_rate_limited_after_all_retries_with_capped_retry_after(
    store, tmp_path, sleeps, monkeypatch
):
    # the endpoint's gate pauses every caller for the (capped) Retry-After too; on a clock the
    # retries' sleeps move, it is open again when each retry starts, as it is in real time
    from kgfc.kg import wikidata
    from kgfc.retry import ThreadGate

    now = [0.0]

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += seconds

    monkeypatch.setattr(wikidata, "gate_for", lambda _e, lim: ThreadGate(lim, clock=lambda: now[0]))
    script = [(429, {"Retry-After": "3600"}, "")] * 3
    with scripted_server(script) as srv:
        src = WikidataSource(
            store, settings_for(tmp_path, srv.url + "/sparql", retries=2), sleep=sleep
        )
        with pytest.raises(RemoteRateLimited) as info:
            src.enrich(["Q76"])
    assert sleeps == [60.0, 60.0]
    assert "429" in str(info.value) and "--offline" in str(info.value)
    assert len(store) == 0


def test_endpoint_down_raises_remote_unavailable_and_leaves_the_store_alone(
    store, tmp_path, sleeps
):
    url = closed_port_url()
    src = WikidataSource(store, settings_for(tmp_path, url, retries=2), sleep=sleeps.append)
    with pytest.raises(RemoteUnavailable) as info:
        src.neighbourhood(["Q76"])
    message = str(info.value)
    assert url in message and "--offline" in message and "KGFC_WIKIDATA_ENDPOINT" in message
    assert info.value.reason == "connect"
    assert len(sleeps) == 2
    with pytest.raises(RemoteUnavailable):
        src.enrich(["Q76", "Q13133"], hops=2)
    assert len(store) == 0


@pytest.mark.parametrize(
    "bad", ["Obama", "Q", "Q0", "P31", "wd:Obama", "Q76 ", "Q76; DROP ALL", "", "Q7x6"]
)
def test_invalid_entity_id_is_an_input_error(store, tmp_path, bad):
    if bad == "Q76 ":  # surrounding space is forgiven
        assert wikidata_item(bad) == WD + "Q76"
        return
    src = WikidataSource(store, settings_for(tmp_path, closed_port_url()))
    with pytest.raises(InputError, match="is not a Wikidata id such as Q76"):
        src.neighbourhood([bad])
    with pytest.raises(InputError):
        src.enrich(["Q76", bad])
    assert src.sparql_queries == 0 and len(store) == 0


def test_entity_id_forms():
    for ref in [
        "Q76",
        "q76",
        "wd:Q76",
        WD + "Q76",
        "https://www.wikidata.org/entity/Q76",
        "https://www.wikidata.org/wiki/Q76",
    ]:
        assert wikidata_item(ref) == WD + "Q76"
    with pytest.raises(InputError) as info:
        wikidata_item("Obama")
    assert str(info.value).startswith("'Obama' is not a Wikidata id such as Q76.")


# -- wbsearchentities -------------------------------------------------------------
def cassette(name: str) -> dict:
    return json.loads((CASSETTES / name).read_text(encoding="utf-8"))


def test_search_replays_wbsearchentities_and_caches_on_disk(store, tmp_path):
    recorded = cassette("wbsearchentities_obama.json")
    with scripted_server([(200, {}, recorded)]) as srv:
        settings = settings_for(tmp_path, wikidata_api=srv.url + "/w/api.php")
        src = WikidataSource(store, settings)
        hits = src.search_entities("Barack Obama", limit=5)
        again = src.search_entities("Barack Obama", limit=5)
        fresh = WikidataSource(store, settings).search_entities("Barack Obama", limit=5)
        src.close()
    assert len(srv.requests) == 1 and src.api_requests == 1
    req = srv.requests[0]
    assert req.path == "/w/api.php" and req.method == "GET"
    assert req.headers["user-agent"] == settings.user_agent
    assert {
        k: req.params[k] for k in ("action", "search", "language", "format", "limit", "type")
    } == {
        "action": "wbsearchentities",
        "search": "Barack Obama",
        "language": "en",
        "format": "json",
        "limit": "5",
        "type": "item",
    }
    assert [h.entity for h in hits] == [WD + "Q76", WD + "Q649593", WD + "Q4858106"]
    top = hits[0]
    assert (top.text, top.kind, top.score) == ("Barack Obama", "label", 1.0)
    assert top.description == "president of the United States from 2009 to 2017"
    assert hits[1].score < top.score
    assert again == hits == fresh
    cached = list((settings.cache_dir / "wbsearch").glob("*.json"))
    assert len(cached) == 1
    assert json.loads(cached[0].read_text())["response"] == recorded


def test_search_retries_on_503_with_an_http_date(store, tmp_path, sleeps):
    recorded = cassette("wbsearchentities_obama.json")
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    with scripted_server([(503, {"Retry-After": when}, "busy"), (200, {}, recorded)]) as srv:
        settings = settings_for(tmp_path, wikidata_api=srv.url + "/w/api.php", retries=1)
        with WikidataSource(store, settings, sleep=sleeps.append) as src:
            hits = src.search_entities("Barack Obama")
    assert len(srv.requests) == 2
    assert len(sleeps) == 1 and 20 <= sleeps[0] <= 30
    assert hits[0].entity == WD + "Q76"


def test_search_api_errors_are_not_cached(store, tmp_path):
    error = {"error": {"code": "badvalue", "info": 'Unrecognized value for parameter "type"'}}
    with scripted_server([(200, {}, error), (200, {}, error)]) as srv:
        settings = settings_for(tmp_path, wikidata_api=srv.url + "/w/api.php")
        src = WikidataSource(store, settings)
        for _ in range(2):
            with pytest.raises(RemoteError, match="badvalue"):
                src.search_entities("Barack Obama")
    assert len(srv.requests) == 2


# -- offline ----------------------------------------------------------------------
@pytest.fixture
def no_sockets(monkeypatch):
    def refuse(self, *args, **kwargs):
        raise AssertionError("offline code opened a socket")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)


def test_offline_answers_from_the_store_without_any_request(endpoint, store, tmp_path, request):
    online = WikidataSource(store, settings_for(tmp_path, endpoint))
    expected = online.neighbourhood(["Q76"])
    request.getfixturevalue("no_sockets")
    with scripted_server([]) as srv:
        settings = settings_for(
            tmp_path, srv.url + "/sparql", wikidata_api=srv.url + "/w/api.php", offline=True
        )
        offline = WikidataSource(store, settings)
        local = LocalKGSource(store)
        assert isinstance(offline, KGSource) and isinstance(local, KGSource)
        assert offline.neighbourhood(["Q76"]) == expected == local.neighbourhood(["Q76"])
        assert offline.neighbourhood(["Q90"]) == []  # not cached: nothing, and no fetch
        hits = offline.search_entities("Barack Obama")
        assert hits[0].entity == WD + "Q76" and hits == local.search_entities("Barack Obama")
        with pytest.raises(UsageError, match="offline"):
            offline.enrich(["Q76"])
        with pytest.raises(InputError):
            local.neighbourhood(["Obama"])
    assert srv.requests == []
    assert offline.sparql_queries == 0 and offline.api_requests == 0


# -- the retry helper on its own --------------------------------------------------
def test_parse_retry_after():
    now = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)
    assert parse_retry_after("7", now=now) == 7.0
    assert parse_retry_after("Wed, 01 May 2024 12:00:30 GMT", now=now) == 30.0
    assert parse_retry_after("Wed, 01 May 2024 11:00:00 GMT", now=now) == 0.0
    assert parse_retry_after("soon", now=now) is None
    assert parse_retry_after(None) is None


def test_bugs_are_not_retried(sleeps):
    calls = []

    def broken():
        calls.append(1)
        raise KeyError("a bug, not a remote failure")

    with pytest.raises(KeyError):
        call_with_retries(broken, retries=3, backoff=1, what="x", sleep=sleeps.append)
    assert calls == [1] and sleeps == []


def test_backoff_doubles_and_is_capped(sleeps):
    def refused():
        raise ConnectionRefusedError(111, "Connection refused")

    with pytest.raises(RemoteUnavailable, match="after 5 attempts"):
        call_with_retries(
            refused, retries=4, backoff=10, what="the thing", sleep=sleeps.append, jitter=0
        )
    assert sleeps == [10, 20, 40, 60]


def test_non_wikidata_iris_are_answered_from_the_store_only(store, tmp_path):
    from kgfc.kg.terms import source_iri
    from kgfc.models import Fact, Source

    web_entity = V.KGFC_ENTITY + "obama-presidential-center"
    fact = Fact(subject=web_entity, predicate=V.KGFC_REL + "locatedIn", object=WD + "Q1297")
    web = Source(
        iri=source_iri("web", "https://example.org/opc"),
        kind=SourceKind.WEB,
        location="https://example.org/opc",
    )
    store.add_source(web, [fact])
    src = WikidataSource(store, settings_for(tmp_path, closed_port_url()))
    facts = src.neighbourhood([web_entity])
    assert [f.key for f in facts] == [fact.key] and src.sparql_queries == 0


@pytest.mark.parametrize(
    ("exc", "reason"),
    [
        (TimeoutError("timed out"), "timeout"),
        (urllib.error.URLError(TimeoutError("timed out")), "timeout"),
        (urllib.error.URLError(ConnectionRefusedError(111, "Connection refused")), "connect"),
        (socket.gaierror(-2, "Name or service not known"), "connect"),
    ],
)
def test_transport_failures_are_retried_then_unavailable(exc, reason, sleeps):
    def fail():
        raise exc

    with pytest.raises(RemoteUnavailable) as info:
        call_with_retries(fail, retries=1, backoff=0.1, what="the thing", sleep=sleeps.append)
    assert info.value.reason == reason and len(sleeps) == 1
