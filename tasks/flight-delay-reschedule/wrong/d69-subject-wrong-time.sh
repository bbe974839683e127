#!/bin/bash
# wrong (free text: mail subject): body gives 15:40 but the subject tells the guests "now at 15:00"
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_delay import move

move(subject="Moved: {title} now at 15:00")
PY
