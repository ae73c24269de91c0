"""Hypothesis profiles of the reliability suite.

    ci   (default) 200 examples per property, no deadline
    long           ASCENDOPS_HYPOTHESIS_PROFILE=long: 10000 examples per property
    dev            25 examples, for a quick edit-run loop
"""
import os

from hypothesis import HealthCheck, settings

_common = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                     HealthCheck.filter_too_much])
settings.register_profile("ci", max_examples=200, derandomize=True, **_common)
settings.register_profile("long", max_examples=10000, **_common)
settings.register_profile("dev", max_examples=25, **_common)
settings.load_profile(os.environ.get("ASCENDOPS_HYPOTHESIS_PROFILE", "ci"))
