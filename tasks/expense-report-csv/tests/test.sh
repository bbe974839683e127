#!/bin/bash
# Verifier entry point (evaluate.py pattern): run_benchmark.sh runs evaluate.py, which prints
# "TOTAL SCORE: X / 100"; mock_services.verify turns it into /logs/verifier/reward.txt and
# reward.json (and still writes a reward of 0 with the reason if no score line comes out).
mkdir -p /logs/verifier
python3 -m mock_services.verify.evaluate --task expense-report-csv -- bash /tests/run_benchmark.sh
exit 0
