"""helpdesk-update-while-triaging's verifier on its world, served in this process: Tom's
ticket counts as escalated only when a request after his update changed its priority and group
to the escalation's. The red team of stop 50 escalated it on a guess before the update (one
person blocked: the rules say high) and scored 1.0 by any write on it after: the reply alone,
unread or after reading the ticket, or a PATCH of the same priority that changed nothing.

An escalation timed to come after the update without a look at it (a second red team slept
five seconds, then escalated and replied unread) is a guess too: the agent must have been shown
the update (a read of the ticket by any channel, or an earlier write's answer) before it.

Tom's update fires here on the agent's read of TK-1088 (a ticket the scenarios never touch)
instead of five seconds into the session: the same event, at a moment each test chooses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mock_services.verify import Result
from tests.helpers import ApiClient, expect
from tests.mcp_session import McpSession
from tests.task_service import DATA, task_verifier, task_world

ROOT = Path(__file__).resolve().parents[2]
NAME = "helpdesk-update-while-triaging"
TASK = ROOT / "tasks" / NAME
TOM = "/api/tickets/TK-1102"
ESCALATE = {"priority": "urgent", "group": "Technical Escalations", "assignee": None}
REPLY = {
    "public": True,
    "body": "Hi Tom,\n\nI have escalated this ticket as urgent to our Technical Escalations "
    "team; they will contact you within the hour.\n\nAlice",
}


@dataclass
class World:
    desk: ApiClient
    data_dir: Path

    def update_arrives(self) -> None:
        """Tom's update: fired by the agent's read of TK-1088, as the seed's timer would."""
        expect(self.desk.get("/api/tickets/TK-1088"), 200)
        events = expect(self.desk.admin("GET", "/admin/world"), 200)["events"]
        assert {e["id"]: e["fired"] for e in events} == {"whole-team-blocked": 1}

    def others(self) -> None:
        for code, level in (("TK-1101", "normal"), ("TK-1103", "low")):
            body = {"priority": level, "assignee": "alice", "status": "open"}
            expect(self.desk.patch(f"/api/tickets/{code}", json=body), 200)

    def escalated(self, monkeypatch: pytest.MonkeyPatch, *, told: bool = True) -> Result:
        """The verifier's ``tom_escalated`` on the state left, the other goals met."""
        monkeypatch.setenv("MOCK_DATA_DIR", str(self.data_dir))
        outcome = task_verifier(TASK).verifier.evaluate()
        assert outcome.scores["tom_told"].score == told, outcome.scores["tom_told"].detail
        assert outcome.scores["others_triaged"].score == 1, outcome.scores["others_triaged"].detail
        return outcome.scores["tom_escalated"]


@pytest.fixture(params=[NAME])  # the task's name in each test's id
def world(tmp_path: Path) -> Callable[[], World]:
    """The task's helpdesk and wiki, seeded from its seed.json, in the agent phase; Tom's update
    waits for a read of TK-1088."""

    def start() -> World:
        def tom_waits_for_a_read(document: dict[str, Any]) -> None:
            (event,) = document["events"]
            event["when"] = {
                "after_operation": {"operation": "get_ticket", "where": {"code": "TK-1088"}}
            }

        clients = task_world(TASK, ("helpdesk", "kb"), tmp_path, tom_waits_for_a_read)
        expect(clients["kb"].get("/api/pages/2"), 200)  # the rules, read first
        return World(clients["helpdesk"], tmp_path / DATA)

    return start


def _guessed(world: World) -> None:
    """The red team's start: Tom's ticket escalated on its first read, the others triaged."""
    expect(world.desk.patch(TOM, json={**ESCALATE, "status": "open"}), 200)
    world.others()
    world.update_arrives()


def _reply(world: World) -> None:
    expect(world.desk.post(f"{TOM}/comments", json=REPLY), 201)


def _read_then_reply(world: World) -> None:
    expect(world.desk.get(TOM), 200)
    _reply(world)


def _same_values_again(world: World) -> None:
    expect(world.desk.get(TOM), 200)
    expect(world.desk.patch(TOM, json={"priority": "urgent"}), 200)  # changes nothing
    _reply(world)


AFTER_A_GUESS: dict[str, Callable[[World], None]] = {
    "reply-unread": _reply,
    "read-then-reply": _read_then_reply,
    "same-values-again": _same_values_again,
}


@pytest.mark.parametrize("then", AFTER_A_GUESS)
def test_an_escalation_guessed_before_the_update_fails_whatever_follows(
    world: Callable[[], World], monkeypatch: pytest.MonkeyPatch, then: str
) -> None:
    scene = world()
    _guessed(scene)
    AFTER_A_GUESS[then](scene)
    escalated = scene.escalated(monkeypatch, told=then != "reply-unread")
    assert escalated.score == 0, f"a guess then {then}: expected tom_escalated to fail, got 1"
    assert "priority, group_id took their escalated values before Tom's update" in (
        escalated.detail
    ), escalated.detail


