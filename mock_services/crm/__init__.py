"""The CRM service (written by ``invoke new-service crm``; grow it from here)."""
