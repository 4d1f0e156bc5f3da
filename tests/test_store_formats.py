"""Every format version the game has written still loads: one file of each, written by BuyWord
as it was before the typed codec (commit 65c5fe6, `tests/data/formats/`), is read into what it
held, and what the codec writes of it again is the file as it was (so nothing is lost or
renamed on the way)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from engine_helpers import WordSet

from buyword.engine import Phase, Rules, default_tiles
from buyword.store import Store
from buyword.store.records import decode_record, encode_record
from buyword.store.rules_codec import rules_data
from buyword.store.saves import read_save, save_data
from buyword.store.scores import ScoreBook, rules_key
from buyword.store.settings import parse_settings
from buyword.store.setup import DictionaryChoice, GameSetup, Seat, setup_of
from buyword.store.tiles import read_tiles, tiles_data, tiles_from

FORMATS = Path(__file__).parent / "data" / "formats"
WORDS = WordSet("quiz", "qi", "zit", "it", "at", "cat", "cats", "ti", "za", "zap", "tab", "ta",
                "tea", "eat", "ate", "tie", "sat")


def text(name: str) -> str:
    """A fixture's text."""
    return (FORMATS / name).read_text(encoding="utf-8")


def test_record_format_1_with_a_crossword_grid_reads_replays_and_writes_back_the_same() -> None:
    record = decode_record(text("record_v1_crossword.json"))
    assert record.players == ("Ann",) and record.rules == Rules(crossword=True)
    assert record.grid is not None and len(record.grid) == 6  # QUIZ, and ZIT crossing it
    game = record.replay(WORDS)
    assert game.grid == record.grid and game.phase is Phase.SELL
    assert encode_record(record) == text("record_v1_crossword.json")


def test_record_format_1_with_rules_rulings_themes_and_meta_reads_and_writes_back() -> None:
    record = decode_record(text("record_v1_rules.json"))
    rules = record.rules
    assert (rules.challenge_mode, rules.tile_limit, rules.min_word_length, rules.auction) == (
        True, None, 3, True)
    assert (rules.tiles.name, rules.tiles.counts["Q"], rules.tiles.wilds) == ("More Qs", 3, 12)
    assert record.rulings == {"tea": True, "zzz": False}
    assert record.themes == ("animals", "food") and record.theme_rulings == {"food:tea": True}
    assert record.meta == {"note": "hand-written meta", "nested": [1, {"a": None}]}
    assert encode_record(record) == text("record_v1_rules.json")


def test_save_format_0_a_bare_record_is_upgraded(tmp_path: Path) -> None:
    saved = read_save((FORMATS / "save_v0.json").read_bytes())
    assert saved.bots == (None, "easy") and saved.hints == (1, 0)
    assert saved.saved_at == "2026-11-20T10:00:00+00:00" and len(saved.game_id) == 12
    assert read_save((FORMATS / "save_v0.json").read_bytes()).game_id == saved.game_id
    assert len(saved.record.replay(WORDS).actions) == 12
    (tmp_path / "current.json").write_bytes((FORMATS / "save_v0.json").read_bytes())
    loaded = Store(tmp_path).load_game(WORDS)
    assert loaded.game is not None and loaded.message is None


def test_save_format_1_reads_every_field_and_writes_back_the_same() -> None:
    raw = (FORMATS / "save_v1.json").read_bytes()
    saved = read_save(raw)
    assert (saved.game_id, saved.bots, saved.hints, saved.coach) == (
        "a1b2c3d4e5f6", (None, None, "hard"), (2, 0, 0), (1, 1, 0))
    assert saved.appraisals == ({"seat": 0, "actions": ["roll 2"],
                                 "appraisal": {"mean": 1.5}},)
    assert saved.started_at == "2026-11-21T09:00:00+01:00" and saved.result is None
    assert saved.at_round >= 1 and saved.hinted and saved.coached
    assert setup_of(saved) == GameSetup(
        seats=(Seat("Ann"), Seat("Bob"), Seat("Cy", "hard")), seed=5, hints=True, coach=True,
        tile_limit=10, dictionary=DictionaryChoice.COMMON, variants=("draft",),
        family_words=False)  # played before family words: with the full list
    assert saved.record.replay(WORDS).seats == 3
    assert json.dumps(save_data(saved), indent=1, ensure_ascii=True) == raw.decode()


