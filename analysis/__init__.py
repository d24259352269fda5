"""Analysis of run results: reads the Parquet tables only (never the kernel)."""
