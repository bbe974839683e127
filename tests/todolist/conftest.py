"""One todolist per test module (default seed), reset to its seed before each test.

Default seed (now = Monday 2026-03-02 09:00 UTC): alice (America/New_York) owns lists 1 Work,
2 Personal, 3 Groceries; bob (Europe/London) 4 Work, 5 Home; carol (Europe/Berlin) 6 Design.
Tasks: 1 board deck (due +1d 17:00, a reminder), 2 Q1 budget review (overdue, assigned to bob),
3 offsite venue with subtasks 4 (done), 5 (assigned to bob), 6; 8 SSL renewal (overdue, a sent
reminder); 9 1:1 agenda (a reminder due but not sent); 13 pricing feedback (assigned to carol);
34 water the plants (weekly), 35 pay rent (monthly), 36 vitamins (daily), 37 Lisbon standup
notes (every 2 weeks in Europe/Lisbon, until +60d); 55 carol's design review prep, assigned to
alice. Folders: alice 1 Work, 2 Recipes, 3 Travel, 4 Journal, 5 Archive (empty); bob 6
Finance; carol 7 Design.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import ApiClient, expect
from tests.service_fixtures import service_fixtures

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass", "carol": "carol-pass"}

globals().update(
    service_fixtures("todolist", PASSWORDS, server="todolist_server", client="service")
)


@pytest.fixture
def titles() -> Callable[[ApiClient, dict], list[str]]:
    """The titles of the tasks a query finds."""

    def find(client: ApiClient, params: dict) -> list[str]:
        page = expect(client.get("/api/tasks", params={"per_page": 100, **params}), 200)
        return [t["title"] for t in page["items"]]

    return find
