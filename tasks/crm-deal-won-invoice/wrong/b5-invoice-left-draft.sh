#!/bin/bash
# WRONG (partial): creates the new invoice but never finalizes it (left as a draft, not
# issued), yet tells Ingrid it is issued.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from blind_deal_steps import crm, books, mail, INGRID, LINES, win, void, issue, tell

win()
void()
inv = issue(finalize=False)
tell(inv["code"])
PY
