"""My Little Scythe's compiled rules: the only place where an MLS rule is written."""
