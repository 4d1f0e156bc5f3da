"""The Textual app: title, table, dialogs and results screens."""
