#!/bin/bash
# Custom shell verifier (no Python scoring script): one command decides pass or fail.
mkdir -p /logs/verifier
if [ -s /workspace/output/result.txt ]; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
