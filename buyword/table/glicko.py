"""Glicko-2, step by step as Glickman's "Example of the Glicko-2 system" writes it (its 2012
revision, with the Illinois algorithm in step 5): one rating period of games moves a rating,
its deviation and its volatility (docs/puzzles.md).

    after = updated(Glicko(1500, 200, 0.06), [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0)])

BuyWord keeps its own rather than the `glicko2` package, whose volatility step read the rating
where the paper has the deviation, which ships no types, and which installs a top-level `tests`
package. No Textual, no I/O: plain arithmetic on `Glicko` values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from buyword.store.puzzles import Glicko

#: Glickman's tau, the system constant: how far the volatility may move in one period (the
#: paper suggests 0.3 to 1.2; 0.5 is its example's, and what the ratings were built with).
TAU = 0.5

#: Step 5's convergence tolerance, the paper's epsilon.
EPSILON = 0.000001

#: The centre of Glicko's scale: Glicko-2's mu 0 is this rating.
CENTRE = 1500.0


def glicko2_scale() -> float:
    """Glicko-2's scale factor: ratings on Glicko's scale are this many times its own."""
    return 173.7178


def _g(phi: float) -> float:
    """Step 3's g(phi): how much a game against an opponent this uncertain counts."""
    return 1 / math.sqrt(1 + 3 * phi ** 2 / math.pi ** 2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    """Step 3's E(mu, mu_j, phi_j): the expected score against opponent j."""
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility sigma', the root of f by the Illinois algorithm (a regula
    falsi that halves the stale end's value, so it always closes in)."""
    a = math.log(sigma ** 2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2)
                - (x - a) / tau ** 2)

    # 5.2: the starting bracket [A, B], with f(A) and f(B) of opposite signs.
    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    # 5.3 and 5.4: narrow it until it is within epsilon.
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    # 5.5
    return math.exp(big_a / 2)


def updated(own: Glicko, opponents: Sequence[tuple[Glicko, float]], tau: float = TAU) -> Glicko:
    """`own` after one rating period of games against `opponents` (each a rating and the
    score: 1 won, 0 lost, 0.5 drawn), by Glicko-2 with Glickman's tau 0.5. With no games only
    the deviation grows (the paper's step 6 alone); the opponents' volatilities play no part."""
    scale = glicko2_scale()
    # Step 2: onto Glicko-2's scale.
    mu, phi, sigma = (own.rating - CENTRE) / scale, own.deviation / scale, own.volatility
    if not opponents:
        return Glicko(own.rating, math.sqrt(phi ** 2 + sigma ** 2) * scale, sigma)
    games = [((o.rating - CENTRE) / scale, o.deviation / scale, score) for o, score in opponents]
    # Step 3: the estimated variance v of the rating from the games alone.
    v = 1 / sum(_g(phi_j) ** 2 * (e := _expected(mu, mu_j, phi_j)) * (1 - e)
                for mu_j, phi_j, _ in games)
    # Step 4: the estimated improvement delta.
    gains = sum(_g(phi_j) * (score - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, score in games)
    delta = v * gains
    # Step 5: the new volatility.
    sigma = _volatility(phi, sigma, delta, v, tau)
    # Steps 6 and 7: the pre-period deviation, then the new deviation and rating.
    phi_star = math.sqrt(phi ** 2 + sigma ** 2)
    phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)
    mu += phi ** 2 * gains
    # Step 8: back onto Glicko's scale.
    return Glicko(mu * scale + CENTRE, phi * scale, sigma)
