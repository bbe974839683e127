#!/bin/bash
# Wrong (wrong detail): restores version 2 but sets the labels to verified alone, dropping the
# good version's database, oncall and runbook labels.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
restore(2)
label(["verified"])
resolve_request()
discard()
publish()
PY
