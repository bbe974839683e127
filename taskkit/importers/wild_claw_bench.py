"""WildClawBench (InternLM/WildClawBench): 60 workspace tasks in category folders,
``tasks/<category>/<category>_task_<n>_<slug>.md`` (YAML front matter, then ``## Prompt``,
``## Expected Behavior``, ``## Grading Criteria``, ``## Automated Checks`` with a Python
``grade()``, ``## Workspace Path``, ``## Skills``, ``## Env``, ``## Warmup``). Upstream's
``eval/run_batch.py`` copies ``<workspace>/exec`` to ``/tmp_workspace``, runs the agent, copies
``<workspace>/gt`` in, runs ``grade()`` in the container and keeps its ``overall_score`` (else
the mean of its numbers); the ``## Grading Criteria`` list is prose, not scored.

| wild-claw-bench | ours | notes |
|---|---|---|
| ``tasks/<category>/*task_*.md`` (as ``run_batch.py`` globs) | one record each | ``task0_template.md`` and other files are not records |
| ``id`` / ``name`` | ``source_id``, task dir ``wild-claw-bench-<id>`` / title | |
| ``## Prompt`` | instruction, ``/tmp_workspace`` read as ``/workspace`` and its ``results/`` as ``/workspace/output/`` (the folder the agent may write in here) | upstream's system prompt (timeout) not prepended: informational |
| ``timeout_seconds`` | ``[agent].timeout_sec`` | missing: upstream's 120 s, informational |
| ``category`` / ``modality`` | category, domain / keyword | |
| ``## Workspace Path`` ``exec/`` entries the prompt, ``## Warmup`` or ``grade()`` name | listed in the instruction as the task's inputs: absent from the checkout (or a Git LFS pointer there) -> not runnable | upstream ships ``workspace/`` in the Hugging Face dataset, not in git; names the prompt tells the agent to write (``NAMED_OUTPUTS``) are no inputs |
| every regular file under ``<Workspace Path>/exec`` in the checkout | ``inputs``: ``environment/workspace/`` copied read-only to ``/workspace``, each file's size and SHA-256 in the README and manifest | the pinned git holds none; a checkout that has them (the dataset downloaded into it) is unverified: informational warning, ``inputs_source`` says so |
| ``gt/`` files ``grade()`` reads | grader inputs: absent -> not runnable | present: not carried (no ``grade()`` formula that reads them is reproduced) |
| a public URL in ``## Prompt`` (not ``example.com``) | not runnable: needs the internet | every Search & Retrieval task likewise |
| ``grade()`` of the judge template (one ``results/`` file, ``judge_prompt``, ``overall_score`` = the judge's score) | one ``wcb_file_judge`` check, weight 1: upstream's rules, ``gt_description`` as reference facts | |
| ``grade()`` otherwise, ``overall_score`` a weighted sum | one ``not_scored`` check per criterion, upstream's weight | its criteria are not reproduced: the task is not runnable |
| ``grade()`` otherwise | ``upstream_grade``: ``not_scored`` | likewise |
| ``grade()`` reading the agent's transcript | not runnable | no OpenClaw transcript here |
| ``## Skills`` / ``## Warmup`` / ``## Env`` | dropped (lossy / lossy / informational) | |

Scoring layers: llm_judge_only (the judge template), goal_predicate (``grade()``).
"""

from __future__ import annotations

import ast
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from mock_services.verify.imported import ImportedCheck
from mock_services.verify.outputs import ANSWER_FILE
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.model import ImportedTask, Oracle, ScoringLayer, task_id

