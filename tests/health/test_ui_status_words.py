"""Health pages say appointment and dose statuses and meals capitalised ("Scheduled", "Taken",
"Breakfast")."""

from __future__ import annotations

import re

from mock_services.core.web.ui import status_in_text
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


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


def test_an_appointment_says_why_it_cannot_change_in_words(
    service: ApiClient, alice: ApiClient
) -> None:
    """The sentence under a past or cancelled visit says its status as words in a sentence
    (``status_in_text``), never "is scheduled and has started" from the stored code."""
    browser = as_browser(service.as_user("alice", "alice-pass"))
    done = shown_text(browser.get("/appointments/APT-000001").text)
    assert "This appointment is completed, so it can no longer be moved or cancelled." in done
    expect(alice.post("/api/appointments/APT-000002/cancel"), 200)
    gone = shown_text(browser.get("/appointments/APT-000002").text)
    assert "This appointment is cancelled, so it can no longer be moved or cancelled." in gone
    assert status_in_text("no_show") == "no show" and status_in_text("vip") == "VIP"
