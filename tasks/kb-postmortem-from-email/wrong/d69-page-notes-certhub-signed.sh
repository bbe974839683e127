#!/bin/bash
# wrong (free text: a Notes section after the action items): claims we signed up for CertHub's monitoring trial, which nobody did (it was a sales mail)
set -euo pipefail
export PYTHONPATH="$(dirname "$0")"
python3 - <<'PY'
from d69_postmortem import publish

publish(body_extra="## Notes\nWe have signed up for the CertHub monitoring trial, which warns 60 days before a certificate expires.")
PY
