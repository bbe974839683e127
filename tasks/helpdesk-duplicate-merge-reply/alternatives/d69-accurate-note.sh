#!/bin/bash
# alternative (internal note agrees with what was done): records the merge, the reply and why the ticket is pending
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(note="Merged TK-1047 into this ticket. Replied to Maria with the 4.2.1 release date (Thursday 12 March) and the Print > Save as PDF workaround; waiting for her to confirm after the release.")
PY
