#!/bin/bash
# wrong (free text: public reply, a promise nobody made): promises that Carol will go through the workaround with her on a screen share, which nobody arranged
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(extra="Carol from our technical team will also go through the workaround with you on a screen share before your month-end close, so nothing is held up.")
PY
