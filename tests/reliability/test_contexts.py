"""`with ascendops.device(...)`, `with stream:` and `with ascendops.soc(...)` are per
thread and per asyncio task: overlapping blocks in tasks of one thread each see and
undo their own, whatever order they leave in."""
import asyncio
import threading

import ascendops


def _overlapping(enter_a, enter_b, current):
    """Task a enters its block, task b enters its own, a leaves first, then b; each
    records what it sees inside, after the other moved, and once it left."""
    seen = {}

    async def task(name, cm, entered, may_leave):
        with cm:
            seen[name + ".inside"] = current()
            entered.set()
            await may_leave.wait()
            seen[name + ".after_other"] = current()
        seen[name + ".left"] = current()

    async def main():
        a_in, b_in, a_go, b_go = (asyncio.Event() for _ in range(4))
        ta = asyncio.create_task(task("a", enter_a, a_in, a_go))
        await a_in.wait()
        tb = asyncio.create_task(task("b", enter_b, b_in, b_go))
        await b_in.wait()
        a_go.set()
        await ta            # a leaves while b is inside its block
        b_go.set()
        await tb
        seen["main.end"] = current()

    asyncio.run(main())
    return seen


def test_device_blocks_in_overlapping_tasks():
    strict, cpu = ascendops.device("cpu:strict"), ascendops.device("cpu")
    before = ascendops.get_device()
    seen = _overlapping(ascendops.device("cpu:strict"), ascendops.device("cpu"), ascendops.get_device)
    assert seen["a.inside"] is strict and seen["a.after_other"] is strict
    assert seen["b.inside"] is cpu and seen["b.after_other"] is cpu
    assert seen["a.left"] is before and seen["b.left"] is before
    assert seen["main.end"] is before and ascendops.get_device() is before
    assert cpu is not strict


def test_device_blocks_same_device_in_tasks_left_in_any_order():
    strict = ascendops.device("cpu:strict")
    before = ascendops.get_device()

    async def body(gate_in, gate_out, order):
        with strict:
            gate_in.set()
            await gate_out.wait()
            assert ascendops.get_device() is strict
        order.append(ascendops.get_device())

    async def main():
        order = []
        g1, g2, o1, o2 = (asyncio.Event() for _ in range(4))
        t1 = asyncio.create_task(body(g1, o1, order))
        t2 = asyncio.create_task(body(g2, o2, order))
        await g1.wait()
        await g2.wait()
        o1.set()                 # the first to enter leaves first
        await t1
        o2.set()
        await t2
        return order

    assert asyncio.run(main()) == [before, before]
    assert ascendops.get_device() is before


def test_stream_blocks_in_overlapping_tasks():
    s1, s2 = ascendops.Stream(), ascendops.Stream()
    default = ascendops.current_stream()
    seen = _overlapping(s1, s2, ascendops.current_stream)
    assert seen["a.inside"] is s1
    assert seen["a.after_other"] is s1       # was s2: the thread's stack was shared by the tasks
    assert seen["b.inside"] is s2 and seen["b.after_other"] is s2
    assert seen["a.left"] is default and seen["b.left"] is default
    assert ascendops.current_stream() is default


def test_stream_block_is_still_per_thread():
    s1 = ascendops.Stream()
    other = []
    with s1:
        t = threading.Thread(target=lambda: other.append(ascendops.current_stream()))
        t.start()
        t.join(10)
        assert ascendops.current_stream() is s1
    assert other == [ascendops.default_stream()]
