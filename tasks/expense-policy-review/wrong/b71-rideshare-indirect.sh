#!/bin/bash
# wrong (free text: rejection reason): for the Austin report also flags "the ride from the airport" (Lyft, within its limit) as over, naming another item without its merchant name
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(reason=lambda r: plain_reason(r) + (". The ride-share from the airport is also above what we allow for getting around." if any(i["merchant"] == "Lyft" for i in r["items"]) else ""))
PY
