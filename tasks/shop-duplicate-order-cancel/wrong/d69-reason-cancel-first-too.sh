#!/bin/bash
# wrong (free text: cancel reason): each repeat is cancelled with "Duplicate: please cancel the first order {first} as well", an instruction against the order that must remain.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_repeats "Duplicate: please cancel the first order {first} as well."
