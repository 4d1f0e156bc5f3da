"""The README and the manual in docs/ hold together: every link resolves, the commands and
options they name exist, every command is documented, the README stays short, and no document
speaks of how it was made."""

from __future__ import annotations

import argparse
import re
import shlex
import unicodedata
from pathlib import Path

import pytest

from buyword.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: The product's documents: what a player or a contributor reads.
DOCUMENTS = [README, ROOT / "CHANGELOG.md", ROOT / "benchmarks" / "RESULTS.md",
             *sorted((ROOT / "docs").glob("*.md"))]
#: The manual's pages, each linked from the README and linking back to it.
MANUAL = ["learn", "playing", "variants", "crossword", "computer-players", "review", "puzzles",
          "several-screens", "solve-and-sim", "files", "development", "rules"]
README_LIMIT = 250

#: Phrases about how the work was done, never about the game: the load on the computer while
#: measuring, who measured, the work items and sessions (regular expressions, any case).
WORK_TALK = (
    r"load average", r"\b(?:2|two)-core machine", r"this machine shared", r"\bengineers?\b",
    r"\bscratch\b", r"\b(?:the|this|an) issue\b", r"\bissues? #?\d+", r"\bthis stop\b",
    r"\bthis session\b", r"\bwork sessions?\b", r"\bwork items?\b", r"\bthis work\b",
    r"\bhelpers?\b(?!\.py)", r"for lack of time", r"kept for the record", r"\bwe\b",
)

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
HTML_ID = re.compile(r"""<a\s+(?:id|name)=["']([^"']+)["']""")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation gone, spaces to -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = text.strip().lower().replace("`", "").replace("*", "")
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every anchor a link may name in `path`: its headings' slugs and its HTML ids."""
    text = FENCE.sub("", _text(path))
    found: set[str] = set()
    seen: dict[str, int] = {}
    for match in re.finditer(r"^#{1,6} +(.+?) *#*$", text, re.MULTILINE):
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    found.update(HTML_ID.findall(text))
    return found


def links(path: Path) -> list[str]:
    """The targets of every markdown link and image in `path`, outside code blocks."""
    text = FENCE.sub("", _text(path))
    return [a or b for a, b in LINK.findall(text)]


def broken_links(path: Path) -> list[str]:
    """The relative links of `path` whose file or anchor does not exist."""
    broken = []
    for target in links(path):
        if re.match(r"[a-z]+:", target):  # https:, mailto: ...: not ours to check
            continue
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and (dest.suffix != ".md" or anchor not in anchors(dest)):
            broken.append(f"{target} (no such anchor in {dest.name})")
    return broken


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves_with_its_anchor(path: Path) -> None:
    assert not broken_links(path), f"{path.relative_to(ROOT)}: {broken_links(path)}"


def test_the_link_checker_catches_a_missing_file_and_a_missing_anchor(tmp_path: Path) -> None:
    (tmp_path / "b.md").write_text("# Title\n\n## The `buyword solve` tool\n<a id=\"row-1\"></a>\n")
    page = tmp_path / "a.md"
    page.write_text("[ok](b.md#the-buyword-solve-tool) [ok](b.md#row-1) [ok](#here)\n"
                    "[bad](c.md) [bad](b.md#nowhere) ![img](missing.png)\n## Here\n")
    assert broken_links(page) == ["c.md (no such file)", "b.md#nowhere (no such anchor in b.md)",
                                  "missing.png (no such file)"]


def test_headings_slug_as_github_does() -> None:
    assert slug("`buyword train`: learned leave values") == "buyword-train-learned-leave-values"
    assert slug("Several screens: serve, host and join") == "several-screens-serve-host-and-join"
    assert slug("Computer players: what was tried") == "computer-players-what-was-tried"


@pytest.mark.parametrize("page", MANUAL)
def test_every_manual_page_is_linked_from_the_readme_and_links_back(page: str) -> None:
    path = ROOT / "docs" / f"{page}.md"
    assert path.exists(), f"docs/{page}.md is missing"
    assert any(t.split("#")[0] == f"docs/{page}.md" for t in links(README)), page
    assert any(t.split("#")[0] == "../README.md" for t in links(path)), page


def test_the_readme_stays_short() -> None:
    lines = _text(README).count("\n")
    assert lines <= README_LIMIT, f"README.md has {lines} lines; the manual is in docs/"


