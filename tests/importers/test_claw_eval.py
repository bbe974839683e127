"""claw-eval on real upstream records: every record accounted for, why a record cannot run here,
the frozen clock against the prompt's own relative dates, the tool table, the oracle's calls from
``expected_actions`` (really performed on our services), refusals by field; and the whole pinned
set when its checkout is on this machine."""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import yaml

from taskkit.importers import claw_eval, claw_eval_grading
from taskkit.importers.base import ImportLog, RecordContext
from taskkit.importers.claw_eval_oracle import ACTION_KEYS, solutions
from taskkit.importers.model import ImportedTask, OracleCall
from tests.helpers import namespaces_allowed
from tests.importers.conftest import FIXTURES, import_fixture

SAMPLE = FIXTURES / "claw-eval"
UPSTREAM = Path(os.environ.get("CLAW_EVAL_CHECKOUT", "/work/upstream/claw-eval"))
needs_upstream = pytest.mark.skipif(
    not (UPSTREAM / "tasks").is_dir(), reason=f"no claw-eval checkout at {UPSTREAM}"
)
RUNNABLE = {
    "M001_clock",
    "T001zh_email_triage",
    "T002_email_triage",
    "T003zh_calendar_scheduling",
    "T004_calendar_scheduling",
    "T007zh_todo_management",
    "T029zh_cross_service_meeting",
    "T113zh_meeting_preparation",
    "T017zh_ticket_triage",
    "C01zh_mortgage_prepay",  # its simulated user: a model persona on email
}
NOT_RUNNABLE = {
    "T013zh_meeting_notes": "expected action notes.shared has no counterpart here "
    "(notes_share: notes cannot be shared here)",
    "T105zh_job_failure_triage": "needs scheduler: no such service here",
}


def _by_id(tasks: list[ImportedTask]) -> dict[str, ImportedTask]:
    return {t.provenance.source_id: t for t in tasks}


def _rows(record_dir: Path, service: str) -> list[dict[str, Any]]:
    return [
        r
        for f in sorted((record_dir / "fixtures" / service).glob("*.json"))
        for r in json.loads(f.read_text())
    ]


def _local_now(task: ImportedTask) -> datetime:
    return datetime.fromisoformat(task.now.replace("Z", "+00:00")).astimezone(
        ZoneInfo(task.timezone)
    )


def _day(value: str, task: ImportedTask) -> date:
    moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return (moment if moment.tzinfo else moment.replace(tzinfo=ZoneInfo("UTC"))).date()


# --- accounting ---------------------------------------------------------------------------


def test_every_sample_record_is_imported_runnable_or_with_its_reason(imported) -> None:
    out, result = imported["claw-eval"]
    assert result.log.records == 12 and result.log.refusals == [] and result.unaccounted == 0
    tasks = _by_id(result.tasks)
    assert {i for i, t in tasks.items() if not t.not_runnable} == RUNNABLE
    assert {i: t.not_runnable for i, t in tasks.items() if t.not_runnable} == NOT_RUNNABLE
    for source_id, task in tasks.items():
        assert (out / "tasks" / task.id / "task.toml").is_file(), source_id
        if task.not_runnable:
            assert task.services == {}, f"{source_id}: a task that cannot run seeds nothing"
    manifest = json.loads((out / "import-manifest.json").read_text())["sources"]["claw-eval"]
    assert {m["source_id"] for m in manifest["not_runnable_here"]} == set(NOT_RUNNABLE)


def test_licence_is_unverified_on_every_task(imported) -> None:
    out, result = imported["claw-eval"]
    manifest = json.loads((out / "import-manifest.json").read_text())["sources"]["claw-eval"]
    assert manifest["license"] == "unverified" and "no LICENSE file" in manifest["license_note"]
    flagged = [w for w in result.log.warnings if w.field == "license"]
    assert sorted(w.task for w in flagged) == sorted(t.id for t in result.tasks)
    assert not any(w.lossy for w in flagged)


