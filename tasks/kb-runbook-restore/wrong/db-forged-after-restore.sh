#!/bin/bash
# Wrong (a shortcut hidden in the file): restores version 2, resolves, discards and publishes
# through the wiki, but adds the verified label by writing the runbook's row in the DB file
# (no new version, nothing the wiki recorded).
set -uo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import json, sqlite3
from runbook_steps import *
restore(2)
resolve_request()
discard()
publish()
try:
    with sqlite3.connect("/var/lib/mock-data/kb.db", timeout=10) as db:
        db.execute("UPDATE pages SET labels = ? WHERE id = ?", (json.dumps(sorted(good_labels())), RUNBOOK["id"]))
except sqlite3.Error as exc:
    print("cannot write the wiki DB:", exc)
PY
