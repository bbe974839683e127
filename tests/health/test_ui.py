"""The web UI: today's page, the food search, forms refused with the reason, and the main flow
(log a food, record the day, mark a dose, book an appointment) in a real headless Chromium."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.form_assertions import as_browser, assert_form_refused
from tests.helpers import ApiClient, expect, log_in


def test_today_page_shows_nutrition_diary_and_doses(bob: ApiClient) -> None:
    html = as_browser(bob).get("/", params={"day": "2026-02-28"}).text
    assert 'data-nutrient="kcal"' in html and "Lisinopril" in html
    assert "Metformin" in html and 'class="status">Skipped' in html


def test_pages_need_login(service: ApiClient) -> None:
    response = service.get("/foods", allow_redirects=False)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_food_search_page(alice: ApiClient) -> None:
    html = as_browser(alice).get("/foods", params={"q": "salmon"}).text
    assert "2 foods" in html and "Salmon fillet, baked" in html


def test_refused_form_shows_the_reason(alice: ApiClient, service: ApiClient) -> None:
    as_browser(alice)
    response = alice.post(
        "/records",
        data={"day": "2026-03-02", "systolic": "90", "diastolic": "120"},
        headers={"Referer": service.base_url + "/"},
    )
    assert_form_refused(
        response,
        errors={"diastolic": "must be lower than systolic (90)"},
        kept={"systolic": "90", "diastolic": "120"},
    )


@pytest.mark.browser
def test_a_day_through_the_browser(service: ApiClient, page: Any) -> None:
    base = service.base_url
    log_in(page, base, "alice", "alice-pass", "/")
    page.click("#add-lunch")
    page.fill("#q", "burrito")
    page.press("#q", "Enter")
    row = page.locator("tr[data-code=burrito-bowl]")
    row.locator("input.servings").fill("0.5")
    row.locator("button.add").click()
    assert "Added Chicken burrito bowl (327.5 kcal) to lunch" in page.inner_text("[role=alert]")
    page.fill("#weight_kg", "63.4")
    page.fill("#systolic", "117")
    page.fill("#diastolic", "76")
    page.click("#save-record")
    assert "Saved your record for Mon 2 Mar" in page.inner_text("[role=alert]")
    page.click("tr[data-medication='Vitamin D3'] button.taken")
    assert page.inner_text("tr[data-medication='Vitamin D3'] .status") == "Taken"

    page.get_by_role("link", name="Appointments", exact=True).click()
    page.select_option(
        "#provider_id", label="Luis Garcia, PT · Physiotherapy (07:00-19:00, Mon-Fri)"
    )
    page.fill("#day", "2026-03-06")
    page.click("#show-book-times")  # the open times of that day, to pick, not to type
    assert page.locator('input[type="time"]').count() == 0
    assert "Open time on Fri 6 Mar (America/New_York)" in page.inner_text("#book-form")
    page.select_option("#time", label="18:00 EST")
    page.fill("#reason", "Knee pain")
    page.click("#book")
    assert "Booked APT-000009" in page.inner_text("[role=alert]")

    alice = service.as_user("alice", "alice-pass")
    lunch = expect(alice.get("/api/diary", params={"day": "2026-03-02"}), 200)["items"]
    assert [(e["food_name"], e["servings"]) for e in lunch if e["meal"] == "lunch"] == [
        ("Chicken burrito bowl", 0.5)
    ]
    record = expect(alice.get("/api/records/2026-03-02"), 200)
    assert (record["weight_kg"], record["systolic"], record["diastolic"]) == (63.4, 117, 76)
    booked = expect(alice.get("/api/appointments/APT-000009"), 200)
    assert booked["start_local"].startswith("2026-03-06T18:00") and booked["reason"] == "Knee pain"

    page.click("tr[data-code=APT-000009] button.opens-dialog")
    page.click("dialog[open] button[type=submit]")
    assert "Cancelled APT-000009" in page.inner_text("[role=alert]")
    assert expect(alice.get("/api/appointments/APT-000009"), 200)["status"] == "cancelled"


@pytest.mark.browser
def test_an_appointment_is_rescheduled_through_the_browser(service: ApiClient, page: Any) -> None:
    log_in(page, service.base_url, "alice", "alice-pass", "/appointments")
    page.locator("tr[data-code=APT-000002]").get_by_role("link", name="Reschedule").click()
    page.fill("#start", "2026-03-06T11:30")
    page.get_by_role("button", name="Reschedule this appointment").click()
    assert (
        "Moved Dental cleaning with Dr. Sara Lindqvist (APT-000002) to Fri 6 Mar 11:30 EST"
        in page.inner_text("[role=alert]")
    )
    alice = service.as_user("alice", "alice-pass")
    moved = expect(alice.get("/api/appointments/APT-000002"), 200)
    assert moved["start_local"].startswith("2026-03-06T11:30") and moved["status"] == "scheduled"


@pytest.mark.browser
def test_cancelling_an_appointment_asks_first(live_service: Any, page: Any) -> None:
    service = live_service("health")
    alice = service.as_user("alice", "alice-pass")
    log_in(page, service.base_url, "alice", "alice-pass", "/appointments")
    opener = page.get_by_role("button", name=re.compile(r"^Cancel Dentistry with .+, Thu 5 Mar"))
    opener.click()
    dialog = page.locator("dialog[open]")
    assert "Cancel APT-000002, Dentistry with" in dialog.inner_text()
    dialog.get_by_role("button", name=re.compile("^Don't cancel Dentistry with")).click()
    assert page.locator("dialog[open]").count() == 0
    assert expect(alice.get("/api/appointments/APT-000002"), 200)["status"] == "scheduled"

    opener.click()
    page.locator("dialog[open]").get_by_role(
        "button", name=re.compile("^Yes, give up Dentistry with")
    ).click()
    assert "Cancelled APT-000002" in page.inner_text("[role=alert]")
    assert expect(alice.get("/api/appointments/APT-000002"), 200)["status"] == "cancelled"


@pytest.mark.browser
def test_scheduling_in_steps_picks_an_open_time_in_the_browser(
    service: ApiClient, page: Any
) -> None:
    """MyChart's flow: the reason, a provider, a day, then one of the open times listed (in the
    user's zone, New York) to pick, never a time to type; the confirmation books it."""
    log_in(page, service.base_url, "alice", "alice-pass", "/appointments/schedule")
    page.fill("#reason", "Knee pain")
    page.select_option("#specialty", "Physiotherapy")
    page.click("#next-provider")
    page.click("#next-time")
    assert page.locator('input[type="time"]').count() == 0
    page.fill("#day", "2026-03-06")
    page.click("#show-times")
    slots = page.get_by_role("group", name="Open times on Fri 6 Mar for 30 minutes")
    assert "America/New_York" in slots.inner_text()
    slots.get_by_role("radio", name="10:30 EST").check()
    page.click("#next-confirm")
    assert "2026-03-06 at 10:30, 30 minutes" in page.inner_text("#step-confirm")
    page.click("#confirm-book")
    assert "Booked APT-000009" in page.inner_text("[role=alert]")
    alice = service.as_user("alice", "alice-pass")
    booked = expect(alice.get("/api/appointments/APT-000009"), 200)
    assert booked["start"] == "2026-03-06T15:30:00Z" and booked["reason"] == "Knee pain"
