"""The fuzz driver of test_fuzz.py: random hostile sequences against the Python API
("py") or the C ABI through ctypes ("c"), from a seeded RNG, for a time budget.

    python tests/reliability/_fuzz_driver.py py|c --seed S [--seconds T | --steps N]
                                            [--only OP,OP] [--log FILE]

Each step is written to the log (line-buffered: the sequence survives a crash) before
it runs. An error of an expected type (AclnnError, AclError, TypeError, ValueError,
BufferError, MemoryError; any status code from the C ABI) is a correct refusal of
hostile input. The driver exits 0 when the budget is spent; a crash is the process
dying by a signal, a hang is the parent's timeout; a forked child that hangs or
crashes makes the driver exit 4 (it prints which). The main thread's sequence is a
function of the seed, so `--seed S --steps N` replays a failing run (threads add
timing nondeterminism)."""
import argparse
import copy
import ctypes
import faulthandler
import os
import pickle
import random
import signal
import sys
import threading
import time
import traceback

import ml_dtypes
import numpy as np
# Imported now, not lazily by a thread: a fork while another thread holds an import's
# module lock leaves the child waiting on it forever (CPython's importlib, not ascendops).
import numpy.random  # noqa: F401

import ascendops as ao
from ascendops import aclnn, config

# IndexError: a dimension out of range, as numpy (AxisError) and torch raise it
EXPECTED = (ao.AclnnError, ao.AclError, TypeError, ValueError, BufferError, MemoryError, IndexError)

DTYPES = ["float32", "float16", "bfloat16", "float64", "int32", "int8", "uint8", "bool"]
SHAPES = [(), (0,), (1,), (5,), (3, 5), (5, 3), (2, 3, 4), (1, 7), (7, 1), (0, 3), (256, 256), (1 << 16,)]
SOCS = list(ao.SOC_PROFILES)
OPS = dict(sorted(ao.registered_ops().items()))


class Fuzz:
    def __init__(self, seed, log):
        self.rng = random.Random(seed)
        self.seed = seed
        self.log_file = log
        self.step = 0
        self.threads = []
        self.counts = {}

    def log(self, text):
        self.log_file.write("%d %s\n" % (self.step, text))

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))] if seq else None

    def guarded(self, name, fn):
        """Runs one operation; expected refusals are fine, anything else is a finding."""
        self.counts[name] = self.counts.get(name, 0) + 1
        self.log(name)
        try:
            fn()
        except EXPECTED:
            pass

    def fork(self, child_work):
        """A child that runs `child_work` (alarm: a hang ends by SIGALRM) must exit 0."""
        pid = os.fork()
        if pid == 0:
            # a hung child prints every thread's Python stack, then dies by SIGALRM
            faulthandler.dump_traceback_later(25, exit=False)
            signal.alarm(30)
            code = 0
            try:
                child_work()
            except EXPECTED:
                pass
            except BaseException:
                traceback.print_exc()
                code = 3
            os._exit(code)
        deadline = time.monotonic() + 60
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                self.finding("forked child hung")
            time.sleep(0.01)
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            self.finding("forked child died by signal %d%s" % (sig, " (SIGALRM: it hung)" if sig == 14 else ""))
        if os.WEXITSTATUS(status) != 0:
            self.finding("forked child exit status %d" % os.WEXITSTATUS(status))

    def finding(self, what):
        self.log("FINDING " + what)
        print("FINDING at step %d (seed %d): %s" % (self.step, self.seed, what), flush=True)
        sys.stdout.flush()
        os._exit(4)

    def join_threads(self):
        for th in self.threads:
            th.join(120)
            if th.is_alive():
                self.finding("a fuzz thread did not finish within 120 s (hang)")
        self.threads = []

    def run(self, seconds, steps, only=None):
        deadline = time.monotonic() + seconds
        ops = self.operations()
        names = list(ops)
        if only:
            names = [n for n in names if n in only]
        while (steps is None and time.monotonic() < deadline) or (steps is not None and self.step < steps):
            self.step += 1
            name = self.pick(names)
            self.guarded(name, ops[name])
            if len(self.threads) > 2:
                self.join_threads()
        self.join_threads()
        self.finish()
        print("OK %d steps: %s" % (self.step, " ".join("%s=%d" % kv for kv in sorted(self.counts.items()))))


