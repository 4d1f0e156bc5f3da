"""Themed games' solo scores are kept apart (RULES §7.6), and a themed save resumes."""

from __future__ import annotations

from engine_helpers import WORDS

from buyword.engine import Game, GameRecord, Rules
from buyword.store import ScoreBook, SoloScore, rules_key
from buyword.store.records import decode_record, encode_record


def _score(money: int, rules: Rules, game_id: str) -> SoloScore:
    return SoloScore(game_id, money, rules_key(rules), rules.describe(), 1,
                     "2026-11-29T10:00:00+00:00", False, None)


def test_themed_rule_sets_have_their_own_scores_key():
    plain = rules_key(Rules())
    animals = rules_key(Rules(themes=("animals",)))
    food = rules_key(Rules(themes=("food",)))
    each = rules_key(Rules(themes=("animals", "food"), theme_each_round=True))
    assert len({plain, animals, food, each}) == 4
    assert plain == "44136fa355b3"  # unchanged: old scores keep their key


def test_a_themed_solo_score_does_not_count_in_the_printed_rules_record():
    book = ScoreBook()
    themed = Rules(themes=("animals",))
    book.add(_score(1200, themed, "a"), themed)
    book.add(_score(700, Rules(), "b"), Rules())
    assert book.stats(Rules()).best == 700
    assert book.stats(themed).best == 1200
    assert "theme: animals" in book.stats(themed).rules_text


class _Themes:
    def fits(self, word: str, theme: str) -> bool:
        return word == "tea"

    def kind(self, theme: str) -> str:
        return "food or drink"


def test_a_themed_game_saved_and_read_back_resumes_with_the_theme_lists():
    game = Game.new(["Ann"], dictionary=WORDS, seed=4, themes=_Themes(),
                    rules=Rules(themes=("food",)), bag="TEAX")
    for action in ("roll 4", "buy", "sell TEA"):
        game.apply(action)
    record = decode_record(encode_record(GameRecord.of(game)))
    assert record.replay(WORDS, themes=_Themes()).state() == game.state()


def test_buyword_replay_reads_a_themed_record_without_theme_lists(tmp_path):
    from buyword.table.replay import load_replay

    game = Game.new(["Ann"], dictionary=WORDS, seed=4, themes=_Themes(),
                    rules=Rules(themes=("food",)), bag="TEAX")
    for action in ("roll 4", "buy", "sell TEA", "done"):
        game.apply(action)
    path = tmp_path / "game.json"
    path.write_text(encode_record(GameRecord.of(game)))
    replay = load_replay(str(path))
    last = replay.frames[-1].view
    assert last.seat.theme == game.theme == "food" and last.players[0].money == game.player(0).money
    assert [line.text for line in last.log] == [str(e) for e in game.log]
