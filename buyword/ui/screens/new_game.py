"""New game options: the seats (table games), seed, rule settings, dictionary, tile set, hints,
privacy."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Select, Static

from buyword.engine import BuyWordError, TileSetError
from buyword.engine.rules import VARIANTS
from buyword.store.settings import TABLE_SEATS
from buyword.store.setup import (
    EACH_ROUND,
    TILE_LIMIT_CHOICES,
    WORD_LENGTHS,
    DictionaryChoice,
    GameSetup,
    Seat,
    load_tiles,
)
from buyword.ui.tabletop import tabletop_of
from buyword.ui.text import literal
from buyword.ui.widgets.tick import Tick
from buyword.words.themes import THEMES

#: Who sits in a seat: a person, a computer of some level, or nobody (seats 3 and 4).
PERSON, EMPTY = "person", "empty"

#: Default names for the seats of a table game.
SEAT_NAMES = ("Ann", "Bob", "Cy", "Di")

#: What the Family words box does (its tooltip; docs/playing.md says more).
FAMILY_WORDS = ("Offensive words are left out of the dictionary: no computer sells one, and "
                "yours is refused with the reason. Untick it to play every word.")

#: Why a solo game greys out the variants that need a table (one line of the form at 60
#: columns, so not built from the labels).
SOLO_VARIANTS = "Auction and trades need 2+ players."


def _shown(value: object, choices: tuple[object, ...]) -> object:
    """`value` if the form offers it, else the first choice: a setup from an old or
    hand-edited save is shown with what the form can show, never refused by a widget."""
    return value if value in choices else choices[0]


def seat_kinds(optional: bool) -> list[tuple[str, str]]:
    """Who may sit in a seat, as the form offers it: a person, a computer of each level, and
    (an `optional` seat) nobody."""
    from buyword.bots import LEVELS

    kinds = [("Person", PERSON), *((f"Computer · {level}", level) for level in LEVELS)]
    if optional:
        kinds.append(("Empty seat", EMPTY))
    return kinds


class NewGameScreen(Screen[GameSetup | None]):
    """A form; Start dismisses with the GameSetup, Esc with None."""

    CSS_PATH = "new_game.tcss"
    BINDINGS = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("escape", "back", "Back"),
        # Over the app's F1 (help): on a variant's box, that variant's rules on one page.
        Binding("f1", "rules", "Rules"),
    ]

    def __init__(self, solo: bool, defaults: GameSetup | None = None) -> None:
        """Options for a solo game (`solo`) or a table (people and computers)."""
        super().__init__()
        self.solo = solo
        self.defaults = defaults or GameSetup()

    def compose(self) -> ComposeResult:
        """Seats (table only), then the options, then Start / Back."""
        d = self.defaults
        title = "New solo game" if self.solo else "New table game"
        with Vertical(id="form"):
            yield Static(title, id="form-title")
            with Grid(id="fields"):
                if not self.solo:
                    yield from self._seat_rows()
                yield Static("Seed", classes="label")
                yield Input(
                    "" if d.seed is None else str(d.seed), placeholder="blank = random",
                    type="integer", id="seed", compact=True,
                )
                yield Static("Tile limit", classes="label")
                yield Select(
                    [(f"{n} tiles" if n else "no limit", str(n or "none"))
                     for n in TILE_LIMIT_CHOICES],
                    value=str(_shown(d.tile_limit, TILE_LIMIT_CHOICES) or "none"),
                    allow_blank=False, id="limit", compact=True,
                )
                yield Static("Shortest word", classes="label")
                yield Select(
                    [(f"{n} letters", n) for n in WORD_LENGTHS],
                    value=_shown(d.min_word_length, WORD_LENGTHS),
                    allow_blank=False, id="min-length", compact=True,
                )
                yield Static("Dictionary", classes="label")
                yield Select(
                    [("bundled word list", DictionaryChoice.BUNDLED),
                     ("common words only", DictionaryChoice.COMMON),
                     ("a word-list file…", DictionaryChoice.FILE)],
                    value=d.dictionary, allow_blank=False, id="dictionary", compact=True,
                )
                yield Static("", classes="label")
                with Horizontal(classes="checks"):
                    family = Tick("Family words", d.family_words, id="family", compact=True)
                    family.tooltip = FAMILY_WORDS
                    yield family
                yield Static("Word-list file", classes="label file-row")
                yield Input(d.word_file, placeholder="path to a file, one word a line",
                            id="word-file", compact=True, classes="file-row")
                yield Static("Theme", classes="label")
                yield Select(
                    [("no theme", "none"), *((t.title, t.name) for t in THEMES),
                     ("a new theme each round", EACH_ROUND)],
                    value=d.theme or "none", allow_blank=False, id="theme", compact=True,
                )
                yield Static("Tile set", classes="label")
                yield Input(d.tiles_file, placeholder="blank = the bundled set, or a .toml file",
                            id="tiles", compact=True)
                if not self.solo:
                    yield Static("Selling", classes="label")
                    yield Select(
                        [("strict: the dictionary checks", "strict"),
                         ("challenge: players check", "challenge")],
                        value="challenge" if d.challenge else "strict", allow_blank=False,
                        id="mode", compact=True,
                    )
                yield Static("Help", classes="label")
                with Horizontal(classes="checks"):
                    yield Tick("Hints (F2)", d.hints, id="hints", compact=True)
                    yield Tick("Coach (F6)", d.coach, id="coach", compact=True)
                if not self.solo:  # a row of its own: three boxes overflow a small window
                    yield Static("", classes="label")
                    with Horizontal(classes="checks"):
                        yield Tick("Private hands", d.private_hands, id="private",
                                   compact=True)
                boxes = list(self._variant_boxes())
                yield Static("Variants", classes="label")
                with Horizontal(classes="checks"):
                    yield from boxes[:2]
                yield Static("", classes="label")
                with Horizontal(classes="checks"):
                    yield from boxes[2:4]
                yield Static("", classes="label")
                with Horizontal(classes="checks"):
                    yield from boxes[4:]  # the crossword board
                if self.solo:
                    yield Static("", classes="label")
                    yield Static(SOLO_VARIANTS, id="variants-why", classes="why")
            yield Static(id="form-error")
            with Horizontal(id="form-buttons"):
                yield Button("Start  ^s", id="start", variant="primary", compact=True)
                yield Button("Back  esc", id="back", compact=True)
        yield Footer()

    def _variant_boxes(self) -> list[Checkbox]:
        """One checkbox a variant; those a solo table is too small for are greyed out."""
        d = self.defaults
        boxes: list[Checkbox] = []
        for variant in VARIANTS:
            greyed = self.solo and variant.needs_table
            box = Tick(variant.label, variant.name in d.variants and not greyed,
                       id=f"variant-{variant.name}", compact=True, disabled=greyed)
            box.tooltip = (f"{variant.how.capitalize()}. F1: its rules."
                           + (f" {SOLO_VARIANTS}" if greyed else ""))
            boxes.append(box)
        return boxes

    def _seat_rows(self) -> ComposeResult:
        # The seats of the last table game (from the settings), the rest empty.
        seats = self.defaults.seats if len(self.defaults.seats) >= 2 else TABLE_SEATS
        for i in range(4):
            seat = seats[i] if i < len(seats) else None
            yield Static(f"Seat {i + 1}", classes="label")
            with Horizontal(classes="seat"):
                yield Input(seat.name if seat else SEAT_NAMES[i], id=f"name-{i}",
                            compact=True, max_length=12, classes="seat-name")
                kinds = seat_kinds(optional=i >= 2)
                kind = EMPTY if seat is None else (seat.level or PERSON)
                yield Select(kinds, value=kind, allow_blank=False, id=f"kind-{i}",
                             compact=True, classes="seat-kind")

    def on_mount(self) -> None:
        """Show the file row only when a file is chosen; focus the first field."""
        self._show_file_row()
        first = "#name-0" if not self.solo else "#seed"
        for field in self.query(first):  # none if the form closed at once (fast keys)
            field.focus()

    @on(Select.Changed, "#dictionary")
    def _show_file_row(self) -> None:
        dictionary = self.query("#dictionary").results(Select)
        choice = next(dictionary, None)
        if choice is None:
            return  # a change that arrives after the form closed (fast keys): nothing to show
        for widget in self.query(".file-row"):
            widget.display = choice.value == DictionaryChoice.FILE

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        """Check the form and start (the engine checks the rules themselves)."""
        setup, problem = self.read_setup()
        if problem:
            error = self.query_one("#form-error", Static)
            error.update(literal(f"✗ {problem}"))  # it may quote a file name: text
            return
        self.dismiss(setup)

    def action_rules(self) -> None:
        """F1: the rules of the variant whose box has the cursor, on one page; anywhere else
        in the form, help (its Variants page has every variant's)."""
        focused = self.focused
        name = (focused.id or "").removeprefix("variant-") if focused is not None else ""
        chosen = [v for v in VARIANTS if v.name == name]
        if not chosen:
            tabletop_of(self.app).action_help("rules")
            return
        from buyword.ui.dialogs.variant_rules import VariantRulesScreen

        self.app.push_screen(VariantRulesScreen(chosen[0]))

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        """Back to the title without starting."""
        self.dismiss(None)

    def read_setup(self) -> tuple[GameSetup, str]:
        """The setup the form describes, and what is wrong with it ('' if nothing)."""
        seed_text = self.query_one("#seed", Input).value.strip()
        limit = self.query_one("#limit", Select).value
        dictionary = DictionaryChoice(str(self.query_one("#dictionary", Select).value))
        word_file = self.query_one("#word-file", Input).value.strip()
        tiles_file = self.query_one("#tiles", Input).value.strip()
        try:
            tiles, tiles_problem = load_tiles(tiles_file), ""
        except TileSetError as error:
            tiles, tiles_problem = None, str(error)
        seats = self._read_seats()
        challenge = (not self.solo
                     and self.query_one("#mode", Select).value == "challenge")
        setup = GameSetup(
            seats=seats,
            seed=int(seed_text) if seed_text.lstrip("-").isdigit() else None,
            tile_limit=None if limit == "none" else int(str(limit)),
            min_word_length=int(str(self.query_one("#min-length", Select).value)),
            dictionary=dictionary,
            word_file=word_file,
            challenge=challenge,
            hints=self.query_one("#hints", Checkbox).value,
            coach=self.query_one("#coach", Checkbox).value,
            family_words=self.query_one("#family", Checkbox).value,
            private_hands=self.solo or self.query_one("#private", Checkbox).value,
            tiles_file=tiles_file,
            tiles=tiles,
            theme="" if (theme := str(self.query_one("#theme", Select).value)) == "none" else theme,
            variants=tuple(v.name for v in VARIANTS
                           if self.query_one(f"#variant-{v.name}", Checkbox).value),
        )
        return setup, tiles_problem or self._problem(setup)

    def _read_seats(self) -> tuple[Seat, ...]:
        if self.solo:
            return (Seat("You"),)
        seats = []
        for i in range(4):
            kind = self.query_one(f"#kind-{i}", Select).value
            if kind == EMPTY:
                continue
            name = self.query_one(f"#name-{i}", Input).value.strip() or SEAT_NAMES[i]
            seats.append(Seat(name, None if kind == PERSON else str(kind)))
        return tuple(seats)

    def _problem(self, setup: GameSetup) -> str:
        if not self.solo and len(setup.seats) < 2:
            return "a table game needs at least two seats"
        names = [seat.name.casefold() for seat in setup.seats]
        if len(set(names)) != len(names):
            twice = next(seat.name for seat in setup.seats if names.count(seat.name.casefold()) > 1)
            return f"{twice!r} is named twice; give each seat its own name"
        if setup.tiles is not None:
            try:
                setup.tiles.check_table(len(setup.seats), setup.rules().wilds_for(len(setup.seats)))
            except BuyWordError as error:
                return f"tile set {setup.tiles_file!r}: {error}"
        if setup.table_problem():
            return SOLO_VARIANTS
        if setup.challenge and not setup.challenge_allowed:
            return "challenge mode needs two or more players at the table"
        if coach := setup.coach_problem():
            return f"{coach}: untick Coach, or the variant and the theme"
        if setup.dictionary is DictionaryChoice.FILE and not setup.word_file:
            return "name the word-list file, or choose another dictionary"
        return ""
