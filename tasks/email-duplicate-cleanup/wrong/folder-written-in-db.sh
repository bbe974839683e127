#!/bin/bash
# Wrong (output written to fool the grader): where the mail DB file is writable (the no-Docker
# runner runs the agent as root), moves the extra copies to the trash folder straight in it:
# no move the webmail ever made. In a task image the agent cannot write the DB and this leaves
# everything as seeded.
set -uo pipefail
python3 - <<'PY'
import sqlite3

try:
    with sqlite3.connect("/var/lib/mock-data/email.db", timeout=10) as db:
        db.execute(
            "UPDATE messages SET original_folder_id = folder_id, "
            "folder_id = (SELECT id FROM folders WHERE name = 'trash' AND owner_id = 1) "
            "WHERE id IN (2, 6, 7, 10)"
        )
except sqlite3.Error as exc:
    print("cannot write the mail DB:", exc)
PY
