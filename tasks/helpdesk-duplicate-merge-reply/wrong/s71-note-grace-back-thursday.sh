#!/bin/bash
# wrong (free text: internal note, a weekday in the wrong role): notes that Grace is back on Thursday to take the ticket over again, though she is out all week and Alice took it
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(note="Merged TK-1047 into this ticket and replied to Maria with the 4.2.1 date and the Print > Save as PDF workaround. Grace is back on Thursday and takes the ticket over again then.")
PY
