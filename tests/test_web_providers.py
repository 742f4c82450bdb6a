"""Search providers: recorded Serper, SearXNG and E-utilities answers replayed on 127.0.0.1.

Each provider's base URL points at the scripted server, so the production
httpx code runs unchanged; nothing here touches the network and no test
waits on a real clock.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fakes.http_server import scripted_server

from kgfc.errors import ConfigError, InputError, RemoteUnavailable
from kgfc.settings import Settings
from kgfc.web.base import SearchHit, SearchProvider, make_provider
from kgfc.web.boolean_query import build_query, quote_term, relaxations
from kgfc.web.local import LocalCorpusProvider
from kgfc.web.pubmed import RATE_NO_KEY, RATE_WITH_KEY, PubMedProvider, RateLimiter
from kgfc.web.searxng import SearxngProvider
from kgfc.web.serper import SerperProvider

CASSETTES = Path(__file__).parent / "cassettes"
XML = {"Content-Type": "text/xml; charset=UTF-8"}


def cassette(name: str):
    text = (CASSETTES / name).read_text(encoding="utf-8")
    return json.loads(text) if name.endswith(".json") else text


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(home=tmp_path / "home", offline=False, retries=2, backoff=0.0, timeout=5)


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def cached_files(settings: Settings, provider: str) -> list[Path]:
    return sorted((settings.cache_dir / "search" / provider).glob("*.json"))


# -- make_provider ------------------------------------------------------------------
def test_make_provider_by_name(settings, tmp_path, monkeypatch):
    monkeypatch.setenv("KGFC_SERPER_API_KEY", "k")
    assert isinstance(make_provider("serper", settings), SerperProvider)
    searx = make_provider("searxng:http://127.0.0.1:8888/", settings)
    assert isinstance(searx, SearxngProvider) and searx.base_url == "http://127.0.0.1:8888"
    assert isinstance(make_provider("pubmed", settings), PubMedProvider)
    (tmp_path / "corpus").mkdir()
    local = make_provider(f"local:{tmp_path / 'corpus'}", settings)
    assert isinstance(local, LocalCorpusProvider)
    for provider in (searx, local):
        assert isinstance(provider, SearchProvider)


def test_unknown_provider_suggests_the_closest_name(settings):
    with pytest.raises(ConfigError) as exc:
        make_provider("serpr", settings)
    assert "Unknown search provider 'serpr'" in str(exc.value)
    assert "Did you mean 'serper'?" in str(exc.value)
    assert exc.value.exit_code == 2


def test_missing_serper_key_names_the_variable(settings, monkeypatch):
    monkeypatch.delenv("KGFC_SERPER_API_KEY", raising=False)
    with pytest.raises(ConfigError, match="KGFC_SERPER_API_KEY"):
        make_provider("serper", settings)


def test_searxng_and_local_need_a_location(settings, monkeypatch):
    monkeypatch.delenv("KGFC_SEARXNG_URL", raising=False)
    monkeypatch.delenv("KGFC_CORPUS_DIR", raising=False)
    with pytest.raises(ConfigError, match="KGFC_SEARXNG_URL"):
        make_provider("searxng", settings)
    with pytest.raises(ConfigError, match="local:DIR"):
        make_provider("local", settings)
    with pytest.raises(ConfigError, match="not a directory"):
        make_provider("local:/no/such/dir", settings)


# -- Serper -------------------------------------------------------------------------
def test_serper_request_and_parsed_hits(settings):
    with scripted_server([(200, {}, cassette("serper_search.json"))]) as srv:
        provider = SerperProvider(settings, api_key="sk-test-123", base_url=srv.url)
        hits = provider.search("Marie  Curie Nobel Prize", limit=5)

    (req,) = srv.requests
    assert (req.method, req.path) == ("POST", "/search")
    assert req.headers["x-api-key"] == "sk-test-123"
    assert req.headers["user-agent"] == settings.user_agent
    assert json.loads(req.body) == {"q": "Marie Curie Nobel Prize", "num": 5}

    assert [h.metadata["kind"] for h in hits] == ["answer_box", "knowledge_graph", "organic"]
    box, panel, aip = hits
    assert box.id == box.url == "https://www.nobelprize.org/prizes/physics/1903/marie-curie/facts/"
    assert box.text.splitlines() == [
        "1903 and 1911 Marie Curie was awarded the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911.",
        "Marie Curie, née Skłodowska. The Nobel Prize in Physics 1903. Born: 7 November 1867, Warsaw, Russian Empire (now Poland).",
    ]  # the organic result for the same page adds its snippet instead of repeating the page
    assert box.metadata["also"] == ["organic"]
    assert panel.id == "https://en.wikipedia.org/wiki/Marie_Curie" and panel.title == "Marie Curie"
    assert panel.metadata["attributes"]["Born"] == "November 7, 1867, Warsaw, Poland"
    assert "Born: November 7, 1867, Warsaw, Poland" in panel.text
    assert panel.text.endswith("the only person to win a Nobel Prize in two scientific fields.")
    assert (
        aip.id == "https://history.aip.org/exhibits/curie/"
        and aip.metadata["date"] == "Mar 2, 2019"
    )
    assert aip.metadata["position"] == 3
    assert [h.rank for h in hits] == [1, 2, 3]
    assert {h.provider for h in hits} == {"serper"} and {h.query for h in hits} == {
        "Marie Curie Nobel Prize"
    }
    assert provider.calls == 1


def test_serper_cache_makes_reruns_free_and_keeps_no_key(settings):
    with scripted_server([(200, {}, cassette("serper_search.json"))]) as srv:
        first = SerperProvider(settings, api_key="sk-test-123", base_url=srv.url).search(
            "Marie Curie Nobel Prize"
        )
        again = SerperProvider(settings, api_key="sk-test-123", base_url=srv.url)
        second = again.search("Marie Curie Nobel Prize")
    assert len(srv.requests) == 1
    assert again.calls == 0 and again.http.cache_hits == 1
    assert [h.id for h in second] == [h.id for h in first]
    (entry,) = cached_files(settings, "serper")
    assert "sk-test-123" not in entry.read_text(encoding="utf-8")


def test_serper_limit_cuts_the_merged_list(settings):
    with scripted_server([(200, {}, cassette("serper_search.json"))]) as srv:
        hits = SerperProvider(settings, api_key="k", base_url=srv.url).search(
            "Marie Curie Nobel Prize", limit=2
        )
    assert json.loads(srv.requests[0].body)["num"] == 2
    assert [h.metadata["kind"] for h in hits] == ["answer_box", "knowledge_graph"]


def test_serper_bad_key_is_a_config_error(settings):
    with (
        scripted_server([(401, {}, {"message": "Unauthorized."})]) as srv,
        pytest.raises(ConfigError, match="KGFC_SERPER_API_KEY") as exc,
    ):
        SerperProvider(settings, api_key="wrong", base_url=srv.url).search("anything")
    assert len(srv.requests) == 1  # a 4xx is not retried
    assert "HTTP 401" in str(exc.value)


def test_serper_retries_a_503_honouring_retry_after(settings):
    sleeps: list[float] = []
    script = [(503, {"Retry-After": "2"}, "busy"), (200, {}, cassette("serper_search.json"))]
    with scripted_server(script) as srv:
        provider = SerperProvider(settings, api_key="k", base_url=srv.url, sleep=sleeps.append)
        hits = provider.search("Marie Curie Nobel Prize")
    assert len(srv.requests) == 2 and sleeps == [2.0]
    assert provider.calls == 1 and len(hits) == 3


def test_offline_serves_the_cache_and_refuses_the_rest(settings, tmp_path):
    with scripted_server([(200, {}, cassette("serper_search.json"))]) as srv:
        SerperProvider(settings, api_key="k", base_url=srv.url).search("Marie Curie Nobel Prize")
        offline = Settings(home=settings.home, offline=True)
        provider = SerperProvider(offline, api_key="k", base_url=srv.url)
        assert len(provider.search("Marie Curie Nobel Prize")) == 3
        with pytest.raises(ConfigError, match="offline mode is on"):
            provider.search("something never searched")
    assert len(srv.requests) == 1


def test_unreachable_endpoint_is_remote_unavailable(settings):
    from fakes.sparql_server import free_port

    provider = SerperProvider(
        settings, api_key="k", base_url=f"http://127.0.0.1:{free_port()}", sleep=lambda s: None
    )
    with pytest.raises(RemoteUnavailable, match="Cannot reach the Serper search API"):
        provider.search("anything")


# -- SearXNG ------------------------------------------------------------------------
def test_searxng_request_and_parsed_hits(settings):
    with scripted_server([(200, {}, cassette("searxng_search.json"))]) as srv:
        provider = SearxngProvider(settings, base_url=srv.url + "/")
        hits = provider.search("Albert Einstein birthplace", limit=5)
    (req,) = srv.requests
    assert (req.method, req.path) == ("GET", "/search")
    assert req.params == {"q": "Albert Einstein birthplace", "format": "json", "pageno": "1"}
    assert req.headers["user-agent"] == settings.user_agent
    # the duplicate URL and the empty snippet are dropped
    assert [h.id for h in hits] == [
        "https://en.wikipedia.org/wiki/Albert_Einstein",
        "https://www.britannica.com/biography/Albert-Einstein",
    ]
    wiki, brit = hits
    assert wiki.text.startswith("Albert Einstein was born in Ulm")
    assert wiki.score == 7.5 and wiki.metadata["engines"] == ["wikipedia", "duckduckgo", "brave"]
    assert brit.metadata["published"] == "2024-03-10T00:00:00" and brit.rank == 2
    assert provider.calls == 1


def test_searxng_without_json_format_says_how_to_enable_it(settings):
    with (
        scripted_server([(403, {}, "Forbidden")]) as srv,
        pytest.raises(ConfigError, match="search.formats"),
    ):
        SearxngProvider(settings, base_url=srv.url).search("x")


# -- PubMed -------------------------------------------------------------------------
def pubmed_script():
    return [(200, {}, cassette("pubmed_esearch.json")), (200, XML, cassette("pubmed_efetch.xml"))]


def test_pubmed_esearch_then_efetch(settings, clock):
    limiter = RateLimiter(RATE_WITH_KEY, clock=clock, sleep=clock.sleep)
    with scripted_server(pubmed_script()) as srv:
        provider = PubMedProvider(
            settings,
            api_key="ncbi-secret",
            email="dev@example.org",
            base_url=srv.url,
            limiter=limiter,
        )
        hits = provider.search("metformin AND cardiovascular events")

    esearch, efetch = srv.requests
    assert esearch.path == "/esearch.fcgi"
    assert esearch.params == {
        "db": "pubmed", "term": "metformin AND cardiovascular events", "retmax": "5",
        "retmode": "json", "sort": "relevance", "tool": "kgfc", "email": "dev@example.org",
        "api_key": "ncbi-secret",
    }  # fmt: skip
    assert efetch.path == "/efetch.fcgi"
    assert efetch.params == {
        "db": "pubmed", "id": "34818471,31029762", "rettype": "abstract", "retmode": "xml",
        "tool": "kgfc", "email": "dev@example.org", "api_key": "ncbi-secret",
    }  # fmt: skip
    assert esearch.headers["user-agent"] == settings.user_agent

    # esearch's relevance order, although efetch sent the papers the other way round
    assert [h.id for h in hits] == ["PMID:34818471", "PMID:31029762"]
    cohort, trial = hits
    assert cohort.url == "https://pubmed.ncbi.nlm.nih.gov/34818471/"
    assert (
        cohort.title
        == "Metformin and major adverse cardiovascular events in type 2 diabetes: a cohort study."
    )
    assert cohort.text.splitlines()[0].startswith("BACKGROUND: Whether metformin lowers the risk")
    assert (
        "RESULTS: Metformin users had fewer MACE than sulfonylurea users (hazard ratio 0.79; 95% CI 0.68–0.92)."
        in cohort.text
    )
    assert [s["label"] for s in cohort.metadata["sections"]] == [
        "BACKGROUND",
        "METHODS",
        "RESULTS",
        "CONCLUSIONS",
    ]
    assert cohort.metadata["journal"] == "Diabetes care" and cohort.metadata["year"] == 2021
    assert cohort.metadata["doi"] == "10.2337/dc21-0949"
    assert cohort.metadata["authors"] == ["Moreau C", "Nordic Diabetes Registry Group"]
    assert "Diabetes Mellitus, Type 2" in cohort.metadata["mesh"]
    # inline markup in the title is flattened; an unlabelled abstract has no prefix
    assert trial.title.startswith("Effect of metformin on vascular stiffness")
    assert trial.text.startswith("Arterial stiffness predicts cardiovascular events")
    assert trial.metadata["pmcid"] == "PMC6487002" and trial.metadata["year"] == 2019
    assert "Randomized Controlled Trial" in trial.metadata["publication_types"]
    assert provider.calls == 2 and len(clock.sleeps) == 0


def test_pubmed_cache_and_no_key_in_cache(settings, clock):
    limiter = RateLimiter(RATE_NO_KEY, clock=clock, sleep=clock.sleep)
    with scripted_server(pubmed_script()) as srv:
        first = PubMedProvider(settings, api_key="ncbi-secret", base_url=srv.url, limiter=limiter)
        first.search("metformin AND cardiovascular events")
        second = PubMedProvider(settings, api_key="ncbi-secret", base_url=srv.url, limiter=limiter)
        hits = second.search("metformin AND cardiovascular events")
    assert len(srv.requests) == 2 and second.calls == 0
    assert [h.id for h in hits] == ["PMID:34818471", "PMID:31029762"]
    assert len(limiter._stamps) == 2  # cache hits do not take a slot
    for entry in cached_files(settings, "pubmed"):
        assert "ncbi-secret" not in entry.read_text(encoding="utf-8")


def test_pubmed_no_results_skips_efetch(settings, clock):
    with scripted_server([(200, {}, cassette("pubmed_esearch_empty.json"))]) as srv:
        provider = PubMedProvider(
            settings, base_url=srv.url, limiter=RateLimiter(3, clock=clock, sleep=clock.sleep)
        )
        assert provider.search('"nothing at all"') == []
    assert [r.path for r in srv.requests] == ["/esearch.fcgi"]


def test_pubmed_rate_follows_the_key(settings):
    assert PubMedProvider(settings, base_url="http://127.0.0.1:1").limiter.rate == RATE_NO_KEY == 3
    keyed = PubMedProvider(settings, api_key="k", base_url="http://127.0.0.1:1")
    assert keyed.limiter.rate == RATE_WITH_KEY == 10
    # one limiter per process and endpoint: two providers cannot double the rate
    assert (
        PubMedProvider(settings, base_url="http://127.0.0.1:1").limiter
        is PubMedProvider(settings, base_url="http://127.0.0.1:1").limiter
    )


def test_rate_limiter_never_exceeds_the_rate(clock):
    limiter = RateLimiter(3, clock=clock, sleep=clock.sleep)
    stamps = []
    for _ in range(10):
        limiter.acquire()
        stamps.append(clock.now)
    for i, start in enumerate(stamps):
        assert sum(1 for t in stamps[i:] if t < start + 1.0) <= 3
    assert stamps[:3] == [100.0] * 3  # a burst within the rate does not wait
    assert stamps[3] == pytest.approx(101.0) and stamps[-1] == pytest.approx(103.0)
    assert limiter.waited == pytest.approx(3.0)


def test_rate_limiter_does_not_wait_when_requests_are_spread_out(clock):
    limiter = RateLimiter(3, clock=clock, sleep=clock.sleep)
    for _ in range(6):
        limiter.acquire()
        clock.now += 0.5
    assert clock.sleeps == []


def test_pubmed_requests_go_through_the_limiter(settings, clock):
    limiter = RateLimiter(1, clock=clock, sleep=clock.sleep)
    with scripted_server(pubmed_script()) as srv:
        PubMedProvider(settings, base_url=srv.url, limiter=limiter).search("metformin")
    assert len(srv.requests) == 2
    assert clock.sleeps == [pytest.approx(1.0)]  # efetch waited its turn behind esearch


# -- Boolean queries ----------------------------------------------------------------
def test_build_query_ands_groups_and_ors_synonyms():
    groups = [
        ["metformin", "dimethylbiguanide"],
        ["type 2 diabetes"],
        ["cardiovascular events", "MACE"],
    ]
    assert build_query(groups) == (
        '("metformin" OR "dimethylbiguanide") AND "type 2 diabetes" AND ("cardiovascular events" OR "MACE")'
    )
    assert build_query([["aspirin"]], field="tiab") == '"aspirin"[tiab]'


def test_build_query_quotes_and_escapes_untrusted_terms():
    query = build_query(
        [['say "hi"', "a AND b", "x) OR (y", "tnf*", "#1"], ["  ", ""], ["Aspirin", "aspirin"]]
    )
    # quotes, brackets, truncation and history references become spaces; operators stay inside phrases
    assert query == '("say hi" OR "a AND b" OR "x OR y" OR "tnf" OR "1") AND "Aspirin"'
    assert quote_term('""') is None
    with pytest.raises(InputError):
        build_query([[""], ['"']])
    with pytest.raises(InputError):
        quote_term("x", field="tiab] OR [all")


def test_relaxations_drop_the_least_important_group_then_or():
    groups = [["metformin", "dimethylbiguanide"], ["MACE"], ["sulfonylurea"]]
    assert list(relaxations(groups)) == [
        '("metformin" OR "dimethylbiguanide") AND "MACE" AND "sulfonylurea"',
        '("metformin" OR "dimethylbiguanide") AND "MACE"',
        '("metformin" OR "dimethylbiguanide")',
        '("metformin" OR "dimethylbiguanide") OR "MACE" OR "sulfonylurea"',
    ]
    assert list(relaxations([["aspirin"]])) == ['"aspirin"']
    assert list(relaxations([])) == []


def test_search_boolean_relaxes_until_something_is_found(settings, clock):
    script = [
        (200, {}, cassette("pubmed_esearch_empty.json")),
        (200, {}, cassette("pubmed_esearch.json")),
        (200, XML, cassette("pubmed_efetch.xml")),
    ]
    groups = [["metformin", "dimethylbiguanide"], ["major adverse cardiac events"]]
    with scripted_server(script) as srv:
        provider = PubMedProvider(
            settings, base_url=srv.url, limiter=RateLimiter(3, clock=clock, sleep=clock.sleep)
        )
        hits = provider.search_boolean(groups, limit=5)
    terms = [r.params.get("term") for r in srv.requests]
    assert terms == [
        '("metformin" OR "dimethylbiguanide") AND "major adverse cardiac events"',
        '("metformin" OR "dimethylbiguanide")',
        None,  # efetch
    ]
    assert [h.id for h in hits] == ["PMID:34818471", "PMID:31029762"]
    assert {h.metadata["relaxation"] for h in hits} == {1}
    assert hits[0].metadata["boolean_query"] == terms[1] and hits[0].query == terms[1]
    assert provider.queries == terms[:2] and provider.calls == 3


def test_search_boolean_stops_after_max_queries(settings, clock):
    empty = (200, {}, cassette("pubmed_esearch_empty.json"))
    groups = [["a"], ["b"], ["c"]]
    with scripted_server([empty] * 4) as srv:
        provider = PubMedProvider(
            settings, base_url=srv.url, limiter=RateLimiter(3, clock=clock, sleep=clock.sleep)
        )
        assert provider.search_boolean(groups, max_queries=2) == []
    assert len(srv.requests) == 2


def test_hits_serialise_to_json():
    hit = SearchHit(id="PMID:1", title="t", text="x", provider="pubmed", query="q", rank=1)
    data = json.loads(hit.model_dump_json())
    assert data["id"] == "PMID:1" and data["retrieved_at"] and data["metadata"] == {}
