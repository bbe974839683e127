#!/bin/bash
# wrong (free text: tags): adds month-end but also a tag "fixed", though the fix ships only on Thursday
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(extra_tags=("fixed",))
PY
