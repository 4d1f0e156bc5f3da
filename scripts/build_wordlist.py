"""Rebuild the bundled dictionary, data/words.txt, from Debian's scowl package.

The list is SCOWL's "words" lists of sizes 10 to 70 in English, American and British
spellings, pinned to Debian's scowl 2020.12.07-2 so that anyone gets the same bytes:

1. fetch the package (``apt-get update`` once, then ``apt-get download scowl=2020.12.07-2``)
   and unpack it with ``dpkg -x``;
2. read ``/usr/share/dict/scowl/{english,american,british}-words.{10,...,70}`` (ISO-8859-1);
3. keep the lines matching ``^[a-z]+$`` (this drops capitalised words, abbreviations with
   dots, possessives and accented words), and drop single letters other than ``a`` and ``i``;
4. sort in byte order (as ``LC_ALL=C sort -u``) and write one word a line to data/words.txt;
5. copy SCOWL's copyright notice to data/words.LICENSE.txt (its licence asks for that).

The reference build gives 115,435 words; the script checks the count and the SHA-256 of the
result and fails loudly if either changes. Run it from the repository root, as root or with
apt permission, on a Debian-based machine::

    python scripts/build_wordlist.py            # download the pinned .deb and rebuild
    python scripts/build_wordlist.py --update   # run `apt-get update` first
    python scripts/build_wordlist.py --deb scowl_2020.12.07-2_all.deb  # use a .deb you have

Two-letter oddities and single letters are left to the minimum word length rule rather than
edited out of the list.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SCOWL_VERSION = "2020.12.07-2"
#: SHA-256 of Debian's scowl_2020.12.07-2_all.deb, so a different package is noticed.
DEB_SHA256 = "de692546df9b169f2cbdf4d8d88111a374733a9c382b820a6f943914ca705718"
#: The reference build: word count and SHA-256 of data/words.txt.
EXPECTED_WORDS = 115_435
EXPECTED_SHA256 = "c99071b6af4e449bbdf888c3edeb9420c00aa21c17f68252dac620099d2e6050"

SPELLINGS = ("english", "american", "british")
SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
WORD = re.compile(r"[a-z]+")
SINGLE_LETTERS_KEPT = {"a", "i"}

REPO = Path(__file__).resolve().parent.parent
WORDS_OUT = REPO / "data" / "words.txt"
LICENSE_OUT = REPO / "data" / "words.LICENSE.txt"


def download_deb(into: Path, update: bool) -> Path:
    """Fetch the pinned scowl package with apt-get into a folder and return its path."""
    if update:
        subprocess.run(["apt-get", "update"], check=True)
    subprocess.run(["apt-get", "download", f"scowl={SCOWL_VERSION}"], cwd=into, check=True)
    (deb,) = into.glob("scowl_*.deb")
    return deb


def sha256(path: Path) -> str:
    """The SHA-256 of a file, as hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def unpack(deb: Path, into: Path) -> Path:
    """Unpack a .deb with dpkg -x and return the unpacked root."""
    root = into / "root"
    subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
    return root


def select_words(scowl_dir: Path) -> list[str]:
    """The words kept from the SCOWL lists, sorted in byte order without repeats."""
    words: set[str] = set()
    for spelling in SPELLINGS:
        for size in SIZES:
            path = scowl_dir / f"{spelling}-words.{size}"
            # SCOWL's Debian lists are Latin-1; accented words fail the a-z test anyway.
            for line in path.read_text(encoding="iso-8859-1").splitlines():
                if WORD.fullmatch(line) and (len(line) > 1 or line in SINGLE_LETTERS_KEPT):
                    words.add(line)
    # Python orders ASCII strings by code point, which is exactly `LC_ALL=C sort`.
    return sorted(words)


def build(deb: Path, work: Path) -> tuple[int, str]:
    """Write data/words.txt and data/words.LICENSE.txt from the .deb; return count and hash."""
    if sha256(deb) != DEB_SHA256:
        print(f"warning: {deb.name} is not the pinned scowl {SCOWL_VERSION}", file=sys.stderr)
    root = unpack(deb, work)
    words = select_words(root / "usr" / "share" / "dict" / "scowl")
    WORDS_OUT.write_bytes("".join(f"{word}\n" for word in words).encode("ascii"))
    shutil.copyfile(root / "usr" / "share" / "doc" / "scowl" / "copyright", LICENSE_OUT)
    return len(words), sha256(WORDS_OUT)


def main(argv: list[str] | None = None) -> int:
    """Rebuild the word list; exit 1 if it differs from the reference build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deb", type=Path, help="a scowl .deb already downloaded")
    parser.add_argument("--update", action="store_true", help="run apt-get update first")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        deb = args.deb.resolve() if args.deb else download_deb(work, args.update)
        count, digest = build(deb, work)
    print(f"{WORDS_OUT.relative_to(REPO)}: {count:,} words, sha256 {digest}")
    if (count, digest) != (EXPECTED_WORDS, EXPECTED_SHA256):
        print(
            f"error: expected {EXPECTED_WORDS:,} words with sha256 {EXPECTED_SHA256}",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
