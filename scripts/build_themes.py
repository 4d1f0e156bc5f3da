"""Rebuild the theme lists, data/themes/NAME.txt, from Debian's wordnet-base package.

Each theme (see `buyword.words.themes.THEMES`) is one or more of Princeton WordNet 3.0's
lexicographer files (noun.animal, noun.food, verb.motion, ...), pinned to Debian's
wordnet-base 1:3.0-37 so that anyone gets the same bytes:

1. fetch the package (``apt-get update`` once, then ``apt-get download wordnet-base=1:3.0-37``),
   check the .deb's SHA-256 and unpack it with ``dpkg -x``;
2. check the SHA-256 of every WordNet file read (data.noun, data.verb, noun.exc, verb.exc and
   the lexnames(5WN) manual page);
3. read the lexicographer file numbers from the lexnames table (Debian leaves out WordNet's
   ``lexnames`` file; the same table is in its lexnames(5WN) manual page in the package);
4. read ``data.noun`` and ``data.verb``: the 2nd field of each synset line is its lexicographer
   file number, then come the words. A theme's lemmas are the words of its files' synsets that
   are single lower-case words a-z (no collocations with underscores, no hyphens, no capitalised
   proper names);
5. for each word of the bundled dictionary (data/words.txt), its base forms are the word
   itself, its entries in WordNet's exception list for the theme's part of speech
   (``noun.exc``, ``verb.exc``: "mice mouse", "ran run"), and the forms WordNet's detachment
   rules give (`buyword.words.themes.detached`, the rules of WordNet's morphy). The word fits
   the theme when one of its base forms is one of the theme's lemmas;
6. write each theme's fitting words, sorted, one a line, to data/themes/NAME.txt, and the
   counts and SHA-256s to data/themes/manifest.toml; copy WordNet's licence (from the
   package's copyright file) to data/themes/LICENSE.txt.

The script checks every theme's word count and SHA-256 against the reference build below and
fails loudly if any changes. Run it from the repository root, as root or with apt permission,
on a Debian-based machine::

    python scripts/build_themes.py            # download the pinned .deb and rebuild
    python scripts/build_themes.py --update   # run `apt-get update` first
    python scripts/build_themes.py --deb wordnet-base_3.0-37_all.deb  # use a .deb you have
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # the theme definitions and detachment rules live in the package

from buyword.words.themes import THEMES, Theme, detached  # noqa: E402

WORDNET_VERSION = "1:3.0-37"
#: SHA-256 of Debian's wordnet-base_3.0-37_all.deb, so a different package is noticed.
DEB_SHA256 = "61060d960f9ada8fa120872312eccd3ecebfbab8c4579e4f5a74e1cf67620752"
#: SHA-256 of each WordNet file read, inside the package.
FILE_SHA256 = {
    "usr/share/wordnet/data.noun":
        "fea17d2f9656611334eac790e5d69e47645fa180c4aa481fb4cd9b3520754ca2",
    "usr/share/wordnet/data.verb":
        "adcf43e35b581e8036d8b5a52d63d9cd3d3b4870b2720d3c03c799df44777bc2",
    "usr/share/wordnet/noun.exc":
        "2b5d675c380b39ecf595af9fa9d4e7feb1d58c643b0bff08c40ed5bfe41fab7a",
    "usr/share/wordnet/verb.exc":
        "dbbcf9a601b2d77e934e413b91d90e88ec7f933a8b77cfc00602a923b891b42c",
    "usr/share/man/man5/lexnames.5WN.gz":
        "43a305072b9fab51d86c1dfddd8a06745dc79963fc54a0a4ce31cc257d9ac2fe",
}
#: The reference build: each theme's word count and the SHA-256 of its file.
EXPECTED: dict[str, tuple[int, str]] = {
    "animals": (4_047, "8ded796177e6206067be934764aadcb1e55b8f2722c913a2d69dcaf0705d27e6"),
    "food": (2_361, "3a7351ca592b6f31b93940a08bd73b4ad623e6b97698e34a83e0eb5ae21f5ed8"),
    "plants": (2_723, "8fb31ae0ee8b909440b512fe95cedb5fe677e5e1745836cd4b351301fc18863e"),
    "body": (2_044, "8e172fcd151b493d5a86ad51c0a9ff81205ef324dfafdbba11d90ee2e9f00b5f"),
    "people": (10_476, "d5e5d63e5ba8e5f8e8a4061a447b263356af56084a37d300b0516be8e6cea8d0"),
    "places": (1_177, "c08e4726a33aad17406b2ee5a5d3132ee4126309d9bfee48a8c67fa302a0f39f"),
    "artifacts": (12_638, "8b0222a1bc3fb14a2344b61835da0b4b1a301be93f6662f1cbf0c28e9f50ffb6"),
    "feelings": (953, "2433f9da684b31c095ac67e38b7bb46c51dc7cf2787138b3f81788cf84a533bd"),
    "motion": (4_561, "4f236eb1e9858890ea9f8f0ba26bc595f08b39f961974be5558f4667ff2a9ed8"),
    "time": (778, "e98f38eaec4d853f8f5f87a58095dfbd1ab8d2f3c1bcd39c8121c943ce63e9c1"),
}

WORDS_IN = REPO / "data" / "words.txt"
THEMES_OUT = REPO / "data" / "themes"
LEMMA = re.compile(r"[a-z]+")
#: A row of the lexnames table: number, file name, description (tab separated).
LEXNAME_ROW = re.compile(r"^(\d\d)\t(\w+\.\w+)\s*\t", re.MULTILINE)


def download_deb(into: Path, update: bool) -> Path:
    """Fetch the pinned wordnet-base package with apt-get into a folder and return its path."""
    if update:
        subprocess.run(["apt-get", "update"], check=True)
    subprocess.run(["apt-get", "download", f"wordnet-base={WORDNET_VERSION}"], cwd=into,
                   check=True)
    (deb,) = into.glob("wordnet-base_*.deb")
    return deb


def sha256(data: bytes) -> str:
    """The SHA-256 of some bytes, as hex."""
    return hashlib.sha256(data).hexdigest()


def unpack(deb: Path, into: Path) -> Path:
    """Unpack a .deb with dpkg -x and return the unpacked root."""
    root = into / "root"
    subprocess.run(["dpkg", "-x", str(deb), str(root)], check=True)
    return root


def read_checked(root: Path) -> dict[str, bytes]:
    """The WordNet files the build reads, each checked against its pinned SHA-256."""
    files = {}
    for name, expected in FILE_SHA256.items():
        data = (root / name).read_bytes()
        if sha256(data) != expected:
            raise SystemExit(f"error: {name} is not the file of wordnet-base {WORDNET_VERSION}")
        files[name] = data
    return files


def lexicographer_numbers(manual_page: bytes) -> dict[str, int]:
    """Lexicographer file name -> number, from the table of the lexnames(5WN) manual page."""
    text = gzip.decompress(manual_page).decode("ascii")
    numbers = {name: int(number) for number, name in LEXNAME_ROW.findall(text)}
    if len(numbers) != 45:  # WordNet 3.0 has 45 lexicographer files (00-44)
        raise SystemExit(f"error: found {len(numbers)} lexicographer files, not 45")
    return numbers


def lemmas_by_file(data: bytes) -> dict[int, set[str]]:
    """Lexicographer file number -> the single-word lower-case lemmas of its synsets."""
    found: dict[int, set[str]] = defaultdict(set)
    for line in data.decode("utf-8").splitlines():
        if line.startswith("  "):  # the licence at the top of each data file
            continue
        # offset lex_filenum ss_type w_cnt (hex) word lex_id [word lex_id ...] ...
        fields = line.split(" ")
        file_number, count = int(fields[1]), int(fields[3], 16)
        for word in fields[4 : 4 + 2 * count : 2]:
            if LEMMA.fullmatch(word):
                found[file_number].add(word)
    return found


def exceptions(data: bytes) -> dict[str, set[str]]:
    """An exception list (inflected form, then its base forms on one line) as a mapping."""
    bases: dict[str, set[str]] = defaultdict(set)
    for line in data.decode("utf-8").splitlines():
        inflected, *forms = line.split()
        bases[inflected].update(forms)
    return bases


def base_forms(word: str, pos: str, exception_list: dict[str, set[str]]) -> set[str]:
    """The word, its exception-list bases and the forms WordNet's detachment rules give."""
    return {word} | exception_list.get(word, set()) | detached(word, pos)


