"""Learn to play on the table session alone: every lesson happens on the arranged bag, the
tutorial waits for each step's answer, and a saved game resumes at its lesson."""

from __future__ import annotations

import pytest

from buyword.engine import CHOICE, Buy
from buyword.engine import events as ev
from buyword.store import SavedGame, Store
from buyword.store.saves import save_data, save_from
from buyword.store.setup import GameSetup
from buyword.table import Played, Refused, TableSession, Undone
from buyword.table.lessons import (
    LEARN_BAG,
    STEPS,
    Tutorial,
    learn_setup,
    learn_tiles,
    step_of,
)
from buyword.words.finder import WordFinder
from buyword.words.lexicon import Lexicon

#: The words the scripted answers sell, and the others a player might.
WORDS = ("eat", "rat", "rate", "rates", "stare", "tears", "bone", "boon", "ordinals", "lines")


@pytest.fixture(scope="module")
def words() -> tuple[Lexicon, WordFinder]:
    """A small dictionary holding the tutorial's words, and its finder for the tile set."""
    lexicon = Lexicon(WORDS, "the lesson words")
    return lexicon, WordFinder(lexicon, learn_tiles())


def new_tutorial(words: tuple[Lexicon, WordFinder]) -> Tutorial:
    """A new guided game."""
    return Tutorial.new(*words)


def play_through(tutorial: Tutorial, upto: int = len(STEPS)) -> list[str]:
    """Answer each step with its scripted answer, up to step `upto`; the lessons shown."""
    shown = []
    while tutorial.at < upto and not tutorial.finished:
        shown.append(tutorial.step.lesson)
        assert isinstance(tutorial.act(0, tutorial.step.example), Played), tutorial.progress
    return shown


def test_the_scripted_answers_play_the_game_to_its_rating(words) -> None:
    tutorial = new_tutorial(words)
    shown = play_through(tutorial)
    assert tutorial.finished
    outcome = tutorial.session.game.outcome()
    assert outcome is not None and outcome.rating == "keep practising"
    assert outcome.standings[0].money == 249
    lessons = list(dict.fromkeys(step.lesson for step in STEPS))
    assert list(dict.fromkeys(shown)) == lessons
    assert len(lessons) == 12


def test_every_lesson_happens_on_the_arranged_bag(words) -> None:
    tutorial = new_tutorial(words)
    play_through(tutorial)
    log = tutorial.session.game.log
    rolls = [event.face for event in log if isinstance(event, ev.Rolled)]
    assert rolls == [CHOICE, 3, 2, 3, 5, 5, 4]  # the die's seed still rolls what the bag needs
    assert [event.tiles for event in log if isinstance(event, ev.Drew)] == [
        "AET", "ESZ", "RS", "BON", "EINOS", "ADELR"]
    assert any(isinstance(event, ev.Discarded) for event in log)  # all or nothing
    sold = [event for event in log if isinstance(event, ev.Sold)]
    assert [sale.word.upper() for sale in sold] == ["RATES", "BONE", "ORDINALS"]
    assert [event for event in log if isinstance(event, ev.Dropped)]  # the tile limit
    final = [event for event in log if isinstance(event, ev.FinalRound)]
    assert final and final[0].removed == "Q"  # the end of the bag: one tile too few to draw
    assert str(final[0]).startswith("Final round: the bag holds 1 tile, not the 4 needed; "
                                    "it leaves the game")


def test_something_else_is_refused_with_what_the_lesson_waits_for(words) -> None:
    tutorial = new_tutorial(words)
    play_through(tutorial, upto=5)  # at "All or nothing": the draw ESZ waits
    assert tutorial.step.lesson == "All or nothing"
    money = tutorial.session.game.player(0).money
    refused = tutorial.act(0, Buy())
    assert isinstance(refused, Refused)
    assert str(refused) == "Not yet: this lesson is about discarding — press D to discard"
    assert tutorial.session.game.player(0).money == money  # nothing changed
    assert tutorial.session.game.player(0).drawn == "ESZ"
    assert isinstance(tutorial.act(0, "discard"), Played)


def test_a_sale_the_lesson_is_not_about_is_refused(words) -> None:
    tutorial = new_tutorial(words)
    play_through(tutorial, upto=9)  # selling long: the hand is AERST
    assert tutorial.step.lesson == "Sell long"
    assert not tutorial.takes("sell RAT")  # short: not this lesson's sale
    assert not tutorial.takes("sell RATEs")  # a wild: not yet
    assert tutorial.takes("sell STARE")
    assert "Not yet: this lesson is about selling a long word" in str(tutorial.act(0, "sell RAT"))


def test_the_dictionary_still_judges_a_word_the_lesson_takes(words) -> None:
    tutorial = new_tutorial(words)
    play_through(tutorial, upto=13)  # the wild: BON and a wild
    refused = tutorial.act(0, "sell BONy")  # the lesson's kind of sale; not in the dictionary
    assert isinstance(refused, Refused) and "dictionary" in str(refused)
    assert isinstance(tutorial.act(0, "sell BOoN"), Played)  # another wild word will do


def test_the_last_lesson_takes_more_sales_before_the_end(words) -> None:
    tutorial = new_tutorial(words)
    play_through(tutorial, upto=len(STEPS) - 1)
    assert tutorial.step.lesson == "The rating"
    assert tutorial.takes("sell EyE") and tutorial.takes("done")
    assert not tutorial.takes("roll")


