"""The reference delivery-day reminder, with its description and location chosen by the caller."""

import re
from datetime import date

from mock_services.client import ServiceClient

MONTHS = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
]  # fmt: skip
login = {"username": "alice", "password": "alice-pass"}
shop, mail, cal = (
    ServiceClient(base).login(**login)
    for base in (
        "http://127.0.0.1:1234/api",
        "http://127.0.0.1:5001/api",
        "http://127.0.0.1:5006/api",
    )
)


def remind(description: str | None = None, location: str | None = None) -> None:
    """Add the all-day reminder on the desk's delivery day; the texts are format strings over
    `code` (the desk's order) and `day` (the delivery date)."""
    orders = shop.call("GET", "/orders?status=shipped")["items"]
    desk = next(
        o
        for o in orders
        if any(
            "desk" in i["name"].lower() for i in shop.call("GET", f"/orders/{o['code']}")["items"]
        )
    )
    code = desk["code"]
    mails = mail.call("GET", f"/messages?q={code}")["items"]
    notice = next(
        mail.call("GET", f"/messages/{m['id']}") for m in mails if "shipped" in m["subject"].lower()
    )
    day, month = re.search(r"Estimated delivery: \w+ (\d+) (\w+)", notice["body"]).groups()
    when = date(int(notice["date"][:4]), MONTHS.index(month.lower()) + 1, int(day))
    event = {
        "title": f"Desk delivery {code}: stay home",
        "all_day": True,
        "start_date": when.isoformat(),
        "end_date": when.isoformat(),
    }
    facts = {"code": code, "day": when}
    if description is not None:
        event["description"] = description.format(**facts)
    if location is not None:
        event["location"] = location.format(**facts)
    cal.call("POST", "/events", event)
