#!/bin/bash
# wrong (red team, stop 51: the cables' words in a statement, a question only in the
# signature), then orders what Dave answers if he names the cables and a number, else the right
# cables as a lucky guess: the agent never asked which cables
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

order_his_answer_or_guess(
    "@dave noted; I'll work out which cables and how many myself. -- Alice | Questions? Just "
    "ping me."
)
PY
