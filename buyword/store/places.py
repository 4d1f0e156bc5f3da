"""Where the player's files live: platformdirs folders, or one folder named by BUYWORD_HOME."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

#: Setting this environment variable keeps every BuyWord file (saves, scores, settings) in one
#: folder: handy for tests, portable installs and trying things without touching real scores.
HOME_VARIABLE = "BUYWORD_HOME"
APP_NAME = "buyword"


@dataclass(frozen=True)
class Places:
    """The data folder (saves, games, scores) and the config folder (settings).

    A folder is None when it cannot be used; `problem` then says why in a player's words.
    """

    data: Path | None
    config: Path | None
    problem: str | None = None


def locate(root: str | os.PathLike[str] | None = None,
           environ: Mapping[str, str] | None = None) -> Places:
    """Find the folders: `root` if given, else $BUYWORD_HOME, else the platform's user folders."""
    environ = os.environ if environ is None else environ
    if root is None:
        root = environ.get(HOME_VARIABLE) or None
    if root is not None:
        try:
            folder = Path(root).absolute()
        except (OSError, ValueError):
            return Places(None, None, f"the folder {str(root)!r} cannot be used")
        return Places(folder, folder)
    try:
        data = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
        config = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    except Exception:  # platformdirs can fail in odd ways on a system without a home
        return Places(None, None, "there is no home folder")
    # Without HOME (and no password entry) "~" stays unexpanded: the path is relative.
    if not data.is_absolute() or not config.is_absolute():
        return Places(None, None, "there is no home folder")
    return Places(data, config)


def cache_folder(environ: Mapping[str, str] | None = None) -> Path | None:
    """Where BuyWord may keep files it can always rebuild (the word index): the platform's
    user cache folder, or a `cache` folder inside $BUYWORD_HOME; None without a home."""
    environ = os.environ if environ is None else environ
    home = environ.get(HOME_VARIABLE) or None
    try:
        if home is not None:
            return Path(home).absolute() / "cache"
        folder = Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    except Exception:  # as in `locate`: no usable home means no cache, never a crash
        return None
    return folder if folder.is_absolute() else None
