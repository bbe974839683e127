#!/bin/bash
# wrong (free text: public reply): says the fix ships "Thursday week", i.e. 19 March; Carol's note says Thursday 12 March, two days from now
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from b71_desk import *  # noqa: F403

merge_and_reply(RIGHT.replace("on Thursday 12 March", "on Thursday week").replace("after Thursday's release", "once that release is out"))
PY
