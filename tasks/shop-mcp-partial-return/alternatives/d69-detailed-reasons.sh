#!/bin/bash
# alternative (true, fuller reasons): the return names the order, the broken pack and the store credit, the cancellation the cheaper offer and that nothing else changes.
set -euo pipefail
PYTHONPATH="$(dirname "$0"):$(dirname "$0")/../wrong" python3 -m d69_return "Order of last week: one Braided USB-C Cable 2-Pack is broken (the second pack and the earbuds are fine), so I am returning that one pack for store credit." "I found this kitchen item cheaper elsewhere, so I no longer need it."
