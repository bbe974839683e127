#!/bin/bash
# alternative (true notes beside the booking): a description and location saying what the call is, an internal note "booked in the Thursday window of his latest comment ...; on hold till the call"
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 - <<'PY'
from r70_callback import book

book(description="Thirty minutes with Tom Becker of Northwind: he will share his screen from the Harbour room so we can watch the call drop.", location="Video call", note="Booked in the Thursday window of his latest comment, the first free half hour; ticket on hold till the call.")
PY
