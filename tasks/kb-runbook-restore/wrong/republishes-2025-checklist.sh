#!/bin/bash
# Wrong (look-alike decoy): brings back the archived 2025 drill checklist instead of publishing
# the ready draft.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
restore(2)
label(good_labels())
resolve_request()
discard()
publish(page_titled("Failover drill checklist 2025"))
PY
