# ---------------------------------------------------------------------------
# Check sequences: an op's parameter checks as data, in the order its CANN op_api
# source runs them (CheckNotNull, OP_CHECK_DTYPE_NOT_SUPPORT, PromoteType, CanCast,
# OP_CHECK_MAX_DIM, OP_CHECK_BROADCAST_AND_INFER_SHAPE, IsEmpty() returns, ...), each
# step naming the CANN function it transcribes. One engine (Checks.run) runs any
# sequence in phase 1, before the op kind plans; docs/fidelity.md sets out the method.
# ---------------------------------------------------------------------------

# -- CANN's dtype and shape rules the steps apply ---------------------------------------
def broadcast_shapes(*shapes):
    """numpy's broadcast of shapes, or None when they do not broadcast."""
    ndim = max([len(s) for s in shapes] or [0])
    out = []
    for i in range(ndim):
        size = 1
        for s in shapes:
            j = i - (ndim - len(s))
            if j < 0:
                continue
            d = s[j]
            if d != 1:
                if size != 1 and size != d:
                    return None
                size = d
        out.append(size)
    return tuple(out)


cdef bint _can_cast(DType src, DType dst):
    """CANN's CanCast (opbase include/nnopbase/opdev/data_type_utils.h): no complex ->
    real, no floating -> integral, nothing but bool -> bool."""
    if src.code in (16, 17, 33) and dst.code not in (16, 17, 33):
        return False
    if src.is_floating:
        if dst.code in (2, 3, 4, 6, 7, 8, 9, 10, 29):
            return False
    return not (dst.code == 12 and src.code != 12)


cdef DType _promoted(set dtypes):
    """numpy's result type of the array operands' dtypes; FLOAT where numpy has none
    (float16 with bfloat16), which is also what CANN's mixed precision writes."""
    try:
        return as_dtype(np.result_type(*[(<DType>d).numpy for d in dtypes]))
    except (TypeError, ValueError):
        return DT_FLOAT


# CANN's PromoteType: opbase's kPromoteTypesLookup (hicann/opbase
# include/nnopbase/opdev/data_type_utils.h, commit aa3cd74b7f6d772acd64ff48292a7e65a9bc8142;
# op_common/data_type_utils.h holds the same table), row = the first dtype's aclDataType
# code, column = the second's, copied cell for cell. Unlike numpy's result_type it keeps
# integers with a float at the float (INT32 + FLOAT -> FLOAT), int8 + uint8 -> INT16 and
# unsigned integers wider than 8 bits promote with nothing but complex ("ud": undefined).
_PROMOTE_ABBREVIATIONS = {"f4": 0, "f2": 1, "i1": 2, "i4": 3, "u1": 4, "i2": 6, "i8": 9, "f8": 11,
                          "b1": 12, "c4": 16, "c8": 17, "bf": 27, "c2": 33, "ud": None}
