#!/bin/bash
# Wrong (collateral damage): publishes every draft of Alice's, the postmortem template too.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
do_all()
publish(page_titled("Postmortem template"))
PY
