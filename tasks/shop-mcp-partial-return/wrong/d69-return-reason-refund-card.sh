#!/bin/bash
# wrong (free text: return reason): the store-credit return asks "Please refund this to my Visa card, not as store credit", the refund Alice refused.
set -euo pipefail
PYTHONPATH="$(dirname "$0")" python3 -m d69_return "Broken cable pack. Please refund this to my Visa card, not as store credit." "Found this item cheaper elsewhere."
