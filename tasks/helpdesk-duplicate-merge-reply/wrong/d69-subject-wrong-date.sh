#!/bin/bash
# wrong (free text: ticket subject): renames the kept ticket "fixed on Friday 13 March", a day other than the 12 March release the reply gives
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(subject="Invoice PDF export fails - fixed in the release on Friday 13 March")
PY
