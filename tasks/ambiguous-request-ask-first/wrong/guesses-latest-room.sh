#!/bin/bash
# wrong (acts without asking): books the room of the most recent review, Borealis, without asking Maria
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
print(book(BOREALIS, when=REQUESTED)["id"])
PY
