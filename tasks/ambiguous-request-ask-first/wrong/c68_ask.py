"""Shared steps of the c68 scripts for ambiguous-request-ask-first: Alice's mail and calendar."""

import time

from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"


def clients(user: str = "alice") -> tuple[ServiceClient, ServiceClient]:
    """Mail and calendar clients logged in as ``user``."""
    login = {"username": user, "password": f"{user}-pass"}
    return ServiceClient(MAIL).login(**login), ServiceClient(CAL).login(**login)


def marias_mail(mail: ServiceClient) -> dict:
    """Maria's request in Alice's inbox, opened (so marked read)."""
    items = mail.call("GET", "/messages?folder=inbox&from=maria@example.test&sort=oldest")["items"]
    return mail.call("GET", f"/messages/{items[0]['id']}")


def ask(mail: ServiceClient, body: str) -> dict:
    """Reply to Maria's request in its thread."""
    return mail.call("POST", f"/messages/{marias_mail(mail)['id']}/reply", {"body": body})


def wait_reply(mail: ServiceClient, seen: int = 1, timeout: float = 60) -> dict:
    """Maria's newest mail once she has sent more than ``seen``, opened."""
    end = time.time() + timeout
    while time.time() < end:
        items = mail.call("GET", "/messages?folder=inbox&from=maria@example.test&sort=newest")[
            "items"
        ]
        if len(items) > seen:
            return mail.call("GET", f"/messages/{items[0]['id']}")
        time.sleep(1)
    raise SystemExit("Maria did not answer")


def thursday(cal: ServiceClient) -> str:
    """This week's Thursday (ISO day), from the calendar's own today."""
    import datetime as dt  # lazy: only the day arithmetic needs it

    today = dt.date.fromisoformat(cal.call("GET", "/events")["items"][0]["start_local"][:10])
    return (today + dt.timedelta(days=(3 - today.weekday()) % 7)).isoformat()


def book(cal: ServiceClient, day: str, start: str, end: str, offset: str = "", **extra) -> dict:
    """A timed event in New York time (``offset``: written with this UTC offset), Maria invited,
    unless ``extra`` says otherwise."""
    body = {
        "title": "Northwind vendor review",
        "start": f"{day}T{start}:00{offset}",
        "end": f"{day}T{end}:00{offset}",
        "timezone": "America/New_York",
        "location": "Aurora room (3rd floor)",
        "attendees": [{"email": "maria@example.test"}],
    }
    body.update(extra)
    return cal.call("POST", "/events", body)


QUESTION = (
    "Hi Maria,\n\nHappy to set it up. Which room do you mean by the usual one: the Aurora room "
    "(3rd floor) or the Borealis room (5th floor)? We have used both for this review.\n\nAlice"
)
