"""Play in a web browser: `buyword serve` runs the whole game once per browser tab.

The server itself (`buyword.web.server`) needs the optional `web` extra (textual-serve);
this package's top level imports nothing from it, so `buyword serve` can say which extra
to install when it is missing.
"""

from buyword.web.address import DEFAULT_HOST, exposure_warning, is_loopback
from buyword.web.serve import DEFAULT_PORT, EXTRA_MISSING, ServeOptions, serve_main

__all__ = [
    "DEFAULT_HOST", "DEFAULT_PORT", "EXTRA_MISSING", "exposure_warning", "is_loopback",
    "ServeOptions", "serve_main",
]
