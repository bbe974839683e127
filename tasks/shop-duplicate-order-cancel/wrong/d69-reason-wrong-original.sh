#!/bin/bash
# wrong (free text: cancel reason): every repeat is called "a duplicate of ORD-410030", an order with other items that is no one of their originals.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_repeats "Accidental duplicate of ORD-410030."
