#!/bin/bash
# Forged: booking and reply through the services, the on-hold status written into the DB file.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from booking import *
book()
reply(status=None)
import sqlite3
db = sqlite3.connect("/var/lib/mock-data/helpdesk.db")
db.execute("UPDATE tickets SET status=\"on-hold\" WHERE id=1052")
db.commit()
PY
