"""The task README's criteria tables against what each verify.py declares (``verify.py
--describe``: names, weights, goal flags), and multi-step gates that pay for stopping early."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from taskkit.agents import ALTERNATIVES_DIR, WRONG_DIR, alternatives, wrong_solutions
from taskkit.validate.context import TaskContext

DESCRIBE_TIMEOUT = 60
UNKNOWN_NAME = re.compile(r"^\S*UnknownName: (?P<message>.+)$", re.MULTILINE)
VERIFY_FRAME = re.compile(r'File "[^"]*/tests/verify\.py", line (\d+)')
# a name with hyphens is no checkpoint's, but it is read, so that a row that strayed in (a
# wrong solution's, say) is reported rather than skipped
ROW = re.compile(
    r"^\|\s*`?(?P<name>[A-Za-z_][\w.-]*)`?\s*\|\s*(?P<weight>[^|]*?)\s*\|(?P<rest>.*)$"
)
VERIFY_PATH = re.compile(r"(?:steps/([\w-]+)/)?tests/verify\.py")


@dataclass
class Criterion:
    name: str
    weight: str
    goal: bool | None  # None: the table has no goal column
    line: int


def _verifier_files(ctx: TaskContext) -> list[str]:
    """verify.py files built on the SDK's ``Verifier``."""
    files = [f for f in ctx.verifier_files((".py",)) if f.endswith("tests/verify.py")]
    return [f for f in files if "Verifier(" in (ctx.text(f) or "")]


@dataclass
class DescribeFailure:
    """Why ``--describe`` gave no JSON, and what the verifier printed (its traceback)."""

    message: str
    output: str = ""


