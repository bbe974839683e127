"""Money: integer cents in the DB, 2-decimal amounts on the wire and in seeds."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated

from pydantic import AfterValidator, Field

FREE_SHIPPING_THRESHOLD_CENTS = 5000
SHIPPING_FEE_CENTS = 499


def _two_decimals(value: float) -> float:
    if abs(value * 100 - round(value * 100)) > 1e-6:
        raise ValueError(f"expected an amount with at most 2 decimals, got {value}")
    return value


Money = Annotated[
    float,
    Field(ge=0, le=1_000_000_000, examples=[19.99]),
    AfterValidator(_two_decimals),
]
"""A non-negative amount with at most two decimals, e.g. ``19.99``."""


def to_cents(amount: float) -> int:
    return round(amount * 100)


def amount(cents: int) -> float:
    """``1999`` -> ``19.99``. The division alone is already the float nearest to the amount:
    it equals ``round(cents / 100, 2)`` at a tenth of the cost (see tests/services)."""
    return cents / 100


def fmt(cents: int | None) -> str:
    """``1999`` -> ``"$19.99"`` (for the UI and mails)."""
    return "" if cents is None else f"${cents / 100:,.2f}"


def shipping_for(subtotal_cents: int) -> int:
    """Standard shipping, free from 50.00."""
    if subtotal_cents == 0 or subtotal_cents >= FREE_SHIPPING_THRESHOLD_CENTS:
        return 0
    return SHIPPING_FEE_CENTS


def return_refund_cents(lines: Iterable[tuple[int, int, int]], shipping_cents: int) -> int:
    """What a return refunds: each ``(unit_price_cents, quantity, return_quantity)`` line's
    returned units, plus the shipping only when every unit of the order comes back."""
    lines = list(lines)
    refund = sum(unit * returned for unit, _quantity, returned in lines)
    everything = all(returned == quantity for _unit, quantity, returned in lines)
    return refund + (shipping_cents if everything else 0)
