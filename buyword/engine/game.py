"""The game: set-up, rounds (roll, draw, buy, sell, tile limit), the final round and the outcome.

One way in: `Game.apply(action)`. It validates first and changes the state only when the action
is legal, so after any BuyWordError the game is exactly as before. The table variants' steps
(draft, trading, auctions) are in `variants.py`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from buyword.engine import events as ev
from buyword.engine.actions import (
    Action,
    Buy,
    Challenge,
    Choose,
    Discard,
    Done,
    Drop,
    Roll,
    Sell,
    checked_action,
    parse_action,
)
from buyword.engine.crossword import Grid, Play, check_placement
from buyword.engine.dictionary import Dictionary, left_out
from buyword.engine.errors import BuyWordError, IllegalAction, MalformedAction, quoted
from buyword.engine.phase import Phase
from buyword.engine.rules import CHOICE, Rules
from buyword.engine.themes import ThemeDraw, Themes, off_theme
from buyword.engine.tiles import Spelling, check_spelling, missing_letters, parse_spelling, price
from buyword.engine.variants import VariantPlay
from buyword.engine.wording import dollars, is_you, plural, possessive, says


@dataclass(frozen=True)
class PlayerState:
    """What the table can see of one player (a snapshot; changing it changes nothing)."""

    seat: int
    name: str
    money: int
    hand: str  # letter tiles held, sorted
    wilds: int
    drawn: str  # this round's draw, not yet bought or discarded


@dataclass(frozen=True)
class Standing:
    """One line of the final standings."""

    place: int
    seat: int
    name: str
    money: int


@dataclass(frozen=True)
class Outcome:
    """How the game ended: why, the standings (best first) and the winners (seats; ties share)."""

    reason: str
    standings: tuple[Standing, ...]
    winners: tuple[int, ...]
    rating: str | None  # the solo rating, None at a table


@dataclass
class _Player:
    """A player's mutable state inside the engine."""

    name: str
    money: int
    wilds: int
    hand: str = ""
    drawn: str = ""


@dataclass(frozen=True)
class Pose:
    """A position as one seat sees it, for `Game.posed`: the phase and round, the seat's own
    tiles and money, each other seat's (money, wilds, letter tiles held) in seat order, the
    bag's size and the tiles the seat cannot see."""

    phase: Phase
    round: int
    leader: int
    die: int | str | None
    draw_count: int | None
    final_round: bool
    hand: str
    money: int
    wilds: int
    drawn: str
    bag_size: int
    unseen: str
    rivals: tuple[tuple[int, int, int], ...] = ()


def _sorted(tiles: Iterable[str]) -> str:
    return "".join(sorted(tiles))


def _take(tiles: str, letters: str) -> str:
    """`tiles` less `letters` (a multiset difference), sorted; the caller checked they are held."""
    return _sorted((Counter(tiles) - Counter(letters)).elements())


