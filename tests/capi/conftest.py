"""Fixtures of the C ABI tests."""
import importlib.util
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="session")
def example_program(tmp_path_factory):
    """example_program(name): CANN's example `name` built once per run with its
    repository's build line (test_cann_examples.build_example), for every test that
    runs it (on cpu, on the strict device)."""
    spec = importlib.util.spec_from_file_location("_cann_examples_build", os.path.join(HERE, "test_cann_examples.py"))
    examples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(examples)
    folder = str(tmp_path_factory.mktemp("cann_examples"))
    built = {}

    def program(name):
        if name not in built:
            built[name] = examples.build_example(name, folder)
        return built[name]
    return program
