"""The knowledge base's loaded request, answered as ours answers it: a page by id with its body,
ancestors, children, links both ways, open comments, watchers and upcoming reviews, to a
caller who may read it (their level in its space, drafts to their author and the space's
admins); ancestors, children and backlinks the caller may not read are left out, and a link
to such a page leads to null. A 403 to anyone else. Reviews end after the service's clock:
its seeded now, a second later per write served."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Response, abort, jsonify

from bench.bare_reads import Bare, iso

LEVELS = ("none", "view", "edit", "admin")
SPACES = (
    "SELECT s.id, s.key, s.default_access, g.level AS granted, "
    "(SELECT role FROM users WHERE id = ?1) AS role FROM spaces s "
    "LEFT JOIN space_permissions g ON g.space_id = s.id AND g.user_id = ?1"
)
PAGE = (
    "SELECT p.*, a.username AS author, e.username AS updated_by, "
    "(SELECT count(*) FROM comments WHERE page_id = p.id AND resolved = 0) AS open_comments, "
    "(SELECT value FROM _meta WHERE key = 'now') AS seeded_now, "
    "(SELECT max(tick) FROM _audit_requests) AS ticks "
    "FROM pages p JOIN users a ON a.id = p.author_id JOIN users e ON e.id = p.updated_by_id "
    "WHERE p.id = ?"
)
ANCESTORS = (
    "WITH RECURSIVE up(id, parent_id, depth) AS (SELECT id, parent_id, 0 FROM pages WHERE id = ? "
    "UNION ALL SELECT p.id, p.parent_id, up.depth + 1 FROM pages p JOIN up ON p.id = up.parent_id) "
    "SELECT p.id, p.title, p.space_id, p.status, p.author_id FROM up JOIN pages p ON p.id = up.id "
    "WHERE up.depth > 0 ORDER BY up.depth DESC"
)
NEAR = (
    "SELECT id, title, space_id, status, author_id, parent_id = ?1 AS child, "
    "id IN (SELECT page_id FROM page_links WHERE target_id = ?1) AS backlink FROM pages "
    "WHERE parent_id = ?1 OR id IN (SELECT page_id FROM page_links WHERE target_id = ?1) "
    "ORDER BY title, id"
)
LINKS = (
    "SELECT l.target, p.id, p.title, p.space_id, p.status, p.author_id FROM page_links l "
    "LEFT JOIN pages p ON p.id = l.target_id WHERE l.page_id = ? ORDER BY l.id"
)
WATCHERS = (
    "SELECT u.id, u.username FROM watches w JOIN users u ON u.id = w.user_id WHERE w.page_id = ? "
    "ORDER BY u.username"
)
REVIEWS = (
    'SELECT r.id, u.username AS organizer, r.start, r."end", r.attendees, r.note, r.created_at '
    "FROM page_reviews r JOIN users u ON u.id = r.organizer_id "
    'WHERE r.page_id = ? AND r."end" > ? ORDER BY r.start, r.id'
)


def level(role: str, default_access: str, granted: str | None) -> int:
    """A user's level in a space, as an index of ``LEVELS``."""
    if role == "admin":
        return 3
    base = 0 if role == "guest" else LEVELS.index(default_access)
    return max(base, LEVELS.index(granted or "none"))


def now_stored(seeded_now: str, ticks: int | None) -> str:
    """The service's clock (its seeded now, a second later per write served), as stored."""
    now = datetime.fromisoformat(seeded_now).astimezone(UTC).replace(tzinfo=None)
    return (now + timedelta(seconds=ticks or 0)).isoformat(" ", "microseconds")


def register(bare: Bare) -> None:
    @bare.app.get("/api/pages/<int:page_id>")
    def page(page_id: int) -> Response:
        user_id = bare.caller()
        db = bare.db()
        p = db.execute(PAGE, (page_id,)).fetchone()
        if p is None:
            abort(404)
        keys, levels = {}, {}
        for s in db.execute(SPACES, (user_id,)):
            keys[s["id"]] = s["key"]
            levels[s["id"]] = level(s["role"], s["default_access"], s["granted"])

        def readable(space_id: int, status: str, author_id: int) -> bool:
            at = levels[space_id]
            return at >= 1 and (status != "draft" or author_id == user_id or at == 3)

        if not readable(p["space_id"], p["status"], p["author_id"]):
            abort(403)

        def ref(r: Any) -> dict[str, Any]:
            return {
                "id": r["id"],
                "title": r["title"],
                "space": keys[r["space_id"]],
                "status": r["status"],
            }

        near = [
            r
            for r in db.execute(NEAR, (page_id,))
            if readable(r["space_id"], r["status"], r["author_id"])
        ]
        watchers = db.execute(WATCHERS, (page_id,)).fetchall()
        now = now_stored(p["seeded_now"], p["ticks"])
        return jsonify(
            {
                "id": p["id"],
                "space": keys[p["space_id"]],
                "title": p["title"],
                "status": p["status"],
                "labels": json.loads(p["labels"]),
                "version": p["version"],
                "parent_id": p["parent_id"],
                "author": p["author"],
                "created_at": iso(p["created_at"]),
                "updated_at": iso(p["updated_at"]),
                "updated_by": p["updated_by"],
                "body": p["body"],
                "ancestors": [
                    ref(r)
                    for r in db.execute(ANCESTORS, (page_id,))
                    if readable(r["space_id"], r["status"], r["author_id"])
                ],
                "children": [ref(r) for r in near if r["child"]],
                "links": [
                    {
                        "target": r["target"],
                        "page": ref(r)
                        if r["id"] is not None
                        and readable(r["space_id"], r["status"], r["author_id"])
                        else None,
                    }
                    for r in db.execute(LINKS, (page_id,))
                ],
                "backlinks": [ref(r) for r in near if r["backlink"]],
                "open_comments": p["open_comments"],
                "watchers": [r["username"] for r in watchers],
                "watching": any(r["id"] == user_id for r in watchers),
                "can_edit": levels[p["space_id"]] >= 2 and p["status"] != "archived",
                "reviews": [
                    {
                        "id": r["id"],
                        "page_id": page_id,
                        "organizer": r["organizer"],
                        "start": iso(r["start"]),
                        "end": iso(r["end"]),
                        "attendees": json.loads(r["attendees"]),
                        "note": r["note"],
                        "created_at": iso(r["created_at"]),
                    }
                    for r in db.execute(REVIEWS, (page_id, now))
                ],
            }
        )
