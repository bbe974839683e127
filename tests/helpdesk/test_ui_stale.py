"""The ticket page against changes made while it was open, as Zendesk warns that "this ticket
was updated since you opened it": a save from a page loaded before is refused with what
changed, the ticket shown again as it is now with the typed properties kept, and saved by the
next press; and the ticket list's SLA column names its next deadline. Default seed: TK-1006 is
an open ticket with a public reply; TK-1001 a new one with none."""

from __future__ import annotations

import html
import re

from tests.form_assertions import as_browser, assert_action_refused
from tests.helpers import ApiClient, expect

PAGE = {"Accept": "text/html"}


def _seen(page: str) -> str:
    found = re.search(r'<input type="hidden" name="seen" value="([^"]+)">', page)
    assert found, "the properties form carries the ticket as the page read it"
    return found[1]


def test_saving_a_ticket_changed_since_the_page_opened_warns_first(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    opened = browser.get("/tickets/TK-1006", headers=PAGE).text
    before = expect(alice.get("/api/tickets/TK-1006"), 200)
    expect(
        alice.post("/api/tickets/TK-1006/comments", json={"body": "Called them.", "public": False}),
        201,
    )
    typed = {"subject": before["subject"], "priority": "urgent", "seen": _seen(opened)}
    address = {**PAGE, "Referer": service.base_url + "/tickets/TK-1006"}
    refused = browser.post("/tickets/TK-1006/edit", data=typed, headers=address)
    assert_action_refused(
        refused,
        409,
        "TK-1006 was updated since you opened it (1 new comment by an agent). Review the ticket",
        kept={"priority": "urgent"},
    )
    assert "Called them." in html.unescape(refused.text)  # the change is there to review
    assert expect(alice.get("/api/tickets/TK-1006"), 200)["priority"] == before["priority"]
    again = browser.post(
        "/tickets/TK-1006/edit",
        data={**typed, "seen": _seen(refused.text)},
        headers=address,
        allow_redirects=False,
    )
    assert again.status_code == 303, again.text[:300]
    assert expect(alice.get("/api/tickets/TK-1006"), 200)["priority"] == "urgent"


def test_a_property_change_by_someone_else_is_named_too(
    service: ApiClient, alice: ApiClient
) -> None:
    browser = as_browser(service.as_user("alice", "alice-pass"))
    opened = browser.get("/tickets/TK-1006", headers=PAGE).text
    expect(alice.patch("/api/tickets/TK-1006", json={"category": "billing"}), 200)
    refused = browser.post(
        "/tickets/TK-1006/edit",
        data={"subject": "x", "seen": _seen(opened)},
        headers={**PAGE, "Referer": service.base_url + "/tickets/TK-1006"},
    )
    assert_action_refused(refused, 409, "(its properties were changed)")


def test_the_list_names_the_next_sla_deadline(alice: ApiClient) -> None:
    listed = {t["code"]: t for t in expect(alice.get("/api/tickets?per_page=100"), 200)["items"]}
    page = html.unescape(as_browser(alice).get("/?per_page=100", headers=PAGE).text)
    rows = dict(re.findall(r'<td style="white-space: nowrap">(TK-\d+)</td>(.*?)</tr>', page, re.S))
    checked = 0
    for code, row in rows.items():
        ticket = listed[code]
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)  # subject ... SLA, created, updated
        sla = " ".join(re.sub(r"<[^>]+>", "", cells[-3]).split())
        assert not sla.startswith("due "), (code, sla)
        open_ = ticket["status"] not in ("solved", "closed")
        if open_ and not ticket["first_reply_at"] and ticket["sla"]["first_reply_due"]:
            if not ticket["sla"]["first_reply_breached"]:
                assert sla.startswith("first reply due "), (code, sla)
                checked += 1
        elif (
            open_
            and ticket["sla"]["resolution_due"]
            and not any(
                ticket["sla"][f"{deadline}_breached"] for deadline in ("first_reply", "resolution")
            )
        ):
            assert sla.startswith("resolution due "), (code, sla)
            checked += 1
    assert checked >= 2, rows.keys()
