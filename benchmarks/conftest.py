"""pytest-benchmark suite: ascendops vs torch vs a numpy composite of the formula.

    pytest benchmarks --benchmark-only

Cases are grouped (group=) by dtype, size and layout; every timed function returns
only when the work is done (ascendops.synchronize(); torch and numpy on the CPU are
synchronous). Rounds are modest so that the default run stays short on 2 cores.
"""
