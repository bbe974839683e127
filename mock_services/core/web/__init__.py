"""Floor 5, the web: the per-process runtime, login, admin, the UI frame, notifications."""
