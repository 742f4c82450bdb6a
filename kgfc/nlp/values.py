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

Quantities. A claim's number may carry a scale ("1.2 million"), a unit
("1.85 m", "185 cm", "6 ft 1 in", "41,285 km²", "square miles"), a hedge
("about", "approximately": at least :data:`HEDGE` relative tolerance) or a
bound ("over", "more than", "under", "less than"); units are converted to SI
(metre, square metre, kilogram, second). The KG side is a bare amount: the
truthy ``wdt:`` form of a Wikidata statement that kgfc stores drops the unit
(``"185"^^xsd:decimal`` may be centimetres, ``"1.85"`` metres). For the
properties in :data:`QUANTITY_PROPERTIES` :func:`compare_quantity` reads the
amount in each unit Wikidata commonly uses for the property, keeps the
readings that are plausible (a human is not 185 m tall), and says True when
the claim agrees with the first plausible reading, False only when it
disagrees with every one of them, and None otherwise. A number is refuted
only beyond its tolerance plus :data:`REFUTE_MARGIN` of the KG value, so a
claim slightly off its own rounding is "cannot tell", not false.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, replace

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
_PART = r"(?:(?P<part>early|mid|late)[- ]?)?"
# the (early) 1950s, the 990s
_DECADE = re.compile(rf"^(?:in )?(?:the )?{_PART}(?P<decade>\d{{2,3}})0s$")
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
             "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
             "seventeenth", "eighteenth", "nineteenth", "twentieth", "twenty-first")  # fmt: skip
_ORDINAL_WORDS = {w: i + 1 for i, w in enumerate(_ORDINALS)}
_CENTURY = re.compile(
    rf"^(?:in )?(?:the )?{_PART}(?:(?P<n>\d{{1,2}})(?:st|nd|rd|th)|(?P<word>[a-z-]+))[- ]century$"
)

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
# symbol -> (dimension, factor to the SI unit), and the words a claim writes them with.
# Hand-written: pint would do it but is a large dependency for a dozen units.
UNITS: dict[str, tuple[str, float]] = {
    "m": ("length", 1.0),
    "cm": ("length", 0.01),
    "mm": ("length", 0.001),
    "km": ("length", 1000.0),
    "ft": ("length", 0.3048),
    "in": ("length", 0.0254),
    "mi": ("length", 1609.344),
    "m2": ("area", 1.0),
    "km2": ("area", 1e6),
    "ha": ("area", 1e4),
    "mi2": ("area", 2_589_988.110336),
    "kg": ("mass", 1.0),
    "g": ("mass", 0.001),
    "t": ("mass", 1000.0),
    "lb": ("mass", 0.45359237),
    "s": ("time", 1.0),
    "min": ("time", 60.0),
    "h": ("time", 3600.0),
}
_UNIT_WORDS = {
    "m": ("m", "metre", "metres", "meter", "meters"),
    "cm": ("cm", "centimetre", "centimetres", "centimeter", "centimeters"),
    "mm": ("mm", "millimetre", "millimetres", "millimeter", "millimeters"),
    "km": ("km", "kilometre", "kilometres", "kilometer", "kilometers"),
    "ft": ("ft", "foot", "feet"),
    "in": ("in", "inch", "inches"),
    "mi": ("mi", "mile", "miles"),
    "m2": ("m2", "m²", "sq m", "square metre", "square metres", "square meter", "square meters"),
    "km2": ("km2", "km²", "sq km", "square kilometre", "square kilometres", "square kilometer",
            "square kilometers"),
    "ha": ("ha", "hectare", "hectares"),
    "mi2": ("mi2", "mi²", "sq mi", "square mile", "square miles"),
    "kg": ("kg", "kilogram", "kilograms", "kilo", "kilos"),
    "g": ("g", "gram", "grams"),
    "t": ("t", "tonne", "tonnes", "metric ton", "metric tons"),
    "lb": ("lb", "lbs", "pound", "pounds"),
    "s": ("s", "second", "seconds"),
    "min": ("min", "mins", "minute", "minutes"),
    "h": ("h", "hr", "hrs", "hour", "hours"),
}  # fmt: skip
UNIT_OF = {w: sym for sym, words in _UNIT_WORDS.items() for w in words}
_UNIT_RE = "|".join(re.escape(w) for w in sorted(UNIT_OF, key=len, reverse=True))
SIG_CAP = 0.2  # the most a number's rounding may stand for, relative to it
HEDGE = 0.05  # "about 1.2 million": at least 5 % either way
REFUTE_MARGIN = 0.01  # a number is refuted only this share of the KG value beyond its tolerance
_HEDGES = ("about", "around", "approximately", "approx.", "approx", "roughly", "some", "nearly",
           "almost", "circa", "c.", "ca.", "~", "an estimated", "estimated")  # fmt: skip
