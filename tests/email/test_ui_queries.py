"""Email pages read what they show in a fixed number of statements: the mailbox shows each
row's labels and attachments, read for the whole page at once (it read both for every message
listed, 22 of its 30 statements)."""

from __future__ import annotations

from pathlib import Path

from tests.page_queries import queries_per_page

MOST = {"/": 11, "/?folder=sent": 11}


def test_pages_read_in_a_fixed_number_of_statements(tmp_path: Path) -> None:
    counts = queries_per_page("email", tmp_path, MOST)
    assert {path: n for path, n in counts.items() if n > MOST[path]} == {}
