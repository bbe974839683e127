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


def test_dose_notices_name_the_medication(service: ApiClient, alice: ApiClient) -> None:
    meds = alice.get("/api/medications").json()["items"]
    vitamin = next(m for m in meds if m["name"] == "Vitamin D3")
    browser = as_browser(service.as_user("alice", "alice-pass"))
    marked = browser.post("/doses", data={"medication_id": vitamin["id"], "time": "08:00"})
    assert "Marked Vitamin D3 at 08:00 on Mon 2 Mar taken." in marked.text
