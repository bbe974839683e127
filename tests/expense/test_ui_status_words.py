"""Expense pages say report statuses and roles capitalised ("Approved", "Employee"), never the
stored "approved" or "role employee"."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient
from tests.page_words import shown_text


def test_statuses_and_role_are_capitalised(expense: ApiClient) -> None:
    html = as_browser(expense.as_user("alice", "alice-pass")).get("/").text
    badges = re.findall(r'<span class="badge [a-z_]+ status"[^>]*>([^<]+)</span>', html)
    assert badges and all(b[0].isupper() for b in badges), badges
    assert "role employee" not in shown_text(html)
