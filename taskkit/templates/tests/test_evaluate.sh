#!/bin/bash
# Verifier entry point (evaluate.py pattern): evaluate.py prints "TOTAL SCORE: X / 100";
# mock_services.verify turns it into /logs/verifier/reward.txt and reward.json.
mkdir -p /logs/verifier
python3 -m mock_services.verify.evaluate --task @@NAME@@ -- python3 /tests/evaluate.py
exit 0
