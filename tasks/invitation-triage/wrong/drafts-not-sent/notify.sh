#!/bin/bash
# Wrong step "notify" (a draft passing as sent mail): writes each organizer the right note but
# leaves it in Drafts; nobody is told.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

login = {"username": "alice", "password": "alice-pass"}
cal = ServiceClient("http://127.0.0.1:5006/api").login(**login)
mail = ServiceClient("http://127.0.0.1:5001/api").login(**login)
NOTES = {"carol@example.test": "Pricing sync", "bob@example.test": "Early design jam"}
for organizer, title in NOTES.items():
    mail.call("POST", "/drafts", {"to": [organizer], "subject": f"Can't make it: {title}",
                                  "body": "Sorry, it clashes with something in my calendar."})
PY
