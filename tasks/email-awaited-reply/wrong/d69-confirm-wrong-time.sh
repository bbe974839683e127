#!/bin/bash
# wrong (free text: confirmation mail): books 3:00 pm right, then mails Dana "see you at 2:00 pm", the slot she took back
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_dana import book

book(confirm="Hi Dana,\n\nPerfect, I have sent you an invitation: see you Thursday (March 12) "
     "at 2:00 pm Eastern.\n\nAlice")
PY
