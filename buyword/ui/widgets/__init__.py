"""The widgets, one a module, each with its .tcss beside it."""
