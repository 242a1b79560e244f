"""Fixed-format CSV imports (timesheets, fuel logs): column specs, validation, the import.

Kept free of re-exports: the store's schema imports `formats`, and `importer` imports the
store, so importing this package must not pull either in.
"""
