"""The shell's hosting: the server, its limits, and Litestream replication beside it."""
