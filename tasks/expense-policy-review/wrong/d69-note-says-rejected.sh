#!/bin/bash
# wrong (free text: approval note): approves within-policy reports with the note "Rejected: over the policy limit", contradicting the approval
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(note=lambda r: "Rejected: this report is over the policy limit, please resubmit.")
PY
