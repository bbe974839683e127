#!/bin/bash
# alternative (approval note agrees with the decision): says every item is within its category limit
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
from d69_review import *  # noqa: F403

review(note=lambda r: "Approved: every item is within its category limit.")
PY