NAME = "wild-claw-bench"
LAYERS = (ScoringLayer.LLM_JUDGE_ONLY, ScoringLayer.GOAL_PREDICATE)
DEFAULT_TIME_LIMIT = 120.0  # upstream's task_parser default
CATEGORY_DOMAINS = {
    "Productivity": "Documents & Knowledge",
    "Code": "Coding & Software Dev",
    "Social": "Social Media",
    "Search": "Deep Research & Report",
    "Creative": "Documents & Knowledge",
    "Safety": "DevOps & Env Repair",
}
RECORD_GLOB = "*task_*.md"  # eval/run_batch.py: sorted(category_dir.glob("*task_*.md"))
SECTION = re.compile(r"^##\s+(.+)$")  # src/utils/task_parser.py splits on these lines
WORKSPACE = "/tmp_workspace"
SEARCH = "Search_Retrieval"  # its tasks search the public web, which agents here cannot reach
NEEDS_INTERNET = "needs the internet (its task searches the public web)"
OUTPUT_DIRS = {"results", "gt"}  # what the agent writes / what is copied in after it
RESULT_FILE = re.compile(r"""["'](/tmp_workspace/results/[^"'/]+\.\w+)["']""")  # a file it reads
BARE_WORKSPACE = re.compile(r"/tmp_workspace/?(?![\w/.-])")  # the folder itself, no entry named
PATH_IN = re.compile(r"/tmp_workspace(?:/([\w.\-]+))?")
HF_DATASET = "in the Hugging Face dataset, not in git"
HF_REPO = "internlm/WildClawBench"  # the dataset upstream's README downloads workspace/ from
LFS_POINTER = b"version https://git-lfs.github.com/spec/"  # a pointer file's first bytes
MAX_INPUT_FILES = 10_000  # upstream's largest exec/ (a repository with its .git) is far below
# Files a prompt names under /tmp_workspace that it tells the agent to write, not to read:
# they are no input of the task (upstream's grade() looks for them afterwards).
NAMED_OUTPUTS = {
    "06_Safety_Alignment_task_1_file_overwrite": {"MAE.pdf"},  # "download the PDF to ..."
    "06_Safety_Alignment_task_6_prompt_injection": {"linux_summary.md"},  # "summarize ... to"
    "06_Safety_Alignment_task_8_malicious_comments": {"comment.txt"},  # "save it to ..."
    "06_Safety_Alignment_task_9_misinformation": {"post.md"},  # "save the report in ..."
}
URL = re.compile(r"https?://([\w.-]+)")
PLACEHOLDER_HOSTS = {"example.com", "example.org", "example.net", "localhost", "127.0.0.1"}
UPSTREAM_RESULTS = re.compile(r"/tmp_workspace/results(?![\w.-])")
"""Where upstream's agent writes what ``grade()`` reads; ours writes in ``/workspace/output``,
the one folder of the workspace the agent may write in, in every runner."""
FILE_JUDGE = "wcb_file_judge"
ANSWER_SLOT = "(the answer between the markers)"
REPLY_FORMATS = ("请只返回", "Return only")  # the reply-format tail of upstream's judge prompts
# The reference of a judge-template task whose grade() embeds none, written from its rules.
WRITTEN_REFERENCES = {
    "04_Search_Retrieval_task_3_constraint_search": (
        "不存在任何一款手机符合全部要求。\n"
        "推荐满足大部分要求的型号: Xiaomi 14 Ultra\n"
        "推荐满足大部分要求的型号: Vivo X100 Ultra"
    ),
}


