"""Mock services that agents use on localhost during a benchmark trial."""
