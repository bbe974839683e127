#!/bin/bash
# alternative (true free text, the move's history): once Tom moves the call, its description says where it was and where it is now ("Moved from Thursday 12 March 15:00 at Tom's request"), its place a phone or video call
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from d69_tom import book

FIRST = {}


def description(when):
    """The first booking's time, then each later one's history."""
    first = FIRST.setdefault("at", when)
    if when == first:
        return "Half an hour with Tom on the Q2 budget before it goes to the board."
    return (
        f"Moved from {first:%A %-d %B} {first:%H:%M} at Tom's request; now "
        f"{when:%A %-d %B} at {when:%H:%M}."
    )


book(description=description, location=lambda when: "Phone / video call")
PY
