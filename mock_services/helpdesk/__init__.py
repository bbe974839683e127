"""The Helpdesk service (written by ``invoke new-service helpdesk``; grow it from here)."""
