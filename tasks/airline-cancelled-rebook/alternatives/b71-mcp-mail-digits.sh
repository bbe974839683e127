#!/bin/bash
# alternative (free text: new mail to Bob via the email MCP tools): as b71-mcp-mail-plain-words without the gloss "two o'clock plus five minutes": "{number}, touching down at Heathrow at 14:05 UK time tomorrow (the 3rd of March)"
set -euo pipefail
export PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong"
python3 - <<'PY'
import re

from mock_services.client import McpClient

from booking_mover import *  # noqa: F403

notice = mail.call("GET", "/messages?folder=inbox&q=cancelled&sort=newest")["items"][0]
ref = re.search(r"booking ([A-Z0-9]{6})", mail.call("GET", f"/messages/{notice['id']}")["body"])[1]
assert ref == REF
new = earliest_open()
rebook(new)
m = McpClient("http://127.0.0.1:5001/mcp")
m.call("login", username="alice", password="alice-pass")
m.call("send_message", to=[BOB], subject=f"Tomorrow: now flying {new['number']}", body=(
    f"Bob,\n\nThe airline scrapped my original flight. I've been moved to {new['number']}, "
    f"touching down at Heathrow at {lands(new)} UK time tomorrow"
    f" (the 3rd of March). Same terminal as planned, I'll text you when I land.\n\n"
    f"Alice"))
PY
