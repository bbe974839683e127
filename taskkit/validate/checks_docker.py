"""environment/Dockerfile checks: the per-task base, no ENTRYPOINT, no startup scripts or
verifier files copied into the image."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator

from taskkit.validate.context import TaskContext

DOCKERFILE = "environment/Dockerfile"
STARTUP_NAMES = re.compile(r"(?:^|/)(?:startup(?:\.d)?|entrypoint)(?:[^/]*\.sh)?/?$")
LEAK_SOURCES = re.compile(r"(?:^|/)(?:tests|solution)(?:/|$)")


def instructions(text: str) -> Iterator[tuple[int, str, str]]:
    """(line, INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    pending, start = "", 0
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if not pending:
            start = number
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        pending += stripped
        parts = pending.split(None, 1)
        pending = ""
        if parts:
            yield start, parts[0].upper(), parts[1] if len(parts) > 1 else ""


def _substitute(value: str, args: dict[str, str]) -> str:
    def replace(match: re.Match[str]) -> str:
        return args.get(match[1] or match[2], match[0])

    return re.sub(r"\$\{(\w+)\}|\$(\w+)", replace, value)


def _copy_sources(arguments: str) -> list[str]:
    arguments = re.sub(r"^(?:--\S+\s+)+", "", arguments)
    try:
        import json

        parts = json.loads(arguments) if arguments.startswith("[") else shlex.split(arguments)
    except ValueError:
        return []
    return [str(p) for p in parts[:-1]]


def check_dockerfile(ctx: TaskContext) -> None:
    text = ctx.text(DOCKERFILE)
    if text is None:
        return
    expected = f"liveclawbench-{ctx.name}-base"
    args: dict[str, str] = {}
    stages: dict[str, str] = {}
    final_base, final_line = None, None
    env_dir = ctx.path / "environment"
    startup_in_context = (
        sorted(p.name for p in env_dir.iterdir() if STARTUP_NAMES.search(p.name))
        if env_dir.is_dir()
        else []
    )
    for line, instruction, arguments in instructions(text):
        if instruction == "ARG" and "=" in arguments:
            name, _, default = arguments.partition("=")
            args[name.strip()] = default.strip().strip("\"'")
        elif instruction == "FROM":
            words = arguments.split()
            words = [w for w in words if not w.startswith("--")]
            image = _substitute(words[0], args) if words else ""
            image = stages.get(image.lower(), image)
            if len(words) == 3 and words[1].upper() == "AS":
                stages[words[2].lower()] = image
            final_base, final_line = image, line
        elif instruction == "ENTRYPOINT":
            ctx.report(
                "dockerfile-entrypoint",
                DOCKERFILE,
                f"ENTRYPOINT {arguments} replaces /opt/mock/entrypoint.sh, so the "
                "mock services would never start",
                line=line,
            )
        elif instruction in ("COPY", "ADD"):
            sources = _copy_sources(arguments)
            for source in sources:
                if STARTUP_NAMES.search(source.rstrip("/")):
                    ctx.report(
                        "dockerfile-startup-copy",
                        DOCKERFILE,
                        f"{instruction} {source}: startup scripts must come read-only "
                        "from the per-task base, not from a writable copy",
                        line=line,
                    )
                elif source.rstrip("/") in (".", "./") and startup_in_context:
                    ctx.report(
                        "dockerfile-startup-copy",
                        DOCKERFILE,
                        f"{instruction} {source} copies environment/"
                        f"{', '.join(startup_in_context)} into the image; delete "
                        "it from environment/",
                        line=line,
                    )
                if LEAK_SOURCES.search(source):
                    ctx.report(
                        "dockerfile-test-leak",
                        DOCKERFILE,
                        f"{instruction} {source} puts verifier or solution files "
                        "in the agent's image",
                        line=line,
                    )
    if final_base is None:
        ctx.report("dockerfile-base", DOCKERFILE, "no FROM instruction")
        return
    repository = re.split(r"[:@]", final_base, maxsplit=1)[0]
    if repository != expected:
        ctx.report(
            "dockerfile-base",
            DOCKERFILE,
            f"the image builds FROM {final_base!r}; expected {expected}:latest",
            line=final_line,
        )
