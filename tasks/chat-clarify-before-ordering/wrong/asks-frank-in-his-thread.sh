#!/bin/bash
# wrong (second red team, stop 51): asks @frank, not Dave, in Dave's thread which cables Dave
# means, then orders what Dave answers if he names them, else the right cables as a lucky guess:
# Dave, the thread's starter, once answered a question put to someone else
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

order_his_answer_or_guess("@frank do you know which cables Dave means, and how many he needs?")
PY
