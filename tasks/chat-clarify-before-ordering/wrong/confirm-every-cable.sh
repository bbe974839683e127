#!/bin/bash
# Wrong: right order, but the reply also names the other usual cables, as if they were ordered too.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("Which cables do you mean, and how many?"))
code = order("CAB-3103", 10)
confirm(f"Ordered 10 x HDMI 2.1 Cable, 3 m (order {code}), plus the usual 6 USB-C 2 m cables "
        "and 2 Cat6 Ethernet ones.")
PY
