"""Each calendar web form makes the change its API route makes: the same operation in the
audit log and the same rows, from the same freshly reset state (``assert_same_change``).
Events of the default seed (see conftest): 1 alice's daily standup, 3 bob's sprint planning
with alice invited, 5 alice's dentist."""

from __future__ import annotations

import pytest

from mock_services.calendar.api import api
from tests.calendar.conftest import PASSWORDS
from tests.form_assertions import FormCase, assert_form_does_what_the_api_does
from tests.helpers import ApiClient, expect


def _same_as_shown(client: ApiClient, event_id: int) -> dict[str, str]:
    """The event's day, times and texts as its edit form shows them (checked against the
    values the case posts, so that only what the case changes differs)."""
    event = expect(client.get(f"/api/events/{event_id}"), 200)
    shown = {
        "date": event["start_local"][:10],
        "start_time": event["start_local"][11:16],
        "end_time": event["end_local"][11:16],
        "location": event["location"],
        "description": event["description"],
    }
    assert shown == {
        "date": "2026-03-04",
        "start_time": "10:30",
        "end_time": "11:30",
        "location": "Smile Dental, 5th Ave",
        "description": "",
    }, shown
    return shown


CASES = [
    FormCase(
        "event_new-timed_weekly_with_guests",
        "create_event",
        api=lambda g: (
            "POST",
            "/api/events",
            {
                "calendar_id": 5,
                "title": "Plan the offsite",
                "start": "2026-03-04T14:00",
                "end": "2026-03-04T15:30",
                "timezone": "America/New_York",
                "location": "Room 4",
                "description": "Agenda to follow.",
                "attendees": [{"username": "bob"}, {"email": "maria@agency.example"}],
                "recurrence": {"freq": "weekly", "count": 3},
            },
        ),
        form=lambda g: (
            "/events/new",
            {
                "title": "Plan the offsite",
                "calendar_id": "5",
                "date": "2026-03-04",
                "end_date": "",
                "start_time": "14:00",
                "end_time": "15:30",
                "timezone": "America/New_York",
                "location": "Room 4",
                "attendees": "bob, maria@agency.example",
                "repeat": "weekly",
                "repeat_count": "3",
                "description": "Agenda to follow.",
            },
        ),
    ),
    FormCase(
        "event_new-all_day",
        "create_event",
        api=lambda g: (
            "POST",
            "/api/events",
            {
                "calendar_id": 1,
                "title": "Trip",
                "all_day": True,
                "start_date": "2026-03-06",
                "end_date": "2026-03-08",
                "timezone": "America/New_York",
            },
        ),
        form=lambda g: (
            "/events/new",
            {
                "title": "Trip",
                "calendar_id": "1",
                "date": "2026-03-06",
                "all_day": "on",
                "end_date": "2026-03-08",
                "start_time": "10:00",
                "end_time": "11:00",
                "timezone": "America/New_York",
                "location": "",
                "attendees": "",
                "repeat": "",
                "repeat_count": "5",
                "description": "",
            },
        ),
    ),
    FormCase(
        "event_rsvp",
        "rsvp",
        api=lambda g: ("POST", "/api/events/3/rsvp", {"response": "accepted"}),
        form=lambda g: ("/events/3/rsvp", {"response": "accepted"}),
    ),
    FormCase(
        "event_rsvp-from_invitations",
        "rsvp",
        api=lambda g: ("POST", "/api/events/3/rsvp", {"response": "tentative"}),
        form=lambda g: ("/events/3/rsvp", {"response": "tentative", "next": "/invitations"}),
    ),
    FormCase(
        "event_delete-organizer",
        "delete_event",
        api=lambda g: ("DELETE", "/api/events/5", {}),
        form=lambda g: ("/events/5/delete", {}),
    ),
    FormCase(
        "event_delete-guest",
        "delete_event",
        api=lambda g: ("DELETE", "/api/events/3", {}),
        form=lambda g: ("/events/3/delete", {}),
    ),
    FormCase(
        "occurrence_change-save",
        "update_occurrence",
        api=lambda g: (
            "PATCH",
            "/api/events/1/occurrences/2",
            {"title": "Standup (late)", "start": "2026-03-04T10:15", "end": "2026-03-04T10:30"},
        ),
        form=lambda g: (
            "/events/1/occurrences/2",
            {
                "title": "Standup (late)",
                "date": "2026-03-04",
                "start_time": "10:15",
                "end_time": "10:30",
                "action": "save",
            },
        ),
    ),
    FormCase(
        "occurrence_change-cancel",
        "cancel_occurrence",
        api=lambda g: ("DELETE", "/api/events/1/occurrences/2", {}),
        form=lambda g: (
            "/events/1/occurrences/2",
            {
                "title": "Standup",
                "date": "2026-03-04",
                "start_time": "09:30",
                "end_time": "09:45",
                "action": "cancel",
            },
        ),
    ),
    FormCase(
        "event_edit-timed",
        "update_event",
        api=lambda g: (
            "PATCH",
            "/api/events/5",
            {
                "title": "Dentist (moved)",
                "start": "2026-03-05T16:00",
                "end": "2026-03-05T17:00",
                "timezone": "America/New_York",
                "location": "Main St 5",
                "description": "",
            },
        ),
        form=lambda g: (
            "/events/5/edit",
            {
                "title": "Dentist (moved)",
                "date": "2026-03-05",
                "start_time": "16:00",
                "end_time": "17:00",
                "timezone": "America/New_York",
                "calendar_id": "5",
                "status": "confirmed",
                "transparency": "opaque",
                "location": "Main St 5",
                "description": "",
            },
        ),
    ),
    FormCase(
        "event_edit-calendar_status_and_free",
        "update_event",
        api=lambda g: (
            "PATCH",
            "/api/events/5",
            {"calendar_id": 1, "status": "tentative", "transparency": "transparent"},
        ),
        form=lambda g: (
            "/events/5/edit",
            {
                "title": "Dentist appointment",
                "date": "2026-03-04",
                "start_time": "10:30",
                "end_time": "11:30",
                "timezone": "America/New_York",
                "calendar_id": "1",
                "status": "tentative",
                "transparency": "transparent",
                "location": "Smile Dental, 5th Ave",
                "description": "",
            },
        ),
        setup=lambda client: _same_as_shown(client, 5),
    ),
    FormCase(
        "event_guests-invite",
        "update_event",
        api=lambda g: (
            "PATCH",
            "/api/events/2",
            {
                "attendees": [
                    {"email": "dave@example.test", "optional": False},
                    {"username": "bob", "optional": True},
                ]
            },
        ),
        form=lambda g: ("/events/2/guests", {"guest": "bob", "optional": "on"}),
    ),
    FormCase(
        "event_guests-remove",
        "update_event",
        api=lambda g: ("PATCH", "/api/events/2", {"attendees": []}),
        form=lambda g: ("/events/2/guests", {"remove": "dave@example.test"}),
    ),
    FormCase(
        "settings_save",
        "update_profile",
        api=lambda g: (
            "PATCH",
            "/api/profile",
            {"display_name": "Alice M.", "timezone": "Europe/Paris"},
        ),
        form=lambda g: ("/settings", {"display_name": "Alice M.", "timezone": "Europe/Paris"}),
    ),
    FormCase(
        "calendar_create",
        "create_calendar",
        api=lambda g: (
            "POST",
            "/api/calendars",
            {
                "name": "Gym",
                "color": "#33b679",
                "timezone": "Europe/London",
                "description": "Workouts",
            },
        ),
        form=lambda g: (
            "/calendars",
            {
                "name": "Gym",
                "color": "#33b679",
                "timezone": "Europe/London",
                "description": "Workouts",
            },
        ),
    ),
    FormCase(
        "calendar_edit",
        "update_calendar",
        api=lambda g: (
            "PATCH",
            "/api/calendars/5",
            {"name": "Private", "color": "#aa0000", "timezone": "UTC", "description": "Mine"},
        ),
        form=lambda g: (
            "/calendars/5/edit",
            {"name": "Private", "color": "#aa0000", "timezone": "UTC", "description": "Mine"},
        ),
    ),
    FormCase(
        "calendar_delete",
        "delete_calendar",
        api=lambda g: ("DELETE", "/api/calendars/6", None),
        form=lambda g: ("/calendars/6/delete", {}),
    ),
    FormCase(
        "calendar_share",
        "share_calendar",
        api=lambda g: ("POST", "/api/calendars/5/shares", {"user": "carol", "role": "writer"}),
        form=lambda g: ("/calendars/5/shares", {"user": "carol", "role": "writer"}),
    ),
    FormCase(
        "calendar_share-change_role",
        "share_calendar",
        api=lambda g: ("POST", "/api/calendars/6/shares", {"user": "dave", "role": "writer"}),
        form=lambda g: ("/calendars/6/shares", {"user": "dave", "role": "writer"}),
    ),
    FormCase(
        "calendar_unshare",
        "unshare_calendar",
        api=lambda g: ("DELETE", "/api/calendars/6/shares/2", None),
        form=lambda g: ("/calendars/6/shares/2/delete", {}),
    ),
]
"""Each write of the API has a case above (``test_every_write_route_has_a_form_case``)."""


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating}
    assert writes == {case.operation for case in CASES}