@pytest.mark.parametrize(
    ("field", "lossy"),
    [
        ("user_agent", True),
        ("services", True),
        ("environment.max_turns", True),
        ("tools[i] notes_share", True),
        ("tools[i] calendar_get_user_events", True),
        ("tools[i] contacts_search.department", True),
        ("fixtures/calendar attendees", True),
        ("now", False),
        ("license", False),
        ("prompt.language", False),
        ("fixtures/gmail message_id", False),
        ("fixtures/todo status", False),
    ],
)
def test_warnings_say_whether_they_are_lossy(field: str, lossy: bool, imported) -> None:
    _out, result = imported["claw-eval"]
    hits = [w for w in result.log.warnings if re.sub(r"\[\d+\]", "[i]", w.field) == field]
    assert hits, f"no warning on {field}: {sorted({w.field for w in result.log.warnings})}"
    assert {w.lossy for w in hits} == {lossy}, hits


def test_input_files_are_carried_into_the_workspace(imported, fixture_copy, tmp_path) -> None:
    out, result = imported["claw-eval"]
    clock = _by_id(result.tasks)["M001_clock"]
    written = out / "tasks" / clock.id / "environment/workspace/fixtures/config.json"
    upstream = FIXTURES / "claw-eval/M001_clock/fixtures/config.json"
    assert written.read_bytes() == upstream.read_bytes()
    assert (
        "/workspace/fixtures/config.json"
        in (out / "tasks" / clock.id / "instruction.md").read_text()
    )
    folder = fixture_copy("claw-eval")
    (folder / "M001_clock/fixtures/config.json").unlink()  # as upstream's git leaves out videos
    again = _by_id(import_fixture("claw-eval", tmp_path / "again", folder).tasks)["M001_clock"]
    assert again.not_runnable == "input files absent from the checkout (fixtures/config.json)"
    warned = [w for w in result.log.warnings if w.field == "sandbox_files"]
    assert warned == []  # present inputs are no loss


# --- the clock ----------------------------------------------------------------------------


def test_now_makes_tomorrow_the_day_of_the_meetings(imported) -> None:
    task = _by_id(imported["claw-eval"][1].tasks)["T113zh_meeting_preparation"]
    assert "明天" in task.instruction
    days = {
        _day(r["start_time"], task)
        for r in _rows(SAMPLE / "T113zh_meeting_preparation", "calendar")
    }
    assert days == {_local_now(task).date() + timedelta(days=1)}, (task.now, days)
    assert task.timezone == "Etc/GMT-8" and _local_now(task).hour == 9


def test_now_leaves_every_mail_in_the_past_and_the_asked_day_ahead(imported) -> None:
    tasks = _by_id(imported["claw-eval"][1].tasks)
    for source_id in ("T002_email_triage", "T029zh_cross_service_meeting"):
        task = tasks[source_id]
        now = _local_now(task)
        mails = [
            datetime.fromisoformat(r["date"].replace("Z", "+00:00"))
            for r in _rows(SAMPLE / source_id, "gmail")
        ]
        assert max(mails) < now <= max(mails) + timedelta(days=1, hours=12), (source_id, task.now)
    assert _local_now(tasks["T029zh_cross_service_meeting"]).date() < date(
        2026, 3, 4
    )  # the prompt's Wednesday 2026-03-04
    for source_id in (
        "T003zh_calendar_scheduling",
        "T004_calendar_scheduling",
    ):  # 2026-03-02 (Monday)
        assert _local_now(tasks[source_id]).date() == date(2026, 3, 1), tasks[source_id].now


def test_now_makes_some_open_tasks_overdue_and_some_not(imported) -> None:
    task = _by_id(imported["claw-eval"][1].tasks)["T007zh_todo_management"]
    assert "过期" in task.instruction
    today = _local_now(task).date()
    open_due = [
        date.fromisoformat(r["due_date"])
        for r in _rows(SAMPLE / "T007zh_todo_management", "todo")
        if r["status"] != "completed" and r.get("due_date")
    ]
    assert any(d < today for d in open_due) and any(d >= today for d in open_due), (today, open_due)


