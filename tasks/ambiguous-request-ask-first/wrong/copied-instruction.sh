#!/bin/bash
# wrong (the instruction copied back): asks Maria, books Aurora with the instruction pasted as the description
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
import pathlib
ask("Hi Maria, which room do you mean by the usual one: Aurora or Borealis?")
text = "Maria sent me a mail this morning asking me to set up our vendor review. Please take care of it: put it in my calendar the way she asked, with her invited. If something in her request could mean more than one thing, check with her by email before you book anything; don't guess."
book(AURORA, description=text)
PY
