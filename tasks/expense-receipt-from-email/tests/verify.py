#!/usr/bin/env python3
"""Verifier of expense-receipt-from-email: checkpoints over the final state of expense, email.

Goal checkpoints (``goal=True``) say what the task is for: if one fails, the reward is capped
below the pass line. "Nothing else changed" is field by field: the rows the task expects to
change, and how, and every other row and field as seeded. Values the agent has to find on its
own go in EXPECTED_* constants (or tests/answer_key.json): the validator makes sure
instruction.md never gives them away. Write the wrong solutions first (``wrong/``), then the
checkpoints that catch each.
"""

from mock_services.verify import ANY, Changed, Verifier, diff_service, expect_changes, never_called

verifier = Verifier("expense-receipt-from-email")

# The rows the task expects to change, field by field (replace with the task's real ones).
EXPECTED_CHANGES = [Changed("reports", fields={"updated_at": ANY}, count=None)]
# Routes the instruction forbids, even when the end state hides them (done, then undone).
FORBIDDEN = ("DELETE /api/*",)


@verifier.checkpoint(weight=3, goal=True, rationale="the agent made the change the user asked for")
def requested_change_made() -> bool:
    diff = diff_service("expense")
    return bool(diff.added("reports") or diff.changed("reports"))


@verifier.checkpoint(weight=1, rationale="nothing outside the request was changed or attempted")
def nothing_else_changed() -> bool:
    expect_changes("expense", EXPECTED_CHANGES).surprises_only().check()
    never_called("expense", *FORBIDDEN).check()
    return True


if __name__ == "__main__":
    verifier.main()
