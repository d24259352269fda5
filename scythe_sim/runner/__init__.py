"""The batch runner: run configs, per-game plans, shards of games written as Parquet,
the manifest, and the local and Dask backends (docs/ARCHITECTURE.md, "The runner and the game registry")."""
