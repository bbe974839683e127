#!/bin/bash
# Wrong (the look-alike contact): sends the invoice mail from the CRM to Erik Lindqvist of the bakery, the other Lindqvist contact.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 - <<'PY'
from deal_steps import *
win()
void()
issue()
CRM.call("POST", "/activities", {"kind": "email", "subject": "Invoice INV-0005", "body": note(), "contact_id": 1, "send": True})
PY
