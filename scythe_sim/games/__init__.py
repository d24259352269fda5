"""The games on the pipeline, one package each: Scythe and My Little Scythe."""
