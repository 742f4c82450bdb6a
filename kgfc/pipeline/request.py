"""What every shell sends the pipeline: a claim, how to check it, and the reader of a batch.

:class:`Claim` is what to check (a sentence or a triple of ids), :class:`CheckOptions`
how (the reasoner, the search, the step and cost budget, whether to record), and
:class:`ClaimRequest` both at once: the body of ``POST /v1/verify``, one line of
``kgfc verify --file`` or of a job, the MCP tool's arguments. :func:`iter_claims`
reads a batch -- JSON lines, a JSON list, ``{"items": [...], <options>}`` or plain
text lines -- into requests, one per line, a bad line an error in its place.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, model_validator

from kgfc.errors import InputError
from kgfc.models import VerdictLabel, VerifyResult
from kgfc.pipeline.state import Budget

# the options a checker is built with (the others apply claim by claim)
CHECKER_OPTIONS = ("reasoner", "beam", "hops", "web", "pubmed")


def default_claim_id(basis: str) -> str:
    """A claim's id when none is given: ``c-`` and a hash of its text (a triple: its ids joined).

    The same claim gets the same id from every shell, so a re-run replaces its record.
    """
    return "c-" + hashlib.sha256(basis.strip().encode("utf-8", "replace")).hexdigest()[:10]


class CheckOptions(BaseModel):
    """How a claim is checked: each field is the ``kgfc verify`` flag of its name (``record``: ``--no-record``)."""

    model_config = ConfigDict(extra="forbid")

    reasoner: Literal["local", "llm"] | None = None
    beam: Annotated[int, Field(ge=1, le=50)] | None = None
    hops: Annotated[int, Field(ge=1, le=10)] | None = None
    web: bool | None = None
    pubmed: bool | None = None
    max_steps: Annotated[int, Field(ge=2, le=20)] = 5
    max_llm_calls: Annotated[int, Field(ge=1)] | None = None
    max_tokens: Annotated[int, Field(ge=1)] | None = None
    max_searches: Annotated[int, Field(ge=0)] | None = None
    max_seconds: Annotated[float, Field(ge=0.1)] | None = None
    record: bool = Field(True, description="store the claim and its verdict in the KG")

    def budget(self) -> Budget:
        return Budget(
            llm_calls=self.max_llm_calls,
            tokens=self.max_tokens,
            search_calls=self.max_searches,
            seconds=self.max_seconds,
        )

    def settings_update(self) -> dict[str, Any]:
        """The settings these options change (the checker is built with them)."""
        return {k: getattr(self, k) for k in CHECKER_OPTIONS if getattr(self, k) is not None}

    def checker_key(self) -> tuple[Any, ...]:
        """Requests with the same key can share one checker."""
        return tuple(getattr(self, k) for k in CHECKER_OPTIONS)

    def options(self) -> CheckOptions:
        """These options alone (without a request's claim)."""
        return CheckOptions.model_validate({k: getattr(self, k) for k in CheckOptions.model_fields})


# the option names a batch or request may carry besides its claims
OPTION_NAMES = tuple(CheckOptions.model_fields)


class Claim(BaseModel):
    """One claim to check: a sentence, or a structured ``(subject, property, object)`` triple of ids.

    ``text`` is ``claim`` in JSON (either name is read).
    """

    id: str | None = Field(None, description="claim id (default: c- and a hash of the claim)")
    text: str | None = Field(
        None,
        validation_alias=AliasChoices("claim", "text"),
        serialization_alias="claim",
        description="claim text",
    )
    triple: tuple[str, str, str] | None = Field(
        None, description="structured triple, e.g. [Q76, P19, Q18094]"
    )
    negated: bool = False

    @model_validator(mode="after")
    def _one_of(self) -> Claim:
        if (self.text is None) == (self.triple is None):
            raise ValueError("give exactly one of 'claim' and 'triple'")
        return self

    @classmethod
    def of(cls, item: Any) -> Claim:
        """A claim from a string, a 3-tuple of ids, a dict (a :class:`ClaimRequest`'s fields) or a Claim."""
        if isinstance(item, Claim):
            return item
        if isinstance(item, ClaimLine):
            return item.claim()
        if isinstance(item, str):
            return cls(text=item)
        if (
            isinstance(item, tuple | list)
            and len(item) == 3
            and all(isinstance(x, str) for x in item)
        ):
            return cls(triple=(item[0], item[1], item[2]))
        if isinstance(item, dict):
            try:
                return ClaimRequest.model_validate(item)
            except ValidationError as exc:
                raise InputError(f"Not a claim: {validation_message(exc)}") from None
        raise InputError(
            f"Cannot verify a {type(item).__name__}: give a sentence, a (subject, property, object) "
            "triple of ids, or a Claim."
        )

    def default_id(self) -> str:
        return default_claim_id(self.text if self.text is not None else " ".join(self.triple or ()))

    def claim_id(self) -> str:
        """Its id, or the default one."""
        return self.id or self.default_id()


class ClaimRequest(Claim, CheckOptions):
    """A claim with the options to check it by: what every shell hands the pipeline.

    :meth:`kgfc.pipeline.api.FactChecker.verify` applies the options set on the
    request that concern one claim (``record``, ``max_steps``, the budget); the
    shell builds the checker with the others (:meth:`CheckOptions.settings_update`).
    """

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="after")
    def _not_empty(self) -> ClaimRequest:
        if self.text is not None and not self.text.strip():
            raise ValueError("'claim' is empty")
        return self

    def payload(self) -> dict[str, Any]:
        """The request as JSON (``claim``, not ``text``), what ``POST /v1/verify`` takes."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


# the fields a request line may hold ("claim" is the text's name in JSON)
REQUEST_FIELDS = frozenset(ClaimRequest.model_fields) | {"claim"}


def failed_result(claim_id: str, claim: str, error: str) -> VerifyResult:
    """The result for a claim that could not be checked (a bad line, a claim that failed)."""
    return VerifyResult(
        id=claim_id,
        claim=claim,
        verdict=VerdictLabel.NEI,
        confidence=0.0,
        justification="not checked: bad input",
        reasoner="none",
        error=error,
    )


def validation_message(exc: ValidationError) -> str:
    """A pydantic error as one line: ``field: problem; ...``."""
    parts = []
    for e in exc.errors():
        where = ".".join(map(str, e["loc"]))
        msg = str(e["msg"]).removeprefix("Value error, ")
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts)


@dataclass
class ClaimLine:
    """One item of a batch: its request, or why it cannot be one (``error``, which names the line)."""

    line: int  # 1-based: the line of a text body, the position in a JSON list
    request: ClaimRequest | None = None
    error: str | None = None
    raw: Any = None  # what the line held, when it is an error
    ignored: tuple[str, ...] = ()  # fields the line held that no request takes (lenient reading)

    @property
    def id(self) -> str:
        """The claim's own id, else ``line-N``: a batch's results are named by their line."""
        if self.request is not None and self.request.id:
            return self.request.id
        if isinstance(self.raw, dict) and self.raw.get("id") is not None:
            return str(self.raw["id"])
        return f"line-{self.line}"

    @property
    def text(self) -> str:
        if self.request is not None:
            return self.request.text or " ".join(self.request.triple or ())
        if isinstance(self.raw, dict) and isinstance(self.raw.get("claim"), str):
            return str(self.raw["claim"])
        return ""

    def claim(self) -> ClaimRequest:
        """The request, named ``line-N`` when it has no id; an error line raises its error."""
        if self.request is None:
            raise InputError(self.error or f"line {self.line}: no claim")
        if self.request.id:
            return self.request
        return self.request.model_copy(update={"id": self.id})


def iter_claims(
    data: bytes | str | IO[bytes],
    content_type: str | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    lenient: bool = False,
) -> Iterator[ClaimLine]:
    """The claims of a batch body, one :class:`ClaimLine` per line or item, in order.

    ``data`` is JSON lines (a claim string or a ``{"claim"|"triple", ...}`` object
    a line, or plain text), a JSON list of such items, or ``{"items": [...],
    <options>}``. ``options`` (and a body's own) apply to every item that does not
    set them itself. A body that is no batch at all raises :class:`InputError`;
    a bad line or item is an error line in its place, the rest still read.
    ``lenient`` leaves out the fields no request takes (a data set's ``label``,
    say) instead of calling the line bad; each line names what it left out.
    """
    raw = data if isinstance(data, bytes | str) else data.read()
    body = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    ctype = content_type or ""
    whole = _whole_json(body, ctype)
    opts = dict(options or {})
    if whole is None:
        yield from _lines(body, opts, lenient)
        return
    if isinstance(whole, dict):
        unknown = set(whole) - set(OPTION_NAMES) - {"items"}
        if "items" not in whole or unknown:
            raise InputError(
                "A job object needs 'items' (a list) and only these options: "
                + ", ".join(OPTION_NAMES)
                + "."
            )
        items = whole["items"]
        opts.update({k: v for k, v in whole.items() if k != "items"})
    else:
        items = whole
    if not isinstance(items, list):
        raise InputError("'items' must be a list of claims or {claim|triple} objects.")
    yield from lines_of(items, opts, lenient=lenient)


def lines_of(
    items: Iterable[Any], options: Mapping[str, Any] | None = None, *, lenient: bool = False
) -> Iterator[ClaimLine]:
    """A list's claims (strings or ``{"claim"|"triple", ...}`` objects) as :class:`ClaimLine` items."""
    opts = dict(options or {})
    for i, item in enumerate(items):
        yield _item(i + 1, f"item {i}", item, opts, lenient)


def _whole_json(body: bytes, ctype: str) -> Any:
    """The body as one JSON list or ``{"items": ...}`` object; None: it is read line by line."""
    if "jsonl" in ctype or "ndjson" in ctype:
        return None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    stripped = text.strip()
    if not stripped.startswith(("[", "{")):
        return None
    try:
        doc = json.loads(stripped)
    except json.JSONDecodeError as exc:
        # one JSON object per line is JSON lines even when sent as application/json
        if "\n" in stripped or "json" not in ctype:
            return None
        raise InputError(f"The job body is not JSON: {exc.msg} at line {exc.lineno}.") from None
    # one claim object is one JSON line; without a JSON content type, any object is
    if (
        isinstance(doc, dict)
        and "items" not in doc
        and ("json" not in ctype or {"claim", "triple", "text"} & set(doc))
    ):
        return None
    if not isinstance(doc, list | dict):
        return None
    return doc


def _lines(body: bytes, options: dict[str, Any], lenient: bool) -> Iterator[ClaimLine]:
    for n, raw in enumerate(body.splitlines(), 1):
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError as exc:
            yield ClaimLine(n, error=f"line {n}: not UTF-8 ({exc.reason} at byte {exc.start})")
            continue
        if not text:
            continue
        if not text.startswith(("{", "[", '"')):
            yield _item(n, f"line {n}", text, options, lenient)
            continue
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            # "[citation needed] ..." or '"Quoted," he said' is a text claim, not broken JSON
            if text.startswith(("[", '"')):
                yield _item(n, f"line {n}", text, options, lenient)
                continue
            error = f"line {n}, column {exc.colno}: invalid JSON ({exc.msg})"
            yield ClaimLine(n, error=error, raw=text)
            continue
        if not isinstance(obj, str | dict):
            error = (
                f"line {n}: a JSON line must be an object with a 'claim' or a 'triple', "
                f"not a {type(obj).__name__}"
            )
            yield ClaimLine(n, error=error, raw=obj)
            continue
        yield _item(n, f"line {n}", obj, options, lenient)


def _item(n: int, where: str, item: Any, options: dict[str, Any], lenient: bool) -> ClaimLine:
    """One line's or list item's request (a string is its claim text)."""
    obj = {"claim": item} if isinstance(item, str) else item
    if not isinstance(obj, dict):
        return ClaimLine(n, error=f"{where}: expected a claim string or an object", raw=item)
    ignored: tuple[str, ...] = ()
    if lenient:
        ignored = tuple(sorted(str(k) for k in obj if k not in REQUEST_FIELDS))
        obj = {k: v for k, v in obj.items() if k in REQUEST_FIELDS}
    try:
        request = ClaimRequest.model_validate({**options, **obj})
        return ClaimLine(n, request=request, ignored=ignored)
    except ValidationError as exc:
        return ClaimLine(n, error=f"{where}: {validation_message(exc)}", raw=obj)
