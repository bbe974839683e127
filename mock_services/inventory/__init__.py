"""The Inventory service (written by ``invoke new-service inventory``; grow it from here)."""
