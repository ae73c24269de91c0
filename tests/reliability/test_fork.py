"""Fork safety: a child forked after the parent ran parallel work,
or while another parent thread was inside a kernel, runs every op correctly.

Before the fix the kernels' parallel loops ran in OpenMP: libgomp's thread team does
not survive fork(), so a child forked after any parallel region (a 4 MiB
ascendops.tensor copy, softmax_backward, cast) hung in its first one; and a child
forked while another thread ran a kernel hung on that stream's lock, held by a thread
that does not exist in the child. Each scenario runs in its own interpreter with a
timeout, so a hang fails the test instead of hanging the suite; children set an
alarm, so a hung child is reported (killed by SIGALRM) rather than hanging its parent."""
import os
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TIMEOUT = 240   # seconds per scenario: a loaded 2-core CI machine, many small runs

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork() on this platform")


def run_scenario(code):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([ROOT, HERE, env.get("PYTHONPATH", "")])
    env.pop("OMP_NUM_THREADS", None)
    try:
        proc = subprocess.run([sys.executable, "-c", CHILD + textwrap.dedent(code)], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired as e:
        pytest.fail("hang: no result within %d s\nstdout: %s\nstderr: %s" % (TIMEOUT, e.stdout, e.stderr))
    assert proc.returncode == 0, "exit %d\nstdout: %s\nstderr: %s" % (proc.returncode, proc.stdout, proc.stderr)
    assert "OK" in proc.stdout, proc.stdout + proc.stderr
    return proc.stdout


# Prepended to every scenario. The child side of os.fork(): run everything, exit 0
# only if every result matches.
CHILD = """
import os
import _fork_workload


def child_main():
    import signal, sys, traceback
    signal.alarm(120)                 # a hung child dies by SIGALRM instead of hanging
    try:
        errors = _fork_workload.run_every_op(seed=3)
    except BaseException:
        traceback.print_exc()
        os._exit(2)
    for e in errors:
        print("child:", e, file=sys.stderr)
    sys.stderr.flush()
    os._exit(1 if errors else 0)


def wait_child(pid):
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        raise SystemExit("child killed by signal %d (SIGALRM 14: it hung)" % os.WTERMSIG(status))
    code = os.WEXITSTATUS(status)
    if code != 0:
        raise SystemExit("child exit status %d" % code)
"""


@pytest.mark.slow     # tier 2: the plain run forks in test_fork_child_forks_again
def test_os_fork_after_parallel_work():
    """The child of os.fork() after every kind of parallel region in the parent runs
    every registered op, a 4 MiB copy and a cast, matching numpy; the parent's own
    threads still work afterwards."""
    run_scenario("""
        import os
        import _fork_workload
        _fork_workload.parent_parallel_work()
        for round in range(2):              # a child forked from a parent that already forked
            pid = os.fork()
            if pid == 0:
                child_main()
            wait_child(pid)
        errors = _fork_workload.run_every_op(seed=4)
        assert not errors, errors
        print("OK")
    """)


def test_fork_child_forks_again():
    """A forked child that ran threaded work forks a grandchild: the pool it recreated
    is reset again."""
    run_scenario("""
        import os
        import _fork_workload
        _fork_workload.parent_parallel_work()
        pid = os.fork()
        if pid == 0:
            import signal
            signal.alarm(120)
            _fork_workload.parent_parallel_work()
            grandchild = os.fork()
            if grandchild == 0:
                child_main()
            try:
                wait_child(grandchild)
            except SystemExit as e:
                print(e)
                os._exit(1)
            os._exit(0)
        wait_child(pid)
        print("OK")
    """)


@pytest.mark.slow     # tier 2: the plain run forks in test_fork_child_forks_again
@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_multiprocessing_pool(method):
    """multiprocessing pools started after parallel work in the parent: every worker
    runs every registered op and matches numpy."""
    run_scenario("""
        import multiprocessing as mp
        import _fork_workload

        if __name__ == "__main__":
            if %r not in mp.get_all_start_methods():
                print("OK (start method unavailable)")
                raise SystemExit(0)
            _fork_workload.parent_parallel_work()
            ctx = mp.get_context(%r)
            with ctx.Pool(2) as pool:
                results = pool.map_async(_fork_workload.pool_task, range(4)).get(timeout=180)
            errors = [e for r in results for e in r]
            assert not errors, errors
            # the parent still runs threaded work after its pool's forks
            assert not _fork_workload.run_every_op(seed=9)
            print("OK")
    """ % (method, method))


@pytest.mark.slow     # tier 2: the plain run forks in test_fork_child_forks_again
def test_fork_while_another_thread_runs_a_kernel():
    """Forks while a second thread is inside long threaded kernels on the default
    stream (holding the stream's lock and a worker pool): each child runs every op on
    that same stream; the parent's thread finishes its work correctly."""
    run_scenario("""
        import os, threading, time
        import numpy as np
        import ascendops as ao
        import _fork_workload
        ao.set_num_threads(2)
        n = 1 << 22
        rng = np.random.default_rng(0)
        dy = rng.uniform(-4, 4, n).astype(np.float32)
        x = rng.uniform(-9, 9, n).astype(np.float32)
        want = ao.silu_backward(dy, x)
        stop = threading.Event()
        inside = threading.Event()
        runs, bad = [0], []

        def kernels():
            while not stop.is_set():
                inside.set()
                got = ao.silu_backward(dy, x)          # about 10-100 ms, GIL released
                ao.softmax_backward(dy.reshape(2048, -1), x.reshape(2048, -1), -1)
                if not np.array_equal(got, want):
                    bad.append(runs[0])
                runs[0] += 1

        th = threading.Thread(target=kernels, daemon=True)
        th.start()
        inside.wait(60)
        for k in range(4):
            time.sleep(0.005 * k)
            pid = os.fork()
            if pid == 0:
                child_main()
            wait_child(pid)
        stop.set()
        th.join(120)
        assert not th.is_alive(), "the kernel thread did not finish"
        assert runs[0] > 0 and not bad, (runs, bad)
        print("OK")
    """)


def test_fork_while_another_thread_runs_an_executor():
    """A repeatable executor that a parent thread was running at fork time is idle in
    the child (that run does not exist there): the child re-points it, runs it and
    destroys it. Before the fix its run count stayed above zero in the child, so
    destroy and re-point were refused (161002) forever."""
    run_scenario("""
        import os, threading
        import numpy as np
        import ascendops as ao
        from ascendops import aclnn
        ao.set_num_threads(2)
        n = 1 << 22
        rng = np.random.default_rng(1)
        dy = ao.tensor(rng.uniform(-4, 4, n).astype(np.float32))
        x = ao.tensor(rng.uniform(-9, 9, n).astype(np.float32))
        out = ao.empty((n,), "float32")
        size, ex = aclnn.silu_backward_get_workspace_size(dy, x, out)
        ex.set_repeatable()
        stop, inside = threading.Event(), threading.Event()

        def runs():
            while not stop.is_set():
                inside.set()
                aclnn.silu_backward(None, size, ex, None)

        th = threading.Thread(target=runs, daemon=True)
        th.start()
        inside.wait(60)
        for k in range(6):
            pid = os.fork()
            if pid == 0:
                import signal
                signal.alarm(120)
                code = 0
                try:
                    other = ao.empty((n,), "float32")
                    ex.set_output_tensor_addr(0, other)
                    aclnn.silu_backward(None, size, ex, None)
                    want = ao.silu_backward(dy.numpy(), x.numpy())
                    code = 0 if np.array_equal(other.numpy(), want) else 3
                    ex.destroy()
                except Exception as e:
                    print("child:", type(e).__name__, e, flush=True)
                    code = 4
                os._exit(code)
            wait_child(pid)
        stop.set()
        th.join(120)
        assert not th.is_alive()
        print("OK")
    """)
