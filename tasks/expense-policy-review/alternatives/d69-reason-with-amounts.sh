#!/bin/bash
# alternative (rejection reason with true amounts): each over-limit merchant with its base-currency amount and the real limit
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(reason=amounts_reason)
PY
