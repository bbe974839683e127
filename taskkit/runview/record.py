"""Run folders: what the runners write for the viewer (``invoke oracle --record DIR``).

    DIR/run.json                          how the run was made (runner, agent, command, commit)
    DIR/trials/<task>__<agent>__<id>/
        result.json                       the trial's result (reward, steps, stages, errors)
        calls.json                        every service's audit log: calls, rows each changed
        state.json                        every row whose end state differs from the seed's,
                                          read from the databases (writes that bypassed the
                                          services, which the audit log cannot see, too)
        checkpoints/<step>.json           each step's checkpoints (score, rationale, detail)
        world.json                        the world events the task's seed declared, as the
                                          services were seeded with them ({"events": [...]}),
                                          fired or not (the calls say which fired)
        outputs/<container path>          what the agent handed in where tasks put it
                                          (``/home/node/.openclaw/output``, ``/workspace/output``)
        outputs.json                      those files: path, size, the bytes kept
        agent.log, verifier.log           what the agent and the verifier printed

The audit log is read from the trial's service databases (``mock-data/<service>.db``) once the
trial is over; secrets in request bodies are already redacted there.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from taskkit.trial import TrialResult

RUN_FILE = "run.json"
HARBOR_JOBS = "harbor-jobs"
"""Where a run of the Harbor runner leaves Harbor's own job folders."""
HARBOR_AGENT_FILE = "taskkit-agent.json"
"""In each Harbor job folder the Harbor runner made: which of our agents the job ran
(``{"agent": "wrong:orders-both"}``, the label a local trial gets), as Harbor only knows it
ran its ``oracle`` (every script of ours is staged as the oracle's solution)."""
TRIALS = "trials"
CALLS_FILE = "calls.json"
STATE_FILE = "state.json"
WORLD_FILE = "world.json"
OUTPUTS = {
    "/home/node/.openclaw/output": "home/.openclaw/output",
    "/workspace/output": "workspace/output",
}
"""Where tasks tell the agent to put what it hands in, and where a trial folder holds each."""
OUTPUTS_DIR, OUTPUTS_FILE = "outputs", "outputs.json"
OUTPUT_BYTES = 1_000_000
"""An output file is kept up to this many bytes (outputs.json says how many it had)."""
LOGS = ("agent.log", "verifier.log", "container.log")


def current_commit(root: Path) -> str:
    """The checkout's commit (short), or "" outside a git checkout."""
    return subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()


def start_run(run_dir: Path, *, runner: str, agent: str, command: str, commit: str) -> None:
    """Create ``run_dir`` (refused if it already holds a run: a run is never mixed into
    another's folder) and write its ``run.json``."""
    if (run_dir / RUN_FILE).exists():
        raise FileExistsError(f"{run_dir} already holds a run ({RUN_FILE}); pick a new folder")
    (run_dir / TRIALS).mkdir(parents=True, exist_ok=True)
    info = {
        "runner": runner,
        "agent": agent,
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": command,
        "commit": commit,
    }
    (run_dir / RUN_FILE).write_text(json.dumps(info, indent=2))


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in name)


def audit_calls(mock_data: Path) -> list[dict[str, Any]]:
    """Every call of every service database in ``mock_data`` (the seeded copies left out), in
    the order they were logged, each with the rows it changed."""
    calls: list[dict[str, Any]] = []
    for database in sorted(mock_data.glob("*.db")):
        if database.name.endswith(".seed.db"):
            continue
        service = database.name.removesuffix(".db")
        connection = sqlite3.connect(database)
        connection.row_factory = sqlite3.Row
        try:
            requests = connection.execute("SELECT * FROM _audit_requests ORDER BY id").fetchall()
            changes = connection.execute("SELECT * FROM _audit_changes ORDER BY id").fetchall()
        except sqlite3.OperationalError:  # a database without an audit log
            continue
        finally:
            connection.close()
        by_request: dict[int, list[dict[str, Any]]] = {}
        for change in changes:
            by_request.setdefault(change["request_id"], []).append(
                {
                    "table": change["table_name"],
                    "row_id": change["row_id"],
                    "action": change["action"],
                    "before": _json(change["before"]),
                    "after": _json(change["after"]),
                }
            )
        for request in requests:
            call = {key: request[key] for key in request.keys()}  # noqa: SIM118 (sqlite3.Row)
            call.update(
                service=service,
                params=_json(call.get("params")),
                body=_json(call.get("body")),
                changes=by_request.get(request["id"], []),
            )
            calls.append(call)
    calls.sort(key=lambda c: (c.get("logged_ns") or 0, c["at"], c["service"], c["id"]))
    return calls


def declared_events(mock_data: Path) -> list[dict[str, Any]]:
    """The world events every service database in ``mock_data`` was seeded with (its
    ``_meta`` ``events``: each service keeps its own), in the order the seed declares them."""
    found: list[tuple[int, dict[str, Any]]] = []
    for database in sorted(mock_data.glob("*.db")):
        if database.name.endswith(".seed.db"):
            continue
        connection = sqlite3.connect(database)
        try:
            row = connection.execute("SELECT value FROM _meta WHERE key = 'events'").fetchone()
        except sqlite3.OperationalError:  # a database never seeded
            row = None
        finally:
            connection.close()
        found += [(index, event) for index, event in json.loads(row[0])] if row else []
    return [event for _index, event in sorted(found, key=lambda item: item[0])]


