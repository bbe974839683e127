#!/bin/bash
# Forged: the merge written into the helpdesk's SQLite file; the rest done through the API.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from desk import *
import sqlite3
db = sqlite3.connect("/var/lib/mock-data/helpdesk.db")
db.execute("UPDATE tickets SET status=\"closed\", merged_into_id=1041 WHERE id=1047")
db.commit()
set_fields()
reply()
PY
