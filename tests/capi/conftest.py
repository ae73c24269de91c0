"""Fixtures of the C ABI tests."""
import fcntl
import importlib.util
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture(scope="session")
def example_program(tmp_path_factory):
    """example_program(name): CANN's example `name` built once per run with its
    repository's build line (test_cann_examples.build_example), for every test that
    runs it (on cpu, on the strict device), in a folder the xdist workers share: each
    example is built by the first worker that needs it, under a lock."""
    spec = importlib.util.spec_from_file_location("_cann_examples_build", os.path.join(HERE, "test_cann_examples.py"))
    examples = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(examples)
    # every worker's base temp sits in the run's own folder (pytest-xdist), one level up
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    shared = os.path.join(str(shared), "cann_examples")
    os.makedirs(shared, exist_ok=True)

    def program(name):
        folder = os.path.join(shared, name[:-4])
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            done = os.path.join(folder, ".built")
            if not os.path.exists(done):
                exe = examples.build_example(name, folder)
                with open(done, "w") as f:
                    f.write(exe)
            with open(done) as f:
                return f.read()
    return program
