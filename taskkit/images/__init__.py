"""The image builder: three layers (base, per-task base, task image), content-addressed so an
unchanged layer is not rebuilt. See ``images/README.md``; the entry point is ``cli.main``."""
