"""The host-side toolkit: task model and validator, scaffolder, registries, image builder,
oracle runner and importers."""
