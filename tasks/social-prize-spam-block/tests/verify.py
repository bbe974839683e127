#!/usr/bin/env python3
"""Verifier of social-prize-spam-block: the three accounts whose direct messages claim a prize
and ask for personal details are blocked through the service (goal), the look-alikes (a
friend who won tickets, a friend asking for an address for invitations, a public giveaway
post, a box office) are not (goal); and the social DB changed exactly as those blocks change
it (block rows, the follows a block ends), with no message, post, follow or mute on the way."""

from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    Removed,
    Verifier,
    all_calls_as,
    expect_changes,
    never_performed,
    one_of,
    performed,
    query,
)

verifier = Verifier("social-prize-spam-block")

EXPECTED_BLOCKED = ("prize.center", "deals.daily", "lucky_draw_2026")
LOOKALIKES = ("bob", "carol", "giveaway.king", "ticketdesk", "dave")
# what the instruction forbids, even when undone before the end (a follow taken back), through
# any channel (API, MCP tool or web form): answering, posting, following, unfollowing, muting,
# and taking a block back
FORBIDDEN = (
    "send_message",
    "create_post",
    "repost",
    "follow",
    "unfollow",
    "mute",
    "unmute",
    "unblock",
)


@cache
def ids() -> dict[str, int]:
    return {r["username"]: r["id"] for r in query("social", "SELECT id, username FROM users")}


@cache
def blocked_by_alice() -> set[str]:
    names = {v: k for k, v in ids().items()}
    rows = query("social", "SELECT blocked_id FROM blocks WHERE blocker_id = ?", [ids()["alice"]])
    return {names[r["blocked_id"]] for r in rows}


@cache
def blocked_through_the_service() -> set[str]:
    """Accounts a successful ``block`` (through any channel) blocked, by the block rows the
    audit log links to it."""
    names = {v: k for k, v in ids().items()}
    return {
        names[change.after["blocked_id"]]
        for entry in performed("social", "block")
        for change in entry.changes
        if change.table == "blocks" and change.after
    }


@verifier.checkpoint(weight=3, goal=True, rationale="every prize scammer is blocked")
def scammers_blocked() -> float:
    done = [
        name in blocked_by_alice() and name in blocked_through_the_service()
        for name in EXPECTED_BLOCKED
    ]
    return sum(done) / len(done)


@verifier.checkpoint(weight=2, goal=True, rationale="friends and look-alikes are not blocked")
def lookalikes_not_blocked() -> bool:
    wrongly = sorted(blocked_by_alice() & set(LOOKALIKES))
    assert not wrongly, f"blocked: {wrongly}"
    return True


def expected_changes() -> list[Added | Changed | Removed]:
    """The blocks, field by field, and the follows between alice and a blocked account; reading
    messages and notifications (marking them read) is harmless."""
    alice, scammers = ids()["alice"], [ids()[n] for n in EXPECTED_BLOCKED]
    ended = query(
        "social",
        "SELECT id FROM follows WHERE (follower_id = ? AND followee_id IN ({q})) "
        "OR (followee_id = ? AND follower_id IN ({q}))".format(q=", ".join("?" * len(scammers))),
        [alice, *scammers, alice, *scammers],
        seed=True,
    )
    return [
        Added(
            "blocks",
            count=len(EXPECTED_BLOCKED),
            fields={"blocker_id": alice, "blocked_id": one_of(*scammers), "created_at": ANY},
        ),
        Removed("follows", match={"id": one_of(*(r["id"] for r in ended))}, count=len(ended)),
        Changed("messages", fields={"read_at": ANY}, count=None),
        Changed("notifications", fields={"read_at": ANY}, count=None),
    ]


@verifier.checkpoint(
    weight=3, rationale="only those blocks happened, as alice, with no message, post or follow"
)
def nothing_else_changed() -> bool:
    expect_changes("social", expected_changes()).check()
    never_performed("social", *FORBIDDEN).check()
    all_calls_as("social", "alice").check()
    return True


if __name__ == "__main__":
    verifier.main()
