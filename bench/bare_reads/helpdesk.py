"""The helpdesk's loaded request, answered as ours answers it: a ticket by code with its
requester, organisation, assignee and group named, its SLA state on the task clock and its
comments, oldest first. Any logged-in agent reads any ticket."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Response, abort, jsonify

from bench.bare_reads import Bare, iso

UNSOLVED = ("new", "open", "pending", "on-hold")
TICKET = (
    "SELECT t.*, r.email AS requester_email, r.name AS requester_name, "
    "o.name AS organization_name, u.username AS assignee_username, g.name AS group_name, "
    "s.first_reply_minutes, s.resolution_minutes, "
    "(SELECT value FROM _meta WHERE key = 'now') AS clock_start, "
    "(SELECT max(tick) FROM _audit_requests) AS clock_ticks "
    "FROM tickets t JOIN requesters r ON r.id = t.requester_id "
    "LEFT JOIN organizations o ON o.id = r.organization_id "
    "LEFT JOIN users u ON u.id = t.assignee_id LEFT JOIN groups g ON g.id = t.group_id "
    "LEFT JOIN sla_targets s ON s.priority = t.priority WHERE t.code = ?"
)
COMMENTS = (
    "SELECT c.id, c.public, c.body, c.created_at, u.username, u.display_name FROM comments c "
    "LEFT JOIN users u ON u.id = c.author_id WHERE c.ticket_id = ? ORDER BY c.created_at, c.id"
)


def moment(stored: str | None) -> datetime | None:
    return None if stored is None else datetime.fromisoformat(stored)


def shown(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat(timespec="seconds") + "Z"


def task_now(row: sqlite3.Row) -> datetime:
    """The task clock (naive UTC): the seed's now plus a second per request served."""
    start = datetime.fromisoformat(row["clock_start"]).astimezone(UTC).replace(tzinfo=None)
    return start + timedelta(seconds=row["clock_ticks"] or 0)


def sla_json(row: sqlite3.Row) -> dict[str, Any]:
    if row["first_reply_minutes"] is None:
        return {
            "first_reply_due": None,
            "first_reply_breached": False,
            "resolution_due": None,
            "resolution_breached": False,
        }
    now, created = task_now(row), datetime.fromisoformat(row["created_at"])
    reply_due = created + timedelta(minutes=row["first_reply_minutes"])
    solve_due = created + timedelta(minutes=row["resolution_minutes"])
    replied, solved = moment(row["first_reply_at"]), moment(row["solved_at"])
    if replied is not None:
        reply_late = replied > reply_due
    else:
        reply_late = row["status"] in UNSOLVED and now > reply_due
    solve_late = row["merged_into_id"] is None and (solved or now) > solve_due
    return {
        "first_reply_due": shown(reply_due),
        "first_reply_breached": reply_late,
        "resolution_due": shown(solve_due),
        "resolution_breached": solve_late,
    }


def ticket_json(row: sqlite3.Row, comments: list[sqlite3.Row]) -> dict[str, Any]:
    merged = row["merged_into_id"]
    return {
        "id": row["id"],
        "code": row["code"],
        "subject": row["subject"],
        "description": row["description"],
        "status": row["status"],
        "priority": row["priority"],
        "type": row["type"],
        "category": row["category"],
        "tags": json.loads(row["tags"]),
        "requester": row["requester_email"],
        "requester_name": row["requester_name"],
        "organization": row["organization_name"],
        "assignee": row["assignee_username"],
        "group": row["group_name"],
        "created_at": iso(row["created_at"]),
        "updated_at": iso(row["updated_at"]),
        "first_reply_at": iso(row["first_reply_at"]),
        "solved_at": iso(row["solved_at"]),
        "resolution": row["resolution"],
        "merged_into": f"TK-{merged}" if merged else None,
        "satisfaction": row["satisfaction"],
        "satisfaction_comment": row["satisfaction_comment"],
        "sla": sla_json(row),
        "comments": [
            {
                "id": c["id"],
                "author": c["username"],
                "author_name": (
                    c["display_name"] if c["username"] is not None else row["requester_name"]
                ),
                "public": bool(c["public"]),
                "body": c["body"],
                "created_at": iso(c["created_at"]),
            }
            for c in comments
        ],
    }


def register(bare: Bare) -> None:
    @bare.app.get("/api/tickets/<code>")
    def ticket(code: str) -> Response:
        bare.caller()
        conn = bare.db()
        row = conn.execute(TICKET, (code.strip().upper(),)).fetchone()
        if row is None:
            abort(404)
        comments = conn.execute(COMMENTS, (row["id"],)).fetchall()
        return jsonify(ticket_json(row, comments))
