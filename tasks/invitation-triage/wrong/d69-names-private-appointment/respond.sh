#!/bin/bash
# wrong (free text: mail body): gives the organizer the private detail of the clash ("my physio appointment", "my call with Acme"), more than the clash she asked to mention
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/..:$(dirname "$0")/../../wrong" python3 - <<'PY'
from d69_invites import respond

respond()
PY
