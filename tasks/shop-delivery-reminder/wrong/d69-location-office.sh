#!/bin/bash
# wrong (free text: event location): location is the office ("Office, 3rd floor"), the opposite of staying home to sign
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_desk import remind

remind(location="Office, 3rd floor")
PY
