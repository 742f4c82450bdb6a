"""The web app in a real browser: Debian's headless Chromium driven by Selenium (chromedriver),
against a real `kgfc serve` process on 127.0.0.1 with a small fixture store.

Every test starts from its own page and touches its own claim or source, so they run in any
order. Chromium logs every request it makes (the performance log); the test that walks every
page asserts that none of them left the server.

With KGFC_WEB_SCREENSHOTS=DIR the tests also save the screenshots the docs show.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from urllib.parse import quote, urlparse

import httpx
import pytest

pytest.importorskip("fastapi")
webdriver = pytest.importorskip("selenium.webdriver")

from selenium.common.exceptions import (  # noqa: E402
    NoSuchElementException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from tests.conftest import DATA  # noqa: E402
from tests.test_service_process import AUTH, TOKEN, Server  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
        reason="needs Debian's headless Chromium and its driver: apt-get install chromium chromium-driver",
    ),
]

WD = "http://www.wikidata.org/entity/"
EVIL_LABEL = "<img src=x onerror=\"document.title='pwned'\">Evil <b>Corp</b>"
EVIL_CLAIM = "<script>document.title='pwned'</script> Barack Obama was born in Honolulu."
# Two small sources beside obama.ttl: one with a label that is HTML (and a fact tying it to
# Obama, so it shows among his evidence), one that the retraction story removes.
EVIL_TTL = f"""
@prefix wd: <http://www.wikidata.org/entity/> .
@prefix wdt: <http://www.wikidata.org/prop/direct/> .
@prefix wikibase: <http://wikiba.se/ontology#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
wd:Q900001 rdfs:label {json.dumps(EVIL_LABEL)}@en ; wdt:P17 wd:Q30 .
wd:Q76 wdt:P108 wd:Q900001 .
wd:P108 rdfs:label "employer"@en ; wikibase:directClaim wdt:P108 .
"""
CURIE_TTL = """
@prefix wd: <http://www.wikidata.org/entity/> .
@prefix wdt: <http://www.wikidata.org/prop/direct/> .
@prefix wikibase: <http://wikiba.se/ontology#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
wd:Q7186 rdfs:label "Marie Curie"@en ; wdt:P19 wd:Q270 .
wd:Q270 rdfs:label "Warsaw"@en .
wd:P19 rdfs:label "place of birth"@en ; wikibase:directClaim wdt:P19 .
"""
WAIT = 180  # the first check loads the language models


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from click.testing import CliRunner

    from kgfc.cli import cli

    base = tmp_path_factory.mktemp("webapp")
    # every file is loaded from this folder, so the provenance the pages (and the docs'
    # screenshots) show names a file beside the store, not the test suite's checkout
    obama = (DATA / "obama.ttl").read_text(encoding="utf-8")
    for name, text in (("obama.ttl", obama), ("evil.ttl", EVIL_TTL), ("curie.ttl", CURIE_TTL)):
        (base / name).write_text(text, encoding="utf-8")
        res = CliRunner().invoke(
            cli, ["kg", "load", "--store", str(base / "store"), str(base / name)]
        )
        assert res.exit_code == 0, res.output
    srv = Server(base / "store", base / "jobs.sqlite3")
    yield srv
    srv.stop()


def make_browser(profile: Path):
    """Headless Chromium through chromedriver, logging every request and console message."""
    opts = Options()
    opts.binary_location = str(CHROMIUM)
    for arg in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--hide-scrollbars",
        "--window-size=1440,1000",
        f"--user-data-dir={profile}",
    ):
        opts.add_argument(arg)
    # every request the page makes, with its URL, lands in the performance log
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    os.environ.setdefault("SE_AVOID_STATS", "true")
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=opts)
    driver.set_page_load_timeout(60)
    return driver


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = make_browser(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


@pytest.fixture(autouse=True)
def fresh_logs(request):
    """Each test reads only its own console and requests: what an earlier test left in the
    shared browser's logs (the query test's refused update is a logged 400) is dropped."""
    if "browser" in request.fixturenames:
        driver = request.getfixturevalue("browser")
        driver.get("about:blank")
        driver.get_log("performance"), driver.get_log("browser")


def requested_urls(driver) -> list[str]:
    urls = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg["method"] == "Network.requestWillBeSent":
            urls.append(msg["params"]["request"]["url"])
    return urls


def console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def shot(driver, name: str, width: int = 1440) -> None:
    """Save a docs screenshot when KGFC_WEB_SCREENSHOTS names a folder."""
    folder = os.environ.get("KGFC_WEB_SCREENSHOTS")
    if not folder:
        return
    driver.set_window_size(width, 1000)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height, 700), 2400))
    Path(folder).mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(Path(folder) / f"{name}.png"))
    driver.set_window_size(1440, 1000)


# While a click replaces the page, a condition may ask about a node of the old document:
# the browser answers "stale element" or "node does not belong to the document". Both only
# say the new page is not there yet, so the wait polls on (still bounded by its timeout).
_PAGE_CHANGING = (NoSuchElementException, StaleElementReferenceException, WebDriverException)


def wait(driver, cond, timeout: float = 30):
    return WebDriverWait(driver, timeout, ignored_exceptions=_PAGE_CHANGING).until(cond)


def enter_token_if_asked(driver) -> None:
    """The first write of a session opens the token dialog; later ones reuse the token."""
    try:
        dialog = wait(driver, EC.visibility_of_element_located((By.ID, "token-dialog")), 3)
    except TimeoutException:
        return
    box = dialog.find_element(By.ID, "token-input")
    box.clear()
    box.send_keys(TOKEN)
    dialog.find_element(By.CSS_SELECTOR, "button[value=save]").click()


def check_claim(driver, server, text: str) -> None:
    driver.get(server.url + "/")
    box = driver.find_element(By.ID, "claim")
    box.send_keys(text)
    driver.find_element(By.ID, "check-button").click()
    enter_token_if_asked(driver)
    wait(driver, EC.presence_of_element_located((By.ID, "verdict")), WAIT)


def graph_drawn(driver) -> tuple[int, int]:
    box = wait(
        driver,
        lambda d: (g := d.find_element(By.ID, "graph")).get_attribute("data-drawn-nodes") and g,
    )
    return int(box.get_attribute("data-drawn-nodes")), int(box.get_attribute("data-drawn-edges"))


def test_check_a_claim_shows_verdict_graph_and_provenance(server, browser):
    check_claim(browser, server, "Barack Obama was born in Honolulu.")
    assert browser.find_element(By.ID, "verdict").text == "SUPPORTED"
    nodes, edges = graph_drawn(browser)
    data = json.loads(browser.find_element(By.ID, "graph-data").get_attribute("textContent"))
    assert nodes == len(data["elements"]["nodes"]) >= 4
    assert edges == len(data["elements"]["edges"]) >= 4
    # cytoscape drew on its canvases: the graph box holds non-blank pixels
    assert browser.execute_script(
        "const c = document.querySelectorAll('#graph canvas');"
        "for (const cv of c) { const d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;"
        "  for (let i = 3; i < d.length; i += 4) if (d[i] > 0) return true; } return false;"
    )
    # hovering a fact shows its source, retrieval time and method (cytoscape's own event)
    browser.execute_script(
        "const e = window.kgfcGraph.edges().filter(x => x.data('evidence') === 'E1'); e.emit('mouseover');"
    )
    info = browser.find_element(By.ID, "graph-info").text
    assert "loaded RDF file" in info and "retrieved" in info and "method" in info
    assert re.search(r"retrieved\s+\d{4}-\d\d-\d\d", info), info
    # the justification's citation links to its evidence row
    cite = browser.find_element(By.CSS_SELECTOR, "a.cite")
    assert cite.get_attribute("href").endswith("#ev-" + cite.text)
    assert browser.find_element(By.ID, "ev-" + cite.text).is_displayed()
    # downloads are the API's report and evidence views
    links = {
        a.text: a.get_attribute("href")
        for a in browser.find_elements(By.CSS_SELECTOR, ".downloads a")
    }
    assert set(links) == {"Markdown", "HTML", "JSON", "TriG", "JSON-LD"}
    trig = httpx.get(links["TriG"], timeout=30)
    assert trig.status_code == 200 and "prov:wasDerivedFrom" in trig.text
    assert not console_errors(browser)
    shot(browser, "web-check")
    shot(browser, "web-check-390", width=390)


def test_retract_a_cited_source_then_recheck_the_stale_claim(server, browser):
    check_claim(browser, server, "Marie Curie was born in Warsaw.")
    assert browser.find_element(By.ID, "verdict").text == "SUPPORTED"
    claim_id = browser.find_element(By.ID, "claim-result").get_attribute("data-claim-id")
    # follow the cited fact to its source page
    row = browser.find_element(By.CSS_SELECTOR, "tr.cited")
    row.find_element(By.CSS_SELECTOR, "a.source-link").click()
    wait(browser, EC.presence_of_element_located((By.ID, "source-prov")))
    assert "curie.ttl" in browser.find_element(By.ID, "source-prov").text
    citing = browser.find_element(By.ID, "citing-claims").text
    assert "Marie Curie was born in Warsaw." in citing
    shot(browser, "web-source")
    # retract: the confirmation lists the verdict that goes stale
    browser.find_element(By.ID, "retract-button").click()
    dialog = wait(browser, EC.visibility_of_element_located((By.ID, "retract-dialog")))
    assert (
        "Marie Curie was born in Warsaw." in dialog.find_element(By.CSS_SELECTOR, ".affected").text
    )
    shot(browser, "web-retract")
    dialog.find_element(By.ID, "retract-confirm").click()
    enter_token_if_asked(browser)
    wait(browser, EC.url_contains("/claims?stale=yes"))
    table = browser.find_element(By.CSS_SELECTOR, ".claims-table").text
    assert "Marie Curie was born in Warsaw." in table and "stale" in table
    assert "Barack Obama" not in table  # only the claim that cited it
    # the claim page says why it is stale, and re-checks it under the same id
    browser.find_element(By.LINK_TEXT, "Marie Curie was born in Warsaw.").click()
    notice = wait(browser, EC.presence_of_element_located((By.ID, "stale-notice")))
    assert "retracted" in notice.text
    browser.find_element(By.CSS_SELECTOR, f"[data-recheck='{claim_id}']").click()
    enter_token_if_asked(browser)
    wait(browser, lambda d: not d.find_elements(By.ID, "stale-notice"), WAIT)
    assert browser.find_element(By.ID, "verdict").text == "NOT ENOUGH INFO"
    assert browser.current_url.endswith(f"/claims/{claim_id}")


def test_untrusted_claim_and_label_stay_text(server, browser):
    check_claim(browser, server, EVIL_CLAIM)
    assert browser.find_element(By.ID, "result-title").text == EVIL_CLAIM
    assert browser.title != "pwned"
    assert not browser.find_elements(By.CSS_SELECTOR, "#result script:not([type])")
    # the label with HTML is in the evidence as text, and on the entity page
    assert EVIL_LABEL in browser.find_element(By.CSS_SELECTOR, ".evidence-table").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#result img, #result b:not(:only-child) b")
    browser.find_element(By.LINK_TEXT, EVIL_LABEL).click()
    title = wait(browser, EC.presence_of_element_located((By.TAG_NAME, "h1")))
    assert title.text == EVIL_LABEL
    assert not browser.find_elements(By.CSS_SELECTOR, "main img, h1 b")
    assert browser.title != "pwned"
    # the claims table shows the claim as text too
    browser.get(server.url + "/claims?q=" + quote("<script>"))
    assert EVIL_CLAIM in browser.find_element(By.CSS_SELECTOR, ".claims-table").text
    assert browser.title != "pwned"


def test_a_50_claim_batch_runs_as_a_job_and_finishes(server, browser):
    people = ["Barack Obama", "Michelle Obama", "Marie Curie"]
    places = ["Honolulu", "Chicago", "Warsaw", "Paris", "London"]
    lines = [f"{p} was born in {c}." for p in people for c in places]
    lines += [json.dumps({"triple": ["Q76", "P19", "Q18094"]})] * (50 - len(lines))
    browser.get(server.url + "/jobs")
    box = browser.find_element(By.ID, "job-lines")
    box.send_keys("\n".join(lines))
    browser.find_element(
        By.ID, "job-record"
    ).click()  # untick: these verdicts stay out of the store
    shot(browser, "web-batch")
    browser.find_element(By.ID, "submit-job").click()
    enter_token_if_asked(browser)
    wait(browser, EC.url_matches(r"/jobs/job-[0-9a-f]+$"))
    # the page polls the job's progress and shows its results once it is done
    wait(browser, EC.text_to_be_present_in_element((By.ID, "job-state"), "done"), WAIT)
    assert "50 done, 0 failed, 0 pending of 50" in browser.find_element(By.ID, "job-counts").text
    progress = browser.find_element(By.CSS_SELECTOR, "#job-progress progress")
    assert progress.get_attribute("value") == progress.get_attribute("max") == "50"
    rows = browser.find_elements(By.CSS_SELECTOR, ".job-table tbody tr")
    assert len(rows) == 50
    verdicts = [r.find_element(By.CSS_SELECTOR, ".badge").text for r in rows]
    assert verdicts[0] == "SUPPORTED"  # Barack Obama was born in Honolulu.
    assert verdicts[-1] == "SUPPORTED"  # the triple
    assert set(verdicts) <= {"SUPPORTED", "REFUTED", "NOT ENOUGH INFO"}
    assert not console_errors(browser)
    shot(browser, "web-job")


def test_check_a_document_and_open_a_claim_in_its_side_panel(server, browser):
    text = (
        # (sources the other tests of this module never retract, so any order works)
        "Barack Obama was born in Honolulu. Obama was not born in Honolulu. "
        "He wrote <script>document.title='pwned'</script> and <b>songs</b>."
    )
    browser.get(server.url + "/documents")
    browser.find_element(By.ID, "doc-text").send_keys(text)
    browser.find_element(By.ID, "doc-record").click()  # untick: nothing recorded
    browser.find_element(By.ID, "check-document").click()
    enter_token_if_asked(browser)
    wait(browser, EC.url_matches(r"/documents/d-[0-9a-f]+$"), WAIT)
    # the page's own script ran under its policy, and drew one highlight per verdict
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "mark.fc.v-supported")) == 1
    refuted = browser.find_elements(By.CSS_SELECTOR, "mark.fc.v-refuted")
    assert len(refuted) == 1 and refuted[0].text == "Obama was not born in Honolulu."
    # a click on a highlight opens the claim in the side panel, with the fact that refutes it
    refuted[0].click()
    panel = browser.find_element(By.ID, "panel-body")
    assert "REFUTED" in panel.text and "Obama was not born in Honolulu." in panel.text
    assert "Barack Obama place of birth Honolulu" in panel.text
    assert not browser.find_element(By.ID, "panel-empty").is_displayed()
    # untrusted text from the document stays text
    assert "<script>document.title='pwned'</script>" in browser.find_element(By.ID, "doc").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#doc b, #doc script")
    assert browser.title != "pwned" and not console_errors(browser)
    shot(browser, "web-document")


def test_load_a_file_on_the_sources_page(server, browser, tmp_path):
    good = tmp_path / "loaded-here.ttl"
    good.write_text(
        "@prefix wd: <http://www.wikidata.org/entity/> .\n"
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .\n"
        'wd:Q900100 rdfs:label "Loaded Through The Page"@en .\n',
        encoding="utf-8",
    )
    bad = tmp_path / "broken.ttl"
    bad.write_text("wd:Q1 wd:P31 .\n", encoding="utf-8")
    browser.get(server.url + "/sources")
    assert browser.find_element(By.ID, "enrich-title")  # offline: the form says why it is off
    assert not browser.find_elements(By.ID, "enrich-form")
    # a file that does not parse is refused whole, the message names it, not a server path
    browser.find_element(By.ID, "load-file").send_keys(str(bad))
    browser.find_element(By.ID, "load-button").click()
    enter_token_if_asked(browser)
    wait(browser, EC.text_to_be_present_in_element((By.ID, "load-status"), "broken.ttl"))
    message = browser.find_element(By.ID, "load-status").text
    assert "rejected whole" in message and "kgfc-upload" not in message
    # a good one becomes a source, listed once the page reloads
    browser.get(server.url + "/sources")
    browser.find_element(By.ID, "load-file").send_keys(str(good))
    browser.find_element(By.ID, "load-button").click()
    enter_token_if_asked(browser)
    wait(
        browser,
        EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".sources-table"), "loaded-here"),
    )
    ask = 'ASK { <http://www.wikidata.org/entity/Q900100> ?p "Loaded Through The Page"@en }'
    for _ in range(20):
        # the page's own queries share this client's query slots: a busy answer (503) says
        # when to ask again, as any client is told to
        answer = httpx.get(
            server.url + "/sparql",
            params={"query": ask},
            headers={"Accept": "application/sparql-results+json"},
        )
        if answer.status_code != 503:
            break
        time.sleep(min(float(answer.headers.get("retry-after", 1)), 2.0))
    assert answer.status_code == 200, answer.text
    assert answer.json()["boolean"] is True
    errors = console_errors(browser)
    assert all("/v1/sources" in e and "400" in e for e in errors), errors  # the refused file only


def test_enrich_from_wikidata_on_the_sources_page(browser, tmp_path, monkeypatch):
    """On a server that is online (a local SPARQL server stands in for Wikidata)."""
    from fakes.sparql_server import WIKIDATA_FIXTURE, oxigraph_endpoint

    (tmp_path / "wdqs").mkdir()
    with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path / "wdqs") as endpoint:
        monkeypatch.setenv("KGFC_OFFLINE", "0")
        monkeypatch.setenv("KGFC_WIKIDATA_ENDPOINT", endpoint)
        online = Server(tmp_path / "store", tmp_path / "jobs.sqlite3")
        try:
            browser.get(online.url + "/sources")
            assert "The store holds no source yet" in browser.find_element(By.TAG_NAME, "main").text
            browser.find_element(By.ID, "enrich-entities").send_keys("Q76")
            browser.find_element(By.ID, "enrich-button").click()
            enter_token_if_asked(browser)
            wait(browser, EC.presence_of_element_located((By.CSS_SELECTOR, ".sources-table")), WAIT)
            table = browser.find_element(By.CSS_SELECTOR, ".sources-table").text
            assert "Wikidata" in table, table
            ask = "ASK { <http://www.wikidata.org/entity/Q76> <http://www.wikidata.org/prop/direct/P19> ?o }"
            answer = httpx.get(
                online.url + "/sparql",
                params={"query": ask},
                headers={"Accept": "application/sparql-results+json"},
            )
            assert answer.json()["boolean"] is True
            assert not console_errors(browser)
        finally:
            online.stop()


def test_refresh_a_wikidata_source_marks_the_claim_it_no_longer_supports(
    browser, tmp_path, monkeypatch
):
    """Wikidata (a local SPARQL server) drops a cited statement; Refresh on the source page."""
    from click.testing import CliRunner
    from fakes.sparql_server import WIKIDATA_FIXTURE, oxigraph_endpoint, sparql_update

    from kgfc.cli import cli

    (tmp_path / "wdqs").mkdir()
    with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path / "wdqs") as endpoint:
        monkeypatch.setenv("KGFC_OFFLINE", "0")
        monkeypatch.setenv("KGFC_WIKIDATA_ENDPOINT", endpoint)
        store = str(tmp_path / "store")
        res = CliRunner().invoke(cli, ["kg", "enrich", "-e", "Q76", "--store", store])
        assert res.exit_code == 0, res.output
        online = Server(tmp_path / "store", tmp_path / "jobs.sqlite3")
        try:
            claim = {"triple": ["Q76", "P19", "Q18094"], "id": "born-here"}
            done = httpx.post(online.url + "/v1/verify", json=claim, headers=AUTH, timeout=WAIT)
            assert done.json()["verdict"] == "SUPPORTED", done.text
            (src,) = {e["source"] for e in done.json()["evidence"] if e["cited"]}
            drop = f"DELETE DATA {{ <{WD}Q76> <http://www.wikidata.org/prop/direct/P19> <{WD}Q18094> }}"
            sparql_update(endpoint, drop)
            browser.get(online.url + "/source?iri=" + quote(src, safe=""))
            browser.find_element(By.ID, "refresh-button").click()
            dialog = wait(browser, EC.visibility_of_element_located((By.ID, "refresh-dialog")))
            assert (
                "place of birth Honolulu" in dialog.find_element(By.CSS_SELECTOR, ".affected").text
            )
            dialog.find_element(By.ID, "refresh-confirm").click()
            enter_token_if_asked(browser)
            # the claims table, filtered to the stale claims citing this source
            wait(browser, EC.url_contains("/claims?stale=yes&source="), WAIT)
            table = browser.find_element(By.CSS_SELECTOR, ".claims-table").text
            assert "born-here" in table and "stale" in table
            assert browser.find_element(By.ID, "f-source").get_attribute("value") == src
            assert not console_errors(browser)
        finally:
            online.stop()


def test_query_page_runs_a_named_query_through_sparql(server, browser):
    browser.get(server.url + "/query")
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, "example")).select_by_value("knowledge_sources")
    assert "kgfc:SourceGraph" in browser.find_element(By.ID, "query-text").get_attribute("value")
    browser.find_element(By.ID, "run-query").click()
    wait(browser, EC.text_to_be_present_in_element((By.ID, "query-status"), "row(s)"))
    table = browser.find_element(By.ID, "query-results").text
    assert "https://w3id.org/kgfc/source/file/" in table
    shot(browser, "web-query")
    # the endpoint's read-only rule holds here too
    box = browser.find_element(By.ID, "query-text")
    box.clear()
    box.send_keys("INSERT DATA { <urn:a> <urn:b> <urn:c> }")
    browser.find_element(By.ID, "run-query").click()
    wait(browser, EC.text_to_be_present_in_element((By.ID, "query-status"), "read-only"))
    assert not browser.find_element(By.ID, "query-results").is_displayed()


def test_no_request_leaves_the_server(server, browser):
    check_claim(browser, server, "Michelle Obama was born in Honolulu.")
    graph_drawn(browser)
    claim_id = browser.find_element(By.ID, "claim-result").get_attribute("data-claim-id")
    obama = server.url + "/entity?iri=" + quote(WD + "Q76", safe="")
    pages = ("/claims", f"/claims/{claim_id}", "/sources", "/query", "/jobs", "/documents", obama)
    for path in pages:
        browser.get(path if path.startswith("http") else server.url + path)
        wait(browser, EC.presence_of_element_located((By.TAG_NAME, "h1")))
        assert not console_errors(browser), path  # no CSP violation, no script error
    browser.find_element(By.CSS_SELECTOR, "main a[href^='/source?']").click()
    wait(browser, EC.presence_of_element_located((By.ID, "source-prov")))
    if os.environ.get("KGFC_WEB_SCREENSHOTS"):
        browser.get(server.url + "/claims")
        shot(browser, "web-claims")
        browser.get(obama)
        shot(browser, "web-entity")
    urls = requested_urls(browser)
    assert len(urls) > 20
    own = urlparse(server.url).netloc
    outside = [
        u
        for u in urls
        if urlparse(u).scheme not in ("data", "blob", "about") and urlparse(u).netloc != own
    ]
    assert not outside, outside
    # every page came with the strict policy
    csp = httpx.get(server.url + "/claims").headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "default-src 'none'" in csp


def test_writes_refuse_other_sites_and_missing_tokens(server):
    body = {"claim": "Barack Obama was born in Honolulu.", "record": False}
    url = server.url + "/ui/check"
    assert httpx.post(url, json=body).status_code == 401
    foreign = {**AUTH, "Origin": "https://evil.example"}
    assert httpx.post(url, json=body, headers=foreign).status_code == 403
    form = {**AUTH, "Content-Type": "text/plain"}
    assert httpx.post(url, content=json.dumps(body), headers=form).status_code == 415
    ok = httpx.post(url, json=body, headers={**AUTH, "Origin": server.url}, timeout=WAIT)
    assert ok.status_code == 200 and 'id="verdict"' in ok.text
