#!/bin/bash
# wrong (free text: return reason): the cable pack goes back with the reason "The earbuds stopped working", another item than the one returned (they are fine).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_return "The earbuds stopped working after a week." "Found this item cheaper elsewhere."
