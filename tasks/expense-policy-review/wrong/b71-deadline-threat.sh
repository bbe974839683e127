#!/bin/bash
# wrong (free text: rejection reason): right merchants, plus an invented rule: resubmit within forty-eight hours or the whole report is forfeited
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(reason=lambda r: plain_reason(r) + ". Please resubmit within forty-eight hours; after that the whole report is forfeited and cannot be claimed again.")
PY
