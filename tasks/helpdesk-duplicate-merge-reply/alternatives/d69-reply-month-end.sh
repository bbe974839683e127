#!/bin/bash
# alternative (public reply with an extra true, helpful paragraph): acknowledges her month-end and the priority raised
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(extra="I know you close the month this week, so I have raised the priority of your ticket and will follow it myself.")
PY
