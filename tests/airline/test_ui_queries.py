"""Airline pages read what they show in a fixed number of statements: a booking's page names
each flight's airports several times and reads each airport once (it read one for every time a
flight was named, 16 of the page's 37 statements)."""

from __future__ import annotations

from pathlib import Path

from tests.page_queries import queries_per_page

MOST = {"/bookings/7VKYLF": 23, "/bookings": 17, "/flights/37": 6}


def test_pages_read_in_a_fixed_number_of_statements(tmp_path: Path) -> None:
    counts = queries_per_page("airline", tmp_path, MOST)
    assert {path: n for path, n in counts.items() if n > MOST[path]} == {}
