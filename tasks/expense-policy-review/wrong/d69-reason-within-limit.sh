#!/bin/bash
# wrong (free text: rejection reason): names the right merchants but states their amounts are within the limit (original currency amount against the limit)
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(reason=within_reason)
PY
