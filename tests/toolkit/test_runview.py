"""The results viewer: run folders written from a trial's real SQLite files (its calls, the
rows each changed, the end state against the seed, writes that bypassed the services too),
read back with Harbor's job folders, summarised (matrix, free credit, repeated trials,
two runs compared) and shown as pages; bad folders refused naming the file."""

from __future__ import annotations

import contextlib
import html
import json
import os
import queue
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from taskkit.cli import build_parser
from taskkit.oracle_report import null_credit, runner_main
from taskkit.runview import load
from taskkit.runview.load import NotARun, load_run
from taskkit.runview.model import Call, Change, Checkpoint, RowDiff
from taskkit.runview.record import (
    OUTPUT_BYTES,
    mark_harbor_job,
    record_trial,
    start_run,
    state_changes,
)
from taskkit.runview.render import Site, overwritten_rows, write_site
from taskkit.runview.summary import compare, differing, matrices, summaries
from taskkit.trial import StepResult, TrialResult


def _service_db(path: Path, orders: list[tuple[int, str]], calls: list[dict[str, Any]]) -> None:
    """A service database as the core writes it: a table and the audit log's two tables."""
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, status TEXT);"
        "CREATE TABLE _audit_requests (id INTEGER PRIMARY KEY, at DATETIME, method TEXT, "
        "path TEXT, operation TEXT, params JSON, username TEXT, status INTEGER, body JSON, "
        "via TEXT DEFAULT 'http', fault TEXT, event TEXT, logged_ns INTEGER, received_ns INTEGER);"
        "CREATE TABLE _audit_changes (id INTEGER PRIMARY KEY, request_id INTEGER, "
        'table_name TEXT, row_id TEXT, action TEXT, "before" JSON, "after" JSON);'
    )
    db.executemany("INSERT INTO orders VALUES (?, ?)", orders)
    for index, call in enumerate(calls, 1):
        db.execute(
            "INSERT INTO _audit_requests VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                index,
                f"2026-03-02 09:00:0{index}",
                call["method"],
                call["path"],
                call.get("operation"),
                json.dumps(call.get("params")),
                "alice",
                call.get("status", 200),
                json.dumps(call.get("body")),
                call.get("via", "http"),
                None,
                call.get("event"),
                1000 + index,
                900 + index,
            ),
        )
        for change in call.get("changes", []):
            db.execute(
                "INSERT INTO _audit_changes (request_id, table_name, row_id, action, "
                '"before", "after") VALUES (?, ?, ?, ?, ?, ?)',
                (
                    index,
                    "orders",
                    change[0],
                    "update",
                    json.dumps(change[1]),
                    json.dumps(change[2]),
                ),
            )
    db.commit()
    db.close()


def _trial_folder(tmp_path: Path, name: str, *, forged: bool, calls: list[dict[str, Any]]) -> Path:
    trial = tmp_path / name
    data = trial / "mock-data"
    data.mkdir(parents=True)
    seed = [(1, "processing"), (2, "processing"), (3, "shipped")]
    _service_db(data / "shop.seed.db", seed, [])
    end = [(1, "cancelled"), (2, "processing"), (3, "shipped")]
    if forged:  # written straight into the database: no call, no audit entry
        end[2] = (3, "delivered")
    _service_db(data / "shop.db", end, calls)
    (trial / "agent.log").write_text("cancelled ORD-1\n")
    cancel_id = len(calls)  # the cancel is the last call
    meta = {
        "_meta_checkpoints": {
            "cancelled": {
                "score": 1.0,
                "rationale": "the repeat is cancelled",
                "goal": True,
                "weight": 2.0,
                "evidence": {
                    "calls": [
                        {"service": "shop", "id": i, "matched": i == cancel_id}
                        for i in range(1, len(calls) + 1)
                    ],
                    "state": [{"service": "shop", "table": "orders", "rows": ["1"]}],
                    "computed": ["orders"],
                },
            },
            "untouched": {
                "score": 0.0 if forged else 1.0,
                "detail": "order 3 changed",
                "evidence": {"calls": [], "state": []},
            },
        }
    }
    if forged:
        meta.update({"_meta_goals_missed": ["untouched"], "_meta_goal_cap": 0.49})
    (trial / "verifier" / "main").mkdir(parents=True)
    (trial / "verifier" / "main" / "reward_meta.json").write_text(json.dumps(meta))
    return trial


CANCEL = {
    "method": "POST",
    "path": "/api/orders/ORD-1/cancel",
    "operation": "cancel_order",
    "params": {"code": "ORD-1"},
    "body": {"reason": "duplicate", "password": "***"},
    "changes": [("1", {"id": 1, "status": "processing"}, {"id": 1, "status": "cancelled"})],
}
LOOK = {"method": "GET", "path": "/orders", "via": "web", "operation": "list_orders"}


def _result(agent: str, reward: float, untouched: float) -> TrialResult:
    rewards = {"cancelled": 1.0, "untouched": untouched, "reward": reward}
    return TrialResult(
        "shop-dup",
        agent,
        reward,
        stages={"total": 3.5},
        steps=[StepResult("main", reward, rewards, goals=["cancelled"])],
    )


@pytest.fixture
def run_dir(tmp_path: Path) -> Path:
    run = tmp_path / "run"
    start_run(
        run, runner="local", agent="wrong", command="taskkit oracle --wrong", commit="abc1234"
    )
    good = _trial_folder(tmp_path, "t-good0001", forged=False, calls=[LOOK, CANCEL])
    record_trial(_result("oracle", 1.0, 1.0), good, run)
    forged = _trial_folder(tmp_path, "t-forg0001", forged=True, calls=[CANCEL])
    record_trial(_result("wrong:db-forged", 0.5, 0.0), forged, run)
    return run


def test_a_recorded_trial_keeps_its_calls_in_order_with_the_rows_each_changed(
    run_dir: Path,
) -> None:
    run = load_run(run_dir)
    assert run.info.runner == "local" and run.info.command == "taskkit oracle --wrong"
    oracle = next(t for t in run.trials if t.agent == "oracle")
    assert oracle.calls is not None
    assert [(c.method, c.path, c.via) for c in oracle.calls] == [
        ("GET", "/orders", "web"),
        ("POST", "/api/orders/ORD-1/cancel", "http"),
    ]
    cancel = oracle.calls[1]
    assert cancel.body == {"reason": "duplicate", "password": "***"}
    assert [c.columns for c in cancel.changes] == [[("status", "processing", "cancelled")]]
    assert [(c.name, c.verdict, c.goal) for c in oracle.checkpoints] == [
        ("cancelled", "pass", True),
        ("untouched", "pass", False),
    ]
    assert oracle.logs["agent.log"].text == "cancelled ORD-1\n"


def test_the_end_state_is_read_from_the_databases_so_a_forged_write_shows(run_dir: Path) -> None:
    forged = next(t for t in load_run(run_dir).trials if t.agent == "wrong:db-forged")
    assert forged.state is not None
    assert [(r.table, r.row_id, r.action, r.columns) for r in forged.state] == [
        ("orders", "1", "changed", [("status", "processing", "cancelled")]),
        ("orders", "3", "changed", [("status", "shipped", "delivered")]),  # in no call
    ]
    assert [c.path for c in forged.calls or []] == ["/api/orders/ORD-1/cancel"]
    # how the reward came out: the weights, and the cap of a goal missed
    assert [(c.name, c.weight) for c in forged.checkpoints] == [
        ("cancelled", 2.0),
        ("untouched", None),
    ]
    assert forged.scoring_notes == [
        "Goal missed: untouched. So the reward is 0: 0.49 times the mean of no secondary "
        "checkpoint; the goals (cancelled, untouched) count for nothing in it, passed or not."
    ]


def test_the_reward_cap_names_the_goals_that_cap_it_and_the_checkpoints_that_make_it(
    run_dir: Path,
) -> None:
    (meta_file,) = [m for m in run_dir.glob("trials/*/checkpoints/*.json") if "forged" in str(m)]
    meta = {
        "_meta_goals_missed": ["closed"],
        "_meta_goal_cap": 0.49,
        "_meta_checkpoints": {
            "closed": {"score": 0.0, "goal": True},
            "lookalikes_open": {"score": 1.0, "goal": True},
            "tidy": {"score": 1.0},
            "polite": {"score": 0.5},
            "judged": {"score": 0.0, "scored": False},
        },
    }
    meta_file.write_text(json.dumps(meta))
    forged = next(t for t in load_run(run_dir).trials if t.agent == "wrong:db-forged")
    assert forged.scoring_notes == [
        "Goal missed: closed. So the reward is 0.49 times the weighted mean of the secondary "
        "checkpoints alone (tidy, polite); the goals (closed, lookalikes_open) count for "
        "nothing in it, passed or not."
    ]


def test_each_end_state_row_names_the_call_that_wrote_it_or_says_none_did(
    run_dir: Path,
) -> None:
    """The forged trial cancelled order 1 through the service and wrote order 3 straight into
    SQLite: the page links row 1 to its call and flags row 3 alone, though a call was logged."""
    run = load_run(run_dir)
    forged = next(t for t in run.trials if t.agent == "wrong:db-forged")
    page = Site(run, None, paths=(run_dir, None)).page(f"trials/{forged.id}.html") or ""
    captions = dict(
        re.findall(r"<code>orders</code> row (\d+): changed(.*?)</caption>", page, re.S)
    )
    assert '<a href="#call-0">call #1</a>' in captions["1"], captions["1"]
    assert "outside" not in captions["1"]
    assert "no logged call changed it: written outside the services" in captions["3"]


