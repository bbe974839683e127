"""environment/Dockerfile checks: the per-task base, no ENTRYPOINT, no startup scripts or
verifier files copied into the image."""

from __future__ import annotations

import re

from taskkit.dockerfile import copy_sources, instructions
from taskkit.validate.context import TaskContext

DOCKERFILE = "environment/Dockerfile"
STARTUP_NAMES = re.compile(r"(?:^|/)(?:startup(?:\.d)?|entrypoint)(?:[^/]*\.sh)?/?$")
LEAK_SOURCES = re.compile(r"(?:^|/)(?:tests|solution)(?:/|$)")


def _substitute(value: str, args: dict[str, str]) -> str:
    def replace(match: re.Match[str]) -> str:
        return args.get(match[1] or match[2], match[0])

    return re.sub(r"\$\{(\w+)\}|\$(\w+)", replace, value)


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
            sources = copy_sources(arguments)
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
