"""What happened: the game log's entries, each with a sentence a player can read."""

from __future__ import annotations

from dataclasses import dataclass

from buyword.engine.wording import dollars, plural, possessive, says, whom


@dataclass(frozen=True)
class Rolled:
    """The leader rolled the die."""

    round: int
    name: str
    face: int | str
    theme: str | None = None  # the round's theme, in a themed game

    def __str__(self) -> str:
        theme = f" (theme: {self.theme})" if self.theme else ""
        return f"Round {self.round}{theme}: {self.name} rolled {str(self.face).upper()}"


@dataclass(frozen=True)
class Chose:
    """After CHOICE, the leader chose the draw count."""

    name: str
    count: int

    def __str__(self) -> str:
        return f"{self.name} chose to draw {self.count}"


@dataclass(frozen=True)
class Drew:
    """A player drew tiles from the bag (kept apart from the hand until bought)."""

    seat: int
    name: str
    tiles: str

    def __str__(self) -> str:
        return f"{self.name} drew {self.tiles}"


@dataclass(frozen=True)
class FinalRound:
    """The bag could not serve the draw: its last tiles leave the game; only selling remains."""

    removed: str
    needed: int

    def __str__(self) -> str:
        held = len(self.removed)
        they = "it leaves" if held == 1 else "they leave"
        return (
            f"Final round: the bag holds {plural(held, 'tile')}, not the {self.needed} "
            f"needed; {they} the game and everyone sells one last time"
        )


@dataclass(frozen=True)
class Bought:
    """A player bought their draw."""

    seat: int
    name: str
    tiles: str
    price: int

    def __str__(self) -> str:
        return f"{self.name} bought {self.tiles} for {dollars(self.price)}"


@dataclass(frozen=True)
class Discarded:
    """A player discarded their draw (it leaves the game)."""

    seat: int
    name: str
    tiles: str
    price: int
    forced: bool

    def __str__(self) -> str:
        why = f" (could not afford {dollars(self.price)})" if self.forced else ""
        return f"{self.name} discarded {self.tiles}{why}"


@dataclass(frozen=True)
class Sold:
    """A player sold a word. `word` is in sell notation (the wild's letter in lower case)."""

    seat: int
    name: str
    word: str
    letters: str
    wild: str | None
    pips: int  # the word's pips (crossword: the placed word's, reused tiles included)
    price: int  # what the seller was paid (crossword: every word formed)
    #: The crossword variant: where the word went ("0,3 down"), and every word formed with
    #: its price, the placed word first. Empty in other games.
    at: str = ""
    words: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        wild = f" (wild as {self.wild})" if self.wild else ""
        at = f" at {self.at}" if self.at else ""
        formed = ""
        if len(self.words) > 1:
            formed = f" ({' + '.join(f'{word} {dollars(paid)}' for word, paid in self.words)})"
        return f"{self.name} sold {self.word.upper()}{at}{wild} for {dollars(self.price)}{formed}"


@dataclass(frozen=True)
class Challenged:
    """A sale was challenged and the dictionary decided."""

    challenger_seat: int
    challenger: str
    seller_seat: int
    seller: str
    word: str
    valid: bool  # the sale stands: in the dictionary (and fitting the theme, if any)
    reversed_price: int
    penalty: int
    #: A dictionary word that did not fit the theme: what it is not ("an animal"); else None.
    off_theme: str | None = None
    #: The crossword variant: the placement challenged ("0,3 down"), and the word formed
    #: that failed (the placement is then reversed whole); empty in other games.
    at: str = ""
    failed: str = ""

    def __str__(self) -> str:
        word = self.word.upper() + (f" at {self.at}" if self.at else "")
        if self.valid:
            return (
                f"{self.challenger} challenged {word}: it stands; "
                f"{says(self.challenger, 'pay', start=False)} a {dollars(self.penalty)} penalty"
            )
        verdict = f"a word, but not {self.off_theme}!" if self.off_theme else "not a word!"
        if self.failed and self.failed != self.word.upper():
            verdict = f"it forms {self.failed}, {verdict}"
        undone = "placement is reversed (its tiles go back to the hand" if self.at else \
            "sale is reversed ("
        sep = ", " if self.at else ""
        return (
            f"{self.challenger} challenged {word}: {verdict} The {undone}{sep}"
            f"{dollars(self.reversed_price)} back to the bank) and "
            f"{says(self.seller, 'pay', start=False)} {dollars(self.penalty)}"
        )


@dataclass(frozen=True)
class Finished:
    """A seller finished selling for this round."""

    seat: int
    name: str

    def __str__(self) -> str:
        return f"{self.name} finished selling"


@dataclass(frozen=True)
class Dropped:
    """A player over the tile limit dropped letter tiles (they leave the game)."""

    seat: int
    name: str
    letters: str

    def __str__(self) -> str:
        return f"{self.name} dropped {self.letters} to meet the tile limit"