_BOUNDS = {"over": "min", "more than": "min", "above": "min", "at least": "min",
           "upwards of": "min", "in excess of": "min", "under": "max", "less than": "max",
           "fewer than": "max", "below": "max", "at most": "max", "up to": "max"}  # fmt: skip
QUALIFIERS = frozenset([*_HEDGES, *_BOUNDS])
_QUALIFIER = re.compile(
    r"^(?P<q>"
    + "|".join(re.escape(w) for w in sorted([*_HEDGES, *_BOUNDS], key=len, reverse=True))
    + r")\s*"
)
_NUMBER = re.compile(
    r"^(?P<num>[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[+-]?\.\d+)\s*"
    r"(?P<scale>thousand|million|billion|trillion|bn|mn|k|m)?\b\s*(?P<rest>.*)$"
)
_FEET_INCHES = re.compile(
    r"^(?P<ft>\d+)\s*(?:ft|feet|foot|')\s*(?P<inch>\d+(?:\.\d+)?)\s*(?:in|inch|inches|\")?$"
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
    """A calendar date known to year, month or day precision, or a decade or century.

    A decade starts at ``year`` (1950 for the 1950s), a century at its first
    year (1801 for the 19th); ``part`` ("early", "mid", "late") narrows either
    to its first, middle or last third.
    """

    year: int
    month: int | None = None
    day: int | None = None
    decade: bool = False
    century: bool = False
    part: str | None = None

    @property
    def precision(self) -> int:
        """0 decade or century, 1 year, 2 month, 3 day."""
        if self.decade or self.century:
            return 0
        return 1 + (self.month is not None) + (self.day is not None)

    def years(self) -> tuple[int, int, int, int]:
        """(sure first, sure last, outer first, outer last) year the value stands for.

        A year within the sure range agrees with it; one outside the outer range
        contradicts it; between the two (the other third of a decade, or 1800
        and 1900 for "the 19th century", which people count either way) it is
        neither.
        """
        y = self.year
        if self.decade:
            lo, hi, outer = y, y + 9, (y, y + 9)
        elif self.century:
            lo, hi, outer = y, y + 98, (y - 1, y + 99)
        else:
            return y, y, y, y
        if self.part is not None:
            third = (hi - lo + 1) / 3
            k = ("early", "mid", "late").index(self.part)
            lo, hi = lo + round(k * third), lo + round((k + 1) * third) - 1
        return lo, hi, *outer

    def text(self) -> str:
        part = f"{self.part} " if self.part else ""
        if self.decade:
            return f"the {part}{self.year}s"
        if self.century:
            n = (self.year - 1) // 100 + 1
            suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
            return f"the {part}{n}{suffix} century"
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
    """A number and how far from it a value may be and still count as the same.

    With a ``unit`` the value and tolerance are in SI (``dimension``'s base
    unit) and ``unit`` is the symbol the claim used; ``bound`` "min" ("over
    3 million") or "max" ("under 3 million") makes the number a limit.
    """

    value: float
    tolerance: float = 0.0
    unit: str | None = None
    dimension: str | None = None
    bound: str | None = None

    def text(self) -> str:
        word = {"min": "over ", "max": "under "}.get(self.bound or "", "")
        if self.unit is None:
            return word + _fmt(self.value)
        return f"{word}{_fmt(self.value / UNITS[self.unit][1])} {self.unit}"

    def interval(self) -> tuple[float, float]:
        lo, hi = self.value - self.tolerance, self.value + self.tolerance
        if self.bound == "min":
            return self.value, math.inf
        if self.bound == "max":
            return -math.inf, self.value
        return lo, hi


def _fmt(x: float) -> str:
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.6g}" if abs(x) < 1e6 else f"{x:,.0f}"


