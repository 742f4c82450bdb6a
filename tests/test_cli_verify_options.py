"""``kgfc verify``'s per-claim options: one model (CheckOptions) for the local store, --server and jobs."""

from __future__ import annotations

import pytest

from kgfc.cli.verify import check_options, single_line, verify
from kgfc.errors import InputError
from kgfc.pipeline.request import OPTION_NAMES, ClaimRequest
from kgfc.pipeline.state import Budget


def _params(**over):
    """The command's parameters as click passes them, defaults unless overridden."""
    params = {p.name: p.default for p in verify.params}
    params.update(over)
    return params


def test_every_option_is_a_flag_of_the_command():
    flags = {p.name for p in verify.params}
    missing = set(OPTION_NAMES) - flags - {"record"}
    assert not missing, f"CheckOptions fields without a `kgfc verify` flag: {missing}"


def test_what_goes_to_the_server_is_what_the_server_takes():
    opts = check_options(_params(beam=3, no_record=True))
    sent = single_line("Barack Obama was born in Honolulu.", None, "x", opts).claim().payload()
    # the request the server validates is the one the CLI built: every option goes with it
    assert (
        ClaimRequest.model_validate(sent)
        == single_line("Barack Obama was born in Honolulu.", None, "x", opts).request
    )
    assert (sent["claim"], sent["beam"], sent["record"], sent["id"]) == (
        "Barack Obama was born in Honolulu.",
        3,
        False,
        "x",
    )
    assert "record_chunk" not in sent and "resume" not in sent  # a local batch's own


def test_check_options_read_the_flags():
    opts = check_options(
        _params(no_record=True, max_tokens=300, max_seconds=2.5, beam=3, resume=True)
    )
    assert (opts.record, opts.beam) == (False, 3)
    assert opts.budget() == Budget(llm_calls=None, tokens=300, search_calls=None, seconds=2.5)
    with pytest.raises(KeyError):
        check_options({k: v for k, v in _params().items() if k != "max_steps"})


def test_a_bad_single_claim_is_an_input_error():
    with pytest.raises(InputError, match="is empty"):
        single_line("   ", None, None, check_options(_params()))


def test_a_single_claim_is_named_by_its_text_as_on_the_server():
    text = "Barack Obama was born in Honolulu."
    line = single_line(text, None, None, check_options(_params()))
    assert line.claim().id == ClaimRequest(text=text).claim_id()
    assert line.claim().id.startswith("c-")
