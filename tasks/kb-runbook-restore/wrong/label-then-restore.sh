#!/bin/bash
# Wrong (right steps in an order that undoes one): labels the damaged page verified first, then
# restores version 2, whose labels replace it: the verified label is lost.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
label([*RUNBOOK["labels"], "verified"])
restore(2)
resolve_request()
discard()
publish()
PY
