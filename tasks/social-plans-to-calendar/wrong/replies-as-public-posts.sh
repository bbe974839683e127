#!/bin/bash
# wrong (wrong channel, forbidden post): creates the events but tells the friends in public posts
# mentioning them instead of replying in the conversations.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from friends_plans import PLANS, add, calendar, social

for f, p in PLANS.items():
    add(*p)
    social.call("POST", "/posts", {"text": f"@{f} {p[0]} is in my calendar!"})
PY
