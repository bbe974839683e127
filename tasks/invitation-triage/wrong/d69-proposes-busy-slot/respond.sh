#!/bin/bash
# wrong (free text: mail body): offers to meet "tomorrow at 10:00 instead", the hour of the Roadmap review she has just accepted
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import respond

respond()
PY
