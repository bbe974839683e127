#!/bin/bash
# wrong (free text: cancel reason): "I no longer want these items: cancel every order of them", another decision than cancelling the repeats alone (the firsts stay).
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_repeats "I no longer want these items: please cancel every order of them."
