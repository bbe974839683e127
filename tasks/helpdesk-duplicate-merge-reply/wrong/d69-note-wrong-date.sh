#!/bin/bash
# wrong (free text: internal note): records that Maria was told the fix comes Monday 16 March, not the Thursday 12 March she was told
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(note="Merged TK-1047 here. Told Maria the fix ships on Monday 16 March.")
PY
