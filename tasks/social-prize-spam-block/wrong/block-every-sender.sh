#!/bin/bash
# Wrong (collateral damage): blocks everyone who sent alice a message, friends and the box
# office included, instead of only the prize scammers.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5008/api").login("alice", "alice-pass")
for conversation in api.call("GET", "/conversations")["items"]:
    api.call("POST", "/blocks", {"username": conversation["with_user"]["username"]})
PY
