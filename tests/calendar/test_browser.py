"""The web UI in headless Chromium: log in, answer an invitation, create an event."""

from __future__ import annotations

import pytest

from tests.calendar.conftest import two_copies_of_one_event
from tests.helpers import ApiClient, expect, log_in


@pytest.mark.browser
def test_week_view_rsvp_and_create_event(service: ApiClient, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(service.base_url + "/")
    assert "/login" in page.url  # pages need a session
    page.fill("#username", "alice")
    page.fill("#password", "alice-pass")
    page.click("#login")
    page.wait_for_url(service.base_url + "/")
    assert "2 \N{EN DASH} 8 Mar 2026" in page.inner_text("main")
    monday = page.locator('.day[data-date="2026-03-02"]')
    assert "Team standup" in monday.inner_text() and "09:30" in monday.inner_text()
    page.click("#next-week")
    assert "9 \N{EN DASH} 15 Mar 2026" in page.inner_text("main")
    page.click("#prev-week")

    # a click on an event's block opens its popover, which links to its page
    page.click('.week-grid a.block[data-event-id="3"]')
    popover = page.locator("#event-popover")
    assert popover.is_visible()
    said = popover.inner_text()
    assert "Sprint planning" in said and "needs action" in said and "Tuesday 3 March" in said
    page.click("#popover-close")
    assert not popover.is_visible()
    # the schedule lists the same week
    page.click("#view-schedule")
    assert "2 \N{EN DASH} 8 Mar 2026" in page.inner_text("main")

    # answer the sprint planning invitation from its detail page
    page.click('tr.event[data-event-id="3"] a')
    assert page.inner_text("#my-rsvp") == "Needs action"
    page.click("#rsvp-accepted")
    assert page.inner_text("#my-rsvp") == "Accepted"
    assert "You accepted " in page.inner_text("[role=alert]")

    # create an event with a guest through the form
    page.click("#new-event-link")
    page.fill("#title", "Browser planning")
    page.fill("#date", "2026-03-12")
    page.fill("#start_time", "15:00")
    page.fill("#end_time", "15:45")
    page.select_option("#timezone", "Europe/London")
    page.fill("#attendees", "carol, maria@agency.example")
    page.click("#create-event")
    assert page.inner_text("#event-title").startswith("Browser planning")
    assert "Event 'Browser planning' created." in page.inner_text("main")

    alice = service.as_user("alice", "alice-pass")
    assert expect(alice.get("/api/events/3"), 200)["my_rsvp"] == "accepted"
    found = expect(
        alice.get("/api/events", params={"q": "Browser planning", "start": "2026-03-12T00:00:00Z"}),
        200,
    )
    (event,) = found["items"]
    assert event["start"] == "2026-03-12T15:00:00Z" and event["timezone"] == "Europe/London"
    assert [(a["email"], a["rsvp_status"]) for a in event["attendees"]] == [
        ("carol@example.test", "needs_action"),
        ("maria@agency.example", "needs_action"),
    ]
    carol = service.as_user("carol", "carol-pass")
    assert event["id"] in [e["id"] for e in expect(carol.get("/api/invitations"), 200)["items"]]


@pytest.mark.browser
def test_invitations_page_and_errors(service: ApiClient, page) -> None:  # type: ignore[no-untyped-def]
    log_in(page, service.base_url, "bob", "bob-pass", "/invitations")
    page.wait_for_url(service.base_url + "/invitations")
    row = page.locator('tr.invitation[data-event-id="7"]')
    assert row.locator(".rsvp").inner_text() == "Needs action"
    row.locator("button", has_text="Decline").click()
    assert "You declined " in page.inner_text("[role=alert]")
    assert page.locator('tr.invitation[data-event-id="7"] .rsvp').inner_text() == "Declined"
    bob = service.as_user("bob", "bob-pass")
    assert expect(bob.get("/api/events/7"), 200)["my_rsvp"] == "declined"
    # a refused form shows the error in plain words
    page.goto(service.base_url + "/events/new")
    page.fill("#title", "Backwards")
    page.fill("#start_time", "15:00")
    page.fill("#end_time", "14:00")
    page.click("#create-event")
    assert "Must be after the start (15:00); it is 14:00" in page.inner_text("#error-end_time")
    assert "End: End" not in page.inner_text("#form-errors")  # the field named once
    assert page.input_value("#title") == "Backwards"


@pytest.mark.browser
def test_cancelling_an_occurrence_asks_first(live_service, page) -> None:  # type: ignore[no-untyped-def]
    """Cancelling one occurrence opens a dialog: "Don't ..." leaves it, confirming cancels it;
    the buttons, the dialog and the notice name the occurrence by its day and time."""
    alice = live_service("calendar").as_user("alice", "alice-pass")
    log_in(page, alice.base_url, "alice", "alice-pass", "/events/1")
    page.wait_for_url(alice.base_url + "/events/1")
    dialog = page.locator("#confirm-cancel-occurrence-1")
    assert not dialog.is_visible()

    page.get_by_role("button", name="Cancel this one: Tue 3 Mar 09:30 EST…", exact=True).click()
    assert dialog.is_visible()
    assert "Cancel the Tue 3 Mar 09:30 EST one of 'Team standup'?" in dialog.inner_text()
    dialog.get_by_role("button", name="Don't cancel this one: Tue 3 Mar 09:30 EST").click()
    assert not dialog.is_visible()
    assert expect(alice.get("/api/events/1/occurrences/1"), 200)["status"] == "confirmed"

    page.get_by_role("button", name="Cancel this one: Tue 3 Mar 09:30 EST…", exact=True).click()
    dialog.get_by_role(
        "button", name="Yes, cancel 'Team standup' on Tue 3 Mar 09:30 EST", exact=True
    ).click()
    assert "Cancelled the Tue 3 Mar 09:30 EST one of " in page.inner_text("[role=alert]")
    assert expect(alice.get("/api/events/1/occurrences/1"), 200)["status"] == "cancelled"
    assert expect(alice.get("/api/events/1/occurrences/2"), 200)["status"] == "confirmed"


@pytest.mark.browser
def test_the_schedule_answers_fit_in_their_day_card(service: ApiClient, page) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, service.base_url, "alice", "alice-pass")
    page.wait_for_url(service.base_url + "/")
    page.click("#view-schedule")
    answers = page.locator(".day .rsvp")
    assert answers.count() > 0
    for i in range(answers.count()):
        answer = answers.nth(i)
        card = answer.locator("xpath=ancestor::div[contains(@class, 'day')][1]")
        shown, around = answer.bounding_box(), card.bounding_box()
        assert shown and around
        assert shown["x"] + shown["width"] <= around["x"] + around["width"], answer.inner_text()


@pytest.mark.browser
def test_copies_of_an_event_read_differently_to_a_screen_reader(  # type: ignore[no-untyped-def]
    service: ApiClient, page
) -> None:
    """Two copies of one event on a day: the accessibility tree names their week blocks apart
    ("(1 of 2 alike)", "(2 of 2 alike)"), with no space before a comma."""
    two_copies_of_one_event(service)
    log_in(page, service.base_url, "alice", "alice-pass", "/%3Fweek%3D2026-03-03")
    snapshot = page.locator(".week-grid").aria_snapshot()
    names = [line for line in snapshot.splitlines() if 'link "Quarterly review' in line]
    assert [n.strip() for n in names] == [
        f'- link "Quarterly review, 14:00\N{EN DASH}15:30, Tuesday, at Room Jupiter, '
        f'Alice Martin calendar ({n} of 2 alike)":'
        for n in (1, 2)
    ], names
