"""Ids a verifier needs to say where a mail landed, read from the email service's DB."""

from __future__ import annotations

from functools import cache

from mock_services.verify.state import query


@cache
def mailbox_ids() -> dict[str, int]:
    """User and folder ids of the email service: ``"alice"``, ``"alice/sent"``,
    ``"bob/inbox"``... (folder names lower-cased), so an expected change can say "in Alice's
    Sent folder" or "a copy in Bob's inbox"."""
    users = {r["username"]: r["id"] for r in query("email", "SELECT id, username FROM users")}
    owners = {uid: name for name, uid in users.items()}
    ids = dict(users)
    for row in query("email", "SELECT id, owner_id, name FROM folders"):
        ids[f"{owners[row['owner_id']]}/{row['name'].lower()}"] = row["id"]
    return ids
