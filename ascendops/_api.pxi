# ---------------------------------------------------------------------------
# The public API: the registry, the two-stage functions of ascendops.aclnn, and the
# numpy-like call (argument conversion, NEP 50 scalars, output allocation).
# ---------------------------------------------------------------------------

# -- the registry and the generated APIs -----------------------------------------------
# (_registry itself is _opdef.pxi's: OpDef pickles by its registered name)
def register(OpDef op):
    """Adds an op: its numpy-like function and its two-stage aclnn functions appear
    in ascendops and ascendops.aclnn. An op declared with inplace=True also adds
    aclnnInplace<Name> (InplaceOp), as inplace_<snake>; inplace="only" adds that one alone
    (an API CANN has only in place: the declaration is its out-of-place form, out = selfRef).
    Returns the op."""
    if op.snake is None or op.name is None:
        raise TypeError("register: the op was not initialised (OpDef.__new__ without __init__)")
    ops = [] if op.inplace_only else [op]
    if op.inplace:
        ops.append(InplaceOp(op))
    for o in ops:
        if (<OpDef>o).snake in _registry:
            raise ValueError("an op named %r is already registered" % (<OpDef>o).snake)
    for o in ops:
        _registry[(<OpDef>o).snake] = o
    return op


def registered_ops():
    return dict(_registry)


def _astype_by_cast(Tensor t, DType d):
    """Tensor.astype's kernel path (_tensor.pxi's _astype_kernel hook, set below): the
    registered Cast op where it supports both dtypes on the active SoC, else None
    (astype then converts with numpy)."""
    op = _registry.get("cast")
    if (op is None or d not in (<OpDef>op).dtypes or t.dtype not in (<OpDef>op).dtypes or
            (not _current_soc().bf16 and (d is DT_BF16 or t.dtype is DT_BF16))):
        return None
    return _call(op, (t,), (d,), None)


_astype_kernel = _astype_by_cast


def get_workspace_size(OpDef op, *args):
    """Phase 1 for `op`: args are its parameters in CANN's order (op.params). Returns
    (workspace_size, executor)."""
    return _get_workspace_size(op, args)


cdef tuple _get_workspace_size(OpDef op, tuple args):
    """get_workspace_size, for the C ABI too (a C call, not a Python one)."""
    tensors, raw_attrs = op.split_args(args)
    op.check_nulls(tensors, raw_attrs)
    attrs = op.check_attrs(raw_attrs)
    if _devices_in_use and _npu_tensors(tensors):     # CANN's phase 1 and executor (_npu.pxi)
        npu_ex = _npu_get_workspace_size(op, tensors, attrs)
        return npu_ex.workspace_size, npu_ex
    ex = _phase1(op, tensors, attrs)
    return ex.workspace_size, ex


def run(workspace, workspace_size, executor, stream=None):
    """Phase 2 of any op."""
    if isinstance(executor, NpuExecutor):
        _npu_execute(<NpuExecutor>executor, workspace, workspace_size, stream)
        return
    _phase2(workspace, workspace_size, executor, stream)


# -- the numpy-like call ------------------------------------------------------------
# What a numpy-like call's arguments were, which decides the type of its result.
cdef enum:
    _SEEN_NUMPY = 1     # a numpy array or numpy scalar: numpy out
    _SEEN_TORCH = 2     # a torch tensor: torch out (DLPack, zero-copy)
    _SEEN_PYTHON = 4    # a Python scalar, list or tuple: converted once the arrays are known


cdef bint _is_torch_tensor(object obj):
    """Whether obj is a torch.Tensor, without importing torch: a torch tensor can only
    exist once torch is in sys.modules."""
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(obj, torch.Tensor)


cdef object _as_tensor(object obj, str argname, int *seen):
    """A Tensor for one argument of a numpy-like call (a view of the caller's memory
    where aclTensor can express it). None stays None (phase 1 reports it, 161001). A
    Python scalar, list or tuple comes back as it is, flagged _SEEN_PYTHON:
    _python_values converts it once every array operand's dtype is known."""
    if isinstance(obj, Tensor):
        return obj
    if isinstance(obj, cnp.ndarray):
        seen[0] |= _SEEN_NUMPY
        return _from_array(obj, False)
    if obj is None:
        return None
    if isinstance(obj, np.generic):
        # before the Python types: np.float64 is a float. numpy scalars keep their dtype
        # (NEP 50: only Python's scalars are "weak").
        seen[0] |= _SEEN_NUMPY
        return _from_array(np.asarray(obj), False)
    if hasattr(obj, "__dlpack__"):
        if _is_torch_tensor(obj):
            seen[0] |= _SEEN_TORCH
        return from_dlpack(obj)
    if isinstance(obj, (int, float, complex, list, tuple)):    # bool is an int
        seen[0] |= _SEEN_PYTHON
        return obj
    raise TypeError("%s: expected an ascendops.Tensor, numpy array, DLPack producer (torch.Tensor), "
                    "Python scalar or list, got %s" % (argname, type(obj).__name__))


cdef int _kind_rank(DType d):
    """NEP 50's order of kinds for a dtype: 0 bool, 1 integer, 2 floating, 3 complex;
    -1 where numpy has no dtype for it."""
    if d.numpy is None:
        return -1
    k = d.numpy.kind
    if k == "b":
        return 0
    if k == "i" or k == "u":
        return 1
    if k == "f" or k == "V":     # "V": ml_dtypes' floats (bfloat16, float8), the table's only void kinds
        return 2
    if k == "c":
        return 3
    return -1


