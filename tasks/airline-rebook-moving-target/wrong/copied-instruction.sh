#!/bin/bash
# wrong (content: books LC516, then mails Dana the instruction itself)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from pathlib import Path

from mover import mail_dana, rebook, the_right_flight

rebook(the_right_flight())
text = Path("/tests/instruction.md") if Path("/tests/instruction.md").exists() else None
body = text.read_text() if text else """LightCloud Airways cancelled my flight from Boston to Chicago O'Hare tomorrow (their mail is in
my inbox). Please move my booking to the earliest flight on the same route that same day that is
still operating and has a seat for me, and once I am booked on it, email Dana, who is waiting
for me at O'Hare, with my new flight number and the time I land in Chicago (Chicago time)."""
mail_dana("My Chicago flight", body)
print("moved; mailed the instruction")
PY
