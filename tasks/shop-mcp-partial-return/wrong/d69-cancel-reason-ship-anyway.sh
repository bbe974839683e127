#!/bin/bash
# wrong (free text: cancel reason): the reason "Cancelled by mistake, please ship it anyway" tells the shop to undo the cancellation.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_return "One of the two Braided USB-C Cable 2-Packs arrived broken; returning that one pack." "Cancelled by mistake, please ship it anyway."
