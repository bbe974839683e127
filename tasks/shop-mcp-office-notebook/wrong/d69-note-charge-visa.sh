#!/bin/bash
# wrong (free text: checkout note): the gift-card order tells the shop "Charge my Visa ending 4242 instead of the gift card", another payment than the one used.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_notebook "Charge my Visa ending 4242 for this order instead of the gift card."
