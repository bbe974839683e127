#!/bin/bash
# wrong (free text: account notes): the new account is noted "Part of Kestrel Aviation (Bob's account); bill through them", which the CRM says is an unrelated company.
set -euo pipefail
PYTHONPATH="$(dirname "$0")${PYTHONPATH:+:$PYTHONPATH}" python3 - <<'PY'
from d69_leads import Texts, solve

solve(Texts(account_notes="Robotics arm of Kestrel Aviation (Bob's account, CUS-104); bill through Kestrel Aviation."))
PY
