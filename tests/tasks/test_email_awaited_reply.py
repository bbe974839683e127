"""email-awaited-reply's world, served in this process: Dana answers a mail that reaches her,
however it was sent (a new mail, a draft sent, a reply with her in cc), and no mail to anyone
else; her correction comes on the first mail opened once her answer is in, not on a mail
opened before it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_task
from mock_services.registry import get_spec
from tests.helpers import ApiClient, expect

ROOT = Path(__file__).resolve().parents[2]
NAME = "email-awaited-reply"
TASK = ROOT / "tasks" / NAME
DANA = "dana.whitfield@northwind.example"
QUESTION = {"subject": "Call on Thursday", "body": "What time on Thursday suits you?"}


@pytest.fixture(params=[NAME])  # the task's name in each test's id
def mailbox(tmp_path: Path) -> Callable[[], ApiClient]:
    """The task's email service, seeded from its seed.json (its events), in the agent phase."""

    def start() -> ApiClient:
        document: dict[str, Any] = json.loads((TASK / "environment" / "seed.json").read_text())
        del document["calendar"]
        seed = tmp_path / "seed.json"
        seed.write_text(json.dumps(document))
        settings = Settings(data_dir=tmp_path / "mock-data")
        settings.data_dir.mkdir()
        seed_task({"email": get_spec("email")}, seed, settings)
        app = create_app(get_spec("email"), settings)
        token = admin_token_path(settings).read_text().strip()
        client = ApiClient("http://mail.test", token, app).login("alice", "alice-pass")
        expect(client.admin("POST", "/admin/world/start"), 200)
        return client

    return start


def fired(client: ApiClient) -> dict[str, int]:
    return {e["id"]: e["fired"] for e in expect(client.admin("GET", "/admin/world"), 200)["events"]}


def inbox(client: ApiClient) -> list[dict[str, Any]]:
    return expect(client.get("/api/messages", params={"folder": "inbox"}), 200)["items"]


def test_a_mail_to_ravi_brings_no_answer_a_draft_to_dana_does(
    mailbox: Callable[[], ApiClient],
) -> None:
    client = mailbox()
    to_ravi = {"to": ["ravi@example.test"], **QUESTION}
    expect(client.post("/api/messages/send", json=to_ravi), 201)
    assert fired(client) == {"dana-replies": 0, "dana-corrects": 0}, "Ravi's mail answered"
    draft = expect(client.post("/api/drafts", json={"to": [DANA], **QUESTION}), 201)
    expect(client.post(f"/api/drafts/{draft['id']}/send"), 201)
    assert fired(client) == {"dana-replies": 1, "dana-corrects": 0}


def test_a_reply_with_dana_in_cc_brings_her_answer(mailbox: Callable[[], ApiClient]) -> None:
    client = mailbox()
    ravis = next(m for m in inbox(client) if m["from_address"] == "ravi@example.test")
    body = {"cc": [DANA], "body": "Dana, what time on Thursday suits you for 30 minutes?"}
    expect(client.post(f"/api/messages/{ravis['id']}/reply", json=body), 201)
    assert fired(client)["dana-replies"] == 1


def test_her_correction_waits_for_a_mail_opened_after_her_answer(
    mailbox: Callable[[], ApiClient],
) -> None:
    client = mailbox()
    for message in inbox(client):  # the seeded mails, opened before asking
        expect(client.get(f"/api/messages/{message['id']}"), 200)
    assert fired(client) == {"dana-replies": 0, "dana-corrects": 0}, "a correction came early"
    expect(client.post("/api/messages/send", json={"to": [DANA], **QUESTION}), 201)
    (answer,) = [m for m in inbox(client) if m["from_address"] == DANA]
    assert fired(client)["dana-corrects"] == 0
    expect(client.get(f"/api/messages/{answer['id']}"), 200)
    assert fired(client) == {"dana-replies": 1, "dana-corrects": 1}
    hers = [m["subject"] for m in inbox(client) if m["from_address"] == DANA]
    assert sorted(hers) == ["Re: Call on Thursday", "Re: Call on Thursday - correction"]