@dataclass(frozen=True)
class RoundEnded:
    """A round ended; `money` is every player's money then, by seat."""

    round: int
    money: tuple[int, ...]

    def __str__(self) -> str:
        return f"End of round {self.round}"


@dataclass(frozen=True)
class GameOver:
    """The game ended."""

    reason: str

    def __str__(self) -> str:
        return f"Game over: {self.reason}"


#: The standard game's events; `Event`, below the variants' own, is every one.
StandardEvent = (
    Rolled | Chose | Drew | FinalRound | Bought | Discarded | Sold | Challenged | Finished
    | Dropped | RoundEnded | GameOver
)


# ------------------------------------- the table variants (docs/rules.md, "Table variants")


@dataclass(frozen=True)
class DraftLaidOut:
    """Tile draft: the leader drew the round's tiles and laid them face up."""

    name: str
    tiles: str

    def __str__(self) -> str:
        return f"{self.name} laid out {self.tiles} for the draft"


@dataclass(frozen=True)
class Picked:
    """Tile draft: a player took one face-up tile into their draw."""

    seat: int
    name: str
    letter: str

    def __str__(self) -> str:
        return f"{self.name} picked {self.letter}"


@dataclass(frozen=True)
class Offered:
    """Trade: a player offered to swap draws, perhaps with cash (`payment` from the offerer;
    negative when the other player is to pay)."""

    seat: int
    name: str
    to_seat: int
    to_name: str
    gives: str
    gets: str
    payment: int

    def __str__(self) -> str:
        text = f"{self.name} offered {whom(self.to_name)} {self.gives} for {self.gets}"
        if self.payment > 0:
            return f"{text}, paying {dollars(self.payment)}"
        if self.payment < 0:
            return f"{text}, asking {dollars(-self.payment)}"
        return text


@dataclass(frozen=True)
class Traded:
    """Trade: the offer was accepted; the draws were swapped and any payment made."""

    seat: int
    name: str
    to_seat: int
    to_name: str
    payment: int

    def __str__(self) -> str:
        text = f"{self.to_name} accepted: {self.name} and {whom(self.to_name)} swapped draws"
        if self.payment > 0:
            return f"{text}; {self.name} paid {whom(self.to_name)} {dollars(self.payment)}"
        if self.payment < 0:
            return f"{text}; {self.to_name} paid {whom(self.name)} {dollars(-self.payment)}"
        return text


@dataclass(frozen=True)
class Declined:
    """Trade: the offer was declined; nothing changed hands."""

    seat: int
    name: str
    to_seat: int
    to_name: str

    def __str__(self) -> str:
        return f"{self.to_name} declined {possessive(self.name, start=False)} offer"


@dataclass(frozen=True)
class NoOffer:
    """Trade: a player passed instead of making an offer."""

    seat: int
    name: str

    def __str__(self) -> str:
        return f"{self.name} made no offer"


@dataclass(frozen=True)
class Auctioned:
    """Auction: a player put their draw up for auction instead of buying or discarding it."""

    seat: int
    name: str
    tiles: str

    def __str__(self) -> str:
        return f"{self.name} auctioned {self.tiles}"


@dataclass(frozen=True)
class BidMade:
    """Auction: a player bid for the tiles."""

    seat: int
    name: str
    amount: int

    def __str__(self) -> str:
        return f"{self.name} bid {dollars(self.amount)}"


@dataclass(frozen=True)
class BidPassed:
    """Auction: a player passed instead of bidding."""

    seat: int
    name: str

    def __str__(self) -> str:
        return f"{self.name} passed"


@dataclass(frozen=True)
class AuctionWon:
    """Auction: the tiles went to `seat` for `price`, paid to the bank. `matched`: the seller
    matched the high bid and kept them; otherwise the high bidder took them."""

    seat: int
    name: str
    seller_seat: int
    seller: str
    tiles: str
    price: int
    matched: bool

    def __str__(self) -> str:
        if self.matched:
            return f"{self.seller} matched: {self.tiles} for {dollars(self.price)}"
        return (
            f"{self.seller} let them go: {self.name} bought {self.tiles} "
            f"for {dollars(self.price)}"
        )


@dataclass(frozen=True)
class AuctionFailed:
    """Auction: nobody bid, so the seller buys at the usual price or discards."""

    seat: int
    name: str
    tiles: str

    def __str__(self) -> str:
        return f"Nobody bid for {self.tiles}: {self.name} must buy or discard them"


VariantEvent = (
    DraftLaidOut | Picked | Offered | Traded | Declined | NoOffer | Auctioned | BidMade
    | BidPassed | AuctionWon | AuctionFailed
)
#: Every event the game reports, the variants' included.
Event = StandardEvent | VariantEvent
