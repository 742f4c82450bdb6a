"""Structured reports: building, citation checks (EHR, EQS), conflicts and the three views."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from kgfc.errors import ConfigError
from kgfc.models import (
    ClaimTriple,
    Counters,
    LinkedEntity,
    ReportEvidence,
    VerdictLabel,
    VerifyResult,
)
from kgfc.report import (
    apply_citation_check,
    build_report,
    find_conflicts,
    normalise_trust_order,
    quote_precision,
    retrieved_sources,
    source_kind,
    to_html,
    to_json,
    to_markdown,
    validate_citations,
)
from kgfc.web.filter import Passage

WD = "http://www.wikidata.org/entity/"
WDT = "http://www.wikidata.org/prop/direct/"
DEMO = "https://w3id.org/kgfc/source/demo/codex-m-train"
WIKIDATA = "https://w3id.org/kgfc/source/wikidata/0f3a"
WEBG = "https://w3id.org/kgfc/source/web/77aa"
MALICIOUS = "<script>alert(1)</script> Marie Curie was born in Warsaw."

W1_TEXT = (
    "Maria Skłodowska-Curie was born in Warsaw on 7 November 1867. "
    "She moved to Paris in 1891 to study physics."
)
P1_TEXT = (
    "Marie Curie, born in Warsaw in 1867, discovered polonium and radium with Pierre Curie. "
    "She won two Nobel prizes."
)
W2_TEXT = "A viral post claims that Marie Curie was born in Paris. Historians disagree."


def fact(
    eid, s, p, o, *, source, cited=False, hop=1, score=0.8, literal=False, labels=("", "", "")
):
    sl, pl, ol = labels
    return {
        "id": eid,
        "text": f"{sl} {pl} {ol if not literal else o}",
        "subject": WD + s,
        "predicate": WDT + p,
        "object": o if literal else WD + o,
        "object_is_literal": literal,
        "subject_label": sl,
        "predicate_label": pl,
        "object_label": None if literal else ol,
        "source": source,
        "score": score,
        "hop": hop,
        "cited": cited,
    }


def make_result(
    claim: str = "Marie Curie was born in Warsaw.", verdict=VerdictLabel.SUPPORTED
) -> VerifyResult:
    return VerifyResult(
        id="c1",
        claim=claim,
        verdict=verdict,
        confidence=0.9,
        justification='The KG states it: "Marie Curie place of birth Warsaw" (E1).',
        reasoner="local",
        evidence=[
            fact(
                "E1",
                "Q7186",
                "P19",
                "Q270",
                source=DEMO,
                cited=True,
                labels=("Marie Curie", "place of birth", "Warsaw"),
            ),
            fact(
                "E2",
                "Q270",
                "P17",
                "Q36",
                source=WIKIDATA,
                hop=2,
                score=0.5,
                labels=("Warsaw", "country", "Poland"),
            ),
            fact(
                "E3",
                "Q7186",
                "P569",
                "1867-11-07",
                source=WIKIDATA,
                literal=True,
                score=0.4,
                labels=("Marie Curie", "date of birth", ""),
            ),
            fact(
                "E4",
                "Q7186",
                "P26",
                "Q37463",
                source=WEBG,
                score=0.3,
                labels=("Marie Curie", "spouse", "Pierre Curie"),
            ),
        ],
        topic_entities=[
            LinkedEntity(
                mention="Marie Curie", entity=WD + "Q7186", label="Marie Curie", score=1.0
            ),
            LinkedEntity(mention="Warsaw", entity=WD + "Q270", label="Warsaw", score=1.0),
        ],
        triples=[
            ClaimTriple(
                subject="Marie Curie",
                relation="was born in",
                object="Warsaw",
                subject_id=WD + "Q7186",
                relation_ids=[WDT + "P19"],
                object_id=WD + "Q270",
            )
        ],
        counters=Counters(sparql_queries=4, search_calls=2),
    )


def passages() -> list[Passage]:
    return [
        Passage(
            text=W1_TEXT,
            source_id="https://example.org/curie",
            url="https://example.org/curie",
            title="Marie Curie biography",
            confidence=0.8,
            stance="supports",
            sentence="Maria Skłodowska-Curie was born in Warsaw on 7 November 1867.",
        ),
        Passage(
            text=P1_TEXT,
            source_id="PMID:123456",
            title="Radium and its discoverers",
            confidence=0.7,
            stance="supports",
            # lightly reformatted: parentheses and one extra word
            sentence="Marie Curie (born in Warsaw in 1867) discovered both polonium and radium",
        ),
        Passage(
            text=W2_TEXT,
            source_id="https://blog.example/post",
            url="https://blog.example/post",
            title="Myths",
            confidence=0.4,
            stance="refutes",
            sentence="A viral post claims that Marie Curie was born in Paris.",
        ),
        Passage(
            text="Marie Curie led a mobile X-ray unit in the war.",
            source_id="https://example.org/war",
            confidence=0.3,
            stance="neutral",
        ),
    ]


def hallucinated() -> list[Passage]:
    """What a model might cite: a page nobody retrieved, and a real page misquoted."""
    return [
        Passage(
            text="Marie Curie was born in Warsaw.",
            source_id="https://made.up/curie",
            confidence=0.9,
            stance="supports",
            sentence="Marie Curie was born in Warsaw.",
        ),
        Passage(
            text=W1_TEXT,
            source_id="https://example.org/curie",
            confidence=0.9,
            stance="supports",
            sentence="Marie Curie was born in Krakow in 1901 and never left Poland.",
        ),
    ]


# -- building --------------------------------------------------------------------------


def test_source_kind_from_graph_iri():
    assert source_kind(DEMO) == "demo"
    assert source_kind(WIKIDATA) == "wikidata"
    assert source_kind("https://w3id.org/kgfc/source/pubmed/ab") == "pubmed"
    assert source_kind(None) == "kg"
    assert source_kind("http://example.org/g") == "kg"


def test_report_from_verify_result_and_passages():
    report = build_report(make_result(), web_passages=passages())
    sup = {e.evidence_id: e for e in report.supporting_evidence}
    assert list(sup) == ["E1", "W1", "P1"]
    assert [e.evidence_id for e in report.refuting_evidence] == ["W2"]
    e1 = sup["E1"]
    assert e1.source_id == DEMO
    assert e1.source_kind == "demo"
    assert e1.sentence == "Marie Curie place of birth Warsaw"
    assert DEMO in e1.context and "hop 1" in e1.context
    assert e1.confidence == 0.9  # the verdict's confidence, for the facts it rests on
    assert sup["P1"].source_kind == "pubmed" and sup["P1"].confidence == 0.7
    assert sup["W1"].context.startswith("Marie Curie biography: ")
    s = report.summary
    assert s.reasons_to_support[0] == "Marie Curie place of birth Warsaw [E1, demo KG]"
    assert s.reasons_to_refute == [
        "A viral post claims that Marie Curie was born in Paris. [W2, web]"
    ]
    assert s.consensus.startswith(
        "The sources disagree: 3 pieces of evidence (demo KG, PubMed, web) support"
    )
    assert "1 piece of evidence (web) refutes it" in s.consensus
    assert "Scope: the evidence states the exact claim (E1, P1)." in s.consensus
    assert s.final_justification == make_result().justification
    assert report.conclusion == VerdictLabel.SUPPORTED and report.confidence == 0.9
    assert report.counters.search_calls == 2
    # without `retrieved` nothing is checked, but EQS is already known
    assert report.citation_check.kept == 0 and report.eqs == pytest.approx(
        (0.9 + 0.8 + 0.7) / 3, abs=1e-4
    )


def test_graph_nodes_edges_and_provenance():
    report = build_report(make_result())
    ids = {n.id: n.label for n in report.nodes}
    # Marie Curie, Warsaw, Poland, Pierre Curie and one literal value
    assert ids == {
        WD + "Q7186": "Marie Curie",
        WD + "Q270": "Warsaw",
        WD + "Q36": "Poland",
        WD + "Q37463": "Pierre Curie",
        "literal:1867-11-07": "1867-11-07",
    }
    kinds = {e.evidence_id: e.kind for e in report.edges}
    assert kinds == {"E1": "demo", "E2": "wikidata", "E3": "wikidata", "E4": "web"}
    e1 = report.edges[0]
    assert (e1.source, e1.target, e1.label) == (WD + "Q7186", WD + "Q270", "place of birth")
    assert e1.provenance == {
        "source_iri": DEMO,
        "source_id": DEMO,
        "kind": "demo",
        "hop": 1,
        "score": 0.8,
        "sentence": "Marie Curie place of birth Warsaw",
        "stance": "supports",
        "cited": True,
        "predicate": WDT + "P19",
    }
    assert report.edges[3].provenance["source_id"] == WEBG  # not a Wikidata statement: the graph


def test_uncited_and_nei_facts_stay_out_of_the_evidence_lists():
    result = make_result(verdict=VerdictLabel.NEI)
    report = build_report(result)
    assert report.supporting_evidence == [] and report.refuting_evidence == []
    assert report.eqs is None
    assert len(report.edges) == 4  # still in the graph
    assert report.summary.consensus.startswith(
        "No retrieved source speaks for or against the claim."
    )


def test_scope_check_other_value_and_related():
    result = make_result(verdict=VerdictLabel.REFUTED)
    result.evidence[0].object = WD + "Q90"  # born in Paris, cited for a REFUTED verdict
    result.evidence[0].text = "Marie Curie place of birth Paris"
    report = build_report(result)
    assert [e.evidence_id for e in report.refuting_evidence] == ["E1"]
    assert (
        "Scope: the evidence gives another value for Marie Curie's place of birth (E1)"
        in report.summary.consensus
    )
    result = make_result(verdict=VerdictLabel.NEI)
    result.evidence = result.evidence[1:]
    assert (
        "Scope: the evidence concerns the claim's entities but not the claimed statement (E2, E3, E4)"
        in (build_report(result).summary.consensus)
    )


def test_scope_check_any_relation_between_the_two_is_the_statement():
    # "Marie Curie is associated with Pierre Curie": any fact between them is the claim's own
    from kgfc.kg.properties import RELATED

    result = make_result("Marie Curie is associated with Pierre Curie.")
    result.triples = [
        ClaimTriple(
            subject="Marie Curie", relation="associated with", object="Pierre Curie",
            subject_id=WD + "Q7186", object_id=WD + "Q37463", relation_ids=[RELATED],
        )
    ]  # fmt: skip
    for e in result.evidence:
        e.cited = e.id == "E4"
    assert "Scope: the evidence states the exact claim (E4)" in (
        build_report(result).summary.consensus
    )


# -- citations ---------------------------------------------------------------------------


def test_quote_precision():
    assert quote_precision("Maria Skłodowska-Curie was born in Warsaw", W1_TEXT) == 1.0
    # case, punctuation and line breaks do not matter
    assert (
        quote_precision("maria skłodowska curie WAS BORN\nin warsaw, on 7 november 1867", W1_TEXT)
        == 1.0
    )
    # one extra word in twelve: 11/12, still a faithful quote
    assert quote_precision(
        "Marie Curie (born in Warsaw in 1867) discovered both polonium and radium", P1_TEXT
    ) == pytest.approx(11 / 12)
    assert (
        quote_precision("Marie Curie was born in Krakow in 1901 and never left Poland.", W1_TEXT)
        < 0.85
    )
    assert quote_precision("", W1_TEXT) == 0.0
    assert (
        quote_precision(
            "Η Μαρία Κιουρί γεννήθηκε στη Βαρσοβία",
            "Η Μαρία Κιουρί γεννήθηκε στη Βαρσοβία το 1867.",
        )
        == 1.0
    )


def test_quote_is_scored_against_sentence_windows_not_the_whole_source():
    filler = "The weather was mild that year. " * 4
    source = f"Curie studied hard. {filler}Many people were born then. {filler}Some lived in Paris."
    quote = "Curie was born in Paris"
    # Against the whole text every quote token is found in order (LCS = 5/5)...
    from rouge_score import rouge_scorer

    whole = rouge_scorer.RougeScorer(["rougeL"]).score(source, quote)["rougeL"].precision
    assert whole == 1.0
    # ...but no passage of the source says it.
    assert quote_precision(quote, source) < 0.85


def test_citation_check_removes_unretrieved_and_misquoted():
    result = make_result()
    retrieved = retrieved_sources(result, passages())
    assert retrieved["E1"] == "Marie Curie place of birth Warsaw"
    assert retrieved[DEMO] == "Marie Curie place of birth Warsaw"
    assert retrieved["PMID:123456"] == P1_TEXT
    good = passages()[:2]  # W1 verbatim, P1 lightly reformatted (+ E1 from the KG): 3 good
    report = build_report(result, web_passages=good + hallucinated(), retrieved=retrieved)
    cc = report.citation_check
    assert (cc.kept, cc.removed) == (3, 2)
    assert cc.ehr == pytest.approx(2 / 5)
    problems = {p.source_id: p for p in cc.problems}
    assert problems["https://made.up/curie"].reason == "not_retrieved"
    assert problems["https://made.up/curie"].score is None
    assert problems["https://example.org/curie"].reason == "misquoted"
    assert problems["https://example.org/curie"].score < 0.85
    shown = [e.evidence_id for e in report.supporting_evidence]
    assert shown == ["E1", "W1", "P1"]
    removed = {p.evidence_id for p in cc.problems}
    assert removed == {"W2", "W3"}
    assert not any(i in r for r in report.summary.reasons_to_support for i in removed)
    assert report.eqs == pytest.approx((0.9 + 0.8 + 0.7) / 3, abs=1e-4)


def test_validate_citations_counts_and_edge_cases():
    ev = [
        ReportEvidence(
            evidence_id="E1",
            source_id="s1",
            source_kind="web",
            sentence="alpha beta gamma",
            stance="supports",
        ),
        ReportEvidence(
            evidence_id="E2",
            source_id="",
            source_kind="kg",
            sentence="alpha beta",
            stance="supports",
        ),
    ]
    check = validate_citations(ev, {"s1": "Alpha, beta; gamma!", "E2": ["delta", "alpha beta"]})
    assert (check.kept, check.removed, check.ehr) == (
        2,
        0,
        0.0,
    )  # E2 names no source: found by its id
    # a made-up source does not pass on the strength of a known evidence id
    fake = ev[1].model_copy(update={"source_id": "https://made.up/x"})
    assert validate_citations([fake], {"E2": "alpha beta"}).problems[0].reason == "not_retrieved"
    assert validate_citations([], {}).ehr == 0.0  # nothing cited: EHR 0, not a division by zero
    check = validate_citations(ev, {})
    assert (check.kept, check.removed, check.ehr) == (0, 2, 1.0)
    assert {p.reason for p in check.problems} == {"not_retrieved"}


def test_removed_citation_takes_its_conflict_with_it():
    result = make_result()
    retrieved = retrieved_sources(
        result, passages()[:2]
    )  # the refuting blog post was never retrieved
    report = build_report(result, web_passages=passages(), retrieved=retrieved)
    assert report.citation_check.removed == 1
    assert report.citation_check.problems[0].evidence_id == "W2"
    assert report.refuting_evidence == [] and report.summary.reasons_to_refute == []
    assert report.conflicts == []
    assert report.summary.consensus.startswith("The sources agree: 3 pieces of evidence")
    assert "Scope: the evidence states the exact claim" in report.summary.consensus  # scope kept


def test_apply_citation_check_prunes_graph_edges_and_orphan_nodes():
    report = build_report(make_result())
    cited = report.model_copy(deep=True)
    cited.supporting_evidence[0].source_id = "https://nowhere.example/"  # E1 not retrieved
    cleaned = apply_citation_check(cited, {})
    assert "E1" not in {e.evidence_id for e in cleaned.edges}
    assert {n.id for n in cleaned.nodes} == {n.id for n in report.nodes}  # Warsaw still has E2
    assert cleaned.eqs is None and cleaned.citation_check.ehr == 1.0


# -- conflicts ---------------------------------------------------------------------------


def test_conflict_names_both_sides_and_default_trust_resolution():
    report = build_report(make_result(), web_passages=passages())
    # the blog post contradicts both the KG and PubMed
    assert [c.kinds for c in report.conflicts] == [["wikidata", "web"], ["pubmed", "web"]]
    c = report.conflicts[0]
    assert c.description == (
        "Wikidata/KG (demo KG) evidence supports the claim (E1), while web evidence refutes the claim (W2)."
    )
    assert c.sources == [DEMO, "https://blog.example/post"]
    assert c.resolution.startswith(
        "Trust order Wikidata/KG > loaded RDF file > PubMed > web: Wikidata/KG outranks web"
    )
    assert "counts as SUPPORTED. The conclusion (SUPPORTED) agrees." in c.resolution


def test_conflict_resolution_follows_a_configured_trust_order():
    report = build_report(
        make_result(), web_passages=passages(), trust_order=("web", "pubmed", "wikidata")
    )
    # web (refutes) now outranks both PubMed and Wikidata (support)
    assert [c.kinds for c in report.conflicts] == [["web", "pubmed"], ["web", "wikidata"]]
    c = report.conflicts[0]
    assert c.resolution.startswith(
        "Trust order web > PubMed > Wikidata/KG > loaded RDF file: web outranks PubMed"
    )
    assert (
        "counts as REFUTED. The conclusion (SUPPORTED) follows the less trusted source: review it."
        in c.resolution
    )
    nei = find_conflicts(report.supporting_evidence + report.refuting_evidence, VerdictLabel.NEI)
    assert all("leaves the conflict open" in x.resolution for x in nei)


def test_trust_order_validation():
    assert normalise_trust_order("pubmed > web") == ("pubmed", "web", "wikidata", "file")
    assert normalise_trust_order(["KG", "web"]) == ("wikidata", "web", "file", "pubmed")
    assert normalise_trust_order("file, demo") == ("file", "wikidata", "pubmed", "web")
    with pytest.raises(ConfigError, match="Unknown source kind 'arxiv'"):
        normalise_trust_order(["arxiv"])


def test_no_conflict_within_agreeing_sources():
    ev = [
        ReportEvidence(
            evidence_id="E1", source_id="a", source_kind="wikidata", sentence="x", stance="supports"
        ),
        ReportEvidence(
            evidence_id="W1", source_id="b", source_kind="web", sentence="y", stance="supports"
        ),
        ReportEvidence(
            evidence_id="W2", source_id="c", source_kind="web", sentence="z", stance="neutral"
        ),
    ]
    assert find_conflicts(ev, VerdictLabel.SUPPORTED) == []


# -- views -------------------------------------------------------------------------------


def checked_report(claim: str = "Marie Curie was born in Warsaw."):
    result = make_result(claim)
    good = passages()
    return build_report(
        result, web_passages=good + hallucinated(), retrieved=retrieved_sources(result, good)
    )


def test_json_view_fields():
    data = json.loads(to_json(checked_report()))
    assert {
        "supporting_evidence",
        "refuting_evidence",
        "summary",
        "conclusion",
        "citation_check",
    } <= set(data)
    assert data["conclusion"] == "SUPPORTED"
    assert data["citation_check"]["kept"] == 4 and data["citation_check"]["removed"] == 2
    assert data["citation_check"]["ehr"] == pytest.approx(2 / 6, abs=1e-4)
    assert set(data["summary"]) == {
        "reasons_to_support",
        "reasons_to_refute",
        "consensus",
        "final_justification",
    }
    assert data["supporting_evidence"][0]["source_id"] == DEMO
    assert data["conflicts"][0]["kinds"] == ["wikidata", "web"]
    assert len(data["nodes"]) == 5 and len(data["edges"]) == 4


def test_markdown_view_sections_and_escaping():
    md = to_markdown(checked_report(MALICIOUS))
    for heading in (
        "# Fact-check report",
        "## Conclusion",
        "## Supporting evidence",
        "## Refuting evidence",
        "## Summary",
        "### Reasons to support",
        "### Reasons to refute",
        "### Consensus / scope check",
        "### Final justification",
        "## Source conflicts",
        "## Citation check",
        "## Facts looked at",
        "## Cost",
    ):
        assert f"\n{heading}\n" in f"\n{md}", heading
    assert "**SUPPORTED** (confidence 0.90, reasoner local)" in md
    assert f"<{DEMO}>" in md and "wikidata.org" not in md  # a demo fact is not Wikidata's
    assert "PMID:123456 (<https://pubmed.ncbi.nlm.nih.gov/123456/>)" in md
    assert "Citations kept: 4, removed: 2; evidence hallucination rate (EHR) 0.33" in md
    assert "removed W4 (<https://made.up/curie>): not retrieved in this episode" in md
    assert "misquoted (ROUGE-L precision" in md
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Marie Curie" in md
    assert "<script" not in md


def test_markdown_renders_untrusted_html_as_text_in_python_markdown():
    """Python-Markdown (what MkDocs renders with) ignores ``\\<``: a backslash alone left a live tag."""
    markdown = pytest.importorskip("markdown")
    report = checked_report(MALICIOUS)
    report.supporting_evidence[1].context = '</script><img src=x onerror="alert(2)"> & &amp;'
    html = markdown.markdown(to_markdown(report))
    parser = _Tags()
    parser.feed(html)
    assert not [t for t, _ in parser.tags if t in ("script", "img")]
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Marie Curie" in html
    # an entity in the text stays the text it was, not the character it names
    assert "&amp; &amp;amp;" in html


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_html_is_self_contained_and_escapes_untrusted_text():
    report = checked_report(MALICIOUS)
    report.supporting_evidence[1].context = '</script><img src=x onerror="alert(2)">'
    report.edges[0].provenance["sentence"] = "</script><script>alert(3)</script>"
    page = to_html(report)
    parser = _Tags()
    parser.feed(page)
    tags = parser.tags
    scripts = [a for t, a in tags if t == "script"]
    assert len(scripts) == 2 and scripts[0] == {"type": "application/json", "id": "report-data"}
    assert all("src" not in a for a in scripts)
    assert not [t for t, _ in tags if t in ("link", "img", "iframe", "object", "embed")]
    for tag, attrs in tags:
        if tag != "a":  # links to sources are data; nothing is fetched
            assert not any(
                str(v).startswith(("http://", "https://", "//"))
                for k, v in attrs.items()
                if k in ("src", "href")
            )
    assert "@import" not in page and "url(http" not in page
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'onerror="alert(2)"' not in page
    # the JSON block cannot be closed early: it carries no "<" at all
    block = page.split('<script type="application/json" id="report-data">', 1)[1].split(
        "</script>", 1
    )[0]
    assert "<" not in block
    data = json.loads(block)
    assert len(data["nodes"]) == 5 and data["colours"]["demo"]
    csp = next(
        a["content"]
        for t, a in tags
        if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"
    )
    assert csp.startswith("default-src 'none'; style-src 'sha256-")
    assert '<svg id="graph"' in page and 'class="legend"' in page
    assert "https://w3id.org/kgfc/source/demo/codex-m-train" in page  # provenance data is there


def test_html_links_only_http_sources():
    report = checked_report()
    report.supporting_evidence[1].source_id = "javascript:alert(1)"
    page = to_html(report)
    assert 'href="javascript' not in page
    assert "<code>javascript:alert(1)</code>" in page


def test_views_of_an_empty_report_with_a_trajectory():
    result = VerifyResult(
        id="c9",
        claim="Nothing is known.",
        verdict=VerdictLabel.NEI,
        confidence=0.5,
        justification="No entity of the claim could be found.",
        reasoner="local",
    )
    report = build_report(result, retrieved={})
    report.steps = [{"action": "init_kg_retrieval", "summary": "0 facts"}, {"action": "verdict"}]
    assert report.citation_check.model_dump() == {
        "kept": 0,
        "removed": 0,
        "ehr": 0.0,
        "problems": [],
    }
    md = to_markdown(report)
    assert "## Trajectory\n\n1. init\\_kg\\_retrieval: 0 facts\n2. verdict\n" in md
    assert "## Facts looked at" not in md
    page = to_html(report)
    assert "<li>init_kg_retrieval: 0 facts</li>" in page
    assert '"nodes": [], "edges": []' in page


def test_made_up_citation_reusing_a_good_id_is_removed_alone():
    result = make_result()
    real = passages()[:1]
    fake = Passage(
        evidence_id="W1",  # the id of the real passage
        text="Marie Curie was born in Warsaw.",
        source_id="https://made.up/curie",
        url=None,
        title="",
        confidence=0.9,
        stance="supports",
        sentence="Marie Curie was born in Warsaw.",
    )
    report = build_report(
        result, web_passages=[*real, fake], retrieved=retrieved_sources(result, real)
    )
    assert [p.source_id for p in report.citation_check.problems] == ["https://made.up/curie"]
    assert [(e.evidence_id, e.source_id) for e in report.supporting_evidence] == [
        ("E1", DEMO),
        ("W1", "https://example.org/curie"),
    ]
    assert any("[W1, web]" in r for r in report.summary.reasons_to_support)


def test_sources_say_where_a_fact_came_from():
    """Only a fact fetched from Wikidata links to wikidata.org; a demo-KG fact cites the demo graph."""
    result = make_result()
    result.evidence[1].cited = True  # Warsaw country Poland, from a Wikidata fetch
    report = build_report(result)
    by_id = {e.evidence_id: e for e in report.supporting_evidence}
    assert by_id["E1"].source_id == DEMO and by_id["E1"].source_kind == "demo"
    assert by_id["E2"].source_id == "https://www.wikidata.org/wiki/Q270#P17"
    md = to_markdown(report)
    line = next(x for x in md.splitlines() if x.strip().startswith("source:") and DEMO in x)
    assert "demo KG" in line and "wikidata.org" not in line
    assert "<https://www.wikidata.org/wiki/Q270#P17>" in md
