"""The package works installed from a wheel: data files inside it, commands run elsewhere."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

#: Slow (builds and installs a wheel, runs real processes): left out of the fast set.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the project's wheel once (no network: the test venv has the build backend)."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(ROOT)],
        check=True, capture_output=True,
    )
    (built,) = out.glob("buyword-*.whl")
    return built


def test_the_wheel_ships_the_data_files(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for data in ("tiles.toml", "words.txt", "words.LICENSE.txt", "leaves.json",
                 "themes/animals.txt", "themes/manifest.toml", "themes/LICENSE.txt"):
        assert f"buyword/data/{data}" in names
    assert any(n.startswith("buyword/ui/") and n.endswith(".tcss") for n in names)
    assert "buyword/web/templates/app_index.html" in names  # the page `buyword serve` serves
    assert not any("/tests/" in n or n.startswith("tests/") for n in names)


def test_the_installed_wheel_runs_from_another_directory(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = (
        "import buyword, buyword.engine as e;"
        "print(buyword.__file__);"
        "print(e.default_tiles().letter_total);"
        "from buyword.words.themes import ThemeBook;"
        "print(ThemeBook().fits('cats', 'animals'))"
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    result = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env,
                            capture_output=True, text=True, check=True)
    where, tiles, themed = result.stdout.split()
    assert where.startswith(str(site)) and tiles == "108" and themed == "True"
    solve = subprocess.run([sys.executable, "-m", "buyword", "solve", "QUIZTE", "--wilds", "1"],
                           cwd=elsewhere, env=env, capture_output=True, text=True)
    assert solve.returncode == 0, solve.stderr
    assert "QUIZ" in solve.stdout


def test_python_dash_m_buyword_and_help() -> None:
    result = subprocess.run([sys.executable, "-m", "buyword", "--help"], capture_output=True,
                            text=True, check=True)
    assert "solve" in result.stdout and "sim" in result.stdout


def test_a_bad_players_option_is_a_clear_message() -> None:
    result = subprocess.run([sys.executable, "-m", "buyword", "--players", "Ann"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "2 to 4 names" in result.stderr and "Traceback" not in result.stderr


async def test_serve_started_in_the_clone_plays_the_installed_game(
        wheel: Path, tmp_path: Path) -> None:
    """Installed from a wheel (not editable) and served from the clone's root, a tab gets a
    game: the clone's `buyword/` folder (with no `buyword.data` in it) must not hide the
    installed package from the games the server starts."""
    aiohttp = pytest.importorskip("aiohttp", reason="the web extra is not installed")
    from web_helpers import Served

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True)
    # The dependencies are this venv's (nothing is downloaded); a path in a .pth file is only
    # added to the path, so this venv's editable `buyword` does not come with them.
    where = "import sysconfig; print(sysconfig.get_path('purelib'))"
    purelib = subprocess.run([python, "-c", where], check=True, capture_output=True,
                             text=True).stdout.strip()
    (Path(purelib) / "test-dependencies.pth").write_text(
        "\n".join(path for path in sys.path if path.endswith("site-packages")) + "\n")
    served = Served(tmp_path / "home", command=(str(venv / "bin" / "buyword"),), cwd=ROOT)
    try:
        served.wait_until_serving()
        async with aiohttp.ClientSession() as session, session.ws_connect(
                served.url.replace("http", "ws") + "ws?width=100&height=30") as tab:
            drawn = b""
            async with asyncio.timeout(60):  # (pings would restart a receive's own timeout)
                while b"New solo game" not in re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", drawn):
                    message = await tab.receive()  # the title screen, or the tab closed
                    assert message.type == aiohttp.WSMsgType.BINARY, served.output()
                    drawn += message.data
        assert "failed to start" not in served.output()
    finally:
        served.stop()
