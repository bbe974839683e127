"""Layout checks: required files, names, run bits, multi-step folders, stubs."""

from __future__ import annotations

import os
import re

from taskkit.task_model import KEBAB_CASE
from taskkit.validate.context import TaskContext

STUB_INSTRUCTION_CHARS = 200
WRITES_REWARD = re.compile(r">\s*/logs/verifier/reward\.(?:txt|json)")
PATTERN_SCRIPTS = ("verify.py", "evaluate.py", "llm_judge.py")
# test.sh that runs one of the SDK's own graders needs no scoring script in tests/
SDK_GRADERS = ("mock_services.verify.rubric",)
README_PLACEHOLDER = "TODO"
BARE_PYTHON = re.compile(r"(?:^|[\s;&|(`!/])python(?=[\s;)]|$)")
"""``python`` as a command (not ``python3``): the task images have only ``python3``."""
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")
AGENT_SCRIPT_FOLDERS = ("solution", "wrong", "alternatives", "steps")


def check_names(ctx: TaskContext) -> None:
    if not KEBAB_CASE.match(ctx.name):
        ctx.report("task-dir-name", ".", f"directory {ctx.name!r} is not kebab-case")
    info = ctx.config.task if ctx.config else None
    if info is not None and info.short_name != ctx.name:
        ctx.report(
            "task-name-mismatch",
            "task.toml",
            f"[task].name is {info.name!r}; its part after '/' must be {ctx.name!r}",
            line=ctx.toml_line("task.name"),
        )


def check_required_files(ctx: TaskContext) -> None:
    config = ctx.config
    multi = bool(config and config.steps)
    required = ["task.toml"]
    if not (config and config.environment.docker_image):
        required.append("environment/Dockerfile")
    if not multi:
        required += ["instruction.md", "tests/test.sh"]
    for relative in required:
        if not ctx.exists(relative):
            ctx.report("required-file", relative, f"{relative} is missing")
    test_code = _code(ctx.text("tests/test.sh") or "")
    custom_shell = WRITES_REWARD.search(test_code) is not None or any(
        grader in test_code for grader in SDK_GRADERS
    )
    if (
        not multi
        and ctx.exists("tests")
        and not custom_shell
        and not any(ctx.exists(f"tests/{s}") for s in PATTERN_SCRIPTS)
    ):
        ctx.report(
            "verifier-entry",
            "tests",
            f"tests/ has none of {', '.join(PATTERN_SCRIPTS)}, and test.sh neither runs "
            f"{' or '.join(SDK_GRADERS)} nor writes /logs/verifier/reward.txt itself",
        )


def _scripts(ctx: TaskContext) -> list[str]:
    scripts = ["solution/solve.sh", "tests/test.sh"]
    if ctx.config and ctx.config.steps:
        for step in ctx.config.steps:
            scripts += [f"steps/{step.name}/solution/solve.sh", f"steps/{step.name}/tests/test.sh"]
            scripts.append(f"steps/{step.name}/workdir/setup.sh")
    return scripts


def check_executable(ctx: TaskContext) -> None:
    for relative in _scripts(ctx):
        path = ctx.path / relative
        if path.is_file() and not os.access(path, os.X_OK):
            mode = oct(path.stat().st_mode & 0o777)
            ctx.report("not-executable", relative, f"{relative} has mode {mode}, expected +x")


def _shell_lines(text: str) -> list[tuple[int, str]]:
    """The numbered lines of a shell script the shell reads as commands: a here-document's
    body (the Python a browsing script feeds ``python3``) is left out."""
    lines, closing = [], None
    for number, line in enumerate(text.splitlines(), 1):
        if closing is not None:
            closing = None if line.strip() == closing else closing
            continue
        lines.append((number, line))
        if found := HEREDOC.search(line):
            closing = found[2]
    return lines


def check_agent_python(ctx: TaskContext) -> None:
    """A script an agent runs (a solution, a wrong solution, an alternative) that calls
    ``python``, which the task's image lacks: in the container it would fail whatever it does."""
    scripts = sorted(
        path
        for folder in AGENT_SCRIPT_FOLDERS
        if (ctx.path / folder).is_dir()
        for path in (ctx.path / folder).rglob("*.sh")
    )
    for path in scripts:
        relative = str(path.relative_to(ctx.path))
        for number, line in _shell_lines(path.read_text(errors="replace")):
            comment = line.lstrip().startswith("#") and not line.startswith("#!")
            command = line if line.startswith("#!") else line.split(" #", 1)[0]
            if not comment and BARE_PYTHON.search(command):
                ctx.report(
                    "agent-script-python",
                    relative,
                    f"{relative}:{number} runs `python`, which the task's image lacks "
                    f"(it has python3): {line.strip()[:80]}",
                )


