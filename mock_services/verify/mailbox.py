"""Mail as a verifier sees it in the email service's DB: the ids that say where a mail landed,
and the expected changes of mail sent through the service.

    expect_changes("email", sent_mail("alice", ["bob"], fields={"to_addresses": [BOB]})).check()
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from mock_services.verify.expect import ANY, Added, Changed
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


def sent_mail(
    sender: str,
    delivered_to: Iterable[str],
    *,
    fields: Mapping[str, Any],
    count: int | None = 1,
    read_by: Iterable[str] | None = None,
) -> list[Added | Changed]:
    """The expected changes of mail that ``sender`` sent (user names, as in ``mailbox_ids``):
    their copy in their Sent folder (a draft or a copy elsewhere is a surprise), one in each
    of ``delivered_to``'s inboxes, each with ``fields`` (headers, subject: literals or
    predicates; the other columns are free); ``count`` copies of each (``None``: any number);
    and the read flags of ``read_by``'s messages (default: the sender's) may change."""
    ids = mailbox_ids()
    copies = [
        Added(
            "messages",
            match={"owner_id": ids[user]},
            fields={"folder_id": ids[f"{user}/{folder}"], **fields},
            others=ANY,
            count=count,
        )
        for user, folder in [(sender, "sent"), *((user, "inbox") for user in delivered_to)]
    ]
    readers = [sender] if read_by is None else list(read_by)
    reads = [
        Changed("messages", match={"owner_id": ids[user]}, fields={"is_read": ANY}, count=None)
        for user in readers
    ]
    return [*copies, *reads]
