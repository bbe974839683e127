#!/usr/bin/env python3
"""Verifier of @@NAME@@: checkpoints over the final state of @@SERVICES@@.

Each checkpoint has a weight and a rationale; the reward is their weighted mean. Values the
agent has to find on its own go in EXPECTED_* constants (or tests/answer_key.json): the
validator makes sure instruction.md never gives them away.
"""

from mock_services.verify import Verifier, diff_service

verifier = Verifier("@@NAME@@")

# The only changes the task allows (replace with the task's real expectations).
ALLOWED_CHANGES = {"@@MAIN_TABLE@@": ["added", "changed"]}


@verifier.checkpoint(weight=3, goal=True, rationale="the agent made the change the user asked for")
def requested_change_made() -> bool:
    diff = diff_service("@@FIRST_SERVICE@@")
    return bool(diff.added("@@MAIN_TABLE@@") or diff.changed("@@MAIN_TABLE@@"))


@verifier.checkpoint(weight=1, rationale="nothing outside the request was changed")
def nothing_else_changed() -> bool:
    diff = diff_service("@@FIRST_SERVICE@@")
    problems = diff.unexpected(ALLOWED_CHANGES)
    assert not problems, "; ".join(problems)
    return True


if __name__ == "__main__":
    verifier.main()