cdef tuple _python_values(OpDef op, tuple ins, object out_t, int *seen):
    """Converts the Python scalars, lists and tuples among the inputs, by numpy 2's rule
    (NEP 50) with torch's default dtype:
      - a Python bool, int or float beside array operands is "weak": it takes their dtype
        (numpy's result type when they differ) if its kind fits (bool < int < float <
        complex), so silu_backward(1.0, x_f16) computes in float16;
      - alone (no array operand; an out= counts as one), and always for lists and tuples
        (which numpy does not treat as weak): what torch.tensor() makes of it, float ->
        float32 (torch's default dtype), int -> int64, bool -> bool, complex -> complex64;
        int64 becomes float32 for an op without it (every op but Cast, Relu, Threshold and
        AddRelu): its only kernels are floating, as np.sin(1) computes in the default float;
      - bools only reach ops that take DT_BOOL (Cast): for the others (gradients,
        activations) a bool is taken for a mistake, TypeError.
    With no array operand at all the result is numpy, as numpy's functions return."""
    arrays = [t for t in ins if isinstance(t, Tensor)]
    if not arrays and out_t is not None:
        arrays = [out_t]
    weak = None
    if arrays:
        dtypes = {(<Tensor>t).dtype for t in arrays}
        weak = (<Tensor>arrays[0]).dtype if len(dtypes) == 1 else _promoted(dtypes)
    elif not seen[0] & _SEEN_TORCH:
        seen[0] |= _SEEN_NUMPY
    out = []
    for i, v in enumerate(ins):
        if (v is not None and not isinstance(v, Tensor) and getattr(op.input_params[i], "limits_rows", False)
                and not isinstance(v, bool) and np.asarray(v).dtype.kind in "iu"):
            # a row-limit input (INT64, Input(limits_rows=True)): Python ints stay int64
            out.append(_from_array(np.asarray(v, dtype=np.int64), False))
            continue
        out.append(v if v is None or isinstance(v, Tensor) else _python_value(op, v, weak, op.args[i]))
    return tuple(out)


cdef int _refuse_python_bools(OpDef op, str argname) except -1:
    if DT_BOOL_ not in op.dtypes:
        raise TypeError("%s: ascendops.%s takes %s, not Python bools (a bool there is most likely a "
                        "mistake; pass 1.0 or 0.0)" % (argname, op.snake, ", ".join((<DType>d).name
                                                                                 for d in op.dtypes)))
    return 0


cdef Tensor _python_value(OpDef op, object v, DType weak, str argname):
    """One Python scalar / list / tuple as a Tensor (see _python_values)."""
    cdef int rank
    if isinstance(v, bool):
        _refuse_python_bools(op, argname)
    if weak is not None and not isinstance(v, (list, tuple)):
        rank = 0 if isinstance(v, bool) else 1 if isinstance(v, int) else 2 if isinstance(v, float) else 3
        if rank <= _kind_rank(weak):
            try:
                return _from_array(np.asarray(v, dtype=weak.numpy), False)
            except OverflowError:
                raise OverflowError("%s: the Python int %r does not fit in %s, the dtype of the other "
                                    "operands" % (argname, v, weak.name)) from None
    try:
        arr = np.asarray(v)
    except (TypeError, ValueError) as e:
        raise TypeError("%s: cannot convert %s to an array (%s)" % (argname, type(v).__name__, e)) from None
    kind = arr.dtype.kind
    if kind == "f":
        arr = arr.astype(np.float32)
    elif kind == "c":
        arr = arr.astype(np.complex64)
    elif kind == "i" or kind == "u":
        try:
            arr = np.asarray(v, dtype=np.int64)
        except OverflowError:
            raise OverflowError("%s: %r does not fit in int64" % (argname, v)) from None
    elif kind == "b":
        _refuse_python_bools(op, argname)
    else:
        if kind == "O":
            try:    # numpy keeps Python ints beyond int64 as objects: say so
                np.asarray(v, dtype=np.int64)
            except OverflowError:
                raise OverflowError("%s: %r does not fit in int64" % (argname, v)) from None
            except (TypeError, ValueError):
                pass
        raise TypeError("%s: %s of %s is not numeric" % (argname, type(v).__name__, arr.dtype))
    if kind in "iu" and as_dtype(arr.dtype) not in op.dtypes and DT_FLOAT in op.dtypes:
        arr = arr.astype(np.float32)
    return _from_array(arr, False)


cdef object _torch_from_dlpack = None


cdef object _as_torch(Tensor t):
    """A torch tensor sharing t's memory (DLPack). Only called when an argument was a
    torch tensor, so torch is already imported."""
    global _torch_from_dlpack
    if _torch_from_dlpack is None:
        _torch_from_dlpack = sys.modules["torch"].from_dlpack
    return _torch_from_dlpack(t)


def call(OpDef op, tuple args, tuple attrs, out=None):
    """The numpy-like call of `op`: converts arguments, allocates the output, runs both
    phases on the current stream. numpy in -> numpy out (sharing device memory); torch
    in -> torch out (DLPack); out= given -> out itself."""
    return _call(op, args, attrs, out)


cdef object _call(OpDef op, tuple args, tuple attrs, object out):
    """call(): phase 1 (_plan_for) and phase 2 (_launch) without an Executor object,
    which never escapes here: the same checks, cache and kernels as the two-stage API.
    `out`: None (allocated), the output, or a tuple of the outputs (several outputs);
    an InplaceOp writes into its first input and returns it."""
    if not _devices_in_use:
        return _call_host(op, args, attrs, out, _cpu_device)
    return _call_host(op, args, attrs, out, _call_device(op, args, attrs, out))


