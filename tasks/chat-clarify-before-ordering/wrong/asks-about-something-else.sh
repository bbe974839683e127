#!/bin/bash
# wrong (red team, stop 51: a real question, but about something else), then orders what Dave
# answers if he names the cables and a number, else the right cables as a lucky guess: the
# agent never asked which cables
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

order_his_answer_or_guess(
    "@dave could you send me the launch checklist? I'll sort out which cables and how many we "
    "need myself."
)
PY
