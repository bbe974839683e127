"""Amounts on the wire: ``amount(cents)`` is a plain division, which must give the very float
that rounding to two decimals gives, for every amount a seed or a request can hold."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from mock_services.expense.money import amount as expense_amount
from mock_services.shop.money import amount as shop_amount

MAX_CENTS = 100_000_000_000
"""1,000,000,000.00: the largest amount a body may send (``Money``'s bound)."""


@pytest.mark.parametrize("amount", [shop_amount, expense_amount], ids=["shop", "expense"])
def test_an_amount_is_the_float_two_decimals_round_to(amount: Callable[[int], float]) -> None:
    every_small = range(-100_000, 500_000)
    rng = random.Random(12)
    large = [rng.randrange(-MAX_CENTS, MAX_CENTS) for _ in range(100_000)]
    edges = [MAX_CENTS, -MAX_CENTS, 2**53 // 1000, 10**13 + 5]
    wrong = [c for c in [*every_small, *large, *edges] if amount(c) != round(c / 100, 2)]
    assert wrong == [], f"amount() differs from round(cents / 100, 2) for {wrong[:5]}"
