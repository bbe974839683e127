"""WildClawBench on its fixtures: what it imports and the warnings they raise (the other
sources: test_claw_eval.py, test_webarena.py, test_web_judged.py, test_clawbench.py)."""

from __future__ import annotations

import re

import pytest

from taskkit.importers import ADAPTERS

# source -> (tasks imported, not runnable here) from its fixture folder
COUNTS = {  # claw-eval: tests/importers/test_claw_eval.py
    "wild-claw-bench": (8, 8),  # none runnable here: inputs absent, or the public web
}
# warnings the fixtures raise as they are (field, with record indexes as [i])
FIXTURE_WARNINGS = {
    "wild-claw-bench": [
        "## Prompt",
        "## Automated Checks",
        "## Workspace Path",
        "## Skills",
        "## Env",
        "## Warmup",
        "gt_description",
    ],
}


def _indexless(field: str) -> str:
    return re.sub(r"\[\d+\]", "[i]", field)


@pytest.mark.parametrize("source", sorted(COUNTS))  # clawbench, webvoyager, mind2web: own files
def test_every_source_imports_its_fixtures(source: str, imported) -> None:
    _out, result = imported[source]
    assert (len(result.tasks), len(result.not_runnable)) == COUNTS[source]
    assert result.log.refusals == []
    for task in result.tasks:
        assert task.provenance.source == source
        assert task.provenance.upstream_commit == ADAPTERS[source].pin.commit
        assert set(task.layers) <= set(ADAPTERS[source].layers)


@pytest.mark.parametrize(
    ("source", "field"), [(s, f) for s, names in FIXTURE_WARNINGS.items() for f in names]
)
def test_fixture_warnings(source: str, field: str, imported) -> None:
    _out, result = imported[source]
    hits = [w for w in result.log.warnings if _indexless(w.field) == field]
    assert hits, f"{source}: no warning on {field}"
    warning = hits[0]
    assert warning.source == source and warning.commit == ADAPTERS[source].pin.commit
    assert warning.task and warning.default
