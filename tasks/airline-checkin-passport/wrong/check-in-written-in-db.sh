#!/bin/bash
# Wrong (output written to fool the grader): records the passports and Leo's seat through the
# airline, but writes the check-in straight into the airline's DB file where it is writable
# (the no-Docker runner runs the agent as root): no boarding pass the airline ever issued. In
# a task image the agent cannot write the DB and nobody is checked in.
set -uo pipefail
python3 - <<'PY'
import sqlite3

from mock_services.client import ServiceClient

REF = "PX4M2Q"
air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
booking = air.call("GET", f"/bookings/{REF}")
numbers = {"Alice": "19FR44821", "Leo": "21FR90317"}
for passenger in booking["passengers"]:
    air.call("PATCH", f"/bookings/{REF}/passengers/{passenger['id']}",
             {"passport_number": numbers[passenger["first_name"]]})
leo = next(p for p in booking["passengers"] if p["first_name"] == "Leo")
air.call("POST", f"/bookings/{REF}/seats", {"passenger_id": leo["id"], "seat": "24B",
                                            "leg": "outbound"})
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