_PROMOTE_TYPES_LOOKUP = (
    "f4 f4 f4 f4 f4 ud f4 ud ud f4 ud f8 f4 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud f4 ud ud ud ud ud c4",  # 0
    "f4 f2 f2 f2 f2 ud f2 ud ud f2 ud f8 f2 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud f4 ud ud ud ud ud c2",  # 1
    "f4 f2 i1 i4 i2 ud i2 ud ud i8 ud f8 i1 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud bf ud ud ud ud ud c2",  # 2
    "f4 f2 i4 i4 i4 ud i4 ud ud i8 ud f8 i4 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud bf ud ud ud ud ud c2",  # 3
    "f4 f2 i2 i4 u1 ud i2 ud ud i8 ud f8 u1 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud bf ud ud ud ud ud c2",  # 4
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 5
    "f4 f2 i2 i4 i2 ud i2 ud ud i8 ud f8 i2 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud bf ud ud ud ud ud c2",  # 6
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 7
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 8
    "f4 f2 i8 i8 i8 ud i8 ud ud i8 ud f8 i8 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud bf ud ud ud ud ud c2",  # 9
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud c8 c8 ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 10
    "f8 f8 f8 f8 f8 ud f8 ud ud f8 ud f8 f8 ud ud ud c8 c8 ud ud ud ud ud ud ud ud ud f8 ud ud ud ud ud c8",  # 11
    "f4 f2 i1 i4 u1 ud i2 ud ud i8 ud f8 b1 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud bf ud ud ud ud ud c2",  # 12
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 13
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 14
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 15
    "c4 c4 c4 c4 c4 ud c4 ud ud c4 ud c8 c4 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud c4 ud ud ud ud ud c4",  # 16
    "c8 c8 c8 c8 c8 ud c8 ud ud c8 ud c8 c8 ud ud ud c8 c8 ud ud ud ud ud ud ud ud ud c8 ud ud ud ud ud c8",  # 17
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 18
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 19
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 20
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 21
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 22
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 23
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 24
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 25
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 26
    "f4 f4 bf bf bf ud bf ud ud bf ud f8 bf ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud bf ud ud ud ud ud c4",  # 27
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 28
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 29
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 30
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 31
    "ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud ud",  # 32
    "c4 c2 c2 c2 c2 ud c2 ud ud c2 ud c8 c2 ud ud ud c4 c8 ud ud ud ud ud ud ud ud ud c4 ud ud ud ud ud c2",  # 33
)
cdef list _promote_lookup = [[_PROMOTE_ABBREVIATIONS[c] for c in row.split()] for row in _PROMOTE_TYPES_LOOKUP]


cdef DType _cann_promote_type(DType a, DType b):
    """CANN's PromoteType(a, b): a when both are equal, else the lookup table's cell;
    None where CANN's is DT_UNDEFINED (codes outside the table included)."""
    if a is b:
        return a
    if not (0 <= a.code < 34 and 0 <= b.code < 34):
        return None
    code = _promote_lookup[a.code][b.code]
    return None if code is None else _dtype_by_code[code]


cdef DType _cann_promoted(list dtypes):
    """CANN's promoted dtype of the inputs' dtypes, in input order (PromoteType of the
    first two, then of that with the next: how CANN's ops chain it); None: undefined."""
    cdef DType out = dtypes[0]
    for d in dtypes[1:]:
        out = _cann_promote_type(out, d)
        if out is None:
            return None
    return out


def cann_promote_type(a, b):
    """CANN's PromoteType of two dtypes (names, numpy dtypes or DTypes); None where CANN's
    is DT_UNDEFINED."""
    return _cann_promote_type(as_dtype(a), as_dtype(b))



cdef DType _scalar_dtype(value):
    """The aclScalar's dtype of a value: a numpy scalar's own, bool BOOL, int INT64,
    float FLOAT, complex COMPLEX64 (aclCreateScalar's value kinds)."""
    if isinstance(value, np.generic):
        return as_dtype(value.dtype)
    if isinstance(value, bool):
        return as_dtype("bool")
    if isinstance(value, int):
        return as_dtype("int64")
    if isinstance(value, complex):
        return as_dtype("complex64")
    return as_dtype("float32")


# -- the check sequence -----------------------------------------------------------------
class CannSource:
    """Where a sequence is transcribed from: repository, commit and file (CANN's
    op_api source, or for an API CANN generates, its op_host definition)."""

    def __init__(self, repo, commit, path):
        if not (isinstance(repo, str) and isinstance(commit, str) and isinstance(path, str)):
            raise TypeError("CannSource(repo, commit, path): three strings")
        self.repo, self.commit, self.path = repo, commit, path

    def __repr__(self):
        return "%s@%s %s" % (self.repo, self.commit[:8], self.path)