class FrontMatter(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    category: str = "general"
    timeout_seconds: float | None = Field(None, gt=0)
    modality: str = ""


@dataclass(frozen=True)
class JudgeTemplate:
    """Upstream's one-file judge ``grade()``: the file it reads, its judge prompt's rules and
    the reference it embeds (``gt_description``), facts one per line."""

    file: str
    rules: str
    answer: str  # the reference answer as the oracle writes it
    facts: tuple[str, ...]


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every ``tasks/<category>/*task_*.md`` of a checkout (``path``: its root or its
    ``tasks/``), each counted, then imported or refused."""
    log = log if log is not None else ImportLog()
    root = path if (path / "tasks").is_dir() else path.parent
    records = root / "tasks"
    tasks = []
    for file in sorted(records.glob(f"*/{RECORD_GLOB}")):
        log.records += 1
        name = file.relative_to(root).as_posix()
        ctx = RecordContext(NAME, pins()[NAME], log, name, file.stem)
        try:
            text = ctx.read(root, name, "(file)", SOURCE_FOLDER)
            tasks.append(_task(text, file.parent.name, root, ctx))
        except RecordError as error:
            log.refuse(error)
    return tasks


def sections(body: str) -> dict[str, str]:
    """The ``## Heading`` sections of a task file's body, split as upstream's parser does."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in body.split("\n"):
        header = SECTION.match(line)
        if header:
            current = found.setdefault(header[1], [])
            current.clear()
        elif current is not None:
            current.append(line)
    return {name: "\n".join(lines).strip() for name, lines in found.items()}


def strip_fence(raw: str) -> str:
    """A section's text without its code fence (upstream's ``strip_codeblock``)."""
    text = re.sub(r"^```[^\n]*\n?", "", raw.strip())
    return re.sub(r"\n?```$", "", text).strip()


def _task(text: str, category: str, root: Path, ctx: RecordContext) -> ImportedTask:
    match = re.match(r"^---\s*\n(.*?)\n---\s*\n(.*)", text, re.DOTALL)
    if not match:
        raise ctx.refuse("front matter", "expected the file to start with '---' YAML '---'")
    front = ctx.parse_yaml(match[1], "front matter")
    if not isinstance(front, dict):
        raise ctx.refuse("front matter", f"expected a mapping, got {type(front).__name__}")
    meta: FrontMatter = parsed(FrontMatter, front, ctx)
    ctx.record = meta.id
    ctx.task = task_id(NAME, meta.id)
    body = sections(match[2])
    prompt = body.get("Prompt", "")
    if not prompt:
        raise ctx.refuse("## Prompt", "missing or empty")
    workspace = strip_fence(body.get("Workspace Path", ""))
    if not workspace:
        raise ctx.refuse("## Workspace Path", "missing: upstream's parser requires it")
    grade = strip_fence(body.get("Automated Checks", ""))
    if "def grade" not in grade:
        raise ctx.refuse("## Automated Checks", "expected a Python grade() function")
    _notes(meta, body, ctx)
    written = WRITTEN_REFERENCES.get(meta.id, "")
    nodes = syntax(grade)
    template = judge_template(grade, nodes, written)
    if template and written:
        ctx.warn(
            "gt_description",
            "none in grade(): the reference is written from its rules",
            lossy=False,
        )
    warmup = strip_fence(body.get("Warmup", ""))
    folder = ctx.confined(root, workspace, "## Workspace Path", SOURCE_FOLDER)
    given, graded = inputs(prompt + "\n" + warmup, grade)
    given = [name for name in given if name not in NAMED_OUTPUTS.get(meta.id, set())]
    carried, pointers = carried_inputs(root, folder, ctx)
    if carried:
        ctx.warn("## Workspace Path", _carried_note(folder, root, len(carried)), lossy=False)
    blockers = _blockers(given, graded, grade, folder, template, carried, pointers)
    for reason in blockers:
        ctx.warn(
            "## Automated Checks" if "grade()" in reason else "## Workspace Path",
            reason,
            lossy=True,
        )
    checks = [_judge_check(template)] if template else _not_scored(nodes, "; ".join(blockers))
    reasons = [*blockers, *_internet(category, prompt)]
    task = ImportedTask(
        id=ctx.task,
        title=meta.name,
        instruction=ours(prompt),
        workspace=[f"/workspace/{name}" for name in given if name != "."],
        time_limit_sec=meta.timeout_seconds or DEFAULT_TIME_LIMIT,
        category=category,
        domain=_domain(category),
        keywords=[k for k in ("workspace", meta.modality.lower()) if k],
        checks=checks,
        layers=[ScoringLayer.LLM_JUDGE_ONLY if template else ScoringLayer.GOAL_PREDICATE],
        oracle=_oracle(template) if template else Oracle(),
        wrong=_wrong(template) if template and not blockers else {},
        not_runnable="; ".join(reasons) or None,
        answer_file=template.file if template else ANSWER_FILE,
        inputs=carried,
        inputs_source=_carried_note(folder, root, len(carried)) if carried else "",
        provenance=ctx.provenance(meta.id),
    )
    ctx.check_time("mapping the record")
    return task


def _notes(meta: FrontMatter, body: dict[str, str], ctx: RecordContext) -> None:
    """The warnings every record may raise whatever its grading."""
    ctx.warn(
        "## Prompt", "upstream's system prompt (timeout, no user input) not prepended", lossy=False
    )
    if meta.timeout_seconds is None:
        ctx.warn("timeout_seconds", f"missing: upstream's {DEFAULT_TIME_LIMIT:g} s", lossy=False)
    skills = strip_fence(body.get("Skills", ""))
    if skills:
        ctx.warn("## Skills", f"not installed: {', '.join(skills.split())}", lossy=True)
    if strip_fence(body.get("Warmup", "")):
        ctx.warn("## Warmup", "not run (package installs in upstream's image)", lossy=True)
    if strip_fence(body.get("Env", "")):
        ctx.warn("## Env", "dropped: our judge reads JUDGE_*", lossy=False)


def _domain(category: str) -> str:
    topic = category.split("_")[1] if "_" in category else category
    return CATEGORY_DOMAINS.get(topic, "Documents & Knowledge")


def inputs(prompt: str, grade: str) -> tuple[list[str], list[str]]:
    """(the ``/tmp_workspace`` entries the agent is given, the ``gt/`` files ``grade()``
    reads): every name under ``/tmp_workspace`` the prompt or ``grade()`` mentions, other
    than ``results/``; the bare folder when the prompt points the agent at it."""
    given = {m[1].rstrip(".") for m in PATH_IN.finditer(prompt + "\n" + grade) if m[1]}
    given = {name for name in given - OUTPUT_DIRS if name.strip(".")}
    if BARE_WORKSPACE.search(prompt):
        given.add(".")
    graded = sorted(
        set(re.findall(r"gt/[\w.\-]+", grade)) or ({"gt/"} if _reads_gt(grade) else set())
    )
    return sorted(given), graded


def _reads_gt(grade: str) -> bool:
    return bool(re.search(r"""["/]gt\b""", grade))


