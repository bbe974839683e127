#!/bin/bash
# wrong (free text: checkout note): says "Please pack 3 notebooks" for an order of one.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_notebook "Please pack 3 of these notebooks, one for each desk."