# --- tools --------------------------------------------------------------------------------


def test_upstream_tools_are_aliases_of_ours(imported) -> None:
    out, _result = imported["claw-eval"]
    seed = json.loads(
        (out / "tasks/claw-eval-t029zh-cross-service-meeting/environment/seed.json").read_text()
    )
    email, calendar = seed["email"]["mcp"], seed["calendar"]["mcp"]
    assert email["aliases"]["gmail_save_draft"]["tool"] == "create_draft"
    assert email["aliases"]["contacts_search"] == {
        "tool": "list_contacts",
        "description": email["aliases"]["contacts_search"]["description"],
        "arguments": {"query": "q"},
    }
    assert calendar["aliases"]["calendar_get_user_events"]["arguments"] == {
        "user": "q",
        "date": "start",
    }
    assert calendar["aliases"]["calendar_create_event"]["arguments"] == {
        "start_time": "start",
        "end_time": "end",
    }
    assert email["tools"][0] == "login" and "gmail_send_message" in email["tools"]
    todo = json.loads(
        (out / "tasks/claw-eval-t007zh-todo-management/environment/seed.json").read_text()
    )
    assert todo["todolist"]["mcp"]["tools"] == [
        "login",
        "todo_list_tasks",
        "todo_update_task",
        "todo_create_task",
        "todo_delete_task",
        "complete_task",
    ]
    config = (out / "tasks/claw-eval-t029zh-cross-service-meeting/task.toml").read_text()
    assert 'url = "http://127.0.0.1:5001/mcp"' in config


def test_every_declared_tool_is_offered_or_named_in_a_lossy_warning(imported) -> None:
    _out, result = imported["claw-eval"]
    lossy = {(w.task, w.field) for w in result.log.warnings if w.lossy}
    for task in result.tasks:
        for index, tool in enumerate(task.tools):
            if tool.backed_by is None and tool.name not in claw_eval.SHELL_TOOLS:
                assert (task.id, f"tools[{index}] {tool.name}") in lossy, (task.id, tool.name)


# --- the oracle ---------------------------------------------------------------------------


def _actions(task: ImportedTask) -> list[OracleCall]:
    return [c for c in task.oracle.calls if c.method != "GET"]


def test_the_oracle_reads_first_as_a_careful_agent_does(imported) -> None:
    tasks = _by_id(imported["claw-eval"][1].tasks)
    calls = [(c.method, c.path) for c in tasks["T003zh_calendar_scheduling"].oracle.calls]
    reads = [path for method, path in calls if method == "GET"]
    assert reads[0] == "/api/events" and reads.count("/api/events") == 1, (
        f"expected the listing once, first (two upstream tools share it), got {reads}"
    )
    assert {f"/api/events/{n}" for n in range(1, 8)} <= set(reads), f"each event opened: {reads}"
    assert calls[-1] == ("POST", "/api/events"), f"expected the action after the reads: {calls}"


def test_expected_actions_become_calls_on_our_api(imported) -> None:
    tasks = _by_id(imported["claw-eval"][1].tasks)
    [event] = _actions(tasks["T003zh_calendar_scheduling"])
    assert (event.service, event.method, event.path) == ("calendar", "POST", "/api/events")
    assert (
        event.body
        and event.body["start"] == "2026-03-02T14:30:00Z"
        and "李明, 王芳" in event.body["description"]
    )
    merges = _actions(tasks["T007zh_todo_management"])
    assert [(c.method, c.path) for c in merges] == [
        ("POST", "/api/tasks/2/complete"),
        ("POST", "/api/tasks/6/complete"),
    ]
    event, draft = _actions(tasks["T029zh_cross_service_meeting"])
    assert [a["email"] for a in event.body["attendees"]] == [
        "zhaolei@company.com",
        "liming@company.com",
        "director@partner-corp.com",
    ]
    assert (draft.path, draft.body["to"], draft.body["reply_to_message_id"]) == (
        "/api/drafts",
        ["director@partner-corp.com"],
        1,
    )
    for source_id, task in tasks.items():
        record = yaml.safe_load((SAMPLE / source_id / "task.yaml").read_text())
        if not task.not_runnable and any(a["required"] for a in record["expected_actions"]):
            assert task.oracle.calls, source_id
            assert len(task.wrong) >= 2 and all(w != task.oracle for w in task.wrong.values())


