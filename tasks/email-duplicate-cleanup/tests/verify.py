#!/usr/bin/env python3
"""Verifier of email-duplicate-cleanup: each mail delivered to the inbox more than once keeps
exactly one copy there, the extra copies were moved to the trash through the webmail (not
deleted for good), every other mail stays where it was (goals); and the mailbox changed field by
field only by those moves, with no flag, label, folder change or deletion on the way, not even
one undone before the end (but for the read mark the webmail sets on a mail opened, once "Mark
as unread" took it back: reading a mail there is not marking it).

Duplicates are found in the pristine seed DB (inbox copies sharing a Message-ID), so the
verifier follows the seed rather than hard-coded ids.
"""

from collections import defaultdict
from functools import cache

from mock_services.verify import (
    AuditEntry,
    Changed,
    Result,
    Verifier,
    all_calls_as,
    audit_log,
    expect_changes,
    one_of,
    query,
)

verifier = Verifier("email-duplicate-cleanup")

USER = "alice"
MAILBOX = (
    "SELECT m.id, m.message_id, f.name AS folder FROM messages m "
    "JOIN folders f ON f.id = m.folder_id JOIN users u ON u.id = m.owner_id "
    "WHERE u.username = ?"
)


@cache
def groups() -> dict[str, list[int]]:
    """Message-ID -> ids of its inbox copies in the seed, for the duplicated ones only."""
    by_mid = defaultdict(list)
    for row in query("email", MAILBOX, [USER], seed=True):
        if row["folder"] == "inbox":
            by_mid[row["message_id"]].append(row["id"])
    return {mid: sorted(ids) for mid, ids in by_mid.items() if len(ids) > 1}


@cache
def copies() -> frozenset[int]:
    return frozenset(i for ids in groups().values() for i in ids)


@cache
def folders(*, seed: bool = False) -> dict[int, str]:
    return {row["id"]: row["folder"] for row in query("email", MAILBOX, [USER], seed=seed)}


@cache
def folder_id(name: str) -> int:
    sql = "SELECT f.id FROM folders f JOIN users u ON u.id = f.owner_id "
    sql += "WHERE u.username = ? AND f.name = ?"
    (row,) = query("email", sql, [USER, name], seed=True)
    return row["id"]


@cache
def trashed_by_a_call() -> frozenset[int]:
    """Messages a successful webmail request moved to the trash, whichever operation and
    channel (API, MCP tool, web form), from the audit log's row changes."""
    return frozenset(
        int(change.row_id)
        for entry in audit_log("email")
        if entry.status is not None and entry.status < 400
        for change in entry.changes
        if change.table == "messages"
        and change.action == "update"
        and (change.after or {}).get("folder_id") == folder_id("trash")
    )


def in_trash(message_id: int) -> bool:
    return folders().get(message_id) == "trash" and message_id in trashed_by_a_call()


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="every extra copy was moved to the trash by the webmail, not deleted for good",
)
def extra_copies_trashed() -> Result:
    extra = sum(len(ids) - 1 for ids in groups().values())
    done = sum(min(sum(map(in_trash, ids)), len(ids) - 1) for ids in groups().values())
    gone = sorted(i for i in copies() if i not in folders())
    return Result(done / extra, f"deleted for good: {gone}" if gone else "")


@verifier.checkpoint(
    weight=2, goal=True, rationale="each duplicated mail is still in the inbox exactly once"
)
def one_copy_kept() -> float:
    kept = [sum(folders().get(i) == "inbox" for i in ids) == 1 for ids in groups().values()]
    return sum(kept) / len(kept)


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="every other mail, the look-alikes included, is still where it was",
)
def others_kept() -> bool:
    moved = {
        i: folders().get(i, "deleted")
        for i, folder in folders(seed=True).items()
        if i not in copies() and folders().get(i) != folder
    }
    assert not moved, f"not duplicates, yet moved or deleted: {moved}"
    return True


@cache
def read_flags(*, seed: bool = False) -> dict[int, bool]:
    sql = "SELECT m.id, m.is_read FROM messages m JOIN users u ON u.id = m.owner_id "
    sql += "WHERE u.username = ?"
    return {row["id"]: bool(row["is_read"]) for row in query("email", sql, [USER], seed=seed)}


def read_by_opening(entry: AuditEntry, table: str, row_id: int, changed: set[str]) -> bool:
    """The webmail marks a mail read when it is opened (as Gmail does) and its page's "Mark as
    unread" takes that back: a read flag set on the message page (update_flags via the UI) on
    a mail that ends as read or unread as it was is reading it, not a detour. Marking mails
    read or unread any other way (the API, the list's toolbar) stays one, even undone."""
    return (
        entry.operation == "update_flags"
        and entry.via == "ui"
        and table == "messages"
        and changed == {"is_read"}
        and read_flags().get(row_id) == read_flags(seed=True).get(row_id)
    )


def detours() -> list[str]:
    """Every audited change that is not a duplicate's copy going to the trash: a flag, label,
    other folder, restore or deletion, also when a later call undid it (but for the read mark
    opening a mail in the webmail sets, when it was taken back)."""
    found = []
    for entry in audit_log("email"):
        for change in entry.changes:
            after = change.after or {}
            before = change.before or {}
            changed = {k for k in after if after.get(k) != before.get(k)}
            if read_by_opening(entry, change.table, int(change.row_id), changed):
                continue
            to_trash = (
                change.table == "messages"
                and change.action == "update"
                and int(change.row_id) in copies()
                and after.get("folder_id") == folder_id("trash")
                and changed <= {"folder_id", "original_folder_id"}
            )
            if not to_trash:
                found.append(
                    f"call {entry.id} {entry.operation} via {entry.via}: {change.action} "
                    f"{change.table} {change.row_id} {sorted(changed)}"
                )
    return found


@verifier.checkpoint(
    weight=3,
    rationale="only the extra copies moved to the trash, field by field, and no call did "
    "anything else, even undone; every call as Alice",
)
def nothing_else_changed() -> bool:
    expect_changes(
        "email",
        [
            Changed(
                "messages",
                match={"id": one_of(*sorted(copies()))},
                fields={"folder_id": folder_id("trash"), "original_folder_id": folder_id("inbox")},
                count=sum(len(ids) - 1 for ids in groups().values()),
            )
        ],
    ).check()
    found = detours()
    assert not found, "; ".join(found)
    all_calls_as("email", USER).check()
    return True


if __name__ == "__main__":
    verifier.main()
