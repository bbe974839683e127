#!/bin/bash
# Wrong (partial): restores the right version, resolves, discards and publishes, but never adds
# the verified label.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
restore(2)
resolve_request()
discard()
publish()
PY
