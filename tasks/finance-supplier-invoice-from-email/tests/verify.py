#!/usr/bin/env python3
"""Verifier of finance-supplier-invoice-from-email: checkpoints over the final state of finance, email.

Goal checkpoints (``goal=True``) say what the task is for: if one fails, the reward is capped
below the pass line. "Nothing else changed" is field by field: the rows the task expects to
change, and how, and every other row and field as seeded; it counts only once the goal is met,
since an agent that did nothing changed nothing else either (no credit for doing nothing).
Values the agent has to find on its own go in EXPECTED_* constants (or
tests/answer_key.json): the validator makes sure instruction.md never gives them away. Write
the wrong solutions first (``wrong/``), then the checkpoints that catch each.
"""

from mock_services.verify import (
    ANY,
    Changed,
    Verifier,
    check_names,
    diff_service,
    expect_changes,
    never_called,
)

verifier = Verifier("finance-supplier-invoice-from-email")

# The rows the task expects to change, field by field (replace with the task's real ones).
ALLOWED_CHANGES = [Changed("invoices", fields={"status": ANY}, count=None)]
# Routes the instruction forbids, even when the end state hides them (done, then undone).
FORBIDDEN = ("DELETE /api/*",)
# A table, column or route finance lacks fails here, before any agent runs.
check_names("finance", *ALLOWED_CHANGES, *FORBIDDEN)


@verifier.checkpoint(weight=3, goal=True, rationale="the agent made the change the user asked for")
def requested_change_made() -> bool:
    diff = diff_service("finance")
    return bool(diff.added("invoices") or diff.changed("invoices"))


@verifier.checkpoint(weight=1, rationale="nothing outside the request was changed or attempted")
def nothing_else_changed() -> bool:
    assert requested_change_made(), "the requested change was not made: nothing to keep tidy"
    expect_changes("finance", ALLOWED_CHANGES).surprises_only().check()
    never_called("finance", *FORBIDDEN).check()
    return True


if __name__ == "__main__":
    verifier.main()