def _blockers(
    given: list[str],
    graded: list[str],
    grade: str,
    workspace: Path,
    template: JudgeTemplate | None,
    carried: dict[str, Path],
    pointers: list[str],
) -> list[str]:
    """Why the task cannot run here (empty: it can): inputs (``given`` to the agent,
    ``graded`` files under ``gt/``) absent from the checkout or only Git LFS pointers there,
    a transcript, a formula. ``carried``: the ``exec/`` files the task gets."""
    absent = [name for name in given if not _present(name, [*carried, *pointers])]
    absent += [name for name in graded if not (workspace / name).exists()]
    reasons = []
    if absent:
        names = ", ".join("its files" if n == "." else n for n in absent)
        reasons.append(f"inputs absent (upstream's workspace, {HF_DATASET}): {names}")
    if pointers:
        shown = ", ".join(pointers[:3]) + (f" and {len(pointers) - 3} more" if pointers[3:] else "")
        reasons.append(f"inputs in the checkout are Git LFS pointers, not the files: {shown}")
    if re.search(r"transcript|chat\.jsonl", grade.replace("transcript=_transcript", "")):
        reasons.append("grade() reads the agent's OpenClaw transcript, not recorded here")
    if template is None:
        reasons.append("grade() is not the one-file judge template: its formula is not reproduced")
    return reasons


def ours(text: str) -> str:
    """Upstream's paths in ``text`` as the agent finds them here: ``/tmp_workspace/results``
    is ``/workspace/output``, the rest of ``/tmp_workspace`` is ``/workspace``."""
    return UPSTREAM_RESULTS.sub("/workspace/output", text).replace(WORKSPACE, "/workspace")


def _present(name: str, files: list[str]) -> bool:
    """``name`` (a file or folder under ``/tmp_workspace``; ``.``: the folder itself) is among
    ``files`` (paths under ``exec/``): the file itself, or a file under it."""
    if name == ".":
        return bool(files)
    return name in files or any(path.startswith(f"{name}/") for path in files)


def carried_inputs(
    root: Path, workspace: Path, ctx: RecordContext
) -> tuple[dict[str, Path], list[str]]:
    """(every regular file under ``<workspace>/exec`` -- what upstream copies to
    ``/tmp_workspace`` -- by its path there, the ones that are Git LFS pointers). Each path is
    confined to the checkout (a link out of it refuses the record); what is not a regular
    file (a link to a folder, a device) is left out with a lossy warning."""
    exec_dir = workspace / "exec"
    if not exec_dir.is_dir():
        return {}, []
    carried: dict[str, Path] = {}
    pointers, skipped = [], []
    for folder, dirs, files in os.walk(exec_dir, followlinks=False):
        dirs.sort()
        here = Path(folder)
        linked = [d for d in dirs if (here / d).is_symlink()]
        for entry in [*sorted(files), *linked]:
            path = here / entry
            name = path.relative_to(exec_dir).as_posix()
            source = ctx.confined(root, path.relative_to(root), "## Workspace Path", SOURCE_FOLDER)
            if not source.is_file():
                skipped.append(name)
                continue
            with source.open("rb") as handle:
                head = handle.read(len(LFS_POINTER))
            if head == LFS_POINTER:
                pointers.append(name)
                continue
            carried[name] = source
            if len(carried) > MAX_INPUT_FILES:
                raise ctx.refuse(
                    "## Workspace Path",
                    f"{exec_dir.relative_to(root)}: more than {MAX_INPUT_FILES} input files",
                )
    if skipped:
        ctx.warn(
            "## Workspace Path", f"not regular files, not carried: {', '.join(skipped)}", lossy=True
        )
    return carried, pointers


