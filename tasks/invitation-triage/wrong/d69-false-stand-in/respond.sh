#!/bin/bash
# wrong (free text: mail body): claims "I have asked Dave to go in my place", which was never done
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import respond

respond()
PY
