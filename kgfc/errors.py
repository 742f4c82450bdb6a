"""The one exception tree of kgfc.

::

    KgfcError                      every error kgfc raises on purpose (exit 1 unless noted)
    ├── UsageError                 bad input or usage: exit code 2
    │   ├── ConfigError            a setting or backend name is wrong
    │   ├── InputError             a claim, file or id the user gave is unusable
    │   │   └── RDFSyntaxError     an RDF file does not parse (carries the line number)
    │   ├── QuerySyntaxError       a SPARQL/Cypher text does not parse
    │   └── UnknownQueryError      no query file with that name
    ├── StoreError                 the graph store failed (I/O, corruption)
    │   └── StoreLockedError       another process holds the store for writing
    ├── RemoteError                a remote service failed after bounded retries
    │   ├── RemoteUnavailable      connection refused / DNS / timeout
    │   └── RemoteRateLimited      429 after all retries
    └── LLMError                   the LLM endpoint failed or kept giving invalid output

Messages say what happened and what to do about it.
"""

from __future__ import annotations

from collections.abc import Iterable


class KgfcError(Exception):
    """Base class: every error kgfc raises on purpose."""

    exit_code = 1

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        if not self.hint:
            return self.message
        # A message that ends without a full stop (a parser's text, say) gets one, so the hint
        # reads as its own sentence rather than as the tail of the message.
        stop = "" if self.message.rstrip().endswith((".", "!", "?", ":")) else "."
        return f"{self.message.rstrip()}{stop} {self.hint}"


class UsageError(KgfcError):
    exit_code = 2


class ConfigError(UsageError):
    pass


class InputError(UsageError):
    pass


class RDFSyntaxError(InputError):
    def __init__(self, message: str, *, path: str | None = None, line: int | None = None) -> None:
        where = f"{path}:{line}: " if path and line else (f"{path}: " if path else "")
        super().__init__(
            f"{where}{message}", hint="The file was rejected whole; nothing was written."
        )
        self.path = path
        self.line = line


class QuerySyntaxError(UsageError):
    pass


class UnknownQueryError(UsageError):
    pass


class StoreError(KgfcError):
    pass


class StoreLockedError(StoreError):
    pass


class RemoteError(KgfcError):
    pass


class RemoteUnavailable(RemoteError):
    pass


class RemoteRateLimited(RemoteError):
    pass


class LLMError(KgfcError):
    # set where the error is made (kgfc.llm.failures): the HTTP status (None: no reply), why
    # (a short word), and how many tries were made
    status: int | None
    reason: str
    attempts: int


def did_you_mean(name: str, known: Iterable[str], what: str) -> str:
    """The hint for an unknown name: the closest known one, else the list of ``what``."""
    import difflib

    known = sorted(known)
    close = difflib.get_close_matches(name, known, n=1)
    return f"Did you mean {close[0]!r}?" if close else f"Known {what}: {', '.join(known)}."
