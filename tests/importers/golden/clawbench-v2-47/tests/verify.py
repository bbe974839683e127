"""Verifier of an imported task: the checks of checks.json (mapped from the upstream
rubric by taskkit.importers), scored by the SDK; checks that cannot be scored here are left out
of the reward, never counted as 0."""

from pathlib import Path

from mock_services.verify.imported import build_verifier, load_checks

verifier = build_verifier(load_checks(Path(__file__).with_name("checks.json")))

if __name__ == "__main__":
    verifier.main()