def test_a_finished_daily_save_of_format_1_keeps_its_result() -> None:
    raw = (FORMATS / "save_v1_finished.json").read_bytes()
    saved = read_save(raw)
    assert saved.daily == "2026-11-22" and saved.result is not None
    assert saved.result["standings"][0]["name"] == "Ann"
    assert saved.record.replay(WORDS).outcome() is not None
    assert saved.to_json() == raw.decode()


def test_scores_format_1_reads_and_writes_back_the_same() -> None:
    raw = (FORMATS / "scores_v1.json").read_bytes()
    book = ScoreBook.from_bytes(raw)
    assert [(s.money, s.hinted, s.coached) for s in book.solo] == [(912, False, False),
                                                                   (1010, True, True)]
    assert book.daily["2026-11-22"].money == 912 and book.daily["2026-11-23"].money is None
    assert book.to_json() == raw.decode()
    # A score's rule set keeps its key: the codec writes the rules as they were written.
    assert book.solo[0].rules == rules_key(Rules()) == "44136fa355b3"
    assert book.solo[1].rules == rules_key(Rules(tile_limit=None)) == "a2f4ac7aa7b4"
    assert json.loads(json.dumps(rules_data(Rules())))["tiles"]["name"] == "BuyWord (default)"


def test_settings_format_1_is_migrated_and_format_2_reads_as_written() -> None:
    settings, problems = parse_settings(text("settings_v1.toml"))
    assert problems == [] and (settings.theme, settings.bot_speed) == ("nord", "slow")
    game = settings.new_game
    assert (game.dictionary, game.tile_limit, game.min_word_length, game.challenge) == (
        DictionaryChoice.COMMON, 10, 4, True)
    settings, problems = parse_settings(text("settings_v2.toml"))
    # Written back as read, and the settings added since (the table's seats, family words)
    # with their defaults.
    assert problems == []
    seats = 'table_seats = [{ name = "Ann" }, { name = "Bob", level = "medium" }]\n'
    assert settings.to_toml() == text("settings_v2.toml").replace(
        "master_ahead = false\n", "master_ahead = false\n" + seats) + "family_words = true\n"
    assert (settings.animations, settings.master_ahead, settings.new_game.tile_limit,
            settings.new_game.coach) == (False, False, None, True)


def test_a_tile_set_file_reads_and_writes_back_the_same() -> None:
    """tests/data/formats/tiles_v1.toml: read as every version read it; a record or a save
    keeps it in the same layout (what the file says, letters in order, unknown keys passed)."""
    path = FORMATS / "tiles_v1.toml"
    tiles = read_tiles(path)
    assert (tiles.name, tiles.wilds, tiles.wild_pips, tiles.letter_total) == ("Fours", 12, 2, 32)
    assert (tiles.counts["S"], tiles.pips["Q"]) == (4, 10)
    written = tomllib.loads(path.read_text(encoding="utf-8"))
    del written["made_by"]
    assert tiles_data(tiles) == written and list(tiles_data(tiles)["letters"]) == sorted("AETQS")
    assert tiles_from(tiles_data(tiles), "the record's tile set") == tiles


def test_the_bundled_tile_set_the_engine_reads_is_the_one_the_checking_reader_reads() -> None:
    """The engine reads its own bundled file as it is (standard library only); the codec's
    reader, which checks every bound, reads the same set from it."""
    bundled = Path(__file__).resolve().parent.parent / "data" / "tiles.toml"
    assert read_tiles(bundled) == default_tiles()
    assert default_tiles().letter_total == 108 and default_tiles().wilds == 9
