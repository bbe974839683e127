#!/bin/bash
# wrong (free text: rejection reason): names the right merchants and amounts but quotes each limit at half its real value
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(reason=lambda r: amounts_reason(r, limit_factor=0.5))
PY
