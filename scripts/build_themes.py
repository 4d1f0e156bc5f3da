"""Rebuild the theme lists, data/themes/NAME.txt, from Debian's wordnet-base package.

Each theme (see `buyword.words.themes.THEMES`) is one or more of Princeton WordNet 3.0's
lexicographer files (noun.animal, noun.food, verb.motion, ...), pinned to Debian's
wordnet-base 1:3.0-37 so that anyone gets the same bytes:

1. fetch the package (``apt-get update`` once, then ``apt-get download wordnet-base=1:3.0-37``),
   check the .deb's SHA-256 and unpack it with ``dpkg -x``;
2. check the SHA-256 of every WordNet file read (data.noun, data.verb, index.noun, index.verb,
   noun.exc, verb.exc, cntlist.rev and the lexnames(5WN) manual page);
3. read the lexicographer file numbers from the lexnames table (Debian leaves out WordNet's
   ``lexnames`` file; the same table is in its lexnames(5WN) manual page in the package);
4. read a word's senses: ``index.noun`` and ``index.verb`` list each lemma's synsets, most
   frequent first (WordNet orders them by their tag counts in its sense-tagged texts, then as
   its lexicographers listed them); ``data.noun`` and ``data.verb`` give each synset's
   lexicographer file and how it spells its words; ``cntlist.rev`` gives each sense's tag
   count (how often that sense was tagged in the Semantic Concordance texts). Only single
   lower-case words a-z count, and only the senses that spell the word in lower case (so
   "badger" the animal is a sense of "badger", "Badger" the Wisconsinite is not);
5. a lemma belongs to a theme when a common sense of it is in the theme's files, judged in the
   theme's part of speech:

   - with tagged senses: its first sense (its most frequent) is in the theme, or the theme's
     senses hold at least a third of its tagged uses (`COMMON_SHARE`): "chicken" is food (16
     tagged uses) and an animal too (10);
   - with none, though the lemma is tagged as the other part of speech (a word used as a verb
     more than as a noun, say): its main sense is in the theme, the first one WordNet's
     lexicographers list with the lemma as the synset's head word ("gull" is a bird: the
     chump listed first is a synset headed "chump");
   - never tagged as a noun or a verb (a rare word, its senses listed in no order of use): the
     theme holds at least a third of its senses ("ostrich": a bird, and a person who will not
     face facts; "vane": three things made by people and one part of a feather is not).

   So "coat" (a garment 29 times; a coat of fur never) is no animal, nor "flag" (an emblem 31
   times) nor "bag"; "chat" and "sire" are tagged only as verbs and list a conversation and a
   king's title first; "cook" is a person (its only tagged noun sense) and "dip" (tagged only
   as a verb) is not: a pickpocket is its third sense;
6. for each word of the bundled dictionary (data/words.txt), its base forms are the word
   itself, its entries in WordNet's exception list for the theme's part of speech
   (``noun.exc``, ``verb.exc``: "mice mouse", "ran run"), and the forms WordNet's detachment
   rules give (`buyword.words.themes.detached`, the rules of WordNet's morphy). The word fits
   the theme when one of its base forms is one of the theme's lemmas;
7. write each theme's fitting words, sorted, one a line, to data/themes/NAME.txt, and the
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
from typing import NamedTuple

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
    "usr/share/wordnet/index.noun":
        "a490d99d93d017bf4822fe2f0ffa51fd73911ce271dc7535fade21f8814b5a04",
    "usr/share/wordnet/index.verb":
        "e2ac24816c3a8289dcb72aaa9cf8db81fdf25ec34d792bfc96ac5b7a20c8b4ae",
    "usr/share/wordnet/cntlist.rev":
        "a198580b8f705fa02797bba8b13e5cbe4a9f9f40cb1697e774c7fc6a5865b035",
    "usr/share/wordnet/noun.exc":
        "2b5d675c380b39ecf595af9fa9d4e7feb1d58c643b0bff08c40ed5bfe41fab7a",
    "usr/share/wordnet/verb.exc":
        "dbbcf9a601b2d77e934e413b91d90e88ec7f933a8b77cfc00602a923b891b42c",
    "usr/share/man/man5/lexnames.5WN.gz":
        "43a305072b9fab51d86c1dfddd8a06745dc79963fc54a0a4ce31cc257d9ac2fe",
}
#: The reference build: each theme's word count and the SHA-256 of its file.
EXPECTED: dict[str, tuple[int, str]] = {
    "animals": (3_642, "93696d0717da3ff201109900361a73a7ee1dad09338fcaaa726944699052fcd5"),
    "food": (1_943, "9fc747da76e656a599fce366cad65a4898a5c14f2799d306af5cbabcb2e14f56"),
    "plants": (2_404, "f32dbb6c07f5861226d12e1fe769195d91f63787fe59a1026f4572c240edd5c7"),
    "body": (1_657, "4163edeafdfa40cef0d6231533a6ed5dbd802d097bf871704bd138ade2d6ea05"),
    "people": (9_716, "ab4fa9b9f7cae4d7d3dab72e19c0fa195c73424a665a2b00b1ba6c59219da2e7"),
    "places": (804, "180664739129ac13e9c4be90ed796e26249a16280b483fee34d2a3571f68d5ee"),
    "artifacts": (10_859, "746eb9c80d1927c4749c3304dd3a84fb2483447eb4dfd1e061c7b8730f17f5f1"),
    "feelings": (708, "6a9c4b460aeb30b0e4621fb14ce41ef225873101ea6a85d944d2a9f1009d0cd0"),
    "motion": (3_264, "cb967841befdef60e6e42e4d66bcf350b9deb7e3806af2e55482f5de9ff2c4aa"),
    "time": (560, "0488c6a9029c4d4baaa97ab03f8f7f6d04f8becf29da050ed345da8277294c94"),
}

WORDS_IN = REPO / "data" / "words.txt"
THEMES_OUT = REPO / "data" / "themes"
LEMMA = re.compile(r"[a-z]+")
#: The share of a word's tagged uses that makes a theme's senses of it common (besides its first).
COMMON_SHARE = 1 / 3
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


class Sense(NamedTuple):
    """One sense of a lemma: the lexicographer file of its synset, its tag count, and whether
    the lemma is the synset's head word (its first: a "chump" is also called a gull)."""

    file_number: int
    tagged: int
    head: bool = True


