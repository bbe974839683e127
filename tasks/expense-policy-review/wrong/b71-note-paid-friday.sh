#!/bin/bash
# wrong (free text: approval note): approvals say the money lands in the owner's account on Friday; nothing is reimbursed and nobody scheduled a payment
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(note=lambda r: "Approved - I have sent this on for payment, so it should be in your account by Friday.")
PY