def test_a_world_event_shows_in_the_timeline_as_the_worlds(tmp_path: Path) -> None:
    """A live world's event is a call of the world: the timeline names it beside the agent's."""
    run = tmp_path / "run"
    start_run(run, runner="local", agent="oracle", command="taskkit oracle", commit="abc1234")
    world = {"method": "POST", "path": "/admin/deliver", "operation": "deliver", "via": "world"}
    delivered = [("3", {"id": 3, "status": "shipped"}, {"id": 3, "status": "delivered"})]
    calls = [{**world, "event": "tom-replies", "changes": delivered}, CANCEL]
    record_trial(
        _result("oracle", 1.0, 1.0),
        _trial_folder(tmp_path, "t-live", forged=True, calls=calls),  # order 3: delivered
        run,
    )
    loaded = load_run(run)
    trial = loaded.trials[0]
    page = Site(loaded, None, paths=(run, None)).page(f"trials/{trial.id}.html") or ""
    first = re.search(r"<summary[^>]*>#1 (.*?)</summary>", page, re.S)
    assert first is not None and "via world" in first[1], page[:2000]
    assert "world event tom-replies" in first[1]
    second = re.search(r"<summary[^>]*>#2 (.*?)</summary>", page, re.S)
    assert second is not None and "world event" not in second[1], "the agent's call is its own"
    # the end state names the world as the writer of the row its event changed
    caption = page[page.index("<code>orders</code> row 3: changed") :].split("</caption>")[0]
    assert 'call #1</a> <span class="world">(the world\'s event tom-replies)' in caption, caption


def _declare_events(database: Path, events: list[dict[str, Any]]) -> None:
    """Seed ``database``'s ``_meta`` with ``events``, as the core seeds a live world's service
    (each event with its place in the seed's header)."""
    db = sqlite3.connect(database)
    db.execute("CREATE TABLE _meta (key TEXT PRIMARY KEY, value TEXT)")
    db.execute("INSERT INTO _meta VALUES ('events', ?)", (json.dumps(list(enumerate(events))),))
    db.commit()
    db.close()


def test_a_declared_world_event_that_never_fired_shows_beside_those_that_did(
    tmp_path: Path,
) -> None:
    """The runner records the events the seed declared (``world.json``, from the services'
    databases); the trial page lists each with its occurrences or "never fired" and its
    trigger. A folder from before ``world.json`` still opens, without the list."""
    run = tmp_path / "run"
    start_run(run, runner="local", agent="null", command="taskkit oracle", commit="abc1234")
    world = {"method": "POST", "path": "/admin/deliver", "operation": "deliver", "via": "world"}
    trial = _trial_folder(tmp_path, "t-live", forged=False, calls=[{**world, "event": "tom"}])
    sells_out = {"operation": ["add_cart_item", "checkout"], "count": 2, "since": "tom"}
    _declare_events(
        trial / "mock-data" / "shop.db",
        [
            {"id": "tom", "service": "shop", "operation": "deliver", "when": {"after": 5}},
            {"id": "sells-out", "service": "shop", "operation": "update_product",
             "params": {"product_id": 1}, "when": {"after_operation": sells_out}},
            {"id": "reminder", "service": "shop", "operation": "deliver",
             "when": {"after": 90}, "repeat": {"times": 2, "every": 600}},
        ],
    )  # fmt: skip
    folder = record_trial(_result("null", 0.0, 0.0), trial, run)
    recorded = json.loads((folder / "world.json").read_text())
    assert [e["id"] for e in recorded["events"]] == ["tom", "sells-out", "reminder"]
    site = Site(load_run(run, details=False), None, paths=(run, None))
    page = site.page(f"trials/{folder.name}.html") or ""
    rows = {
        name: html.unescape(re.sub(r"<[^>]+>", "", row))
        for name, row in re.findall(r'<tr id="event-([\w-]+)">(.*?)</tr>', page, re.S)
    }
    assert list(rows) == ["tom", "sells-out", "reminder"], page
    assert "5s into the agent phase" in rows["tom"] and "fired: #1 shop deliver" in rows["tom"]
    assert "never fired" in rows["sells-out"], rows["sells-out"]
    assert (
        "after the agent's 2nd call of any of add_cart_item, checkout, counted once tom fired"
        in rows["sells-out"]
    ), rows["sells-out"]
    assert "1m30s into the agent phase; 2 times, every 10m" in rows["reminder"]
    assert "never fired" in rows["reminder"]
    (folder / "world.json").unlink()  # a folder recorded before the runner wrote it
    page = site.page(f"trials/{folder.name}.html") or ""
    assert "world event tom" in page and "never fired" not in page and "cannot be read" not in page


@pytest.mark.process
def test_the_local_runner_records_the_world_events_a_live_tasks_seed_declares(
    tmp_path: Path,
) -> None:
    """A real run of a live task: the null agent never adds to the cart, so the sell-out
    never fires, and its page says so with the trigger; the oracle's fires it."""
    root = Path(__file__).resolve().parents[2]
    pages = {}
    for agent in ("null", "oracle"):
        done = subprocess.run(
            [sys.executable, "-m", "taskkit", "oracle", "--task", "shop-stock-runs-out",
             "--agent", agent, "--judge", "local", "--record", str(tmp_path / agent)],
            cwd=root, capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        (trial,) = load_run(tmp_path / agent).trials
        page = Site(load_run(tmp_path / agent), None).trial(trial.id) or ""
        (row,) = re.findall(r'<tr id="event-monitor-sells-out">(.*?)</tr>', page, re.S)
        pages[agent] = html.unescape(re.sub(r"<[^>]+>", "", row))
    assert "after the agent's 1st call of add_cart_item" in pages["null"], pages
    assert "never fired" in pages["null"] and "never fired" not in pages["oracle"], pages
    assert re.search(r"fired: #\d+ shop update_product", pages["oracle"]), pages


def test_state_changes_name_added_and_removed_rows(tmp_path: Path) -> None:
    _service_db(tmp_path / "kb.seed.db", [(1, "a"), (2, "b")], [])
    _service_db(tmp_path / "kb.db", [(2, "b"), (3, "c")], [])
    found = [(r["row_id"], r["before"], r["after"]) for r in state_changes(tmp_path)]
    assert found == [("1", {"id": 1, "status": "a"}, None), ("3", None, {"id": 3, "status": "c"})]


def _labels_db(path: Path, rows: list[tuple[int, int]]) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "CREATE TABLE message_labels (message_id INT, label_id INT, "
            "PRIMARY KEY (message_id, label_id))"
        )
        db.executemany("INSERT INTO message_labels VALUES (?, ?)", rows)


@pytest.mark.parametrize("state_format", ["6,1", "6/1"])  # now, and as older folders wrote it
def test_a_row_with_a_composite_key_is_linked_to_the_call_that_added_it(
    run_dir: Path, tmp_path: Path, state_format: str
) -> None:
    """The audit log names a composite key "6,1": the end state names it the same way, and a
    folder from before (which wrote "6/1") still links the row to its call."""
    _labels_db(tmp_path / "email.seed.db", [])
    _labels_db(tmp_path / "email.db", [(6, 1)])
    assert [r["row_id"] for r in state_changes(tmp_path)] == ["6,1"]
    run = load_run(run_dir)
    oracle = next(t for t in run.trials if t.agent == "oracle")
    assert oracle.calls
    added = {"table": "message_labels", "row_id": "6,1", "action": "insert", "after": {}}
    call = oracle.calls[0].model_copy(
        update={"service": "email", "changes": [Change.model_validate(added)]}
    )
    row = {"service": "email", "table": "message_labels", "row_id": state_format, "after": {}}
    trial = oracle.model_copy(
        update={"calls": [call], "state": [RowDiff.model_validate(row)], "id": "labels"}
    )
    run = run.model_copy(update={"trials": [trial]})
    page = Site(run, None, paths=(run_dir, None)).page("trials/labels.html") or ""
    assert '<a href="#call-0">call #1</a>' in page and "written outside" not in page


def test_what_the_agent_handed_in_is_kept_and_shown_but_never_a_link_out(
    tmp_path: Path,
) -> None:
    """The files an agent leaves where tasks put outputs are kept with the trial (cut at a
    limit, said so) and shown on its page; a link it made is not followed."""
    secret = tmp_path / "host-secret.txt"
    secret.write_text("the host's secret")
    trial = _trial_folder(tmp_path, "t-brief001", forged=False, calls=[CANCEL])
    output = trial / "home" / ".openclaw" / "output"
    (output / "notes").mkdir(parents=True)
    (output / "brief.md").write_text("# Brief\n\nRenew <b>before</b> 31 March.\n")
    (output / "notes" / "big.txt").write_bytes(b"x" * (OUTPUT_BYTES + 10))
    (output / "leak.txt").symlink_to(secret)
    run = tmp_path / "run"
    start_run(run, runner="local", agent="oracle", command="", commit="")
    folder = record_trial(_result("oracle", 1.0, 1.0), trial, run)
    index = json.loads((folder / "outputs.json").read_text())
    assert [(o["path"], o["bytes"], o["kept"]) for o in index] == [
        ("/home/node/.openclaw/output/brief.md", 39, 39),
        ("/home/node/.openclaw/output/notes/big.txt", OUTPUT_BYTES + 10, OUTPUT_BYTES),
    ]
    assert "the host's secret" not in json.dumps(index)
    assert not list(folder.rglob("leak.txt")), "a link the agent made was followed"
    loaded = load_run(run)
    page = Site(loaded, None, paths=(run, None)).page(f"trials/{folder.name}.html") or ""
    assert (
        "What the agent handed in" in page and "Renew &lt;b&gt;before&lt;/b&gt; 31 March." in page
    )
    assert f"the first {OUTPUT_BYTES} kept" in page


