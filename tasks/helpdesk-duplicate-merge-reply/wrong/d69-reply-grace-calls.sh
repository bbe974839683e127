#!/bin/bash
# wrong (free text: public reply): promises that Grace will call her tomorrow, though Grace is out all week
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(extra="Grace will also call you tomorrow morning to go through your month-end invoices.")
PY
