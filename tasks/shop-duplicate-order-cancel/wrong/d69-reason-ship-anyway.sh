#!/bin/bash
# wrong (free text: cancel reason): each repeat is cancelled with "Cancelled by mistake, please ship it anyway", which tells the shop to undo the cancellation.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_repeats "Cancelled by mistake, please ship it anyway."
