#!/bin/bash
# Wrong (output in the wrong place): leaves the damaged page as it is and publishes version 2's
# content as a new page, "Database failover runbook (restored)".
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from runbook_steps import *
good = version(2)
kb.call("POST", "/pages", {"space": "ENG", "title": good["title"] + " (restored)", "body": good["body"], "labels": good_labels(), "parent_id": RUNBOOK["parent_id"]})
resolve_request()
discard()
publish()
PY
