"""The reference plans-to-calendar run, with each event's description and reply chosen."""

from mock_services.client import ServiceClient

social = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
# the plans still on at their latest word, as the reference reads the conversations
PLANS = {
    "bob": ("Jazz night", "Blue Note", "2026-03-06T20:00:00Z", "2026-03-06T22:00:00Z"),
    "carol": (
        "Birthday brunch with Carol",
        "Café Lumière",
        "2026-03-08T11:30:00Z",
        "2026-03-08T13:30:00Z",
    ),
    "erin": (
        "Book club",
        "Erin's place, 14 Elm Street",
        "2026-03-12T19:00:00Z",
        "2026-03-12T21:00:00Z",
    ),
}


def add(descriptions: dict[str, str] | None = None, replies: dict[str, str] | None = None) -> None:
    """Create the three events and reply to each friend; a friend missing from `replies` gets
    the reference's "<title> is in my calendar!"."""
    descriptions, replies = descriptions or {}, replies or {}
    for friend, (title, place, start, end) in PLANS.items():
        event = {"title": title, "location": place, "start": start, "end": end}
        if friend in descriptions:
            event["description"] = descriptions[friend]
        calendar.call("POST", "/events", event)
        text = replies.get(friend, f"{title} is in my calendar!")
        social.call("POST", f"/conversations/{friend}/messages", {"text": text})
