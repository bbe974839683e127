#!/bin/bash
# wrong (free text: mail body): each notice also tells the organizer what she did with her other invitations, which she said not to mention
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import respond

respond()
PY
