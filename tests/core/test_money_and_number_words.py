"""Money and quantities as pages write them: thousands separators, a currency's own number of
decimals (ISO 4217 minor units), a shop's or airline's sign first, no needless ".0"."""

from __future__ import annotations

import pytest

from mock_services.core.web.wording import money_words, number_words, price_words


@pytest.mark.parametrize(
    ("amount", "currency", "said"),
    [
        (18_000_000, "JPY", "JPY 18,000,000"),
        (1021.8, "USD", "USD 1,021.80"),
        (-1274.4, "USD", "USD -1,274.40"),
        (1250.5, "KWD", "KWD 1,250.500"),
    ],
)
def test_money_has_the_currency_s_own_decimals(amount: float, currency: str, said: str) -> None:
    assert money_words(amount, currency) == said


def test_a_price_has_its_sign_and_separators() -> None:
    assert price_words(2276) == "$2,276.00"
    assert price_words(-20, "USD") == "-$20.00"
    assert price_words(1500, "JPY") == "¥1,500"
    assert price_words(120, "CHF") == "CHF 120.00"


@pytest.mark.parametrize(
    ("value", "said"), [(1.0, "1"), (320.0, "320"), (1.5, "1.5"), (0.25, "0.25"), (12400, "12,400")]
)
def test_a_number_has_no_needless_point_zero(value: float, said: str) -> None:
    assert number_words(value) == said
