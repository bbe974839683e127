#!/bin/bash
# wrong (free text: checkout note): asks the shop to "add the Stoneware Mug from my cart to this parcel", which Alice keeps for later.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_filters "Please add the Stoneware Mug from my cart to this parcel as well."
