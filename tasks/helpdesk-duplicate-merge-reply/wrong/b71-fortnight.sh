#!/bin/bash
# wrong (free text: public reply): says the fix is "the better part of a fortnight away"; it ships in two days (Thursday 12 March)
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from b71_desk import *  # noqa: F403

merge_and_reply(RIGHT.replace("the fix ships in release 4.2.1 on Thursday 12 March", "the fix ships in release 4.2.1, which is still the better part of a fortnight away").replace("after Thursday's release", "once that release is out"))
PY
