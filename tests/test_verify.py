"""End-to-end ``verify`` on the bundled demo KG, with the local reasoner and the LLM path.

The LLM path runs the real ``openai`` client against the scripted fake
OpenAI-compatible server; the fake "model" answers by reading the prompt it
is sent, so the test checks what kgfc asks as well as what it does with the
answer.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from click.testing import CliRunner
from fakes.openai_server import fake_openai, json_reply, status_reply

from kgfc.cli import cli
from kgfc.errors import InputError
from kgfc.kg import vocab as V
from kgfc.llm.client import OpenAICompatLLM
from kgfc.pipeline.api import FactChecker
from kgfc.pipeline.stages import check_claim_text
from kgfc.reason.llm_reasoner import LLMReasoner
from kgfc.settings import load_settings

WD = V.WD


@pytest.fixture(scope="module")
def demo_store(demo_local):
    return demo_local.tools.store  # the session's demo KG in memory, read only here


@pytest.fixture(scope="module")
def local(demo_local):
    # the plain pipeline: retrieve, expand while the beam may connect the entities, decide
    return demo_local


@pytest.fixture(scope="module")
def demo_path(tmp_path_factory, demo_kg_copy):
    return demo_kg_copy(tmp_path_factory.mktemp("demo") / "store")


def cited(result) -> list[str]:
    return [e.text for e in result.evidence if e.cited]


# -- local reasoner ---------------------------------------------------------------


def test_supported_direct(local):
    r = local.verify(id="c1", claim="Gerald Ford was born in Omaha.")
    assert r.verdict.value == "SUPPORTED" and r.reasoner == "local"
    assert cited(r) == ["Gerald Ford place of birth Omaha"]
    [ev] = [e for e in r.evidence if e.cited]
    assert ev.source == V.KGFC_SOURCE + "demo/codex-m-train"
    assert {e.entity for e in r.topic_entities} >= {WD + "Q9582", WD + "Q43199"}
    assert r.triples[0].relation_ids[0] == V.WDT + "P19"


def test_refuted_by_single_valued_conflict(local):
    r = local.verify(id="c2", claim="Tony Blair was born in London.")
    assert r.verdict.value == "REFUTED"
    assert cited(r) == ["Tony Blair place of birth Edinburgh"]
    assert "single-valued" in r.justification


def test_multi_hop_entailed(local):
    r = local.verify(id="c3", claim="Fyodor Dostoyevsky was born in Russia.")
    assert r.verdict.value == "SUPPORTED"
    # Moscow is in Russia by country and by administrative entity: either chain will do
    first, second = cited(r)
    assert first == "Fyodor Dostoyevsky place of birth Moscow"
    assert second in (
        "Moscow country Russia",
        "Moscow located in the administrative territorial entity Russia",
    )


def test_not_enough_info(local):
    # CoDEx-M has Obama's residence in Honolulu, not his place of birth.
    r = local.verify(id="c4", claim="Barack Obama was born in Honolulu.")
    assert r.verdict.value == "NOT ENOUGH INFO"
    assert cited(r) == []
    assert r.evidence  # it says what it looked at


def test_unknown_entities_nei(local):
    r = local.verify(id="c5", claim="Zorblax Quuxington invented the flux capacitor.")
    assert r.verdict.value == "NOT ENOUGH INFO"


def test_structured_triple(local):
    r = local.verify(("Q9582", "P19", "Q43199"), id="t1")
    assert r.verdict.value == "SUPPORTED"
    r = local.verify(("Q9582", "P19", "Q16555"), id="t2")  # Houston
    assert r.verdict.value == "REFUTED"
    with pytest.raises(InputError):
        local.verify(("Gerald", "P19", "Q1"), id="t3")


def test_counters_and_query_budget(local):
    r = local.verify(id="c6", claim="Gerald Ford was born in Houston.")
    c = r.counters
    assert c.llm_calls == 0 and c.search_calls == 0 and c.seconds > 0
    # one neighbourhood query per hop plus linking; reasoner statistics are cached per store
    r2 = local.verify(id="c7", claim="Gerald Ford was born in Houston.")
    assert r2.counters.sparql_queries <= local.settings.hops + 1


@pytest.mark.parametrize("bad", ["", "   ", "x" * 1_000_000, "a\x00b"])
def test_bad_claims(bad):
    with pytest.raises(InputError):
        check_claim_text(bad)


# -- LLM reasoner through the real openai client -----------------------------------


def oracle(payload: dict):
    """A deterministic stand-in model: it reads kgfc's prompt and answers in the asked schema."""
    name = payload.get("response_format", {}).get("json_schema", {}).get("name")
    user = payload["messages"][-1]["content"]
    claim = re.search(r"<<<CLAIM\n(.*?)\nCLAIM>>>", user, re.S).group(1)
    if name == "decompose":
        m = re.match(r"(.+?) was born in (.+?)\.?$", claim)
        return json_reply(
            {
                "triples": [
                    {"subject": m.group(1), "relation": "place of birth", "object": m.group(2)}
                ],
                "keywords": ["birth"],
            },
            usage=(50, 20),
        )
    if name == "rank":
        block = re.search(r"<<<CANDIDATES\n(.*?)\nCANDIDATES>>>", user, re.S).group(1)
        ids = [
            int(num)
            for num, _, text in (line.partition(". ") for line in block.splitlines())
            if "place of birth" in text
        ]
        return json_reply({"ids": ids}, usage=(100, 30))
    if name == "verdict":
        evidence = re.search(r"<<<EVIDENCE\n(.*?)\nEVIDENCE>>>", user, re.S).group(1).splitlines()
        subject = claim.split(" was born in ")[0]
        obj = claim.split(" was born in ")[1].rstrip(".")
        for line in evidence:
            fact = re.sub(r" \([^()]*\)$", "", line.split(" ", 1)[1])  # "E3 <fact> (source)"
            if "place of birth" in fact and fact.startswith(subject):
                eid = line.split()[0]
                verdict = "SUPPORTED" if fact.endswith(obj) else "REFUTED"
                return json_reply(
                    {
                        "verdict": verdict,
                        "confidence": 0.9,
                        "justification": line,
                        "cited": [eid, "E999"],
                    },
                    usage=(200, 40),
                )
        return json_reply(
            {"verdict": "NOT ENOUGH INFO", "confidence": 0.5, "justification": "none", "cited": []}
        )
    return status_reply(400, f"unexpected schema {name}")