# -- the Python API ------------------------------------------------------------------
class PyFuzz(Fuzz):
    mode = "py"

    def __init__(self, *a):
        super().__init__(*a)
        self.tensors = []
        self.executors = []   # (op, executor, workspace size)
        self.streams = [None]

    def finish(self):
        ao.synchronize()

    def tensor(self):
        return self.pick(self.tensors)

    def keep(self, t):
        if isinstance(t, ao.Tensor):
            self.tensors.append(t)
            if len(self.tensors) > 48:
                del self.tensors[self.rng.randrange(len(self.tensors))]

    def new_array(self, rng=None):
        rng = rng or self.rng
        shape, dtype = self.pick(SHAPES), self.pick(DTYPES)
        a = np.asarray(np.random.default_rng(rng.randrange(1 << 30)).uniform(-4, 4, shape))
        return a.astype(ao.as_dtype(dtype).numpy)

    def operations(self):
        r = self.rng

        def create():
            how = r.randrange(6)
            shape, dtype = self.pick(SHAPES), self.pick(DTYPES)
            if how == 0:
                self.keep(ao.empty(shape, dtype))
            elif how == 1:
                self.keep(ao.zeros(shape, dtype))
            elif how == 2:
                self.keep(ao.tensor(self.new_array()))
            elif how == 3:
                self.keep(ao.from_numpy(self.new_array()))
            elif how == 4:
                self.keep(ao.from_dlpack(self.new_array()))
            else:
                a = self.new_array()
                a.flags.writeable = False
                self.keep(ao.from_numpy(a))

        def view():
            t = self.tensor()
            if t is None:
                return
            how = r.randrange(8)
            if how == 0:
                self.keep(t.T)
            elif how == 1 and t.ndim >= 2:
                self.keep(t.transpose(r.randrange(-3, 3), r.randrange(-3, 3)))
            elif how == 2:
                self.keep(t.reshape(tuple(r.choice([-1, 1, 2, 3, 0, 5]) for _ in range(r.randrange(4)))))
            elif how == 3:
                self.keep(t.expand(tuple(r.choice([1, 2, 3, 5, 0]) for _ in range(r.randrange(4)))))
            elif how == 4:
                nd = r.randrange(4)
                self.keep(ao.as_strided(t, tuple(r.randrange(0, 9) for _ in range(nd)),
                                        tuple(r.choice([0, 1, 2, -1, 7, 1 << 40]) for _ in range(nd)),
                                        r.choice([None, 0, 1, 3, -1, 1 << 40])))
            elif how == 5 and t.ndim >= 1:
                self.keep(t[r.randrange(-2, 3)::r.choice([1, 2, 3])])
            elif how == 6:
                self.keep(t.permute(*r.sample(range(t.ndim), t.ndim)) if t.ndim else t)
            else:
                self.keep(t.view(self.pick(DTYPES)))

        def copy_():
            t, u = self.tensor(), self.tensor()
            if t is None:
                return
            how = r.randrange(6)
            if how == 0:
                self.keep(t.clone())
            elif how == 1:
                self.keep(t.contiguous())
            elif how == 2 and u is not None:
                t.copy_(u)
            elif how == 3:
                t.numpy()
            elif how == 4:
                self.keep(t.astype(self.pick(DTYPES)))
            elif u is not None:
                ao.memcpy(t, u)

        def call_op():
            op = self.pick(list(OPS.values()))
            ins = [self.tensor() if r.random() < 0.8 else self.new_array() for _ in op.inputs]
            attrs = _attrs(op, r)
            kw = {}
            if r.random() < 0.4:
                kw["out"] = self.pick(self.tensors + ins)
            stream = self.pick(self.streams)
            if stream is not None and r.random() < 0.5:
                with stream:
                    self.keep(getattr(ao, op.snake)(*ins, *attrs, **kw))
            else:
                self.keep(getattr(ao, op.snake)(*ins, *attrs, **kw))

        def phase1():
            op = self.pick(list(OPS.values()))
            ins = [self.tensor() for _ in op.inputs]
            out = self.pick(ins) if r.random() < 0.3 else self.tensor()   # in place: a workspace
            size, ex = getattr(aclnn, op.snake + "_get_workspace_size")(*ins, *_attrs(op, r), out)
            self.executors.append((op, ex, size))
            if len(self.executors) > 24:
                del self.executors[0]

        def workspace(size):
            how = r.randrange(4)
            if how == 0 or size == 0:
                return None, size
            if how == 1:
                return ao.empty((size,), "uint8"), size
            if how == 2:
                return ao.empty((max(size // 2, 1),), "uint8"), size   # too small
            return ao.empty((size,), "uint8"), size + r.choice([-1, 1, 1 << 40])

        def phase2():
            entry = self.pick(self.executors)
            if entry is None:
                return
            op, ex, size = entry
            ws, ws_size = workspace(size)
            getattr(aclnn, op.snake)(ws, ws_size, ex, self.pick(self.streams))

        def executor_calls():
            entry = self.pick(self.executors)
            if entry is None:
                return
            op, ex, size = entry
            how = r.randrange(5)
            if how == 0:
                ex.set_repeatable()
            elif how == 1:
                ex.set_input_tensor_addr(r.randrange(-1, 4), self.tensor())
            elif how == 2:
                ex.set_output_tensor_addr(r.randrange(-1, 2), self.tensor())
            elif how == 3:
                ex.destroy()
            else:
                repr(ex), ex.consumed, ex.workspace_size

        def streams():
            how = r.randrange(4)
            if how == 0:
                self.streams.append(ao.Stream())
            elif how == 1:
                s = self.pick(self.streams)
                if s is not None:
                    s.destroy()
            elif how == 2:
                s = self.pick(self.streams)
                (s or ao.default_stream()).synchronize()
            else:
                ao.synchronize()
            if len(self.streams) > 8:
                del self.streams[1]

        def memory():
            how = r.randrange(5)
            if how == 0:
                ao.empty_cache()
            elif how == 1:
                ao.clear_cache()
            elif how == 2 and self.tensors:
                del self.tensors[r.randrange(len(self.tensors))]
            elif how == 3:
                ao.empty((r.choice([1 << 62, -1, 1 << 20, 0]),), "int8")
            else:
                ao.memory_stats()

        def settings():
            how = r.randrange(3)
            if how == 0:
                ao.set_num_threads(r.randrange(1, 4))
            elif how == 1:
                with ao.soc(self.pick(SOCS)):
                    call_op()
            else:
                ao.set_cache_size(r.choice([0, 1, 4, 4096]))

        def thread():
            # Another thread calls ops, copies, views and runs executors of its own, and
            # the shared ones, which this thread may destroy or re-point meanwhile (refused
            # with 161002 during a run), while this one goes on.
            seed = r.randrange(1 << 30)

            def own_executor():
                op = OPS["silu_backward"]
                t = ao.tensor(np.ones(1 << 16, np.float32))
                size, ex = aclnn.silu_backward_get_workspace_size(t, t, ao.empty(t.shape))
                getattr(aclnn, op.snake)(None, size, ex)
            run_ops = [call_op, copy_, view, own_executor, phase2, executor_calls]

            def work():
                tr = random.Random(seed)
                for _ in range(20):
                    try:
                        tr.choice(run_ops)()
                    except EXPECTED:
                        pass
                    except Exception:
                        traceback.print_exc()
                        sys.stdout.flush()
                        os._exit(3)   # an unexpected exception type in a thread is a finding too
            # (the thread's operations draw from the shared RNG too: with threads a replay
            # by seed is approximate)
            th = threading.Thread(target=work, daemon=True)
            th.start()
            self.threads.append(th)

        def fork():
            self.fork(lambda: (call_op(), ao.tensor(np.ones(1 << 20, np.float32)).numpy()))

        # -- copies, pickles, uninitialised objects, runs raced by destroy ------
        def same(a, b):
            a, b = a.numpy(), b.numpy()
            return a.shape == b.shape and a.dtype == b.dtype and a.tobytes() == b.tobytes()

        def copy_tensor():
            t = self.tensor()
            if t is not None:
                c = copy.copy(t) if r.random() < 0.5 else copy.deepcopy(t)
                if not same(c, t):
                    self.finding("a copy of a Tensor does not hold its values")
                self.keep(c)

        def pickle_tensor():
            t = self.tensor()
            if t is not None:
                c = pickle.loads(pickle.dumps(t))
                if not same(c, t):
                    self.finding("an unpickled Tensor does not hold its values")
                self.keep(c)

        def copy_executor():
            entry = self.pick(self.executors)
            if entry is not None:
                if r.random() < 0.5:
                    copy.copy(entry[1])
                else:
                    pickle.dumps(entry[1])

        def uninitialised_executor():
            ex = ao.Executor.__new__(ao.Executor)
            how = r.randrange(4)
            if how == 0:
                repr(ex)
            elif how == 1:
                ex.set_repeatable()
            elif how == 2:
                ex.set_input_tensor_addr(0, self.tensor())
            else:
                aclnn.silu_backward(None, 0, ex)

        def destroy_while_running():
            n = 1 << 20
            dy, x, out = (ao.tensor(np.ones(n, np.float32)) for _ in range(3))
            size, ex = aclnn.silu_backward_get_workspace_size(dy, x, out)
            ex.set_repeatable()
            stop = threading.Event()

            def runner():
                while not stop.is_set():
                    try:
                        aclnn.silu_backward(None, size, ex)
                    except EXPECTED:
                        return
            th = threading.Thread(target=runner, daemon=True)
            th.start()
            time.sleep(0.002)
            if r.random() < 0.5:
                ex.destroy()
            else:
                ex.set_input_tensor_addr(0, ao.tensor(np.ones(n, np.float32)))
            del dy, x, out
            ao.empty_cache()
            stop.set()
            th.join(60)

        def readonly_workspace():
            # out overlapping its input: the op needs a workspace
            t = ao.tensor(np.random.default_rng(r.randrange(99)).uniform(-3, 3, 4096).astype(np.float32))
            out = ao.as_strided(t, (4095,), (1,), 1)
            size, ex = aclnn.silu_backward_get_workspace_size(ao.as_strided(t, (4095,), (1,), 0), out, out)
            ro = np.zeros(max(size, 1), np.uint8)
            ro.flags.writeable = False
            ws = ao.from_numpy(ro) if r.random() < 0.5 else bytes(max(size, 1))
            try:
                aclnn.silu_backward(ws, size, ex)
            finally:
                if (ro.any() if isinstance(ws, ao.Tensor) else any(ws)):
                    self.finding("a read-only workspace was written")

        # -- defined memory, cache-independent outcomes, per-task contexts ----------------
        def empty_operands():
            found = check_empty_operands(self.pick(list(OPS.values())), r)
            if found:
                self.finding(found)

        def cache_independence():
            found = check_cache_independence(self.pick(list(OPS.values())), r)
            if found:
                self.finding(found)

        def asyncio_tasks():
            found = check_asyncio_contexts(r)
            if found:
                self.finding(found)

        return {f.__name__: f for f in (create, view, copy_, call_op, phase1, phase2, executor_calls, streams,
                                         memory, settings, thread, fork, copy_tensor, pickle_tensor, copy_executor,
                                         uninitialised_executor, destroy_while_running, readonly_workspace,
                                         empty_operands, cache_independence, asyncio_tasks)}


# Attribute values beside an accepted case's: NaN, infinities, a signed zero, and values
# equal to an accepted number but of another type (what the executor cache's key must tell
# apart: an aclScalar's dtype, the sign of a zero)
SPECIAL_ATTRS = [float("nan"), float("inf"), -float("inf"), -0.0, np.float32("nan"), np.float16(-0.0)]


def _special(v, r):
    """`v` replaced by a special value of a numeric attribute kind, or another type of it."""
    if isinstance(v, bool) or not isinstance(v, (int, float, np.number)):
        return v
    if r.random() < 0.5:
        return r.choice(SPECIAL_ATTRS)
    return r.choice([float(v), int(v) if float(v).is_integer() else v, np.float16(v), np.float32(v),
                     ml_dtypes.bfloat16(v)])


def _attrs(op, r):
    info = op.info if isinstance(op.info, dict) else {}
    cases = info.get("attrs")
    cases = [tuple(op.attr_defaults)] if cases is None else list(cases(2) if callable(cases) else cases)
    if r.random() < 0.1:
        return tuple(r.choice([None, -9, 7, "x", 1.5, "float32"]) for _ in op.attr_defaults)
    case = r.choice(cases)
    if r.random() < 0.2 and case:
        k = r.randrange(len(case))
        case = case[:k] + (_special(case[k], r),) + case[k + 1:]
    return case


def _twins(v):
    """Values equal to the number `v` that differ in type or in the sign of a zero."""
    if isinstance(v, bool) or not isinstance(v, (int, float, np.number)) or v != v:
        return []
    with np.errstate(all="ignore"):       # float16 of a large value is inf: not equal, dropped
        out = [float(v), np.float16(v), np.float32(v), ml_dtypes.bfloat16(v), complex(v)]
        if float(v).is_integer() and abs(float(v)) < 2.0 ** 60:
            out += [int(v), np.int64(v)]
        if v == 0:
            out += [-0.0, 0.0, np.float32(-0.0)]
        if v == 1:
            out.append(True)
        return [t for t in out if t == v]


def _input_dtype(op, r):
    """A dtype of op's list with a numpy dtype (float32 half of the time)."""
    listed = [d for d in op.dtypes if d.numpy is not None]
    if not listed:
        return np.dtype(np.float32)
    f32 = ao.as_dtype("float32")
    return (f32 if f32 in listed and r.random() < 0.5 else r.choice(listed)).numpy


def _input_array(op, k, shape, rng, dtype=np.float32):
    """Input k of `op` with `shape`: int64 for a row-limit input, else of `dtype`; None (a
    null) where the op's operand_shapes gives an optional input none."""
    if shape is None:
        return None
    p = op.input_params[k]
    if getattr(p, "limits_rows", False):
        return np.ones(shape, np.int64)
    return rng.uniform(-3, 3, shape).astype(dtype)


def _outcome(call):
    """('ok', the outputs' bytes) or ('refused', the exception's type and status)."""
    try:
        res = call()
    except EXPECTED as e:
        return ("refused", type(e).__name__, getattr(e, "status", None))
    res = res if isinstance(res, tuple) else (res,)
    return ("ok",) + tuple(np.asarray(x.numpy() if isinstance(x, ao.Tensor) else x).tobytes() for x in res)


def check_empty_operands(op, r):
    """A call of `op` over a shape with an empty dim (its accepted attributes): whatever it
    returns holds defined memory (every output element of a call with an empty input is 0:
    no op writes then), after the block cache was filled with other values. Returns a
    finding or None."""
    rng = np.random.default_rng(r.randrange(1 << 30))
    for n in (4, 16, 64, 512):
        ao.full((n,), 7.5, "float32")     # freed at once: the cache holds 7.5s
    shape = r.choice([(3, 0), (0, 4), (2, 0, 4), (0,), (2, 3, 0)])
    attrs = _attrs(op, r)
    try:
        ins_shapes, _ = op.operand_shapes(shape, attrs, whole=True)
    except Exception:
        ins_shapes = [shape] * len(op.inputs)
    ins = [_input_array(op, k, s, rng) for k, s in enumerate(ins_shapes)]
    got = _outcome(lambda: getattr(ao, op.snake)(*ins, *attrs))
    if got[0] == "ok" and any(np.frombuffer(b, np.uint8).any() for b in got[1:]) and \
            any(a.size == 0 for a in ins) and not _is_reference(op, ins, attrs, got[1:]):
        return "%s over empty operands %s returned non-zero memory (attrs %r)" % (op.snake, ins_shapes, attrs)
    return None


def _is_reference(op, ins, attrs, outputs):
    """Whether the outputs' bytes are the op's reference values: a reduction over an empty
    block writes a defined result (Mean's NaN per row), not untouched memory."""
    ref = (op.info or {}).get("reference") if isinstance(op.info, dict) else None
    if ref is None:
        return False
    try:
        want = ref(*ins, *attrs)
    except Exception:   # noqa: BLE001 -- no reference for these operands
        return False
    want = want if isinstance(want, tuple) else (want,)
    got = getattr(ao, op.snake)(*ins, *attrs)
    got = got if isinstance(got, tuple) else (got,)
    return len(got) == len(want) == len(outputs) and all(
        np.array_equal(np.asarray(g, np.float64), np.asarray(w, np.float64), equal_nan=True)
        for g, w in zip(got, want))


def check_cache_independence(op, r):
    """A call of `op` (its attributes with NaN, signed zeros or another type now and then)
    gives the same outcome on a cold cache and after calls whose attributes compare equal
    but differ in type or sign (the executor cache's key). Returns a finding or None."""
    rng = np.random.default_rng(r.randrange(1 << 30))
    shape = r.choice([(5,), (3, 4), (2, 3, 4)])
    attrs = _attrs(op, r)
    try:
        ins_shapes, _ = op.operand_shapes(shape, attrs, whole=True)
    except Exception:
        ins_shapes = [shape] * len(op.inputs)
    dtype = _input_dtype(op, r)
    ins = [_input_array(op, k, s, rng, dtype) for k, s in enumerate(ins_shapes)]
    # fresh copies each call: in-place ops and RReluWithNoise's noise write their inputs
    call = lambda a: (lambda: getattr(ao, op.snake)(*[None if x is None else x.copy() for x in ins], *a))  # noqa: E731
    ao.clear_cache()
    cold = _outcome(call(attrs))
    for _ in range(3):
        # attributes equal to these but of another type or zero sign warm the cache
        twin = tuple(r.choice(_twins(v) or [v]) for v in attrs)
        _outcome(call(twin))
    warm = _outcome(call(attrs))
    if warm != cold:
        return "%s%r: cold %s, warm %s" % (op.snake, attrs, cold[:3] if cold[0] == "refused" else "ok",
                                           warm[:3] if warm[0] == "refused" else "ok")
    return None


def check_asyncio_contexts(r):
    """Overlapping asyncio tasks, each in its own `with device(...)`, `with stream:` and
    `with soc(...)` blocks, entered and left in random orders, running an op inside: each
    task sees its own device, stream and SoC throughout, and the thread's are unchanged
    afterwards. Returns a finding or None."""
    import asyncio
    before = (ao.get_device(), ao.current_stream(), ao.get_soc())
    n = r.randrange(2, 5)
    plans = [(r.choice(["cpu", "cpu:strict"]), r.random() < 0.5, r.choice(SOCS)) for _ in range(n)]
    leave_order = r.sample(range(n), n)
    problems = []

    async def task(i, entered, may_leave):
        dev_name, use_stream, soc_name = plans[i]
        dev = ao.device(dev_name)
        stream = ao.Stream(dev) if use_stream else None
        with dev, ao.soc(soc_name) as prof:
            if stream is not None:
                stream.__enter__()
            want = (dev, stream if stream is not None else ao.current_stream(), prof)
            entered.set()
            await may_leave.wait()
            now = (ao.get_device(), ao.current_stream(), ao.get_soc())
            if now != want:
                problems.append("task %d saw %r, expected %r" % (i, now, want))
            try:
                ao.silu_backward(np.ones(4, np.float32), np.ones(4, np.float32))
            except EXPECTED:
                pass
            if stream is not None:
                stream.__exit__(None, None, None)

    async def main():
        entered = [asyncio.Event() for _ in range(n)]
        leave = [asyncio.Event() for _ in range(n)]
        tasks = []
        for i in range(n):
            tasks.append(asyncio.create_task(task(i, entered[i], leave[i])))
            await entered[i].wait()
        for i in leave_order:
            leave[i].set()
            await tasks[i]

    try:
        asyncio.run(main())
    except Exception as e:     # any exception here is a finding (ValueError included)
        problems.append("the tasks raised %s: %s" % (type(e).__name__, e))
    after = (ao.get_device(), ao.current_stream(), ao.get_soc())
    if after != before:
        problems.append("after the tasks the thread has %r, had %r" % (after, before))
    return "; ".join(problems) or None


# -- the C ABI through ctypes -----------------------------------------------------------
P = ctypes.c_void_p
I64 = ctypes.c_int64


def c_abi():
    """libascendops through ctypes, with the signatures of the calls the drivers and the
    reliability tests make (tensors, scalars, memory, destroys)."""
    lib = ctypes.CDLL(config.library_path())
    lib.aclCreateTensor.restype = P
    lib.aclCreateTensor.argtypes = [ctypes.POINTER(I64), ctypes.c_uint64, ctypes.c_int, ctypes.POINTER(I64),
                                    I64, ctypes.c_int, ctypes.POINTER(I64), ctypes.c_uint64, P]
    lib.aclCreateScalar.restype = P
    lib.aclCreateScalar.argtypes = [P, ctypes.c_int]
    lib.aclGetRecentErrMsg.restype = ctypes.c_char_p
    for name in ("aclDestroyTensor", "aclDestroyScalar", "aclDestroyAclOpExecutor",
                 "aclSetAclOpExecutorRepeatable", "aclrtFree", "aclrtDestroyStream", "aclrtSynchronizeStream"):
        getattr(lib, name).argtypes = [P]
    lib.aclrtMalloc.argtypes = [ctypes.POINTER(P), ctypes.c_size_t, ctypes.c_int]
    lib.aclrtMemcpy.argtypes = [P, ctypes.c_size_t, P, ctypes.c_size_t, ctypes.c_int]
    return lib


class CFuzz(Fuzz):
    mode = "c"

    def __init__(self, *a):
        super().__init__(*a)
        lib = self.lib = c_abi()
        lib.aclrtMemset.argtypes = [P, ctypes.c_size_t, ctypes.c_int32, ctypes.c_size_t]
        lib.aclrtCreateStream.argtypes = [ctypes.POINTER(P)]
        for name in ("aclSetInputTensorAddr", "aclSetOutputTensorAddr"):
            getattr(lib, name).argtypes = [P, ctypes.c_size_t, P, P]
        lib.aclGetViewOffset.argtypes = [P, ctypes.POINTER(I64)]
        lib.aclGetDataType.argtypes = [P, ctypes.POINTER(ctypes.c_int)]
        self.ops = {   # phase 1 argument kinds after the tensors: (name, tensors, extra)
            "SiluBackward": (3, []), "Silu": (2, []), "SigmoidBackward": (3, []),
            "HardswishBackward": (3, []), "SoftmaxBackward": (3, ["dim"]), "Cast": (2, ["dtype"]),
        }
        for name in self.ops:
            getattr(lib, "aclnn%sGetWorkspaceSize" % name).restype = ctypes.c_int32
            getattr(lib, "aclnn%s" % name).argtypes = [P, ctypes.c_uint64, P, P]
        self.blocks = []        # (address, bytes) of live aclrtMalloc blocks
        self.freed = []
        self.tensors, self.stale_tensors = [], []
        self.executors, self.stale_executors = [], []   # (op name, handle, workspace size)
        self.streams, self.stale_streams = [], []
        self.host = (ctypes.c_ubyte * 4096)()
        lib.aclInit(None)
        lib.aclrtSetDevice(0)

    def finish(self):
        self.lib.aclrtSynchronizeDevice()

    def dev_ptr(self):
        """A device address: inside a block, at its end, past it, freed, or host memory."""
        r = self.rng
        how = r.randrange(6)
        if how <= 2 and self.blocks:
            base, size = self.pick(self.blocks)
            return base + r.choice([0, 0, 4, 1, size // 2, size - 4, size, size + 64])
        if how == 3 and self.freed:
            return self.pick(self.freed)
        if how == 4:
            return ctypes.addressof(self.host)
        return None

    def in_block(self, ptr, n):
        return ptr is not None and any(b <= ptr and ptr + n <= b + size for b, size in self.blocks)

    def handle(self, live, stale):
        r = self.rng.random()
        if r < 0.8 and live:
            return self.pick(live)
        if r < 0.9 and stale:
            return self.pick(stale)
        return None if r < 0.95 else ctypes.addressof(self.host)   # null, or a foreign pointer

    def operations(self):
        r, lib = self.rng, self.lib

        def init():
            how = r.randrange(10)
            if how == 0:
                lib.aclFinalize()
            elif how <= 4:
                lib.aclInit(None)
            elif how <= 6:
                lib.aclrtSetDevice(r.choice([0, 0, 1, -1]))
            else:
                lib.aclrtResetDevice(0)

        def malloc():
            p = P()
            size = r.choice([0, 1, 4, 31, 64, 1000, 4096, 1 << 20, 1 << 62])
            if lib.aclrtMalloc(ctypes.byref(p), size, r.choice([0, 0, 2, 9])) == 0 and p.value:
                self.blocks.append((p.value, (size + 31) // 32 * 32 + 32))

        def free():
            if self.blocks and r.random() < 0.7:
                base, _ = self.blocks.pop(r.randrange(len(self.blocks)))
                lib.aclrtFree(base)
                self.freed.append(base)
            else:
                ptr = self.dev_ptr()
                if lib.aclrtFree(ptr) == 0:   # a block's base: keep the books right
                    self.blocks = [b for b in self.blocks if b[0] != ptr]
                    self.freed.append(ptr)

        def memcpy():
            count = r.choice([0, 1, 4, 64, 4096])
            if r.random() < 0.5:   # host -> device: the host side always holds `count` bytes
                lib.aclrtMemcpy(self.dev_ptr(), r.choice([count, count // 2, 1 << 40]), self.host, count, 1)
            else:                  # device -> host: destMax never more than the host buffer
                kind, src = r.choice([2, 3, 4, 7]), self.dev_ptr()
                if kind == 4 and not self.in_block(src, count):
                    # ACL_MEMCPY_DEFAULT takes an address outside every block for host memory,
                    # which the caller vouches for (as on CANN): only real memory here
                    src = ctypes.addressof(self.host)
                lib.aclrtMemcpy(self.host, r.choice([count, len(self.host)]), src, count, kind)
            lib.aclrtMemset(self.dev_ptr(), r.choice([0, 4, 64, 1 << 40]), 7, r.choice([0, 4, 64]))

        def create_tensor():
            nd = r.choice([0, 1, 1, 2, 2, 3, 9])
            dims = [r.choice([0, 1, 2, 3, 5, 8, -1, 1 << 40]) if r.random() < 0.1 else r.choice([1, 2, 3, 5, 8])
                    for _ in range(nd)]
            view = (I64 * max(nd, 1))(*dims)
            strides = None
            if r.random() < 0.5:
                strides = (I64 * max(nd, 1))(*[r.choice([0, 1, 1, 2, 8, -1, 1 << 40]) for _ in range(nd)])
            snd = r.choice([nd, 1, 0])
            store = (I64 * max(snd, 1))(*([r.choice([1, 2, 16, 64, 300, 1 << 40]) for _ in range(snd)]))
            dtype = r.choice([0, 0, 1, 27, 3, 2, 9, 12, 29, -1, 99])
            t = lib.aclCreateTensor(view, nd, dtype, strides, r.choice([0, 0, 1, 3, -1, 1 << 40]),
                                    r.choice([2, 2, 0, 99]), store, snd, self.dev_ptr())
            if t:
                self.tensors.append(t)

        def destroy_tensor():
            h = self.handle(self.tensors, self.stale_tensors)
            lib.aclDestroyTensor(h)
            if h in self.tensors:
                self.tensors.remove(h)
                self.stale_tensors.append(h)

        def getters():
            h = self.handle(self.tensors, self.stale_tensors)
            off, dt = I64(), ctypes.c_int()
            lib.aclGetViewOffset(h, ctypes.byref(off))
            lib.aclGetDataType(h, ctypes.byref(dt))

        def phase1():
            name = self.pick(list(self.ops))
            nt, extra = self.ops[name]
            args = [P(self.handle(self.tensors, self.stale_tensors)) for _ in range(nt)]
            extras = {"dim": I64(r.choice([-1, 0, 1, 5])), "dtype": ctypes.c_int(r.choice([0, 1, 27, 3, 12, 99]))}
            call = args[:-1] + [extras[e] for e in extra] + args[-1:]
            ws, ex = ctypes.c_uint64(), P()
            if getattr(lib, "aclnn%sGetWorkspaceSize" % name)(*call, ctypes.byref(ws), ctypes.byref(ex)) == 0 and ex.value:
                self.executors.append((name, ex.value, ws.value))

        def phase2(entry=None):
            entry = entry or self.pick(self.executors + self.stale_executors) or ("Silu", None, 0)
            name, ex, size = entry
            ws = None
            if size:
                how = r.randrange(3)
                if how == 0:
                    p = P()
                    if lib.aclrtMalloc(ctypes.byref(p), size, 0) == 0:
                        self.blocks.append((p.value, (size + 31) // 32 * 32 + 32))
                        ws = p.value
                elif how == 1:
                    ws = self.dev_ptr()
            stream = self.handle(self.streams, self.stale_streams) if r.random() < 0.5 else None
            rc = getattr(lib, "aclnn%s" % name)(ws, r.choice([size, size, 0, size + 1]), ex, stream)
            if rc == 0 and entry in self.executors:   # consumed unless repeatable
                self.executors.remove(entry)
                self.stale_executors.append(entry)

        def executor_calls():
            entry = self.pick(self.executors + self.stale_executors)
            ex = entry[1] if entry else None
            how = r.randrange(4)
            if how == 0:
                lib.aclSetAclOpExecutorRepeatable(ex)
            elif how == 1:
                lib.aclSetInputTensorAddr(ex, r.randrange(0, 4), self.handle(self.tensors, self.stale_tensors),
                                          self.dev_ptr())
            elif how == 2:
                lib.aclSetOutputTensorAddr(ex, r.randrange(0, 2), self.handle(self.tensors, self.stale_tensors),
                                           self.dev_ptr())
            else:
                lib.aclDestroyAclOpExecutor(ex)
                if entry in self.executors:
                    self.executors.remove(entry)
                    self.stale_executors.append(entry)

        def streams():
            how = r.randrange(3)
            if how == 0:
                s = P()
                if lib.aclrtCreateStream(ctypes.byref(s)) == 0:
                    self.streams.append(s.value)
            elif how == 1:
                h = self.handle(self.streams, self.stale_streams)
                lib.aclrtDestroyStream(h)
                if h in self.streams:
                    self.streams.remove(h)
                    self.stale_streams.append(h)
            else:
                lib.aclrtSynchronizeStream(self.handle(self.streams, self.stale_streams))

        def thread():
            # Another thread works on a block, tensors and executors of its own (a handle or
            # block freed by one thread while another uses it is the caller's error, as on
            # CANN) while this one goes on, and runs the shared executors, which this thread
            # may destroy meanwhile (refused with 161002 during a run).
            entries = list(self.executors)
            seed = r.randrange(1 << 30)

            def work():
                tr = random.Random(seed)
                p = P()
                if lib.aclrtMalloc(ctypes.byref(p), 3 * 4096, 0) != 0:
                    return
                base, host = p.value, (ctypes.c_ubyte * 4096)()
                shape = (I64 * 1)(1024)
                ts = [lib.aclCreateTensor(shape, 1, 0, None, 0, 2, shape, 1, base + 4096 * k) for k in range(3)]
                for _ in range(10):
                    k = tr.randrange(4)
                    if entries and k == 0:
                        name, ex, size = tr.choice(entries)
                        getattr(lib, "aclnn%s" % name)(None, size, ex, None)
                    elif k == 1:
                        off, n = tr.choice([0, 4, 4096, 3 * 4096]), tr.choice([0, 4, 4096])
                        lib.aclrtMemcpy(base + off, 3 * 4096 - off, host, n, 1)
                        lib.aclrtMemcpy(host, len(host), base + off, n, tr.choice([2, 4]))
                    elif k == 2:
                        off, dt = I64(), ctypes.c_int()
                        lib.aclGetViewOffset(tr.choice(ts), ctypes.byref(off))
                        lib.aclGetDataType(tr.choice(ts), ctypes.byref(dt))
                    else:
                        ws, ex = ctypes.c_uint64(), P()
                        a, b_, c = (P(tr.choice(ts)) for _ in range(3))
                        if lib.aclnnSiluBackwardGetWorkspaceSize(a, b_, c, ctypes.byref(ws), ctypes.byref(ex)) == 0:
                            if lib.aclnnSiluBackward(None, ws.value, ex.value, None) != 0:   # success consumes it
                                lib.aclDestroyAclOpExecutor(ex.value)
                for t in ts:
                    lib.aclDestroyTensor(t)
                lib.aclrtFree(base)
            th = threading.Thread(target=work, daemon=True)
            th.start()
            self.threads.append(th)

        def fork():
            def child():
                p = P()
                lib.aclrtMalloc(ctypes.byref(p), 1 << 20, 0)
                phase1()
                for entry in list(self.executors)[:3]:
                    phase2(entry)
                lib.aclrtFree(p)
            self.fork(child)

        def destroy_while_running():
            # a destroy while another thread runs the executor
            entry = self.pick(self.executors)
            if entry is None:
                return
            name, ex, size = entry
            lib.aclSetAclOpExecutorRepeatable(ex)

            def runner():
                for _ in range(50):
                    if getattr(lib, "aclnn%s" % name)(None, size, ex, None) != 0:
                        return
            th = threading.Thread(target=runner, daemon=True)
            th.start()
            lib.aclDestroyAclOpExecutor(ex)
            th.join(60)
            self.executors.remove(entry)
            self.stale_executors.append(entry)

        return {f.__name__: f for f in (init, malloc, free, memcpy, create_tensor, destroy_tensor, getters, phase1,
                                         phase2, executor_calls, streams, thread, fork, destroy_while_running)}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["py", "c"])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--steps", type=int, default=None)
    ap.add_argument("--log", default=None)
    ap.add_argument("--only", default=None, help="comma-separated operations (the others are not drawn)")
    a = ap.parse_args(argv)
    faulthandler.enable(all_threads=True)   # a crash prints every thread's Python stack
    log = open(a.log, "w", buffering=1) if a.log else open(os.devnull, "w")
    fz = (PyFuzz if a.mode == "py" else CFuzz)(a.seed, log)
    try:
        fz.run(a.seconds, a.steps, a.only.split(",") if a.only else None)
    except Exception:
        # an exception of an unexpected type: a finding too (an unclear error)
        fz.log("FINDING unexpected exception")
        print("FINDING at step %d (seed %d): unexpected exception" % (fz.step, a.seed))
        traceback.print_exc()
        sys.stdout.flush()
        os._exit(3)
    sys.stdout.flush()
    os._exit(0)   # skip interpreter teardown: daemon threads may still be inside a call


if __name__ == "__main__":
    main()
