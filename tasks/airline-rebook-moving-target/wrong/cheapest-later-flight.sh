#!/bin/bash
# wrong (rebooks onto the cheapest flight of the day (LC518, later) and mails it right)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import lands, rebook, search, tell_dana

search()
cheapest = min(search(), key=lambda f: f["fares"][0]["price"])
rebook(cheapest)
tell_dana(cheapest["number"], lands(cheapest))
print("on", cheapest["number"])
PY