@pytest.fixture
def llm_verifier(demo_store, tmp_path):
    with fake_openai(responder=oracle) as srv:
        llm = OpenAICompatLLM(
            srv.base_url, "fake-model", cache_dir=tmp_path / "cache", max_retries=1
        )
        v = FactChecker(
            demo_store,
            settings=load_settings(offline=True),
            reasoner=LLMReasoner(llm),
            llm=llm,
            policy="fixed",
        )
        yield v, srv


@pytest.mark.parametrize(
    "claim,label",
    [
        ("Tony Blair was born in Edinburgh.", "SUPPORTED"),
        ("Tony Blair was born in London.", "REFUTED"),
    ],
)
def test_llm_reasoner_end_to_end(llm_verifier, claim, label):
    v, srv = llm_verifier
    r = v.verify(id="l1", claim=claim)
    assert r.reasoner == "llm:fake-model"
    assert r.verdict.value == label
    assert cited(r) == ["Tony Blair place of birth Edinburgh"]  # E999 was rejected
    names = [b["response_format"]["json_schema"]["name"] for b in srv.bodies]
    assert names[0] == "decompose" and names[-1] == "verdict"
    hops = names.count("rank")
    assert 1 <= hops <= v.settings.hops  # one ranking call per hop, never one per candidate
    c = r.counters
    assert c.llm_calls == len(names)
    assert c.prompt_tokens == 50 + 100 * hops + 200 and c.completion_tokens == 20 + 30 * hops + 40


def test_llm_results_are_cached(llm_verifier):
    v, srv = llm_verifier
    v.verify(id="l2", claim="Tony Blair was born in Edinburgh.")
    n = len(srv.bodies)
    r = v.verify(id="l2", claim="Tony Blair was born in Edinburgh.")
    assert len(srv.bodies) == n and r.counters.llm_calls == 0
    assert r.verdict.value == "SUPPORTED"


