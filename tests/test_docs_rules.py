"""docs/rules.md is the project's rules text: it names every rule setting, its tile table is the
bundled tile set, and the product cites it (by sections that exist) rather than any other file."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from buyword.engine import Rules, default_tiles
from buyword.engine.wording import dollars

ROOT = Path(__file__).resolve().parents[1]
RULES_DOC = ROOT / "docs" / "rules.md"

#: Where the product's text lives: code, tests, docs, data files and scripts.
PRODUCT = ["buyword", "tests", "docs", "scripts", "benchmarks", "data", ".ci"]
TEXT_SUFFIXES = {".py", ".md", ".toml", ".tcss", ".txt", ""}
#: The bundled word list is data, not prose, and too big to be worth scanning.
SKIPPED = {ROOT / "data" / "words.txt"}

#: Built in pieces so that this file does not cite what it forbids.
FORBIDDEN = ("RULES" + ".md", "shared" + "/")

#: A citation of a section: the document's path, a comma, and the heading in double quotes.
CITATION = re.compile(r'docs/rules\.md,? "([^"]+)"(?: and "([^"]+)")?')


def _doc() -> str:
    return RULES_DOC.read_text(encoding="utf-8")


def _headings() -> set[str]:
    return {m.group(1).strip() for m in re.finditer(r"^#{2,3} (.+)$", _doc(), re.MULTILINE)}


def _product_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder in PRODUCT:
        for path in sorted((ROOT / folder).rglob("*")):
            if (path.is_file() and path.suffix in TEXT_SUFFIXES and path not in SKIPPED
                    and "__snapshots__" not in path.parts and "__pycache__" not in path.parts):
                files.append(path)
    return files


def _table_rows(heading: str) -> list[list[str]]:
    """The body rows of the first table under `heading`, as lists of cells."""
    section = _doc().split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


@pytest.mark.parametrize("name", [f.name for f in fields(Rules)])
def test_every_rule_setting_is_named_in_the_rules_document(name: str) -> None:
    assert f"`{name}`" in _doc(), f"docs/rules.md does not describe the rule setting {name!r}"


def test_the_rule_settings_table_gives_the_engine_defaults() -> None:
    rows = {row[0].strip("`"): row for row in _table_rows("Rule settings")}
    assert set(rows) == {f.name for f in fields(Rules)}
    box = Rules()
    for name in ("starting_money", "tile_limit", "min_word_length", "challenge_penalty"):
        assert rows[name][2] == str(getattr(box, name)), name
    assert rows["challenge_mode"][2] == ("on" if box.challenge_mode else "off")
    assert rows["wilds_per_player"][2] == str(box.wilds_per_player)
    assert rows["draw_choices"][2] == str(box.draw_choices)


def test_the_tile_table_is_the_bundled_tile_set() -> None:
    tiles = default_tiles()
    listed: dict[str, tuple[int, int]] = {}
    for row in _table_rows("The tile set"):
        for letter, count, pips in (row[0:3], row[4:7]):
            listed[letter] = (int(count), int(pips))
    assert listed == {letter: (tiles.counts[letter], tiles.pips[letter]) for letter in tiles.counts}
    total_pips = sum(tiles.counts[x] * tiles.pips[x] for x in tiles.counts)
    assert f"{tiles.letter_total} letter tiles showing {total_pips} pips" in _doc()
    assert f"{tiles.wilds} wild tiles of {tiles.wild_pips} pip each" in _doc()


def test_the_solo_rating_table_matches_the_rules() -> None:
    ratings = Rules().solo_ratings
    expected = []
    for i, (threshold, name) in enumerate(ratings):
        above = "or more" if i == 0 else f"to {dollars(ratings[i - 1][0] - 1)}"
        expected.append([f"{dollars(threshold)} {above}", name])
    expected.append([f"below {dollars(ratings[-1][0])}", Rules().solo_rating(0)])
    assert _table_rows("Solo rating") == expected


def test_no_product_file_cites_a_rules_text_outside_the_repository() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: {bad}"
        for path in _product_files()
        for bad in FORBIDDEN
        if bad in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert not offenders, "cite docs/rules.md instead:\n" + "\n".join(offenders)


def test_every_cited_section_of_the_rules_exists() -> None:
    headings = _headings()
    cited = {
        (str(path.relative_to(ROOT)), section)
        for path in _product_files()
        for match in CITATION.finditer(path.read_text(encoding="utf-8", errors="replace"))
        for section in match.groups()
        if section
    }
    assert len(cited) >= 5, "the code should cite docs/rules.md by section"
    missing = sorted(f"{where}: {section!r}" for where, section in cited if section not in headings)
    assert not missing, "no such section in docs/rules.md:\n" + "\n".join(missing)
