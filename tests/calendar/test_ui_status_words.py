"""Calendar pages say guests' answers capitalised ("Accepted", "Needs action")."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser
from tests.helpers import ApiClient


def test_guest_answers_are_capitalised(service: ApiClient) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    html = browser.get("/events/1").text
    answers = re.findall(r'<td class="rsvp-status">([^<]+)</td>', html)
    assert answers and all(a[0].isupper() for a in answers), answers