def test_undo_takes_the_lesson_back_with_the_move(words) -> None:
    tutorial = new_tutorial(words)
    play_through(tutorial, upto=3)  # bought AET: the selling lesson
    assert tutorial.step.lesson == "Selling"
    assert isinstance(tutorial.undo(0), Undone)
    assert tutorial.step.lesson == "The price"


def test_a_saved_lesson_resumes_at_the_same_lesson(words) -> None:
    lexicon, finder = words
    tutorial = new_tutorial(words)
    play_through(tutorial, upto=13)
    saved = SavedGame.of(tutorial.session.game, options={"setup": learn_setup().to_meta()})
    read = save_from(save_data(saved))
    setup = GameSetup.from_meta(read.options["setup"])
    assert setup.lesson and setup.tiles == learn_tiles() and setup.bag == LEARN_BAG
    resumed = Tutorial(TableSession.of(read.record.replay(lexicon), setup, finder))
    assert resumed.at == 13 and resumed.progress == tutorial.progress
    assert resumed.step.lesson == "The wild"
    assert read.lesson and read.describe().startswith("learn to play: You")


def test_a_finished_lesson_is_kept_but_not_scored(words) -> None:
    tutorial = new_tutorial(words)
    play_through(tutorial)
    store = Store(memory=True)
    saved = SavedGame.of(tutorial.session.game, options={"setup": learn_setup().to_meta()})
    finished = store.finish_game(saved, tutorial.session.game)
    assert finished.solo is None
    assert finished.note is not None and "not scored" in finished.note
    assert "$800 is fair" in finished.note


def test_step_of_reads_where_a_record_stands() -> None:
    assert step_of([]) == 0
    assert step_of(["roll choice", "choose 3", "buy"]) == 3
    script = [step.example for step in STEPS]
    assert step_of(script) == len(STEPS)
    # Extra sales in the last lesson keep it on: only the end finishes it.
    assert step_of([*script[:-1], "sell EyE"]) == len(STEPS) - 1


def test_the_lessons_say_what_to_do_in_a_few_lines() -> None:
    for step in STEPS:
        assert step.text and step.key and len(step.text) <= 200, step.text
        assert step.wants(_parsed(step.example)) or step.stays(_parsed(step.example))


def _parsed(text: str):  # noqa: ANN202 - an engine action
    from buyword.engine import parse_action

    return parse_action(text)


def test_a_game_off_the_lessons_script_is_played_as_any_game(words) -> None:
    lexicon, finder = words
    other = GameSetup(seed=5, tiles=learn_tiles(), bag=LEARN_BAG, lesson=True)
    tutorial = Tutorial(TableSession.new(other, lexicon, finder))
    assert not tutorial.on_script  # another die: the lessons' rolls would not come
    assert isinstance(tutorial.act(0, "roll"), Played)
    assert tutorial.takes("discard") and tutorial.takes("choose 2")  # the table judges them


def test_the_lessons_game_is_on_script_all_the_way(words) -> None:
    tutorial = new_tutorial(words)
    while not tutorial.finished:
        assert tutorial.on_script, tutorial.progress
        tutorial.act(0, tutorial.step.example)


def test_buyword_learn_starts_the_guided_game(monkeypatch, tmp_path) -> None:
    import buyword.cli as cli

    monkeypatch.setenv("BUYWORD_HOME", str(tmp_path))
    runs = []
    # The command table holds its own reference to _play: replace the learn command's run.
    monkeypatch.setattr(cli.COMMANDS["learn"], "run", lambda options: runs.append(options) or 0)
    assert cli.main(["learn"]) == 0
    assert runs[-1].learn and runs[-1].starts_game


def test_a_drop_against_the_lessons_advice_is_refused_with_why(words) -> None:
    tutorial = new_tutorial(words)
    drop = next(n for n, step in enumerate(STEPS) if step.example == "drop EE")
    play_through(tutorial, upto=drop)
    hand = tutorial.session.game.player(0).hand
    refused = tutorial.act(0, "drop AE")  # breaks up ORDINALS
    assert isinstance(refused, Refused)
    assert str(refused) == ("Not those: ORDINALS needs the A, D, I, L, N, O, R and S for the "
                            "final round, so drop the two Es (a wild can be an E) — press E "
                            "twice, then Enter")
    assert tutorial.session.game.player(0).hand == hand  # nothing dropped
    assert isinstance(tutorial.act(0, "drop EE"), Played)


def test_the_preview_says_what_the_lesson_will_take(words) -> None:
    tutorial = new_tutorial(words)
    play_through(tutorial, upto=3)  # holding AET: the lesson waits for Esc
    preview = tutorial.preview(0, "EAT")
    assert preview.reason == ("EAT would pay $9, but not yet: this lesson is about selling, and "
                              "when to wait — press Esc")
    assert preview.marked  # the tiles it would take are still shown
    play_through(tutorial, upto=9)  # holding AERST: a five-letter word
    assert tutorial.preview(0, "RAT").reason.startswith("RAT would pay $9, but not yet: this "
                                                        "lesson is about selling a long word")
    assert tutorial.preview(0, "RATES").reason is None  # what Enter will sell
    assert "dictionary" in tutorial.preview(0, "RATSE").reason  # the table's own reasons first
