#!/bin/bash
# Verifier entry point (LLM-judge pattern). Harbor uploads tests/ to /tests only after the agent
# has finished; llm_judge.py writes /logs/verifier/reward.txt and reward.json itself, also when
# it fails (missing judge credentials, unreachable judge).
mkdir -p /logs/verifier
python3 /tests/llm_judge.py
exit 0
