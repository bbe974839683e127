"""Expected changes field by field, process rules from the audit log, goal gates, --describe,
decoded diff rows and seed_time, on a real seeded service and real SQLite files."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.verify import (
    ANY,
    GOAL_CAP,
    Added,
    Changed,
    Removed,
    Verifier,
    all_calls_as,
    diff_service,
    expect_changes,
    never_called,
    never_performed,
    no_refused_calls,
    one_of,
    query,
    seed_time,
)
from tests.helpers import ApiClient

NOTES_REF = "tests.core.notes_service:SPEC"


def _act(data: Path) -> None:
    with ServiceProcess(NOTES_REF, free_port(), data) as process:
        client = ApiClient(process.url, process.admin_token).login("alice", "alice-pass")
        notes = {n["title"]: n["id"] for n in client.get("/api/notes").json()["items"]}
        assert client.post("/api/notes", json={"title": "Renew passport"}).status_code == 201
        assert client.delete(f"/api/notes/{notes['Pay rent']}").status_code in (200, 204)
        assert client.delete("/api/notes/999").status_code == 404


@pytest.mark.process  # runs a subprocess
def test_expected_changes_name_each_surprise(notes_data: Path) -> None:
    _act(notes_data)
    exact = [Added("notes", fields={"title": "Renew passport", "owner_id": ANY}, others=ANY)]
    exact.append(Removed("notes", match={"title": "Pay rent"}))
    assert expect_changes("notes", exact).ok
    wrong_title = [Added("notes", fields={"title": one_of("Buy milk")}, others=ANY), exact[1]]
    report = expect_changes("notes", wrong_title)
    assert [(s.table, s.field, s.end) for s in report.surprises] == [
        ("notes", "title", "Renew passport")
    ]
    nothing = expect_changes("notes")  # nothing expected: both changes are surprises
    assert {s.why for s in nothing.surprises} == {"an unexpected row", "an unexpected removal"}
    strict = expect_changes("notes", [Added("notes", fields={"title": ANY}), exact[1]])
    assert any("does not expect set" in s.why for s in strict.surprises)  # owner_id undeclared
    missing = expect_changes("notes", [*exact, Changed("notes", match={"title": "Buy milk"})])
    assert missing.missing and "expected 1, found 0" in missing.missing[0]
    with pytest.raises(TypeError, match="truthiness"):
        bool(missing)


def test_changed_rows_allow_only_declared_fields(notes_data: Path) -> None:
    with sqlite3.connect(notes_data / "notes.db") as conn:
        conn.execute(
            "UPDATE notes SET title = 'Buy oat milk', owner_id = 2 WHERE title = 'Buy milk'"
        )
    rule = Changed("notes", match={"title": "Buy milk"}, fields={"title": "Buy oat milk"})
    report = expect_changes("notes", [rule])
    assert [(s.field, s.seed, s.end) for s in report.surprises] == [("owner_id", 1, 2)]
    assert report.as_result().score == 0 and "owner_id" in report.as_result().detail


@pytest.mark.process  # runs a subprocess
def test_process_rules_see_what_the_end_state_hides(notes_data: Path) -> None:
    _act(notes_data)
    assert (
        never_called("notes", "POST /api/notes")
        .problems[0]
        .startswith("call 1 create_note (POST /api/notes via http) -> 201 as alice")
    )
    assert never_performed("notes", "create_note").problems == (
        never_called("notes", "POST /api/notes").problems
    )
    assert len(never_performed("notes", "delete_note").problems) == 2  # the refused one too
    assert never_called("notes", "PUT /api/notes/*").ok
    refused = no_refused_calls("notes")
    assert len(refused.problems) == 1 and "-> 404" in refused.problems[0]
    assert no_refused_calls("notes", except_routes=["DELETE /api/notes/*"]).ok
    assert all_calls_as("notes", "alice").ok
    assert not all_calls_as("notes", "bob").ok
    with pytest.raises(ValueError, match="only mutating"):
        never_called("notes", "GET /api/notes")


def test_diff_rows_carry_decoded_json(notes_data: Path) -> None:
    with sqlite3.connect(notes_data / "notes.db") as conn:
        conn.execute(
            "INSERT INTO _undelivered_mail (email_url, recipients, subject, reason) "
            "VALUES ('http://x', '[\"bob@example.test\", \"carol@example.test\"]', 's', 'r')"
        )
    (row,) = diff_service("notes").added("_undelivered_mail")
    assert row["recipients"] == ["bob@example.test", "carol@example.test"]
    (selected,) = query("notes", "SELECT recipients, subject FROM _undelivered_mail")
    assert selected == {"recipients": ["bob@example.test", "carol@example.test"], "subject": "s"}
    (raw,) = query("notes", "SELECT recipients || '' AS text FROM _undelivered_mail")
    assert raw["text"].startswith('["bob')  # an expression over the column stays text
    with sqlite3.connect(notes_data / "notes.db") as conn:
        conn.execute("CREATE TABLE extra (day DATE, recipients TEXT)")
        conn.execute("INSERT INTO extra VALUES ('2026-03-11', '[\"x\"]')")
    (extra,) = query("notes", "SELECT day, recipients FROM extra")
    # a date stays text; a name that is JSON in one table and text in another is not decoded
    assert extra == {"day": "2026-03-11", "recipients": '["x"]'}


def test_seed_time_reads_the_seeded_clock(notes_data: Path) -> None:
    clock = seed_time("notes")
    assert clock.now.tzinfo is not None
    assert clock.day("+1d") > clock.now.astimezone(clock.timezone).date()


def _verifier(goal_score: float) -> Verifier:
    verifier = Verifier("t")
    verifier.add("goal", lambda: goal_score, weight=3, rationale="the goal", goal=True)
    verifier.add("tidy", lambda: 1.0, weight=1, rationale="nothing else")
    verifier.add("half", lambda: 0.5, weight=1, rationale="partly")
    return verifier


def test_a_missed_goal_caps_the_reward_below_the_pass_line() -> None:
    assert _verifier(1.0).evaluate().reward == pytest.approx((3 + 1 + 0.5) / 5)
    capped = _verifier(0.9).evaluate()
    assert capped.reward == pytest.approx(GOAL_CAP * 0.75) and capped.goals_missed == ["goal"]
    assert capped.rewards("t")["_meta_goals_missed"] == ["goal"]
    assert GOAL_CAP < 0.5


@pytest.mark.process  # runs a subprocess
def test_describe_prints_checkpoints_without_scoring(tmp_path: Path) -> None:
    script = tmp_path / "verify.py"
    script.write_text(
        "from mock_services.verify import Verifier\n"
        "v = Verifier('t')\n"
        "@v.checkpoint(weight=2, goal=True, rationale='why')\n"
        "def done() -> bool:\n    raise SystemExit('scored!')\n"
        "v.main()\n"
    )
    done = subprocess.run(
        [sys.executable, str(script), "--describe"], capture_output=True, text=True, check=True
    )
    described = json.loads(done.stdout)
    assert described["checkpoints"] == [
        {"name": "done", "weight": 2, "goal": True, "rationale": "why"}
    ]
