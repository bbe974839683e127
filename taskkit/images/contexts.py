"""Build contexts: the base image's (a tar of ``images/base/`` plus the wheelhouse) and each
task's generated per-task base context in ``images/per_task/<task>/``."""

from __future__ import annotations

import io
import json
import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from mock_services.core.seeding.seed import SeedError, TaskSeed, read_seed_file, seeded_services
from mock_services.registry import get_spec
from taskkit.images.binary_map import PYTHON_LIB, BinaryMapError, TaskImageSpec
from taskkit.images.hashing import InputHash, iter_files
from taskkit.images.layout import Layout, base_image

STAMP = ".inputs.sha256"
REFS_CACHE = ".service-refs.json"
IMAGE_DATA_DIR = "/var/lib/mock-data"


# --- base ---------------------------------------------------------------------------------


def _normalized(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """Root-owned, not writable by group or others, fixed mtime: the same tar for the same files."""
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    info.mode &= ~0o022
    info.mtime = 0
    return info


def base_context_tar(layout: Layout, wheelhouse: Path) -> io.BytesIO:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for path in iter_files(layout.base_dir):
            rel = path.relative_to(layout.base_dir).as_posix()
            tar.add(path, arcname=rel, recursive=False, filter=_normalized)
        for path in sorted(wheelhouse.glob("*.whl")):
            tar.add(path, arcname=f"wheelhouse/{path.name}", filter=_normalized)
    buffer.seek(0)
    return buffer


# --- per-task base ------------------------------------------------------------------------


@dataclass(frozen=True)
class ResolvedService:
    """A service as the entrypoint sees it: ``name|ref|port|seed`` (seed: file or default)."""

    name: str
    ref: str
    port: int
    seed: str

    def entry(self) -> str:
        return f"{self.name}|{self.ref}|{self.port}|{self.seed}"


def _python_lib_mirror(task_dir: Path, spec: TaskImageSpec, into: Path) -> None:
    """Lay out the task's ``/opt/mock/lib`` assets on the host, as the image will see them."""
    for asset in spec.assets:
        if not asset.target.startswith(PYTHON_LIB + "/"):
            continue
        target = into / PurePosixPath(asset.target).relative_to(PYTHON_LIB)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to((task_dir / asset.source).resolve())


def _describe_refs(
    refs: list[str], task_dir: Path, spec: TaskImageSpec, task: str, cache_file: Path
) -> list[dict]:
    """Name and port of ``module:ATTR`` services, imported in a child with the image's lib path.

    Importing takes a second, so answers are cached in ``cache_file``, keyed by the refs and the
    library files they come from.
    """
    if not refs:
        return []
    key = InputHash("service refs").add_text("refs", "\n".join(refs))
    for asset in spec.assets:
        if asset.target.startswith(PYTHON_LIB + "/"):
            key.add_text("target", asset.target).add_tree("lib", task_dir / asset.source)
    digest = key.hexdigest()
    try:
        cache = json.loads(cache_file.read_text())
    except (OSError, ValueError):
        cache = {}
    if digest not in cache:
        cache[digest] = _import_refs(refs, task_dir, spec, task)
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        cache_file.write_text(json.dumps(cache, indent=1))
    return cache[digest]


def _import_refs(refs: list[str], task_dir: Path, spec: TaskImageSpec, task: str) -> list[dict]:
    with tempfile.TemporaryDirectory() as mirror:
        _python_lib_mirror(task_dir, spec, Path(mirror))
        code = (
            "import json, sys\nfrom mock_services.registry import get_spec\n"
            "print(json.dumps([{'name': s.name, 'port': s.port} "
            "for s in map(get_spec, sys.argv[1:])]))"
        )
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([mirror, *sys.path]),
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        result = subprocess.run(
            [sys.executable, "-c", code, *refs], capture_output=True, text=True, env=env
        )
    if result.returncode != 0:
        tail = result.stderr.strip().splitlines()[-1:] or ["(no output)"]
        raise BinaryMapError(f"tasks.{task}.services: cannot import {refs}: {tail[0]}")
    return json.loads(result.stdout)


def resolve_services(
    task: str, spec: TaskImageSpec, task_dir: Path, cache_file: Path
) -> list[ResolvedService]:
    seeded = set()
    if spec.seed is not None:
        seed_path = task_dir / spec.seed
        try:
            seeded = set(seeded_services(read_seed_file(seed_path)))
        except SeedError as exc:
            raise BinaryMapError(f"tasks.{task}.seed: {exc}") from None
    refs = [s for s in spec.services if ":" in s]
    described = dict(zip(refs, _describe_refs(refs, task_dir, spec, task, cache_file), strict=True))
    resolved = []
    for ref in spec.services:
        if ref in described:
            name, port = described[ref]["name"], described[ref]["port"]
        else:
            try:
                service = get_spec(ref)
            except ImportError as exc:
                raise BinaryMapError(
                    f"tasks.{task}.services: service {ref!r} is not importable: {exc}"
                ) from None
            name, port = service.name, service.port
        resolved.append(ResolvedService(name, ref, port, "file" if name in seeded else "default"))
    unknown = seeded - {s.name for s in resolved}
    if unknown:
        raise BinaryMapError(
            f"tasks.{task}.seed: sections for services the task does not run: "
            f"{', '.join(sorted(unknown))}; add them to 'services' or drop the sections"
        )
    ports = [s.port for s in resolved]
    clashes = sorted({p for p in ports if ports.count(p) > 1})
    if clashes:
        raise BinaryMapError(f"tasks.{task}.services: two services use port(s) {clashes}")
    return resolved


def compose_seed(
    task: str, spec: TaskImageSpec, task_dir: Path, services: list[ResolvedService]
) -> tuple[bytes | None, list[ResolvedService]]:
    """The ``seed.json`` the image gets: the task's, plus the default data of each shipped
    service it has no section for, so that every service is seeded under the task's clock
    (as the oracle runner does). Services given as ``module:ATTR`` keep their own default."""
    if spec.seed is None:
        return None, services
    try:
        task_seed = TaskSeed.read(task_dir / spec.seed, [s.name for s in services])
    except SeedError as exc:
        raise BinaryMapError(f"tasks.{task}.seed: {exc}") from None
    shipped = [s for s in services if s.seed == "default" and ":" not in s.ref]
    task_seed = task_seed.with_defaults({s.name: get_spec(s.ref) for s in shipped})
    composed = [
        ResolvedService(s.name, s.ref, s.port, "file") if s in shipped else s for s in services
    ]
    document = task_seed.document()
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.encode() + b"\n", composed


def startup_script(task: str, services: list[ResolvedService], fragment: str | None) -> str:
    lines = [
        f"# /opt/mock/startup.d/{task}.sh: generated by `invoke build-images` from",
        "# metadata/task-binary-map.json; do not edit. Sourced by /opt/mock/entrypoint.sh (root).",
        "MOCK_SERVICES=(",
        *(f"    {shlex.quote(s.entry())}" for s in services),
        ")",
        "mock_task_startup() {",
        *(fragment.rstrip("\n").splitlines() if fragment else []),
        "    :",
        "}",
        "",
    ]
    return "\n".join(lines)


def _copy_instruction(asset_index: int, source: Path, target: str, owner: str) -> str:
    chown = f"--chown={owner}:{owner} " if owner != "root" else ""
    if source.is_dir():
        return f"COPY {chown}assets/{asset_index}/ {target.rstrip('/')}/"
    return f"COPY {chown}assets/{asset_index}/{source.name} {target}"


def per_task_dockerfile(
    task: str, spec: TaskImageSpec, task_dir: Path, services: list[ResolvedService]
) -> str:
    lines = [
        f"# Generated by `invoke build-images` for task {task}; do not edit.",
        f"FROM {base_image()}",
    ]
    for index, asset in enumerate(spec.assets):
        source = task_dir / asset.source
        lines.append(_copy_instruction(index, source, asset.target, asset.effective_owner))
    if spec.seed is not None:
        lines.append(f"COPY --chown=mock:mock data/seed.json {IMAGE_DATA_DIR}/seed.json")
    lines.append(f"COPY startup.d/{task}.sh /opt/mock/startup.d/{task}.sh")
    lines.append(f"ENV MOCK_TASK={task}")
    if services:
        # Seeding while building makes the container ready sooner; the entrypoint re-seeds a
        # DB only when it is absent (for example under an empty volume).
        lines.append('RUN ["/opt/mock/entrypoint.sh", "--seed-only"]')
    return "\n".join(lines) + "\n"


def _write_if_changed(path: Path, data: bytes, mode: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
    os.chmod(path, mode)


def _copy_asset(source: Path, target: Path) -> None:
    if source.is_dir():
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    else:
        target.mkdir(parents=True)
        shutil.copy2(source, target / source.name)
    for path in [target, *target.rglob("*")]:
        path.chmod(path.stat().st_mode & ~0o022)


@dataclass(frozen=True)
class TaskContext:
    task: str
    path: Path
    inputs_hash: str
    services: list[ResolvedService]


def generate_task_context(
    layout: Layout, task: str, spec: TaskImageSpec, base_hash: str
) -> TaskContext:
    """Write ``images/per_task/<task>/`` (only when its inputs changed) and hash its inputs."""
    task_dir = layout.tasks_dir / task
    services = resolve_services(task, spec, task_dir, layout.per_task_dir / REFS_CACHE)
    seed, services = compose_seed(task, spec, task_dir, services)
    fragment = (task_dir / spec.startup).read_text() if spec.startup else None
    script = startup_script(task, services, fragment)
    check = subprocess.run(["bash", "-n"], input=script, capture_output=True, text=True)
    if check.returncode != 0:
        raise BinaryMapError(
            f"tasks.{task}.startup: the fragment is not valid bash: {check.stderr.strip()}"
        )
    dockerfile = per_task_dockerfile(task, spec, task_dir, services)
    digest = InputHash("per-task base").add_text("base", base_hash)
    digest.add_text("Dockerfile", dockerfile).add_text("startup", script)
    if seed is not None:
        digest.add_bytes("seed", seed)
    for index, asset in enumerate(spec.assets):
        digest.add_tree(f"assets/{index}", task_dir / asset.source)
    inputs_hash = digest.hexdigest()
    context = layout.per_task_dir / task
    stamp = context / STAMP
    if not (stamp.exists() and stamp.read_text().strip() == inputs_hash):
        shutil.rmtree(context, ignore_errors=True)
        _write_if_changed(context / "Dockerfile", dockerfile.encode(), 0o644)
        _write_if_changed(context / "startup.d" / f"{task}.sh", script.encode(), 0o555)
        if seed is not None:
            _write_if_changed(context / "data" / "seed.json", seed, 0o644)
        for index, asset in enumerate(spec.assets):
            _copy_asset(task_dir / asset.source, context / "assets" / str(index))
        stamp.write_text(inputs_hash + "\n")
    return TaskContext(task, context, inputs_hash, services)


def task_inputs_hash(task_base_hash: str, environment_dir: Path) -> str:
    digest = InputHash("task image").add_text("per-task base", task_base_hash)
    return digest.add_tree("environment", environment_dir).hexdigest()
