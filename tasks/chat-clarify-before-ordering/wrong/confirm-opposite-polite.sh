#!/bin/bash
# Wrong: right order, but the thread reply politely says the opposite: the cables were not ordered yet.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("Which cables do you mean, and how many?"))
code = order("CAB-3103", 10)
confirm(f"Hi Dave, thanks for the details! I have not ordered the 10 HDMI 2.1 cables (3 m) "
        f"yet, I'll hold off until Friday (cart reference {code}).")
PY
