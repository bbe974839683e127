#!/bin/bash
# wrong (free text: public reply, another month): says she first reported the problem "back in February", though her first ticket is of Saturday 7 March
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_merge import merge_and_reply

merge_and_reply(extra="I am sorry this has dragged on since you first reported it back in February.")
PY