def synsets(data: bytes) -> dict[str, tuple[int, dict[str, int], str]]:
    """Synset offset -> its lexicographer file number, its lower-case words' lex ids, and its
    head word."""
    found = {}
    for line in data.decode("utf-8").splitlines():
        if line.startswith("  "):  # the licence at the top of each data file
            continue
        # offset lex_filenum ss_type w_cnt (hex) word lex_id [word lex_id ...] ...
        fields = line.split(" ")
        count = int(fields[3], 16)
        words = fields[4 : 4 + 2 * count]
        found[fields[0]] = (int(fields[1]), {
            word: int(lex_id, 16) for word, lex_id in zip(words[::2], words[1::2], strict=True)
            if LEMMA.fullmatch(word)}, words[0])
    return found


def tag_counts(data: bytes) -> dict[str, int]:
    """Sense key -> how often that sense was tagged (cntlist.rev: key, sense number, count)."""
    counts = {}
    for line in data.decode("utf-8").splitlines():
        key, _, count = line.split(" ")
        counts[key] = int(count)
    return counts


def senses_by_lemma(index: bytes, data: bytes, counts: dict[str, int], pos: str
                    ) -> dict[str, list[Sense]]:
    """Single lower-case lemma -> its senses that spell it in lower case, most frequent first.

    An index line is: lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt and
    then the synset offsets, in WordNet's order (most often tagged first).
    """
    ss_type = {"noun": 1, "verb": 2}[pos]
    sets = synsets(data)
    found: dict[str, list[Sense]] = {}
    for line in index.decode("utf-8").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        lemma, synset_count = fields[0], int(fields[2])
        if not LEMMA.fullmatch(lemma):
            continue
        senses = []
        for offset in fields[-synset_count:]:
            file_number, words, head = sets[offset]
            if lemma in words:  # "Badger" (a Wisconsinite) is not a sense of "badger"
                key = f"{lemma}%{ss_type}:{file_number:02d}:{words[lemma]:02d}::"
                senses.append(Sense(file_number, counts.get(key, 0), head == lemma))
        if senses:
            found[lemma] = senses
    return found


def tagged_lemmas(counts: dict[str, int], pos: str) -> set[str]:
    """The lemmas with a tagged use as this part of speech (a sense key is lemma%ss_type:...)."""
    ss_type = {"noun": "1", "verb": "2"}[pos]
    return {key.partition("%")[0] for key, count in counts.items()
            if count > 0 and key.partition("%")[2].startswith(ss_type)}


def common_in(senses: list[Sense], files: set[int], tagged_elsewhere: bool) -> bool:
    """Whether a common sense of a lemma is in these lexicographer files (step 5 above)."""
    tagged = sum(sense.tagged for sense in senses)
    if tagged:
        in_theme = sum(sense.tagged for sense in senses if sense.file_number in files)
        return senses[0].file_number in files or in_theme >= COMMON_SHARE * tagged
    if tagged_elsewhere:  # used as the other part of speech, never so: only its main sense
        main = next((sense for sense in senses if sense.head), senses[0])
        return main.file_number in files
    in_theme = sum(1 for sense in senses if sense.file_number in files)
    return in_theme >= COMMON_SHARE * len(senses)


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


def theme_words(theme: Theme, words: list[str], senses: dict[str, dict[str, list[Sense]]],
                tagged: dict[str, set[str]], numbers: dict[str, int],
                exception_lists: dict[str, dict[str, set[str]]]) -> list[str]:
    """The words of the bundled dictionary that fit the theme, sorted."""
    pos = theme.pos
    files = {numbers[file_name] for file_name in theme.lexicographer_files}
    other = "verb" if pos == "noun" else "noun"
    theme_lemmas = {lemma for lemma, its in senses[pos].items()
                    if common_in(its, files, lemma in tagged[other])}
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
    counts = tag_counts(files["usr/share/wordnet/cntlist.rev"])
    tagged = {pos: tagged_lemmas(counts, pos) for pos in ("noun", "verb")}
    senses = {pos: senses_by_lemma(files[f"usr/share/wordnet/index.{pos}"],
                                   files[f"usr/share/wordnet/data.{pos}"], counts, pos)
              for pos in ("noun", "verb")}
    exception_lists = {pos: exceptions(files[f"usr/share/wordnet/{pos}.exc"])
                       for pos in ("noun", "verb")}
    words = WORDS_IN.read_text(encoding="ascii").split()
    THEMES_OUT.mkdir(exist_ok=True)
    built = {}
    for theme in THEMES:
        fitting = theme_words(theme, words, senses, tagged, numbers, exception_lists)
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