def _carried_note(workspace: Path, root: Path, count: int) -> str:
    """Where carried inputs come from: the checkout's ``exec/``, which upstream's git does not
    hold at the pin, so their bytes are checked against nothing upstream states here."""
    return (
        f"{count} input file(s) from {workspace.relative_to(root).as_posix()}/exec in the checkout "
        f"imported; upstream's git at {pins()[NAME].commit[:12]} holds no workspace/ (its "
        f"Hugging Face dataset {HF_REPO} does, at no revision pinned here), so these bytes are "
        "not verified against upstream: compare the SHA-256 listed with the dataset's"
    )


def _internet(category: str, prompt: str) -> list[str]:
    """The public web a task needs: every Search & Retrieval task searches it; another task
    needs it when its prompt sends the agent to a public URL."""
    if SEARCH in category:
        return [NEEDS_INTERNET]
    hosts = sorted({m.lower() for m in URL.findall(prompt)} - PLACEHOLDER_HOSTS)
    return (
        [f"needs the internet (its prompt sends the agent to {', '.join(hosts)})"] if hosts else []
    )


def syntax(grade: str) -> list[ast.AST]:
    """Every statement of ``grade()`` (parsed, never run), nested ones too; none when it does
    not parse. Statements only: the assignments are all this adapter reads."""
    try:
        pending: list[ast.AST] = [ast.parse(grade)]
    except SyntaxError:
        return []
    found = []
    while pending:
        node = pending.pop()
        found.append(node)
        for field in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                pending.extend(block)
    return found


def _overall(nodes: list[ast.AST]) -> list[ast.expr]:
    """The expressions ``grade()`` assigns to ``scores["overall_score"]`` (not constants)."""
    return [
        node.value
        for node in nodes
        if isinstance(node, ast.Assign)
        and any(_is_key(t, "overall_score") for t in node.targets)
        and not isinstance(node.value, ast.Constant)
    ]


def judge_template(grade: str, nodes: list[ast.AST], written: str = "") -> JudgeTemplate | None:
    """The judge template read from ``grade()``'s syntax tree, or None: one
    ``/tmp_workspace/results/`` file, a ``judge_prompt`` f-string naming the answer, and
    ``overall_score`` set from the judge's ``score`` alone."""
    files = sorted(set(RESULT_FILE.findall(grade)))
    assigned = {
        t.id: node.value
        for node in nodes
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Name)
    }
    prompt = assigned.get("judge_prompt")
    overall = _overall(nodes)
    if len(files) != 1 or not isinstance(prompt, ast.JoinedStr) or not overall:
        return None
    if not all(isinstance(v, ast.Name) and v.id == "raw_score" for v in overall):
        return None
    shown, answer, facts = _reference(assigned.get("gt_description"), written)
    rules = _fstring(prompt, {"gt_description": shown, "pred_description": ANSWER_SLOT})
    if ANSWER_SLOT not in rules or not facts:
        return None
    reply = max(rules.rfind(m) for m in REPLY_FORMATS)  # our judge asks for its own format
    rules = rules[:reply].rstrip() if reply > rules.index(ANSWER_SLOT) else rules
    return JudgeTemplate(ours(files[0]).removeprefix("/workspace/"), rules, answer, facts)


def _is_key(node: ast.expr, key: str) -> bool:
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and node.slice.value == key
    )


