#!/bin/bash
# alternative (true cancel reason): each repeat is cancelled with "Accidental repeat of {first} (same items and quantities, placed {gap} min later); {first} stays".
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 -m d69_repeats "Accidental repeat of {first} (same items and quantities, placed {gap} min later); {first} stays."
