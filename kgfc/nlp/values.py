"""Dates, numbers and strings in claims, compared with the KG's typed literals.

A claim says "born in 1961", "on 4 August 1961", "about 3.5 million people";
the KG holds ``"1961-08-04T00:00:00Z"^^xsd:dateTime`` or
``"3512000"^^xsd:decimal``. :func:`parse_claim_value` reads the claim side,
:func:`parse_literal` the KG side, and :func:`compare` says whether they agree
at the precision the two share:

- ``True``: they agree, and the claim is no more precise than the KG value;
- ``False``: they disagree at the shared precision (1962 vs 1961-08-04);
- ``None``: they cannot be compared, or the claim is more precise than the
  KG (claim "4 August 1961", KG only knows 1961), so nothing can be said.

Wikidata writes a year-precision date as ``YYYY-01-01``; a KG date on the
first of January is therefore read as year precision (and the first of a
month as month precision) rather than as evidence about the day.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass

from kgfc.kg.vocab import XSD

MONTHS = {
    name: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for name in names
}
_MONTH = r"(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{1,4})"
_ERA = r"(?:\s*(?P<era>bce|bc|ce|ad)\b)?"

_DATE_PATTERNS = [
    # 1961-08-04, +1961-08-04T00:00:00Z, 1961-08, -0044-03-15
    re.compile(
        r"^(?P<sign>[+-]?)(?P<year>\d{4,})(?:-(?P<month>\d{2})(?:-(?P<day>\d{2}))?)?(?:t[\d:.]*(?:z|[+-]\d{2}:\d{2})?)?$"
    ),
    # 4 August 1961, 4th of August 1961
    re.compile(rf"^(?:on |in )?(?:the )?{_DAY}(?: of)? {_MONTH},? {_YEAR}{_ERA}$"),
    # August 4, 1961
    re.compile(rf"^(?:on |in )?{_MONTH} {_DAY},? {_YEAR}{_ERA}$"),
    # August 1961
    re.compile(rf"^(?:in )?{_MONTH},? {_YEAR}{_ERA}$"),
    # 1961, in 1961, 44 BC
    re.compile(rf"^(?:in |the year )?{_YEAR}{_ERA}$"),
    # 04/08/1961 is ambiguous (day/month order), so only ISO and worded dates are read.
]
_DECADE = re.compile(r"^(?:in )?(?:the )?(?P<decade>\d{3})0s$")

_SCALE = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "trillion": 1e12,
}
_NUMBER = re.compile(
    r"^(?:about |around |approximately |roughly |over |some |nearly |almost |~)?"
    r"(?P<num>[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*"
    r"(?P<scale>thousand|million|billion|trillion|bn|mn|k|m)?\b\s*(?P<rest>.*)$"
)

DATE_TYPES = {XSD + t for t in ("dateTime", "date", "gYear", "gYearMonth", "dateTimeStamp")}
NUMBER_TYPES = {
    XSD + t
    for t in (
        "decimal",
        "integer",
        "double",
        "float",
        "int",
        "long",
        "short",
        "nonNegativeInteger",
        "positiveInteger",
        "negativeInteger",
        "nonPositiveInteger",
        "unsignedInt",
        "unsignedLong",
    )
}


@dataclass(frozen=True)
class DateValue:
    """A calendar date known to year, month or day precision (or a decade)."""

    year: int
    month: int | None = None
    day: int | None = None
    decade: bool = False

    @property
    def precision(self) -> int:
        """0 decade, 1 year, 2 month, 3 day."""
        if self.decade:
            return 0
        return 1 + (self.month is not None) + (self.day is not None)

    def text(self) -> str:
        if self.decade:
            return f"the {self.year}s"
        if self.month is None:
            return str(self.year)
        name = _MONTH_NAMES[self.month - 1]
        return f"{name} {self.year}" if self.day is None else f"{self.day} {name} {self.year}"


_MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


@dataclass(frozen=True)
class NumberValue:
    """A number and how far from it a value may be and still count as the same."""

    value: float
    tolerance: float = 0.0

    def text(self) -> str:
        return f"{self.value:g}"


Value = DateValue | NumberValue | str


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).strip().casefold()
    return re.sub(r"\s+", " ", text.rstrip(".!?;"))


def parse_date(text: str) -> DateValue | None:
    t = _clean(text)
    m = _DECADE.match(t)
    if m:
        return DateValue(int(m["decade"]) * 10, decade=True)
    for pattern in _DATE_PATTERNS:
        m = pattern.match(t)
        if not m:
            continue
        groups = m.groupdict()
        year = int(groups["year"])
        if groups.get("sign") == "-" or groups.get("era") in ("bc", "bce"):
            year = -year
        month_raw = groups.get("month")
        month = None
        if month_raw is not None:
            month = int(month_raw) if month_raw.isdigit() else MONTHS[month_raw.rstrip(".")]
        day = int(groups["day"]) if groups.get("day") else None
        if month is not None and not 1 <= month <= 12:
            return None
        if day is not None and not 1 <= day <= 31:
            return None
        # A bare 1-2 digit number is a count, not a year ("3 children").
        if (
            month is None
            and pattern is _DATE_PATTERNS[-1]
            and len(groups["year"]) < 3
            and not groups.get("era")
        ):
            return None
        return DateValue(year, month, day)
    return None


def _sig_unit(digits: str) -> float:
    """The place value of the last significant digit of a written number ("3.5" -> 0.1, "1200" -> 100)."""
    if "." in digits:
        return 10.0 ** -len(digits.split(".", 1)[1])
    stripped = digits.rstrip("0")
    return 10.0 ** (len(digits) - len(stripped)) if stripped else 1.0


def parse_number(text: str) -> NumberValue | None:
    m = _NUMBER.match(_clean(text))
    if not m:
        return None
    if m["rest"] and not re.match(
        r"^[a-z%° ]{0,30}$", m["rest"]
    ):  # "3 children", "25%" — not "3-2"
        return None
    raw = m["num"].replace(",", "")
    scale = _SCALE.get(m["scale"] or "", 1.0)
    value = float(raw) * scale
    unit = _sig_unit(raw.lstrip("+-")) * scale
    # Half a unit of the last written digit, and never tighter than 0.5 %.
    return NumberValue(value, max(unit / 2, abs(value) * 0.005))


def parse_claim_value(text: str) -> DateValue | NumberValue | None:
    """Read a date or a number from a claim's object text; None when it is neither."""
    if not text or len(text) > 80:
        return None
    return parse_date(text) or parse_number(text)


