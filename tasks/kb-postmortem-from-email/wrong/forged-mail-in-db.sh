#!/bin/bash
# Wrong (written to fool the grader): publishes and lists the page through the wiki, but writes
# the mail into the mail DB file (Alice's Sent copy and one in each inbox) instead of sending it.
set -uo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import json, sqlite3
from postmortem_steps import *
page = publish()
link(page)
try:
    with sqlite3.connect("/var/lib/mock-data/email.db", timeout=10) as db:
        users = dict(db.execute("SELECT username, id FROM users"))
        folders = {(o, n): i for i, o, n in db.execute("SELECT id, owner_id, name FROM folders")}
        for user, folder in (("alice", "sent"), ("frank", "inbox"), ("grace", "inbox")):
            db.execute(
                "INSERT INTO messages (owner_id, folder_id, thread_id, message_id, from_address, from_name, "
                "to_addresses, cc_addresses, bcc_addresses, reference_ids, subject, body, date, is_read, is_starred) "
                "VALUES (?, ?, 'pm', '<pm@example.test>', 'alice@example.test', 'Alice Martin', ?, '[]', '[]', '[]', ?, ?, "
                "'2026-12-03 09:01:00', ?, 0)",
                (users[user], folders[(users[user], folder)], json.dumps(TEAM), page["title"],
                 f"http://localhost:5130/pages/{page['id']}", user == "alice"))
except sqlite3.Error as exc:
    print("cannot write the mail DB:", exc)
PY
