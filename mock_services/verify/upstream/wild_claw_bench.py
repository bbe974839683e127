"""Check kinds of WildClawBench (``taskkit.importers.wild_claw_bench``).

``wcb_file_judge``: the judge grades the file the task writes (``params.file``, under
``/workspace``) on upstream's rules (the criterion) against its ``gt_description`` (the
reference), as upstream's ``grade()`` does; the file absent or blank scores 0 without a judge.

No judge configured: not scored (upstream would fail its judge call and score 0; a missing
judge here is ours, not the agent's).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from mock_services.verify.checkpoints import Result
from mock_services.verify.judge import Criterion, LlmJudge
from mock_services.verify.outputs import read_output

if TYPE_CHECKING:
    from mock_services.verify.imported import ImportedCheck


class FileJudgeParams(BaseModel):
    model_config = ConfigDict(extra="ignore")
    file: str = Field(min_length=1, description="workspace-relative, e.g. results/results.md")


def _file_judge(check: ImportedCheck) -> Result:

    params = FileJudgeParams.model_validate(check.params)
    found = read_output(params.file)
    text = found.text().strip() if found else ""
    if not text:
        return Result(0.0, f"{params.file} {'is empty' if found else 'not written'}")
    if not (os.environ.get("JUDGE_BASE_URL") and os.environ.get("JUDGE_API_KEY")):
        return Result(0.0, "no judge configured (JUDGE_BASE_URL, JUDGE_API_KEY)", scored=False)
    criterion = Criterion(name=check.name, weight=1.0, description=check.question)
    grade = LlmJudge().grade([criterion], text, reference=check.reference)
    return Result(grade.scores[check.name], grade.rationales.get(check.name, ""))


KINDS = {"wcb_file_judge": _file_judge}
