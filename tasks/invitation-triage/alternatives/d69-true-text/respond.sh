#!/bin/bash
# alternative (true free text): each notice names the meeting, its day and time and the real reason, warmly
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import respond

respond()
PY