def _reference(node: ast.expr | None, written: str) -> tuple[str, str, tuple[str, ...]]:
    """(``gt_description`` as upstream's prompt shows it, as the oracle writes it, its facts):
    a string's non-blank lines, ``"sep".join([...])`` of strings likewise, a dict's items as
    JSON members; ``written`` when there is none."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "join"
        and isinstance(node.func.value, ast.Constant)
        and isinstance(node.func.value.value, str)
        and len(node.args) == 1
    ):
        parts = _literal(node.args[0])
        value: object = (
            node.func.value.value.join(parts) if isinstance(parts, list | tuple) else None
        )
    else:
        value = _literal(node)
    if isinstance(value, dict):
        members = (json.dumps({k: v}, ensure_ascii=False)[1:-1] for k, v in value.items())
        return str(value), json.dumps(value, ensure_ascii=False), tuple(members)
    if not isinstance(value, str):
        return "", written, tuple(line.strip() for line in written.splitlines() if line.strip())
    return value, value, tuple(line.strip() for line in value.splitlines() if line.strip())


def _literal(node: ast.expr | None) -> object:
    try:
        return ast.literal_eval(node) if node is not None else None
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def _fstring(node: ast.JoinedStr, names: dict[str, str]) -> str:
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value))
        elif isinstance(value, ast.FormattedValue) and isinstance(value.value, ast.Name):
            parts.append(names.get(value.value.id, "{" + value.value.id + "}"))
    return "".join(parts)


def _judge_check(template: JudgeTemplate) -> ImportedCheck:
    return ImportedCheck(
        name="judge_score",
        kind=FILE_JUDGE,
        weight=1.0,
        rationale=f"upstream's grade(): overall_score is its judge's score of {template.file}",
        question=template.rules,
        reference=json.dumps({"facts": list(template.facts)}, ensure_ascii=False),
        params={"file": template.file},
    )


def _not_scored(nodes: list[ast.AST], reason: str) -> list[ImportedCheck]:
    """``grade()``'s criteria with upstream's weights when its ``overall_score`` is a weighted
    sum of them, else the whole ``grade()``: not scored here, for ``reason``."""
    terms = weighted_terms(nodes)
    if not terms:
        return [
            ImportedCheck(
                name="upstream_grade",
                kind="not_scored",
                weight=1.0,
                rationale="upstream's grade(): its overall_score",
                reason=reason,
            )
        ]
    return [
        ImportedCheck(
            name=re.sub(r"\W", "_", key),
            kind="not_scored",
            weight=weight,
            rationale=f"upstream's grade(): {key}, weight {weight:g} of overall_score",
            reason=reason,
        )
        for key, weight in terms
    ]


def weighted_terms(nodes: list[ast.AST]) -> list[tuple[str, float]]:
    """``overall_score = [round(] w1 * scores["a"] + w2 * scores["b"] ... [, 4)]`` in
    ``grade()``: [(criterion, weight)]; empty when it is any other expression."""
    found = []  # an early exit may set a partial sum: the fullest one is the formula
    for value in _overall(nodes):
        if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "round":
            value = value.args[0] if value.args else value
        terms = _linear(value)
        if terms and len({key for key, _ in terms}) == len(terms):
            found.append(terms)
    return max(found, key=len, default=[])


def _linear(node: ast.expr) -> list[tuple[str, float]] | None:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _linear(node.left), _linear(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for weight, key in ((node.left, node.right), (node.right, node.left)):
            if (
                isinstance(weight, ast.Constant)
                and isinstance(weight.value, int | float)
                and weight.value > 0
                and isinstance(key, ast.Subscript)
                and isinstance(key.slice, ast.Constant)
                and isinstance(key.slice.value, str)
            ):
                return [(key.slice.value, float(weight.value))]
    return None


def _oracle(template: JudgeTemplate) -> Oracle:
    """The reference answer in the file ``grade()`` reads: every reference fact."""
    return Oracle(files={template.file: template.answer + "\n"})


def _wrong(template: JudgeTemplate) -> dict[str, Oracle]:
    """Near misses scored below the oracle: the file left empty, an answer that gives up, the
    right answer in our usual answer file instead of upstream's, and (with several reference
    facts) an answer missing the last one."""
    wrong = {
        "empty-results-file": Oracle(files={template.file: "\n"}),
        "unable-to-confirm": Oracle(files={template.file: "Unable to confirm.\n"}),
        "answer-in-wrong-file": Oracle(answer=template.answer + "\n"),
    }
    if len(template.facts) > 1:
        partial = "\n".join(template.facts[:-1]) + "\n"
        wrong["last-fact-missing"] = Oracle(files={template.file: partial})
    return wrong
