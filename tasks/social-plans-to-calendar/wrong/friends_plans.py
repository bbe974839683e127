"""What the blind set's wrong solutions of social-plans-to-calendar share: Alice's
sessions, her conversations printed as an agent reads them, the three plans as the
messages give them, and the calls that add an event and send a message."""

from mock_services.client import ServiceClient

social = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
calendar = ServiceClient("http://127.0.0.1:5006/api").login("alice", "alice-pass")
for c in social.call("GET", "/conversations")["items"]:
    other = c["with_user"]["username"]
    for m in reversed(social.call("GET", f"/conversations/{other}?per_page=100")["items"]):
        print(f"{m['sent_at']} {m['sender']}: {m['text']}")
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


def add(title, place, start, end, **extra):
    ev = calendar.call(
        "POST", "/events", {"title": title, "location": place, "start": start, "end": end, **extra}
    )
    print("created", ev["id"], title)
    return ev


def dm(user, text):
    social.call("POST", f"/conversations/{user}/messages", {"text": text})
    print("sent", user, text)
