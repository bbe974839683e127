#!/bin/bash
# wrong (free text: public reply): leaks the internal cause in other words ("the paid-up permit for the third-party engine that draws your PDFs ran out on our end")
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from b71_desk import *  # noqa: F403

merge_and_reply(body_with("In case you wonder what happened: the paid-up permit we hold for the third-party engine that draws your PDFs ran out on our end last week, and we simply had not renewed it in time."))
PY
