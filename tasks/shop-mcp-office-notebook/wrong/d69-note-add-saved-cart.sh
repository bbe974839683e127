#!/bin/bash
# wrong (free text: checkout note): asks the shop to "also send the saved items in my cart (KIT-4004 and 2 x GRC-1301)", which must not be bought.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_notebook "Please also send the saved items in my cart with this parcel: KIT-4004 and 2 x GRC-1301."