def _tables(connection: sqlite3.Connection) -> set[str]:
    found = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in found if not name.startswith(("_", "sqlite_"))}


def state_changes(mock_data: Path) -> list[dict[str, Any]]:
    """Every row of every service whose end state differs from its seed
    (``<service>.seed.db`` against ``<service>.db``), with both versions."""
    found: list[dict[str, Any]] = []
    for seed in sorted(mock_data.glob("*.seed.db")):
        service = seed.name.removesuffix(".seed.db")
        final = mock_data / f"{service}.db"
        if not final.is_file():
            continue
        connection = sqlite3.connect(final)
        connection.execute("ATTACH DATABASE ? AS seed", (str(seed),))
        try:
            seed_tables = {
                name
                for (name,) in connection.execute(
                    "SELECT name FROM seed.sqlite_master WHERE type = 'table'"
                )
                if not name.startswith(("_", "sqlite_"))
            }
            for table in sorted(_tables(connection) | seed_tables):
                before = _rows_in(connection, "seed", table) if table in seed_tables else {}
                after = _rows_in(connection, "main", table) if table in _tables(connection) else {}
                for key in sorted(before.keys() | after.keys(), key=_key_order):
                    if before.get(key) != after.get(key):
                        found.append(
                            {
                                "service": service,
                                "table": table,
                                "row_id": key,
                                "before": before.get(key),
                                "after": after.get(key),
                            }
                        )
        finally:
            connection.close()
    return found


def _rows_in(connection: sqlite3.Connection, schema: str, table: str) -> dict[str, dict[str, Any]]:
    info = connection.execute(f'PRAGMA {schema}.table_info("{table}")').fetchall()
    keys = [row[1] for row in sorted(info, key=lambda r: r[5]) if row[5]] or ["rowid"]
    selected = ", ".join(['"' + k + '"' for k in keys] + ["*"])
    cursor = connection.execute(f'SELECT {selected} FROM {schema}."{table}"')
    names = [d[0] for d in cursor.description][len(keys) :]
    return {
        # a composite key named as the audit log names it ("6,1")
        ",".join(str(v) for v in row[: len(keys)]): dict(zip(names, row[len(keys) :], strict=True))
        for row in cursor
    }


def _key_order(key: str) -> tuple[int, str]:
    return (int(key), "") if key.isdigit() else (0, key)


def _json(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def mark_harbor_job(job_dir: Path, agent: str) -> None:
    """Say in Harbor's job folder ``job_dir`` which of our agents it ran (``HARBOR_AGENT_FILE``)."""
    job_dir.mkdir(parents=True, exist_ok=True)
    (job_dir / HARBOR_AGENT_FILE).write_text(json.dumps({"agent": agent}))


def folder_parts(name: str) -> tuple[str, str, str] | None:
    """A trial folder's name (``<task>__<agent>__<trial>``) as its three parts, the trial's
    own kept whole ("_x1" keeps its "_"); None for another name (Harbor's)."""
    parts = name.split("__", 2)
    return (parts[0], parts[1], parts[2]) if len(parts) == 3 else None


def record_trial(result: TrialResult, trial: Path, run_dir: Path) -> Path:
    """Write ``result``'s folder under ``run_dir`` from its trial folder; returns it."""
    name = f"{_safe(result.task)}__{_safe(result.agent)}__{_safe(trial.name)[-8:]}"
    target = run_dir / TRIALS / name
    (target / "checkpoints").mkdir(parents=True, exist_ok=True)
    (target / "result.json").write_text(json.dumps(asdict(result), indent=2))
    mock_data = trial / "mock-data"
    if mock_data.is_dir():
        (target / CALLS_FILE).write_text(json.dumps(audit_calls(mock_data), indent=1))
        (target / STATE_FILE).write_text(json.dumps(state_changes(mock_data), indent=1))
        world = {"events": declared_events(mock_data)}
        (target / WORLD_FILE).write_text(json.dumps(world, indent=1))
    for log in LOGS:
        if (trial / log).is_file():
            shutil.copyfile(trial / log, target / log)
    for meta in sorted((trial / "verifier").glob("*/reward_meta.json")):
        shutil.copyfile(meta, target / "checkpoints" / f"{meta.parent.name}.json")
    kept = keep_outputs(trial, target / OUTPUTS_DIR)
    if kept:
        (target / OUTPUTS_FILE).write_text(json.dumps(kept, indent=1))
    return target


def keep_outputs(trial: Path, outputs: Path) -> list[dict[str, Any]]:
    """Copy the agent's output files (``OUTPUTS``) from ``trial`` into ``outputs``, each by its
    container path and cut at ``OUTPUT_BYTES``; a link is not followed (the agent made it)."""
    kept: list[dict[str, Any]] = []
    for container, folder in OUTPUTS.items():
        source = trial / folder
        for here, dirs, files in os.walk(source, followlinks=False):
            dirs.sort()
            for name in sorted(files):
                file = Path(here) / name
                if file.is_symlink() or not file.is_file():
                    continue
                relative = file.relative_to(source).as_posix()
                destination = outputs / container.lstrip("/") / relative
                destination.parent.mkdir(parents=True, exist_ok=True)
                with file.open("rb") as handle:
                    destination.write_bytes(handle.read(OUTPUT_BYTES))
                size = file.stat().st_size
                kept.append(
                    {
                        "path": f"{container}/{relative}",
                        "bytes": size,
                        "kept": min(size, OUTPUT_BYTES),
                    }
                )
    return kept
