"""The reference triage and notices of invitation-triage, with the notices' text chosen."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from mock_services.client import ServiceClient

login = {"username": "alice", "password": "alice-pass"}
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
SUBJECT = "Can't make it: {title}"
BODY = (
    'Hi,\n\nSorry, I can\'t attend "{title}": it clashes with something already in my '
    "calendar.\n\nAlice"
)


def _items(answer: dict | list) -> list[dict]:
    return answer["items"] if isinstance(answer, dict) else answer


def respond() -> None:
    """Decline each pending invitation Alice's own busy time overlaps, accept the others."""
    zone = ZoneInfo(cal.call("GET", "/profile")["timezone"])
    range_start = cal.call("GET", "/events")["range_start"].replace("Z", "+00:00")
    today = datetime.fromisoformat(range_start).astimezone(zone).date()
    first, last = today - timedelta(days=7), today + timedelta(days=60)
    events = cal.call("GET", f"/events?per_page=100&start={first}T00:00:00&end={last}T00:00:00")[
        "items"
    ]
    own_busy = [
        e
        for e in events
        if e.get("organizer", {}).get("username") == "alice"
        and e.get("transparency") != "transparent"
        and e.get("status") != "cancelled"
    ]
    for invitation in _items(cal.call("GET", "/invitations")):
        event = invitation.get("event", invitation)
        clash = any(b["start"] < event["end"] and event["start"] < b["end"] for b in own_busy)
        cal.call(
            "POST",
            f"/events/{event['id']}/rsvp",
            {"response": "declined" if clash else "accepted"},
        )


def notify(subject: str = SUBJECT, body: str = BODY) -> None:
    """Mail each declined invitation's organizer; the texts are format strings over `title`,
    `start` (local), `name` (the organizer's first name) and `others` (the other declined
    and the accepted titles)."""
    mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
    everything = _items(cal.call("GET", "/invitations?rsvp=all"))
    events = [i.get("event", i) for i in everything]
    for event in (i.get("event", i) for i in _items(cal.call("GET", "/invitations?rsvp=declined"))):
        organizer = event["organizer"]
        facts = {
            "title": event["title"],
            "start": datetime.fromisoformat(event["start_local"]),
            "name": (organizer.get("display_name") or organizer["email"]).split()[0],
            "others": ", ".join(e["title"] for e in events if e["id"] != event["id"]),
        }
        mail.call(
            "POST",
            "/messages/send",
            {
                "to": [organizer["email"]],
                "subject": subject.format(**facts),
                "body": body.format(**facts),
            },
        )