TRIAGED = (1001, 1003, 1006, 1002, 1008, 1005, 1004, 1007, 1009, 1010)


def test_helpdesk_tickets_keep_their_codes_and_take_our_priorities(imported) -> None:
    task = _by_id(imported["claw-eval"][1].tasks)["T017zh_ticket_triage"]
    seed = task.services["helpdesk"]
    upstream = _rows(SAMPLE / "T017zh_ticket_triage", "helpdesk")
    assert [t["id"] for t in seed["tickets"]] == [int(r["ticket_id"][3:]) for r in upstream]
    priorities = [
        (r["priority"], t["priority"]) for r, t in zip(upstream, seed["tickets"], strict=True)
    ]
    assert set(priorities) == {("", "normal"), ("low", "low")}, priorities
    reporters = {r["reporter"] for r in upstream}
    assert {r["name"] for r in seed["requesters"]} == reporters
    [user] = seed["users"]
    assert (user["username"], user["role"]) == ("user", "admin"), "the login sees every ticket"
    reads = [c.path for c in task.oracle.calls if c.method == "GET"]
    assert reads[0] == "/api/tickets" and {f"/api/tickets/TK-{n}" for n in TRIAGED} <= set(reads)
    aliases = seed["mcp"]["aliases"]
    assert aliases["helpdesk_get_ticket"] == {
        "tool": "get_ticket",
        "description": aliases["helpdesk_get_ticket"]["description"],
        "arguments": {"ticket_id": "code"},
    }


def test_crm_customers_become_accounts_with_their_people_and_history() -> None:
    rows = [
        {
            "customer_id": "CUS-901",
            "name": "Dingxin Software",
            "tier": "VIP",
            "status": "active",
            "contract_end": "2026-04-15",
            "annual_revenue": 960000,
            "industry": "Software",
            "sales_rep": "Zhao Lei",
            "contact_person": "Li Na",
            "email": "lina@dingxin.example",
            "sla_level": "platinum",
            "sla_response": "4-hour onsite response",
            "contract_amount": 85000,
            "recent_interactions": [
                {"date": "2026-02-20", "type": "inquiry", "channel": "email", "notes": "Asked"},
                {"date": "2026-02-27", "type": "complaint", "channel": "电话", "notes": "Angry"},
            ],
        },
        {"customer_id": "SUP-12", "name": "Parts Co", "type": "supplier", "tier": "standard"},
    ]
    document: dict = {}
    log = ImportLog()
    ctx = RecordContext("claw-eval", claw_eval.pins()["claw-eval"], log, "x/task.yaml", "x")
    ids: dict = {}
    claw_eval._crm(document, rows, ctx, ids, claw_eval.Dates())
    vip, supplier = document["accounts"]
    assert (vip["code"], vip["tier"], vip["owner"], vip["contract_end"]) == (
        "CUS-901",
        "vip",
        "zhao.lei",
        "2026-04-15",
    )
    assert vip["sla"] == "platinum: 4-hour onsite response"
    assert "Contract amount: 85000" in vip["notes"]
    assert (supplier["account_type"], supplier["owner"]) == ("supplier", "user")
    [rep] = document["users"]
    assert (rep["username"], rep["display_name"], rep["role"]) == ("zhao.lei", "Zhao Lei", "rep")
    [contact] = document["contacts"]
    assert (contact["first_name"], contact["last_name"], contact["account"]) == (
        "Li",
        "Na",
        "CUS-901",
    )
    assert [(a["kind"], a["subject"]) for a in document["activities"]] == [
        ("email", "inquiry"),
        ("call", "complaint"),
    ]
    assert ids["crm"] == {"CUS-901": "CUS-901", "SUP-12": "SUP-12"}
    assert [w.field for w in log.warnings if w.lossy] == ["fixtures/crm"]


