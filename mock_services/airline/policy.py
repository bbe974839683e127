"""Fixed airline policy: fees, windows and the booking reference code (shared by the seed and
the rules)."""

from __future__ import annotations

from datetime import timedelta

# Check-in opens 24 h and closes 1 h before (estimated) departure; booking closes with it.
CHECK_IN_OPENS = timedelta(hours=24)
CHECK_IN_CLOSES = timedelta(hours=1)
BOARDING_BEFORE_DEPARTURE = timedelta(minutes=40)

# Checked bags, per bag and per flight: (first bag, each further bag) by cabin.
BAG_FEES_CENTS = {
    "economy": (3500, 5000),
    "premium_economy": (0, 5000),
    "business": (0, 0),
}
BAG_WEIGHT_LIMIT_KG = 23.0
BAG_MAX_WEIGHT_KG = 32.0
OVERWEIGHT_FEE_CENTS = 10000
MAX_BAGS_PER_PASSENGER = 3

# Per passenger; waived for refundable fares and when the airline cancelled the flight.
CHANGE_FEE_CENTS = 7500
CANCELLATION_FEE_CENTS = 10000

DEFAULT_FARE_CLASS = {"economy": "Y", "premium_economy": "W", "business": "J"}

_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 symbols, no 0/O or 1/I
_SPACE = 32**6  # = 2**30
_MULTIPLIER = 0x2545F491  # odd, so id -> code is a bijection on [0, 2**30)


def booking_reference(booking_id: int, attempt: int = 0) -> str:
    """The 6-character code of a booking id (``attempt`` > 0 only to step around a pinned code)."""
    value = ((booking_id + attempt * 7919) * _MULTIPLIER + 0x1F3D5B) % _SPACE
    chars = []
    for _ in range(6):
        value, digit = divmod(value, 32)
        chars.append(_ALPHABET[digit])
    return "".join(chars)


def bag_fee_cents(cabin: str, index: int, weight_kg: float, legs: int) -> tuple[int, bool]:
    """Fee of a passenger's ``index``-th bag (0-based) over ``legs`` flights, and if overweight."""
    first, further = BAG_FEES_CENTS[cabin]
    overweight = weight_kg > BAG_WEIGHT_LIMIT_KG
    per_leg = (first if index == 0 else further) + (OVERWEIGHT_FEE_CENTS if overweight else 0)
    return per_leg * legs, overweight


def seat_positions(layout: str) -> list[tuple[str, str]]:
    """(letter, window|aisle|middle) for a layout such as ``"ABC-DEF"`` ("-" is an aisle)."""
    groups = layout.split("-")
    last = len(groups) - 1
    result = []
    for gi, group in enumerate(groups):
        for li, letter in enumerate(group):
            if (gi == 0 and li == 0) or (gi == last and li == len(group) - 1):
                position = "window"
            elif (li == 0 and gi > 0) or (li == len(group) - 1 and gi < last):
                position = "aisle"
            else:
                position = "middle"
            result.append((letter, position))
    return result


def cents(amount: float) -> int:
    return round(amount * 100)


def money(amount_cents: int) -> float:
    return amount_cents / 100