# -- CLI ----------------------------------------------------------------------------


def test_cli_verify_json_and_stored_claim(demo_path):
    runner = CliRunner()
    res = runner.invoke(
        cli,
        [
            "verify",
            "Tony Blair was born in London.",
            "--id",
            "blair",
            "--json",
            "--store",
            str(demo_path),
        ],
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert {
        "id",
        "claim",
        "verdict",
        "confidence",
        "justification",
        "reasoner",
        "evidence",
        "counters",
    } <= set(data)
    assert data["verdict"] == "REFUTED" and data["reasoner"] == "local"
    assert set(data["counters"]) >= {
        "llm_calls",
        "prompt_tokens",
        "completion_tokens",
        "sparql_queries",
        "search_calls",
        "seconds",
    }
    # the claim is in the KG: "what supported/refuted claim X" is one query
    q = (
        "PREFIX kgfc: <https://w3id.org/kgfc/ns#> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
        "PREFIX prov: <http://www.w3.org/ns/prov#> "
        "SELECT ?fact ?source WHERE { ?c kgfc:claimId 'blair' ; kgfc:hasVerdict ?v . "
        "?v kgfc:citesStatement ?st . ?st rdfs:label ?fact ; prov:wasDerivedFrom ?source }"
    )
    rows = json.loads(
        runner.invoke(cli, ["kg", "query", q, "--json", "--store", str(demo_path)]).stdout
    )
    facts = [(b["fact"]["value"], b["source"]["value"]) for b in rows["results"]["bindings"]]
    assert facts == [("Tony Blair place of birth Edinburgh", V.KGFC_SOURCE + "demo/codex-m-train")]
    ev = json.loads(
        runner.invoke(cli, ["kg", "evidence", "blair", "--json", "--store", str(demo_path)]).stdout
    )
    assert ev["verdict"] == "REFUTED" and any(e["cited"] for e in ev["evidence"])
    steps = ev["trajectory"]["steps"]
    assert [s["action"] for s in steps][0] == "InitKGRetrieval" and steps[-1][
        "action"
    ] == "GiveVerdict"
    text = runner.invoke(cli, ["kg", "evidence", "blair", "--store", str(demo_path)]).stdout
    assert "trajectory (rules" in text
    stats = json.loads(
        runner.invoke(cli, ["kg", "stats", "--json", "--store", str(demo_path)]).stdout
    )
    assert stats["claims"] >= 1


def test_cli_batch_with_bad_lines(demo_path, tmp_path):
    lines = [
        json.dumps({"id": "a", "claim": "Gerald Ford was born in Omaha."}),
        "{not json",
        json.dumps({"id": "b", "triple": ["Q9582", "P19", "Q16555"]}),
        json.dumps({"id": "c", "claim": ""}),
    ]
    data = ("\n".join(lines) + "\n").encode() + b"\xff\xfe bad bytes\n"
    res = CliRunner().invoke(
        cli, ["verify", "--file", "-", "--nl", "--store", str(demo_path)], input=data
    )
    assert res.exit_code == 2  # bad input lines are reported...
    out = [json.loads(x) for x in res.stdout.splitlines()]
    by_id = {o["id"]: o for o in out}
    assert by_id["a"]["verdict"] == "SUPPORTED"  # ...and the rest of the batch is still checked
    assert by_id["b"]["verdict"] == "REFUTED"
    assert "line 2" in by_id["line-2"]["error"] and "invalid JSON" in by_id["line-2"]["error"]
    assert "line 4" in by_id["c"]["error"]
    assert "line 5" in by_id["line-5"]["error"] and "UTF-8" in by_id["line-5"]["error"]
    assert len(out) == 5


def test_cli_batch_json_values_that_are_not_objects_are_errors_said_once(demo_path):
    """Issue 10: ``["x"]`` is not the claim text '["x"]'; a bad line is reported once, not twice."""
    data = '["x"]\n[1, 2, 3]\n[citation needed] Gerald Ford was born in Omaha.\n{"bad json\n'
    res = CliRunner().invoke(
        cli, ["verify", "--file", "-", "--no-record", "--store", str(demo_path)], input=data
    )
    assert res.exit_code == 2
    out = res.stdout
    assert "[line-1] error: line 1: a JSON line must be an object" in out and "not a list" in out
    assert "[line-2] error: line 2: a JSON line must be an object" in out
    assert "[line-3] [citation needed] Gerald Ford was born in Omaha." in out  # text, checked
    assert "[line-4] error: line 4, column 2: invalid JSON (Unterminated string" in out
    # each error once (in the output), then one summary line naming the failed lines
    assert "Error: line" not in res.stderr
    assert "3 input line(s) could not be checked (line-1, line-2, line-4)." in res.stderr


def test_cli_unknown_triple_ids_say_so_and_cite_nothing(demo_path):
    res = CliRunner().invoke(
        cli,
        ["verify", "--triple", "Q123456789012", "P19", "Q84", "--json", "--no-record"]
        + ["--store", str(demo_path)],
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["verdict"] == "NOT ENOUGH INFO"
    assert data["justification"].startswith("Unknown entity: Q123456789012 is not in the knowledge")
    assert data["evidence"] == []
    assert "Unknown entity: Q123456789012 is not in the knowledge graph" in res.stderr
    # a known subject and an unknown object: the same, for the object
    res = CliRunner().invoke(
        cli,
        ["verify", "--triple", "Q9545", "P19", "Q999999999999", "--json", "--no-record"]
        + ["--store", str(demo_path)],
    )
    data = json.loads(res.stdout)
    assert data["verdict"] == "NOT ENOUGH INFO" and "Q999999999999" in data["justification"]


def test_cli_triple_and_text_output(demo_path):
    res = CliRunner().invoke(
        cli,
        ["verify", "--triple", "Q9582", "P19", "Q43199", "--store", str(demo_path), "--no-record"],
    )
    assert res.exit_code == 0, res.output
    assert "verdict: SUPPORTED" in res.stdout and "place of birth" in res.stdout


@pytest.mark.parametrize(
    "args,needle",
    [
        (["verify", ""], "empty"),
        (["verify", "x" * 1_000_000], "limit"),
        (["verify"], "exactly one"),
        (["verify", "--reasoner", "llm", "Gerald Ford was born in Omaha."], "KGFC_LLM_BASE_URL"),
    ],
)
def test_cli_bad_usage(demo_path, args, needle):
    res = CliRunner().invoke(cli, [*args, "--store", str(demo_path)])
    assert res.exit_code == 2, res.output
    assert needle in res.output


def test_cli_fail_on(demo_path):
    res = CliRunner().invoke(
        cli,
        [
            "verify",
            "Tony Blair was born in London.",
            "--fail-on",
            "refuted",
            "--no-record",
            "--store",
            str(demo_path),
        ],
    )
    # its own code: 1 is a runtime failure, 2 bad input
    assert res.exit_code == 3
    assert "Exit 3 if any verdict" in CliRunner().invoke(cli, ["verify", "--help"]).output


def test_cli_batch_json_string_line_is_its_text_without_quotes(demo_path):
    data = '"Gerald Ford was born in Omaha."\n"Quoted," he said of Ford.\n'
    res = CliRunner().invoke(
        cli,
        ["verify", "--file", "-", "--json", "--no-record", "--store", str(demo_path)],
        input=data,
    )
    out = json.loads(res.stdout)
    assert out[0]["claim"] == "Gerald Ford was born in Omaha."
    assert out[0]["verdict"] == "SUPPORTED"
    assert out[1]["claim"] == '"Quoted," he said of Ford.'  # not JSON: the line as text
    assert not out[1].get("error")


def test_cli_triple_with_labels_points_at_kg_search(demo_path):
    res = CliRunner().invoke(
        cli,
        ["verify", "--triple", "Tony Blair", "place of birth", "Edinburgh"]
        + ["--no-record", "--store", str(demo_path)],
    )
    assert res.exit_code == 2
    assert "kgfc kg search" in res.output


def test_cli_batch_formats_one_row_per_claim_errors_not_verdicts(demo_path):
    data = (
        json.dumps({"id": "a", "claim": "Gerald Ford was born in Omaha."})
        + '\n{"bad json\n'
        + json.dumps({"id": "b", "triple": ["Q9582", "P19", "Q16555"]})
        + "\n"
    )
    base = ["verify", "--file", "-", "--no-record", "--store", str(demo_path)]
    res = CliRunner().invoke(cli, [*base, "--format", "csv"], input=data)
    assert res.exit_code == 2  # the unreadable line, at the end
    rows = list(csv.DictReader(io.StringIO(res.stdout)))
    assert [r["id"] for r in rows] == ["a", "line-2", "b"]
    assert rows[0]["verdict"] == "SUPPORTED" and rows[2]["verdict"] == "REFUTED"
    assert rows[1]["verdict"] == "" and "invalid JSON" in rows[1]["error"]  # no verdict
    assert "1 input line(s) could not be checked" in res.stderr
    tsv = CliRunner().invoke(cli, [*base, "--format", "tsv"], input=data).stdout.splitlines()
    assert tsv[0].split("\t") == ["id", "verdict", "confidence", "reasoner", "claim", "error"]
    table = CliRunner().invoke(cli, [*base, "--format", "table"], input=data).stdout.splitlines()
    assert len(table) == 4  # a header, then one line per claim
    assert table[1].split()[:3] == ["a", "SUPPORTED", "0.95"]
    assert table[2].split()[:2] == ["line-2", "ERROR"] and "NOT ENOUGH INFO" not in table[2]


def test_cli_nei_on_a_barely_known_entity_suggests_enrich(demo_path):
    args = ["--no-record", "--store", str(demo_path)]
    res = CliRunner().invoke(cli, ["verify", "Barack Obama was born in Honolulu.", *args])
    assert "NOT ENOUGH INFO" in res.stdout
    assert "kgfc kg enrich --entity Q76" in res.stderr
    known = CliRunner().invoke(cli, ["verify", "Gerald Ford was born in Omaha.", *args])
    assert "kgfc kg enrich" not in known.stderr


def test_cli_format_aliases_and_conflicts(demo_path):
    args = ["verify", "Gerald Ford was born in Omaha.", "--no-record", "--store", str(demo_path)]
    as_json = CliRunner().invoke(cli, [*args, "--json"])
    as_format = CliRunner().invoke(cli, [*args, "--format", "json"])

    def drop(out):  # the timings differ from run to run
        skip = ("counters", "trajectory")
        return {k: v for k, v in json.loads(out).items() if k not in skip}

    assert drop(as_json.stdout) == drop(as_format.stdout)
    both = CliRunner().invoke(cli, [*args, "--json", "--format", "csv"])
    assert both.exit_code == 2 and "one output format" in both.output


@pytest.mark.parametrize("fmt", ["json", "md", "html"])
def test_cli_report_views(demo_path, tmp_path, fmt):
    out = tmp_path / f"report.{fmt}"
    res = CliRunner().invoke(
        cli,
        [
            "verify",
            "Tony Blair was born in London.",
            "--report",
            fmt,
            "-o",
            str(out),
            "--no-record",
            "--store",
            str(demo_path),
        ],
    )
    assert res.exit_code == 0, res.output
    text = out.read_text()
    if fmt == "json":
        data = json.loads(text)
        assert data["conclusion"] == "REFUTED"
        assert [e["sentence"] for e in data["refuting_evidence"]] == [
            "Tony Blair place of birth Edinburgh"
        ]
        assert data["citation_check"]["removed"] == 0 and data["citation_check"]["ehr"] == 0.0
        assert set(data["summary"]) >= {
            "reasons_to_support",
            "reasons_to_refute",
            "final_justification",
        }
    elif fmt == "md":
        assert "REFUTED" in text and "Tony Blair place of birth Edinburgh" in text
    else:
        assert text.lstrip().lower().startswith("<!doctype html") and "Tony Blair" in text


@pytest.mark.parametrize(
    "claim", ["Iain Glen was born in Edinburgh.", "Fat Joe was born in The Bronx."]
)
def test_clipped_names_are_widened_for_linking(local, claim):
    # spaCy's NER clips these to "Glen" and "Bronx"; the capitalised span around them links
    r = local.verify(id="w", claim=claim)
    assert r.verdict.value == "SUPPORTED", r.justification
