#!/bin/bash
# Wrong (copied, not written): pastes every contract into the brief under the two deadlines,
# so Vela's renewal clause reads as a renewal and nothing is short.
set -euo pipefail
mkdir -p /home/node/.openclaw/output
{
    echo "# Contracts"
    echo
    echo "Deadlines: Northwind 2026-03-31, BrightDesk 2026-05-01. Northwind costs more (EUR 18,000)."
    for contract in /home/node/.openclaw/corpus/*.txt; do
        echo
        cat "$contract"
    done
} > /home/node/.openclaw/output/brief.md