class CheckContext:
    """What the steps of one phase-1 call read and write: the tensors and attributes by
    CANN's parameter names, the SoC, and the dtypes steps derive ("promoted", ...)."""

    def __init__(self, op, tensors, attrs, soc):
        self.op, self.soc = op, soc
        self.values = {}
        for name, t in zip(op.tensor_names, tensors):
            self.values[name] = t
        for p, v in zip(op.attr_params, attrs):
            self.values[p.name] = v
        for alias, name in op.check_aliases:
            self.values[alias] = self.values[name]
        self.derived = {}
        self.empty = False

    def tensor(self, name):
        v = self.values[name]
        return v if isinstance(v, Tensor) else None

    def dtype(self, name):
        """The dtype a step compares: a tensor's, a derived one's, or an aclScalar
        attribute's (Scalar.dtype_of); None where the operand is null."""
        if name in self.derived:
            return self.derived[name]
        v = self.values[name]
        if v is None:
            return None
        if isinstance(v, Tensor):
            return (<Tensor>v).dtype
        return _scalar_dtype(v)

    def describe(self, name):
        """How a message names an operand: "Tensor self", "The promoted dtype", ..."""
        if name in self.derived:
            return "The %s dtype" % name
        return ("Tensor %s" if isinstance(self.values.get(name), Tensor) else "Attribute %s") % name


# The host profile (the CPU device's default: every dtype, regbase rules) reads a per-SoC
# table as the newest SoC it lists: Ascend950's entry (DAV_3510, regbase), else
# Ascend910B's (DAV_2201), else the default; a host profile made without regbase rules
# skips the former, one without BF16 both.
_HOST_REGBASE_KEYS = ("Ascend950", "DAV_3510", "regbase")
_HOST_BF16_KEYS = ("Ascend910B", "DAV_2201")


def _soc_entry(table, soc):
    """A per-SoC table's entry for `soc`: its name's, else its arch's (DAV_2201, ...),
    else "regbase" on a regbase SoC, else "default" (the host: _HOST_REGBASE_KEYS,
    _HOST_BF16_KEYS)."""
    if not isinstance(table, dict):
        return table
    if soc.host:
        keys = (("host",) + (_HOST_REGBASE_KEYS if soc.regbase and soc.bf16 else ())
                + (_HOST_BF16_KEYS if soc.bf16 else ()) + ("default",))
    else:
        keys = (soc.name, soc.arch, "regbase" if soc.regbase else None, "default")
    for key in keys:
        if key is not None and key in table:
            return table[key]
    raise KeyError("no entry for SoC %s (%s) and no \"default\"" % (soc.name, soc.arch))


def _dtype_table(value, what):
    if isinstance(value, dict):
        if "default" not in value:
            raise ValueError("%s: a per-SoC table needs a \"default\" entry" % what)
        return {k: tuple(as_dtype(d) for d in v) for k, v in value.items()}
    return tuple(as_dtype(d) for d in value)


class Check:
    """One step of a check sequence. `at`: the CANN function it transcribes
    (CheckParams, CheckShape, ...); a step of a sequence given Checks(at=...) default
    inherits the enclosing group's. apply(ctx) raises CANN's status or returns; the engine
    stops after a step that sets ctx.empty (an early success)."""
    names = ()

    def __init__(self, at=None):
        self.at = at

    def apply(self, ctx):
        raise NotImplementedError

    def operands(self):
        """The parameter or derived names the step reads (checked at declaration)."""
        return tuple(self.names)

    def defines(self):
        """Derived names this step writes (Promote's into)."""
        return ()

    def __repr__(self):
        return "%s(%s)%s" % (type(self).__name__, ", ".join(map(repr, self.names)),
                             "" if self.at is None else " at %s" % self.at)


class NotNull(Check):
    """OP_CHECK_NULL of each named parameter, in order: 161001, or `status` where CANN's
    CHECK_RET returns another (TriangularSolve's ACLNN_ERR_INNER_NULLPTR, 561103)."""

    def __init__(self, *names, status=ACLNN_ERR_PARAM_NULLPTR, at=None):
        Check.__init__(self, at)
        self.names, self.status = names, status

    def apply(self, ctx):
        for n in self.names:
            if ctx.values[n] is None:
                if n in ctx.op.tensor_names or n in dict(ctx.op.check_aliases):
                    _raise(self.status, "Expected a proper Tensor but got null for argument %s." % n)
                _raise(self.status, "Expected a proper value but got null for attribute %s." % n)