class Game(VariantPlay):
    """One game of BuyWord. Create it with `Game.new`, change it only with `apply`."""

    def __init__(
        self,
        names: list[str],
        *,
        dictionary: Dictionary,
        seed: int | None = None,
        rules: Rules | None = None,
        bag: str | None = None,
        leader: int = 0,
        themes: Themes | None = None,
    ) -> None:
        """Set up a game (docs/rules.md, "Set-up"); prefer `Game.new`, which takes the same."""
        self.rules = rules or Rules()
        names = [str(name) for name in names]
        wilds = self.rules.wilds_for(len(names))
        if not 0 <= leader < len(names):
            raise BuyWordError(f"the first leader must be one of the {len(names)} seats")
        if self.rules.challenge_mode and len(names) < 2:
            # The rule names the other players as the challengers: alone, nobody could.
            raise BuyWordError("challenge mode needs 2 or more players, since the other players "
                               "are the ones who challenge (docs/rules.md, word validity)")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        self.seed: int = seed
        self.names: tuple[str, ...] = tuple(names)
        self.dictionary = dictionary
        self.first_leader = leader
        self.bag: str = self._fill_bag(bag)
        self.start_bag: str = self.bag
        # The die has its own generator, advanced once per roll even when the face is given,
        # so the same seed gives the same rolls whatever the players decide or replay.
        self._die = random.Random(f"buyword-die-{seed}")
        self._players = [_Player(name, self.rules.starting_money, wilds) for name in names]
        self.box_wilds = self.rules.tiles.wilds - wilds * len(names)
        if self.box_wilds < 0:
            raise BuyWordError(f"the tile set has too few wild tiles for {len(names)} players")
        self.removed: str = ""  # letter tiles out of the game (discarded, sold, dropped)
        self.removed_wilds = 0
        self.phase = Phase.ROLL
        self.round = 1
        self.leader = leader
        self.die: int | str | None = None
        self.draw_count: int | None = None
        self.final_round = False
        self.log: list[ev.Event] = []
        self.actions: list[str] = []  # every applied action, chance outcomes written out
        #: The dictionary's verdict on every challenged word, so a record replays the same
        #: challenges whatever dictionary reads it later.
        self.rulings: dict[str, bool] = {}
        self._turn = 0  # index into the seat order of this phase
        self._drop_queue: list[int] = []
        self._last_sale: ev.Sold | None = None  # challengeable until the seller acts again
        #: The crossword variant: the words sold so far, on the table; and the last sale's
        #: placement, which a successful challenge takes back off the grid.
        self.grid = Grid()
        self._last_play: Play | None = None
        self._outcome: Outcome | None = None
        # Themes (docs/rules.md): the theme lists, and this round's theme (None: no theme), known
        # before the roll. `round_themes` lists every round's theme so far, for the record.
        self.themes = themes
        self._theme_draw = ThemeDraw(self.rules, seed, themes)
        self.theme: str | None = self._theme_draw.next(None)
        self.round_themes: list[str] = [self.theme] if self.theme else []
        #: The theme lists' verdict on every challenged word, as "theme:word".
        self.theme_rulings: dict[str, bool] = {}
        self._init_variants(len(names))

    @classmethod
    def new(cls, names: list[str], *, dictionary: Dictionary, seed: int | None = None,
            rules: Rules | None = None, bag: str | None = None, leader: int = 0,
            themes: Themes | None = None) -> Game:
        """A new game for these players (1-4); the options are those of `Game(...)`:
        dictionary, seed, rules, bag (the front of the bag, for tests, puzzles and daily
        challenges; the rest of the tiles follow, shuffled by seed), leader and themes (the
        theme lists, needed when the rules name a theme)."""
        return cls(names, dictionary=dictionary, seed=seed, rules=rules, bag=bag, leader=leader,
                   themes=themes)

    @classmethod
    def posed(cls, names: list[str], seat: int, pose: Pose, **options: Any) -> Game:
        """A game set up mid-round at `pose`, one seat's view of a position (a puzzle's):
        `seat`'s hand, money, wilds and draw as given, every other seat's money and wilds,
        and the tiles `seat` cannot see dealt at random (from `options`' seed) into the other
        hands, the bag and, while buying, the draws of the seats still to decide. The options
        are those of `Game(...)`, but the bag. It is a position to study, not a game with a
        record: its actions do not replay from the start. BuyWordError when the position does
        not fit the tile set."""
        game = cls(names, **options)
        rules = game.rules
        others = [n for n in range(len(names)) if n != seat]
        if len(pose.rivals) != len(others) or not 0 <= seat < len(names):
            raise BuyWordError("a posed game needs one rival for each other seat")
        unseen = list(_sorted(pose.unseen))
        random.Random(f"buyword-pose-{game.seed}").shuffle(unseen)
        me = game._players[seat]
        me.hand, me.money, me.wilds, me.drawn = _sorted(pose.hand), pose.money, pose.wilds, \
            pose.drawn
        for n, (money, wilds, tiles) in zip(others, pose.rivals, strict=True):
            p = game._players[n]
            p.money, p.wilds, p.hand = money, wilds, _sorted(unseen[:tiles])
            del unseen[:tiles]
        game.bag, unseen = "".join(unseen[: pose.bag_size]), unseen[pose.bag_size:]
        game.phase, game.round, game.leader = pose.phase, pose.round, pose.leader
        game.die, game.draw_count, game.final_round = pose.die, pose.draw_count, pose.final_round
        order = game.order()
        if pose.phase in (Phase.BUY, Phase.SELL):
            game._turn = order.index(seat)
        if pose.phase is Phase.BUY and pose.draw_count:
            for n in order[game._turn + 1:]:
                game._players[n].drawn = _sorted(unseen[: pose.draw_count])
                del unseen[: pose.draw_count]
        if pose.phase is Phase.DROP:
            game._drop_queue = [seat]
        if unseen and game.final_round:  # the bag's last tiles, left the game face down
            game._log(ev.FinalRound("".join(unseen), 0))
            game.removed, unseen = "".join(unseen), []
        held = game.bag + game.removed + "".join(p.hand + p.drawn for p in game._players)
        extra = missing_letters(held + "".join(unseen), rules.tiles.bag())
        if extra:
            raise BuyWordError(f"the position holds more {extra} tiles than the tile set")
        game.removed = _sorted(game.removed + _take(rules.tiles.bag(), held))
        wilds = sum(p.wilds for p in game._players)
        game.removed_wilds = rules.tiles.wilds - game.box_wilds - wilds
        if game.removed_wilds < 0:
            raise BuyWordError("the position holds more wilds than the tile set")
        game.start_bag = game.bag
        return game

    def _fill_bag(self, front: str | None) -> str:
        tiles = self.rules.tiles.bag()
        front = front or ""
        extra = missing_letters(front, tiles)
        if extra:
            raise BuyWordError(f"the bag order {front!r} has more {extra} tiles than the tile set")
        rest = list(_take(tiles, front))
        random.Random(self.seed).shuffle(rest)
        return front + "".join(rest)

    # ----------------------------------------------------------------- reading the state

    @property
    def players(self) -> tuple[PlayerState, ...]:
        """Every player's visible state, by seat."""
        return tuple(self.player(seat) for seat in range(len(self._players)))

    def player(self, seat: int) -> PlayerState:
        """One player's state (a snapshot)."""
        p = self._players[seat]
        return PlayerState(seat, p.name, p.money, p.hand, p.wilds, p.drawn)

    @property
    def seats(self) -> int:
        """How many players are at the table."""
        return len(self._players)

    def order(self) -> list[int]:
        """Seats in this round's order: the leader, then to the left."""
        n = len(self._players)
        return [(self.leader + i) % n for i in range(n)]

    @property
    def current(self) -> int | None:
        """The seat whose decision is awaited, or None when the game is over."""
        if self.phase in (Phase.ROLL, Phase.CHOOSE):
            return self.leader
        if self.phase in (Phase.BUY, Phase.SELL):
            return self.order()[self._turn]
        if self.phase is Phase.DROP:
            return self._drop_queue[0]
        if self.phase in self.VARIANT_PHASES:
            return self._variant_current()
        return None

    @property
    def bag_size(self) -> int:
        """Tiles left in the bag."""
        return len(self.bag)

    @property
    def nobody_draws(self) -> bool:
        """Whether this is the final round in which the bag could not serve the draw: its last
        tiles left the game, nobody draws or buys, everyone only sells
        (docs/rules.md, "The end of the game"). A bag emptied exactly by the draw is a final
        round with draws."""
        if not self.final_round:
            return False
        for event in reversed(self.log):
            if isinstance(event, ev.FinalRound):
                return True
            if isinstance(event, ev.Rolled | ev.Drew | ev.DraftLaidOut):
                return False
        return False

    @property
    def last_sale(self) -> ev.Sold | None:
        """The sale that may still be challenged (challenge mode), if any."""
        return self._last_sale

    def offer_price(self, seat: int | None = None) -> int:
        """The price of a player's draw (the current player's by default)."""
        seat = self.current if seat is None else seat
        return 0 if seat is None else self.rules.tiles.price_of(self._players[seat].drawn)

    def over_limit(self, seat: int) -> int:
        """How many letter tiles this player holds beyond the tile limit (0 if none)."""
        limit = self.rules.tile_limit
        return 0 if limit is None else max(0, len(self._players[seat].hand) - limit)

    def outcome(self) -> Outcome | None:
        """None until the game ends; then the reason, standings and winners."""
        return self._outcome

    def state(self) -> tuple[object, ...]:
        """Everything that decides what happens next, as one comparable value."""
        return (
            self.phase,
            self.round,
            self.leader,
            self.die,
            self.draw_count,
            self.final_round,
            self.bag,
            self.removed,
            self.removed_wilds,
            self._turn,
            tuple(self._drop_queue),
            self._last_sale,
            self.players,
            len(self.log),
            tuple(self.actions),
            self._die.getstate(),
            self.theme,
            self._variant_state(),
            self.grid,
        )

    def chance_state(self) -> tuple[object, ...]:
        """Where chance stands: the bag's order and the die's and the theme draw's generators.
        Two games of one record agree on it exactly when no roll, draw or theme lies between."""
        return (self.bag, self._die.getstate(), self._theme_draw.state())

    def dump(self) -> str:
        """A compact text picture of the state, for error messages and debugging."""
        lines = [
            f"round {self.round} phase {self.phase} leader {self.leader + 1} "
            f"current {None if self.current is None else self.current + 1} "
            f"die {self.die} draw {self.draw_count} bag {self.bag_size}"
            f"{' FINAL' if self.final_round else ''}"
            f"{f' theme {self.theme}' if self.theme else ''}"
        ]
        for p in self.players:
            lines.append(
                f"  {p.seat + 1} {p.name}: ${p.money} hand {p.hand or '-'} "
                f"wilds {p.wilds} drawn {p.drawn or '-'}"
            )
        grid = ["  grid:", *(f"    {line}" for line in self.grid.picture().splitlines())]
        return "\n".join(lines + self._variant_dump() + (grid if self.rules.crossword else []))

    # ----------------------------------------------------------------- legality

    def legal_actions(self) -> list[Action]:
        """Every legal action now except `sell` (words are checked with `is_legal`)."""
        if self.phase is Phase.ROLL:
            return [Roll()]
        if self.phase is Phase.CHOOSE:
            return [Choose(n) for n in self.rules.draw_choices]
        if self.phase is Phase.BUY:
            actions: list[Action] = [Buy(), Discard()] if self._can_afford() else [Discard()]
            return actions + self._buy_variant_actions()
        if self.phase is Phase.SELL:
            return [Done(), *(Challenge(seat + 1) for seat in self._challengers())]
        if self.phase is Phase.DROP:
            return [Drop(letters) for letters in self._drop_choices()]
        if self.phase in self.VARIANT_PHASES:
            return self._variant_actions()
        return []

    def is_legal(self, action: Action | str) -> bool:
        """Whether `action` may be applied now (never changes anything)."""
        return self.why_not(action) is None

    def why_not(self, action: Action | str) -> str | None:
        """None if `action` is legal now, else the reason in a player's words."""
        try:
            self._check(self._action(action))
        except BuyWordError as error:
            return str(error)
        return None

    def word_refusal(self, word: str) -> str | None:
        """Why the dictionary or this round's theme refuses `word`, in a player's words; None
        if both accept it. Challenge mode sells first and asks this only when challenged."""
        family = left_out(self.dictionary, word)
        if family is not None:
            return family
        if not self.dictionary.is_word(word.lower()):
            return f"{word.upper()!r} is not in the dictionary"
        if self.theme is not None and not self._theme_lists().fits(
                word.lower(), self.theme):
            return off_theme(word, self.theme, self._theme_lists())
        return None

    def _theme_lists(self) -> Themes:
        """The theme lists, asked for only in a round with a theme (ThemeDraw made sure a
        game with themes was given them)."""
        assert self.themes is not None, "a game with a theme is given its theme lists"
        return self.themes

    def _action(self, action: Action | str) -> Action:
        # Checked again whatever its constructor did: one made by `object.__new__` too.
        return parse_action(action) if isinstance(action, str) else checked_action(action)

    def _can_afford(self) -> bool:
        seat = self.current
        return seat is not None and self._players[seat].money >= self.offer_price(seat)

    def _challengers(self) -> list[int]:
        sale = self._last_sale
        if sale is None:
            return []
        return [seat for seat in range(len(self._players)) if seat != sale.seat]

    def _drop_choices(self) -> list[str]:
        seat = self.current
        assert seat is not None
        hand = self._players[seat].hand
        return sorted({"".join(c) for c in combinations(hand, self.over_limit(seat))})

    def _require(self, phase: Phase, action: Action) -> None:
        if self.phase is not phase:
            raise IllegalAction(f"'{action}' is not possible now: {self._waiting_for()}")

    def _waiting_for(self) -> str:
        """What the game is waiting for, in words (used in refusals)."""
        if self.phase is Phase.OVER:
            return "the game is over"
        if self.phase in self.VARIANT_PHASES:
            return self._variant_waiting_for()
        name = self.names[self._acting()]
        its = possessive(name, start=False) if is_you(name) else "their"
        return says(name, "be", start=False) + {
            Phase.ROLL: " to roll the die",
            Phase.CHOOSE: " to choose the draw count (2–5)",
            Phase.BUY: f" to buy or discard {its} draw",
            Phase.SELL: " selling words",
            Phase.DROP: " to drop tiles down to the tile limit",
        }[self.phase]

    def _check(self, action: Action) -> object:
        """Raise if `action` is illegal now; return what `_perform` needs. Changes nothing."""
        if self.phase is Phase.OVER:
            raise IllegalAction(f"'{action}' is not possible: the game is over")
        # Each checker takes its own kind of action: the table is keyed by that kind.
        checkers: dict[type, Callable[[Any], object]] = {
            Roll: self._check_roll,
            Choose: self._check_choose,
            Buy: self._check_buy,
            Discard: self._check_discard,
            Sell: self._check_sell,
            Challenge: self._check_challenge,
            Done: self._check_done,
            Drop: self._check_drop,
            **self._variant_checkers(),
        }
        checker = checkers.get(type(action))
        if checker is None:
            raise MalformedAction(f"{quoted(action)} is not a BuyWord action")
        return checker(action)

    def _check_roll(self, action: Roll) -> None:
        self._require(Phase.ROLL, action)
        if action.face is not None and action.face not in self.rules.die_faces:
            raise IllegalAction(f"the die has no face {action.face!r}")

    def _check_choose(self, action: Choose) -> None:
        self._require(Phase.CHOOSE, action)
        if action.count not in self.rules.draw_choices:
            raise IllegalAction(f"choose one of {', '.join(map(str, self.rules.draw_choices))}")

    def _check_buy(self, action: Buy) -> None:
        self._require(Phase.BUY, action)
        seat = self.current
        assert seat is not None
        p = self._players[seat]
        cost = self.offer_price(seat)
        if p.money < cost:
            raise IllegalAction(
                f"{says(p.name, 'have')} {dollars(p.money)}; these tiles cost {dollars(cost)}, "
                "so they must be discarded"
            )

    def _check_discard(self, action: Discard) -> None:
        self._require(Phase.BUY, action)

    def _check_sell(self, action: Sell) -> Spelling | Play:
        self._require(Phase.SELL, action)
        if self.rules.crossword:
            return self.placement_play(action)
        if action.positioned:
            raise IllegalAction(
                f"'{action}': words go on a grid only in the crossword variant; "
                f"sell it as 'sell {action.word}'"
            )
        spelling = parse_spelling(action.word)
        p = self._players[self._acting()]
        shortest = self.rules.min_word_length
        if len(spelling.word) < shortest:
            raise IllegalAction(
                f"{spelling.word!r} is too short: words need at least {shortest} letters"
            )
        check_spelling(spelling, p.hand, p.wilds)
        # The family words setting refuses its words in either mode, before any money moves.
        refusal = (left_out(self.dictionary, spelling.word) if self.rules.challenge_mode
                   else self.word_refusal(spelling.word))
        if refusal:
            raise IllegalAction(refusal)
        return spelling

    def placement_play(self, action: Sell, *, judged: bool = True) -> Play:
        """What the current seller's crossword sale would lay and the words it would form,
        each priced; IllegalAction in a player's words if it cannot be placed.

        `judged`: ask the dictionary about every word formed and the theme about the word
        placed (as a sale in strict mode does); challenge mode, or a preview that must not
        give a verdict, leaves it out. Changes nothing.
        """
        seat = self.current
        if self.phase is not Phase.SELL or seat is None:
            raise IllegalAction(f"'{action}' is not possible now: {self._waiting_for()}")
        p = self._players[seat]
        judge = judged and not self.rules.challenge_mode
        play = check_placement(
            action.placement, self.grid, p.hand, p.wilds, self.rules.tiles,
            self.dictionary if judge else None, self.rules.min_word_length,
            family=self.dictionary,
        )
        if judge and self.theme is not None:
            word = play.words[0].word
            if not self._theme_lists().fits(word.lower(), self.theme):
                raise IllegalAction(off_theme(word, self.theme, self._theme_lists()))
        return play

    def _check_challenge(self, action: Challenge) -> int:
        self._require(Phase.SELL, action)
        if not self.rules.challenge_mode:
            raise IllegalAction("challenges are only played in challenge mode")
        seat = action.seat - 1
        if not 0 <= seat < len(self._players):
            raise IllegalAction(f"there is no seat {action.seat} at this table")
        sale = self._last_sale
        if sale is None:
            raise IllegalAction("there is no sale to challenge right now")
        if seat == sale.seat:
            name = self.names[seat]
            its = possessive(name, start=False) if is_you(name) else "their"
            raise IllegalAction(f"{name} cannot challenge {its} own word")
        return seat

    def _check_done(self, action: Done) -> None:
        self._require(Phase.SELL, action)

    def _check_drop(self, action: Drop) -> None:
        self._require(Phase.DROP, action)
        seat = self.current
        assert seat is not None
        p = self._players[seat]
        missing = missing_letters(action.letters, p.hand)
        if missing:
            raise IllegalAction(
                f"{says(p.name, 'hold')} no {', '.join(sorted(set(missing)))} to drop")
        need = self.over_limit(seat)
        if len(action.letters) != need:
            limit = self.rules.tile_limit
            raise IllegalAction(
                f"{says(p.name, 'hold')} {plural(len(p.hand), 'letter tile')}; drop exactly {need} "
                f"to come down to {limit}, not {len(action.letters)}"
            )

    # ----------------------------------------------------------------- applying

    def apply(self, action: Action | str) -> list[ev.Event]:
        """Apply one action (an Action or its text). Returns the events it caused.

        Raises a BuyWordError, and changes nothing, if the action is malformed or illegal now.
        """
        action = self._action(action)
        checked = self._check(action)
        start = len(self.log)
        written = self._perform(action, checked)
        self.actions.append(str(written))
        return self.log[start:]

    def _perform(self, action: Action, checked: object) -> Action:
        """Carry out a checked action; return it with any chance outcome written in."""
        match action:
            case Roll():
                return self._roll(action)
            case Choose(count=count):
                self._log(ev.Chose(self.names[self.leader], count))
                self._draw(count)
            case Buy():
                self._buy()
            case Discard():
                self._discard()
            case Sell():
                if isinstance(checked, Play):
                    self._place(checked)
                else:
                    assert isinstance(checked, Spelling)
                    self._sell(checked)
            case Challenge():
                assert isinstance(checked, int)
                self._challenge(checked)
            case Done():
                self._done()
            case Drop(letters=letters):
                self._drop(letters)
            case _:
                self._perform_variant(action, checked)
        return action

    def _log(self, event: ev.Event) -> None:
        self.log.append(event)

    def _roll(self, action: Roll) -> Roll:
        rolled = self._die.choice(self.rules.die_faces)
        face = rolled if action.face is None else action.face
        self.die = face
        self._log(ev.Rolled(self.round, self.names[self.leader], face, self.theme))
        if face == CHOICE:
            self.phase = Phase.CHOOSE
        else:
            assert isinstance(face, int)
            self._draw(face)
        return Roll(face)

    def _draw(self, count: int) -> None:
        """The draw step (docs/rules.md, "A round"): everyone draws, or the final round begins."""
        self.draw_count = count
        needed = count * len(self._players)
        if len(self.bag) < needed:
            self._log(ev.FinalRound(self.bag, needed))
            self.removed += self.bag
            self.bag = ""
            self.final_round = True
            self._start_selling()
            return
        if self.rules.draft:
            self._lay_out_draft(count)
            return
        for seat in self.order():
            p = self._players[seat]
            p.drawn, self.bag = self.bag[:count], self.bag[count:]
            self._log(ev.Drew(seat, p.name, p.drawn))
        # A bag emptied exactly makes this the final round (docs/rules.md, "The end of the game").
        self.final_round = not self.bag
        self._after_draws()

    def _next_buyer(self) -> None:
        self._turn += 1
        if self._turn == len(self._players):
            self._start_selling()

    def _buy(self) -> None:
        seat = self.current
        assert seat is not None
        p = self._players[seat]
        cost = self.offer_price(seat)
        p.money -= cost
        p.hand = _sorted(p.hand + p.drawn)
        self._log(ev.Bought(seat, p.name, p.drawn, cost))
        p.drawn = ""
        self._next_buyer()

    def _discard(self) -> None:
        seat = self.current
        assert seat is not None
        p = self._players[seat]
        cost = self.offer_price(seat)
        self.removed += p.drawn
        self._log(ev.Discarded(seat, p.name, p.drawn, cost, forced=p.money < cost))
        p.drawn = ""
        self._next_buyer()

    def _start_selling(self) -> None:
        self.phase = Phase.SELL
        self._turn = 0
        self._last_sale = None

    def _sell(self, spelling: Spelling) -> None:
        seat = self.current
        assert seat is not None
        p = self._players[seat]
        pips = self.rules.tiles.sale_pips(spelling)
        value = price(pips)
        p.hand = _take(p.hand, spelling.letters)
        self.removed += spelling.letters
        if spelling.wild:
            p.wilds -= 1
            self.removed_wilds += 1
        p.money += value
        sale = ev.Sold(
            seat, p.name, spelling.notation, spelling.letters, spelling.wild, pips, value
        )
        self._log(sale)
        self._last_sale = sale if self.rules.challenge_mode else None

    def _place(self, play: Play) -> None:
        """A crossword sale: the laid tiles leave the hand for the grid; every word formed
        is paid (docs/rules.md, "Crossword")."""
        seat = self.current
        assert seat is not None
        p = self._players[seat]
        wild = next((tile.letter for _, tile in play.laid if tile.wild), None)
        p.hand = _take(p.hand, play.letters)
        if wild:
            p.wilds -= 1
        self.grid = self.grid.place(play)
        p.money += play.price
        placement = play.placement
        at = f"{placement.start[0]},{placement.start[1]} {placement.heading}"
        sale = ev.Sold(
            seat, p.name, placement.word, play.letters, wild, play.words[0].pips, play.price,
            at, tuple((formed.word, formed.price) for formed in play.words),
        )
        self._log(sale)
        self._last_sale = sale if self.rules.challenge_mode else None
        self._last_play = play

    def _challenge(self, challenger_seat: int) -> None:
        sale = self._last_sale
        assert sale is not None
        self._last_sale = None  # a sale is challenged at most once
        if self.rules.crossword:
            self._challenge_placement(challenger_seat, sale)
            return
        word = sale.word.lower()
        valid = self.dictionary.is_word(word)
        self.rulings[word] = valid
        # With a theme, a word must fit it too: a challenge of an off-theme word succeeds.
        off = None
        if valid and self.theme is not None:
            fits = self._theme_lists().fits(word, self.theme)
            self.theme_rulings[f"{self.theme}:{word}"] = fits
            off = None if fits else self._theme_lists().kind(self.theme)
            valid = fits
        challenger = self._players[challenger_seat]
        seller = self._players[sale.seat]
        if valid:
            loser, reversed_price = challenger, 0
        else:
            # Reverse the sale: tiles and wild back to the seller, money back to the bank.
            seller.hand = _sorted(seller.hand + sale.letters)
            self.removed = _take(self.removed, sale.letters)
            if sale.wild:
                seller.wilds += 1
                self.removed_wilds -= 1
            seller.money -= sale.price
            loser, reversed_price = seller, sale.price
        # A penalty never takes a player below $0 (docs/rules.md, "Strict and challenge mode").
        penalty = min(self.rules.challenge_penalty, loser.money)
        loser.money -= penalty
        self._log(
            ev.Challenged(
                challenger_seat, challenger.name, sale.seat, seller.name, sale.word,
                valid, reversed_price, penalty, off,
            )
        )

    def _judge(self, word: str) -> bool:
        """The dictionary's verdict on a challenged word, written down for the record."""
        valid = self.dictionary.is_word(word)
        self.rulings[word] = valid
        return valid

    def _challenge_placement(self, challenger_seat: int, sale: ev.Sold) -> None:
        """A challenge names the whole placement: if any word formed is not a word (or the
        word placed does not fit the theme), the whole placement is reversed."""
        play = self._last_play
        assert play is not None
        failed, off = "", None
        for formed in play.words:
            if not self._judge(formed.word.lower()):
                failed = formed.word
                break
        if not failed and self.theme is not None:
            word = play.words[0].word.lower()
            fits = self._theme_lists().fits(word, self.theme)
            self.theme_rulings[f"{self.theme}:{word}"] = fits
            if not fits:
                failed, off = word.upper(), self._theme_lists().kind(self.theme)
        challenger = self._players[challenger_seat]
        seller = self._players[sale.seat]
        if not failed:
            loser, reversed_price = challenger, 0
        else:
            # The laid tiles come off the grid back to the seller's hand; the money goes back.
            self.grid = self.grid.remove(play)
            seller.hand = _sorted(seller.hand + play.letters)
            if play.wild:
                seller.wilds += 1
            seller.money -= play.price
            loser, reversed_price = seller, play.price
        penalty = min(self.rules.challenge_penalty, loser.money)
        loser.money -= penalty
        self._log(
            ev.Challenged(
                challenger_seat, challenger.name, sale.seat, seller.name, sale.word,
                not failed, reversed_price, penalty, off, sale.at, failed,
            )
        )

    def _done(self) -> None:
        seat = self.current
        assert seat is not None
        self._last_sale = None
        self._log(ev.Finished(seat, self.names[seat]))
        self._turn += 1
        if self._turn < len(self._players):
            return
        if self.final_round:
            self._end_game()
            return
        self._drop_queue = [s for s in self.order() if self.over_limit(s)]
        if self._drop_queue:
            self.phase = Phase.DROP
        else:
            self._end_round()

    def _drop(self, letters: str) -> None:
        seat = self._drop_queue.pop(0)
        p = self._players[seat]
        p.hand = _take(p.hand, letters)
        self.removed += letters
        self._log(ev.Dropped(seat, p.name, letters))
        if not self._drop_queue:
            self._end_round()

    def _end_round(self) -> None:
        self._log(ev.RoundEnded(self.round, tuple(p.money for p in self._players)))
        if len(self._players) > 1:
            self.leader = (self.leader + 1) % len(self._players)
        self.round += 1
        self.phase = Phase.ROLL
        self.die = None
        self.draw_count = None
        self._turn = 0
        self.theme = self._theme_draw.next(self.theme)
        if self.theme:
            self.round_themes.append(self.theme)

    def _end_game(self) -> None:
        """docs/rules.md, "The end of the game": no tile limit; unsold tiles are worth nothing."""
        self._log(ev.RoundEnded(self.round, tuple(p.money for p in self._players)))
        self.phase = Phase.OVER
        self._turn = 0
        ranked = sorted(range(len(self._players)), key=lambda s: -self._players[s].money)
        standings: list[Standing] = []
        for i, seat in enumerate(ranked):
            money = self._players[seat].money
            tied = i and money == standings[-1].money
            place = standings[-1].place if tied else i + 1
            standings.append(Standing(place, seat, self.names[seat], money))
        best = standings[0].money
        winners = tuple(s.seat for s in standings if s.money == best)
        rating = self.rules.solo_rating(best) if len(self._players) == 1 else None
        reason = "the bag is empty"
        self._outcome = Outcome(reason, tuple(standings), winners, rating)
        self._log(ev.GameOver(reason))

    # ----------------------------------------------------------------- accounting

    def tile_count(self) -> tuple[int, int]:
        """(letter tiles, wild tiles) accounted for: bag, draws, hands, removed, box, grid."""
        letters = len(self.bag) + len(self.removed) + len(self.draft_tiles)
        letters += sum(len(p.hand) + len(p.drawn) for p in self._players)
        wilds = self.box_wilds + self.removed_wilds + sum(p.wilds for p in self._players)
        # The crossword variant's grid holds the tiles sold (they stay on the table).
        on_grid = sum(tile.wild for tile in self.grid.tiles.values())
        letters += len(self.grid) - on_grid
        wilds += on_grid
        return letters, wilds

    def money_history(self) -> list[tuple[int, ...]]:
        """Every player's money at the start and after each round, by seat."""
        start = tuple(self.rules.starting_money for _ in self._players)
        return [start] + [e.money for e in self.log if isinstance(e, ev.RoundEnded)]
