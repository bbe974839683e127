"""The Finance service (written by ``invoke new-service finance``; grow it from here)."""
