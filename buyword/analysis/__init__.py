"""Offline study of games, apart from the live table: what the table's tools do after (or
beside) a game, never while a person waits on a turn. No Textual.

    buyword.analysis.review         the whole-game review: every decision weighed by Master
    buyword.analysis.review_report  the review's report, its CLI (`buyword review`) and Ray
    buyword.analysis.results        a finished game's results: its review, Master's game beside
    buyword.analysis.compare        Master's (or Expert's) game on the same bag, round pairs
    buyword.analysis.sim            `buyword sim`: computer players' games at full speed
    buyword.analysis.train          `buyword train`: fitting the leave tables from played games
    buyword.analysis.cluster        a process pool or a Ray cluster, behind one `run_tasks`
    buyword.analysis.spread         Master's rollouts spread over processes

The layers: analysis imports the table and below (`buyword.table`, `store`, `bots`, `words`,
`engine`); the live table never imports analysis. Weighing one decision, which the coach at the
table does too, lives in `buyword.table.weighing`.
"""