@pytest.mark.parametrize(
    ("chosen", "runner"),
    [(["--runner", "local", "--harbor"], "harbor"), (["--docker"], "docker"), ([], "local")],
)
def test_the_run_records_the_command_really_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chosen: list[str], runner: str
) -> None:
    """``invoke oracle --harbor`` passes the default ``--runner local`` too: the run says the
    Harbor runner ran, naming it once."""
    words = [
        "oracle",
        "--task",
        "todo-weekly-review-close",
        *chosen,
        "--record",
        str(tmp_path / "r"),
    ]
    monkeypatch.setattr(sys, "argv", ["/somewhere/taskkit/__main__.py", *words])
    monkeypatch.setattr("taskkit.oracle_report.current_commit", lambda _root: "abc1234")
    args = build_parser().parse_args(words)
    args.root = Path(__file__).resolve().parents[2]
    runner_main(args, lambda *_a, **_k: [], lambda _results: "")
    info = json.loads((tmp_path / "r" / "run.json").read_text())
    assert info["runner"] == runner
    assert info["command"] == (
        "python -m taskkit oracle --task todo-weekly-review-close --record "
        f"{tmp_path / 'r'} --runner {runner}"
    ), info["command"]


def test_a_trial_id_keeps_its_leading_underscore(tmp_path: Path) -> None:
    trial = _trial_folder(tmp_path, "t-x_abc1234", forged=False, calls=[CANCEL])
    run = tmp_path / "run"
    start_run(run, runner="local", agent="oracle", command="", commit="")
    folder = record_trial(_result("wrong:db-forged", 0.5, 1.0), trial, run)
    assert folder.name == "shop-dup__wrong-db-forged___abc1234"
    page = Site(load_run(run), None, paths=(run, None)).page("index.html") or ""
    assert f'title="{folder.name}">_abc1234</a>' in page, page
    (folder / "result.json").write_text("not JSON")  # a broken folder: named from its name
    (broken,) = load_run(run).trials
    assert (broken.task, broken.agent, broken.label) == ("shop-dup", "wrong-db-forged", "_abc1234")


