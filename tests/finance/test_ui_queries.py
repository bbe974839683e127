"""Finance pages read what they show in a fixed number of statements, however many bank lines
and invoices there are: reconciliation checks each line against each invoice with the
categories and accounts read once per request (it read a category and an account for every
pair, 105 statements)."""

from __future__ import annotations

from pathlib import Path

from tests.page_queries import queries_per_page

MOST = {"/reconciliation": 16, "/invoices/INV-0001": 6, "/transactions/131": 5}


def test_pages_read_in_a_fixed_number_of_statements(tmp_path: Path) -> None:
    counts = queries_per_page("finance", tmp_path, MOST)
    assert {path: n for path, n in counts.items() if n > MOST[path]} == {}
