"""The Chat service (written by ``invoke new-service chat``; grow it from here)."""