def theme_words(theme: Theme, words: list[str], lemmas: dict[str, dict[int, set[str]]],
                numbers: dict[str, int], exception_lists: dict[str, dict[str, set[str]]]
                ) -> list[str]:
    """The words of the bundled dictionary that fit the theme, sorted."""
    pos = theme.pos
    theme_lemmas: set[str] = set()
    for file_name in theme.lexicographer_files:
        theme_lemmas |= lemmas[pos][numbers[file_name]]
    return sorted(
        word for word in words
        if not theme_lemmas.isdisjoint(base_forms(word, pos, exception_lists[pos]))
    )


def build(deb: Path, work: Path) -> dict[str, tuple[int, str]]:
    """Write data/themes/ from the .deb; return each theme's count and SHA-256."""
    deb_digest = sha256(deb.read_bytes())
    if deb_digest != DEB_SHA256:
        print(f"warning: {deb.name} is not the pinned wordnet-base {WORDNET_VERSION}",
              file=sys.stderr)
    root = unpack(deb, work)
    files = read_checked(root)
    numbers = lexicographer_numbers(files["usr/share/man/man5/lexnames.5WN.gz"])
    lemmas = {pos: lemmas_by_file(files[f"usr/share/wordnet/data.{pos}"])
              for pos in ("noun", "verb")}
    exception_lists = {pos: exceptions(files[f"usr/share/wordnet/{pos}.exc"])
                       for pos in ("noun", "verb")}
    words = WORDS_IN.read_text(encoding="ascii").split()
    THEMES_OUT.mkdir(exist_ok=True)
    built = {}
    for theme in THEMES:
        fitting = theme_words(theme, words, lemmas, numbers, exception_lists)
        path = THEMES_OUT / f"{theme.name}.txt"
        path.write_bytes("".join(f"{word}\n" for word in fitting).encode("ascii"))
        built[theme.name] = (len(fitting), sha256(path.read_bytes()))
    shutil.copyfile(root / "usr/share/doc/wordnet-base/copyright", THEMES_OUT / "LICENSE.txt")
    write_manifest(built, deb_digest, files)
    return built


