"""The health forms go through the API's own models: a refused form comes back with the
message next to the field and the input kept; an accepted one makes what the API makes."""

from __future__ import annotations

import re

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect

_VITAMIN = {"name": "Vitamin D", "dose": "1000 IU", "times": ["08:00", "20:00"],
            "start_date": "2026-03-02", "instructions": "with food"}  # fmt: skip
_VITAMIN_FORM = {**_VITAMIN, "times": "08:00, 20:00", "end_date": ""}


def _medications(client: ApiClient) -> list[dict]:
    items = expect(client.get("/api/medications"), 200)["items"]
    return [{k: v for k, v in m.items() if k != "id"} for m in items if m["name"] == "Vitamin D"]


def test_refused_medication_form_shows_the_error_next_to_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    response = browser.post(
        "/medications",
        data={**_VITAMIN_FORM, "times": "8 in the morning"},
        headers={"Referer": service.base_url + "/medications"},
    )
    assert_form_refused(
        response,
        errors={"times": "8 in the morning"},
        kept={"times": "8 in the morning", "name": "Vitamin D", "instructions": "with food"},
    )
    assert _medications(alice) == []


def test_medication_form_adds_what_the_api_adds(service: ApiClient, alice: ApiClient) -> None:
    expect(alice.post("/api/medications", json=_VITAMIN), 201)
    by_api = _medications(alice)
    bob = service.as_user("bob", "bob-pass")
    added = as_browser(service.as_user("bob", "bob-pass")).post("/medications", data=_VITAMIN_FORM)
    assert added.status_code == 200 and "Added Vitamin D at 08:00, 20:00." in added.text
    assert _medications(bob) == by_api != []


def test_appointment_page_moves_the_visit_and_refuses_closed_hours_by_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    listed = browser.get("/appointments").text
    assert 'href="/appointments/APT-000002"' in listed and re.search(
        r'aria-label="Reschedule Dentistry with [^"]+, Thu 5 Mar 10:00 EST"', listed
    )
    shown = browser.get("/appointments/APT-000002").text
    assert 'id="reschedule-form"' in shown and "Reschedule this appointment" in shown
    refused = browser.post(
        "/appointments/APT-000002/reschedule",
        data={"start": "2026-03-07T10:00", "duration_minutes": "30"},
        headers={"Referer": service.base_url + "/appointments/APT-000002"},
    )
    assert_form_refused(
        refused,
        errors={"start": "outside those hours"},
        kept={"start": "2026-03-07T10:00", "duration_minutes": "30"},
    )
    before = expect(alice.get("/api/appointments/APT-000002"), 200)
    moved = browser.post("/appointments/APT-000002/reschedule", data={"start": "2026-03-06T11:30"})
    assert (
        moved.status_code == 200
        and "Moved Dental cleaning with Dr. Sara Lindqvist (APT-000002) to Fri 6 Mar 11:30 EST"
        in moved.text
    )
    after = expect(alice.get("/api/appointments/APT-000002"), 200)
    assert after["start_local"].startswith("2026-03-06T11:30") and after["status"] == "scheduled"
    assert after["start"] != before["start"]


def test_a_past_or_cancelled_appointment_offers_no_reschedule(
    service: ApiClient, alice: ApiClient
) -> None:
    expect(alice.post("/api/appointments/APT-000002/cancel"), 200)
    shown = as_browser(service.as_user("alice", "alice-pass")).get("/appointments/APT-000002")
    assert shown.status_code == 200 and 'id="reschedule-form"' not in shown.text
    assert "it can no longer be moved or cancelled" in shown.text


def test_a_booking_refused_for_its_time_keeps_the_form_and_the_provider(
    service: ApiClient, alice: ApiClient
) -> None:
    """Booked from a provider's "Book" link (its id in the page's address): a Saturday at
    20:00 is refused next to the time, the provider and everything typed kept."""
    before = expect(alice.get("/api/appointments"), 200)["items"]
    browser = as_browser(service.as_user("alice", "alice-pass"))
    providers = expect(alice.get("/api/providers"), 200)["items"]
    patel = next(p for p in providers if p["name"] == "Dr. Priya Patel")
    assert providers[0]["id"] != patel["id"] or providers[0]["specialty"] != "Cardiology"
    form_page = f"/appointments?provider_id={patel['id']}"
    listed = browser.get(form_page).text
    assert re.search(rf'<option value="{patel["id"]}" selected>Dr. Priya Patel', listed)
    typed = {
        "provider_id": str(patel["id"]),
        "day": "2026-03-07",
        "time": "20:00",
        "duration_minutes": "30",
        "reason": "Annual check-up",
        "notes": "fasting",
    }
    refused = browser.post(
        "/appointments", data=typed, headers={"Referer": service.base_url + form_page}
    )
    assert_form_refused(refused, errors={"time": "outside those hours"}, kept=typed)
    shown = re.search(r"id=\"error-time\">([^<]*)<", refused.text)
    assert shown and "Sat 7 Mar 20:00-20:30 is outside those hours" in shown[1], shown
    assert "Sat Sat" not in refused.text, "the weekday is said once"
    assert expect(alice.get("/api/appointments"), 200)["items"] == before
    # booked over another appointment of hers: refused by the time too, the form kept
    mine = next(a for a in before if a["status"] == "scheduled" and a["start"] > "2026-03-02T12")
    clash = {**typed, "day": mine["start_local"][:10], "time": mine["start_local"][11:16]}
    clashing = browser.post(
        "/appointments", data=clash, headers={"Referer": service.base_url + form_page}
    )
    assert_form_refused(clashing, errors={"time": "pick another time"}, kept=clash)


def test_a_reschedule_onto_another_appointment_keeps_the_new_time(
    service: ApiClient, alice: ApiClient
) -> None:
    other = next(
        a
        for a in expect(alice.get("/api/appointments"), 200)["items"]
        if a["status"] == "scheduled" and a["start"] > "2026-03-02T12"
    )
    providers = expect(alice.get("/api/providers"), 200)["items"]
    dentist = next(p for p in providers if p["specialty"] == "Dentistry")
    booked = {"provider_id": dentist["id"], "start": "2026-03-06T11:00:00-05:00", "reason": "Check"}
    moved = expect(alice.post("/api/appointments", json=booked), 201)
    browser = as_browser(service.as_user("alice", "alice-pass"))
    sent_from = f"/appointments/{moved['code']}"
    typed = {"start": other["start_local"][:16], "duration_minutes": "30"}
    refused = browser.post(
        f"/appointments/{moved['code']}/reschedule",
        data=typed,
        headers={"Referer": service.base_url + sent_from},
    )
    assert_form_refused(refused, errors={"start": "pick another time"}, kept=typed)
    assert expect(alice.get(f"/api/appointments/{moved['code']}"), 200) == moved


def test_a_day_left_blank_is_today_and_an_unreadable_one_is_refused_by_the_field(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    saved = browser.post("/records", data={"day": "", "mood": "2"})
    assert saved.status_code == 200 and "Saved your record for Mon 2 Mar." in saved.text
    assert expect(alice.get("/api/records/2026-03-02"), 200)["mood"] == 2
    refused = browser.post(
        "/records",
        data={"day": "March-2", "mood": "4"},
        headers={"Referer": service.base_url + "/"},
    )
    assert_form_refused(refused, errors={}, kept={"mood": "4"})
    assert re.search(r'data-field="day">[^<]*</a>: expected a date such as', refused.text)
    assert expect(alice.get("/api/records/2026-03-02"), 200)["mood"] == 2
