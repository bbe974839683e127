"""Verifier checks: leaks into the instruction, DB paths, services, the LLM-judge contract."""

from __future__ import annotations

import ast
import hashlib
import json
import re
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mock_services.core.seeding.seed import (
    MISSING_LOGINS,
    SEED_HEADER_KEYS,
    SeedError,
    TaskSeed,
    seeded_services,
)
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec
from mock_services.verify.normalise import fold
from taskkit.agents import UI_SCRIPT
from taskkit.mcp_servers import mcp_server_problems
from taskkit.registries import BINARY_MAP
from taskkit.validate import leaks
from taskkit.validate.checks_config import is_env_reference
from taskkit.validate.context import TaskContext
from taskkit.validate.leaks import Instruction

EXPECTED_NAME = re.compile(r"^_?(EXPECTED|ANSWER|GOLD|SECRET|CORRECT)\w*$")
EXPECTED_ANYWHERE = re.compile(r"^_?(EXPECTED|ANSWER|GOLD|SECRET|CORRECT)", re.MULTILINE)
ANSWER_FILES = ("answer_key.json", "expected.json")
SERVICE_CALL = re.compile(
    r"\b(?:service_db|read_only_db|diff_service|audit_log|seed_db)\(\s*[\"'](\w+)[\"']"
)
DB_PATH = re.compile(r"(/[\w./-]+?)/(\w+)\.(?:seed\.)?db\b")
TEST_TALK = re.compile(r"verify\.py|test\.sh|/logs/verifier|reward\.(?:txt|json)|/tests/")
DATA_HINTS = re.compile(r"\.db\b|MOCK_DATA_DIR|/opt/mock/data")
MIN_LEAK_BYTES = 16  # a copy this small (an empty __init__.py, "{}") is no leak
MAX_LEAK_BYTES = 10 * 1024 * 1024  # scripts and answer keys are smaller than a corpus's files
MIN_SENTENCE = 20  # a rationale or rubric text this long in the instruction is a leak
# the instruction describes the task, never how it is graded
GRADING_TALK = re.compile(
    r"\b(?:the (?:verifier|grader|checker|scorer|test harness)|checkpoints?|rubric|"
    r"(?:be|is|are|get) (?:graded|scored|checked|verified)|will (?:check|verify|grade|score)|"
    r"partial credit|full (?:credit|marks))\b",
    re.IGNORECASE,
)


