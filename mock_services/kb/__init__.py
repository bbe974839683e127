"""The Knowledge Base service (written by ``invoke new-service kb``; grow it from here)."""
