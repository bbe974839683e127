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


def test_choice_lists_read_capitalised_and_send_the_api_values(service: ApiClient) -> None:
    """Priority "low / normal / high", Activity kind "call / meeting…", lead status and source
    filters and the Source cells read lowercase; the labels are now words, the values the
    API's."""
    browser = as_browser(service.as_user("alice", "alice-pass"))
    tasks = browser.get("/tasks").text
    assert re.search(r'<option value="normal"\s*selected>Normal</option>', tasks), tasks[-3000:]
    activities = browser.get("/activities").text
    assert re.search(r'<option value="call"\s*(selected)?>Call</option>', activities)
    leads = browser.get("/leads").text
    assert re.search(r'<option value="cold_call"\s*>Cold call</option>', leads), leads[:3000]
    assert "<td>cold call</td>" not in leads and "<td>web</td>" not in leads
