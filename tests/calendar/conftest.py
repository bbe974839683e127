"""One calendar per test module (default seed), reset to its seed before each test.

Default seed (now = Monday 2026-03-02 09:00 in New York, 14:00 UTC, the service's default
clock): alice and dave in New York, bob in London, carol in Berlin. Calendars 1-4 are the
primaries of alice, bob, carol, dave; 5 is alice's "Personal", 6 alice's "Product Launch" (bob
writer, dave reader), 7 bob's "On-call" (carol reader). Events: 1 standup (alice, daily x5), 2
1:1 alice/dave (weekly), 3 sprint planning (bob; alice invited, pending), 4 design review
(carol; alice pending), 5 dentist (alice, overlaps 4), 6 launch sync (bob declined), 7 all-hands
(dave), 8 release freeze (all-day), 9 pager handover (bob, weekly x4), 10 vendor demo
(cancelled), 11 past QBR, 12 focus time (carol, transparent)."""

from __future__ import annotations

from tests.helpers import ApiClient, expect
from tests.service_fixtures import service_fixtures

PASSWORDS = {"alice": "alice-pass", "bob": "bob-pass", "carol": "carol-pass", "dave": "dave-pass"}

globals().update(
    service_fixtures(
        "calendar", PASSWORDS, server="calendar_server", client="service", db="calendar_db"
    )
)


def two_copies_of_one_event(service: ApiClient) -> None:
    """Alice's "Quarterly review" on Tue 3 Mar, 14:00-15:30 New York, twice (what an import
    that ran twice leaves): pages must name the copies apart."""
    alice = service.as_user("alice", "alice-pass")
    body = {
        "title": "Quarterly review",
        "start": "2026-03-03T14:00:00",
        "end": "2026-03-03T15:30:00",
        "timezone": "America/New_York",
        "location": "Room Jupiter",
    }
    for _ in range(2):
        expect(alice.post("/api/events", json=body), 201)
