#!/bin/bash
# wrong (free text: mail body): declines but promises "I will join for the last 15 minutes", contradicting the decline
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import respond

respond()
PY
