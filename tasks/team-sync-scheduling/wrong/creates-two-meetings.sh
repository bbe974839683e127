#!/bin/bash
# wrong (duplicate): books the right slot 13:30-14:15 Paris, then, unsure whether the flaky
# service saved it, creates the same 'Team sync' again, leaving two meetings (the instruction says
# exactly one).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from sync_booker import DAY, create
a = create(f"{DAY}T13:30:00", f"{DAY}T14:15:00")
b = create(f"{DAY}T13:30:00", f"{DAY}T14:15:00")
print("created", a["id"], b["id"])
PY
