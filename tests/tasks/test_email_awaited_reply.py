"""email-awaited-reply's world, served in this process: Dana answers a mail that reaches her,
however it was sent (a new mail, a draft sent, a reply with her in cc), and no mail to anyone
else; her correction comes on the first mail opened once her answer is in, not on a mail
opened before it, however her answer's text is read (the red team of stop 50 read it in the
thread view, which brought no correction, and booked her first time for 1.0)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_task
from mock_services.registry import get_spec
from taskkit.stand_in_judge import host_judge
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect
from tests.mcp_session import McpSession
from tests.task_service import task_service, task_verifier

ROOT = Path(__file__).resolve().parents[2]
NAME = "email-awaited-reply"
TASK = ROOT / "tasks" / NAME
DANA = "dana.whitfield@northwind.example"
QUESTION = {"subject": "Call on Thursday", "body": "What time on Thursday suits you?"}


@pytest.fixture(params=[NAME])  # the task's name in each test's id
def mailbox(tmp_path: Path) -> Callable[[], ApiClient]:
    """The task's email service, seeded from its seed.json (its events), in the agent phase."""

    def start() -> ApiClient:
        return task_service(TASK, "email", tmp_path)

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


def _tool(client: ApiClient, tool: str, arguments: dict[str, Any]) -> str:
    result = McpSession(client).call(tool, arguments)
    assert not result.get("isError"), result
    return json.dumps(result["structuredContent"])


def _page(client: ApiClient, path: str, **params: Any) -> requests.Response:
    return as_browser(client.as_user("alice", "alice-pass")).get(path, params=params)


def _labelled(client: ApiClient, message_id: int) -> requests.Response:
    expect(client.post("/api/labels", json={"name": "Dana"}), 201)
    return client.post(f"/api/messages/{message_id}/labels", json={"name": "Dana"})


Reading = Callable[[ApiClient, dict[str, Any]], "requests.Response | str"]
READINGS: dict[str, Reading] = {
    "get_message": lambda c, m: c.get(f"/api/messages/{m['id']}"),
    "get_thread": lambda c, m: c.get(f"/api/threads/{m['thread_id']}"),
    "get_thread tool": lambda c, m: _tool(c, "get_thread", {"thread_id": m["thread_id"]}),
    "update_flags": lambda c, m: c.patch(f"/api/messages/{m['id']}", json={"read": True}),
    "add_label": lambda c, m: _labelled(c, m["id"]),
    "move_message": lambda c, m: c.post(
        f"/api/messages/{m['id']}/move", json={"folder": "archive"}
    ),
    "trash_message": lambda c, m: c.delete(f"/api/messages/{m['id']}"),
    "quoting reply": lambda c, m: c.post(
        f"/api/messages/{m['id']}/reply", json={"body": "Thanks!", "quote": True}
    ),
    "forward": lambda c, m: c.post(
        f"/api/messages/{m['id']}/forward", json={"to": ["ravi@example.test"]}
    ),
    "message page": lambda c, m: _page(c, f"/messages/{m['id']}"),
    "thread page": lambda c, m: _page(c, f"/threads/{m['thread_id']}"),
    "reply form": lambda c, m: _page(c, "/compose", mode="reply", source=m["id"]),
}


@pytest.mark.parametrize("reading", READINGS, ids=lambda name: name.replace(" ", "-"))
def test_every_way_of_reading_her_answer_brings_her_correction(
    mailbox: Callable[[], ApiClient], reading: str
) -> None:
    client = mailbox()
    expect(client.post("/api/messages/send", json={"to": [DANA], **QUESTION}), 201)
    (answer,) = [m for m in inbox(client) if m["from_address"] == DANA]
    assert "2:00 pm" not in answer["snippet"], "the listing shows her time: it must count too"
    shown = READINGS[reading](client, answer)
    if not isinstance(shown, str):
        assert shown.status_code < 400, f"{reading}: {shown.status_code} {shown.text[:300]}"
    text = shown if isinstance(shown, str) else shown.text
    assert "2:00 pm" in text, f"{reading} does not show her answer's text: {text[:300]}"
    assert fired(client) == {"dana-replies": 1, "dana-corrects": 1}, (
        f"her answer read by {reading} brought no correction"
    )


@pytest.mark.process  # runs the stand-in judge
@pytest.mark.parametrize("task", [NAME])  # the task's name in the test's id
def test_a_call_booked_with_no_correction_ever_come_fails_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, task: str
) -> None:
    """Her time guessed (or found some way no read shows it) and booked, her answer never read:
    the verifier says the correction never came, where it once expected 2:00 pm then."""
    settings = Settings(data_dir=tmp_path / "mock-data")
    settings.data_dir.mkdir()
    specs = {name: get_spec(name) for name in ("email", "calendar")}
    seed_task(specs, ROOT / "tasks" / task / "environment" / "seed.json", settings)
    apps = {name: create_app(spec, settings) for name, spec in specs.items()}  # makes the token
    token = admin_token_path(settings).read_text().strip()
    mail, calendar = (
        ApiClient(f"http://{name}.test", token, app).login("alice", "alice-pass")
        for name, app in apps.items()
    )
    for client in (mail, calendar):
        expect(client.admin("POST", "/admin/world/start"), 200)
    expect(mail.post("/api/messages/send", json={"to": [DANA], **QUESTION}), 201)
    call = {
        "title": "Northwind renewal call",
        "start": "2026-03-12T14:00:00",
        "end": "2026-03-12T14:30:00",
        "timezone": "America/New_York",
        "attendees": [{"email": DANA}],
    }
    expect(calendar.post("/api/events", json=call), 201)
    assert fired(mail) == {"dana-replies": 1, "dana-corrects": 0}
    monkeypatch.setenv("MOCK_DATA_DIR", str(settings.data_dir))
    with host_judge("127.0.0.1") as judge:  # the task's verifier needs its judge configured
        for name, value in judge.items():
            monkeypatch.setenv(name, value)
        outcome = task_verifier(TASK).verifier.evaluate()
    booked = outcome.scores["booked_at_her_time"]
    assert booked.score == 0 and "Dana's correction never came" in booked.detail, booked.detail
    assert outcome.reward is not None and outcome.reward < 0.5
