"""The one request model and batch reader every shell uses (kgfc.pipeline.request)."""

from __future__ import annotations

import io
import json

import pytest

from kgfc.errors import InputError
from kgfc.pipeline.request import (
    OPTION_NAMES,
    Claim,
    ClaimRequest,
    default_claim_id,
    iter_claims,
)


def _read(data, ctype=None, options=None):
    return list(iter_claims(data, ctype, options))


def test_the_default_id_is_the_same_for_a_claim_and_its_request():
    text = "Barack Obama was born in Honolulu."
    assert Claim(text=text).claim_id() == ClaimRequest(text=text).claim_id()
    assert ClaimRequest(text=text).claim_id() == default_claim_id(" " + text + " ")
    assert ClaimRequest(triple=("Q76", "P19", "Q18094")).claim_id() == default_claim_id(
        "Q76 P19 Q18094"
    )
    assert ClaimRequest(text=text, id="mine").claim_id() == "mine"


def test_claim_is_read_from_claim_or_text_and_written_as_claim():
    req = ClaimRequest.model_validate({"claim": "x", "beam": 3})
    assert req.text == "x" and ClaimRequest.model_validate({"text": "x"}).text == "x"
    assert req.payload() == {
        "claim": "x",
        "beam": 3,
        "max_steps": 5,
        "record": True,
        "negated": False,
    }
    assert ClaimRequest.model_validate(req.payload()) == req


@pytest.mark.parametrize(
    "bad, needle",
    [
        ({}, "exactly one of"),
        ({"claim": "x", "triple": ["Q1", "P1", "Q2"]}, "exactly one of"),
        ({"claim": "  "}, "is empty"),
        ({"claim": "x", "beam": 51}, "beam"),
        ({"claim": "x", "max_steps": 1}, "max_steps"),
        ({"claim": "x", "colour": "red"}, "colour"),
    ],
)
def test_bad_requests_name_what_is_wrong(bad, needle):
    line = _read(json.dumps(bad) + "\n")[0]
    assert line.request is None and "line 1" in line.error and needle in line.error


def test_json_lines_plain_text_and_bad_lines_keep_their_line_numbers():
    data = (
        b'{"id": "a", "claim": "Obama was born in Hawaii."}\n'
        b"\n"
        b"Plain text claim.\n"
        b'"A quoted claim"\n'
        b"[citation needed] Ford was born in Omaha.\n"
        b"{broken\n"
        b"[1, 2]\n"
        b"\xff\xfe\n"
        b'{"triple": ["Q76", "P19", "Q18094"]}\n'
    )
    lines = _read(io.BytesIO(data))
    assert [x.line for x in lines] == [1, 3, 4, 5, 6, 7, 8, 9]
    ok = {x.line: x.request for x in lines if x.request}
    assert ok[1].id == "a" and ok[3].text == "Plain text claim." and ok[4].text == "A quoted claim"
    assert ok[5].text.startswith("[citation needed]") and ok[9].triple == ("Q76", "P19", "Q18094")
    errors = {x.line: x.error for x in lines if x.error}
    assert errors[6].startswith("line 6, column 2: invalid JSON")
    assert (
        errors[7]
        == "line 7: a JSON line must be an object with a 'claim' or a 'triple', not a list"
    )
    assert errors[8].startswith("line 8: not UTF-8")
    # a line without an id is named by its line in a batch's results
    assert [x.id for x in lines][:3] == ["a", "line-3", "line-4"]
    assert lines[1].claim().id == "line-3"


def test_a_json_list_and_a_job_object_with_options():
    lines = _read(json.dumps(["one claim", {"triple": ["Q1", "P2", "Q3"]}, 7]), "application/json")
    assert lines[0].request.text == "one claim" and lines[1].request.triple == ("Q1", "P2", "Q3")
    assert lines[2].error == "item 2: expected a claim string or an object"
    body = {"items": ["x", {"claim": "y", "record": True}], "record": False, "beam": 2}
    a, b = _read(json.dumps(body).encode(), "application/json")
    assert (a.request.record, a.request.beam) == (False, 2)
    assert (b.request.record, b.request.beam) == (True, 2)  # an item's own option wins
    # options given by the shell apply to every line that does not set its own
    (c,) = _read("z\n", options={"record": False, "max_steps": 3})
    assert (c.request.record, c.request.max_steps) == (False, 3)


def test_a_body_that_is_no_batch_is_an_input_error():
    with pytest.raises(InputError, match="only these options: " + ", ".join(OPTION_NAMES)):
        _read(b'{"claims": ["x"]}', "application/json")
    with pytest.raises(InputError, match="'items' must be a list"):
        _read(b'{"items": "x"}', "application/json")
    with pytest.raises(InputError, match="not JSON"):
        _read(b'[{"claim": "x"}', "application/json")


def test_one_claim_object_is_one_json_line():
    (line,) = _read(b'{"claim": "x", "id": "k"}')
    assert line.request.id == "k"


def test_a_lenient_reader_leaves_out_fields_no_request_takes_and_names_them():
    body = b'{"claim": "x", "label": "SUPPORTED"}\n{"triple": ["Q1", "P2", "Q3"], "beam": 2}\n'
    strict = _read(body)
    assert strict[0].request is None and "label" in (strict[0].error or "")
    lenient = list(iter_claims(body, lenient=True))
    assert lenient[0].request is not None and lenient[0].request.text == "x"
    assert lenient[0].ignored == ("label",)
    assert lenient[1].request is not None and lenient[1].request.beam == 2
    assert lenient[1].ignored == ()
    # a bad value in a field a request does take is still the line's error
    bad = list(iter_claims(b'{"claim": "x", "beam": 0, "label": 1}\n', lenient=True))
    assert bad[0].request is None and "beam" in (bad[0].error or "")


# -- eval's examples are requests too --------------------------------------------------


def test_an_eval_example_is_the_request_verify_file_reads_from_its_line():
    from kgfc.eval.loaders import Example

    text = Example(id="ex-1", gold="SUPPORTED", raw_label="yes", claim="Obama was born in Hawaii.")
    triple = Example(id="ex-2", gold="REFUTED", raw_label="no", triple=("Q76", "P19", "Q60"))
    body = '{"id": "ex-1", "claim": "Obama was born in Hawaii."}\n{"id": "ex-2", "triple": ["Q76", "P19", "Q60"]}\n'
    lines = list(iter_claims(body, "application/x-ndjson"))
    assert [text.request(), triple.request()] == [ln.claim() for ln in lines]
    # no option is set: the checker eval builds for the variant decides them all
    assert text.request().model_fields_set == {"id", "text"}
    with pytest.raises(InputError, match="empty"):
        Example(id="ex-3", gold="SUPPORTED", raw_label="yes", claim="  ").request()