Value = DateValue | NumberValue | str


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).strip().casefold()
    return re.sub(r"\s+", " ", text.rstrip(".!?;"))


def parse_date(text: str) -> DateValue | None:
    t = _clean(text)
    m = _DECADE.match(t)
    if m:
        return DateValue(int(m["decade"]) * 10, decade=True, part=m["part"])
    m = _CENTURY.match(t)
    if m:
        n = int(m["n"]) if m["n"] else _ORDINAL_WORDS.get(m["word"] or "")
        if n:
            return DateValue((n - 1) * 100 + 1, century=True, part=m["part"])
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
    """The place value of the last significant digit of a written number.

    "3.5" -> 0.1, "1200" -> 100, "9" -> 1; a round "100" or "2000" is read
    to two significant digits (10, 100), not one: "100 million" is not
    "anything from 50 to 150 million".
    """
    if "." in digits:
        return 10.0 ** -len(digits.split(".", 1)[1])
    stripped = digits.rstrip("0")
    if not stripped:
        return 1.0
    zeros = len(digits) - len(stripped)
    if len(stripped) == 1 and zeros:
        zeros -= 1
    return 10.0**zeros


def parse_number(text: str, *, strict: bool = False) -> NumberValue | None:
    """A number with its scale, unit, hedge or bound ("about 1.2 million", "185 cm", "6 ft 1 in").

    Words after the number that are no unit ("3 children") are allowed unless
    ``strict``; a name that starts with a number ("12 Angry Men") is not a
    number then.
    """
    t = _clean(text)
    qualifier = None
    m = _QUALIFIER.match(t)
    if m:
        qualifier, t = m["q"], t[m.end() :]
    feet = _FEET_INCHES.match(t)
    if feet:  # 6 ft 1 in: a length to the inch
        inches = int(feet["ft"]) * 12 + float(feet["inch"])
        value = inches * UNITS["in"][1]
        return _qualified(NumberValue(value, UNITS["in"][1] / 2, "ft", "length"), qualifier)
    m = _NUMBER.match(t)
    if not m:
        return None
    rest = m["rest"].strip()
    scale_word = m["scale"] or ""
    unit = UNIT_OF.get(rest) if rest else None
    if scale_word == "m" and not rest:
        # "1.85 m" is metres, "3m" a scale: a spaced lone "m" reads as the unit
        spaced = re.search(r"\d\s+m$", t) is not None
        if spaced:
            scale_word, unit = "", "m"
    if (
        rest
        and unit is None
        and (strict or not re.match(r"^[a-z%° ]{0,30}$", rest))  # "3 children", "25%" — not "3-2"
    ):
        return None
    raw = m["num"].replace(",", "")
    scale = _SCALE.get(scale_word, 1.0)
    value = float(raw) * scale
    sig = _sig_unit(raw.lstrip("+-")) * scale
    # Half a unit of the last written digit, never tighter than 0.5 % nor looser than
    # SIG_CAP ("1 million" is not "anything from half a million to 1.5 million").
    tol = min(max(sig / 2, abs(value) * 0.005), abs(value) * SIG_CAP) or sig / 2
    if unit is not None:
        dim, factor = UNITS[unit]
        return _qualified(NumberValue(value * factor, tol * factor, unit, dim), qualifier)
    return _qualified(NumberValue(value, tol), qualifier)


def _qualified(n: NumberValue, qualifier: str | None) -> NumberValue:
    if qualifier is None:
        return n
    bound = _BOUNDS.get(qualifier)
    if bound is not None:
        return replace(n, bound=bound)
    return replace(n, tolerance=max(n.tolerance, abs(n.value) * HEDGE))


def is_value_text(text: str) -> bool:
    """Is ``text`` a date or a quantity (not a name that starts with a number)?"""
    if not text or len(text) > 80:
        return False
    return parse_date(text) is not None or parse_number(text, strict=True) is not None


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
    if claim.precision == 0 or kg.precision == 0:
        sure_lo, sure_hi, out_lo, out_hi = claim.years()
        k_lo, _, _, k_hi = kg.years()
        if k_hi < out_lo or out_hi < k_lo:
            return False
        return True if sure_lo <= k_lo and k_hi <= sure_hi else None
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
        return _compare_numbers(claim, kg.value)
    if isinstance(claim, NumberValue) and isinstance(kg, DateValue) and kg.precision >= 1:
        # "born in 1961" may reach us as the number 1961.
        if claim.value.is_integer() and 100 <= claim.value <= 2999:
            return _compare_dates(DateValue(int(claim.value)), kg)
        return None
    if isinstance(claim, str) and isinstance(kg, str):
        return True if _norm_text(claim) == _norm_text(kg) else None
    return None