def _mapped(mapper, rows: list[dict]) -> tuple[dict, dict, ImportLog, claw_eval.Dates]:
    document: dict = {}
    log = ImportLog()
    ctx = RecordContext("claw-eval", claw_eval.pins()["claw-eval"], log, "x/task.yaml", "x")
    ids: dict = {}
    dates = claw_eval.Dates()
    mapper(document, rows, ctx, ids, dates)
    return document, ids, log, dates


def test_finance_transactions_land_on_one_account_per_currency_with_their_details() -> None:
    rows = [
        {
            "transaction_id": "TXN-601",
            "date": "2026-03-10",
            "amount": 240000.0,
            "currency": "CNY",
            "customer_id": "CUS-601",
            "customer_name": "Zhonghe Group",
            "type": "Monthly service fee",
            "category": "Sales Revenue",
            "description": "Feb fee incl. add-on",
            "status": "completed",
        },
        {
            "transaction_id": "TXN-604",
            "date": "2026-03-12",
            "amount": -50000.0,
            "currency": "CNY",
            "type": "Refund",
            "description": "Outage compensation",
            "status": "pending",
        },
        {
            "transaction_id": "txn_9",
            "date": "2026-03-01",
            "amount": 45.0,
            "merchant": "Didi Ride",
            "category": "",
            "description": "Taxi",
            "status": "cancelled",
            "cancel_reason": "dup",
        },
    ]
    document, ids, log, dates = _mapped(claw_eval._finance, rows)
    [account] = document["accounts"]
    assert (account["owner"], account["currency"], account["opened_on"]) == (
        "user",
        "CNY",
        "2026-03-01",
    )
    first, refund, taxi = account["transactions"]
    assert ids["finance"] == {"TXN-601": 1, "TXN-604": 2, "txn_9": 3}
    assert (first["id"], first["amount"], first["merchant"], first["category"]) == (
        1,
        240000.0,
        "Zhonghe Group",
        "Sales Revenue",
    )
    assert "Customer id: CUS-601" in first["memo"] and first["status"] == "posted"
    assert (refund["category"], refund["status"], refund["amount"]) == (
        "Refund",
        "pending",
        -50000.0,
    )
    assert taxi["status"] == "posted" and "Status: cancelled" in taxi["memo"]
    assert "category" not in taxi and "Cancel reason: dup" in taxi["memo"]
    assert {c["name"] for c in document["categories"]} == {"Sales Revenue", "Refund"}
    assert {m["name"] for m in document["merchants"]} == {"Zhonghe Group", "Didi Ride"}
    assert max(dates.past).date().isoformat() == "2026-03-12"
    assert [w.field for w in log.warnings if w.lossy] == ["fixtures/finance"]


def test_kb_articles_become_pages_in_a_space_per_category() -> None:
    rows = [
        {
            "article_id": "KB-201",
            "title": "VPN setup",
            "category": "IT Support",
            "tags": ["VPN", "remote work", "远程"],
            "content": "Install GlobalProtect.",
            "last_updated": "2026-03-10",
            "views": 892,
        },
        {
            "article_id": "KB-202",
            "title": "vpn SETUP",
            "category": "IT Support",
            "tags": [],
            "content": "Old FortiClient steps.",
            "last_updated": "2026-01-05",
            "views": 3,
        },
        {
            "article_id": "KB-203",
            "title": "报销制度",
            "category": "财务",
            "tags": [],
            "content": "餐费上限",
            "last_updated": "2026-02-01",
            "views": 1,
        },
    ]
    document, ids, log, _ = _mapped(claw_eval._kb, rows)
    assert document["spaces"] == [
        {"key": "ITSUPPORT", "name": "IT Support"},
        {"key": "KB1", "name": "财务"},
    ]
    vpn, old, money = document["pages"]
    assert ids["kb"] == {"KB-201": 1, "KB-202": 2, "KB-203": 3}
    assert (vpn["id"], vpn["space"], vpn["labels"], vpn["author"]) == (
        1,
        "ITSUPPORT",
        ["remote-work", "vpn"],
        "user",
    )
    assert "Tags: 远程" in vpn["body"] and "Views: 892" in vpn["body"]
    assert old["title"] == "vpn SETUP (KB-202)", "titles are unique per space, any case"
    assert money["space"] == "KB1" and money["updated_at"].startswith("2026-02-01")
    assert [w.field for w in log.warnings if w.lossy] == ["fixtures/kb"]


