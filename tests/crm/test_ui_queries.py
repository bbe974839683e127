"""CRM pages read what they show in a fixed number of statements, however many territories,
owners or rows there are: every page's forms offer the territories by name (one statement,
not the territories with their accounts counted and each one's owners read apart), and the
team page reads all owners of all territories at once."""

from __future__ import annotations

from pathlib import Path

from tests.page_queries import queries_per_page

MOST = {"/": 7, "/team": 8, "/deals/1": 13, "/contacts/1": 14, "/accounts/CUS-001": 21}


def test_pages_read_in_a_fixed_number_of_statements(tmp_path: Path) -> None:
    counts = queries_per_page("crm", tmp_path, MOST)
    assert {path: n for path, n in counts.items() if n > MOST[path]} == {}
