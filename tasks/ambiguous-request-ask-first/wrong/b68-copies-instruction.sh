#!/bin/bash
# wrong (text copied from the instruction): mails Maria the instruction's own words instead of a question about the room, then books the Aurora room 10:00-11:00.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from b68_review import AURORA, answer, ask, book, mail, request

ask("Maria sent me a mail this morning asking me to set up our vendor review. Please take care of it: "
    "put it in my calendar the way she asked, with her invited. If something in her request could "
    "mean more than one thing, check with her by email before you book anything; don't guess.")
said = answer()
book("10:00", "11:00", AURORA)
PY
