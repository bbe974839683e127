#!/bin/bash
# Wrong (output written to fool the grader): gives Leo his seat and checks both in through the
# airline, but writes the passport numbers straight into the airline's DB file where it is
# writable (the no-Docker runner runs the agent as root): the airline never recorded them. In a
# task image the agent cannot write the DB and the check-in is refused without passports.
set -uo pipefail
python3 - <<'PY'
import sqlite3

from mock_services.client import ServiceClient

REF = "PX4M2Q"
numbers = {"Alice": "19FR44821", "Leo": "21FR90317"}
air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
booking = air.call("GET", f"/bookings/{REF}")
try:
    with sqlite3.connect("/var/lib/mock-data/airline.db", timeout=10) as db:
        for passenger in booking["passengers"]:
            db.execute("UPDATE passengers SET passport_number = ? WHERE id = ?",
                       [numbers[passenger["first_name"]], passenger["id"]])
except sqlite3.Error as exc:
    print("cannot write the airline DB:", exc)
leo = next(p for p in booking["passengers"] if p["first_name"] == "Leo")
air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": leo["id"], "seat": "24B",
                                            "leg": "outbound"})
air.call("POST", f"/bookings/{REF}/check-in", {"leg": "outbound"})
PY
