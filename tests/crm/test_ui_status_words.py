"""CRM pages say lead and task statuses and priorities capitalised ("New", "Open", "Normal
priority"), as HubSpot does."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient


def test_lead_and_task_statuses_are_capitalised(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    for path in ("/leads", "/tasks"):
        html = browser.get(path).text
        badges = re.findall(r'<span class="badge">([^<]+)</span>', html)
        assert badges and all(b[0].isupper() for b in badges), (path, badges)
