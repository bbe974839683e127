"""Chat pages read what they show in a fixed number of statements, however many messages,
conversations or people there are: the sidebar's conversations with their members and unread
counts, each message's author, thread, reactions and files are read for all of them at once
(a page of a channel ran 120 statements, the channel browser 131, a user row read apart for
every name shown)."""

from __future__ import annotations

from pathlib import Path

from tests.page_queries import queries_per_page

MOST = {
    "/": 10,
    "/browse": 12,
    "/c/1": 27,
    "/c/1/details": 21,
    "/files/1": 20,
    "/people": 16,
    "/people/alice": 12,
    "/m/1": 21,
}


def test_pages_read_in_a_fixed_number_of_statements(tmp_path: Path) -> None:
    counts = queries_per_page("chat", tmp_path, MOST)
    assert {path: n for path, n in counts.items() if n > MOST[path]} == {}
