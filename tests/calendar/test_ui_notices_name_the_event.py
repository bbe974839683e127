"""A notice after a form names the event it acted on, as the other notices do ("Event 'x'
created."): "You answered accepted." and "The event was cancelled for everyone." named none,
so a reader of several tabs could not tell which event they answered or cancelled."""

from __future__ import annotations

from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.page_words import shown_text


def test_an_answer_and_a_cancellation_name_the_event_and_its_time(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    browser = as_browser(alice)
    title = expect(alice.get("/api/events/3"), 200)["title"]  # an invitation from Bob
    back = {"Referer": service.base_url + "/events/3"}
    said = shown_text(
        browser.post("/events/3/rsvp", data={"response": "accepted"}, headers=back).text
    )
    assert f"You accepted '{title}' (Tue 3 Mar " in said, said[:1500]
    assert "You answered" not in said
    said = shown_text(
        browser.post("/events/3/rsvp", data={"response": "tentative"}, headers=back).text
    )
    assert f"You answered maybe to '{title}' (" in said, said[:1500]
    said = shown_text(browser.post("/events/3/delete", headers=back).text)
    assert f"You declined '{title}' (Tue 3 Mar " in said, said[:1500]


def test_a_calendar_notice_names_the_calendar(service: ApiClient) -> None:
    alice = service.as_user("alice", "alice-pass")
    made = expect(alice.post("/api/calendars", json={"name": "Garden club"}), 201)
    browser = as_browser(alice)
    shared = browser.post(f"/calendars/{made['id']}/shares", data={"user": "bob", "role": "reader"})
    assert "Shared 'Garden club' with Bob Chen as reader." in shown_text(shared.text)
    people = expect(alice.get("/api/users", params={"q": "bob"}), 200)["items"]
    bob = next(u["id"] for u in people if u["username"] == "bob")
    gone = browser.post(f"/calendars/{made['id']}/shares/{bob}/delete")
    assert "'Garden club' is no longer shared with Bob Chen." in shown_text(gone.text)
    deleted = browser.post(f"/calendars/{made['id']}/delete")
    assert "Deleted the calendar 'Garden club' and its events." in shown_text(deleted.text)
