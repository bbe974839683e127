#!/bin/bash
# Plausible wrong solution: moves the workshop to two hours after the *scheduled* arrival (the
# first time in the mail) and tells only the colleague, not the outside guest.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

MAIL, CAL = "http://127.0.0.1:5001/api", "http://127.0.0.1:5006/api"

login = {"username": "alice", "password": "alice-pass"}
mail = ServiceClient(MAIL).login(**login)
cal = ServiceClient(CAL).login(**login)
cal.call("PATCH", "/events/2", {"start": "2026-03-03T13:40:00"})
mail.call("POST", "/messages/send", {"to": ["bob@example.test"], "subject": "Workshop moved",
          "body": "The Northwind workshop now starts at 13:40."})
PY