def _leaves(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def _constant_leaves(node: ast.AST) -> Iterator[Any]:
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and not isinstance(child.value, bool):
            yield child.value


def expected_values(ctx: TaskContext) -> list[tuple[str, Any]]:
    """(file, value) the verifier expects: answer files and EXPECTED_* / ANSWER_* constants."""
    found: list[tuple[str, Any]] = []
    for directory in ctx.tests_dirs:
        for name in ANSWER_FILES:
            relative = f"{directory}/{name}"
            text = ctx.text(relative)
            if text is None:
                continue
            try:
                found += [(relative, v) for v in _leaves(json.loads(text))]
            except ValueError:
                continue
    for relative in ctx.verifier_files((".py",)):
        text = ctx.text(relative) or ""
        if not EXPECTED_ANYWHERE.search(text):
            continue  # parsing is the slow part; most files declare no expected values
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value:
                targets, value = [node.target], node.value
            else:
                continue
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if any(EXPECTED_NAME.match(n) for n in names):
                found += [(relative, v) for v in _constant_leaves(value)]
    return found


def _instruction_files(ctx: TaskContext) -> list[tuple[str, str]]:
    """(instruction, the solution folder of the same step)."""
    if ctx.config and ctx.config.steps:
        return [
            (f"steps/{s.name}/instruction.md", f"steps/{s.name}/solution") for s in ctx.config.steps
        ]
    return [("instruction.md", "solution")]


def _line_of(text: str, needle: str) -> int | None:
    """The first line holding ``needle`` as whole words, case and separators folded."""
    return Instruction(text).line_of(needle)


def checkpoint_texts(ctx: TaskContext) -> list[tuple[str, str, str]]:
    """(file, kind, text) of every ``@verifier.checkpoint``: its name (snake_case names only:
    one word is no leak; nor a name the verifier also reads as a string, such as an output key
    the instruction must give) and its rationale."""
    found = []
    for relative in ctx.verifier_files((".py",)):
        text = ctx.text(relative) or ""
        if ".checkpoint(" not in text:
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        strings = Counter(v for v in _constant_leaves(tree) if isinstance(v, str))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                if not (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr == "checkpoint"
                ):
                    continue
                given = {k.arg: k.value for k in decorator.keywords}
                named = _string(given.get("name"))
                name = named or node.name
                if "_" in name.strip("_") and strings[name] == (1 if named else 0):
                    found.append((relative, "checkpoint name", name))
                rationale = _string(given.get("rationale"))
                if rationale and len(rationale) >= MIN_SENTENCE:
                    found.append((relative, "checkpoint rationale", rationale))
    return found


def _string(node: ast.AST | None) -> str | None:
    """A string literal's value (implicitly joined parts included)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def check_instruction_leak(ctx: TaskContext) -> None:
    values = expected_values(ctx)
    # (what, text, whether to fold case and separators): a checkpoint name (snake_case) is
    # matched as written, or "reply_sent" would flag an instruction saying "reply sent"
    sentences = [(f"rubric text from {f}", t, True) for f, t in _rubric_descriptions(ctx)]
    sentences = [s for s in sentences if len(s[1]) >= MIN_SENTENCE]
    sentences += [
        (f"the {kind} in {f}", t, kind != "checkpoint name") for f, kind, t in checkpoint_texts(ctx)
    ]
    for relative, solution in _instruction_files(ctx):
        text = ctx.text(relative)
        if text is None:
            continue
        instruction = Instruction(text)
        # a dataset build's instruction ends with its source document, which holds the answers
        # of an extraction by design (the build's own leak check reads the parts before it)
        own_text = leaks.before_source_document(text) if _dataset_built(ctx) else text
        literals = [
            (source, value)
            for source, value in _solution_literals(ctx, solution)
            if leaks.meaningful(value)
        ]
        reported: set[str] = set()
        for source, value, whose in [
            *((f, v, "a value {} expects") for f, v in values),
            *(
                (f, v, "a literal of the reference solution {}")
                for f, v in literals
                if str(v) not in leaks.template_values(text) and Instruction(own_text).shows(v)
            ),
        ]:
            shown = str(value).strip()
            if shown not in reported and instruction.shows(value):
                reported.add(shown)
                ctx.report(
                    "instruction-leak",
                    relative,
                    f"contains {shown[:60]!r}, {whose.format(source)}",
                    line=instruction.line_of(shown),
                )
        for what, sentence, folded in sentences:
            if instruction.shows(sentence) if folded else _names(sentence, text):
                ctx.report(
                    "instruction-leak",
                    relative,
                    f"contains {what}: {sentence[:60]!r}",
                    line=instruction.line_of(sentence),
                )
        _check_solution_copy(ctx, relative, instruction, solution)
        for match in (TEST_TALK.search(text), GRADING_TALK.search(text)):
            if match:
                ctx.report(
                    "instruction-mentions-tests",
                    relative,
                    f"mentions {match[0]!r}",
                    line=instruction.line_of(match[0]),
                )


def _dataset_built(ctx: TaskContext) -> bool:
    metadata = (ctx.raw or {}).get("metadata")
    return isinstance(metadata, dict) and isinstance(metadata.get("dataset"), dict)


def _names(name: str, text: str) -> bool:
    """Whether ``text`` holds the identifier ``name`` as a word of its own."""
    return re.search(rf"(?<!\w){re.escape(name.lower())}(?!\w)", fold(text)) is not None


def _solution_literals(ctx: TaskContext, solution: str) -> list[tuple[str, Any]]:
    """(file, literal) of the solution folder's solve.sh and Python files. Not the UI solution
    (``ui.py``): a browser finds a page by the names the instruction gives ("Database failover
    runbook"), so those names are its literals without being answers."""
    found = []
    for path in sorted((ctx.path / solution).glob("*")):
        if path.suffix not in (".sh", ".py") or not path.is_file() or path.name == UI_SCRIPT:
            continue
        relative = f"{solution}/{path.name}"
        literals = leaks.script_literals(ctx.text(relative) or "", python=path.suffix == ".py")
        found += [(relative, value) for value in literals]
    return found


def _check_solution_copy(
    ctx: TaskContext, relative: str, instruction: Instruction, solution: str
) -> None:
    """The instruction points at the reference solution, or holds much of solve.sh verbatim."""
    pointer = leaks.SOLUTION_POINTER.search(instruction.text)
    if pointer:
        ctx.report(
            "instruction-leak",
            relative,
            f"points at the reference solution ({pointer[0]!r}), which the agent never sees",
            line=instruction.text.count("\n", 0, pointer.start()) + 1,
        )
    script = ctx.text(f"{solution}/solve.sh")
    if script is None:
        return
    copied, total = leaks.copied_lines(instruction.text, script)
    if leaks.is_copy(copied, total):
        ctx.report(
            "instruction-leak",
            relative,
            f"holds {copied} of the {total} lines of {solution}/solve.sh verbatim",
        )


def _rubric_descriptions(ctx: TaskContext) -> list[tuple[str, str]]:
    found = []
    for directory in ctx.tests_dirs:
        relative = f"{directory}/rubric.json"
        criteria = _load_rubric(ctx, relative)
        for criterion in criteria or []:
            for key in ("description", "criterion", "rubric"):
                if isinstance(criterion.get(key), str):
                    found.append((relative, criterion[key].strip()))
    return found


def _load_rubric(ctx: TaskContext, relative: str) -> list[dict[str, Any]] | None:
    text = ctx.text(relative)
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError as exc:
        ctx.report("rubric-weights", relative, f"invalid JSON: {exc}")
        return None
    if isinstance(data, dict) and isinstance(data.get("criteria"), list):
        data = data["criteria"]
    if isinstance(data, dict):
        data = [{"name": k, "weight": v} for k, v in data.items()]
    if not isinstance(data, list) or not all(isinstance(c, dict) for c in data):
        ctx.report(
            "rubric-weights",
            relative,
            f"expected a list of criteria objects, got {type(data).__name__}",
        )
        return None
    for index, criterion in enumerate(data):
        weight = criterion.get("weight")
        if isinstance(weight, bool) or not isinstance(weight, int | float) or weight <= 0:
            ctx.report(
                "rubric-weights",
                relative,
                f"criteria[{index}] ({criterion.get('name', '?')}): weight {weight!r}, "
                "expected a positive number",
            )
        if not criterion.get("name"):
            ctx.report("rubric-weights", relative, f"criteria[{index}] has no 'name'")
    return data


def check_environment_copies(ctx: TaskContext) -> None:
    """A solution or verifier file copied into environment/ under any name: compared by
    content (files of a few bytes, such as an empty ``__init__.py``, are no leak)."""
    hidden: dict[bytes, str] = {}
    for folder in ["solution", *ctx.tests_dirs, *_step_solutions(ctx)]:
        for path in sorted((ctx.path / folder).rglob("*")):
            data = path.read_bytes() if path.is_file() else b""
            if len(data.strip()) >= MIN_LEAK_BYTES:
                hidden.setdefault(
                    hashlib.sha256(data).digest(), path.relative_to(ctx.path).as_posix()
                )
    environment = ctx.path / "environment"
    for path in sorted(environment.rglob("*")):
        if not path.is_file() or path.stat().st_size > MAX_LEAK_BYTES:
            continue
        original = hidden.get(hashlib.sha256(path.read_bytes()).digest())
        if original:
            ctx.report(
                "environment-leak",
                path.relative_to(ctx.path).as_posix(),
                f"is a copy of {original}, which the agent must never see",
            )


def _step_solutions(ctx: TaskContext) -> list[str]:
    steps = ctx.config.steps if ctx.config else []
    return [f"steps/{s.name}/solution" for s in steps or []]


def _workspace_inputs(ctx: TaskContext) -> set[str]:
    """The container paths of the files the Dockerfile copies from a folder of environment/
    into /workspace (an imported task's inputs)."""
    dockerfile = ctx.text("environment/Dockerfile") or ""
    found = set()
    for source in re.findall(
        r"^COPY\s+(?:--\S+\s+)*([\w.-]+)/\s+/workspace/?\s*$", dockerfile, re.M
    ):
        folder = ctx.path / "environment" / source
        if folder.is_dir():
            found |= {
                f"/workspace/{p.relative_to(folder).as_posix()}"
                for p in folder.rglob("*")
                if p.is_file()
            }
    return found


def check_data_paths(ctx: TaskContext) -> None:
    """DB paths in the verifier, solution and instruction must be under MOCK_DATA_DIR; a
    database the image copies into the agent's workspace as an input (``COPY x/ /workspace/``
    of ``environment/x/``) is the agent's file, not a service's."""
    data_dir = ctx.data_dir.rstrip("/")
    inputs = _workspace_inputs(ctx)
    files = [*ctx.verifier_files((".py", ".sh")), "solution/solve.sh", "instruction.md"]
    for relative in files:
        text = ctx.text(relative)
        if not text or not DATA_HINTS.search(text):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            for match in DB_PATH.finditer(line):
                directory = match[1]
                if match[0] in inputs:
                    continue
                if directory != data_dir and not directory.startswith(("/tmp", "$", "{")):
                    ctx.report(
                        "mock-data-path",
                        relative,
                        f"{match[0]} is not under MOCK_DATA_DIR={data_dir}",
                        line=number,
                    )
            assigned = re.search(r"MOCK_DATA_DIR\s*[=:]\s*[\"']?(/[\w./-]+)", line)
            if assigned and assigned[1].rstrip("/") != data_dir:
                ctx.report(
                    "mock-data-path",
                    relative,
                    f"sets MOCK_DATA_DIR={assigned[1]}; the task's services use "
                    f"{data_dir} (task-binary-map.json)",
                    line=number,
                )
            if "/opt/mock/data" in line:
                ctx.report(
                    "mock-data-path",
                    relative,
                    f"/opt/mock/data is not where the mocks keep data ({data_dir})",
                    line=number,
                )


def check_services(ctx: TaskContext) -> None:
    known = set(ctx.repo.known_services)
    entry = ctx.repo.binary_map.get(ctx.name)
    declared = set(entry.services) if entry else None
    for service in sorted(declared or ()):
        if service not in known:
            ctx.report_repo(
                "unknown-service",
                BINARY_MAP,
                f"task-binary-map.json lists {service!r}; known: {sorted(known)}",
            )
    used: dict[str, tuple[str, str]] = {}  # service -> (file, text to find its line by)
    seed_text = ctx.text("environment/seed.json")
    if seed_text is not None:
        try:
            seed = json.loads(seed_text)
        except json.JSONDecodeError as exc:
            ctx.report(
                "seed-json", "environment/seed.json", f"invalid JSON: {exc.msg}", line=exc.lineno
            )
            seed = None
        if seed is not None and not isinstance(seed, dict):
            ctx.report(
                "seed-json",
                "environment/seed.json",
                f"expected an object of service sections, got {type(seed).__name__}",
            )
        elif isinstance(seed, dict):
            for key, section in seed.items():
                if key in SEED_HEADER_KEYS:
                    continue
                if not isinstance(section, dict):
                    ctx.report(
                        "seed-json",
                        "environment/seed.json",
                        f"{key}: expected an object, got {type(section).__name__}",
                    )
                used.setdefault(key, ("environment/seed.json", f'"{key}"'))
            if all(isinstance(v, dict) for k, v in seed.items() if k not in SEED_HEADER_KEYS):
                check_seed_schemas(ctx, seed, seed_text)
    for relative in [*ctx.verifier_files((".py",)), "solution/solve.sh"]:
        text = ctx.text(relative) or ""
        for match in SERVICE_CALL.finditer(text):
            used.setdefault(match[1], (relative, match[0]))
    for service, (relative, needle) in sorted(used.items()):
        if service in known and (declared is None or service in declared):
            continue
        line = _line_of(ctx.text(relative) or "", needle)
        if service not in known:
            ctx.report(
                "unknown-service",
                relative,
                f"service {service!r} does not exist; known: {sorted(known)}",
                line=line,
            )
        elif declared is not None and service not in declared:
            ctx.report(
                "service-not-declared",
                relative,
                f"uses {service!r} but task-binary-map.json gives the task {sorted(declared)}",
                line=line,
            )


def _seed_files(ctx: TaskContext) -> list[str]:
    """The task's seed.json and each step's own, where there is one."""
    steps = ctx.config.steps if ctx.config else []
    candidates = [
        "environment/seed.json",
        *(f"steps/{s.name}/environment/seed.json" for s in steps or []),
    ]
    return [relative for relative in candidates if ctx.exists(relative)]


def check_seed_logins(ctx: TaskContext) -> None:
    """Every task seed names the accounts the agent may use (``logins``), so that every other
    account is locked; without them any seeded password works."""
    for relative in _seed_files(ctx):
        text = ctx.text(relative) or ""
        try:
            seed = json.loads(text)
        except json.JSONDecodeError:
            continue  # seed-json reports it
        if isinstance(seed, dict) and "logins" not in seed:
            ctx.report("seed-logins", relative, MISSING_LOGINS, line=_line_of(text, '"now"') or 1)


def _notification_urls(seed: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(JSON path, URL, the service it must reach) of each service section's notifications."""
    for service, section in seed.items():
        target = section.get("notifications") if isinstance(section, dict) else None
        if not isinstance(target, dict):
            continue
        if isinstance(target.get("email_url"), str):
            yield f"{service}.notifications.email_url", target["email_url"], "email"
        services = target.get("services")
        for name, url in services.items() if isinstance(services, dict) else ():
            if isinstance(url, str):
                yield f"{service}.notifications.services.{name}", url, name


def check_seed_notifications(ctx: TaskContext) -> None:
    """Each notifications URL of a seed reaches, by its port, the service it names among the
    services the task runs (a wrong port fails only when a mail or an invitation is sent)."""
    entry = ctx.repo.binary_map.get(ctx.name)
    services = [s for s in (entry.services if entry else ()) if s in ctx.repo.known_services]
    runs = {get_spec(s).port: s for s in services}
    running = ", ".join(f"{s} ({port})" for port, s in sorted(runs.items())) or "none"
    for relative in _seed_files(ctx):
        text = ctx.text(relative) or ""
        try:
            seed = json.loads(text)
        except json.JSONDecodeError:
            continue  # seed-json reports it
        for path, url, wanted in _notification_urls(seed if isinstance(seed, dict) else {}):
            try:
                port = urlsplit(url).port
            except ValueError:
                port = None
            if port is not None and runs.get(port) == wanted:
                continue
            reached = (
                f"is {runs[port]}'s port"
                if port is not None and port in runs
                else "has no service of the task"
            )
            ctx.report(
                "seed-notifications-url",
                relative,
                f"{path}: {url} {reached}; it must reach {wanted}; the task runs {running}",
                line=_line_of(text, url),
            )


def check_seed_schemas(ctx: TaskContext, seed: dict[str, Any], text: str) -> None:
    """Seed the sections of known services into a scratch folder, as the image would: the
    services' schemas, natural keys and references, by the same code as seeding."""
    known = [k for k in seeded_services(seed) if k in ctx.repo.known_services]
    specs = {name: get_spec(name) for name in known}
    entry = ctx.repo.binary_map.get(ctx.name)
    defaults = {  # what the image seeds with its default data: its accounts count for logins
        name: get_spec(name)
        for name in (entry.services if entry else ())
        if name in ctx.repo.known_services and name not in specs
    }
    relative = "environment/seed.json"
    header = {k: v for k, v in seed.items() if k in SEED_HEADER_KEYS}
    try:
        task_seed = TaskSeed.parse({**header, **{k: seed[k] for k in known}}, known, relative)
        with tempfile.TemporaryDirectory(prefix="validate-seed-") as scratch:
            task_seed.with_defaults(defaults).building(known).check(
                specs, Path(scratch), TASK_SEED_CHECKS
            )
    except SeedError as exc:
        for problem in str(exc).splitlines():
            message = problem.removeprefix(f"{relative}: ")
            parts = re.split(r"[.\[]", message.split(":", 1)[0])
            key = parts[1] if parts[0] == "seed" and len(parts) > 1 else parts[0]
            known_key = key in specs or key in SEED_HEADER_KEYS
            ctx.report(
                "seed-json",
                relative,
                message,
                line=_line_of(text, f'"{key}"') if known_key else None,
            )


JUDGE_SIGNS = ("JUDGE_BASE_URL", "verify.judge", "LlmJudge", "judged_agreement")
"""What in a verifier's code says it calls the LLM judge."""


def check_judge(ctx: TaskContext) -> None:
    uses_judge = any(ctx.exists(f"{d}/llm_judge.py") for d in ctx.tests_dirs) or any(
        any(sign in (ctx.text(f) or "") for sign in JUDGE_SIGNS)
        for f in ctx.verifier_files((".py",))
    )
    for directory in ctx.tests_dirs:
        _load_rubric(ctx, f"{directory}/rubric.json")
    if not uses_judge or ctx.config is None:
        return
    env = dict(ctx.config.verifier.env)
    for name in ("JUDGE_BASE_URL", "JUDGE_API_KEY"):
        value = env.get(name)
        if value is None or not is_env_reference(value, name):
            ctx.report(
                "judge-env",
                "task.toml",
                f'[verifier.env] {name} is {value!r}; expected "${{{name}}}"',
                line=ctx.toml_line("verifier.env") or ctx.toml_line("verifier"),
            )


def check_mcp_servers(ctx: TaskContext) -> None:
    """Each declared MCP server is one of the task's services, at its port in the service map."""
    if ctx.config is None or not ctx.config.environment.mcp_servers:
        return
    entry = ctx.repo.binary_map.get(ctx.name)
    services = [s for s in (entry.services if entry else []) if s in ctx.repo.known_services]
    for index, server in enumerate(ctx.config.environment.mcp_servers):
        for rule, message in mcp_server_problems(server, services):
            ctx.report(
                rule,
                "task.toml",
                f"environment.mcp_servers[{index}]: {message}",
                line=ctx.toml_line(f"environment.mcp_servers[{index}].name"),
            )