def write_manifest(built: dict[str, tuple[int, str]], deb_digest: str,
                   files: dict[str, bytes]) -> None:
    """data/themes/manifest.toml: the source package, and each theme's files, count, SHA-256."""
    lines = [
        "# Written by scripts/build_themes.py: do not edit by hand.",
        "[source]",
        'database = "Princeton WordNet 3.0"',
        'package = "wordnet-base"',
        f'version = "{WORDNET_VERSION}"',
        f'deb_sha256 = "{deb_digest}"',
        "",
        "[source.files]",
        *(f'"{name}" = "{sha256(data)}"' for name, data in files.items()),
        "",
    ]
    for theme in THEMES:
        count, digest = built[theme.name]
        lexfiles = ", ".join(f'"{name}"' for name in theme.lexicographer_files)
        lines += [
            f"[themes.{theme.name}]",
            f'title = "{theme.title}"',
            f"lexicographer_files = [{lexfiles}]",
            f"words = {count}",
            f'sha256 = "{digest}"',
            "",
        ]
    (THEMES_OUT / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Rebuild the theme lists; exit 1 if any differs from the reference build."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deb", type=Path, help="a wordnet-base .deb already downloaded")
    parser.add_argument("--update", action="store_true", help="run apt-get update first")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        deb = args.deb.resolve() if args.deb else download_deb(work, args.update)
        built = build(deb, work)
    failed = False
    for name, (count, digest) in built.items():
        print(f"data/themes/{name}.txt: {count:,} words, sha256 {digest}")
        if EXPECTED.get(name) != (count, digest):
            expected = EXPECTED.get(name)
            print(f"error: {name}: expected {expected}", file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
