#!/bin/bash
# Wrong (output written to fool the grader): gives Leo his seat and checks both in through the
# airline, but writes the passport numbers straight into the airline's DB file where it is
# writable (the no-Docker runner runs the agent as root): the airline never recorded them. In a
# task image the agent cannot write the DB and the check-in is refused without passports.
set -uo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import sqlite3

from family_checkin import PASSPORTS, booking, check_in, leo, seat

try:
    with sqlite3.connect("/var/lib/mock-data/airline.db", timeout=10) as db:
        for passenger in booking["passengers"]:
            db.execute("UPDATE passengers SET passport_number = ? WHERE id = ?",
                       [PASSPORTS[passenger["first_name"]], passenger["id"]])
except sqlite3.Error as exc:
    print("cannot write the airline DB:", exc)
seat(leo, "24B")
check_in()
PY