class DtypeIn(Check):
    """OP_CHECK_DTYPE_NOT_SUPPORT: each named operand's dtype (a tensor's, a derived
    one's, an aclScalar's) in `dtypes`, a tuple or a per-SoC dict (keys: SoC name, arch
    such as "DAV_2201", "regbase", and "default"); a null operand is skipped. 161002."""

    def __init__(self, *names, dtypes, at=None):
        Check.__init__(self, at)
        if not names:
            raise ValueError("DtypeIn: name the operands")
        self.names = names
        self.dtypes = _dtype_table(dtypes, "DtypeIn%r" % (names,))

    def apply(self, ctx):
        allowed = _soc_entry(self.dtypes, ctx.soc)
        for n in self.names:
            d = ctx.dtype(n)
            if d is not None and d not in allowed:
                _raise(ACLNN_ERR_PARAM_INVALID, "%s not implemented for %s, should be in dtype support list %s."
                       % (ctx.describe(n), d.log_name, _dt_list(allowed)))


class SameDtype(Check):
    """OP_CHECK_DTYPE_NOT_MATCH / OP_CHECK_DTYPE_NOT_SAME: each named operand's dtype is
    the first's. 161002."""

    def __init__(self, first, *others, at=None):
        Check.__init__(self, at)
        if not others:
            raise ValueError("SameDtype: two operands at least")
        self.names = (first,) + others

    def apply(self, ctx):
        want = ctx.dtype(self.names[0])
        for n in self.names[1:]:
            d = ctx.dtype(n)
            if want is not None and d is not None and d is not want:
                _raise(ACLNN_ERR_PARAM_INVALID, "%s dtype %s should be the same as %s dtype %s."
                       % (ctx.describe(n), d.log_name, ctx.describe(self.names[0]).split(" ", 1)[-1],
                          want.log_name))


class Promote(Check):
    """op::PromoteType of the named operands' dtypes, chained in order, into a derived
    name (default "promoted"); DT_UNDEFINED: 161002."""

    def __init__(self, *names, into="promoted", at=None):
        Check.__init__(self, at)
        if len(names) < 2:
            raise ValueError("Promote: two operands at least")
        self.names, self.into = names, into

    def defines(self):
        return (self.into,)

    def apply(self, ctx):
        dtypes = [ctx.dtype(n) for n in self.names]
        if None in dtypes:
            ctx.derived[self.into] = None
            return
        out = _cann_promoted(dtypes)
        if out is None:
            _raise(ACLNN_ERR_PARAM_INVALID, "The dtypes %s can not be promoted."
                   % ", ".join("%s %s" % (n, d.log_name) for n, d in zip(self.names, dtypes)))
        ctx.derived[self.into] = out


class CanCast(Check):
    """CanCast(src, dst) of two operands' dtypes (opbase data_type_utils.h). 161002.
    bool_needs_integral=True: where dst is BOOL, src must be an integral type or BOOL
    instead (AddRelu's alpha: IsIntegralType(alpha, true) when the promoted dtype is BOOL)."""

    def __init__(self, src, dst, at=None, bool_needs_integral=False):
        Check.__init__(self, at)
        self.names = (src, dst)
        self.bool_needs_integral = bool(bool_needs_integral)

    def apply(self, ctx):
        s, d = ctx.dtype(self.names[0]), ctx.dtype(self.names[1])
        if s is None or d is None:
            return
        if self.bool_needs_integral and d.code == 12:
            ok = s.code in (2, 3, 4, 6, 9, 12, 7, 8, 10)
        else:
            ok = _can_cast(s, d)
        if not ok:
            _raise(ACLNN_ERR_PARAM_INVALID, "%s dtype %s cannot be cast to %s dtype %s."
                   % (ctx.describe(self.names[0]), s.log_name, ctx.describe(self.names[1]).lower(), d.log_name))


class Rank(Check):
    """OP_CHECK_MAX_DIM / OP_CHECK_MIN_DIM / OP_CHECK_WRONG_DIMENSION of each named
    tensor: its rank in [min, max]. 161002."""

    def __init__(self, *names, max=None, min=None, at=None):
        Check.__init__(self, at)
        if max is None and min is None:
            raise ValueError("Rank: give max= or min=")
        self.names, self.max, self.min = names, max, min

    def apply(self, ctx):
        for n in self.names:
            t = ctx.tensor(n)
            if t is None:
                continue
            nd = len((<Tensor>t).shape)
            if self.max is not None and nd > self.max:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims, should be at most %d." % (n, nd, self.max))
            if self.min is not None and nd < self.min:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims, should be at least %d." % (n, nd, self.min))

    def __repr__(self):
        return "Rank(%s, max=%r, min=%r)%s" % (", ".join(map(repr, self.names)), self.max, self.min,
                                             "" if self.at is None else " at %s" % self.at)