cdef Device _call_device(OpDef op, tuple args, tuple attrs, object out):
    """The device a numpy-like call runs on: that of its Tensor arguments and the Tensor
    elements of its tensor lists (one device; ValueError naming two that differ), else the
    current device (host inputs are then copied in)."""
    names, given = [], []
    for i in range(len(args)):
        if isinstance(args[i], Tensor):
            names.append(op.args[i])
            given.append(args[i])
    if len(attrs) == len(op.attr_params):
        for i in op.list_attrs:
            v = attrs[i]
            items = (<TensorListArg>v).tensors if isinstance(v, TensorListArg) else v
            if isinstance(items, (list, tuple)):
                for k, t in enumerate(items):
                    if isinstance(t, Tensor):
                        names.append("%s[%d]" % (op.attrs[i], k))
                        given.append(t)
    if isinstance(out, Tensor):
        names.append("out")
        given.append(out)
    elif isinstance(out, tuple):
        for k, o in enumerate(<tuple>out):
            if isinstance(o, Tensor):
                names.append("out[%d]" % k)
                given.append(o)
    if given:
        return _tensors_device(given, names)
    return _current_device()


cdef tuple _onto_device(tuple tensors, Device dev, list host_outs, Py_ssize_t nin, tuple unwritten=(),
                        tuple partial=()):
    """The numpy-like call's operands on `dev`: host operands (converted from numpy,
    torch or Python values; Tensors were checked by _call_device) are copied in; a host
    output gets a device twin, recorded in host_outs as (host, twin) for the copy back
    (not an output the kernel never writes: `unwritten`, tensor indices; the host one
    keeps its values). The twin of an output the kernel may write only in part
    (`partial`, tensor indices: rows past a run-time limit) starts with the output's
    values, so the copy back returns them unchanged, as on cpu."""
    cdef list moved = []
    cdef Py_ssize_t i
    # an empty input with a non-empty output: CANN's op may return before writing it
    # (RReluWithNoise's empty noise), so such an output's twin starts with its values
    cdef bint empty_in = any([t is not None and (<Tensor>t).numel == 0 for t in tensors[:nin]])
    for i in range(len(tensors)):
        t = tensors[i]
        if t is None or (<Tensor>t).storage.device is dev:
            moved.append(t)
            continue
        if i in unwritten:
            moved.append(_empty_on(dev, (<Tensor>t).shape, (<Tensor>t).dtype, (<Tensor>t)._format))
            continue
        twin = None
        is_out = i >= nin
        seeded = -1
        for j, (h, tw) in enumerate(host_outs):
            if h is t:
                is_out = True       # an in-place op's input (or one the op writes): also an output
                if tw is not None:
                    twin = tw
                else:
                    seeded = j
        if twin is None:
            if is_out:
                twin = _empty_on(dev, (<Tensor>t).shape, (<Tensor>t).dtype, (<Tensor>t)._format)
                if i < nin or ((empty_in or i in partial) and (<Tensor>t).numel):
                    # an in-place op's input, an output the kernel may leave (in part) unwritten
                    _copy_tensor(<Tensor>twin, <Tensor>t)
                if seeded >= 0:      # copied back in the order the caller seeded
                    host_outs[seeded] = (t, twin)
                else:
                    host_outs.append((t, twin))
            else:
                twin = _to_device(<Tensor>t, dev)
        moved.append(twin)
    return tuple(moved)


