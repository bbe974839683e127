"""Amounts in words: integer cents as the dollars a customer reads (``$1,234.50``)."""

from __future__ import annotations


def money_text(amount_cents: int) -> str:
    return f"${amount_cents / 100:,.2f}"
