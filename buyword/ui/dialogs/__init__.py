"""The modal dialogs."""
