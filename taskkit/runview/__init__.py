"""Run folders and the results viewer (``invoke view``): what a trial did, call by call, with the
rows each call changed and the checkpoints that judged it."""
