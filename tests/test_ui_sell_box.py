"""The sell box's and the bid box's words, without a screen: the feedback line under the
word, the sale Enter makes from a preview, and what the bid box asks for."""

from __future__ import annotations

from buyword.engine import Sell
from buyword.table import SalePreview
from buyword.ui.widgets.sell_box import HOW_TO, preview_text, sale_of, word_text


def test_the_feedback_line_says_the_word_its_wild_pips_and_price_or_why_not() -> None:
    """A word that sells: ✓ the word, the wild's letter, its pips and price, and that Enter
    sells; one that does not: ✗ and the reason; nothing typed: what may be typed."""
    ok = word_text(SalePreview(notation="TIdIES", wild="I", pips=9, price=36)).plain
    assert ok == "✓ TIDIES · wild=I · 9 pips · $36 — Enter sells"
    bad = word_text(SalePreview(reason="'QUIZ' needs a Z you don't hold"))
    assert not isinstance(bad, str) and bad.plain == "✗ 'QUIZ' needs a Z you don't hold"
    assert word_text(SalePreview()) == "Letters from your hand, and one wild at most."


def test_a_reason_is_shown_as_text_not_markup() -> None:
    """A reason naming what was typed is never read as markup (a word cannot style it)."""
    line = word_text(SalePreview(reason="[b]x[/b] is not a word"))
    assert not isinstance(line, str) and line.plain == "✗ [b]x[/b] is not a word"


def test_enter_sells_the_previewed_word_or_a_crossword_placement_only() -> None:
    """Enter sells the preview's notation (its lower-case letter is the wild); in a crossword
    game a preview with no placement sells nothing."""
    assert sale_of(SalePreview(notation="TIDiES"), crossword=False) == Sell("TIDiES")
    assert sale_of(SalePreview(), crossword=True) is None
    assert preview_text(SalePreview()).plain == HOW_TO