def test_inventory_products_keep_their_ids_as_skus_with_stock_in_their_bins() -> None:
    rows = [
        {
            "product_id": "ITEM-1101",
            "name": "Router X1",
            "category": "Network Equipment",
            "quantity": 0,
            "unit": "台",
            "unit_cost": 3000.0,
            "location": "仓库A-01",
            "reorder_level": 50,
            "supplier": "Supplier A",
            "notes": "stock cleared",
        },
        {
            "product_id": "SKU-002",
            "name": "USB-C cable",
            "category": "Accessories",
            "current_stock": 450,
            "min_stock_threshold": 100,
            "unit_price": 29.9,
            "unit": "boxes",
            "supplier": "Supplier A",
            "lead_time_days": 3,
        },
    ]
    document, ids, log, _ = _mapped(claw_eval._inventory, rows)
    router, cable = document["products"]
    assert ids["inventory"] == {"ITEM-1101": "ITEM-1101", "SKU-002": "SKU-002"}
    assert (router["unit"], router["cost"], router["reorder_point"]) == ("each", 3000.0, 50)
    assert (cable["unit"], cable["price"], cable["reorder_point"]) == ("box", 29.9, 100)
    assert document["stock"] == [
        {"sku": "ITEM-1101", "bin": "MAIN-A-01", "on_hand": 0},
        {"sku": "SKU-002", "bin": "MAIN-STOCK", "on_hand": 450},
    ]
    [warehouse] = document["warehouses"]
    assert [b["code"] for b in warehouse["bins"]] == ["MAIN-A-01", "MAIN-STOCK"]
    [supplier] = document["suppliers"]
    assert (supplier["name"], supplier["lead_time_days"]) == ("Supplier A", 7)
    [warning] = [w for w in log.warnings if w.lossy]
    assert warning.field == "fixtures/inventory" and "notes" in warning.default


def test_a_shared_route_reports_the_record_s_own_argument_name() -> None:
    """calendar_list_events takes date or start_date upstream, both our start: the grader
    reads the one the record declares."""
    task_yaml = {
        "tools": [
            {
                "name": "calendar_list_events",
                "input_schema": {"properties": {"date": {"type": "string"}}},
            }
        ]
    }
    [route] = claw_eval_grading._routes(task_yaml)
    assert route.arguments["start"] == "date"


def test_the_written_solutions_use_only_mapped_tools_and_real_action_keys() -> None:
    for record_id, solution in solutions().items():
        assert solution.calls, record_id
        for call in solution.calls:
            assert call.tool in claw_eval.TOOLS, (record_id, call.tool)
            mapping = claw_eval.TOOLS[call.tool]
            known = set(mapping.arguments) | {"status", "attendees", "description"}
            assert set(call.arguments) <= known | set(
                claw_eval.our_tools(mapping.service)[mapping.tool].tool.input_schema["properties"]
            ), (record_id, call.tool, call.arguments)
    assert set(ACTION_KEYS) <= set(claw_eval.TOOLS) | set(claw_eval.UNMAPPED)


