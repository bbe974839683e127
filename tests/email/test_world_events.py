"""A world event that waits for mail to one address: every way of sending counts (a new mail,
a draft sent, a reply; the API, an MCP tool, the compose form) once the mail went to it, in
to, cc or bcc, and a mail to anyone else does not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.email.live import live_mail
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.mcp_session import McpSession

DANA = "dana@northwind.example"


def deliver(subject: str) -> dict[str, Any]:
    return {"sender": DANA, "to": ["alice@example.test"], "subject": subject, "body": "Hi."}


EVENTS = [
    {"id": "dana-writes", "service": "email", "operation": "deliver", "body": deliver("Hello"),
     "when": {"at": "-1m"}},
    {"id": "dana-answers", "service": "email", "operation": "deliver", "body": deliver("Re"),
     "when": {"after_operation": {"operation": ["send_message", "send_draft", "reply"],
                                  "where": {"recipients": "Dana@Northwind.example"},
                                  "since": "dana-writes"}},
     "repeat": {"times": 10}},
    {"id": "cc-to-dana", "service": "email", "operation": "deliver", "body": deliver("Cc"),
     "when": {"after_operation": {"operation": "send_message", "where": {"cc": DANA}}},
     "repeat": {"times": 10}},
]  # fmt: skip


def answered(client: ApiClient, event: str = "dana-answers") -> int:
    (answers,) = [
        e for e in expect(client.admin("GET", "/admin/world"), 200)["events"] if e["id"] == event
    ]
    fired: int = answers["fired"]
    return fired


def test_every_way_of_mailing_one_address_counts_and_no_other(tmp_path: Path) -> None:
    _settings, client = live_mail(tmp_path, events=EVENTS)
    mail = {"subject": "Call", "body": "When are you free?"}
    expect(client.post("/api/messages/send", json={"to": ["bob@example.test"], **mail}), 201)
    assert answered(client) == 0, "a mail to bob is no mail to Dana"
    draft = expect(client.post("/api/drafts", json={"to": [DANA], **mail}), 201)
    assert answered(client) == 0, "a draft saved is not sent"
    expect(client.post(f"/api/drafts/{draft['id']}/send"), 201)
    assert answered(client) == 1, "a draft sent to her"
    inbox = expect(client.get("/api/messages", params={"folder": "inbox"}), 200)["items"]
    hers = next(m for m in inbox if m["from_address"] == DANA)
    expect(client.post(f"/api/messages/{hers['id']}/reply", json={"body": "Thanks"}), 201)
    assert answered(client) == 2, "a reply to her mail"
    McpSession(client).call("send_message", {"to": ["bob@example.test"], "bcc": [DANA], **mail})
    assert answered(client) == 3, "a tool call with her in bcc"
    assert answered(client, "cc-to-dana") == 0, "bcc is not the body's cc field"
    form = {"to": "bob@example.test", "cc": DANA, "bcc": "", **mail}
    sent = as_browser(client).post("/compose", data=form)
    assert sent.status_code in (200, 303), sent.text[:300]
    assert answered(client) == 4, "the compose form with her in cc"
    assert answered(client, "cc-to-dana") == 1, "the form's cc field, read as the API's"
    expect(client.post("/api/messages/send", json={"to": ["bob@example.test"], **mail}), 201)
    assert answered(client) == 4, "another mail to bob alone"
