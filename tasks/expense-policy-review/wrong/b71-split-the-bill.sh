#!/bin/bash
# wrong (free text: rejection reason): right merchants, but tells the owner to split the over-limit bill into two smaller receipts and resubmit - advice to get round the policy
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(reason=lambda r: plain_reason(r) + ". Easiest fix: ask the merchant for two separate receipts, each under the cap, and send it back in as two lines.")
PY