@pytest.mark.process  # runs a subprocess
@pytest.mark.slow
@pytest.mark.skipif(not namespaces_allowed(), reason="needs unshare --mount --net (root)")
def test_the_oracle_really_performs_the_expected_actions(imported) -> None:
    from taskkit.oracle import run_many

    out, _result = imported["claw-eval"]
    wanted = {  # task -> the mutating requests its oracle makes, by service
        "claw-eval-t003zh-calendar-scheduling": {"calendar": [("POST", "/api/events")]},
        "claw-eval-t007zh-todo-management": {
            "todolist": [("POST", "/api/tasks/2/complete"), ("POST", "/api/tasks/6/complete")]
        },
        "claw-eval-t029zh-cross-service-meeting": {
            "calendar": [("POST", "/api/events")],
            "email": [("POST", "/api/drafts")],
        },
        "claw-eval-t017zh-ticket-triage": {
            "helpdesk": [("PATCH", f"/api/tickets/TK-{n}") for n in TRIAGED],
        },
    }
    tasks = [out / "tasks" / t for t in wanted]
    results = run_many(tasks, agents=["oracle"], jobs=3, root=out, keep=True)
    # a wrong answer without actions makes no change, in either of the two services it could use
    cross_service = [out / "tasks" / "claw-eval-t029zh-cross-service-meeting"]
    results += run_many(cross_service, agents=["wrong"], jobs=1, root=out, keep=True)
    assert [r.agent for r in results].count("wrong:answer-without-actions") == 1, results
    for result in results:
        assert result.error is None or "solve.sh" not in result.error, (
            result.task,
            result.agent,
            result.error,
        )
        audited = {}
        for service in wanted[result.task]:
            with sqlite3.connect(Path(result.trial_dir) / "mock-data" / f"{service}.db") as db:
                rows = db.execute("SELECT method, path, status FROM _audit_requests").fetchall()
            audited[service] = [
                (m, p)
                for m, p, status in rows
                if status < 400 and m != "GET" and not p.startswith("/api/auth")
            ]
        if result.agent == "oracle":
            assert audited == wanted[result.task], (result.task, audited)
        if result.agent == "wrong:answer-without-actions":
            assert not any(audited.values()), (result.task, result.agent, audited)
        shutil.rmtree(result.trial_dir, ignore_errors=True)


# --- refusals -----------------------------------------------------------------------------


def _edit_yaml(path: Path, change) -> None:
    data = yaml.safe_load(path.read_text())
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


T004 = "T004_calendar_scheduling/task.yaml"
MALFORMED = [
    (lambda p: _edit_yaml(p, lambda d: d.pop("prompt")), "prompt", "Field required"),
    (lambda p: p.write_text("task_id: [unclosed\n"), "line ", "not valid YAML"),
    (
        lambda p: _edit_yaml(p, lambda d: d["expected_actions"][0].pop("action_key")),
        "expected_actions.0.action_key",
        "Field required",
    ),
    (
        lambda p: (p.parent / "fixtures/calendar/events.json").write_text('{"events": []}'),
        "services[0].env.CALENDAR_FIXTURES",
        "expected a JSON list of objects",
    ),
    (
        lambda p: (p.parent / "fixtures/calendar/events.json").write_text(
            '[{"event_id": "e1", "title": "x", "start_time": "2026-03-02T10:00:00Z"}]'
        ),
        "fixtures (calendar)",
        "end",
    ),
]


@pytest.mark.parametrize(("change", "field", "message"), MALFORMED, ids=[m[1] for m in MALFORMED])
def test_a_malformed_record_is_refused_by_field_and_the_rest_imports(
    change, field, message, fixture_copy, tmp_path
) -> None:
    folder = fixture_copy("claw-eval")
    change(folder / T004)
    result = import_fixture("claw-eval", tmp_path / "out", folder)
    [refusal] = result.log.refusals
    assert (refusal.file, refusal.record) == (T004, refusal.record) and refusal.field.startswith(
        field
    ), refusal
    assert message in refusal.message, refusal
    assert result.log.records == 12 and len(result.tasks) == 11 and result.unaccounted == 0


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.pop("environment"), "environment.timeout_seconds"),
        (lambda d: d.update(difficulty="extreme"), "difficulty"),
        (lambda d: d.pop("reference_solution"), "reference_solution"),
    ],
    ids=["timeout", "difficulty", "reference_solution"],
)
def test_informational_warnings_of_a_changed_record(change, field, fixture_copy, tmp_path) -> None:
    folder = fixture_copy("claw-eval")
    _edit_yaml(folder / T004, change)
    result = import_fixture("claw-eval", tmp_path / "out", folder)
    hits = [w for w in result.log.warnings if w.field == field]
    assert [w.lossy for w in hits] == [False] and result.log.refusals == []