cdef object _call_host(OpDef op, tuple args, tuple attrs, object out, Device dev):
    """_call on device `dev` (cpu: as it always ran)."""
    cdef list host_outs = None
    cdef int seen = 0, out_seen = 0
    cdef int via_ws = 0
    cdef Py_ssize_t i, k, n = len(args), nout = len(op.outputs)
    cdef Tensor out_t = None, ws
    cdef Plan plan
    cdef tuple tensors, outs = None
    cdef char *data[AO_MAX_OPERANDS]
    cdef tuple ins = args          # replaced by a new tuple when an argument is converted
    cdef bint inplace = isinstance(op, InplaceOp), empty_in
    for i in range(n):
        item = args[i]
        if not isinstance(item, Tensor):
            item = _as_tensor(item, op.args[i], &seen)
        if ins is args:
            if item is args[i]:
                continue
            ins = PyTuple_New(n)
            for k in range(i):
                _incref(args[k])
                PyTuple_SET_ITEM(ins, k, args[k])
        _incref(item)
        PyTuple_SET_ITEM(ins, i, item)
    if inplace:
        if out is not None:
            raise TypeError("%s() got an unexpected keyword argument 'out' (it writes into %s)"
                            % (op.snake, op.args[0]))
        if n and ins[0] is not None and not isinstance(ins[0], Tensor):
            raise TypeError("%s: ascendops.%s writes into it in place: expected an ascendops.Tensor, "
                            "numpy array or DLPack producer (torch.Tensor), got %s"
                            % (op.args[0], op.snake, type(args[0]).__name__))
        out = args[0]
        out_t = ins[0]
    elif out is not None:
        if nout == 1 and not isinstance(out, tuple):
            out_t = _as_out_tensor(out, "out", &out_seen)
        else:
            if not isinstance(out, tuple) or len(<tuple>out) != nout:
                raise TypeError("out: ascendops.%s has %d outputs (%s): expected a tuple of %d, got %r"
                                % (op.snake, nout, ", ".join(op.outputs), nout, type(out).__name__))
            outs = tuple([_as_out_tensor(o, "out[%d]" % k, &out_seen) for k, o in enumerate(<tuple>out)])
            out_t = outs[0]
    if seen & _SEEN_PYTHON:
        ins = _python_values(op, ins, out_t, &seen)
    if op.list_attrs:
        attrs = _list_values(op, attrs, &seen)
        if dev is not _cpu_device:
            attrs = _lists_onto_device(op, attrs, dev)
    try:
        op.check_nulls(ins, attrs)
        attrs = op.check_attrs(attrs)
        if isinstance(op, WindowOp) and (<WindowOp>op).nd_format is not None:
            ins, out_t = _window_nd_format(<WindowOp>op, ins, out_t)
        if out is None:
            empty_in = _any_empty(ins)
            if nout == 1:
                shape, dtype = op.infer_output(ins, attrs, _current_soc())
                out_t = _new_output(op, 0, shape, _cast_output_dtype(op, dtype, _current_soc()), dev, empty_in)
                if isinstance(op, WindowOp) and isinstance(ins[0], Tensor):
                    # a windowed op's out has self's storage format (NCHW / NHWC: CANN checks both)
                    out_t = _make_tensor(out_t.storage, out_t.shape, out_t._strides, out_t.offset, out_t.dtype,
                                         (<Tensor>ins[0])._format)
            else:
                outs = tuple([_new_output(op, k, shape, _cast_output_dtype(op, dtype, _current_soc()), dev, empty_in)
                              for k, (shape, dtype) in enumerate(op.infer_outputs(ins, attrs, _current_soc()))])
        if outs is None:
            tensors = PyTuple_New(n + 1)
            for i in range(n):
                item = ins[i]
                _incref(item)
                PyTuple_SET_ITEM(tensors, i, item)
            _incref(out_t)
            PyTuple_SET_ITEM(tensors, n, out_t)
        else:
            tensors = ins + outs
        if dev is not _cpu_device:
            host_outs = []
            for k in op.written_inputs:
                # an input the op writes: a device twin with its values, copied back
                # before the outputs (CANN's order: RReluWithNoise's ViewCopy into noise,
                # then out's); a read-only one is refused here, not its twin
                if ins[k] is not None and (<Tensor>ins[k]).storage.device is not dev:
                    if (<Tensor>ins[k]).storage.readonly:
                        _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s is read-only (the op writes it)."
                               % op.tensor_names[k])
                    host_outs.append((ins[k], None))
            if inplace and out_t.storage.device is not dev:
                host_outs.append((out_t, None))
            tensors = _onto_device(tensors, dev, host_outs, n,
                                   tuple([n + j for j in op.unwritten_outputs]) if op.unwritten_outputs else (),
                                   tuple([n + j for j in op.zero_filled_outputs if j not in op.unwritten_outputs]))
            if not dev.kernels_on_host:     # npu: CANN checks and runs it (_npu.pxi)
                result = _finish_on_device(op, None, tensors, data, False, dev, host_outs, out, outs, out_t,
                                           seen, attrs)
                _copy_written_inputs(op, args, ins)
                return result
        plan = _plan_for(op, tensors, attrs)
    except AclnnInvalidParamError as e:
        _add_dtype_hint(op, e, seen | out_seen, out is not None)
        raise
    if plan.list_k:
        tensors = tensors + tuple([attrs[i] for i in op.list_attrs])
    _bind_data(plan, tensors, data, &via_ws)
    if dev is not _cpu_device:
        result = _finish_on_device(op, plan, tensors, data, via_ws, dev, host_outs, out, outs, out_t, seen, attrs)
        _copy_written_inputs(op, args, ins)
        return result
    if not plan.empty:
        ws_size = _workspace_size(plan, via_ws)
        ws = _empty((<int64_t>ws_size,), DT_UINT8_, FORMAT_ND_) if ws_size else None
        _launch(plan, data, via_ws, ws.kdata if ws_size else NULL, current_stream())
        _copy_written_inputs(op, args, ins)
    if out is not None:
        # a numpy `out` aclTensor cannot view (negative strides, byte-swapped) was
        # copied by _as_tensor: write the result back into the caller's array
        if outs is None:
            _copy_back(out, out_t)
        else:
            for k in range(nout):
                _copy_back((<tuple>out)[k], outs[k])
        return out
    if outs is not None:
        return tuple([_result(<Tensor>t, seen) for t in outs])
    return _result(out_t, seen)


cdef tuple _list_values(OpDef op, tuple attrs, int *seen):
    """The numpy-like call's TensorList attributes as sequences of Tensors: each element
    converted as an input is (numpy, torch, Python values; None kept, for the op's null
    check), so the result follows the elements' kind (numpy in, numpy out)."""
    if len(attrs) != len(op.attr_params):
        return attrs
    out = list(attrs)
    for i in op.list_attrs:
        v = attrs[i]
        if v is None or isinstance(v, TensorListArg) or not isinstance(v, (list, tuple)):
            continue
        name = op.attrs[i]
        items = []
        for k, t in enumerate(v):
            if isinstance(t, Tensor):       # the cached call's case: no name to format
                items.append(t)
                continue
            if isinstance(t, cnp.ndarray):  # numpy's: no name to format either
                seen[0] |= _SEEN_NUMPY
                items.append(_from_array(t, False))
                continue
            item = _as_tensor(t, "%s[%d]" % (name, k), seen)
            if item is not None and not isinstance(item, Tensor):
                seen[0] |= _SEEN_NUMPY
                try:
                    arr = np.asarray(item)
                except (TypeError, ValueError) as e:
                    raise TypeError("%s[%d]: cannot convert %s to an array (%s)" % (name, k, type(item).__name__, e))
                if arr.dtype.kind == "f":
                    arr = arr.astype(np.float32)
                elif arr.dtype.kind == "c":
                    arr = arr.astype(np.complex64)
                item = _from_array(arr, False)
            items.append(item)
        out[i] = items
    return tuple(out)