def _compare_numbers(claim: NumberValue, kg: float) -> bool | None:
    """True within the claim's tolerance (or bound), False beyond it by REFUTE_MARGIN, else None."""
    lo, hi = claim.interval()
    if lo <= kg <= hi or math.isclose(claim.value, kg):
        return True
    margin = abs(kg) * REFUTE_MARGIN
    if kg < lo - margin or kg > hi + margin:
        return False
    return None


@dataclass(frozen=True)
class QuantityProperty:
    """How Wikidata writes a quantity property: its dimension, the units its amounts come in
    (most common first) and the SI range a plausible value lies in (per subject kind)."""

    dimension: str | None
    units: tuple[str, ...] = ()
    plausible: tuple[float, float] = (-math.inf, math.inf)
    plausible_human: tuple[float, float] | None = None


# The quantity properties kgfc reads units for (keyed by PID). A count (population)
# has no unit. Units: the ones Wikidata statements of the property commonly use.
QUANTITY_PROPERTIES: dict[str, QuantityProperty] = {
    "P1082": QuantityProperty(None),  # population
    "P1128": QuantityProperty(None),  # employees
    "P1971": QuantityProperty(None),  # number of children
    "P2048": QuantityProperty("length", ("m", "cm", "ft"), (0.01, 1000.0), (0.4, 2.8)),  # height
    "P2043": QuantityProperty("length", ("m", "km", "mi"), (0.001, 1e8)),  # length
    "P2049": QuantityProperty("length", ("m", "km", "cm"), (0.001, 1e7)),  # width
    "P2044": QuantityProperty("length", ("m", "ft"), (-500.0, 9000.0)),  # elevation above sea level
    "P2046": QuantityProperty("area", ("km2", "ha", "m2", "mi2"), (1e-4, 2e14)),  # area
    "P2067": QuantityProperty("mass", ("kg", "g", "t", "lb"), (1e-9, 1e12), (2.0, 400.0)),  # mass
    "P2047": QuantityProperty("time", ("min", "s", "h"), (1.0, 1e7)),  # duration
}


def compare_quantity(
    claim: NumberValue, amount: float, prop: str, *, human: bool = False
) -> bool | None:
    """A claim's quantity against a bare KG amount of property ``prop`` (a PID or IRI).

    The amount's unit is unknown (see the module notes): it is read in each of
    the property's units whose SI value is plausible, the first of them the
    likeliest. True: the claim agrees with that reading; False: with none of
    them; None: only with a less likely one, or the kinds differ.
    """
    spec = QUANTITY_PROPERTIES.get(prop.rsplit("/", 1)[-1])
    if claim.unit is None or spec is None or spec.dimension is None:
        if claim.unit is not None and (spec is None or spec.dimension is None):
            # "185 cm" against a count, or a property whose units kgfc does not know:
            # the number as written, never a refutation
            raw = replace(
                claim,
                value=claim.value / UNITS[claim.unit][1],
                tolerance=claim.tolerance / UNITS[claim.unit][1],
                unit=None,
            )
            return True if _compare_numbers(raw, amount) is True else None
        got = _compare_numbers(claim, amount)
        if spec is not None and spec.dimension is not None and got is False:
            return None  # a unitless claim against an amount of unknown unit: no refutation
        return got
    if claim.dimension != spec.dimension:
        return None
    lo, hi = spec.plausible_human if human and spec.plausible_human else spec.plausible
    readings = [amount * UNITS[u][1] for u in spec.units]
    plausible = [r for r in readings if lo <= r <= hi] or readings
    verdicts = [_compare_numbers(claim, r) for r in plausible]
    if verdicts[0] is True:
        return True
    if all(v is False for v in verdicts):
        return False
    return None


def describe(value: Value) -> str:
    return value if isinstance(value, str) else value.text()
