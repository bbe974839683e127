"""The money amounts a text names, for a rule that only the situation's may be named: a
rejection reason that gives the right merchant with a made-up limit misleads the owner however
right the rest is.

An amount is a number next to a currency code or sign (``GBP 330``, ``330.00 GBP``, ``$80.50``,
``€ 1,250``), with a thousands or millions suffix read as one (``$48.5k`` is 48,500,
``EUR 1.2m`` 1,200,000); a number alone (a report code, a day) is not read. The text is read
as ``normalise.fold`` reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mock_services.verify.normalise import fold

CURRENCIES = ("usd", "eur", "gbp", "chf", "cad", "jpy", "aud", "\\$", "€", "£", "¥")
TOLERANCE = 0.01
"""An amount within this share of an allowed one is that one (rounded, converted and written
with fewer decimals)."""
_CURRENCY = "|".join(CURRENCIES)
NUMBER = r"\d{1,3}(?:[,\u2019' ]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SCALE = {"": 1, "k": 1_000, "m": 1_000_000}
_AMOUNT = re.compile(
    rf"(?:(?<![\w])(?:{_CURRENCY})\s?({NUMBER})(?:\s?([km])\b)?)"
    rf"|(?:(?<![\w.,])({NUMBER})\s?([km])?\s?(?:{_CURRENCY})(?!\w))"
)


def amounts_named(text: str) -> list[float]:
    """Each amount ``text`` names next to a currency code or sign, in order."""
    found = []
    for match in _AMOUNT.finditer(fold(text)):
        written = match.group(1) or match.group(3)
        scale = _SCALE[match.group(2) or match.group(4) or ""]
        found.append(float(re.sub(r"[,\u2019' ]", "", written)) * scale)
    return found


def wrong_amounts(text: str, amounts: Iterable[float]) -> list[float]:
    """The amounts ``text`` names that are none of ``amounts`` (to within ``TOLERANCE``)."""
    allowed = list(amounts)
    return [
        found
        for found in amounts_named(text)
        if not any(abs(found - a) <= TOLERANCE * max(abs(a), 1.0) for a in allowed)
    ]