def check_multi_step(ctx: TaskContext) -> None:
    config = ctx.config
    steps_dir = ctx.path / "steps"
    folders = (
        sorted(p.name for p in steps_dir.iterdir() if p.is_dir()) if steps_dir.is_dir() else []
    )
    if not config:
        return
    if not config.steps:
        if folders:
            ctx.report(
                "multi-step-layout",
                "steps",
                f"steps/ holds {folders} but task.toml has no [[steps]] entries",
            )
        if config.multi_step_reward_strategy is not None:
            ctx.report(
                "multi-step-layout",
                "task.toml",
                "multi_step_reward_strategy is set on a single-step task",
                line=ctx.toml_line("multi_step_reward_strategy"),
            )
        return
    declared = [s.name for s in config.steps]
    shared_test = ctx.exists("tests/test.sh")
    for index, step in enumerate(config.steps):
        base = f"steps/{step.name}"
        if not (ctx.path / base).is_dir():
            ctx.report(  # at the [[steps]] entry: the folder it names does not exist
                "multi-step-layout",
                "task.toml",
                f"[[steps]] {step.name!r} has no folder {base}/",
                line=ctx.toml_line(f"steps[{index}].name"),
            )
            continue
        if not ctx.exists(f"{base}/instruction.md"):
            ctx.report(
                "multi-step-layout",
                f"{base}/instruction.md",
                f"step {step.name!r} has no instruction.md",
            )
        if not ctx.exists(f"{base}/tests/test.sh") and not shared_test:
            ctx.report(
                "multi-step-layout",
                f"{base}/tests/test.sh",
                f"step {step.name!r} has no tests/test.sh and there is no shared "
                "tests/test.sh to fall back on",
            )
    for folder in folders:
        if folder not in declared:
            ctx.report(
                "multi-step-layout",
                f"steps/{folder}",
                f"steps/{folder}/ is not declared; [[steps]] names are {declared}",
            )
    for leftover in ("instruction.md", "solution"):
        if ctx.exists(leftover):
            ctx.report(
                "multi-step-layout",
                leftover,
                f"{leftover} at the task root is ignored by a multi-step task; "
                "move it under steps/<name>/",
            )
    if ctx.config and _version_tuple(ctx.config.schema_version) < (1, 4):
        ctx.report(
            "multi-step-layout",
            "task.toml",
            f"[[steps]] need schema_version >= 1.4, got {ctx.config.schema_version!r}",
            line=ctx.toml_line("schema_version"),
        )


def _version_tuple(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", text)[:2]) or (0,)


def _instructions(ctx: TaskContext) -> list[str]:
    if ctx.config and ctx.config.steps:
        return [f"steps/{s.name}/instruction.md" for s in ctx.config.steps]
    return ["instruction.md"]


def _test_scripts(ctx: TaskContext) -> list[str]:
    found = ["tests/test.sh"]
    if ctx.config and ctx.config.steps:
        found += [f"steps/{s.name}/tests/test.sh" for s in ctx.config.steps]
    return [f for f in found if ctx.exists(f)]


_ECHO_ONLY = re.compile(r"^\s*(?:#.*|echo\b.*|printf\b.*|set\s+-\S+|exit\s+0|true|:)?\s*$")


def check_stubs(ctx: TaskContext) -> None:
    for relative in _instructions(ctx):
        text = ctx.text(relative)
        if text is not None and len(text.strip()) < STUB_INSTRUCTION_CHARS:
            ctx.report(
                "stub-instruction",
                relative,
                f"{len(text.strip())} characters, expected at least {STUB_INSTRUCTION_CHARS}",
            )
    for relative in _test_scripts(ctx):
        text = ctx.text(relative) or ""
        if all(_ECHO_ONLY.match(line) for line in text.splitlines()):
            ctx.report("stub-test", relative, "test.sh only echoes; it never scores the task")
    steps = (ctx.config.steps if ctx.config else None) or []
    if steps:
        for step in steps:
            if not ctx.exists(f"steps/{step.name}/solution/solve.sh"):
                ctx.report(
                    "missing-solution",
                    f"steps/{step.name}/solution/solve.sh",
                    f"step {step.name!r} has no solution/solve.sh",
                )
    elif not ctx.exists("solution/solve.sh"):
        ctx.report("missing-solution", "solution/solve.sh", "solution/solve.sh is missing")
    readme = ctx.text("README.md")
    if readme is not None and README_PLACEHOLDER in readme:
        line = next(i for i, t in enumerate(readme.splitlines(), 1) if README_PLACEHOLDER in t)
        ctx.report(
            "readme-unfilled",
            "README.md",
            f"README.md still contains {README_PLACEHOLDER!r}",
            line=line,
        )


def _code(text: str) -> str:
    """The text without whole-line comments (shell and Python)."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


# reward.txt / reward.json not under an absolute (or variable) folder: Harbor never finds it
RELATIVE_REWARD = re.compile(r"(?<![\w/$.}])(?:\./)?(?:logs/verifier/)?reward\.(?:txt|json)\b")


def check_test_scripts(ctx: TaskContext) -> None:
    """test.sh must lead to a reward file and use absolute paths."""
    scripts = _test_scripts(ctx)
    writes_reward = False
    for relative in ctx.verifier_files():
        code = _code(ctx.text(relative) or "")
        if "/logs/verifier" in code or "mock_services.verify" in code:
            writes_reward = True
    if scripts and not writes_reward:
        ctx.report(
            "reward-file",
            scripts[0],
            "no file in tests/ mentions /logs/verifier or mock_services.verify",
        )
    for relative in scripts:
        for number, line in enumerate((ctx.text(relative) or "").splitlines(), 1):
            stripped = line.split("#", 1)[0]
            reward = RELATIVE_REWARD.search(stripped)
            if reward:
                ctx.report(
                    "relative-reward-path",
                    relative,
                    f"relative reward path {reward[0]!r}; expected /logs/verifier/"
                    f"{reward[0].rsplit('/', 1)[-1]}",
                    line=number,
                )
                break
            match = re.search(r"(?<![\w/$.])(?:\./)?(tests|logs/verifier)/\S+", stripped)
            if match:
                ctx.report(
                    "relative-path",
                    relative,
                    f"relative path {match[0]!r}; expected /{match[1]}/...",
                    line=number,
                )
                break
