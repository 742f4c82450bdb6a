"""Checking whole documents: loading, sentences, references, cues, claims, verdicts, views, CLI."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.document.check import check_document, document_id
from kgfc.document.claims import decompose
from kgfc.document.cues import cues, framing_end, not_a_statement
from kgfc.document.load import from_bytes, from_text, markdown_to_text, read_document
from kgfc.document.render import to_html, to_markdown, to_text
from kgfc.errors import InputError
from kgfc.models import VerdictLabel
from kgfc.nlp.spacy_pipeline import parse
from kgfc.settings import load_settings

WD = "http://www.wikidata.org/entity/"
BIO = (
    "Nino Rota\n\n"
    "Nino Rota was an Italian composer and pianist. He was born in Naples and died in Rome. "
    "Fun fact: Rota studied at the Curtis Institute of Music. His music is beautiful. "
    "Did he ever visit Paris? The composer will be remembered forever.\n\n"
    "Val Kilmer, an American actor, was born in Los Angeles. Critics said that he was born in "
    "Chicago. The weather was nice."
)


@pytest.fixture(scope="module")
def bio(demo_local):
    return check_document(demo_local, BIO, record=False)


def _sentence(report, start_of_text: str):
    return next(s for s in report.sentences if s.text.startswith(start_of_text))


def _claim(report, text: str):
    return next(c for c in report.claims if c.text == text)


# -- loading -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (b"", "is empty"),
        (b"   \n\n  ", "is empty"),
        (b"%PDF-1.7 binary", "is a PDF"),
        (b"\x89PNG\r\n\x1a\nxx", "PNG image"),
        (b"text\x00with a NUL", "binary file"),
        ("Nino Rota est né à Milan.".encode("latin-1"), "not UTF-8"),
    ],
)
def test_bad_bytes_are_refused_with_a_reason(data, needle):
    with pytest.raises(InputError, match=needle):
        from_bytes(data, name="doc.txt")


def test_a_huge_document_is_refused_before_parsing():
    with pytest.raises(InputError, match="too long"):
        from_text("Nino Rota was born in Milan. " * 100, max_chars=1000)


@pytest.mark.parametrize(
    "text",
    [
        "Nino Rota est un compositeur italien. Il est né à Milan et il est mort à Rome en 1979.",
        "Нино Рота был итальянским композитором. Он родился в Милане и умер в Риме.",
        "Nino Rota war ein italienischer Komponist. Er wurde in Mailand geboren und starb in Rom.",
    ],
)
def test_text_that_is_not_english_is_said_so(text):
    with pytest.raises(InputError, match="English"):
        from_text(text)


def test_markdown_keeps_prose_and_drops_markup():
    md = (
        "# Nino Rota\n\nHe was an *Italian* [composer](https://x.example).\n\n"
        "- born in Milan\n- died in Rome\n\n```\ncode()\n```\n"
    )
    assert markdown_to_text(md) == (
        "Nino Rota\n\nHe was an Italian composer.\n\nborn in Milan\n\ndied in Rome"
    )
    assert from_text(md).format == "markdown"


def test_html_goes_through_the_web_extractor():
    html = (
        "<html><head><title>Rota</title><script>var x = 'Nino Rota was born in Rome.';</script>"
        "</head><body><p>Nino Rota was born in Milan.</p></body></html>"
    )
    doc = from_text(html)
    assert doc.format == "html" and doc.title == "Rota"
    assert "Milan" in doc.text and "Rome" not in doc.text


def test_a_missing_file_and_a_directory_are_bad_input(tmp_path):
    settings = load_settings(offline=True)
    with pytest.raises(InputError, match="No such file"):
        read_document(str(tmp_path / "nope.txt"), settings)
    with pytest.raises(InputError, match="directory"):
        read_document(str(tmp_path), settings)


# -- cues (their examples are the tests) ---------------------------------------------


@pytest.mark.parametrize("cue", cues(), ids=lambda c: c.name)
def test_every_cue_catches_its_examples_and_not_its_counter_examples(cue):
    def kind(text: str) -> str | None:
        span = parse(text)[:]
        k = framing_end(span)
        if cue.kind == "framing":
            return "framing" if k else None
        v = not_a_statement(span, start=k)
        return v.kind if v else None

    for ex in cue.examples:
        assert kind(ex) == cue.kind, ex
    for ex in cue.counter_examples:
        assert kind(ex) != cue.kind, ex


def test_a_quote_names_who_says_it():
    v = not_a_statement(parse("Critics said that Nino Rota was born in Rome.")[:])
    assert v.kind == "quote" and "Critics" in v.reason


# -- claims ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "claims", "spans"),
    [
        (
            "Nino Rota was born in Milan and died in Rome.",
            ["Nino Rota was born in Milan.", "Nino Rota died in Rome."],
            ["Nino Rota was born in Milan", "died in Rome"],
        ),
        (
            "Bertrand Russell was a philosopher and mathematician.",
            ["Bertrand Russell was a philosopher.", "Bertrand Russell was a mathematician."],
            ["a philosopher", "mathematician"],
        ),
        (
            "Fritz Lang was a film director and screenwriter.",
            ["Fritz Lang was a film director.", "Fritz Lang was a screenwriter."],
            ["a film director", "screenwriter"],
        ),
        (
            "Nino Rota, an Italian composer, was born in Milan.",
            # the nationality and the role are two claims
            ["Nino Rota was born in Milan.", "Nino Rota was Italian.", "Nino Rota was a composer."],
            [
                "Nino Rota, an Italian composer, was born in Milan",
                "an Italian composer",
                "an Italian composer",
            ],
        ),
        (
            "Nino Rota, who was born in Milan, died in Rome.",
            ["Nino Rota died in Rome.", "Nino Rota was born in Milan."],
            ["Nino Rota, who was born in Milan, died in Rome", "who was born in Milan"],
        ),
        (
            "Born in Boston, Lisa Edelstein became an actress.",
            ["Lisa Edelstein became an actress.", "Lisa Edelstein was born in Boston."],
            ["Lisa Edelstein became an actress", "Born in Boston"],
        ),
        (
            "Nino Rota was born in Milan.",
            ["Nino Rota was born in Milan."],
            ["Nino Rota was born in Milan."],
        ),
    ],
)
def test_compound_sentences_become_claims_with_spans(sentence, claims, spans):
    parts = decompose(parse(sentence))
    assert [p.text for p in parts] == claims
    assert [sentence[p.start : p.end] for p in parts] == spans


def test_a_coordinated_name_the_kg_knows_stays_whole():
    parts = decompose(
        parse("He admired Simon and Garfunkel."), lambda t: t == "Simon and Garfunkel"
    )
    assert [p.text for p in parts] == ["He admired Simon and Garfunkel."]


# -- the check -------------------------------------------------------------------------


def test_pronouns_short_names_and_descriptions_are_read_as_the_entity(bio):
    he = _sentence(bio, "He was born in Naples")
    assert [(r.text, r.name, r.entity) for r in he.references] == [
        ("He", "Nino Rota", WD + "Q214665")
    ]
    assert he.resolved == "Nino Rota was born in Naples and died in Rome."
    rota = _sentence(bio, "Fun fact")
    assert [(r.text, r.kind) for r in rota.references] == [("Rota", "short_name")]
    critics = _sentence(bio, "Critics said")
    assert [r.name for r in critics.references] == ["Val Kilmer"]  # the new paragraph's person
    # every reference points at its words in the document
    for s in bio.sentences:
        for r in s.references:
            assert bio.text[r.start : r.end] == r.text


def test_verdicts_spans_and_reasons(bio):
    born = _claim(bio, "Nino Rota was born in Naples.")
    assert born.verdict is VerdictLabel.REFUTED
    assert bio.text[born.start : born.end] == "He was born in Naples"
    assert born.evidence and born.evidence_ids == [e.id for e in born.evidence]
    assert "Milan" in born.evidence[0].text
    died = _claim(bio, "Nino Rota died in Rome.")
    assert died.verdict is VerdictLabel.SUPPORTED
    assert bio.text[died.start : died.end] == "died in Rome"
    curtis = _claim(bio, "Nino Rota studied at the Curtis Institute of Music.")
    assert curtis.verdict is VerdictLabel.SUPPORTED
    assert bio.text[curtis.start : curtis.end].startswith("Rota studied")  # "Fun fact:" dropped
    skipped = {s.text: (s.status, s.skip) for s in bio.sentences}
    assert skipped["Nino Rota"] == ("not_checkable", "heading")
    assert skipped["His music is beautiful."] == ("skipped", "opinion")
    assert skipped["Did he ever visit Paris?"] == ("skipped", "question")
    assert skipped["The composer will be remembered forever."] == ("skipped", "prediction")
    assert skipped["Critics said that he was born in Chicago."] == ("skipped", "quote")
    assert skipped["The weather was nice."] == ("not_checkable", "not_checkable")
    assert "Critics" in _sentence(bio, "Critics").reason


def test_summary_counts_and_worst_first(bio):
    s = bio.summary
    assert s.sentences == len(bio.sentences) == 10
    assert s.skipped == {"opinion": 1, "prediction": 1, "question": 1, "quote": 1}
    assert s.not_checkable == 2
    assert list(s.verdicts) == [
        v for v in ("REFUTED", "NOT ENOUGH INFO", "SUPPORTED") if v in s.verdicts
    ]
    assert s.verdicts["REFUTED"] == 1
    assert s.claims == sum(s.verdicts.values())
    assert s.worst[0] == _claim(bio, "Nino Rota was born in Naples.").id
    assert s.overall is VerdictLabel.REFUTED
    assert bio.id == document_id(BIO)
    assert all(c.id.startswith(bio.id + "-s") for c in bio.claims)


def test_a_claim_the_kg_does_not_cover_is_not_checkable(demo_local):
    report = check_document(demo_local, "Nino Rota admired the sea near Milan.", record=False)
    assert report.summary.claims == 0
    assert report.sentences[0].status == "not_checkable"
    assert "does not cover" in report.sentences[0].reason


def test_recorded_claims_point_at_the_document_and_uncovered_ones_are_not_recorded():
    from kgfc.kg.demo import ensure_demo
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.pipeline.api import FactChecker

    store = OxigraphStore()
    ensure_demo(store)
    checker = FactChecker(store, settings=load_settings(offline=True), policy="fixed")
    text = "Nino Rota was born in Milan. He admired the sea. He died in Rome."
    report = checker.check_document(text, title="Rota", record=True)
    assert report.recorded
    rows = store.sparql(
        "PREFIX kgfc: <https://w3id.org/kgfc/ns#> SELECT DISTINCT ?text ?start ?id WHERE { "
        "?c kgfc:fromDocument ?d ; kgfc:claimText ?text ; kgfc:spanStart ?start . "
        "?d a kgfc:Document ; kgfc:documentId ?id } ORDER BY ?start"
    )
    got = [(r["text"].value, int(r["start"].value), r["id"].value) for r in rows]
    assert got == [
        ("Nino Rota was born in Milan.", 0, report.id),
        ("Nino Rota died in Rome.", text.index("He died"), report.id),
    ]
    # the document is a source of claims, never of facts: no fact graph names it
    assert not any("document" in s.iri for s in store.sources() if s.kind.value != "claim")


# -- views ---------------------------------------------------------------------------


HOSTILE = 'Nino Rota was born in Milan. He wrote <script>alert(1)</script> "songs" & *more*.'


@pytest.fixture(scope="module")
def hostile(demo_local):
    return check_document(demo_local, HOSTILE, record=False)


def test_json_view_is_the_model(bio):
    from kgfc.document.models import DocumentReport
    from kgfc.document.render import to_json

    again = DocumentReport.model_validate(json.loads(to_json(bio)))
    assert again == bio


def test_markdown_has_a_footnote_per_claim_and_escapes_the_text(bio, hostile):
    md = to_markdown(bio)
    n = len(bio.claims)
    assert len(re.findall(r"^\[\^\d+\]: ", md, re.M)) == n
    assert "✗[^" in md and "✓[^" in md
    out = to_markdown(hostile)
    assert "<script>" not in out and "\\<script\\>" in out and "\\*more\\*" in out


def test_html_escapes_untrusted_text_and_carries_the_csp(hostile, bio):
    page = to_html(hostile)
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert page.count("<script") == 2
    assert "Content-Security-Policy" in page and "default-src &#x27;none&#x27;" in page
    data = page.split('id="document-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data
    bio_page = to_html(bio)
    assert bio_page.count('class="fc v-refuted"') >= 1
    assert 'class="skipped"' in bio_page


def test_text_view_lists_problems_first(bio):
    out = to_text(bio)
    assert out.index("Problems, the worst first") < out.index("Sentences:")
    assert "checked as: Nino Rota was born in Naples." in out


# -- the command line --------------------------------------------------------------------


def test_cli_check_a_file_as_json(tmp_path):
    path = tmp_path / "bio.md"
    path.write_text("# Nino Rota\n\nNino Rota was born in Milan. He died in Naples.\n")
    r = CliRunner().invoke(cli, ["check", str(path), "--json", "--no-record"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["format"] == "markdown" and data["source"] == str(path)
    assert data["summary"]["verdicts"] == {"REFUTED": 1, "SUPPORTED": 1}
    r = CliRunner().invoke(cli, ["check", str(path), "--no-record", "--fail-on", "refuted"])
    assert r.exit_code == 3


def test_cli_reads_stdin_and_writes_html(tmp_path):
    out = tmp_path / "doc.html"
    r = CliRunner().invoke(
        cli,
        ["check", "-", "--format", "html", "-o", str(out), "--no-record"],
        input=b"Nino Rota was born in Milan.",
    )
    assert r.exit_code == 0, r.output
    assert out.read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"", "is empty"),
        (b"\x00\x01\x02binary", "binary"),
        (
            "Nino Rota est un compositeur italien, il est né à Milan et il est mort à Rome.".encode(),
            "English",
        ),
    ],
)
def test_cli_bad_input_exits_2_and_records_nothing(tmp_path, content, needle):
    from kgfc.kg.verdicts import stored_claims  # noqa: F401  (the store API the check below uses)

    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    store = tmp_path / "store"
    r = CliRunner().invoke(cli, ["check", str(path), "--store", str(store)])
    assert r.exit_code == 2, r.output
    assert needle in r.output
    assert not store.exists()  # refused before the store was even opened


def test_cli_a_url_that_cannot_be_fetched_exits_2(tmp_path, monkeypatch):
    from fakes.http_server import scripted_server

    monkeypatch.setenv("KGFC_OFFLINE", "0")
    monkeypatch.setenv("KGFC_FETCH_ALLOW_PRIVATE", "1")
    monkeypatch.setenv("KGFC_RETRIES", "0")
    with scripted_server([(404, {}, "gone")] * 3) as srv:
        r = CliRunner().invoke(cli, ["check", srv.url + "/post", "--store", str(tmp_path / "s")])
    assert r.exit_code == 2, r.output
    assert "Could not fetch" in r.output
    assert not (tmp_path / "s").exists()


def test_cli_offline_refuses_a_url(tmp_path):
    r = CliRunner().invoke(cli, ["check", "https://example.org/post", "--offline"])
    assert r.exit_code == 2
    assert "offline" in r.output


# -- the HTTP route ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def api_store(tmp_path_factory):
    from kgfc.kg.demo import ensure_demo
    from kgfc.kg.oxigraph_store import OxigraphStore

    s = OxigraphStore(tmp_path_factory.mktemp("documents-api") / "store")
    ensure_demo(s)
    yield s
    s.close()


def _api(store, tmp_path, **over):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from kgfc.service.app import ServiceConfig, create_app

    config = ServiceConfig(
        settings=load_settings(offline=True),
        jobs_db=tmp_path / "jobs.sqlite3",
        warm_up=False,
        **over,
    )
    return TestClient(create_app(config, store=store))


@pytest.fixture
def api(api_store, tmp_path):
    with _api(api_store, tmp_path) as c:
        yield c


def _document_claims(store) -> int:
    rows = store.sparql(
        "PREFIX kgfc: <https://w3id.org/kgfc/ns#> "
        "SELECT (COUNT(DISTINCT ?c) AS ?n) WHERE { ?c kgfc:fromDocument ?d }"
    )
    return int(next(iter(rows))["n"].value)


def test_api_checks_a_document_records_its_claims_and_they_can_be_fetched(api, api_store):
    from kgfc.document.models import DocumentReport

    text = "Nino Rota was born in Milan. He died in Naples. His music is beautiful."
    r = api.post("/v1/documents", json={"text": text, "title": "Nino Rota", "source": "rota.txt"})
    assert r.status_code == 200, r.text
    report = DocumentReport.model_validate(r.json())
    assert report.id == document_id(text) and report.title == "Nino Rota"
    assert report.source == "rota.txt"
    assert report.summary.verdicts == {"REFUTED": 1, "SUPPORTED": 1}
    assert report.summary.skipped == {"opinion": 1}
    died = _claim(report, "Nino Rota died in Naples.")
    assert died.verdict is VerdictLabel.REFUTED and report.recorded
    assert text[died.start : died.end] == "He died in Naples."
    # a recorded claim is a stored claim like any other
    stored = api.get(f"/v1/claims/{died.id}")
    assert stored.status_code == 200, stored.text
    assert stored.json()["verdict"] == "REFUTED"


def test_api_annotated_html_and_markdown_on_accept(api):
    body = {"text": "Nino Rota was born in Milan. He died in Naples.", "record": False}
    page = api.post("/v1/documents", json=body, headers={"Accept": "text/html"})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert page.text.startswith("<!DOCTYPE html>") and "Content-Security-Policy" in page.text
    assert 'class="fc v-refuted"' in page.text
    md = api.post("/v1/documents", json=body, headers={"Accept": "text/markdown"})
    assert md.headers["content-type"].startswith("text/markdown")
    assert len(re.findall(r"^\[\^\d+\]: ", md.text, re.M)) == 2


def test_api_a_repeated_claim_is_checked_and_recorded_once(api, api_store):
    text = "Nino Rota was born in Milan. Lisa Edelstein was born in Boston. Nino Rota was born in Milan."
    before = _document_claims(api_store)
    r = api.post("/v1/documents", json={"text": text})
    assert r.status_code == 200, r.text
    claims = r.json()["claims"]
    twice = [c for c in claims if c["text"] == "Nino Rota was born in Milan."]
    assert len(twice) == 2 and {c["verdict"] for c in twice} == {"SUPPORTED"}
    assert twice[0]["claim_iri"] == twice[1]["claim_iri"]
    assert r.json()["counters"]["sparql_queries"] > 0
    assert _document_claims(api_store) == before + 2  # Rota once, Edelstein once


@pytest.mark.parametrize(
    ("payload", "status", "needle"),
    [
        ({}, 422, "exactly one of"),
        ({"text": "x", "url": "https://example.org/"}, 422, "exactly one of"),
        ({"text": "x", "colour": "red"}, 422, "colour"),
        ({"text": "Nino Rota was born in Milan.", "format": "pdf"}, 422, "format"),
        ({"text": "   "}, 400, "is empty"),
        ({"text": "Nino Rota est un compositeur italien. Il est né à Milan."}, 400, "English"),
        ({"text": "Nino Rota was born in Milan. " * 40_000}, 400, "too long"),
        ({"url": "https://example.org/post"}, 400, "offline"),
    ],
)
def test_api_bad_documents_are_clear_errors_and_record_nothing(
    api, api_store, payload, status, needle
):
    before = _document_claims(api_store)
    r = api.post("/v1/documents", json=payload)
    assert r.status_code == status, r.text
    assert needle in r.json()["error"]["message"]
    assert _document_claims(api_store) == before


def test_api_documents_need_the_write_token(api_store, tmp_path):
    with _api(api_store, tmp_path, token="s3cret") as c:
        body = {"text": "Nino Rota was born in Milan.", "record": False}
        assert c.post("/v1/documents", json=body).status_code == 401
        r = c.post("/v1/documents", json=body, headers={"Authorization": "Bearer s3cret"})
        assert r.status_code == 200, r.text
