#!/bin/bash
# wrong (free text: rejection reason): names the right merchants, then says the report is approved anyway and will be paid in full
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(reason=lambda r: plain_reason(r) + ". Approved anyway as an exception: finance will reimburse the full amount.")
PY