def parse_literal(value: str, datatype: str | None) -> Value:
    """A KG literal as a comparable value; plain strings stay strings."""
    if datatype in DATE_TYPES:
        d = parse_date(value)
        if d is not None:
            if d.day == 1 and d.month == 1:  # Wikidata's encoding of year precision
                return DateValue(d.year)
            if d.day == 1:  # likewise month precision
                return DateValue(d.year, d.month)
            return d
    if datatype in NUMBER_TYPES:
        try:
            return NumberValue(float(value))
        except ValueError:
            pass
    if datatype in DATE_TYPES or datatype in NUMBER_TYPES:
        return value
    # An untyped literal that reads as a full ISO date or a number is treated as one.
    if re.fullmatch(r"[+-]?\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?", value.strip()):
        d = parse_date(value)
        if d is not None:
            return d
    return value


def _compare_dates(claim: DateValue, kg: DateValue) -> bool | None:
    if claim.decade or kg.decade:
        c_lo, c_hi = (claim.year, claim.year + 9) if claim.decade else (claim.year, claim.year)
        k_lo, k_hi = (kg.year, kg.year + 9) if kg.decade else (kg.year, kg.year)
        if c_hi < k_lo or k_hi < c_lo:
            return False
        return True if k_lo >= c_lo and k_hi <= c_hi else None
    shared = min(claim.precision, kg.precision)
    c = (claim.year, claim.month, claim.day)[:shared]
    k = (kg.year, kg.month, kg.day)[:shared]
    if c != k:
        return False
    return True if claim.precision <= kg.precision else None


def _norm_text(text: str) -> str:
    return re.sub(r"[^\w]+", " ", _clean(text)).strip()


def compare(claim: Value, kg: Value) -> bool | None:
    """Does the claim's value agree with the KG's? True, False, or None (cannot tell)."""
    if isinstance(claim, DateValue) and isinstance(kg, DateValue):
        return _compare_dates(claim, kg)
    if isinstance(claim, NumberValue) and isinstance(kg, NumberValue):
        return bool(
            math.isclose(claim.value, kg.value) or abs(claim.value - kg.value) <= claim.tolerance
        )
    if isinstance(claim, NumberValue) and isinstance(kg, DateValue) and kg.precision >= 1:
        # "born in 1961" may reach us as the number 1961.
        if claim.value.is_integer() and 100 <= claim.value <= 2999:
            return _compare_dates(DateValue(int(claim.value)), kg)
        return None
    if isinstance(claim, str) and isinstance(kg, str):
        return True if _norm_text(claim) == _norm_text(kg) else None
    return None


def describe(value: Value) -> str:
    return value if isinstance(value, str) else value.text()
