#!/bin/bash
# wrong (free text: rejection reason): right merchants plus facts about someone else: "same mistake Erin made with her Toronto hotel" (an approved report of another person)
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(reason=lambda r: plain_reason(r) + ". Same mistake Erin made with her Toronto hotel last month, which was also sent back.")
PY
