#!/bin/bash
# Wrong (output written to fool the grader): rebooks onto the right flight, but mails Bob the
# whole list of the day's flights with their landing times, so the mail names the right ones
# whatever they are, and Bob cannot tell which flight to meet.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking_mover import DAY, air, earliest_open, lands, mail_bob, rebook

flights = air.call("GET", f"/flights?origin=LYS&destination=LHR&date={DAY}")["items"]
open_ = [f for f in flights if f["status"] != "cancelled"]
rebook(earliest_open())
lines = "\n".join(f"- {f['number']}: lands {lands(f)} London time" for f in open_)
mail_bob("My flight tomorrow", f"My flight was cancelled; I'm on one of these:\n{lines}")
PY