cdef tuple _lists_onto_device(OpDef op, tuple attrs, Device dev):
    """The numpy-like call's tensor lists (_list_values' sequences) with their elements on
    `dev`, as _onto_device moves the inputs (host elements copied in); a device whose
    kernels do not run on the host takes no tensor list (161002, as phase 1: _op_device)."""
    _lists_need_host_kernels(op, dev)
    if len(attrs) != len(op.attr_params):
        return attrs
    out = list(attrs)
    for i in op.list_attrs:
        v = attrs[i]
        if isinstance(v, (list, tuple)):
            out[i] = [t if not isinstance(t, Tensor) else _to_device(<Tensor>t, dev) for t in v]
        elif isinstance(v, TensorListArg) and any([t is not None and (<Tensor>t).storage.device is not dev
                                                   for t in (<TensorListArg>v).tensors]):
            out[i] = [t if t is None else _to_device(<Tensor>t, dev) for t in (<TensorListArg>v).tensors]
    return tuple(out)


cdef object _finish_on_device(OpDef op, Plan plan, tuple tensors, char **data, int via_ws, Device dev,
                              list host_outs, object out, tuple outs, Tensor out_t, int seen, tuple attrs):
    """Phase 2 of a numpy-like call on a device other than cpu: queued on dev's stream;
    where the caller gave or expects host arrays, the results are copied back after
    the device has finished (synchronised), like torch's .cpu(). plan None: an npu
    device, where CANN's phases run (_npu_launch)."""
    cdef Tensor ws = None
    cdef Stream st = _stream_for(dev)
    if plan is None:
        _npu_launch(op, tensors, attrs, dev, st)
    elif not plan.empty:
        ws_size = _workspace_size(plan, via_ws)
        if ws_size:
            ws = _empty_on(dev, (<int64_t>ws_size,), DT_UINT8_, FORMAT_ND_)
        if st._impl is None:
            _launch(plan, data, via_ws, ws.kdata if ws is not None else NULL, st)
        else:
            _launch_queued(plan, data, via_ws, ws, tensors, st)
    for host, twin in host_outs:
        if twin is not None and (plan is None or not plan.empty):
            # (an empty plan wrote nothing: RReluWithNoise's empty noise leaves out as it was)
            _copy_tensor(<Tensor>host, <Tensor>twin)     # synchronises dev first
    if out is not None:
        if outs is None:
            _copy_back(out, out_t)
        else:
            for k in range(len(op.outputs)):
                _copy_back((<tuple>out)[k], outs[k])
        return out
    # tensors: the op's inputs and outputs, then its tensor lists (when it has any)
    nin = len(op.tensor_names) - len(op.outputs)
    results = tensors[nin:len(op.tensor_names)]
    if seen & (_SEEN_NUMPY | _SEEN_TORCH):
        # host arguments: host results (numpy, or torch through DLPack of a host copy)
        host_results = [_to_host(<Tensor>t) for t in results]
        if seen & _SEEN_TORCH:
            host_results = [_as_torch(t) for t in host_results]
        else:
            host_results = [_numpy_view(<Tensor>t) if (<Tensor>t).dtype.numpy is not None else t
                            for t in host_results]
        return host_results[0] if outs is None else tuple(host_results)
    return results[0] if outs is None else tuple(results)


cdef int _copy_written_inputs(OpDef op, tuple args, tuple ins) except -1:
    """The inputs the op writes (Input(written=True)), where the call ran on a copy of
    the caller's array (_as_tensor copies what aclTensor cannot view): the new values
    back into it."""
    cdef Py_ssize_t k
    for k in op.written_inputs:
        if ins[k] is not args[k]:
            _copy_back(args[k], ins[k])
    return 0


cdef inline bint _any_empty(tuple ins):
    """Whether an input (not None) has no element."""
    cdef Py_ssize_t i
    for i in range(len(ins)):
        t = ins[i]
        if t is not None and (<Tensor>t).numel == 0:
            return True
    return False


cdef object _cast_output_dtype(OpDef op, object dtype, soc):
    """The dtype the numpy-like call allocates for an output that infer_output gives
    `dtype`: an integer or BOOL dtype the op takes as input but does not write (an
    ElementwiseOp whose input_dtypes are wider than its outputs': Sigmoid, Erfinv) becomes
    the dtype CANN casts those inputs to, input_cast's (Erfinv: float32), or for
    input_cast="out" (the out's own dtype) float32, torch's default float dtype and
    numpy's float result. Every other dtype is kept: phase 1 checks what is allocated
    exactly as it checks a given out."""
    if not isinstance(op, ElementwiseOp) or (<ElementwiseOp>op).input_dtypes is None:
        return dtype
    if not isinstance(dtype, DType) or (<DType>dtype).numpy is None or (<DType>dtype).numpy.kind not in "iub":
        return dtype
    cdef ElementwiseOp ew = <ElementwiseOp>op
    written = ew.out_dtypes if ew.out_dtypes is not None else ew.dtypes_for(soc)
    kernels = ew.dtypes_for(soc)
    # computed in its own dtype (an integer body): written as it is
    if dtype in kernels and dtype in written:
        return dtype
    compute = ew.compute_as.get(dtype, dtype)
    if compute is not dtype and compute in written:
        return compute
    # cast to a compute dtype first (Div's FLOAT, Erfinv's float32, Sigmoid's out dtype):
    # the result in that dtype, as torch and numpy return it
    if isinstance(ew.input_cast, DType) and ew.input_cast in written:
        return ew.input_cast
    if ew.input_cast == "out" and DT_FLOAT in written:
        return DT_FLOAT
    return dtype


