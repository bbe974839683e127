#!/bin/bash
# wrong (free text: checkout note): the Mastercard order asks "Please charge my Visa ending 4242 instead", another card than the one Alice named.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_filters "Please charge my Visa ending 4242 for this order instead of the Mastercard."
