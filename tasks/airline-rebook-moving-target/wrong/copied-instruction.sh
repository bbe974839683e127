#!/bin/bash
# wrong (content: copied instruction: books LC516, then mails Dana the instruction itself,
# with the flight and its landing time added at the end)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import current, lands, mail_dana, rebook, the_right_flight

right = the_right_flight()
rebook(right)
body = """LightCloud Airways cancelled my flight from Boston to Chicago O'Hare tomorrow (their mail is in
my inbox). Please move my booking to the earliest flight on the same route that same day that is
still operating and has a seat for me, and once I am booked on it, email Dana, who is waiting
for me at O'Hare, with my new flight number and the time I land in Chicago (Chicago time)."""
flight = current(right)
mail_dana("My Chicago flight", f"{body}\n\n{flight['number']}, {lands(flight)}")
print("moved; mailed the instruction")
PY