cdef Tensor _new_output(OpDef op, int k, shape, dtype, Device dev, bint empty_in):
    """Output k of a call without out=: zero-filled where the kernel may leave some or all
    of it unwritten, so no reused block's bytes show through: an output the op declares so
    (op.zero_filled_outputs: never written, or rows past a run-time limit), and every
    output of a call with an empty input (every op returns before its kernel then: CANN's
    empty-tensor early return, e.g. SoftmaxCrossEntropyWithLogits' loss over (N, 0)
    features, whose empty sums are 0, and RReluWithNoise's out beside an empty noise)."""
    if empty_in or k in op.zero_filled_outputs:
        return zeros(_as_shape(shape, "shape"), <DType?>dtype, device=dev)
    return _empty_on(dev, _as_shape(shape, "shape"), <DType?>dtype, FORMAT_ND_)


cdef Tensor _as_out_tensor(object out, str what, int *out_seen):
    if isinstance(out, Tensor):
        return <Tensor>out
    item = _as_tensor(out, what, out_seen)
    if not isinstance(item, Tensor):
        raise TypeError("%s: expected an ascendops.Tensor, numpy array or DLPack producer "
                        "(torch.Tensor), got %s" % (what, type(out).__name__))
    return <Tensor>item


cdef inline int _copy_back(object out, Tensor out_t) except -1:
    # cnp.ndarray, not np.ndarray: a C type check. np.ndarray is a module attribute
    # looked up on every call, and isinstance() of a non-array then looks up
    # `__class__` too: ~40 ns of a cached 1-element call with out= a Tensor.
    if isinstance(out, cnp.ndarray) and <size_t>out_t.data != <size_t>cnp.PyArray_DATA(out):
        np.copyto(out, _numpy_view(out_t))
    return 0


cdef inline object _result(Tensor out_t, int seen):
    """The result in the caller's type: torch in -> torch, numpy in -> numpy, else Tensor."""
    if seen & _SEEN_TORCH:
        return _as_torch(out_t)
    if seen & _SEEN_NUMPY and out_t.dtype.numpy is not None:
        return _numpy_view(out_t)
    return out_t


# -- hints for dtype refusals of the numpy-like API ------------------------------------
# The refusal keeps CANN's message and status; the numpy-like API appends what to do.
# The patterns match the messages this file, _reduce.pxi and _cast.pxi raise
# (tests/ops/test_numpy_like_api.py checks a hint for each).
import re as _re
_RE_NOT_IMPLEMENTED = _re.compile(r"Tensor (\w+) not implemented for (DT_\w+)"
                                  r"(?:, should be in dtype support list \[([^\]]*)\])?")
_RE_SAME_DTYPE = _re.compile(r"Tensor (\w+) dtype (DT_\w+) should be the same as (\w+) dtype (DT_\w+)")
_RE_MIXED_OUT = _re.compile(r"Tensor (\w+) dtype should be the promoted dtype (DT_\w+) of the inputs")
_RE_PROMOTED_UNLISTED = _re.compile(r"The promoted dtype (DT_\w+) of .* should be in dtype support list")
_RE_NO_BF16 = _re.compile(r"(?:Tensor (\w+) )?dtype DT_BF16 is not supported on"
                          r"|is not support bfloat16 in current socversion")    # CANN's words (softmax family)
_RE_CAST_TARGET = _re.compile(r"Attribute dtype (\S+) (?:not implemented|is not an aclDataType)")


cdef str _np_spelling(DType d):
    return "ml_dtypes.bfloat16" if d is DT_BF16 else "np." + d.name


cdef str _convert_example(str arg, DType d, int seen):
    text = "%s.astype(%s)" % (arg, _np_spelling(d))
    if seen & _SEEN_TORCH:
        text += " (torch: %s.to(torch.%s))" % (arg, d.name.rstrip("_"))
    return text


