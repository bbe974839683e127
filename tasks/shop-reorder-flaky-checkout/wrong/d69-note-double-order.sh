#!/bin/bash
# wrong (free text: checkout note): claims "Checkout failed so I placed this twice: please ship both orders", while exactly one order exists.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_filters "Your checkout failed so I placed this order twice: please ship both orders."
