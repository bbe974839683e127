#!/bin/bash
# Wrong (partial): restores, labels, discards and publishes, but leaves Heidi's request open.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
restore(2)
label(good_labels())
discard()
publish()
PY
