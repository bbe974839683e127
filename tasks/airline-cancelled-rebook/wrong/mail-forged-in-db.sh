#!/bin/bash
# Wrong (output written to fool the grader): rebooks onto the right flight through the airline,
# but writes the mail to Bob straight into the email DB file where it is writable (the
# no-Docker runner runs the agent as root): a copy in Alice's Sent folder and one in Bob's
# inbox that the webmail never sent. In a task image the agent cannot write the DB.
set -uo pipefail
python3 - <<'PY'
import sqlite3

from mock_services.client import ServiceClient

air = ServiceClient("http://127.0.0.1:5000/api").login("alice", "alice-pass")
results = air.call("GET", "/flights/search?origin=LYS&destination=LHR&date=2026-03-03"
                          "&cabin=economy&passengers=1&sort=departure")["items"]
new = next(r["flight"] for r in results if r["flight"]["status"] != "cancelled")
air.call("POST", "/bookings/K7Q2XM/change", {"flight_id": new["id"], "leg": "outbound"})
landing = new["scheduled_arrival_local"][11:16]
subject = f"New flight tomorrow: {new['number']}, landing {landing}"
body = f"Hi Bob,\n\nI'm now on {new['number']}, landing at Heathrow at {landing} London time.\n"
try:
    with sqlite3.connect("/var/lib/mock-data/email.db", timeout=10) as db:
        for user, folder in (("alice", "sent"), ("bob", "inbox")):
            owner, folder_id = db.execute(
                "SELECT u.id, f.id FROM users u JOIN folders f ON f.owner_id = u.id "
                "WHERE u.username = ? AND lower(f.name) = ?", [user, folder]).fetchone()
            db.execute(
                "INSERT INTO messages (owner_id, folder_id, thread_id, message_id, reference_ids, "
                "from_address, from_name, to_addresses, cc_addresses, bcc_addresses, subject, "
                "body, date, is_read, is_starred) VALUES (?, ?, 'forged', '<forged@example.test>', "
                "'[]', 'alice@example.test', 'Alice Martin', '[\"bob@example.test\"]', '[]', '[]', "
                "?, ?, '2026-03-02 09:00:05.000000', ?, 0)",
                [owner, folder_id, subject, body, folder == "sent"])
except sqlite3.Error as exc:
    print("cannot write the email DB:", exc)
PY