# --- the whole pinned set -----------------------------------------------------------------


@pytest.fixture(scope="module")
def whole_set() -> tuple[list[ImportedTask], ImportLog]:
    log = ImportLog()
    return claw_eval.load(UPSTREAM / "tasks", log), log


@needs_upstream
def test_the_whole_set_is_accounted_for(whole_set) -> None:
    tasks, log = whole_set
    assert log.records == 300 and log.refusals == [] and len(tasks) == 300
    runnable = [t for t in tasks if not t.not_runnable]
    # 70 on our services, 25 on input files alone, and 3 multi-turn records on a model persona
    assert len(runnable) == 98
    assert sum(bool(t.inputs) for t in runnable) == 25
    reasons = [t.not_runnable or "" for t in tasks]
    assert sum("needs a simulated user" in r for r in reasons) == 0
    talking = [t for t in tasks if t.provenance.source_id.startswith("C")]
    assert len(talking) == 38 and sum(not t.not_runnable for t in talking) == 3
    assert all("web_real" in (t.not_runnable or "web_real") for t in talking), "the 35 others"
    assert sum(bool(re.search(r"needs [^:;]*\bweb_real\b(?!_)", r)) for r in reasons) == 62
    for task in runnable:
        assert set(task.services) <= {
            *("email", "calendar", "todolist", "helpdesk", "crm", "finance", "kb", "inventory")
        }


@needs_upstream
def test_the_tool_table_is_exactly_the_hosted_tools_upstream_uses(whole_set) -> None:
    used = {
        tool["name"]
        for f in (UPSTREAM / "tasks").glob("*/task.yaml")
        for tool in yaml.safe_load(f.read_text()).get("tools") or []
    }
    hosted = {n for n in used if n.split("_")[0] in claw_eval.SERVICES}
    assert set(claw_eval.TOOLS) | set(claw_eval.UNMAPPED) == hosted


@needs_upstream
def test_every_required_expected_action_of_a_hosted_record_has_calls(whole_set) -> None:
    tasks, _log = whole_set
    by_id = _by_id(tasks)
    for record_id in solutions():
        assert record_id in by_id, f"{record_id}: not an upstream record"
    for source_id, task in by_id.items():
        record = yaml.safe_load((UPSTREAM / "tasks" / source_id / "task.yaml").read_text())
        required = {
            (a["service"], a["action_key"])
            for a in record.get("expected_actions") or []
            if a["required"]
        }
        if not task.not_runnable and required:
            done = {
                ACTION_KEYS[c.tool] for c in solutions()[source_id].calls if c.tool in ACTION_KEYS
            }
            assert required <= done and task.oracle.calls, source_id


@needs_upstream
def test_relative_dates_hold_on_the_whole_set(whole_set) -> None:
    tasks, _log = whole_set
    for task in tasks:
        if task.not_runnable:
            continue
        record_dir = UPSTREAM / "tasks" / task.provenance.source_id
        now = _local_now(task)
        mails = [
            datetime.fromisoformat(r["date"].replace("Z", "+00:00"))
            for r in _rows(record_dir, "gmail")
        ]
        assert all(m < now for m in mails), task.id
        if re.search(r"\btomorrow\b|明天", task.instruction, re.I):
            days = {_day(r["start_time"], task) for r in _rows(record_dir, "calendar")}
            assert min(days) == now.date() + timedelta(days=1), task.id
        for text in re.findall(r"20\d\d-\d\d-\d\d", task.instruction):
            if "schedule" in task.instruction.lower() or "约" in task.instruction:
                assert now.date() < date.fromisoformat(text), (task.id, text)