cdef int _add_dtype_hint(OpDef op, object err, int seen, bint out_given) except -1:
    """Appends an actionable hint to a dtype refusal (err: an AclnnInvalidParamError),
    keeping CANN's message and status code first; sets err.hint."""
    cdef DType target
    message = err.message
    soc = _current_soc()
    names = {o: "out" for o in op.outputs}
    names.update(zip(op.inputs, op.args))
    accepted = [d for d in op.dtypes if soc.bf16 or d is not DT_BF16]
    if not accepted:
        return 0
    target = DT_FLOAT if DT_FLOAT in accepted else accepted[0]
    listed = ", ".join((<DType>d).name for d in accepted)
    by_log = {(<DType>d).log_name: d for d in DTYPES}
    hint = None
    m = _RE_NOT_IMPLEMENTED.match(message)
    if m is not None and m.group(3):
        # the list the refusal checked against (a tensor's own, e.g. ClippedSwiglu's INT64
        # group index, or a wider input list), not the op's compute list: the hint comes
        # from the rule that refused
        own = [by_log[n.strip()] for n in m.group(3).split(",") if n.strip() in by_log]
        own = [d for d in own if soc.bf16 or d is not DT_BF16]
        if own:
            accepted = own
            target = DT_FLOAT if DT_FLOAT in own else own[0]
            listed = ", ".join((<DType>d).name for d in own)
    if m is not None:
        arg = names.get(m.group(1), m.group(1))
        if arg == "out" and not out_given and op.args:
            # the out was allocated with the input's dtype (an op whose inputs' list is
            # wider than its kernels', input_dtypes): converting the input is the remedy
            arg = op.args[0]
        if isinstance(op, CastOp) and m.group(1) in op.outputs:
            # the out has the dtype attribute's dtype: the target is what to change
            hint = "ascendops.%s converts to %s (names, numpy dtypes or ascendops dtypes)" % (op.snake, listed)
        elif arg == "out":
            hint = ("ascendops.%s writes %s: pass an out= of one of these dtypes, or no out= to have "
                    "one allocated" % (op.snake, listed))
        else:
            hint = ("ascendops.%s takes %s as %s; convert it first, e.g. %s"
                    % (op.snake, arg, listed, _convert_example(arg, target, seen)))
        if m.group(2) == "DT_BF16" and m.group(3) and "DT_BF16" not in m.group(3) and DT_BF16 in op.dtypes:
            # a per-SoC list of a check sequence without BF16 where the op has it on others
            hint = "SoC %s has no bfloat16 for this op: %s" % (soc.name, hint)
    m = _RE_SAME_DTYPE.match(message) if hint is None else None
    if m is not None:
        first, first_dt, second, second_dt = m.group(1), m.group(2), m.group(3), m.group(4)
        if first in op.outputs and second not in op.outputs:
            # a check sequence names the output first (SameDtype(self, out) reads "Tensor
            # out dtype ... should be the same as self dtype ..."): the input is the other
            first, first_dt, second, second_dt = second, second_dt, first, first_dt
        arg = names.get(first, first)
        want = by_log.get(second_dt, target)
        have = by_log[first_dt].name if first_dt in by_log else first_dt
        if out_given:
            hint = ("out= has dtype %s but %s is %s: pass an out= of dtype %s, or convert %s, e.g. %s"
                    % ((<DType>want).name, arg, have, have, arg, _convert_example(arg, want, seen)))
        else:
            hint = ("ascendops.%s takes one dtype for every tensor on SoC %s (no mixed precision): "
                    "convert %s, e.g. %s" % (op.snake, soc.name, arg, _convert_example(arg, want, seen)))
    m = _RE_MIXED_OUT.match(message) if hint is None else None
    if m is not None:
        promoted = by_log[m.group(2)].name if m.group(2) in by_log else m.group(2)
        hint = ("inputs of different dtypes give a %s result: pass an out= of dtype %s, or "
                "convert the inputs to one dtype, e.g. %s"
                % (promoted, promoted, _convert_example(op.args[0], target, seen)))
    m = _RE_PROMOTED_UNLISTED.match(message) if hint is None else None
    if m is not None:
        promoted = by_log[m.group(1)].name if m.group(1) in by_log else m.group(1)
        hint = ("ascendops.%s computes in %s; its inputs promote to %s: convert them, e.g. %s"
                % (op.snake, listed, promoted, _convert_example(op.args[0], target, seen)))
    m = _RE_NO_BF16.search(message) if hint is None else None
    if m is not None:
        arg = names.get(m.group(1), m.group(1)) if m.group(1) else op.args[0]
        hint = ("SoC %s has no bfloat16: convert %s, e.g. %s, or select a SoC with BF16 "
                "(ascendops.set_soc(\"host\"))" % (soc.name, "the inputs" if not m.group(1) else arg,
                                                     _convert_example(arg, target, seen)))
    m = _RE_CAST_TARGET.match(message) if hint is None else None
    if m is not None:
        hint = "ascendops.%s converts to %s (names, numpy dtypes or ascendops dtypes)" % (op.snake, listed)
    if hint is not None:
        err.hint = hint
        err.args = ("%s\n  hint: %s" % (err.args[0], hint),) + tuple(err.args[1:])
    return 0


# -- the generated numpy-like functions -----------------------------------------------
cdef object _MISSING = object()


from cpython.object cimport PyTypeObject


cdef extern from *:
    """
    /* PEP 590 vectorcall for _NumpyLike (see _numpy_like_vectorcall). */
    #if PY_VERSION_HEX >= 0x03090000 && !defined(Py_LIMITED_API) && !defined(PYPY_VERSION)
    static void ao_enable_vectorcall(PyTypeObject *tp, Py_ssize_t offset)
    {
        tp->tp_vectorcall_offset = offset;
        tp->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
    }
    #else
    static void ao_enable_vectorcall(PyTypeObject *tp, Py_ssize_t offset) { (void)tp; (void)offset; }
    #endif
    /* PyVectorcall_NARGS: the count without PY_VECTORCALL_ARGUMENTS_OFFSET (the top bit). */
    #define ao_vectorcall_nargs(n) ((Py_ssize_t)((size_t)(n) & ~((size_t)1 << (8 * sizeof(size_t) - 1))))
    """
    void ao_enable_vectorcall(PyTypeObject *tp, Py_ssize_t offset)
    Py_ssize_t ao_vectorcall_nargs(size_t nargsf)


ctypedef object (*_vectorcall_fn)(object, PyObject **, size_t, PyObject *)


