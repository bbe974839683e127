"""The expense service: expense reports, receipts, approvals and reimbursements."""
