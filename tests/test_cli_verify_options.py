"""``kgfc verify``'s options object: one set of per-claim options for the local store and --server."""

from __future__ import annotations

from dataclasses import fields

import pytest

from kgfc.cli.verify import VerifyOptions, verify
from kgfc.pipeline.state import Budget
from kgfc.service.engine import VerifyRequest


def _params(**over):
    """The command's parameters as click passes them, defaults unless overridden."""
    params = {p.name: p.default for p in verify.params}
    params.update(over)
    return params


def test_every_option_is_a_flag_of_the_command():
    flags = {p.name for p in verify.params}
    missing = {f.name for f in fields(VerifyOptions)} - flags - {"record"}
    assert not missing, f"VerifyOptions fields without a `kgfc verify` flag: {missing}"


def test_what_goes_to_the_server_is_what_the_server_takes():
    sent = set(VerifyOptions().for_server())
    assert sent <= set(VerifyRequest.model_fields), sent - set(VerifyRequest.model_fields)
    # every per-claim option the server takes is sent: the two paths cannot drift apart
    per_claim = set(VerifyRequest.model_fields) - {"claim", "triple", "id"}
    assert sent == per_claim
    assert "record_chunk" not in sent and "resume" not in sent  # a local batch's own


def test_from_params_reads_the_flags():
    opts = VerifyOptions.from_params(
        _params(no_record=True, max_tokens=300, max_seconds=2.5, beam=3, resume=True)
    )
    assert (opts.record, opts.beam, opts.resume) == (False, 3, True)
    assert opts.budget() == Budget(llm_calls=None, tokens=300, search_calls=None, seconds=2.5)
    assert opts.for_server()["record"] is False and opts.for_server()["beam"] == 3
    with pytest.raises(KeyError):
        VerifyOptions.from_params({k: v for k, v in _params().items() if k != "max_steps"})
