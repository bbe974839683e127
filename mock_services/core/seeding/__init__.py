"""Floor 4, seeding: seed documents validated and built into a service's DB, exported back."""