def test_a_long_logs_label_counts_what_was_kept_of_how_much(
    run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("taskkit.runview.load.LOG_LIMIT", 10)
    (log,) = [f for f in run_dir.glob("trials/*/agent.log") if "oracle" in str(f)]
    log.write_text("x" * 25 + "the end\n")  # 33 bytes, the last 10 kept
    page = _trial_page(run_dir, tmp_path, "oracle")
    assert "agent.log (the last 10 of 33 bytes)" in page, page[page.index("<h2>Logs") :]
    assert "[the first 23 bytes are not kept]\nxxthe end" in page
    (short_log,) = [f for f in run_dir.glob("trials/*/agent.log") if "forged" in str(f)]
    short_log.write_text("short\n")
    short = _trial_page(run_dir, tmp_path / "again", "forged")
    assert "agent.log (6 bytes)</summary><pre>short" in short  # whole


def test_a_run_folder_is_never_mixed_into_another_run(run_dir: Path) -> None:
    with pytest.raises(FileExistsError, match="already holds a run"):
        start_run(run_dir, runner="local", agent="oracle", command="", commit="")


def test_the_matrix_marks_free_credit_and_not_scored_trials(run_dir: Path) -> None:
    run = load_run(run_dir)
    oracle, forged = sorted(run.trials, key=lambda t: t.agent)
    null = oracle.model_copy(update={"id": "n", "agent": "null", "reward": 0.4})
    skipped = oracle.model_copy(update={"id": "s", "agent": "x", "not_scored": "no judge"})
    again = oracle.model_copy(update={"id": "again"})  # the oracle, once more: agrees
    flaky = forged.model_copy(update={"id": "flaky"})  # db-forged, once passing all
    flaky.checkpoints = [c.model_copy(update={"score": 1.0}) for c in flaky.checkpoints]
    run = run.model_copy(update={"trials": [*run.trials, null, skipped, again, flaky]})
    (matrix,) = matrices(run)
    assert matrix.checkpoints == ["cancelled", "untouched"]
    cells = {
        row.agent: {k: (c.verdict, c.label) for k, c in row.cells.items()} for row in matrix.rows
    }
    assert cells["null"] == {"cancelled": ("free", "free"), "untouched": ("free", "free")}
    assert cells["x"]["untouched"] == ("not scored", "not scored")
    assert cells["oracle"]["untouched"] == ("pass", "pass, all 2")
    assert cells["wrong:db-forged"] == {
        "cancelled": ("pass", "pass, all 2"),
        "untouched": ("mixed", "1 of 2 pass"),
    }


@pytest.mark.parametrize("agent", ["null", "nop"])  # ours, and Harbor's
def test_free_credit_in_the_matrix_is_what_invoke_oracle_marks_free(
    run_dir: Path, agent: str
) -> None:
    """A goal passed on the untouched seed while another goal is missed earns nothing (the
    cap counts the secondary checkpoints alone): neither the CLI nor the matrix calls it free."""
    scores = {"lookalikes_open": 1.0, "review_closed": 0.0, "mail_untouched": 1.0}
    goals = ["lookalikes_open", "review_closed"]
    template = load_run(run_dir).trials[0]
    null = template.model_copy(
        update={
            "agent": agent,
            "reward": 0.49,
            "checkpoints": [
                Checkpoint(step="main", name=name, score=score, goal=name in goals)
                for name, score in scores.items()
            ],
        }
    )
    (matrix,) = matrices(load_run(run_dir).model_copy(update={"trials": [null]}))
    shown = {name: cell.verdict for name, cell in matrix.rows[0].cells.items()}
    step = StepResult("main", 0.49, {**scores, "reward": 0.49}, goals=goals)
    cli = null_credit([TrialResult("todo", agent, 0.49, steps=[step])])
    free_in_cli = {n for n in scores if f"{n} 1 FREE" in cli}
    assert free_in_cli == {n for n, v in shown.items() if v == "free"} == {"mail_untouched"}, (
        f"the CLI marks {free_in_cli} FREE, the viewer shows {shown}"
    )
    assert shown["lookalikes_open"] == "pass"


@pytest.mark.parametrize("agent", ["null", "nop"])
def test_the_null_trials_own_page_marks_the_free_credit_the_matrix_marks(
    run_dir: Path, agent: str
) -> None:
    """The null agent's trial page marks free credit on the checkpoints ``invoke oracle
    --null`` marks FREE and the matrix calls free (one function, ``free_credit``); another
    agent's page, with the same scores, marks none."""
    scores = {"lookalikes_open": 1.0, "review_closed": 0.0, "mail_untouched": 1.0}
    goals = ["lookalikes_open", "review_closed"]
    checkpoints = [
        Checkpoint(step="main", name=name, score=score, goal=name in goals)
        for name, score in scores.items()
    ]
    template = load_run(run_dir).trials[0]
    null = template.model_copy(
        update={"id": "n", "agent": agent, "reward": 0.49, "checkpoints": checkpoints}
    )
    oracle = null.model_copy(update={"id": "o", "agent": "oracle"})
    run = load_run(run_dir).model_copy(update={"trials": [null, oracle]})
    site = Site(run, None)
    step = StepResult("main", 0.49, {**scores, "reward": 0.49}, goals=goals)
    cli = null_credit([TrialResult("todo", agent, 0.49, steps=[step])])
    (matrix,) = matrices(run)
    in_matrix = {n for n, c in matrix.rows[0].cells.items() if c.verdict == "free"}

    def marked(page: str) -> set[str]:
        rows = re.findall(r'<tr id="checkpoint-main-(\w+)">(.*?)</tr>', page, re.S)
        return {name for name, row in rows if 'class="v v-free"' in row}

    page = site.trial("n") or ""
    assert marked(page) == in_matrix == {n for n in scores if f"{n} 1 FREE" in cli}
    assert in_matrix == {"mail_untouched"}
    text = re.sub(r"<[^>]+>", "", page)
    assert "Free credit: mail_untouched adds to the null agent's reward" in text
    assert marked(site.trial("o") or "") == set() and "Free credit" not in (site.trial("o") or "")


def test_repeated_trials_are_summarised_per_task_and_agent(run_dir: Path) -> None:
    run = load_run(run_dir)
    again = run.trials[1].model_copy(update={"id": "again", "reward": 1.0})
    crashed = run.trials[1].model_copy(update={"id": "crashed", "reward": None, "error": "boom"})
    run = run.model_copy(update={"trials": [*run.trials, again, crashed]})
    wrong = next(s for s in summaries(run) if s.agent == "wrong:db-forged")
    assert (wrong.trials, wrong.mean, wrong.low, wrong.high) == (3, 0.75, 0.5, 1.0)
    assert wrong.spread == pytest.approx(0.25) and wrong.unscored == 1
    page = Site(run, None, paths=(run_dir, None)).page("index.html") or ""
    assert "3 (1 without a reward, not counted)" in page, "the error trial is said, not hidden"


def test_an_agent_that_exited_non_zero_yet_was_scored_is_an_error_keeping_its_reward(
    run_dir: Path,
) -> None:
    run = load_run(run_dir)
    exited = run.trials[1].model_copy(
        update={"id": "exited", "reward": 0.0, "error": "solve.sh exited 3 (see agent.log)"}
    )
    run = run.model_copy(update={"trials": [run.trials[0], exited]})
    assert exited.outcome == "error" and exited.scored_error
    (summary,) = [s for s in summaries(run) if s.agent == "wrong:db-forged"]
    assert (summary.mean, summary.unscored, summary.scored_errors) == (0.0, 0, 1)
    page = Site(run, None, paths=(run_dir, None)).page("index.html") or ""
    assert '<span class="v v-error">error</span> 1' in page, "counted in the run's errors"
    row = page[page.index('<tr data-outcome="error"') :].split("</tr>")[0]
    assert "0.00" in row and "scored all the same" in row and "solve.sh exited 3" in row, row
    assert "1 (1 in error yet scored, counted)" in page, page
    trial = Site(run, None, paths=(run_dir, None)).trial("exited") or ""
    assert "In error, yet scored" in trial and '<span class="v v-error">error</span>' in trial


def test_two_runs_pair_trials_and_name_the_first_call_that_differs(run_dir: Path) -> None:
    run = load_run(run_dir)
    oracle = next(t for t in run.trials if t.agent == "oracle")
    assert oracle.calls is not None
    failed = oracle.model_copy(
        update={"reward": 0.0, "calls": [oracle.calls[0], oracle.calls[0]], "id": "o2"}
    )
    other = run.model_copy(update={"trials": [failed]})
    pairs = {p.key: p for p in compare(run, other)}
    moved = pairs["shop-dup · oracle · #01"]
    assert moved.status == "changed outcome" and moved.first_divergence == 1
    gone = pairs["shop-dup · wrong:db-forged · #01"]
    assert gone.after is None and gone.status == "only in one run"
    # one agent's run against another's: the trials pair by task
    renamed = failed.model_copy(update={"agent": "someone-else"})
    (only,) = compare(
        run.model_copy(update={"trials": [oracle]}), other.model_copy(update={"trials": [renamed]})
    )
    assert only.key == "shop-dup · #01" and only.first_divergence == 1


def test_the_first_differing_call_says_which_of_its_aspects_differ(
    run_dir: Path, tmp_path: Path
) -> None:
    """User, channel, route or tool, arguments and the rows it changed: each compared, and
    the comparison cell names the ones that differ."""
    run = load_run(run_dir)
    oracle = next(t for t in run.trials if t.agent == "oracle")
    assert oracle.calls is not None
    look, cancel = oracle.calls
    as_bob = cancel.model_copy(update={"username": "bob", "via": "mcp", "body": {"reason": "x"}})
    other_row = cancel.model_copy(
        update={"changes": [cancel.changes[0].model_copy(update={"row_id": "2"})]}
    )
    reordered = cancel.model_copy(
        update={"changes": [cancel.changes[0].model_copy(update={"row_id": "2"}), *cancel.changes]}
    )
    same_rows = reordered.model_copy(update={"changes": reordered.changes[::-1]})
    assert differing(reordered, same_rows) == [], "the order of a call's row changes is no matter"
    for changed, differs in (
        (as_bob, ["user", "channel", "arguments"]),
        (other_row, ["rows changed"]),
    ):
        right = run.model_copy(
            update={"trials": [oracle.model_copy(update={"calls": [look, changed]})]}
        )
        (pair,) = [p for p in compare(run, right) if p.after is not None]
        assert (pair.first_divergence, pair.differs) == (1, differs)
    page = Site(run, right).compare()
    assert "call #2 differs in rows changed:" in page, page
    assert "alice via API: shop cancel_order POST /api/orders/ORD-1/cancel" in page, page


def test_the_pages_show_the_run_the_trials_and_the_comparison(
    run_dir: Path, tmp_path: Path
) -> None:
    run = load_run(run_dir)
    index = write_site(run, tmp_path / "site", other=run)
    page = index.read_text()
    assert "2 trials: 2 of 2 scored as expected" in page  # the oracle 1.0, a wrong one 0.5
    assert 'href="trials/' in page and "static/view.js" in page
    trial_pages = sorted((tmp_path / "site" / "trials").glob("*.html"))
    assert len(trial_pages) == 2
    forged = next(p for p in trial_pages if "db-forged" in p.name).read_text()
    assert "End state against the seed" in forged and "delivered" in forged
    compared = (tmp_path / "site" / "compare.html").read_text()
    assert "0 of 2 trials changed outcome" in compared and "the same calls" in compared


def test_a_row_edited_in_the_database_after_the_call_that_wrote_it_is_flagged(
    run_dir: Path, tmp_path: Path
) -> None:
    """The cancel (call #2) wrote order 1 as cancelled; the agent then set it to refunded in
    SQLite: the end state does not credit the forged value to the call."""
    edited = _trial_folder(tmp_path, "t-edit0001", forged=False, calls=[LOOK, CANCEL])
    db = sqlite3.connect(edited / "mock-data" / "shop.db")
    db.execute("UPDATE orders SET status = 'refunded' WHERE id = 1")
    db.commit()
    db.close()
    record_trial(_result("wrong:edits-after", 0.0, 1.0), edited, run_dir)
    site = Site(load_run(run_dir), None)
    trial = next(t for t in site.run.trials if t.agent == "wrong:edits-after")
    page = site.trial(trial.id) or ""
    flag = re.search(r"changed outside the services after .*?</strong>", page, re.S)
    assert flag, f"row 1 not flagged as changed after call #2: {page[-3000:]}"
    assert ">call #2</a>" in flag.group(0) and "<code>status</code>" in flag.group(0), flag
    assert "&#34;cancelled&#34; by the call, &#34;refunded&#34; at the end" in flag.group(0)
    oracle = next(t for t in site.run.trials if t.agent == "oracle")
    assert "changed outside the services after" not in (site.trial(oracle.id) or "")


def test_a_value_the_audit_log_and_sqlite_write_differently_is_not_taken_for_an_edit() -> None:
    """The audit log's JSON (``true``, ISO times, a JSON column parsed) against SQLite's own
    (``1``, ``2026-03-10 14:00:04.000000``, the column's text) is the same row."""
    logged = {"id": 9, "at": "2026-03-10T14:00:04", "active": True, "tags": ["a"]}
    stored = {"id": 9, "at": "2026-03-10 14:00:04.000000", "active": 1, "tags": '["a"]'}
    change = Change(table="events", row_id="9", action="insert", after=logged)
    call = Call(service="shop", id=1, at="", method="POST", path="/x", changes=[change])
    row = RowDiff(service="shop", table="events", row_id="9", after=stored)
    assert overwritten_rows([call], [row]) == {}
    forged = row.model_copy(update={"after": {**stored, "at": "2026-03-11 09:00:00"}})
    (found,) = overwritten_rows([call], [forged]).values()
    assert found.columns == [("at", "2026-03-10T14:00:04", "2026-03-11 09:00:00")]


def _value_cells(page: str, label: str) -> dict[str, tuple[str, str]]:
    """The table labelled ``label``: each column's (before, after) cells as shown."""
    table = page[page.index(f'aria-label="{label}"') :].split("</table>")[0]
    row = r'<tr><td>(\w+)</td><td class="before">(.*?)</td><td class="after">(.*?)</td>'
    cells = re.findall(row, table)
    return {name: (before, after) for name, before, after in cells}


def test_no_value_and_an_empty_text_are_shown_alike_in_every_table_and_apart(
    run_dir: Path,
) -> None:
    """None (NULL) and "" are marked, each its own way, in the call's table and in the end
    state alike; a row that did not exist yet (or any more) says so rather than null."""
    template = load_run(run_dir).trials[0]
    emptied = {"id": 1, "note": None, "status": "new"}, {"id": 1, "note": "", "status": None}
    added = {"id": 9, "note": None, "status": ""}
    call = Call(service="shop", id=1, at="2026-03-02 09:00:01", method="POST", path="/x")
    call.changes = [
        Change(table="orders", row_id="1", action="update", before=emptied[0], after=emptied[1]),
        Change(table="orders", row_id="9", action="insert", before=None, after=added),
    ]
    state = [
        RowDiff(service="shop", table="orders", row_id="1", before=emptied[0], after=emptied[1]),
        RowDiff(service="shop", table="orders", row_id="9", before=None, after=added),
    ]
    trial = template.model_copy(update={"calls": [call], "state": state, "folder": ""})
    page = Site(load_run(run_dir).model_copy(update={"trials": [trial]}), None).trial(trial.id)
    assert page is not None
    in_call = _value_cells(page, "update orders row 1 (call 1)")
    at_end = _value_cells(page, "shop orders row 1 changed")
    assert in_call == at_end, (in_call, at_end)
    null, empty = in_call["note"]  # None before, "" after
    assert ">null<" in null and '"" (empty)' in empty
    assert in_call["status"] == ("&#34;new&#34;", null)
    added_in_call = _value_cells(page, "insert orders row 9 (call 1)")
    added_at_end = _value_cells(page, "shop orders row 9 added")
    assert added_in_call == added_at_end, (added_in_call, added_at_end)
    assert added_at_end["note"][1] == null and added_at_end["status"][1] == empty
    assert all(">no row<" in before for before, _ in added_at_end.values())


def test_calls_of_several_services_show_their_real_time_and_their_own_ids(run_dir: Path) -> None:
    """Each service keeps its own task clock, so a timeline mixing services reads out of
    order by it: each call shows its real (wall) time, from ``logged_ns``, and its own id."""
    run = load_run(run_dir)
    oracle = next(t for t in run.trials if t.agent == "oracle")
    assert oracle.calls is not None
    start = 1_796_436_000_000_000_000  # 2026-12-05 02:00:00 UTC
    shop = oracle.calls[1].model_copy(
        update={"id": 2, "at": "2026-03-02 15:00:02", "logged_ns": start + 5_000_000}
    )
    chat = Call(
        service="chat",
        id=1,
        at="2026-03-02 15:00:01",
        method="POST",
        path="/api/messages",
        logged_ns=start + 1_250_000_000,
    )
    mixed = oracle.model_copy(update={"calls": [shop, chat]})
    page = Site(run.model_copy(update={"trials": [mixed]}), None).trial(mixed.id) or ""
    text = re.sub(r"<[^>]+>", "", page)
    assert "#1 shop (shop #2)" in text and "#2 chat (chat #1)" in text, text
    assert "2026-12-05 02:00:00 UTC real time" in text, text
    assert "2026-12-05 02:00:01 UTC real time" in text, text
    assert "chat's task clock" in text and "in real order" in text
    assert "Each service keeps its own task clock" in text


def test_one_trial_is_said_in_the_singular(run_dir: Path) -> None:
    run = load_run(run_dir)
    one = run.model_copy(update={"trials": run.trials[:1]})
    compared = Site(one, one).compare()
    assert "0 of 1 trial changed outcome" in compared, compared
    twice = one.model_copy(update={"trials": [*one.trials, one.trials[0].model_copy()]})
    assert "(2 trials)" in Site(twice, None).index()
    assert "1 trials" not in Site(one, None).index()


def test_a_trial_recorded_after_the_run_page_was_served_opens_by_its_address(
    run_dir: Path, tmp_path: Path
) -> None:
    site = Site(load_run(run_dir, details=False), None, paths=(run_dir, None))
    site.page("index.html")
    later = _trial_folder(tmp_path, "t-late0001", forged=False, calls=[CANCEL])
    folder = record_trial(_result("oracle", 1.0, 1.0), later, run_dir)
    stamp = time.time() + 5  # as a trial ending seconds later would stamp the folder
    os.utime(run_dir / "trials", (stamp, stamp))
    page = site.page(f"trials/{folder.name}.html")
    assert page is not None, f"trials/{folder.name}.html is a 404 until the run page reloads"
    assert site.page("trials/no-such-trial.html") is None


def _touch_later(path: Path) -> None:
    """Stamp ``path`` seconds ahead, as an edit a moment later would (a file rewritten at
    once may keep its modification time on a coarse clock)."""
    later = time.time() + 5
    os.utime(path, (later, later))


def test_a_trial_fixed_on_disk_is_read_again_and_no_other(
    run_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A served run shows a trial fixed on disk without a restart: on the next request the
    trial whose folder changed (by its files' modification times) is read again, and only it;
    a request with nothing changed reads no trial (the server refreshes the run pages)."""
    folder = next(f for f in (run_dir / "trials").glob("*") if "__oracle__" in f.name)
    calls = folder / "calls.json"
    whole = calls.read_text()
    calls.write_text('{"x": 1}')
    site = Site(load_run(run_dir, details=False), None, paths=(run_dir, None))
    assert "1 of 1 scored as expected" in (site.page("index.html") or "")
    read: list[str] = []
    read_our_trial = load.read_our_trial
    monkeypatch.setattr(
        load, "read_our_trial", lambda f, d=True: read.append(f.name) or read_our_trial(f, d)
    )
    site.refresh()
    assert read == [], "an unchanged run is read again on every request"
    calls.write_text(whole)
    _touch_later(calls)
    site.refresh()
    assert "2 of 2 scored as expected" in (site.page("index.html") or ""), "still in error"
    assert read == [folder.name]
    oracle = next(t for t in site.run.trials if t.agent == "oracle")
    assert (oracle.outcome, oracle.error) == ("full marks", None)
    (folder / "result.json").write_text("{cut short")
    _touch_later(folder / "result.json")
    page = site.page(f"trials/{folder.name}.html") or ""  # the trial's own page, first
    assert "result.json: not readable JSON" in page
    assert "result.json: not readable JSON" in (site.page("index.html") or "")


def test_a_harbor_trial_fixed_on_disk_is_read_again(tmp_path: Path) -> None:
    jobs = tmp_path / "jobs"
    _harbor_job(jobs)
    meta = jobs / "job-1" / "shop-dup__abc" / "verifier" / "reward_meta.json"
    whole = meta.read_text()
    meta.write_text(json.dumps(_with_score(json.loads(whole), "bad")))
    site = Site(load_run(jobs, details=False), None, paths=(jobs, None))
    assert "reward_meta.json: not a verifier" in (site.trial("job-1--shop-dup__abc") or "")
    meta.write_text(whole)
    _touch_later(meta)
    page = site.trial("job-1--shop-dup__abc") or ""
    assert "cannot be read" not in page and 'id="checkpoint-main-cancelled"' in page
    assert site.run.trials[0].outcome == "full marks"


def _harbor_job(
    jobs: Path,
    trial_name: str = "shop-dup__abc",
    reward: float = 1.0,
    job: str = "job-1",
    task_name: str = "shop-dup",
) -> None:
    trial = jobs / job / trial_name
    (trial / "verifier").mkdir(parents=True)
    (trial / "agent").mkdir()
    result = {
        "task_name": task_name,
        "agent_info": {"name": "oracle"},
        "verifier_result": {"rewards": {"reward": reward, "cancelled": reward}},
        "started_at": "2026-03-02T09:00:00",
        "finished_at": "2026-03-02T09:00:30",
    }
    (trial / "result.json").write_text(json.dumps(result))
    meta = {"_meta_checkpoints": {"cancelled": {"score": reward, "goal": True}}}
    (trial / "verifier" / "reward_meta.json").write_text(json.dumps(meta))
    (trial / "agent" / "oracle.txt").write_text("done\n")


def test_writing_pages_again_removes_what_the_viewer_wrote_before_and_nothing_else(
    run_dir: Path, tmp_path: Path
) -> None:
    run, out = load_run(run_dir), tmp_path / "site"
    write_site(run, out, other=run.model_copy(update={"trials": [run.trials[0]]}))
    (out / "notes.txt").write_text("mine")
    (out / "right" / "trials" / "mine.html").write_text("mine too")
    write_site(run, out)
    assert not (out / "compare.html").exists(), "a stale comparison is left behind"
    assert not (out / "right" / "index.html").exists()
    assert (out / "notes.txt").read_text() == "mine"
    assert (out / "right" / "trials" / "mine.html").read_text() == "mine too"
    assert sorted(p.name for p in (out / "trials").iterdir()) == sorted(
        f"{t.id}.html" for t in run.trials
    )
    assert (out / "static" / "view.css").is_file() and (out / "index.html").is_file()


def test_harbors_job_folders_open_without_calls(tmp_path: Path) -> None:
    _harbor_job(tmp_path / "jobs")
    run = load_run(tmp_path / "jobs")
    (trial,) = run.trials
    assert (trial.task, trial.agent, trial.reward) == ("shop-dup", "oracle", 1.0)
    assert trial.calls is None and [c.name for c in trial.checkpoints] == ["cancelled"]
    assert {name: log.text for name, log in trial.logs.items()} == {"agent/oracle.txt": "done\n"}
    assert run.source.endswith("(Harbor)")


@pytest.mark.parametrize("marked", [True, False])
def test_a_harbor_trial_is_shown_as_the_agent_of_ours_it_ran(run_dir: Path, marked: bool) -> None:
    """Harbor names every trial's agent ``oracle`` (each script of ours is staged as its
    oracle's solution): the runner's mark in the job folder says which of ours it was, and a
    run recorded before that is read by the job folder's name, so a wrong solution is
    expected to fail, the table and matrix have its row and it pairs with a local run's."""
    jobs = run_dir / "harbor-jobs"
    _harbor_job(jobs, reward=0.5, job="shop-dup-wrong-db-forged-cbefa0")
    _harbor_job(jobs, reward=1.0, job="shop-dup-alternative-mcp-tools-c2f16c")
    if marked:
        mark_harbor_job(jobs / "shop-dup-wrong-db-forged-cbefa0", "wrong:db-forged")
        (jobs / "shop-dup-alternative-mcp-tools-c2f16c").rename(jobs / "job-2")
        mark_harbor_job(jobs / "job-2", "alternative:mcp-tools")
    run = load_run(run_dir)
    harbor = [t for t in run.trials if "--" in t.id]
    assert sorted((t.agent, t.expected) for t in harbor) == [
        ("alternative:mcp-tools", True),
        ("wrong:db-forged", True),
    ], [(t.id, t.agent) for t in harbor]
    assert {(s.agent, s.trials) for s in summaries(run)} >= {("wrong:db-forged", 2)}
    (shop,) = matrices(run)
    assert sorted(r.agent for r in shop.rows) == [
        "alternative:mcp-tools",
        "oracle",
        "wrong:db-forged",
    ]
    local = load_run(run_dir).model_copy(update={"trials": []})
    local.trials = [t for t in run.trials if "--" not in t.id]
    pairs = {p.key: p for p in compare(local, run.model_copy(update={"trials": harbor}))}
    paired = pairs["shop-dup · wrong:db-forged · #01"]
    assert paired.before is not None and paired.after is not None, pairs


def test_a_harbor_trial_is_named_by_its_task_as_a_local_one_its_dataset_a_detail(
    run_dir: Path,
) -> None:
    """Harbor names a dataset's task ``liveclawbench/shop-dup``: the viewer names it
    ``shop-dup``, as the local runner does, so both runs' trials share a matrix, a filter and
    a pair; the dataset is shown beside it."""
    jobs = run_dir / "harbor-jobs"
    _harbor_job(jobs, job="shop-dup-oracle-c2f16c", task_name="liveclawbench/shop-dup")
    mark_harbor_job(jobs / "shop-dup-oracle-c2f16c", "oracle")
    run = load_run(run_dir)
    harbor = next(t for t in run.trials if "--" in t.id)
    assert (harbor.task, harbor.dataset, harbor.agent) == ("shop-dup", "liveclawbench", "oracle")
    (matrix,) = matrices(run)
    assert matrix.task == "shop-dup" and [len(r.trials) for r in matrix.rows] == [2, 1]
    site = Site(run, None)
    page = re.sub(r"<[^>]+>", "", site.trial(harbor.id) or "")
    assert "shop-dup · oracle" in page and "liveclawbench/shop-dup · " not in page
    assert "From the dataset liveclawbench (Harbor names the task liveclawbench/shop-dup)" in page
    local = run.model_copy(update={"trials": [t for t in run.trials if t is not harbor]})
    pairs = {p.key: p for p in compare(local, run.model_copy(update={"trials": [harbor]}))}
    paired = pairs["shop-dup · oracle · #01"]
    assert paired.before is not None and paired.after is harbor, pairs


def test_a_harbor_job_named_by_someone_else_keeps_harbors_agent(tmp_path: Path) -> None:
    _harbor_job(tmp_path / "jobs", job="shop-dup-wrong-looking-name")
    (trial,) = load_run(tmp_path / "jobs").trials
    assert trial.agent == "oracle"


def _stand_in_harbor(tmp_path: Path) -> Path:
    """A ``harbor`` that writes one trial as Harbor lays it out, and its environment beside."""
    harbor = tmp_path / "harbor"
    harbor.write_text(
        "#!/bin/sh\n"
        'while [ "$1" != "-o" ]; do shift; done; jobs="$2"\n'
        'while [ "$1" != "--job-name" ]; do shift; done\n'
        'mkdir -p "$jobs/$2/shop-stock-runs-out__abc"\n'
        'env > "$jobs/$2.env"\n'
        'echo \'{"task_name": "shop-stock-runs-out", "agent_info": {"name": "oracle"}, '
        '"verifier_result": {"rewards": {"reward": 0.2}}}\' '
        '> "$jobs/$2/shop-stock-runs-out__abc/result.json"\n'
    )
    harbor.chmod(0o755)
    return harbor


TASK_DIR = Path(__file__).resolve().parents[2] / "tasks" / "shop-stock-runs-out"


@pytest.mark.process
def test_the_harbor_runner_marks_each_job_with_the_agent_of_ours_it_ran(tmp_path: Path) -> None:
    """``harbor run`` (a stand-in) runs a script of ours as its oracle; the job folder says which
    script it was (its name alone could not: the job is named by the file's stem)."""
    from taskkit.oracle_harbor import run_task

    script = str(TASK_DIR / "wrong" / "orders-both.sh")
    result = run_task(
        TASK_DIR, agent=script, jobs_dir=tmp_path / "jobs", harbor=_stand_in_harbor(tmp_path)
    )
    assert result.reward == 0.2, result
    (trial,) = load_run(tmp_path / "jobs").trials
    assert trial.agent == script, f"expected the script's path, got Harbor's {trial.agent!r}"


@pytest.mark.process
@pytest.mark.parametrize(("own", "expected"), [(None, "True"), ("False", "False")])
def test_harbor_runs_with_litellms_bundled_price_map_unless_the_user_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own: str | None, expected: str
) -> None:
    """Offline, LiteLLM's fetch of its price map kept every ``harbor run`` alive about 10 s
    after its job; the runner asks for the bundled copy, and a user's own setting wins."""
    from taskkit.oracle_harbor import run_task

    if own is None:
        monkeypatch.delenv("LITELLM_LOCAL_MODEL_COST_MAP", raising=False)
    else:
        monkeypatch.setenv("LITELLM_LOCAL_MODEL_COST_MAP", own)
    jobs = tmp_path / "jobs"
    run_task(TASK_DIR, jobs_dir=jobs, harbor=_stand_in_harbor(tmp_path), env={"X_OURS": "1"})
    (env_file,) = jobs.glob("*.env")
    seen = dict(line.split("=", 1) for line in env_file.read_text().splitlines() if "=" in line)
    said = seen.get("LITELLM_LOCAL_MODEL_COST_MAP")
    assert said == expected, f"Harbor saw LITELLM_LOCAL_MODEL_COST_MAP={said!r}, not {expected!r}"
    assert seen.get("X_OURS") == "1", "the caller's own variables reach Harbor too"


@pytest.mark.parametrize(
    ("file", "edit", "said"),
    [
        (
            "verifier/reward_meta.json",
            lambda t: t.replace('"score": 1.0', '"score": "bad"'),
            "reward_meta.json: not a verifier's reward_meta (could not convert",
        ),
        (
            "result.json",
            lambda t: t.replace('"reward": 1.0', '"reward": "lots"'),
            "result.json: not Harbor's trial result (could not convert",
        ),
        ("result.json", lambda t: t[: len(t) // 2], "result.json: not readable JSON"),
    ],
)
def test_a_harbor_trial_with_a_bad_file_is_listed_in_error_not_the_viewer_down(
    tmp_path: Path, file: str, edit: Any, said: str
) -> None:
    _harbor_job(tmp_path / "jobs")
    _harbor_job(tmp_path / "jobs", "shop-dup__def", reward=0.0)
    path = tmp_path / "jobs" / "job-1" / "shop-dup__abc" / file
    path.write_text(edit(path.read_text()))
    site = Site(load_run(tmp_path / "jobs"), None)
    trials = {t.id: t for t in site.run.trials}
    assert len(trials) == 2, f"a trial vanished: {sorted(trials)}"
    broken = trials["job-1--shop-dup__abc"]
    assert broken.outcome == "error" and f"{path}: " in (broken.error or ""), broken.error
    assert said in (broken.error or ""), broken.error
    if file != "result.json":
        assert broken.reward == 1.0, "a bad checkpoints file hides the reward"
    assert "agent/oracle.txt" in (site.trial(broken.id) or ""), "its logs are hidden"
    assert "job-1--shop-dup__abc" in site.index()


def test_a_harbor_trial_page_shows_when_it_started_and_finished(tmp_path: Path) -> None:
    _harbor_job(tmp_path / "jobs")
    site = Site(load_run(tmp_path / "jobs"), None)
    page = site.trial("job-1--shop-dup__abc") or ""
    text = re.sub(r"<[^>]+>", "", page)
    assert "started 2026-03-02 09:00:00 UTC, finished 2026-03-02 09:00:30 UTC wall clock" in text, (
        text[:1500]
    )


def test_each_trial_of_a_harbor_job_with_several_is_read_on_its_own(tmp_path: Path) -> None:
    _harbor_job(tmp_path / "jobs")
    _harbor_job(tmp_path / "jobs", "shop-dup__def", reward=0.0)
    trials = load_run(tmp_path / "jobs").trials
    assert sorted((t.id, t.reward) for t in trials) == [
        ("job-1--shop-dup__abc", 1.0),
        ("job-1--shop-dup__def", 0.0),
    ]


@pytest.mark.parametrize("inside_a_run", [True, False])
def test_a_harbor_trial_that_ends_while_the_viewer_serves_shows_on_reload(
    run_dir: Path, tmp_path: Path, inside_a_run: bool
) -> None:
    """Harbor writes a trial's result inside its job folder, not in the run's trials folder:
    the served pages still notice it, in a run of ours (``harbor-jobs/``) or a job folder."""
    jobs = run_dir / "harbor-jobs" if inside_a_run else tmp_path / "jobs"
    _harbor_job(jobs)
    served = run_dir if inside_a_run else jobs
    site = Site(load_run(served, details=False), None, paths=(served, None))
    before = len(site.run.trials)
    _harbor_job(jobs, "shop-dup__def", reward=0.0)
    later = time.time() + 5  # as a trial ending seconds later would stamp its folder
    os.utime(jobs / "job-1" / "shop-dup__def", (later, later))
    site.refresh()
    assert len(site.run.trials) == before + 1
    assert "job-1--shop-dup__def" in (site.page("index.html") or "")


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (lambda p: None, "neither a run of ours"),
        (lambda p: (p / "run.json").write_text("{oops"), r"run\.json: not readable JSON"),
        (lambda p: (p / "run.json").write_text("[]"), r"run\.json: the file: Input should be"),
    ],
)
def test_a_folder_that_is_not_a_run_is_refused_naming_what_was_expected(
    tmp_path: Path, make: Any, named: str
) -> None:
    make(tmp_path)
    with pytest.raises(NotARun, match=named):
        load_run(tmp_path)


def test_a_broken_trial_is_shown_in_error_naming_its_file_and_the_run_still_opens(
    run_dir: Path,
) -> None:
    broken, _ = sorted((run_dir / "trials").glob("*"))
    (broken / "calls.json").write_text(json.dumps([{"service": "shop"}]))
    trials = {t.id: t for t in load_run(run_dir).trials}
    assert len(trials) == 2
    error = trials[broken.name].error or ""
    assert "calls.json: item 0, field 'id': Field required (and 3 more)" in error, error
    assert trials[broken.name].task == "shop-dup" and trials[broken.name].agent == "oracle"
    (broken / "result.json").write_text("[]")
    assert "expected a JSON object" in (load_run(run_dir, details=False).trials[0].error or "")


@pytest.mark.parametrize(
    ("file", "edit", "said"),
    [
        ("result.json", lambda d: {**d, "reward": "high"}, "field 'reward': Input should be"),
        ("checkpoints/main.json", lambda d: _with_score(d, "x"), "main.json: not a verifier's"),
        ("checkpoints/main.json", lambda d: {**d, "_meta_checkpoints": [1]}, "main.json: not a"),
    ],
)
def test_a_value_of_the_wrong_type_puts_its_trial_in_error_not_the_viewer_down(
    run_dir: Path, tmp_path: Path, file: str, edit: Any, said: str
) -> None:
    broken = sorted((run_dir / "trials").glob("*"))[0]
    path = broken / file
    path.write_text(json.dumps(edit(json.loads(path.read_text()))))
    trials = {t.id: t for t in load_run(run_dir, details=False).trials}
    assert said in (trials[broken.name].error or ""), trials[broken.name].error
    assert len(trials) == 2 and trials[broken.name].error.startswith("cannot be read: ")  # type: ignore[union-attr]
    write_site(load_run(run_dir), tmp_path / "site")  # the pages are still written
    assert (tmp_path / "site" / "index.html").is_file()


@pytest.mark.parametrize(
    ("file", "text"),
    [
        ("calls.json", '{"x": 1}'),
        ("state.json", '{"x": 1}'),
        ("checkpoints/main.json", "{oops"),
        ("world.json", '{"events": [{"id": "tom"}]}'),
    ],
)
def test_a_damaged_file_puts_its_trial_in_error_and_the_rest_of_it_still_shows(
    run_dir: Path, file: str, text: str
) -> None:
    """The run page must not say full marks, as expected, for a trial whose folder is
    damaged; its page names the file and shows every other part (checkpoints, calls, logs)."""
    folder = next(f for f in (run_dir / "trials").glob("*") if "__oracle__" in f.name)
    (folder / file).write_text(text)
    site = Site(load_run(run_dir, details=False), None)
    trial = next(t for t in site.run.trials if t.agent == "oracle")
    assert (trial.outcome, trial.reward, trial.expected) == ("error", 1.0, None), trial
    assert f"{folder / file}:" in (trial.error or ""), trial.error
    index = site.index()
    assert "1 of 1 scored as expected" in index and file in index, "the run page hides it"
    page = site.trial(trial.id) or ""
    assert f"{folder / file}:" in page and "agent.log" in page and "No logs kept" not in page
    assert "The trial left no checkpoints" not in page
    if file != "checkpoints/main.json":
        assert 'id="checkpoint-main-cancelled"' in page, "the intact checkpoints are hidden"
    if file != "calls.json":
        assert "POST /api/orders/ORD-1/cancel" in page, "the intact calls are hidden"
    else:
        assert "calls.json cannot be read" in page and "holds no audit log" not in page
    if file == "state.json":
        assert "state.json cannot be read" in page and "No row differs" not in page
    if file == "world.json":
        assert "world.json cannot be read" in page


def _with_score(meta: dict[str, Any], score: Any) -> dict[str, Any]:
    checkpoints = meta["_meta_checkpoints"]
    first = next(iter(checkpoints))
    return {
        **meta,
        "_meta_checkpoints": {**checkpoints, first: {**checkpoints[first], "score": score}},
    }


@pytest.mark.process
def test_pages_inside_a_run_and_a_port_out_of_range_are_refused_in_a_line(run_dir: Path) -> None:
    inside = run_dir / "trials"
    before = sorted(p.name for p in inside.iterdir())
    answer = subprocess.run(
        [sys.executable, "-m", "taskkit", "view", str(run_dir), "--out", str(inside)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 2, answer.stderr
    assert f"is inside the run {run_dir}" in answer.stderr
    assert sorted(p.name for p in inside.iterdir()) == before
    port = subprocess.run(
        [sys.executable, "-m", "taskkit", "view", str(run_dir), "--port", "99999"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert port.returncode == 2 and "--port 99999: expected 0-65535" in port.stderr, port.stderr
    word = subprocess.run(
        ["invoke", "view", str(run_dir), "--port", "abc"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    said = word.stderr.strip().splitlines()
    assert word.returncode == 2 and "Traceback" not in word.stderr, word.stderr
    assert said[-1].endswith("argument --port: invalid int value: 'abc'"), word.stderr


def test_the_benchmarks_synthetic_run_reads_back_whole(tmp_path: Path) -> None:
    """``invoke bench viewer`` times a run written as the runners write one."""
    from bench.viewer import synthetic_run
    from taskkit.cli_dev import BENCHMARKS

    assert "viewer" in BENCHMARKS
    big = synthetic_run(tmp_path / "run", trials=30, calls_each=3, big_calls=50)
    run = load_run(tmp_path / "run", details=False)
    assert len(run.trials) == 30 and all(t.calls is None for t in run.trials)
    counts = {t.id: t.call_count for t in run.trials}
    assert counts[big] == 50 and set(counts.values()) == {3, 50}
    site = write_site(run, tmp_path / "site")
    assert "30 trials" in site.read_text()
    page = (tmp_path / "site" / "trials" / f"{big}.html").read_text()
    assert page.count('class="call"') == 50
    # a check that read the whole audit log says so in one line, not with a link per call
    assert page.count("Read all 50 shop calls") == 5 and page.count('href="#call-49"') == 0
    # and is not named on each call it passed over; the calls it picked out name it
    assert page.count("(read it)") == 0 and page.count("picked out by check_0") == 17


def _trial_page(run_dir: Path, tmp_path: Path, agent: str) -> str:
    write_site(load_run(run_dir), tmp_path / "site")
    (page,) = (tmp_path / "site" / "trials").glob(f"*{agent}*.html")
    return page.read_text()


def test_each_checkpoint_links_the_calls_it_looked_at_and_each_call_its_checkpoints(
    run_dir: Path, tmp_path: Path
) -> None:
    (meta_file,) = [m for m in run_dir.glob("trials/*/checkpoints/*.json") if "oracle" in str(m)]
    meta = json.loads(meta_file.read_text())
    reused = {"cached": ["orders"], "calls": [], "state": []}  # a cached helper's answer
    meta["_meta_checkpoints"]["kept"] = {"score": 1.0, "evidence": reused}
    meta_file.write_text(json.dumps(meta))
    oracle = next(t for t in load_run(run_dir).trials if t.agent == "oracle")
    cancelled, untouched, _ = oracle.checkpoints
    assert cancelled.evidence is not None and untouched.evidence is not None
    assert [(c.id, c.matched) for c in cancelled.evidence.calls] == [(1, False), (2, True)]
    page = _trial_page(run_dir, tmp_path, "oracle")
    row = page[page.index('id="checkpoint-main-cancelled"') :].split("</tr>")[0]
    assert 'Picked out: <a href="#call-1">#2 shop cancel_order</a>' in row, row
    assert 'Read too: <a href="#call-0">#1 shop list_orders</a>' in row, row
    assert "<code>shop.orders</code> 1" in row, row
    nothing = page[page.index('id="checkpoint-main-untouched"') :].split("</tr>")[0]
    assert "nothing: no call, no table" in nothing, nothing
    reused = page[page.index('id="checkpoint-main-kept"') :].split("</tr>")[0]
    assert (
        "Reused <code>orders()</code>, whose reads are listed under "
        '<a href="#checkpoint-main-cancelled">cancelled</a>' in reused
    ), reused
    call = page[page.index('id="call-1"') :].split("</details>")[0]
    assert "picked out by cancelled" in call, call
    assert '<a href="#checkpoint-main-cancelled">cancelled</a>' in call, call


SHIP_3 = {
    "method": "POST",
    "path": "/api/orders/ORD-3/deliver",
    "operation": "deliver_order",
    "changes": [("3", {"id": 3, "status": "shipped"}, {"id": 3, "status": "delivered"})],
}


def test_a_checkpoint_without_a_reason_says_what_passed_or_that_none_was_given(
    run_dir: Path, tmp_path: Path
) -> None:
    """The verifier gave no reason: a pass says what passed (what the checkpoint checks), a
    failure that no reason was given; neither leaves the column blank."""
    (meta_file,) = [m for m in run_dir.glob("trials/*/checkpoints/*.json") if "oracle" in str(m)]
    meta = json.loads(meta_file.read_text())
    meta["_meta_checkpoints"]["bare"] = {"score": 1.0}  # no rationale either
    meta["_meta_checkpoints"]["missed"] = {"score": 0.0, "rationale": "the order is kept"}
    meta_file.write_text(json.dumps(meta))
    page = _trial_page(run_dir, tmp_path, "oracle")

    def why(name: str) -> str:
        row = page[page.index(f'id="checkpoint-main-{name}"') :].split("</tr>")[0]
        return re.sub(r"<[^>]+>", "", re.findall(r"<td.*?</td>", row, re.S)[6]).strip()

    assert why("cancelled") == "passed: the repeat is cancelled (the verifier gave no reason)"
    assert why("bare") == "passed (the verifier gave no reason)"
    assert why("missed") == "the verifier gave no reason"
    assert why("untouched") == "order 3 changed"  # a reason given is shown as given


def test_a_failing_checkpoint_points_at_the_call_that_wrote_the_row_it_failed_on(
    tmp_path: Path,
) -> None:
    """A checkpoint that read whole tables and failed on an unexpected row names the call
    that wrote it ("failed on"); the other calls its reader returned are "read", not picked
    out; the call and the end-state row link back to it."""
    trial = _trial_folder(tmp_path, "t-ship0001", forged=True, calls=[CANCEL, SHIP_3])
    meta_file = trial / "verifier" / "main" / "reward_meta.json"
    meta = json.loads(meta_file.read_text())
    meta["_meta_checkpoints"]["untouched"]["evidence"] = {
        "calls": [
            {"service": "shop", "id": 1, "matched": True},
            {"service": "shop", "id": 2, "matched": True},
        ],
        "state": [{"service": "shop", "table": "orders", "rows": None}],
        "failed_on": {"calls": [], "rows": [{"service": "shop", "table": "orders", "rows": ["3"]}]},
    }
    meta_file.write_text(json.dumps(meta))
    run = tmp_path / "run"
    start_run(run, runner="local", agent="wrong", command="", commit="")
    record_trial(_result("wrong:ships", 0.4, 0.0), trial, run)
    page = _trial_page(run, tmp_path, "ships")
    row = page[page.index('id="checkpoint-main-untouched"') :].split("</tr>")[0]
    assert '<strong>Failed on:</strong> <a href="#call-1">#2 shop deliver_order</a>' in row, row
    assert 'not what failed it): <a href="#call-0">#1 shop cancel_order</a>' in row, row
    assert "Picked out" not in row, row
    cancel = page[page.index('id="call-0"') :].split("</details>")[0]
    ship = page[page.index('id="call-1"') :].split("</details>")[0]
    assert "failed untouched" in ship and "picked out by untouched" not in cancel, (ship, cancel)
    assert 'untouched</a> <span class="muted">(read it)' in cancel, cancel
    assert 'untouched</a> <span class="muted">(failed on it)' in ship, ship
    end = page[page.index('aria-label="shop orders row 3 changed"') :].split("</caption>")[0]
    assert 'failed <a href="#checkpoint-main-untouched">untouched</a>' in end, end


def test_a_row_put_back_as_seeded_then_changed_again_fails_on_the_last_change_alone(
    tmp_path: Path,
) -> None:
    """Order 3 delivered, put back as shipped (as seeded), delivered again: its end state
    comes from the last call alone, which is the one named, and not listed as read too."""
    unship = {
        "method": "POST",
        "path": "/api/orders/ORD-3/undeliver",
        "operation": "undeliver_order",
        "changes": [("3", {"id": 3, "status": "delivered"}, {"id": 3, "status": "shipped"})],
    }
    calls = [CANCEL, SHIP_3, unship, SHIP_3]
    trial = _trial_folder(tmp_path, "t-back0001", forged=True, calls=calls)
    meta_file = trial / "verifier" / "main" / "reward_meta.json"
    meta = json.loads(meta_file.read_text())
    meta["_meta_checkpoints"]["untouched"]["evidence"] = {
        "calls": [{"service": "shop", "id": i, "matched": False} for i in range(1, 5)],
        "state": [{"service": "shop", "table": "orders", "rows": None}],
        "failed_on": {"calls": [], "rows": [{"service": "shop", "table": "orders", "rows": ["3"]}]},
    }
    meta_file.write_text(json.dumps(meta))
    run = tmp_path / "run"
    start_run(run, runner="local", agent="wrong", command="", commit="")
    record_trial(_result("wrong:back", 0.4, 0.0), trial, run)
    page = _trial_page(run, tmp_path, "back")
    row = page[page.index('id="checkpoint-main-untouched"') :].split("</tr>")[0]
    failed = row[row.index("Failed on:") :].split("</div>")[0]
    assert '<a href="#call-3">#4 shop deliver_order</a>' in failed and "call-1" not in failed, row
    read = row[row.index("Read:") :].split("</div>")[0]
    assert "call-1" in read and "call-2" in read and "call-3" not in read, row


def test_a_folder_from_before_the_evidence_still_opens_saying_it_was_not_recorded(
    run_dir: Path, tmp_path: Path
) -> None:
    for meta_file in run_dir.glob("trials/*/checkpoints/*.json"):
        meta = json.loads(meta_file.read_text())
        for item in meta["_meta_checkpoints"].values():
            item.pop("evidence", None)
        meta_file.write_text(json.dumps(meta))
    assert all(c.evidence is None for t in load_run(run_dir).trials for c in t.checkpoints)
    page = _trial_page(run_dir, tmp_path, "oracle")
    assert page.count("not recorded (an older verifier)") == 2
    assert "picked out by" not in page and "Checkpoints that looked at it" not in page


def test_the_judges_rationale_has_its_own_heading_also_from_an_older_folder(
    run_dir: Path, tmp_path: Path
) -> None:
    why = "accuracy: both vendors named | completeness: one deadline missing"
    (meta_file,) = [m for m in run_dir.glob("trials/*/checkpoints/*.json") if "oracle" in str(m)]
    meta = json.loads(meta_file.read_text())
    meta["_meta_checkpoints"]["quality"] = {
        "score": 0.75,
        "detail": "graded by the judge (stand-in): accuracy 1, completeness 0.5",
        "judge": {"model": "stand-in", "rationale": why},
    }
    meta_file.write_text(json.dumps(meta))
    quality = _quality(run_dir)
    assert quality.judge is not None and quality.judge.rationale == why
    page = _trial_page(run_dir, tmp_path, "oracle")
    assert '<h2 id="judge-heading">The judge\'s rationale</h2>' in page
    section = page[page.index('id="judge-checkpoint-main-quality"') :].split("</div>\n</div>")[0]
    assert why in section and "<code>stand-in</code>" in section, section
    # an older verifier folded the rationale into the reason: it is taken back out
    meta["_meta_checkpoints"]["quality"] = {"score": 0.75, "detail": why}
    meta.update(_meta_judge_rationale=why, _meta_judge_model="stand-in")
    meta_file.write_text(json.dumps(meta))
    quality = _quality(run_dir)
    assert quality.judge is not None and (quality.detail, quality.judge.model) == ("", "stand-in")


def _quality(run_dir: Path) -> Checkpoint:
    oracle = next(t for t in load_run(run_dir).trials if t.agent == "oracle")
    return next(c for c in oracle.checkpoints if c.name == "quality")


def test_every_timestamp_is_shown_one_way_with_its_zone_and_its_clock(
    run_dir: Path, tmp_path: Path
) -> None:
    """The audit log's times, a row's datetime columns and the run's start: one format."""
    (meta,) = [m for m in run_dir.glob("trials/*/state.json") if "forged" in str(m)]
    state = json.loads(meta.read_text())
    state[0]["after"]["updated_at"] = "2026-03-02 09:00:02.000000"  # as SQLite rows hold it
    meta.write_text(json.dumps(state))
    info = json.loads((run_dir / "run.json").read_text())
    info["started"] = "2026-03-02T10:00:00+01:00"
    (run_dir / "run.json").write_text(json.dumps(info))
    page = _trial_page(run_dir, tmp_path, "forged")
    # the call, logged 09:00:01.000 on the task clock; the run started by the wall clock
    assert "<time>2026-03-02 09:00:01 UTC</time> shop's task clock" in page, page
    assert '<td class="after">2026-03-02 09:00:02 UTC</td>' in page
    index = (tmp_path / "site" / "index.html").read_text()
    assert re.search(r"started <time [^>]*>2026-03-02 09:00:00 UTC</time> wall clock", index)
    for text in (page, index):
        assert not re.search(r"\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+|[+-]\d{2}:|Z)", text)


def test_the_compared_run_has_its_own_page_whose_trials_open(run_dir: Path, tmp_path: Path) -> None:
    run = load_run(run_dir)
    other = run.model_copy(update={"trials": [run.trials[0]], "source": "/elsewhere (ours)"})
    write_site(run, tmp_path / "site", other=other)
    compared = (tmp_path / "site" / "compare.html").read_text()
    assert '<a href="right/index.html">/elsewhere (ours)</a>' in compared
    right = tmp_path / "site" / "right" / "index.html"
    page = right.read_text()
    assert "<h1>The right-hand run: 1 trial" in page and 'href="../static/view.css"' in page
    links = re.findall(r'href="(trials/[^"]+\.html)"', page)
    assert links and all((right.parent / link).is_file() for link in links), links
    assert Site(run, other).page("right/index.html") == page  # served as written
    assert Site(run).page("right/index.html") is None  # no compared run, no such page


def test_a_harbor_trial_shows_its_trial_log_and_the_exception_that_ended_it(
    tmp_path: Path,
) -> None:
    """Laid out as Harbor 0.26 writes a trial (harbor/models/trial/paths.py): ``trial.log``
    beside ``result.json``, and where an exception ended the trial its traceback in
    ``exception.txt`` and ``result.json``'s ``exception_info``."""
    _harbor_job(tmp_path / "jobs")
    _harbor_job(tmp_path / "jobs", "shop-dup__def", reward=0.0)
    ok, broken = (tmp_path / "jobs" / "job-1" / name for name in ("shop-dup__abc", "shop-dup__def"))
    (ok / "trial.log").write_text("Starting trial shop-dup__abc\n")
    traceback = 'Traceback (most recent call last):\n  File "trial.py"\nAgentTimeoutError: 600 s\n'
    result = json.loads((broken / "result.json").read_text())
    result["exception_info"] = {
        "exception_type": "AgentTimeoutError",
        "exception_message": "600 s",
        "exception_traceback": traceback,
        "occurred_at": "2026-03-02T09:10:00",
    }
    (broken / "result.json").write_text(json.dumps(result))
    (broken / "exception.txt").write_text(traceback)
    run = load_run(tmp_path / "jobs")
    trials = {t.id: t for t in run.trials}
    fine, failed = trials["job-1--shop-dup__abc"], trials["job-1--shop-dup__def"]
    assert (
        fine.logs["trial.log"].text == "Starting trial shop-dup__abc\n" and fine.exception is None
    )
    assert failed.exception == traceback and failed.error == "AgentTimeoutError: 600 s"
    write_site(run, tmp_path / "site")
    page = (tmp_path / "site" / "trials" / "job-1--shop-dup__def.html").read_text()
    assert "The exception that ended the trial</h2>" in page and "AgentTimeoutError: 600 s" in page
    (broken / "exception.txt").unlink()  # result.json's copy is enough
    failed = next(t for t in load_run(tmp_path / "jobs").trials if t.id.endswith("def"))
    assert failed.exception == traceback


def _read_address(process: subprocess.Popen[str], seconds: float = 60) -> str:
    """The address ``invoke view`` prints, read within ``seconds``."""
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    stdout = process.stdout
    threading.Thread(target=lambda: [lines.put(line) for line in stdout], daemon=True).start()
    seen = ""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.5)
        except queue.Empty:
            continue
        seen += line
        if found := re.search(r"http://127\.0\.0\.1:(\d+)/\S*", line):
            return found.group(0)
    raise AssertionError(f"invoke view printed no address; it printed:\n{seen}")


@pytest.mark.process
@pytest.mark.parametrize(
    "stop", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL], ids=["SIGTERM", "SIGINT", "SIGKILL"]
)
def test_stopping_invoke_view_stops_its_server(tmp_path: Path, stop: signal.Signals) -> None:
    """``invoke view`` runs the viewer as its child: a signal sent to ``invoke`` alone (as a
    supervisor or ``kill`` sends it) stops the server too, leaving nothing on its port; also
    ``kill -KILL``, which ``invoke`` cannot pass on (the child dies with its parent)."""
    from bench.viewer import synthetic_run

    synthetic_run(tmp_path / "run", trials=2, calls_each=1, big_calls=1)
    command = [sys.executable, "-m", "invoke", "view", str(tmp_path / "run"), "--port", "0"]
    invoke = subprocess.Popen(
        command,
        cwd=Path(__file__).resolve().parents[2],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own group: whatever it leaves behind is ended below
    )
    try:
        address = _read_address(invoke)
        port = int(address.split(":")[2].split("/")[0])
        with urllib.request.urlopen(address, timeout=10) as page:
            assert page.status == 200
        invoke.send_signal(stop)
        invoke.wait(timeout=20)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
            except ConnectionRefusedError:
                break  # nothing listens any more
            assert time.monotonic() < deadline, (
                f"invoke exited ({invoke.returncode}) after {stop.name} but its viewer still "
                f"serves on port {port}"
            )
            time.sleep(0.2)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(invoke.pid, signal.SIGKILL)
        invoke.wait(timeout=10)
