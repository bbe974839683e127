#!/bin/bash
# Stale state: writes the reply it drafted on the first read (high priority, Alice on it) after the update, and keeps the ticket as high.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
read_rules(); read(TOM)
wait_for_update()
others()
keep(TOM, "high")
reply(TOM, "Hi Tom,\n\nthanks for your ticket. I have set it to high priority and will look into your CRM login myself today.\n\nAlice")
PY
