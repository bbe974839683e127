#!/bin/bash
# wrong (free text: checkout note): the Office order says "Please deliver to my home, 12 Rue des Lilas, not the office", another address than the one chosen.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_filters "Please deliver to my home, 12 Rue des Lilas, not to the office."
