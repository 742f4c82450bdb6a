"""Reading a checked document's report in tests: the references a sentence resolved and the
verdict of one claim. The report itself is conftest.py's ``report`` fixture (the module's
``TEXT`` checked once against the demo KG)."""

from __future__ import annotations

from kgfc.models import VerdictLabel


def refs(report, start: str) -> list[tuple[str, str | None]]:
    """The references (text, entity) of the first sentence that starts with ``start``."""
    sent = next(s for s in report.sentences if s.text.startswith(start))
    return [(r.text, r.entity) for r in sent.references]


def verdict(report, text: str) -> VerdictLabel | None:
    """The verdict of the claim that reads ``text`` (None when it is not checkable); fails,
    listing the claims read, when there is no such claim."""
    claim = next((c for c in report.claims if c.text == text), None)
    assert claim is not None, [c.text for c in report.claims]
    return claim.verdict if claim.checkable else None
