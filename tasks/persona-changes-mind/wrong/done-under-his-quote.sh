#!/bin/bash
# wrong (second red team, stop 51): asks Tom, books and confirms his first time, moves the call
# when he changes his mind, then answers his change with a bare "Done." over his own mail
# quoted: the time he settled on is only in his words, never in Alice's
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from call_booker import *
start = start_named(ask())
event = book(start)
change = newest_from_tom() if confirm(start) else None
move(event, start_named(change["body"]))
mail.call("POST", f"/messages/{change['id']}/reply", {"body": "Done.", "quote": True})
PY
