#!/bin/bash
# wrong (free text: checkout note): says "Only 1 box of filters please" for an order of 3 packs, the quantity of last time.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_filters "Only 1 box of filters please, I ordered too many by mistake."
