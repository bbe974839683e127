#!/bin/bash
# wrong (free text: checkout note): calls the one right order "a duplicate, please cancel it and refund the gift card", an instruction that undoes it.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_notebook "This is a duplicate order: please cancel it and refund the gift card."