class SameShape(Check):
    """OP_CHECK_SHAPE_NOT_EQUAL: each named tensor's shape is the first's. 161002."""

    def __init__(self, first, *others, at=None):
        Check.__init__(self, at)
        if not others:
            raise ValueError("SameShape: two operands at least")
        self.names = (first,) + others

    def apply(self, ctx):
        a = ctx.tensor(self.names[0])
        for n in self.names[1:]:
            b = ctx.tensor(n)
            if a is not None and b is not None and (<Tensor>a).shape != (<Tensor>b).shape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                       % (n, (<Tensor>b).shape, self.names[0], (<Tensor>a).shape))


class SameNumel(Check):
    """Equal element counts (CANN's GetShapeSize() comparisons). 161002."""

    def __init__(self, first, *others, at=None):
        Check.__init__(self, at)
        if not others:
            raise ValueError("SameNumel: two operands at least")
        self.names = (first,) + others

    def apply(self, ctx):
        a = ctx.tensor(self.names[0])
        for n in self.names[1:]:
            b = ctx.tensor(n)
            if a is not None and b is not None and (<Tensor>a).numel != (<Tensor>b).numel:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d elements, should have %s's %d."
                       % (n, (<Tensor>b).numel, self.names[0], (<Tensor>a).numel))


class Broadcast(Check):
    """OP_CHECK_BROADCAST_AND_INFER_SHAPE of the named tensors, then (out=) the output's
    shape equal to the broadcast shape. 161002."""

    def __init__(self, *names, out=None, at=None):
        Check.__init__(self, at)
        if len(names) < 2:
            raise ValueError("Broadcast: two operands at least")
        self.names, self.out = names, out

    def operands(self):
        return self.names + ((self.out,) if self.out is not None else ())

    def apply(self, ctx):
        ts = [ctx.tensor(n) for n in self.names]
        if any(t is None for t in ts):
            return
        bshape = broadcast_shapes(*[(<Tensor>t).shape for t in ts])
        if bshape is None:
            _raise(ACLNN_ERR_PARAM_INVALID, "Shapes %s cannot broadcast."
                   % ", ".join("%s %r" % (n, (<Tensor>t).shape) for n, t in zip(self.names, ts)))
        if self.out is not None:
            o = ctx.tensor(self.out)
            if o is not None and (<Tensor>o).shape != bshape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the broadcast shape %r."
                       % (self.out, (<Tensor>o).shape, bshape))

    def __repr__(self):
        return "Broadcast(%s, out=%r)%s" % (", ".join(map(repr, self.names)), self.out,
                                           "" if self.at is None else " at %s" % self.at)


class BroadcastTo(Check):
    """OP_CHECK_BROADCAST_WITH_SHAPE: the tensor broadcasts to the target's shape
    (numpy's rule, the target's shape unchanged). 161002."""

    def __init__(self, name, target, at=None):
        Check.__init__(self, at)
        self.names = (name, target)

    def apply(self, ctx):
        a, b = ctx.tensor(self.names[0]), ctx.tensor(self.names[1])
        if a is None or b is None:
            return
        if broadcast_shapes((<Tensor>a).shape, (<Tensor>b).shape) != (<Tensor>b).shape:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r cannot broadcast to %s shape %r."
                   % (self.names[0], (<Tensor>a).shape, self.names[1], (<Tensor>b).shape))


