"""Moved to :mod:`kgfc.remote` (the retry policy is shared by ``kg/``, ``web/`` and ``llm/``).

This alias keeps imports from before the move working; new code imports :mod:`kgfc.remote`.
"""

from kgfc.remote import (  # noqa: F401
    MAX_WAIT_S,
    Failure,
    MalformedResponse,
    RetriesExhausted,
    call_with_retries,
    classify,
    parse_retry_after,
    retry,
)
