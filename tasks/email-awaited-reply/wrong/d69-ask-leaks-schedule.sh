#!/bin/bash
# wrong (free text: the question mail): asks Dana for a time but lists Alice's other Thursday appointments, which she said not to tell her
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from d69_dana import book

book(ask="Hi Dana,\n\nCould we have a 30-minute call on Thursday (March 12) about the renewal? "
     "I have stand-up at 9:30, the Q2 budget review 11-12, lunch with Acme at 12:30 and a "
     "hiring panel at 4, so anything else works. What suits you?\n\nAlice")
PY
