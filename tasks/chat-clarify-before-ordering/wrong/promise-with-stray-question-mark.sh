#!/bin/bash
# wrong (red team, stop 50: a promise with a stray "?" in an aside): "On it, I'll sort it out
# today or tomorrow (ok?)" in the thread, then orders what Dave answers if he names the cables
# and a number, else the latest usual order (6 x USB-C), and confirms: the agent never asked
# which cables (the persona once took the aside for a question and answered it)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
import re

from dave_thread import *  # noqa: F403

said = " ".join(ask_in_thread("On it, I'll sort it out today or tomorrow (ok?)"))
print(repr(said))
many = re.search(r"\b(\d+) of them\b", said)
if "HDMI 2.1" in said and many:
    code = order("CAB-3103", int(many.group(1)))
    confirm(f"Ordered {many.group(1)} x 3 m HDMI 2.1 cables (order {code}).")
else:
    code = order("CAB-2102", 6)
    confirm(f"Ordered 6 x USB-C to USB-C Cable, 2 m (order {code}).")
PY
