"""Money: integer cents in the DB, 2-decimal amounts on the wire, in seeds and in CSV files."""

from __future__ import annotations

import math
import re
from typing import Annotated

from pydantic import AfterValidator, BeforeValidator, Field

from mock_services.core.web.wording import money_words

LARGEST = 10_000_000
"""The largest amount, either way, that a body, a seed or a statement line may hold."""


def _two_decimals(value: float) -> float:
    if abs(value * 100 - round(value * 100)) > 1e-6:
        raise ValueError(f"expected at most 2 decimals, got {value}")
    return value


_NOT_NUMBERS = frozenset({"nan", "inf", "infinity"})


def _a_number(value: object) -> object:
    """NaN and infinity (typed "NaN" or "Infinity", or sent as JSON's NaN) are not amounts:
    refused as such, not as an amount over the largest one."""
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError("expected a number")
    if isinstance(value, str) and value.strip().lower().lstrip("+-") in _NOT_NUMBERS:
        raise ValueError("expected a number")
    return value


SignedAmount = Annotated[
    float,
    BeforeValidator(_a_number),
    Field(ge=-LARGEST, le=LARGEST, examples=[-42.5]),
    AfterValidator(_two_decimals),
]
"""An amount with at most two decimals: negative is money out, positive money in."""
Amount = Annotated[
    float,
    BeforeValidator(_a_number),
    Field(gt=0, le=LARGEST, examples=[42.5]),
    AfterValidator(_two_decimals),
]
"""A positive amount with at most two decimals, e.g. ``42.50``."""
CurrencyCode = Annotated[str, Field(pattern=r"^[A-Z]{3}$", examples=["USD"])]

_PLAIN = re.compile(r"^-?\d{1,8}(\.\d{1,2})?$")


def to_cents(value: float) -> int:
    return round(value * 100)


def amount(cents: int) -> float:
    """``1999`` -> ``19.99`` (the division is already the float nearest to the amount)."""
    return cents / 100


def parse_cents(text: str) -> int:
    """A statement's amount, ``-12.50`` or ``1200``, in cents; ValueError says what is wrong."""
    if not _PLAIN.match(text):
        raise ValueError(f"expected a number like -12.50 (a dot, at most 2 decimals), got {text!r}")
    cents = round(float(text) * 100)
    if abs(cents) > LARGEST * 100:
        raise ValueError(f"expected at most {LARGEST:,} either way, got {text}")
    return cents


def plain(cents: int) -> str:
    """``-1250`` -> ``"-12.50"`` (CSV)."""
    return f"{'-' if cents < 0 else ''}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def fmt(cents: int, currency: str) -> str:
    """``-123456, "USD"`` -> ``"USD -1,234.56"``: a refusal, a mail or a calendar entry writes
    money as the pages do (``money_words``)."""
    return money_words(cents / 100, currency)
