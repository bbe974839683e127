#!/bin/bash
# wrong (near-twin guests): books the right slot but invites bob.okafor@example.test and carol.diaz@example.test, outside look-alike addresses, not the users Bob and Carol.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_sync import book

book(attendees=[{"email": "bob.okafor@example.test"}, {"email": "carol.diaz@example.test"}])
PY
