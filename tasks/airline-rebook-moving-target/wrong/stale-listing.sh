#!/bin/bash
# wrong (ignores the event through the other read: lists the day's flights (list_flights), keeps the earliest with a seat, LC514, is refused, and mails Dana LC514 anyway)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import day_flights, lands, tell_dana, try_rebook

flights = sorted(day_flights().values(), key=lambda f: f["scheduled_departure"])
first = next(f for f in flights if f["number"] != "LC512" and f["status"] != "cancelled"
             and f["fares"][0]["seats_available"] > 0)
try_rebook(first)
tell_dana(first["number"], lands(first))
print("mailed", first["number"])
PY
