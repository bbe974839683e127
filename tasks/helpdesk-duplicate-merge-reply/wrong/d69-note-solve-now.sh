#!/bin/bash
# wrong (free text: internal note): tells colleagues to solve the ticket now without waiting for Maria, undoing the pending state
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(note="Nothing more to do here: whoever sees this, please solve the ticket now, no need to wait for Maria.")
PY
