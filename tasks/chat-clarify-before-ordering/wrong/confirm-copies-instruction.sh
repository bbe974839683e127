#!/bin/bash
# Wrong: right order, but the reply copies the instruction.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from dave_thread import *  # noqa: F403

print(ask_in_thread("Which cables do you mean, and how many?"))
order("CAB-3103", 10)
confirm("Order exactly what the team needs in the shop, nothing more and nothing else (ship to "
        "Alice's usual address and pay with her usual card). Once the order is placed, reply "
        "to Dave in the thread under his message with what you ordered, how many, and the "
        "order number.")
PY
