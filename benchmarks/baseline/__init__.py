"""The words index as it was before it was made faster (commit 35cdcb5), kept verbatim so that
the benchmarks time today's method and the old one side by side, in the same process.

Never imported by BuyWord itself.
"""
