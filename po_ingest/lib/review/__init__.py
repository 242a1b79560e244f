"""Review: routing new orders, corrections as merge patches, and what changed (pure)."""
