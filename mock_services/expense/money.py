"""Money: integer cents in the DB, 2-decimal amounts on the wire and in seeds; exchange rates
as integer millionths (``rate_ppm``), so every conversion is exact integer arithmetic."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

PPM = 1_000_000


def _decimals(places: int):
    scale = 10**places

    def check(value: float) -> float:
        if abs(value * scale - round(value * scale)) > 1e-6:
            raise ValueError(f"expected at most {places} decimals, got {value}")
        return value

    return check


Amount = Annotated[
    float,
    Field(gt=0, le=10_000_000, examples=[42.5]),
    AfterValidator(_decimals(2)),
]
"""A positive amount with at most two decimals, e.g. ``42.50``."""

Limit = Annotated[float, Field(ge=0, le=10_000_000), AfterValidator(_decimals(2))]
"""A non-negative amount with at most two decimals (policy thresholds)."""

Rate = Annotated[
    float,
    Field(gt=0, le=1_000_000, examples=[1.08]),
    AfterValidator(_decimals(6)),
]
"""Units of the base currency one unit of a currency is worth, at most 6 decimals."""

CurrencyCode = Annotated[str, Field(pattern=r"^[A-Z]{3}$", examples=["EUR"])]


def to_cents(value: float) -> int:
    return round(value * 100)


def amount(cents: int) -> float:
    """``1999`` -> ``19.99``. The division alone is already the float nearest to the amount:
    it equals ``round(cents / 100, 2)`` at a tenth of the cost (see tests/services)."""
    return cents / 100


def to_ppm(rate: float) -> int:
    return round(rate * PPM)


def rate(ppm: int) -> float:
    return round(ppm / PPM, 6)


def convert(cents: int, rate_ppm: int) -> int:
    """``cents`` of a currency in base-currency cents, rounded half up."""
    return (cents * rate_ppm + PPM // 2) // PPM


def fmt(cents: int | None, currency: str) -> str:
    """``123456, "EUR"`` -> ``"1,234.56 EUR"`` (for the UI, CSV and mails)."""
    return "" if cents is None else f"{cents / 100:,.2f} {currency}"
