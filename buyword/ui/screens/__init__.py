"""The full screens: title, table, results, review, stats."""
