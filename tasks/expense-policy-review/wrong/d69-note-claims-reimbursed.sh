#!/bin/bash
# wrong (free text: approval note): claims the approved report has already been reimbursed, though nothing was paid (and must not be)
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(note=lambda r: "Approved and reimbursed today: the full amount has been paid to your account.")
PY
