#!/bin/bash
# wrong (acts on its first look only: LC514 is refused, so it takes the next flight of the same (stale) list, LC516, which books, and mails Dana LC516 with the landing time that list gave (the schedule's, before the delay): it never looks again)
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from mover import lands, search, tell_dana, try_rebook

seen = search()
for flight in seen:
    if try_rebook(flight):
        break
tell_dana(flight["number"], lands(flight))
print("on", flight["number"], "mailed the landing time first seen", lands(flight))
PY
