#!/bin/bash
# wrong (mails the persona again without acting): reads Tom's change and agrees to Friday 11:00 by mail, but leaves the call on Thursday
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
ask()
book(THURSDAY)
assert "Friday" in confirm(THURSDAY)
confirm(FRIDAY)
PY
