#!/bin/bash
# wrong (free text: public reply): promises that if Thursday slips, Northwind will not be billed for March; no one offered that
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from b71_desk import *  # noqa: F403

merge_and_reply(body_with("And should Thursday come and go without the fix, you will not be charged a cent for March: I will make sure of that personally."))
PY
