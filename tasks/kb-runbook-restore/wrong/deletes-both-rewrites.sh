#!/bin/bash
# Wrong (collateral damage): deletes every one of Frank's rewrite drafts, the Kafka one too.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
do_all()
discard(page_titled("Kafka consumer lag runbook (rewrite)"))
PY
