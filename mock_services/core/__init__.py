"""The shared core every mock service is built on: DB, seeding, clock, API, auth, audit, admin."""
