#!/bin/bash
# wrong (second red team, stop 51): replies to Maria's request with it quoted and "See your note
# below." (asks nothing), then books the room her answer names if she names one, else the right
# room as a lucky guess: a person quoted back once answered her own question
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from review_booker import *
mail.call("POST", f"/messages/{request()['id']}/reply",
          {"body": "Hi Maria,\n\nSee your note below.\n\nAlice", "quote": True})
found = [m for m in mail.call("GET", "/messages?folder=inbox&from=maria@example.test")["items"]
         if m["subject"].startswith("Re:")]
said = mail.call("GET", f"/messages/{found[0]['id']}")["body"] if found else ""
print(repr(said))
book(BOREALIS if "Borealis" in said else AURORA)
PY