def quick_start_commands() -> list[str]:
    """The shell commands of the README's Quick start, in order."""
    section = _text(README).split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.split("```", 1)[0].strip() for block in section.split("```sh")[1:]]


def test_the_quick_start_is_what_ci_runs() -> None:
    install, suite = quick_start_commands()
    assert install == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/buyword"
    ci = _text(ROOT / ".ci" / "run").splitlines()
    assert any(line.startswith(suite + " ||") for line in ci), \
        "the README's test command is not the one .ci/run runs"


# ---------------------------------------------------------------- commands and options named


def commands() -> dict[str | None, argparse.ArgumentParser]:
    """Every subcommand's parser by name, and the main parser under None."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {None: parser, **sub.choices}


def options(parser: argparse.ArgumentParser) -> set[str]:
    return {name for action in parser._actions for name in action.option_strings}


#: `buyword` as a command word: at the start, after a space or a path's slash, followed by space.
INVOCATION = re.compile(r"(?:^|(?<=[\s/]))buyword((?:[ \t]+[^\s|;&#`]+)*)")


def command_lines(text: str) -> list[str]:
    """The command lines a document shows: inline code spans and code-block lines (with their
    backslash continuations joined)."""
    spans = re.findall(r"`([^`\n]+)`", FENCE.sub("", text))
    for block in FENCE.findall(text):
        body = block.split("\n", 1)[1].rsplit("```", 1)[0]
        spans += body.replace("\\\n", " ").splitlines()
    for indented in re.findall(r"(?:^    .*\n?)+", FENCE.sub("", text), re.MULTILINE):
        spans += indented.replace("\\\n", " ").splitlines()
    return spans


def named_invocations(text: str) -> list[tuple[str | None, list[str], str]]:
    """(command, options, the line) for every `buyword ...` a document shows."""
    found = []
    for line in command_lines(text):
        for match in INVOCATION.finditer(line):
            try:
                words = shlex.split(match.group(1))
            except ValueError:
                words = match.group(1).split()
            words = [w for w in words if w not in ("[", "]")]
            command = words[0] if words and not words[0].startswith("-") else None
            flags = [w.strip("[]").split("=")[0] for w in words if w.lstrip("[").startswith("--")]
            found.append((command, flags, line.strip()))
    return found


def unknown_names(text: str) -> list[str]:
    """Commands and options a document names that `buyword --help` does not know."""
    parsers = commands()
    problems = []
    for command, flags, line in named_invocations(text):
        if command not in parsers:
            if command is not None and re.fullmatch(r"[a-z][a-z-]*", command):
                problems.append(f"no command {command!r}: {line}")
            continue
        known = options(parsers[command])
        problems += [f"no option {flag} of {command or 'buyword'}: {line}"
                     for flag in flags if flag not in known]
    return problems


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_and_option_named_exists(path: Path) -> None:
    assert not unknown_names(_text(path))


def test_the_name_checker_catches_a_made_up_command_and_option() -> None:
    text = ("Run `buyword solve QUIZ --wilds 1`, `buyword sim --players expert --speedy` and\n"
            "```sh\n.venv/bin/buyword frobnicate --x\nbuyword --solo --fast\n```\n")
    assert unknown_names(text) == [
        "no option --speedy of sim: buyword sim --players expert --speedy",
        "no command 'frobnicate': .venv/bin/buyword frobnicate --x",
        "no option --fast of buyword: buyword --solo --fast",
    ]


def test_every_command_is_documented() -> None:
    shown = {command for path in DOCUMENTS for command, _, _ in named_invocations(_text(path))}
    missing = sorted(name for name in commands() if name is not None and name not in shown)
    assert not missing, f"no document shows these commands: {missing}"


# ---------------------------------------------------------------- how it was made


def work_talk(text: str) -> list[str]:
    """The phrases of WORK_TALK found in `text`."""
    return [match.group(0) for phrase in WORK_TALK
            for match in re.finditer(phrase, text, re.IGNORECASE)]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_document_speaks_of_how_it_was_made(path: Path) -> None:
    assert not work_talk(_text(path)), f"{path.relative_to(ROOT)}: {work_talk(_text(path))}"


def test_the_work_talk_check_catches_its_phrases() -> None:
    text = ("Measured on this 2-core machine (load average 3), shared with other engineers; "
            "a scratch script, as the issue asks. The leader rolls (tests/ui_helpers.py).")
    assert work_talk(text) == ["load average", "2-core machine", "engineers", "scratch",
                               "the issue"]