cdef object _numpy_like_vectorcall(object callable, PyObject **args, size_t nargsf, PyObject *kwnames):
    """_NumpyLike's vectorcall (PEP 590): f(dy, x, out=out) arrives as an array of
    arguments and a tuple of keyword names. Through tp_call (__call__) CPython first
    packs the keywords into a dict and Cython's `*args, out=None, **kwargs` copies
    that dict and pops `out` from it: ~60 ns of a cached 1-element call. Here the
    common calls (the inputs by position, at most `out=` by keyword) bind without a
    dict; any other call binds as __call__ does (_bind_and_call)."""
    cdef _NumpyLike self = <_NumpyLike>callable
    cdef Py_ssize_t nargs = ao_vectorcall_nargs(nargsf), nkw = 0, i
    cdef tuple kwnames_t = None
    cdef dict kwargs
    cdef object out = None
    if kwnames != NULL:
        kwnames_t = <tuple>kwnames
        nkw = len(kwnames_t)
    cdef tuple argt = PyTuple_New(nargs)
    for i in range(nargs):
        _incref(<object>args[i])
        PyTuple_SET_ITEM(argt, i, <object>args[i])
    if nkw == 1 and kwnames_t[0] == "out":
        out = <object>args[nargs]
        nkw = 0
    if nkw == 0:
        if nargs == self.nin and self.defaults_complete:
            return _call(self.op, argt, self.defaults, out)
        return self._bind_and_call(argt, {}, out)
    kwargs = {}
    for i in range(nkw):
        kwargs[kwnames_t[i]] = <object>args[nargs + i]
    return self._bind_and_call(argt, kwargs, kwargs.pop("out", None))


cdef class _NumpyLike:
    """ascendops.<op>(inputs..., attrs..., *, out=None): the numpy-like function
    generated from an op's declaration (ascendops._numpy_like sets its signature and
    docstring). Every argument binds by position or by keyword, as a Python function's."""
    cdef readonly OpDef op
    cdef Py_ssize_t nin
    cdef tuple names, defaults
    cdef dict index                 # argument name -> position
    cdef bint defaults_complete     # every attribute has a default: f(*tensors) binds as it is
    cdef object _doc
    cdef public object _make_doc    # () -> the docstring, called on first use of __doc__
    cdef dict __dict__      # __signature__, __name__, __module__, ... as a function has
    # Read by CPython at the type's tp_vectorcall_offset (set below the class); NULL
    # until __init__, so an instance made by __new__ alone is called through __call__.
    cdef _vectorcall_fn _vectorcall

    def __init__(self, OpDef op):
        self.op = op
        self._vectorcall = _numpy_like_vectorcall
        self.nin = len(op.args)
        self.names = op.args + op.attrs
        self.defaults = op.attr_defaults
        self.index = {name: i for i, name in enumerate(self.names)}
        self.defaults_complete = all(d is not REQUIRED for d in op.attr_defaults)

    def __call__(self, *args, out=None, **kwargs):
        # Calls from Python go through _numpy_like_vectorcall; this is tp_call's path
        # (f.__call__(...), C callers of tp_call), binding the same way.
        if not kwargs and len(args) == self.nin and self.defaults_complete:
            return _call(self.op, args, self.defaults, out)     # the fast path: f(dy, x)
        return self._bind_and_call(args, kwargs, out)

    cdef object _bind_and_call(self, tuple args, dict kwargs, object out):
        """Binds positional and keyword arguments as Python does for the signature
        (inputs..., attrs=defaults..., *, out=None), then calls."""
        cdef OpDef op = self.op
        if op is None:
            raise TypeError("this op function was not made from an op (_NumpyLike.__new__)")
        cdef Py_ssize_t npos = len(args), nparams = len(self.names), i
        if npos > nparams:
            raise TypeError("%s() takes at most %d positional arguments (%s) but %d were given"
                            % (op.snake, nparams, ", ".join(self.names), npos))
        values = list(args) + [_MISSING] * (nparams - npos)
        for name, v in kwargs.items():
            i = self.index.get(name, -1)
            if i < 0:
                raise TypeError("%s() got an unexpected keyword argument %r" % (op.snake, name))
            if i < npos:
                raise TypeError("%s() got multiple values for argument %r" % (op.snake, name))
            values[i] = v
        missing = []
        for i in range(nparams):
            if values[i] is _MISSING:
                if i >= self.nin and self.defaults[i - self.nin] is not REQUIRED:
                    values[i] = self.defaults[i - self.nin]
                else:
                    missing.append(repr(self.names[i]))
        if missing:
            raise TypeError("%s() missing %d required argument%s: %s"
                            % (op.snake, len(missing), "s" if len(missing) > 1 else "", " and ".join(missing)))
        return _call(op, tuple(values[:self.nin]), tuple(values[self.nin:]), out)

    @property
    def __doc__(self):
        # Generated on first use (help(), inspect.getdoc) from `_make_doc`, which
        # ascendops._numpy_like sets: building every op's docstring at import would cost
        # the import several milliseconds.
        if self._doc is None and self._make_doc is not None:
            self._doc = self._make_doc()
            self._make_doc = None
        return self._doc

    @__doc__.setter
    def __doc__(self, value):
        self._doc = value

    def __repr__(self):
        return "<ascendops function %s>" % (None if self.op is None else self.op.snake)

    def __reduce__(self):
        # Pickled by name, as a function is: ascendops.<snake> (see __module__).
        if self.op is None:
            raise TypeError("this op function was not made from an op (_NumpyLike.__new__)")
        return self.op.snake


cdef int _enable_numpy_like_vectorcall() except -1:
    cdef _NumpyLike probe = _NumpyLike.__new__(_NumpyLike)
    ao_enable_vectorcall(<PyTypeObject *>_NumpyLike, <char *>&probe._vectorcall - <char *><PyObject *>probe)
    return 0


_enable_numpy_like_vectorcall()


cdef DType DT_UINT8_ = _dtype_by_code[4]
cdef DType DT_BOOL_ = _dtype_by_code[12]
cdef int FORMAT_ND_ = 2   # Format.ND
