#!/usr/bin/env python3
"""Verifier of email-duplicate-cleanup: each mail delivered to the inbox more than once keeps
exactly one copy there, the extra copies are in the trash (or deleted), and nothing else moved.

Duplicates are found in the pristine seed DB (inbox copies sharing a Message-ID), so the
verifier follows the seed rather than hard-coded ids.
"""

from collections import defaultdict
from functools import cache

from mock_services.verify import Verifier, diff_service, query

verifier = Verifier("email-duplicate-cleanup")

INBOX = (
    "SELECT m.id, m.message_id, f.name AS folder FROM messages m "
    "JOIN folders f ON f.id = m.folder_id JOIN users u ON u.id = m.owner_id "
    "WHERE u.username = 'alice'"
)


@cache
def groups() -> dict[str, list[int]]:
    """Message-ID -> ids of its inbox copies in the seed, for the duplicated ones only."""
    by_mid = defaultdict(list)
    for row in query("email", INBOX, seed=True):
        if row["folder"] == "inbox":
            by_mid[row["message_id"]].append(row["id"])
    return {mid: sorted(ids) for mid, ids in by_mid.items() if len(ids) > 1}


@cache
def folders_now() -> dict[int, str]:
    return {row["id"]: row["folder"] for row in query("email", INBOX)}


def gone(message_id: int) -> bool:
    return folders_now().get(message_id, "trash") == "trash"


@verifier.checkpoint(weight=3, rationale="every extra copy left the inbox for the trash")
def extra_copies_trashed() -> float:
    extra = sum(len(ids) - 1 for ids in groups().values())
    trashed = sum(min(sum(gone(i) for i in ids), len(ids) - 1) for ids in groups().values())
    return trashed / extra


@verifier.checkpoint(weight=2, rationale="each duplicated mail is still in the inbox exactly once")
def one_copy_kept() -> float:
    kept = [sum(folders_now().get(i) == "inbox" for i in ids) == 1 for ids in groups().values()]
    return sum(kept) / len(kept)


@verifier.checkpoint(weight=1, rationale="the look-alike mails (same subject, other mail) stay")
def lookalikes_untouched() -> bool:
    duplicated = {i for ids in groups().values() for i in ids}
    seed = {row["id"]: row["folder"] for row in query("email", INBOX, seed=True)}
    moved = [
        i for i, folder in seed.items() if i not in duplicated and folders_now().get(i) != folder
    ]
    assert not moved, f"messages {moved} are not duplicates but were moved or deleted"
    return True


@verifier.checkpoint(weight=1, rationale="nothing but the duplicates' folders changed")
def nothing_else_changed() -> bool:
    diff = diff_service("email")
    duplicated = {i for ids in groups().values() for i in ids}
    problems = diff.unexpected({"messages": ["changed", "removed"]})
    for change in diff.changed("messages"):
        extra = set(change.fields) - {"folder_id", "original_folder_id"}
        if change.key[0] not in duplicated or extra:
            problems.append(f"message {change.key[0]}: {sorted(change.fields)} changed")
    problems += [
        f"message {r['id']} deleted" for r in diff.removed("messages") if r["id"] not in duplicated
    ]
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