def describe(ctx: TaskContext, relative: str) -> dict | DescribeFailure:
    """``verify.py --describe`` of one file (a step's over the shared tests/, as Harbor
    overlays them); the JSON, or why it could not be read."""
    with tempfile.TemporaryDirectory(prefix="describe-") as scratch:
        tests = Path(scratch) / "tests"
        if relative.startswith("steps/") and (ctx.path / "tests").is_dir():
            shutil.copytree(ctx.path / "tests", tests)
        shutil.copytree((ctx.path / relative).parent, tests, dirs_exist_ok=True)
        try:
            done = subprocess.run(
                [sys.executable, str(tests / "verify.py"), "--describe"],
                capture_output=True,
                text=True,
                timeout=DESCRIBE_TIMEOUT,
                cwd=tests,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return DescribeFailure(f"--describe took over {DESCRIBE_TIMEOUT}s")
    output = done.stderr or done.stdout
    if done.returncode != 0:
        return DescribeFailure(f"--describe exited {done.returncode}: {output[-300:]}", output)
    try:
        return json.loads(done.stdout)
    except ValueError:
        return DescribeFailure(f"--describe printed no JSON: {done.stdout[:200]!r}", output)


def readme_tables(readme: str) -> dict[str | None, list[Criterion]]:
    """Rows of the README's criteria tables (those headed ``| criterion |``; the name in
    backticks or not), by the verify.py they follow (the step name, or None for tests/verify.py
    and for a table that names no file)."""
    tables: dict[str | None, list[Criterion]] = {}
    owner: str | None = None
    goal_column: int | None = None
    in_table = False
    for number, line in enumerate(readme.splitlines(), 1):
        if line.startswith("|") and "criterion" in line.lower():
            cells = [c.strip().lower() for c in line.strip("|").split("|")]
            goal_column = cells.index("goal") if "goal" in cells else None
            in_table = True
            continue
        in_table = in_table and line.startswith("|")
        found = ROW.match(line) if in_table else None
        if found is None:
            for path in VERIFY_PATH.finditer(line):
                owner = path[1]
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        goal = None
        if goal_column is not None and goal_column < len(cells):
            goal = cells[goal_column].lower() in ("yes", "goal", "✓", "x")
        tables.setdefault(owner, []).append(Criterion(found["name"], found["weight"], goal, number))
    return tables


def _weight_matches(text: str, weight: float) -> bool:
    number = re.match(r"^\s*([\d.]+)", text)
    return number is not None and float(number[1]) == float(weight)


README_CASE_ID = re.compile(r"^\| case_id \| *([^|]*?) *\|", re.MULTILINE)


def check_readme_case_id(ctx: TaskContext) -> None:
    """The README's metadata table names the task's case_id as task.toml does."""
    readme = ctx.text("README.md")
    found = README_CASE_ID.search(readme or "")
    if found is None or ctx.config is None or ctx.config.metadata.case_id is None:
        return
    declared = str(ctx.config.metadata.case_id)
    if found[1] != declared:
        line = (readme or "").count("\n", 0, found.start()) + 1
        message = f"the README says case_id {found[1]!r}; task.toml says {declared}"
        ctx.report("readme-case-id", "README.md", message, line=line)


def check_verifier_syntax(ctx: TaskContext) -> None:
    """Every Python file of the verifier compiles."""
    for relative in ctx.verifier_files((".py",)):
        error = ctx.syntax_error(relative)
        if error is not None:
            ctx.report("verifier-syntax", relative, f"{error.msg}", line=error.lineno)


def _report_unknown_name(ctx: TaskContext, relative: str, failure: DescribeFailure) -> bool:
    """A ``--describe`` that failed on a name the service lacks (the SDK's ``UnknownName``,
    raised where the verifier declares its checks) is reported as such."""
    unknown = UNKNOWN_NAME.search(failure.output)
    if unknown is None:
        return False
    frames = VERIFY_FRAME.findall(failure.output)
    line = int(frames[-1]) if frames else None
    ctx.report("verifier-unknown-name", relative, unknown["message"], line=line)
    return True


def check_readme_criteria(ctx: TaskContext) -> None:
    readme = ctx.text("README.md")
    files = [f for f in _verifier_files(ctx) if ctx.syntax_error(f) is None]
    if readme is None or not files:
        return
    tables = readme_tables(readme)
    several = len(files) > 1
    for relative in files:
        described = describe(ctx, relative)
        if isinstance(described, DescribeFailure):
            if not _report_unknown_name(ctx, relative, described):
                ctx.report("readme-criteria", relative, described.message)
            continue
        # _verifier_files keeps paths ending in tests/verify.py: VERIFY_PATH always matches
        step = VERIFY_PATH.search(relative)[1] if several else None  # type: ignore[index]
        # a step without a table of its own is described by the table that names no file
        rows = {c.name: c for c in tables.get(step) or tables.get(None, [])}
        declared = {c["name"]: c for c in described["checkpoints"]}
        for name, checkpoint in declared.items():
            row = rows.get(name)
            if row is None:
                ctx.report(
                    "readme-criteria",
                    "README.md",
                    f"checkpoint {name!r} of {relative} is not in the criteria table",
                )
            elif not _weight_matches(row.weight, checkpoint["weight"]):
                ctx.report(
                    "readme-criteria",
                    "README.md",
                    f"{name!r}: weight {row.weight!r} in the table, "
                    f"{checkpoint['weight']:g} in {relative}",
                    line=row.line,
                )
            elif row.goal is not None and row.goal != checkpoint["goal"]:
                ctx.report(
                    "readme-criteria",
                    "README.md",
                    f"{name!r}: goal {'yes' if row.goal else 'no'} in the table, "
                    f"{checkpoint['goal']} in {relative}",
                    line=row.line,
                )
        for name, row in rows.items():
            if name not in declared:
                ctx.report(
                    "readme-criteria",
                    "README.md",
                    f"{name!r} is in the criteria table but not a checkpoint of {relative}",
                    line=row.line,
                )


def check_readme_solutions(ctx: TaskContext) -> None:
    """The README names each wrong solution and correct alternative (in backticks, as its
    tables do), so a reader sees what each is and scores without running them. An imported
    task's README and wrong solutions are both generated from the upstream record (``invoke
    import``), so it is left to the importer's own tests."""
    readme = ctx.text("README.md")
    if readme is None or (ctx.config is not None and ctx.config.metadata.imported is not None):
        return
    for folder, names in (
        (WRONG_DIR, wrong_solutions(ctx.path)),
        (ALTERNATIVES_DIR, alternatives(ctx.path)),
    ):
        for name in names:
            if f"`{name}`" not in readme:
                what = "wrong solution" if folder == WRONG_DIR else "correct alternative"
                ctx.report(
                    "readme-solutions",
                    "README.md",
                    f"the {what} {folder}/{name} is not named in the README",
                )


def early_stop_gaps(strategy: str, gates: list[float | None]) -> list[tuple[int, float, float]]:
    """Steps (index, the most a wrong one that ends the trial earns, the least a right one
    followed by a wrong next step earns) where stopping early can pay more.

    ``gates[k]``: step k's ``min_reward`` as a reward threshold (None: no gate). A wrong step k
    stops below its gate, after k right steps at 1.0; a right step k followed by steps at 0
    stops at the next gated step (or the last)."""
    gaps = []
    count = len(gates)
    for k, gate in enumerate(gates[:-1]):
        if gate is None or gate <= 0:
            continue
        stop = next((j for j in range(k + 1, count) if (gates[j] or 0) > 0), count - 1)
        if strategy == "final":
            wrong_early, right_then_wrong = gate, 0.0
        else:
            wrong_early = (k + gate) / (k + 1)
            right_then_wrong = (k + 1) / (stop + 1)
        if wrong_early > right_then_wrong + 1e-9:
            gaps.append((k, wrong_early, right_then_wrong))
    return gaps


def highest_safe_gates(count: int) -> list[float]:
    """``min_reward`` for each step but the last of a ``"mean"`` task whose steps are all
    gated: the highest (to two decimals) that ``early_stop_gaps`` accepts, 1/(k + 2) for
    step k (0.5, 0.33, 0.25, ...)."""
    return [math.floor(100 / (k + 2)) / 100 for k in range(count - 1)]


def check_multi_step_gates(ctx: TaskContext) -> None:
    config = ctx.config
    steps = (config.steps if config is not None else None) or []
    if config is None or len(steps) < 2:
        return
    gates = [
        (s.min_reward if not isinstance(s.min_reward, dict) else 1.0)
        if s.min_reward is not None
        else None
        for s in steps
    ]
    strategy = str(getattr(config.multi_step_reward_strategy, "value", "mean"))
    for k, wrong_early, right_then_wrong in early_stop_gaps(strategy, gates):
        step = steps[k]
        ctx.report(
            "multi-step-early-stop",
            "task.toml",
            f"step {step.name!r}: a wrong attempt stopped by min_reward = {step.min_reward} can "
            f"score up to {wrong_early:.2f} under {strategy!r}, more "
            f"than a right one followed by a wrong next step ({right_then_wrong:.2f})",
            line=ctx.toml_line(f"steps[{k}].min_reward") or ctx.toml_line("steps"),
        )
