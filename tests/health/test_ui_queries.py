"""Health pages read what they show in a fixed number of statements: the appointments page
offers a provider's first open day, each half hour of each day checked against that day's
appointments read once (it asked the database once per half hour, 21 of its 27 statements)."""

from __future__ import annotations

from pathlib import Path

from tests.page_queries import queries_per_page

MOST = {"/appointments": 9, "/": 14}


def test_pages_read_in_a_fixed_number_of_statements(tmp_path: Path) -> None:
    counts = queries_per_page("health", tmp_path, MOST)
    assert {path: n for path, n in counts.items() if n > MOST[path]} == {}
