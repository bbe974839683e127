#!/bin/bash
# Wrong (decision reversed): publishes Frank's abandoned rewrite and deletes Alice's ready
# checklist.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
restore(2)
label(good_labels())
resolve_request()
publish(REWRITE)
discard(CHECKLIST)
PY
