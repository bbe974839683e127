#!/bin/bash
# alternative (fuller text): the right actions, with a longer true deal name, call subject and duplicate note.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(
    deal_name="Kestrel Robotics: fleet tracking, three warehouses",
    twin_note="Unqualified: duplicate of lead {full} (badge scan, name misspelt); Priya was converted from lead {full}.",
    call_subject="Call with Priya Raman: quote of 3 March accepted, signing by 17 April",
))
PY
