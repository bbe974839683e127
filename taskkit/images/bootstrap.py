"""The OS layer without a registry: ``debootstrap`` a minimal Debian and ``docker import`` it.

Debian's own python3 (3.11 on bookworm), pip, tini and ca-certificates are installed at bootstrap
time, so building the base image needs no package index inside a container.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from taskkit.images.layout import LABEL_PREFIX, OS_IMAGE

SUITE = "bookworm"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
PACKAGES = (
    "python3",
    "python3-pip",
    "python3-venv",
    "ca-certificates",
    "curl",
    "tini",
    "procps",
)
# Shipped documentation and package lists are dead weight in a container.
PRUNED = (
    "usr/share/doc",
    "usr/share/man",
    "usr/share/info",
    "usr/share/locale",
    "var/lib/apt/lists",
    "var/cache/apt",
    "var/log",
)
DPKG_EXCLUDES = """\
# Keep later apt installs as small as the bootstrapped system.
path-exclude=/usr/share/doc/*
path-exclude=/usr/share/man/*
path-exclude=/usr/share/info/*
path-exclude=/usr/share/locale/*
path-include=/usr/share/locale/locale.alias
"""


class BootstrapError(RuntimeError):
    pass


def _prune(rootfs: Path) -> None:
    for rel in PRUNED:
        target = rootfs / rel
        if target.is_dir():
            shutil.rmtree(target)
            target.mkdir(mode=0o755)
    (rootfs / "etc/dpkg/dpkg.cfg.d/01-container-excludes").write_text(DPKG_EXCLUDES)


def bootstrap_os(client, log: Path, mirror: str | None = None, tag: str = OS_IMAGE) -> str:
    """Build the OS image with debootstrap and import it; returns the image id."""
    if os.geteuid() != 0:
        raise BootstrapError("debootstrap needs root; run `invoke bootstrap-os` as root")
    if shutil.which("debootstrap") is None:
        raise BootstrapError("debootstrap is not installed (apt-get install debootstrap)")
    mirror = mirror or os.environ.get("DEBIAN_MIRROR", DEFAULT_MIRROR)
    log.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="liveclawbench-os-") as tmp:
        rootfs = Path(tmp) / "rootfs"
        command = [
            "debootstrap",
            "--variant=minbase",
            f"--include={','.join(PACKAGES)}",
            SUITE,
            str(rootfs),
            mirror,
        ]
        with log.open("w") as out:
            out.write(f"$ {' '.join(command)}\n")
            out.flush()
            result = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, check=False)
        if result.returncode != 0:
            raise BootstrapError(f"debootstrap failed (exit {result.returncode}); see {log}")
        _prune(rootfs)
        archive = Path(tmp) / "rootfs.tar"
        subprocess.run(["tar", "-C", str(rootfs), "-cf", str(archive), "."], check=True)
        repository, _, version = tag.partition(":")
        client.api.import_image_from_file(
            str(archive),
            repository=repository,
            tag=version or "latest",
            changes=[
                "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                "ENV LANG=C.UTF-8",
                f'LABEL {LABEL_PREFIX}.layer="os" {LABEL_PREFIX}.suite="{SUITE}"',
                'CMD ["/bin/bash"]',
            ],
        )
    return client.images.get(tag).id
