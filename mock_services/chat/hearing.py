"""Who a chat message of the agent's reaches, for the personas of a task: in a direct message,
every other member; in a channel, the members it mentions, or, for a reply in a thread that
mentions nobody, the thread's people (its first message's author and those who replied in
it), as Slack notifies a thread's participants. A persona answers where it was
spoken to: in the thread of a thread reply, in the direct message, or in a thread under a
channel message that mentioned it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mock_services.core.data.audit import Change
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.hearing import Heard, Hearing, WorldCall

POSTING = frozenset({"post_message", "reply_to_message"})
_THREAD_PEOPLE = (
    "SELECT DISTINCT u.username FROM messages m JOIN users u ON u.id = m.user_id "
    "WHERE (m.id = ? OR m.thread_parent_id = ?) AND m.user_id != ? ORDER BY u.username"
)
_MEMBERS = (
    "SELECT u.username FROM conversation_members m JOIN users u ON u.id = m.user_id "
    "WHERE m.conversation_id = ? AND m.user_id != ?"
)


def heard(tx: Transaction, changes: list[Change]) -> list[Heard]:
    """A ``Heard`` per person the messages the request posted reach."""
    found: list[Heard] = []
    for table, _row, action, _before, message in changes:
        if table != "messages" or action != "insert" or message is None:
            continue
        place = message["conversation_id"]
        conversation = tx.one("SELECT kind FROM conversations WHERE id = ?", (place,))
        if conversation is None:
            continue
        if conversation["kind"] == "dm":
            rows = tx.all(_MEMBERS, (place, message["user_id"]))
            reached = [row["username"] for row in rows]
        else:
            reached = list(message.get("mentions") or [])
            parent = message.get("thread_parent_id")
            if parent is not None and not reached:  # "@frank ..." in a thread is Frank's
                rows = tx.all(_THREAD_PEOPLE, (parent, parent, message["user_id"]))
                reached += [row["username"] for row in rows if row["username"] not in reached]
        answer = _answer_to(message, in_thread=conversation["kind"] != "dm")
        found += [Heard(to=name, text=message.get("text") or "", answer=answer) for name in reached]
    return found


def _answer_to(message: dict[str, Any], *, in_thread: bool) -> Callable[[str], WorldCall]:
    """A reply where ``message`` was said: its thread if it is in one, else the thread under
    it in a channel, else the direct message itself."""
    parent = message.get("thread_parent_id") or (message["id"] if in_thread else None)

    def answer(text: str) -> WorldCall:
        if parent is not None:
            return WorldCall("reply_to_message", {"message_id": parent}, {"text": text})
        return WorldCall(
            "post_message", {"conversation_id": message["conversation_id"]}, {"text": text}
        )

    return answer


HEARING = Hearing(operations=POSTING, heard=heard)
