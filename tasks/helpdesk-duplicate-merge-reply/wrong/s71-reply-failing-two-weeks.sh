#!/bin/bash
# wrong (free text: public reply, a figure in words): apologises that the export "has been failing for two weeks", though it broke four days ago
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(extra="I am sorry the export has been failing for two weeks now, right when you close the month.")
PY
