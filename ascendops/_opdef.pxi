# ---------------------------------------------------------------------------
# Op declarations and their checks: OpDef (the rules every op kind shares, as
# data) and the dtype and shape rules they apply (CANN's CanCast, promotion, broadcast).
# ---------------------------------------------------------------------------

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


cdef int _find_kernel(str name) except -1:
    k = ao_kernel_find(name.encode())
    if k < 0:
        _raise(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "no kernel %r in this build (src/ops/%s.h)"
               % (name, name))
    return k


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


# -- op definitions ----------------------------------------------------------------
cdef class OpDef:
    """An aclnn op as data. Subclasses plan a kind of computation; the checks that
    every op shares (null arguments, dtype lists, ranks) live here once."""
    cdef readonly str name          # aclnn name without the prefix: "SiluBackward"
    cdef readonly str snake         # "silu_backward": names of the generated functions
    cdef readonly tuple inputs      # CANN's names of the input tensors, in order
    cdef readonly str output        # CANN's name of the output tensor
    cdef readonly tuple args        # Python names of the inputs for the numpy-like API
    cdef readonly tuple attrs       # names of scalar/string attributes (part of the cache key)
    cdef readonly tuple attr_defaults
    cdef readonly tuple attr_rules  # per attribute: int, a tuple of allowed strings, or None
    cdef readonly tuple dtypes      # the dtype support list
    cdef readonly int min_rank
    cdef readonly object max_rank   # an int, or None: no cap (CANN's op reshapes or has no OP_CHECK_MAX_DIM)
    # "never": empty tensors pass every check first; "non_regbase": on non-regbase SoCs an
    # empty input returns success before any dtype or shape check (CANN's SoftmaxBackward)
    cdef readonly str empty_first
    # The output's dtype: "equal" (to the inputs' -- with promotion, to the promoted one);
    # "castable" (CanCast(promoted, out), opbase include/nnopbase/opdev/data_type_utils.h);
    # "unchecked" (CANN's op never compares it with the inputs': any dtype of the support
    # list, which the kernels write).
    cdef readonly str out_dtype
    cdef readonly object info       # test/doc metadata (references, sample inputs)
    cdef readonly str doc

    def __init__(self, name, snake, inputs, output, args, dtypes, attrs=(), attr_defaults=(),
                 attr_rules=(), min_rank=0, max_rank=8, empty_first="never", out_dtype="equal", info=None,
                 doc=""):
        self.name, self.snake = name, snake
        self.inputs, self.output, self.args = tuple(inputs), output, tuple(args)
        self.attrs, self.attr_defaults = tuple(attrs), tuple(attr_defaults)
        self.attr_rules = tuple(attr_rules) or (None,) * len(self.attrs)
        if len(self.attr_defaults) != len(self.attrs) or len(self.attr_rules) != len(self.attrs):
            raise ValueError("%s: attrs, attr_defaults and attr_rules differ in length" % name)
        self.dtypes = tuple(as_dtype(d) for d in dtypes)
        self.min_rank, self.max_rank = min_rank, max_rank
        if empty_first not in ("never", "non_regbase"):
            raise ValueError("%s: empty_first must be never/non_regbase" % name)
        self.empty_first = empty_first
        if out_dtype not in ("equal", "castable", "unchecked"):
            raise ValueError("%s: out_dtype must be equal/castable/unchecked" % name)
        self.out_dtype = out_dtype
        self.info, self.doc = info, doc
        if len(self.args) != len(self.inputs):
            raise ValueError("%s: %d Python argument names for %d inputs" % (name, len(self.args), len(self.inputs)))

    def __repr__(self):
        return "<aclnn op %s(%s) -> %s>" % (self.name, ", ".join(self.inputs + self.attrs), self.output)

    def __reduce__(self):
        # A registered op is pickled by name, as its numpy-like function is (its kernel
        # and tiling functions are this process's); an unregistered one is refused.
        if self.snake is None or _registry.get(self.snake) is not self:
            raise TypeError("op %r is not registered (ascendops.register): only registered ops "
                            "can be pickled, by name" % (self.name,))
        return (_registered_op, (self.snake,))

    @property
    def tensor_names(self):
        return self.inputs + (self.output,)

    cpdef tuple check_attrs(self, tuple attrs):
        """Validates attribute values by attr_rules (None -> 161001, bad values ->
        161002); returns them normalised. Ops with other attributes override this."""
        if not attrs and not self.attrs:
            return ()
        out = []
        for name, rule, v in zip(self.attrs, self.attr_rules, attrs):
            if rule is None:
                out.append(v)
                continue
            if v is None:
                _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper value but got null for attribute %s." % name)
            if rule is int:
                if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
                    _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s should be an integer, but got %r." % (name, v))
                v = int(v)
            elif not isinstance(v, str) or v not in rule:
                _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s should be in [%s], but got %r."
                       % (name, ", ".join(rule), v))
            out.append(v)
        return tuple(out)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        """(shape, dtype) of the output the numpy-like API allocates."""
        raise NotImplementedError

    def plan(self, tuple tensors, tuple attrs, soc):
        """Phase 1 after the null checks: all checks and planning. Returns a Plan."""
        raise NotImplementedError

    # Shared check steps, in CANN's order, for subclasses to call.
    def check_dtype_support(self, tuple tensors):
        for name, t in zip(self.tensor_names, tensors):
            if (<Tensor>t).dtype not in self.dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID,
                       "Tensor %s not implemented for %s, should be in dtype support list %s."
                       % (name, (<Tensor>t).dtype.log_name, _dt_list(self.dtypes)))

    def check_ranks(self, tuple tensors):
        for name, t in zip(self.tensor_names, tensors):
            nd = len((<Tensor>t).shape)
            if (self.max_rank is not None and nd > self.max_rank) or nd < self.min_rank:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims, should be in [%d, %s]."
                       % (name, nd, self.min_rank, self.max_rank))

    def returns_early_on_empty(self, tuple inputs, soc):
        """The empty-tensor early return before the dtype/shape checks (empty_first)."""
        if self.empty_first == "non_regbase" and not soc.regbase:
            return any((<Tensor>t).numel == 0 for t in inputs)
        return False