class EmptyReturn(Check):
    """`if (x->IsEmpty() || ...) { *workspaceSize = 0; return ACLNN_SUCCESS; }`: where
    any named tensor has no elements, phase 1 succeeds here with an executor that runs
    nothing, and no later step runs. where=: a predicate of the SoC (CANN's
    `IsRegBase()` conditions), e.g. lambda soc: not soc.regbase. every=True: only where
    every named tensor given is empty (a generated API skips the launch when all its
    outputs are empty)."""

    def __init__(self, *names, where=None, every=False, at=None):
        Check.__init__(self, at)
        if not names:
            raise ValueError("EmptyReturn: name the tensors")
        if where is not None and not callable(where):
            raise TypeError("EmptyReturn: where= is a predicate of the SoC")
        self.names, self.where, self.every = names, where, bool(every)

    def apply(self, ctx):
        if self.where is not None and not self.where(ctx.soc):
            return
        given = [t for t in (ctx.tensor(n) for n in self.names) if t is not None]
        empty = [(<Tensor>t).numel == 0 for t in given]
        if (all(empty) and empty) if self.every else any(empty):
            ctx.empty = True


class FormatIn(Check):
    """OP_CHECK_FORMAT-style checks: each named tensor's storage format (ascendops.Format
    names: "ND", "NCHW", ...) in `formats`; a null tensor is skipped. 161002. (CANN's
    CheckFormat that only logs a warning, OP_CHECK_NO_RETURN, is no step.)"""

    def __init__(self, *names, formats, at=None):
        Check.__init__(self, at)
        self.names = names
        self.formats = tuple(Format[f] if isinstance(f, str) else Format(f) for f in formats)

    def apply(self, ctx):
        for n in self.names:
            t = ctx.tensor(n)
            if t is not None and (<Tensor>t)._format not in self.formats:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s format %s should be in %s."
                       % (n, Format((<Tensor>t)._format).name, "[%s]" % ", ".join(f.name for f in self.formats)))


class SameFormat(Check):
    """The named tensors' storage formats equal the first's (CANN's format-match checks).
    161002."""

    def __init__(self, first, *others, at=None):
        Check.__init__(self, at)
        self.names = (first,) + others

    def apply(self, ctx):
        a = ctx.tensor(self.names[0])
        for n in self.names[1:]:
            b = ctx.tensor(n)
            if a is not None and b is not None and (<Tensor>a)._format != (<Tensor>b)._format:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s format %s should be the same as %s format %s."
                       % (n, Format((<Tensor>b)._format).name, self.names[0], Format((<Tensor>a)._format).name))


class When(Check):
    """Steps CANN runs only under a condition of the call (`if (!self->IsEmpty()) {...}`,
    `if (IsRegBase()) ...`, a 0-d input skipping a check): cond(ctx) -> bool, then the
    steps in order. `what` says the condition in words."""

    def __init__(self, cond, what, *steps, at=None):
        Check.__init__(self, at)
        if not callable(cond) or not isinstance(what, str) or not steps \
                or not all(isinstance(s, Check) for s in steps):
            raise TypeError("When(cond, \"what\", step, ...)")
        self.cond, self.what, self.steps = cond, what, steps

    def operands(self):
        return tuple(n for s in self.steps for n in s.operands())

    def defines(self):
        return tuple(n for s in self.steps for n in s.defines())

    def apply(self, ctx):
        if self.cond(ctx):
            for s in self.steps:
                s.apply(ctx)
                if ctx.empty:
                    return

    def __repr__(self):
        return "When(%s: %s)" % (self.what, ", ".join(map(repr, self.steps)))


class Require(Check):
    """A check CANN's source writes for this op alone, as a named function beside the
    declaration: fn(ctx) returns None (passes) or a message (`status`, default 161002).
    `what` says in a few words what it checks (it appears in docs and repr); `names`, the
    parameters fn reads (ctx.values[name], ctx.tensor(name), ctx.dtype(name)): on a call
    with a null parameter the step runs only where it names them all and none is null."""

    def __init__(self, fn, what, status=ACLNN_ERR_PARAM_INVALID, names=(), at=None):
        Check.__init__(self, at)
        if not callable(fn):
            raise TypeError("Require: fn must be callable")
        self.fn, self.what, self.status, self.names = fn, what, status, tuple(names)

    def apply(self, ctx):
        message = self.fn(ctx)
        if message is not None:
            _raise(self.status, str(message))

    def __repr__(self):
        return "Require(%s: %s)%s" % (getattr(self.fn, "__name__", "?"), self.what,
                                      "" if self.at is None else " at %s" % self.at)


