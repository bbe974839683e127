#!/bin/bash
# Wrong (output written to fool the grader): records the passports and Leo's seat through the
# airline, but writes the check-in straight into the airline's DB file where it is writable
# (the no-Docker runner runs the agent as root): no boarding pass the airline ever issued. In
# a task image the agent cannot write the DB and nobody is checked in.
set -uo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import sqlite3

from family_checkin import PASSPORTS, REF, booking, leo, passport, seat

for passenger in booking["passengers"]:
    passport(passenger, PASSPORTS[passenger["first_name"]])
seat(leo, "24B")
try:
    with sqlite3.connect("/var/lib/mock-data/airline.db", timeout=10) as db:
        db.execute(
            "UPDATE tickets SET checked_in_at = '2026-03-02 09:00:05.000000', "
            "boarding_sequence = passenger_id WHERE leg = 'outbound' AND booking_id = "
            "(SELECT id FROM bookings WHERE reference = ?)",
            [REF],
        )
except sqlite3.Error as exc:
    print("cannot write the airline DB:", exc)
PY
