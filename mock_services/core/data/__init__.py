"""Floor 2, the data: the SQLite engine and core tables, transactions, the audit log, faults."""
