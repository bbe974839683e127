"""What separates root's verifier from the agent: Python run isolated, no image variable that
points root at the agent's files, and no verifier read of an agent folder except through the
SDK's safe readers (the agent may have left a FIFO, a link or another file there)."""

from __future__ import annotations

import ast
import re

from taskkit.dockerfile import instructions
from taskkit.validate.checks_docker import DOCKERFILE
from taskkit.validate.context import TaskContext

# Folders the agent user can write in a task image (its home, its workspace, the shared tmp).
AGENT_FOLDERS = ("/workspace", "/home/node", "/tmp", "/var/tmp", "/logs/agent", "/logs/artifacts")
# Agent folders that the agent cannot rename or remove (their parents are root's).
AGENT_ROOTS = ("/workspace", "/home/node", "/tmp", "/var/tmp", "/logs/agent", "/logs/artifacts")
# The SDK functions that open a path without following links, without blocking on a FIFO and
# only when it is a regular file of bounded size.
SAFE_READERS = frozenset(
    {
        "read_input",
        "read_output",
        "require_output",
        "read_json_output",
        "find_output",
        "open_output",
    }
)
# Image variables that lead a program (root's too: Docker keeps the image's ENV in every exec)
# to code or configuration at a path.
ROOT_LEADING_VARIABLES = re.compile(r"^(?:HOME|BASH_ENV|ENV|PYTHON\w*|LD_\w+|PERL5?LIB|NODE_\w+)$")
PYTHON_CALL = re.compile(
    r"(?:^|[\s;&|(])(?:/usr/bin/|/usr/local/bin/)?(python3?(?:\.\d+)?)(\s[^\n]*|$)"
)


def _under_agent_folder(value: str) -> bool:
    return any(value == f or value.startswith(f + "/") for f in AGENT_FOLDERS)


def _isolated(arguments: list[str]) -> bool:
    """Whether the options before the script or module include -I (alone or combined)."""
    for word in arguments:
        if not word.startswith("-") or word.startswith("--") or word in ("-m", "-c", "-"):
            return False
        if "I" in word:
            return True
    return False


def check_verifier_python(ctx: TaskContext) -> None:
    """Every Python that a verifier script starts runs isolated (``python3 -I``)."""
    for relative in ctx.verifier_files((".sh",)):
        for number, line in enumerate((ctx.text(relative) or "").splitlines(), 1):
            code = line.split("#", 1)[0]
            for match in PYTHON_CALL.finditer(code):
                options = match[2].split()
                if not any(
                    o.startswith("-") and "I" in o and not o.startswith("--") for o in options[:3]
                ):
                    ctx.report(
                        "verifier-python-isolated",
                        relative,
                        f"`{match[1]}{match[2].rstrip()}` runs without -I; expected "
                        f"`{match[1]} -I ...`",
                        line=number,
                    )


def _env_pairs(arguments: str) -> list[tuple[str, str]]:
    if "=" not in arguments.split(None, 1)[0]:  # legacy `ENV NAME value`
        name, _, value = arguments.partition(" ")
        return [(name, value.strip())]
    return [
        (name, value.strip("\"'"))
        for name, value in re.findall(r"(\w+)=(\"[^\"]*\"|'[^']*'|\S*)", arguments)
    ]


def check_dockerfile_env(ctx: TaskContext) -> None:
    """No ``ENV`` that leads root's processes (verifier, healthcheck) to the agent's files."""
    for line, instruction, arguments in instructions(ctx.text(DOCKERFILE) or ""):
        if instruction != "ENV" or not arguments.strip():
            continue
        for name, value in _env_pairs(arguments):
            agent_paths = [p for p in re.split(r"[:\s]", value) if _under_agent_folder(p)]
            if ROOT_LEADING_VARIABLES.match(name) or agent_paths:
                ctx.report(
                    "dockerfile-env-agent",
                    DOCKERFILE,
                    f"ENV {name}={value}: every process of the image, root's verifier included, "
                    "inherits it",
                    line=line,
                )


def check_dockerfile_workdir(ctx: TaskContext) -> None:
    """The working folder is not one the agent can rename or remove: every root exec of the
    runner (the verifier's) starts there and fails when it is gone."""
    for line, instruction, arguments in instructions(ctx.text(DOCKERFILE) or ""):
        folder = arguments.strip().strip("\"'").rstrip("/")
        if instruction == "WORKDIR" and _under_agent_folder(folder) and folder not in AGENT_ROOTS:
            ctx.report(
                "dockerfile-workdir-agent",
                DOCKERFILE,
                f"WORKDIR {folder}: the agent can rename it away, and then every root exec, "
                "the verifier's included, fails to start",
                line=line,
            )


def _path_constants(tree: ast.AST) -> list[ast.Constant]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and _under_agent_folder(node.value)
    ]


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return None


def _unsafe_uses(tree: ast.AST) -> list[ast.Constant]:
    """Agent-folder path constants that reach something other than a safe reader's first
    argument, directly or through a module-level name (``CSV = Path("/workspace/...")``)."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}

    def holder(node: ast.AST) -> ast.AST:
        """The expression that carries the constant: itself, or a ``Path(...)`` around it."""
        parent = parents.get(node)
        if isinstance(parent, ast.Call) and _call_name(parent) == "Path" and node in parent.args:
            return parent
        return node

    def safely_read(expression: ast.AST) -> bool:
        parent = parents.get(expression)
        while isinstance(parent, ast.BinOp) and parent.left is expression:  # CORPUS / name
            expression, parent = parent, parents.get(parent)
        return (
            isinstance(parent, ast.Call)
            and _call_name(parent) in SAFE_READERS
            and bool(parent.args)
            and parent.args[0] is expression
        )

    unsafe = []
    for constant in _path_constants(tree):
        expression = holder(constant)
        assign = parents.get(expression)
        if isinstance(assign, ast.Assign) and all(isinstance(t, ast.Name) for t in assign.targets):
            names = {t.id for t in assign.targets if isinstance(t, ast.Name)}
            loads = [
                n
                for n in ast.walk(tree)
                if isinstance(n, ast.Name) and n.id in names and isinstance(n.ctx, ast.Load)
            ]
            if loads and all(safely_read(n) for n in loads):
                continue
        elif safely_read(expression):
            continue
        unsafe.append(constant)
    return unsafe


def check_verifier_reads(ctx: TaskContext) -> None:
    """A verifier reads the agent's folders only through the SDK's safe readers."""
    for relative in ctx.verifier_files((".py",)):
        try:
            tree = ast.parse(ctx.text(relative) or "")
        except SyntaxError:
            continue  # reported by the criteria check
        for constant in _unsafe_uses(tree):
            ctx.report(
                "verifier-reads-agent-folder",
                relative,
                f"{constant.value!r} is in a folder the agent can write, and is not read through "
                f"{', '.join(sorted(SAFE_READERS - {'open_output', 'find_output'}))}",
                line=constant.lineno,
            )
