"""Mock services that agents use on localhost during a benchmark trial."""

# The one place the version is written: pyproject.toml reads it, dataset builds pin it.
__version__ = "0.1.0"