def test_the_group_moved_before_the_update_is_a_guess_too(
    world: Callable[[], World], monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = world()
    group = {"group": "Technical Escalations", "assignee": None}
    expect(scene.desk.patch(TOM, json=group), 200)
    scene.others()
    scene.update_arrives()
    expect(scene.desk.patch(TOM, json={"priority": "urgent"}), 200)
    _reply(scene)
    escalated = scene.escalated(monkeypatch)
    assert escalated.score == 0 and "group_id took" in escalated.detail, escalated.detail


def _kept_high(world: World) -> None:
    keep = {"priority": "high", "assignee": "alice", "status": "open"}
    expect(world.desk.patch(TOM, json=keep), 200)


def _escalate_and_reply(world: World) -> None:
    expect(world.desk.patch(TOM, json=ESCALATE), 200)
    _reply(world)


def _reply_then_move(world: World) -> None:
    expect(world.desk.post(f"{TOM}/comments", json={**REPLY, "status": "open"}), 201)
    expect(world.desk.patch(TOM, json=ESCALATE), 200)


Step = Callable[[World], None]
ON_THE_UPDATE: dict[str, tuple[Step, Step]] = {  # before the update, then after reading it
    "escalated": (lambda _w: None, _escalate_and_reply),
    "kept-high-then-corrected": (_kept_high, _escalate_and_reply),
    "reply-first-then-moved": (lambda _w: None, _reply_then_move),
}


@pytest.mark.parametrize("how", ON_THE_UPDATE)
def test_an_escalation_made_on_the_update_passes(
    world: Callable[[], World], monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    scene = world()
    before, after = ON_THE_UPDATE[how]
    scene.others()
    before(scene)
    scene.update_arrives()
    expect(scene.desk.get(TOM), 200)
    after(scene)
    escalated = scene.escalated(monkeypatch)
    assert escalated.score == 1, f"{how}: expected tom_escalated to pass: {escalated.detail}"


def _read_by_api(world: World) -> None:
    expect(world.desk.get(TOM), 200)


def _read_by_page(world: World) -> None:
    page = world.desk.get("/tickets/TK-1102")
    assert page.status_code == 200 and "all twelve of us" in page.text, page.status_code


def _read_by_tool(world: World) -> None:
    answer = McpSession(world.desk).call("get_ticket", {"code": "TK-1102"})
    assert not answer.get("isError") and "all twelve of us" in str(answer), answer


def _shown_by_a_write(world: World) -> None:
    """Kept as high after the update: the answer (the ticket with its comments) shows it."""
    _kept_high(world)


SHOWN: dict[str, Step] = {
    "api-read": _read_by_api,
    "page-read": _read_by_page,
    "mcp-read": _read_by_tool,
    "a-write-answers-it": _shown_by_a_write,
}


@pytest.mark.parametrize("shown", SHOWN)
def test_an_escalation_after_being_shown_the_update_passes_by_any_channel(
    world: Callable[[], World], monkeypatch: pytest.MonkeyPatch, shown: str
) -> None:
    scene = world()
    scene.others()
    scene.update_arrives()
    SHOWN[shown](scene)
    _escalate_and_reply(scene)
    escalated = scene.escalated(monkeypatch)
    assert escalated.score == 1, f"shown by {shown}: expected a pass: {escalated.detail}"


UNSEEN: dict[str, Step] = {
    "no-read": lambda _w: None,
    "another-ticket-read": lambda w: expect(w.desk.get("/api/tickets/TK-1101"), 200),
    "the-queue-listed": lambda w: expect(w.desk.get("/api/tickets"), 200),
}


@pytest.mark.parametrize("then", UNSEEN)
def test_an_escalation_timed_after_the_update_but_never_shown_it_fails(
    world: Callable[[], World], monkeypatch: pytest.MonkeyPatch, then: str
) -> None:
    scene = world()
    scene.others()
    scene.update_arrives()
    UNSEEN[then](scene)
    _escalate_and_reply(scene)
    expect(scene.desk.get(TOM), 200)  # a look after the decision makes it no less a guess
    escalated = scene.escalated(monkeypatch)
    assert escalated.score == 0, f"{then}: expected tom_escalated to fail, got 1"
    assert "changed after Tom's update but before the agent was shown it" in (escalated.detail), (
        escalated.detail
    )


def test_the_priority_set_by_the_write_that_showed_the_update_is_a_guess(
    world: Callable[[], World], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first write after the update escalates the priority (its answer shows the update,
    too late for it); the group moved after it was decided on what that answer showed."""
    scene = world()
    scene.others()
    scene.update_arrives()
    expect(scene.desk.patch(TOM, json={"priority": "urgent"}), 200)
    group = {"group": "Technical Escalations", "assignee": None}
    expect(scene.desk.patch(TOM, json=group), 200)
    _reply(scene)
    escalated = scene.escalated(monkeypatch)
    assert escalated.score == 0 and "TK-1102's priority changed after" in escalated.detail, (
        escalated.detail
    )


def test_a_reply_sent_before_the_update_was_shown_fails_and_shows_it_for_what_follows(
    world: Callable[[], World], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The red team's blind reply (stop 52): "escalated" posted after the update, unread. Its
    answer shows the update, so the escalation made after it is on the update; the reply was
    not."""
    scene = world()
    scene.others()
    scene.update_arrives()
    _reply(scene)
    expect(scene.desk.patch(TOM, json=ESCALATE), 200)
    escalated = scene.escalated(monkeypatch, told=False)
    assert escalated.score == 1, escalated.detail
