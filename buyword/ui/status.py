"""The table's words about the moment: the round box beside the die, the one-line prompt, and
what a move did, for the message line under it.

All are plain functions of a `TableView` (and of whether the die is still tumbling), so they
are tested without a screen. They speak to the person to act as "you" when the table addresses
that seat (`TableView.addressed`): a solo player, or the person holding the screen at a private
table ("Ann, you are over the tile limit"); at an open table they name the seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from buyword.engine import CHOICE, Phase, Rules
from buyword.engine.tiles import price
from buyword.engine.wording import conjugate, dollars, is_you, plural, possessive, says, whom
from buyword.table import TableView, Wait
from buyword.table.views import LessonView


def empty_hand(view: TableView) -> str:
    """What an empty hand (no tiles, no wilds) says: "no tiles yet" before the first round is
    over, plain "no tiles" once a hand may have been sold or dropped empty."""
    return "no tiles yet" if view.seat.round <= 1 else "no tiles"


def variants_line(rules: Rules) -> str:
    """The table variants on, in a player's words, for the table's side ("auction · tile
    draft"); empty for the plain game."""
    return " · ".join(rules.variants())


def draw_line(view: TableView, *, tumbling: bool) -> str:
    """The round box's draw line: what everyone draws this round, as far as it is known (the
    same at a local table and at a seat of a hosted one)."""
    if tumbling:
        return "Rolling…"
    if view.nobody_draws:
        return "No draws: sell"
    game = view.seat
    if game.phase is Phase.CHOOSE or (game.die == CHOICE and not game.draw_count):
        return "CHOICE: 2–5 each"
    if game.draw_count:
        return f"Draw {game.draw_count} each"
    return "Die not rolled"


def round_lines(view: TableView, *, tumbling: bool) -> list[str]:
    """The round box as plain lines: the round, the leader, the bag, the draw."""
    game = view.seat
    return [
        "FINAL ROUND" if game.final_round else f"Round {game.round}",
        f"Leader {game.names[game.leader]}",
        f"Bag {plural(game.bag_size, 'tile')}",
        draw_line(view, tumbling=tumbling),
    ]


def _subject(name: str, verb: str, addressed: bool) -> str:
    """Subject and verb: "[b]Ann[/b] is", "You are", or "[b]Ann[/b], you are" when the table
    addresses Ann (the person holding the screen at a private table)."""
    if is_you(name):
        return f"You {conjugate(verb, True)}"
    if addressed:
        return f"[b]$name[/b], you {conjugate(verb, True)}"
    return f"[b]$name[/b] {conjugate(verb, False)}"


def _imperative(name: str, text: str) -> str:
    """An instruction to the person to act: "[b]Ann[/b], roll…" or, for "You", "Roll…"."""
    if is_you(name):
        return text[:1].upper() + text[1:]
    return f"[b]$name[/b], {text}"


def prompt_template(view: TableView) -> str:
    """The prompt as markup: `$name` is the seat to act, `$word` the word challenged; at a
    hosted table the link's state (`$why` it ended), or `$waiting`, what the table waits for
    while this seat is not asked (never another seat's price or tiles).

    Every key it names is one the table binds and allows at that moment.
    """
    awaiting, link = view.awaiting, view.link
    if link is not None and link.ended is not None:
        return "[b]You are no longer at this table:[/b] $why"
    if link is not None and link.lost:
        return "[b reverse] Connection lost — reconnecting… [/]"
    if awaiting.wait is Wait.OVER:
        return "[b]Game over.[/b]"
    if link is not None and (link.seat not in awaiting.seats or awaiting.computer):
        return "Waiting: $waiting."
    seat = awaiting.seat
    assert seat is not None
    game = view.seat
    name = game.names[seat]
    you = seat in view.addressed
    if awaiting.wait is Wait.CHALLENGE:
        return "Does anyone challenge [b]$word[/b]?"
    if awaiting.computer:
        return f"[b]$name[/b] ({view.seats[seat].level}) is playing…"
    money = view.players[seat].money
    match awaiting.wait:
        case Wait.ROLL:
            return _imperative(name, "roll the die: press [b]R[/b].")
        case Wait.CHOOSE:
            return "CHOICE! " + _imperative(
                name, "how many tiles does everyone draw? Press [b]2[/b]–[b]5[/b].")
        case Wait.BUY:
            return _buy_prompt(view, seat, you)
        case Wait.SELL:
            last = " This is the last sale: unsold tiles are worth nothing." \
                if game.final_round else ""
            return _imperative(name, f"sell words ({dollars(money)}): type one, Enter sells, "
                                     f"[b]Esc[/b] when done.{last}")
        case Wait.DRAFT:
            return _imperative(name, "pick a face-up tile: type its letter.")
        case Wait.AUCTION:
            return _auction_prompt(view, name, money)
        case Wait.TRADE:
            if game.trade_offer is not None:
                return _imperative(name, "accept ([b]Y[/b]) or decline ([b]N[/b]) the offer?")
            return _imperative(name, "offer a swap of draws: type a seat number and Enter, "
                                     "or [b]P[/b] to pass.")
        case Wait.DROP:
            over = plural(view.over_limit(seat), "tile")
            # The tile-limit window opens by itself (and X opens it again), so the prompt
            # names no key: in that window a letter key chooses a tile.
            return f"{_subject(name, 'be', you)} over the tile limit: choose {over} to drop."
    return ""


def _buy_prompt(view: TableView, seat: int, you: bool) -> str:
    name = view.names[seat]
    cost = view.price_of_draw(seat)
    if cost is None or not view.why_not:  # a draw this screen does not see: no price
        return _imperative(name, "buy or discard the draw: [b]B[/b] buys, [b]D[/b] discards.")
    if view.why_not.get("buy"):
        money = view.players[seat].money
        has = "you have" if you or is_you(name) else says(name, "have")
        return (f"{_subject(name, 'cannot', you)} afford these tiles ({dollars(cost)}; {has} "
                f"{dollars(money)}): press [b]D[/b] to discard them.")
    if view.why_not.get("auction", "") is None:
        return _imperative(name, f"buy these tiles for [b]{dollars(cost)}[/b]? [b]B[/b] buys, "
                                 "[b]D[/b] discards, [b]A[/b] puts them up for auction.")
    return _imperative(name, f"buy these tiles for [b]{dollars(cost)}[/b]? [b]B[/b] buys, [b]D[/b] "
                             "discards.")


def _auction_prompt(view: TableView, name: str, money: int) -> str:
    auction = view.seat.auction
    assert auction is not None
    if auction.bidding:
        return _imperative(name, f"bid for the tiles (you have {dollars(money)}): type a bid and "
                                 "Enter, or [b]P[/b] to pass.")
    return _imperative(name, f"match the {dollars(auction.high_bid)} bid ([b]M[/b]) or let "
                             "the tiles go ([b]P[/b])?")


def theme_title(view: TableView) -> str:
    """This round's theme as the table shows it ("Food and drink"), or ''."""
    theme = view.seat.theme
    if theme is None:
        return ""
    from buyword.words.themes import ThemeError, theme_named

    try:
        return theme_named(theme).title
    except ThemeError:  # a theme list this version does not have: its name will do
        return theme


def seed_line(view: TableView) -> str:
    """Under the players: the variants on, first (they change what a player may do), then
    the seed that dealt the bag (and a tile set of the player's own by name), or, while the
    seed is not shown, that the table is hosted. A puzzle's position was posed, not dealt:
    its seed would mean nothing, so none is shown."""
    from buyword.store.setup import custom_tiles

    variants = variants_line(view.rules)
    if view.lesson is not None and view.lesson.posed:
        return variants
    variants = f"{variants} · " if variants else ""
    if view.seed is None:
        return f"{variants}hosted table"
    tiles = custom_tiles(view.rules)  # room for its name: the seed says the rest
    tiles = f" · {tiles}" if tiles else ""
    return f"{variants}seed {view.seed}{tiles}"


def picks_line(view: TableView, taken: str | None) -> str:
    """In the draft, the tiles a player has `taken` so far (to buy or discard once all are
    taken) and what they cost together, before the wilds on the hand's foot line: "took YS
    $16 · " (nothing when they are not this screen's to see)."""
    if view.awaiting.wait is not Wait.DRAFT or not taken:
        return ""
    return f"took {taken} {dollars(price(view.rules.tiles.pips_of(taken)))} · "


def draw_on_offer(view: TableView, draw: str | None) -> str:
    """A draw on offer as the trade shows it: its tiles, their pips and its buying price
    ("TEA 3• $9"), so that a swap can be weighed; "—" for none."""
    if not draw:
        return "—"
    pips = view.rules.tiles.pips_of(draw)
    return f"{draw} {pips}• {dollars(price(pips))}"


def variant_line(view: TableView) -> str | None:
    """The variant on the table now, in a line: the auction's bidders and high bid, or the
    draws being traded and the offer; None when neither is on."""
    names = view.names
    awaiting = view.awaiting
    auction = view.seat.auction
    if awaiting.wait is Wait.AUCTION and auction is not None:
        parts = []
        for i, bidder in enumerate(auction.bidders):
            said = " (high)" if bidder == auction.high_bidder else (
                " passed" if i < auction.turn else "")
            turn = " ◀" if auction.bidding and i == auction.turn else ""
            parts.append(f"{names[bidder]}{said}{turn}")
        high = ("no bid yet" if auction.high_bidder is None else
                f"high bid {dollars(auction.high_bid)} by {names[auction.high_bidder]}")
        return f"Auction · {high} · bidders: {', '.join(parts)}"
    if awaiting.wait is not Wait.TRADE:
        return None
    draws = "   ".join(f"{p.seat + 1} {p.name}: {draw_on_offer(view, p.drawn)}"
                       for p in view.players)
    offer = view.seat.trade_offer
    if offer is None:
        return f"Draws on the table · {draws}"
    mine, theirs = view.players[offer.seat], view.players[offer.to]
    pay = ""
    if offer.payment:
        payer, payee = (mine, theirs) if offer.payment > 0 else (theirs, mine)
        pay = f" · {says(payer.name, 'pay')} {whom(payee.name)} {dollars(abs(offer.payment))}"
    return (f"Offer · {says(mine.name, 'give')} {draw_on_offer(view, mine.drawn)} ⇄ "
            f"{says(theirs.name, 'give')} {draw_on_offer(view, theirs.drawn)}{pay}")


@dataclass(frozen=True)
class Told:
    """What a move did, for the message line under the prompt."""

    text: str
    error: bool = False  # marked: a challenge that reversed the sale
    whole_round: bool = False  # it stays all round: a themed round's new theme


def told(before: TableView, view: TableView) -> list[Told]:
    """What the log's lines new in `view` since `before` say on the message line, as every
    screen reads them (a hosted seat's too): a sale, a challenge's verdict (marked when it
    reversed the sale, whose tiles went back to the seller's hand), a themed round's new
    theme. Nothing after an undo (the log is shorter)."""
    said = []
    for line in view.log[len(before.log):]:
        if line.kind == "Rolled" and view.seat.theme and view.rules.theme_each_round:
            # A new theme each round: said, since every word sold must now fit it.
            said.append(Told(f"New theme this round: {theme_title(view)}", whole_round=True))
        elif line.kind == "Sold":
            said.append(Told(f"✓ {line}"))
        elif line.kind == "Challenged":
            sale = before.awaiting.sale
            reversed_ = sale is not None and \
                view.players[sale.seat].tiles > before.players[sale.seat].tiles
            said.append(Told(f"⚖ {line}", error=reversed_))
    return said


def may_hear(view: TableView, seat: int | None) -> bool:
    """Whether the coach's line for `seat` may be shown on a screen drawing `view`: a line
    for everyone (None) always; a seat's own line to that seat's person only, and at a
    pass-and-play table once they hold the screen for their turn (the screen is handed on
    just after a decision: the line waits for their next turn)."""
    if seat is None:
        return True
    if not 0 <= seat < len(view.players) or not view.may_see(seat):
        return False
    return not view.hand_off or (view.awaiting.seat == seat and view.viewer == seat)


#: The table's keys a lesson may ask for, with the key action each one runs: pressed while
#: that action cannot be taken now, the lesson says what it waits for instead.
LESSON_KEYS: dict[str, tuple[str, tuple[object, ...]]] = {
    "r": ("roll", ()), "b": ("buy", ()), "d": ("discard", ()), "x": ("drop", ()),
    **{str(count): ("choose", (count,)) for count in range(2, 6)},
}


def lesson_refuses(lesson: LessonView, key: str, character: str | None, *, acting: bool,
                   allowed: bool | None, bound: bool) -> bool:
    """Whether a lesson answers `key` (typing `character`) with what it waits for, rather than
    letting it through: a table key it may ask for (`LESSON_KEYS`) that would do nothing now
    (`allowed`: the table's `check_action` for it), or a letter or digit bound to nothing
    (`bound`: it is), while the lesson has something to do. Only while the player is to act
    and not typing a word (`acting`): letters then type into the word box."""
    if not acting:
        return False
    if key in LESSON_KEYS and allowed is not True:
        return True
    char = character or ""
    if len(char) != 1 or not char.isalnum() or not char.isascii():
        return False
    return lesson.todo is not None and not bound


def no_hints_reason(view: TableView, *, acting: bool) -> str:
    """Why F2 shows no hints now, in a player's words (`acting`: a person is to act and holds
    the screen, but it is not their selling turn)."""
    if not view.hints and view.link is not None:  # the host decides
        return "Hints are off at this table: the host allows them with buyword host --hints."
    if not view.hints:
        return ("Hints are off in this game: tick Hints (F2) on the new-game form to "
                "play with them.")
    if acting:
        return "Hints are for your selling turn: F2 then shows the best words."
    return "Hints are for the seller, on their selling turn."


@dataclass(frozen=True)
class RackShown:
    """What a rack shows to the screen's holder: its tiles (a hidden hand or draw as
    stand-ins, face down, so the real letters never reach the widget), its title and foot."""

    tiles: str
    title: str
    subtitle: str = ""
    face_down: bool = False
    wilds: int = 0


def backs(view: TableView, count: int) -> str:
    """Stand-ins for `count` hidden tiles: drawn face down, so the real letters never reach
    the screen's widgets at all."""
    return next(iter(view.rules.tiles.pips)) * count


def shown_seat(view: TableView) -> int:
    """Whose hand the screen shows: the seat to act if the viewer may see it, else the
    viewer's own, else the seat to act (face down)."""
    viewer = view.viewer
    current = view.seat.current if view.seat.current is not None else 0
    if view.awaiting.wait is Wait.CHALLENGE or not view.may_see(current):
        return viewer if viewer is not None else current
    return current


def hand_rack(view: TableView) -> RackShown:
    """The hand rack: the hand of `shown_seat` (face down when the holder may not see it),
    "Your hand · 5 tiles" when the table addresses its person, and on its foot the draft's
    picks and the wilds."""
    seat = shown_seat(view)
    player = view.players[seat]
    owner = possessive(player.name, you=seat in view.addressed and view.viewer == seat)
    return RackShown(
        player.hand if player.hand is not None else backs(view, player.tiles),
        f"{owner} hand · {plural(player.tiles, 'tile')}",
        f"{picks_line(view, player.drawn)}{plural(player.wilds, 'wild')}",
        face_down=player.hand is None, wilds=player.wilds)


def draw_rack(view: TableView) -> RackShown | None:
    """The rack above the hand: the draft's face-up tiles, a draw up for auction, or the draw
    being bought (face down when the holder may not see it; at a hosted seat, this seat's own
    draw while others decide on theirs). None when there is none to show. What a draw weighs
    and costs goes on the foot, so the title stays whole in the play column at 60 columns."""
    awaiting = view.awaiting
    auction = view.seat.auction
    tiles = view.rules.tiles
    if awaiting.wait is Wait.DRAFT:
        face_up = view.seat.draft_tiles
        return RackShown(face_up, f"Face-up tiles · {len(face_up)} left")
    if awaiting.wait is Wait.AUCTION and auction is not None:
        return RackShown(auction.tiles, f"{view.names[auction.seat]}'s draw up for auction",
                         f"{tiles.pips_of(auction.tiles)} pips")
    buyer = view.seat.current
    if buyer is None or awaiting.wait is not Wait.BUY:
        return None
    link, mine = view.link, view.seat
    if link is not None and buyer != link.seat and mine.drawn:
        # A seat of one's own: while others decide on their draws, this seat's own draw
        # stays in sight (nobody else holds this screen).
        return RackShown(mine.drawn, f"Your draw · {len(mine.drawn)} tiles",
                         dollars(mine.offer_price))
    draw = view.players[buyer].drawn
    name = view.names[buyer]
    if draw is not None:
        return RackShown(draw, f"{name} drew {len(draw)}",
                         f"{tiles.pips_of(draw)} pips · {dollars(tiles.price_of(draw))}")
    count = view.players[buyer].drawn_tiles
    return RackShown(backs(view, count), f"{name} drew {plural(count, 'tile')}",
                     face_down=True)


def types_amount(view: TableView, *, acting: bool) -> bool:
    """Whether the person to act (`acting`: a person is to act and holds the screen) types
    into the bid box now: a bid in an auction, or a trade offer."""
    if not acting:
        return False
    wait = view.awaiting.wait
    if wait is Wait.AUCTION:
        auction = view.seat.auction
        return auction is not None and auction.bidding
    return wait is Wait.TRADE and view.seat.trade_offer is None