class BaseChecks(Check):
    """In an in-place op's sequence: the out-of-place op's whole sequence here, run with
    its output and first input both the in-place tensor (CANN's aclnnInplace<Op> calling
    the out-of-place GetWorkspaceSize, or its CheckParams, after its own checks)."""

    def apply(self, ctx):
        raise TypeError("BaseChecks is spliced by Checks, never run")


def _set_at(step, at):
    if step.at is None:
        step.at = at
    for inner in getattr(step, "steps", ()):
        _set_at(inner, at)


class Checks:
    """An op's check sequence: CANN's source (a CannSource) and its steps in the order
    the source runs them. Steps may be grouped by CANN function: a tuple
    (function name, step, step, ...) sets `at` of the steps that have none."""

    def __init__(self, source, *steps):
        if not isinstance(source, CannSource):
            raise TypeError("Checks: the first argument is the CannSource")
        self.source = source
        flat = []
        for s in steps:
            if isinstance(s, tuple):
                if not s or not isinstance(s[0], str):
                    raise TypeError("Checks: a group is (\"CANN function\", step, ...)")
                for inner in s[1:]:
                    if not isinstance(inner, Check):
                        raise TypeError("Checks: %r is not a Check" % (inner,))
                    _set_at(inner, s[0])
                    flat.append(inner)
            elif isinstance(s, Check):
                flat.append(s)
            else:
                raise TypeError("Checks: %r is not a Check or a (function, steps...) group" % (s,))
        self.steps = tuple(flat)

    def resolved(self, base):
        """The steps with BaseChecks replaced by `base`'s (an in-place sequence)."""
        out = []
        for s in self.steps:
            if isinstance(s, BaseChecks):
                if base is None:
                    raise ValueError("BaseChecks in a sequence with no out-of-place op")
                out.extend(base.steps)
            else:
                out.append(s)
        return tuple(out)

    def __repr__(self):
        return "Checks(%r, %d steps)" % (self.source, len(self.steps))


cdef int _run_null_checks(op, tuple tensors, tuple attrs, soc) except -1:
    """The sequence on a call with a null parameter: its steps in order up to the
    NotNull that refuses it (a step before it may refuse first, as in CANN: an in-place
    op's shape check before its attributes' null checks). A step that would read a null
    operand is skipped. An empty tensor's early success does not end it (no success with
    a null: a later NotNull still refuses), but past it only the NotNull steps run, as
    the call's own pass would have returned there."""
    ctx = CheckContext(op, tensors, attrs, soc)
    # the null parameters that may not be null (an optional one's null is a value the
    # steps read, as on any call)
    optional = {p.name for p in op.params if p.optional}
    nulls = {n for n, v in ctx.values.items() if v is None and n not in optional}
    returned = False
    for step in op.check_steps:
        if not isinstance(step, NotNull) and (returned or any(n in nulls for n in step.operands())
                                              or (isinstance(step, Require) and not step.names)):
            # (a Require that does not name what it reads cannot be known to be safe)
            continue
        step.apply(ctx)
        returned = returned or ctx.empty
        ctx.empty = False
    return 0


cdef object _run_checks(op, tuple tensors, tuple attrs, soc):
    """Runs op's check sequence; returns the context (ctx.empty: phase 1 ends in an
    early success)."""
    ctx = CheckContext(op, tensors, attrs, soc)
    for step in op.check_steps:
        step.apply(ctx)
        if ctx.empty:
            break
    return ctx


def run_checks(op, tuple tensors, tuple attrs, soc=None):
    """The op's check sequence on `tensors` (inputs then outputs) and converted `attrs`
    on `soc` (default: the current SoC): raises CANN's status, or returns the context
    (its .empty says phase 1 ends in an early success there)."""
    if op.check_steps is None:
        raise ValueError("%s declares no check sequence" % op.name)
    return _run_checks(op, tensors, attrs, _current_soc() if soc is None else soc)
