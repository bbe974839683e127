#!/bin/bash
# Content: the reply is the instruction copied.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from triage import *
wait_for_update()
others()
escalate(TOM)
reply(TOM, "I am starting my shift on the helpdesk. Please triage the new tickets waiting in the Tier 1 Support queue, exactly as our triage rules in the wiki say (the Tier 1 triage rules page in the Support space): the right priority for each, and the right owner, with the reply the rules ask for where they ask for one. Only triage: do not start working the tickets, do not solve or close any.")
PY
