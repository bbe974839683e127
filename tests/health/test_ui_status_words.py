"""Health pages say appointment and dose statuses and meals capitalised ("Scheduled", "Taken",
"Breakfast")."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient


def test_statuses_and_meals_are_capitalised(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    cells = re.findall(r'<td class="status">([^<]+)</td>', browser.get("/appointments").text)
    cells += re.findall(r'<td class="status">([^<]+)</td>', browser.get("/").text)
    assert cells and all(c.strip()[0].isupper() for c in cells), cells
    assert not re.search(r"<td>(breakfast|lunch|dinner|snack)</td>", browser.get("/").text)
