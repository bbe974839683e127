"""Who a mail of the agent's reaches, for the personas of a task: each local recipient's copy
of it (the rows the send wrote, whatever the channel), answered by a reply to that copy."""

from __future__ import annotations

import json
from typing import Any

from mock_services.core.data.audit import Change
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.hearing import Heard, Hearing, WorldCall

SENDING = frozenset({"send_message", "reply", "reply_all", "forward", "send_draft"})


def heard(tx: Transaction, changes: list[Change]) -> list[Heard]:
    """A ``Heard`` per recipient's copy the request wrote (the sender's own copy aside)."""
    copies = [
        after
        for table, _row, action, _before, after in changes
        if table == "messages" and action == "insert" and after is not None
    ]
    if not copies:
        return []
    owners = {copy["owner_id"] for copy in copies}
    marks = ", ".join("?" * len(owners))
    users = {
        row["id"]: (row["username"], row["email"])
        for row in tx.all(
            f"SELECT id, username, email FROM users WHERE id IN ({marks})", list(owners)
        )
    }
    return [
        Heard(to=users[copy["owner_id"]][0], text=_text(copy), answer=_reply_to(copy["id"]))
        for copy in copies
        if copy["owner_id"] in users and users[copy["owner_id"]][1] != copy["from_address"]
    ]


def _text(copy: dict[str, Any]) -> str:
    return f"{copy.get('subject') or ''}\n\n{copy.get('body') or ''}"


def _reply_to(message_id: int) -> Any:
    def answer(text: str) -> WorldCall:
        return WorldCall("reply", {"message_id": message_id}, {"body": text})

    return answer


def recipients(changes: list[Change]) -> list[str]:
    """Every to, cc and bcc address of the messages the request wrote (a sent copy, a draft
    sent, the recipients' copies), in lower case: outside addresses too."""
    found: dict[str, None] = {}
    for table, _row, action, _before, after in changes:
        if table == "messages" and action in ("insert", "update") and after is not None:
            for column in ("to_addresses", "cc_addresses", "bcc_addresses"):
                found.update(dict.fromkeys(a.lower() for a in _addresses(after.get(column))))
    return list(found)


def _addresses(value: Any) -> list[str]:
    """A row's address list as the audit log keeps it (a list, or its JSON text)."""
    if isinstance(value, str):
        value = json.loads(value)
    return [a for a in value or [] if isinstance(a, str)]


HEARING = Hearing(operations=SENDING, heard=heard, recipients=recipients)
