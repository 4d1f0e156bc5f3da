"""Master's rollouts for one decision, spread over processes.

A game is played one decision after another, but each decision's rollouts are independent of
one another: round k's luck comes from the decision's stream and k alone
(`buyword.bots.master.luck_at`). So a Master given a `RolloutSpread` hands its rollouts out a
block of rounds at a time: this process plays a share and the pool's processes
(`buyword.analysis.cluster.Workers`, forked with this Master in them) the rest, and the race is
then run over the block as if the rounds had come one at a time. The game is the one a single
process plays, rollout for rollout; only the time differs (and a little work is wasted on
rounds past the point where the race stops).

    with RolloutSpread(master, jobs=2):
        ... the game ...
"""

from __future__ import annotations

from dataclasses import replace

from buyword.analysis.cluster import Workers
from buyword.bots.master import MasterBot, RolloutTask, rollout_values

#: Rounds of rollouts each process gets in a block: more wastes more rounds past the race's
#: end, fewer pays more for handing them out.
ROUNDS_EACH = 4

#: The Master the pool's processes play with: this process's, inherited when they fork.
_MASTER: dict[str, MasterBot] = {}


class RolloutSpread:
    """Spreads `master`'s rollouts over `jobs` processes (this one and `jobs - 1` others) for
    as long as it is open; `master.spread` is set to it, and cleared again on closing."""

    def __init__(self, master: MasterBot, jobs: int, rounds_each: int = ROUNDS_EACH) -> None:
        """Start the other processes, each with a copy of `master` (words, caches, search)."""
        self.master = master
        self.jobs = jobs
        #: Rounds of rollouts handed out at once (`buyword.bots.master.Spread`).
        self.block = rounds_each * jobs
        _MASTER["master"] = master
        self._workers = Workers(jobs - 1) if jobs > 1 else None
        master.spread = self if jobs > 1 else None

    def __call__(self, task: RolloutTask) -> dict[int, list[float]]:
        """The block's values: its rounds dealt round-robin to the processes, this one playing
        the first share while the others play theirs."""
        view = replace(task.view, log=())  # the rollouts never read the log: less to send
        shares = [replace(task, view=view, rounds=task.rounds[n::self.jobs])
                  for n in range(self.jobs)]
        shares = [share for share in shares if share.rounds]
        if self._workers is None or len(shares) == 1:
            return rollout_values(self.master, task)
        others = self._workers.start(_play_share, shares[1:])
        played = [rollout_values(self.master, shares[0]), *others()]
        values: dict[int, list[float]] = {c: [] for c in task.options}
        for position in range(len(task.rounds)):
            share = played[position % len(shares)]
            for c in task.options:
                values[c].append(share[c][position // len(shares)])
        return values

    def close(self) -> None:
        """Stop the other processes; the Master plays its rollouts here again."""
        if self._workers is not None:
            self._workers.close()
            self._workers = None
        if self.master.spread is self:
            self.master.spread = None

    def __enter__(self) -> RolloutSpread:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _play_share(task: RolloutTask) -> dict[int, list[float]]:
    """A share of a block, in one of the pool's processes, by the Master it inherited."""
    return rollout_values(_MASTER["master"], task)
