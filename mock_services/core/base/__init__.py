"""Floor 1, the ground: settings, clock, errors, schemas, passwords and tokens; no other floor."""
