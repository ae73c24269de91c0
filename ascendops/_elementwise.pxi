# ---------------------------------------------------------------------------
# ElementwiseOp: out[i] = f(in0[i], ...), one C kernel over fp32 values, with
# CANN's dtype, broadcast and mixed-precision rules as declared.
# ---------------------------------------------------------------------------
from ascendops.tiling import Tiling, TilingError

cdef tuple _interleaved_halves(Tensor t, tuple shape, int dim):
    """The even and odd halves of split input `t` (full shape) along the axis its dims
    dim.. merge into, as ((view, element offset), (view, element offset)) over the
    iteration `shape` (t's with dim halved), and None; or, where those dims of t are not
    one stride apart (a transposed or sliced block), views over a C-contiguous copy of t
    and (the even view, its strides, the odd one's) for _elementwise_plan's regions."""
    cdef int nd = len(t.shape), j
    cdef int64_t s = 0, acc = 1
    full = t.shape
    inner = [1] * nd            # C-contiguous strides of t's shape
    for j in range(nd - 1, -1, -1):
        inner[j] = acc
        acc *= full[j]
    merged = True
    for j in range(nd - 1, dim - 1, -1):
        if full[j] == 1:
            continue
        if s == 0:
            s = t._strides[j] // inner[j] if inner[j] and t._strides[j] % inner[j] == 0 else -1
            if s <= 0:
                merged = False
                break
        if t._strides[j] != s * inner[j]:
            merged = False
            break
    if s <= 0:
        merged = False
    if merged:
        strides = tuple(t._strides[j] if j < dim else 2 * s * inner[j] for j in range(nd))
        return ((_make_tensor(t.storage, shape, strides, t.offset, t.dtype, t._format), 0),
                (_make_tensor(t.storage, shape, strides, t.offset + s, t.dtype, t._format), s)), None
    strides = tuple(inner[j] if j < dim else 2 * inner[j] for j in range(nd))
    even = _make_tensor(t.storage, shape, strides, t.offset, t.dtype, t._format)
    odd = _make_tensor(t.storage, shape, strides, t.offset, t.dtype, t._format)
    return ((even, 0), (odd, 0)), (even, t, strides)


cdef class ElementwiseOp(OpDef):
    """out[i] = f(in0[i], in1[i], ...) for a C kernel `f` over fp32 values (an
    src/ops/<kernel>.h file), with CANN's dtype, broadcast and
    mixed-precision rules chosen per SoC."""
    cdef readonly str kernel
    cdef readonly str broadcast       # "soc": where the SoC is regbase; "never"; "always"
    # Input dtypes: "soc": mixed dtypes promote where the SoC is regbase, else all must be
    # equal; "always": promoted by CANN's promote table on every SoC (PromoteType, opbase
    # include/nnopbase/opdev/data_type_utils.h); "never": all equal to the output's.
    cdef readonly str mixed
    # Which dtypes meet the support list: "each" (every tensor's); "promoted" (the inputs'
    # promoted dtype only, and the outputs': CANN's CheckPromoteTypeGeluBackward, ops-nn
    # common/inc/op_api/level2_base.h, checks PromoteType(gradOutput, self) against the
    # list and the BF16 rule, never an input's own dtype; inputs the engine cannot read
    # are cast to the promoted dtype first, as CANN's l0op::Cast does).
    cdef readonly str dtype_check
    # CANN's support list of the inputs where it is wider than the kernels' (`dtypes`):
    # None, a tuple, or a per-SoC dict like `dtypes`. Each input must be in it (CANN's
    # OP_CHECK_DTYPE_NOT_SUPPORT on the input); the outputs keep `dtypes`. An input the
    # kernels cannot read is cast first (l0op::Cast) to the compute dtype: the inputs'
    # promoted dtype where that is a kernel dtype (aclnn_add_relu.cpp: FLOAT + INT32 ->
    # FLOAT), else `input_cast`'s: "out" (the output's dtype, aclnn_sigmoid.cpp) or a
    # dtype name ("float32", aclnn_erfinv.cpp). A compute dtype outside `dtypes` (an
    # integer one) is refused, 161002: the engine has no integer kernels.
    cdef readonly object input_dtypes
    cdef readonly object input_dtypes_by_soc
    cdef readonly object input_cast
    # The inputs (names) that input_dtypes is CANN's list of (None: every input); the
    # others are checked against `dtypes` (SoftplusBackward: self takes integers and
    # BOOL, gradOutput only the kernels' dtypes and DOUBLE).
    cdef readonly tuple input_dtypes_of
    cdef readonly object tiling       # f(n, dtype_size, ub_size, core_num) -> Tiling
    cdef readonly object kernel_for   # optional f(attrs) -> (kernel name, float attrs)
    # CANN's host tiling's own checks, for an op whose aclnn API CANN generates from its op
    # definition (no op_api source: GeluMul, FatreluMul refuse shapes and string attributes
    # in <op>_tiling.cpp): f(shapes of the tensors, inputs then outputs, attrs) -> None or
    # a message, which is 561002 (ACLNN_ERR_INNER_TILING_ERROR). Run after the dtype, rank
    # and dim checks, before the split's parity and the operands' shapes (split operands'
    # phase 1, _plan_split; the tiling sees the input's shape, even an odd or empty one).
    cdef readonly object tiling_check
    cdef int _kernel
    # The dtype the kernel computes in, for a compute dtype the fp32 kernels do not have
    # (src/wide.c): DOUBLE in float64 (CANN's AI-CPU kernels), an integer dtype in that
    # dtype where the op's header has an integer body (AO_EW_INT*: CANN's integer AI-core
    # kernels), else in fp32 (CANN's kernels that read integers into fp32). `compute`
    # overrides it per dtype where CANN Casts first ({"int16": "int32"}: Threshold;
    # {"float64": "float32"}: an op that casts DOUBLE to FLOAT).
    cdef readonly dict compute_as
    # How a float result is written into an integer output: "trunc" (toward zero, CANN's
    # CAST_TRUNC: HardSigmoid, Selu) or "rint" (to nearest even: SeluGrad's CAST_RINT)
    cdef readonly str int_round
    # The outputs' support list where CANN checks only CanCast(input, out) (Elu, Celu,
    # EluBackward: any float or complex out; the result is Cast to it): None = dtypes;
    # "writable": every dtype the engine writes (the sequence's CanCast decides).
    cdef readonly tuple out_dtypes

    cdef tuple _numeric             # indices of the numeric attributes: the kernel's attrs[0..]
    # Split operands (Input/Output(split="dim")): the inputs and outputs (indices) read or
    # written as two halves along the dim of attribute _split_attr (-1: none), or along
    # the fixed dim _split_fixed (split=-1: CANN's op splits its last dim, no attribute)
    cdef readonly tuple split_inputs
    cdef readonly tuple split_outputs
    cdef readonly tuple single_inputs   # Input(single=True): one element, read at every element
    cdef int _split_attr
    cdef bint _split                # some operand is split
    cdef int64_t _split_fixed
    cdef int _knin, _knout          # the kernel's operands: halves counted
    # Inputs broadcast along one dim of the output (Input(along=d)): ((input index, d), ...)
    cdef readonly tuple along_inputs
    cdef int _nwritten              # the outputs the kernel writes (the first ones; the rest,
                                    # Output(written=False), are bound but never computed)
    # Input(split_mode=<Bool attribute>): the attribute's index, whose true value makes
    # the split input's halves its even and odd elements (-1: none)
    cdef int _interleave_attr
    # Input(limits_rows=True): its index among the inputs (-1: none); not a kernel operand
    cdef readonly int row_limit_input
    # compute_dtype=f(in_dtypes, attrs, out_dtype, soc): the dtype the kernel computes in,
    # for a CANN op that derives it from more than its inputs' dtypes (aclnnMuls: the
    # aclScalar's dtype, out's dtype, the SoC and, on regbase, the scalar's value:
    # InferTensorScalarDtype, math/mul/op_api/aclnn_mul.cpp). It returns that dtype (a name
    # or DType), or (dtype, attrs): the attributes as CANN converts them to it as well
    # (ConvertToTensor of an aclScalar), which the kernel then reads. The dtype takes the
    # place of the inputs' promoted dtype (inputs the fp32 kernels cannot read are cast to
    # it first; DOUBLE, integer and complex ones compute in it). Run after every dtype and
    # shape check and the empty return (with input_dtypes too: it replaces the compute
    # dtype input_cast gives); not with split operands. None: the engine's own rule.
    cdef readonly object compute_dtype

    def __init__(self, name, snake, params, dtypes, kernel, tiling,
                 broadcast="soc", mixed="soc", kernel_for=None, dtype_check="each", input_dtypes=None,
                 input_cast=None, compute=None, input_dtypes_of=None, int_round="trunc", out_dtypes=None,
                 tiling_check=None, compute_dtype=None, **kw):
        OpDef.__init__(self, name, snake, params, dtypes, **kw)
        if compute_dtype is not None and not callable(compute_dtype):
            raise TypeError("%s: compute_dtype is a function (in_dtypes, attrs, out_dtype, soc) -> dtype" % name)
        self.compute_dtype = compute_dtype
        if tiling_check is not None and not callable(tiling_check):
            raise TypeError("%s: tiling_check must be callable" % name)
        self.tiling_check = tiling_check
        if out_dtypes == "writable":
            # CANN checks the output with CanCast alone (and its check sequence says so):
            # any dtype the engine writes (the wide path's casts, src/wide.c)
            out_dtypes = [d for d in DTYPES if ao_ew_dtype_ok(d.code) or ao_wide_dtype_ok(d.code)]
        self.out_dtypes = tuple(as_dtype(d) for d in out_dtypes) if out_dtypes is not None else None
        if int_round not in ("trunc", "rint"):
            raise ValueError("%s: int_round must be trunc or rint" % name)
        self.int_round = int_round
        if input_dtypes_of is not None and (input_dtypes is None or not set(input_dtypes_of) <= set(self.inputs)):
            raise ValueError("%s: input_dtypes_of names inputs of the op (and needs input_dtypes)" % name)
        self.input_dtypes_of = tuple(input_dtypes_of) if input_dtypes_of is not None else None
        self.compute_as = {as_dtype(k): as_dtype(v) for k, v in (compute or {}).items()}
        self.input_dtypes_by_soc = None
        if isinstance(input_dtypes, dict):
            if "default" not in input_dtypes:
                raise ValueError("%s: a per-SoC input_dtypes dict needs a \"default\" entry" % name)
            self.input_dtypes_by_soc = {k: tuple(as_dtype(d) for d in v) for k, v in input_dtypes.items()}
            self.input_dtypes = self.input_dtypes_by_soc["default"]
        elif input_dtypes is not None:
            self.input_dtypes = tuple(as_dtype(d) for d in input_dtypes)
        if input_cast is not None and input_cast != "out":
            input_cast = as_dtype(input_cast)
        if input_cast is not None and input_dtypes is None:
            raise ValueError("%s: input_cast needs input_dtypes" % name)
        self.input_cast = input_cast
        out_params = [p for p in self.params if isinstance(p, Output)]
        self.split_inputs = tuple(i for i, p in enumerate(self.input_params) if p.split is not None)
        self.split_outputs = tuple(j for j, p in enumerate(out_params) if p.split is not None)
        split_names = {p.split for p in list(self.input_params) + out_params if p.split is not None}
        self._split_attr = -1
        self._split = bool(split_names)
        self._split_fixed = 0
        if split_names and all(isinstance(v, int) for v in split_names):
            if len(split_names) != 1:
                raise ValueError("%s: split operands along different fixed dims %s" % (name, sorted(split_names)))
            self._split_fixed = next(iter(split_names))
            if broadcast != "never" or mixed != "never":
                raise ValueError("%s: an op with split operands neither broadcasts nor mixes dtypes" % name)
        elif split_names:
            if len(split_names) != 1 or next(iter(split_names)) not in [p.name for p in self.attr_params]:
                raise ValueError("%s: split= must name one Int attribute of the op, got %s"
                                 % (name, sorted(split_names)))
            self._split_attr = [p.name for p in self.attr_params].index(next(iter(split_names)))
            if not isinstance(self.attr_params[self._split_attr], Int):
                raise ValueError("%s: the split dim %s must be an Int attribute" % (name, next(iter(split_names))))
            if broadcast != "never" or mixed != "never":
                raise ValueError("%s: an op with split operands neither broadcasts nor mixes dtypes" % name)
        self.single_inputs = tuple(i for i, p in enumerate(self.input_params) if getattr(p, "single", False))
        if self.single_inputs and not self._split:
            raise ValueError("%s: a single-element Input goes with split operands" % name)
        self.along_inputs = tuple((i, p.along) for i, p in enumerate(self.input_params)
                                  if getattr(p, "along", None) is not None)
        if self.along_inputs and (self._split or broadcast != "never"
                                  or len(self.along_inputs) == len(self.inputs)):
            raise ValueError("%s: an Input(along=...) goes with broadcast=\"never\", no split operands and "
                             "another input of the output's shape" % name)
        self._nwritten = len(self.outputs) - len(self.unwritten_outputs)
        if self.unwritten_outputs and (self.unwritten_outputs[0] != self._nwritten or self._split):
            raise ValueError("%s: the outputs the kernel never writes (written=False) come after the "
                             "written ones, in an op without split operands" % name)
        if self.written_inputs:
            raise ValueError("%s: an ElementwiseOp's kernel writes only its outputs (Input(written=True))" % name)
        if compute_dtype is not None and self._split:
            raise ValueError("%s: compute_dtype does not go with split operands" % name)
        if tiling_check is not None and not self._split:
            raise ValueError("%s: tiling_check runs in the split-operand path only (no split operand)" % name)
        self.row_limit_input = -1
        self._interleave_attr = -1
        for i, p in enumerate(list(self.input_params) + out_params):
            if getattr(p, "limits_rows", False):
                if self.row_limit_input >= 0 or self._split_attr < 0 or not self.split_inputs:
                    raise ValueError("%s: one row-limit Input, in an op with a split input along its dim "
                                     "attribute" % name)
                self.row_limit_input = i
                if p.limits_rows != "zero":
                    # rows at or past the run-time limit keep the output's values
                    self.zero_filled_outputs = tuple(range(len(self.outputs)))
            if getattr(p, "split_mode", None) is not None:
                names = [q.name for q in self.attr_params]
                if p.split_mode not in names or not isinstance(self.attr_params[names.index(p.split_mode)], Bool):
                    raise ValueError("%s: split_mode=%r must name a Bool attribute of the op" % (name, p.split_mode))
                self._interleave_attr = names.index(p.split_mode)
        self._knin = len(self.inputs) + len(self.split_inputs) - (self.row_limit_input >= 0)
        self._knout = self._nwritten + len(self.split_outputs)
        if not 1 <= self._knout <= AO_MAX_OUTPUTS:
            raise ValueError("%s: %d kernel outputs (split halves counted), the engine writes 1..%d"
                             % (name, self._knout, AO_MAX_OUTPUTS))
        if any(p.optional and not getattr(p, "limits_rows", False) for p in self.input_params):
            raise ValueError("%s: an ElementwiseOp's kernel reads every input: no optional Input "
                             "(but a row-limit one)" % name)
        self._numeric = tuple(i for i, p in enumerate(self.attr_params) if p.numeric)
        if kernel_for is None and len(self._numeric) > AO_MAX_ATTRS:
            raise ValueError("%s: %d numeric attributes, the kernel takes at most %d (AO_MAX_ATTRS)"
                             % (name, len(self._numeric), AO_MAX_ATTRS))
        if broadcast not in ("soc", "never", "always") or mixed not in ("soc", "never", "always"):
            raise ValueError("%s: broadcast must be soc/never/always and mixed soc/never/always" % name)
        self.kernel, self.tiling, self.broadcast, self.mixed = kernel, tiling, broadcast, mixed
        self.kernel_for = kernel_for
        if dtype_check not in ("each", "promoted") or (dtype_check == "promoted" and mixed == "never"):
            raise ValueError("%s: dtype_check must be each/promoted (promoted needs mixed soc/always)" % name)
        if input_dtypes is not None and (dtype_check != "each" or mixed == "soc"):
            raise ValueError("%s: input_dtypes goes with dtype_check=each and mixed never/always" % name)
        self.dtype_check = dtype_check
        self._kernel = _find_kernel(kernel)
        if ao_kernel_arity(self._kernel) != self._knin or ao_kernel_nout(self._kernel) != self._knout:
            raise ValueError("%s: kernel %s takes %d inputs and writes %d outputs, the op declares %d and %d "
                             "(split halves counted)" % (name, kernel, ao_kernel_arity(self._kernel),
                                                         ao_kernel_nout(self._kernel), self._knin, self._knout))

    cdef DType _kernel_dtype(self, DType d, dict kcompute):
        """The dtype CANN runs the kernel in for inputs that promote to (or are) `d`: `d`
        after the dtypes Cast before the kernel, the chosen kernel's overrides
        (kcompute, kernel_for's third item) first, then the op's (compute_as)."""
        if kcompute:
            for k, v in kcompute.items():
                if as_dtype(k) is d:
                    d = as_dtype(v)
                    break
        return self.compute_as.get(d, d)

    cdef DType _compute_dtype(self, DType d, int kernel, dict kcompute):
        """The compute dtype of a plan whose inputs promote to (or are) `d` on `kernel`;
        None: FLOAT, the fp32 kernels (float32/16/bf16, and integers without an integer
        body, which the wide path reads into fp32 and writes back truncated).
        kcompute: the chosen kernel's overrides (_kernel_dtype)."""
        d = self._kernel_dtype(d, kcompute)
        if ao_ew_dtype_ok(d.code):
            return None
        if d is DT_DOUBLE:
            return d
        if d.code in (2, 3, 4, 6, 9) and ao_kernel_has_int(kernel):   # INT8 INT32 UINT8 INT16 INT64
            return d
        if d.code in (16, 17):                                        # COMPLEX64, COMPLEX128
            if not ao_kernel_has_complex(kernel):
                _raise(ACLNN_ERR_PARAM_INVALID, "%s: kernel %s has no complex body for %s."
                       % (self.name, ao_kernel_name(kernel).decode(), d.log_name))
            return _dtype_by_code[17]                                 # in double complex
        return None

    cdef tuple _int_attrs(self, tuple attrs, tuple fattrs):
        """The numeric attributes converted to an integer compute dtype as CANN's
        ConvertToTensor does (a C conversion: floats truncate toward zero, then the
        dtype's low bits; the kernel narrows from int64). NaN and inf give INT64_MIN,
        as the Cast kernel's float -> integer rule (cast.c)."""
        vals = [attrs[i] for i in self._numeric] if self.kernel_for is None else list(fattrs)
        out = []
        for v in vals:
            try:
                iv = int(v)
            except (OverflowError, ValueError):
                iv = -(1 << 63)
            iv &= (1 << 64) - 1
            out.append(iv - (1 << 64) if iv >= (1 << 63) else iv)
        return tuple(out)

    def check_dtype_support(self, tuple tensors, soc=None):
        """The support list of every tensor; the outputs against out_dtypes where declared."""
        if self.out_dtypes is None:
            return OpDef.check_dtype_support(self, tensors, soc)
        nin = len(self.inputs)
        OpDef.check_dtype_support(self, tensors[:nin], soc)
        for name, t in zip(self.outputs, tensors[nin:]):
            if t is not None and (<Tensor>t).dtype not in self.out_dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s."
                       % (name, (<Tensor>t).dtype.log_name, _dt_list(self.out_dtypes)))

    cdef bint _broadcasts(self, soc):
        return self.broadcast == "always" or (self.broadcast == "soc" and soc.regbase)

    cdef bint _mixes(self, soc):
        return self.mixed == "always" or (self.mixed == "soc" and soc.regbase)

    def kernel_attrs(self, tuple attrs):
        """The numeric attributes (Scalar, Int, Double, Float, Bool) as the kernel's float
        attrs[0..], in declaration order (bool: 0 / 1)."""
        out = []
        for i in self._numeric:
            v = attrs[i]
            if isinstance(v, (complex, np.complexfloating)):
                _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s should be a real number, but got %r."
                       % (self.attr_params[i].name, v))
            out.append(float(v))
        return tuple(out)

    cdef int _split_dim(self, tuple attrs, int ndim, bint check) except -2:
        """The split dim wrapped into [0, ndim); -1 where it is out of range (check:
        161002 instead, CANN's message)."""
        cdef int64_t dim = attrs[self._split_attr] if self._split_attr >= 0 else self._split_fixed
        if dim < -ndim or dim >= ndim:
            if check:
                _raise(ACLNN_ERR_PARAM_INVALID, "Input dimension out of range (expected to be in range of "
                       "[%d, %d], but got %d)." % (-ndim, ndim - 1, dim))
            return -1
        return dim + ndim if dim < 0 else dim

    cpdef tuple infer_outputs(self, tuple tensors, tuple attrs, soc):
        """Several outputs: each the iteration's shape and dtype (infer_output), a split
        output twice as long along the split dim."""
        cdef int dim
        if not self._split:
            shape, dtype = self.infer_output(tensors, attrs, soc)
            return tuple([(shape, dtype)] * len(self.outputs))
        t = tensors[self.split_inputs[0]] if self.split_inputs else tensors[0]
        dim = self._split_dim(attrs, len((<Tensor>t).shape), False)
        shape, dtype = self._iteration(tensors, attrs, soc)
        out = []
        for j in range(len(self.outputs)):
            oshape = shape
            if j in self.split_outputs and dim >= 0 and dim < len(shape):
                oshape = shape[:dim] + (2 * shape[dim],) + shape[dim + 1:]
            out.append((oshape, dtype))
        return tuple(out)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        if self._split:
            return self.infer_outputs(tensors, attrs, soc)[0]
        return self._iteration(tensors, attrs, soc)

    cdef tuple _iteration(self, tuple tensors, tuple attrs, soc):
        """(shape, dtype) of the kernel's iteration: the broadcast inputs' (a split
        input's halved along the dim), the dtype the inputs promote to."""
        cdef Tensor t0 = tensors[0], t
        cdef int dim
        if self._split and self.split_inputs:
            # the iteration's shape: a split input's, halved along the dim (phase 1
            # reports a bad dim or an odd size with CANN's code)
            t = tensors[self.split_inputs[0]]
            dim = self._split_dim(attrs, len(t.shape), False)
            if dim >= 0 and t.shape[dim] % 2 == 0:
                return t.shape[:dim] + (t.shape[dim] // 2,) + t.shape[dim + 1:], t.dtype
            return t.shape, t.dtype
        cdef bint same = True
        for t in tensors:   # the common case: one shape, one dtype
            if t.dtype is not t0.dtype or t.shape != t0.shape:
                same = False
                break
        if same:
            return t0.shape, t0.dtype
        shapes = [(<Tensor>t).shape for t in tensors]
        shape = shapes[0]
        differ = False
        for s in shapes:
            if s != shape:
                differ = True
                break
        if differ:
            shape = broadcast_shapes(*shapes) if self._broadcasts(soc) else None
            if shape is None:
                shape = shapes[0]        # phase 1 reports the mismatch with its code
        dtypes = {(<Tensor>t).dtype for t in tensors}
        dtype = None
        if len(dtypes) > 1 and self._mixes(soc):
            dtype = _cann_promoted([(<Tensor>t).dtype for t in tensors])
        if dtype is None:
            dtype = (<Tensor>tensors[0]).dtype      # phase 1 reports what does not promote
        return shape, dtype

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        """(input shapes, output shapes) of a call whose kernel iterates over `shape`
        with attributes `attrs` (the one place that knows _plan_split's rule): a split
        operand (Input/Output(split="dim")) is twice as long along the split dim, every
        other tensor has `shape`. whole=True: `shape` is a split operand's own shape,
        so the others get its half (ValueError where that dim is odd). A dim out of
        range, or a 0-d shape, leaves every shape as given (phase 1 refuses the call)."""
        ins, outs = self._operand_shapes(shape, attrs, whole)
        if self.row_limit_input >= 0:   # a row-limit input: 1-d, one element
            ins = ins[:self.row_limit_input] + ((1,),) + ins[self.row_limit_input + 1:]
        return ins, outs

    def _operand_shapes(self, shape, tuple attrs, bint whole):
        cdef int dim
        shape = tuple(shape)
        nin, nout = len(self.inputs), len(self.outputs)
        dim = self._split_dim(attrs, len(shape), False) if self._split else -1
        if dim < 0:
            return self._special_shapes(shape, attrs, (shape,) * nin, (shape,) * nout)
        if whole:
            if shape[dim] % 2:
                raise ValueError("%s: a split operand's dim %d has odd size %d" % (self.name, dim, shape[dim]))
            split, other = shape, shape[:dim] + (shape[dim] // 2,) + shape[dim + 1:]
        else:
            split, other = shape[:dim] + (2 * shape[dim],) + shape[dim + 1:], shape
        # the single-element and along operands follow the iteration's shape (`other`)
        return self._special_shapes(other, attrs,
                                    tuple(split if k in self.split_inputs else other for k in range(nin)),
                                    tuple(split if j in self.split_outputs else other for j in range(nout)))

    def _plan_split(self, tuple tensors, tuple attrs, soc):
        """Phase 1 of an op with split operands (the gated family), CANN's order (ops-nn
        activation/glu/op_host/op_api/aclnn_glu.cpp CheckParams): dtype support lists,
        the inputs' one dtype, the outputs' dtype rule (out_dtype), ranks, the dim's
        range, an even split size, every operand's shape (a split one: twice the
        iteration's along the dim), empty tensors. The kernel then reads and writes the
        halves as operands of their own: the tensor's view with the dim halved, the
        second offset by half its length (same strides)."""
        cdef int nin = len(self.inputs), nout = len(self.outputs), k, j, dim
        cdef Tensor t, ref
        cdef int h
        cdef int64_t step
        cdef int rl = self.row_limit_input
        cdef Plan p
        given = tensors     # as called: the tiling checks see the row-limit input too
        limit = tensors[rl] if rl >= 0 else None
        if rl >= 0:     # the row-limit input: not among the operands
            tensors = tensors[:rl] + (None,) + tensors[rl + 1:]
        self.check_dtype_support(tensors, soc)
        if limit is not None and (<Tensor>limit).dtype is not DT_INT64:     # its own list
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype "
                   "support list [DT_INT64]." % (self.inputs[rl], (<Tensor>limit).dtype.log_name))
        ins, outs = tensors[:nin], tensors[nin:]
        ref = ins[self.split_inputs[0]] if self.split_inputs else ins[0]
        for n, t in zip(self.inputs, ins):
            if t is None:
                continue
            if t.dtype is not ref.dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the same as %s dtype %s."
                       % (n, t.dtype.log_name, self.inputs[self.split_inputs[0] if self.split_inputs else 0],
                          ref.dtype.log_name))
        for n, t in zip(self.outputs, outs):
            if self.out_dtype == "equal" and t.dtype is not ref.dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the same as the input's %s."
                       % (n, t.dtype.log_name, ref.dtype.log_name))
            if self.out_dtype == "castable" and not _can_cast(ref.dtype, t.dtype):
                _raise(ACLNN_ERR_PARAM_INVALID, "Input dtype %s cannot be cast to Tensor %s dtype %s."
                       % (ref.dtype.log_name, n, t.dtype.log_name))
        if self._soc_refuses_bf16(soc):
            for n, t in zip(self.tensor_names, tensors):
                if t is not None and t.dtype is DT_BF16:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype DT_BF16 is not supported on %s (%s)."
                           % (n, soc.name, soc.arch))
        # a single-element input: its rank up to max_rank only (FatreluMul's threshold, 0-8)
        self.check_ranks(tuple(None if k in self.single_inputs else t for k, t in enumerate(tensors)))
        for k in self.single_inputs:
            t = tensors[k]
            if self.max_rank is not None and len(t.shape) > self.max_rank:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims, should be in [0, %d]."
                       % (self.inputs[k], len(t.shape), self.max_rank))
        dim = self._split_dim(attrs, len(ref.shape), True)
        full = ref.shape if self.split_inputs else None
        if full is None:
            full = outs[self.split_outputs[0]].shape
            dim = self._split_dim(attrs, len(full), True)
        if self.tiling_check is not None:
            message = self.tiling_check(tuple(None if t is None else (<Tensor>t).shape for t in given), attrs)
            if message is not None:
                _raise(ACLNN_ERR_INNER_TILING_ERROR, str(message))
        if full[dim] % 2:
            _raise(ACLNN_ERR_PARAM_INVALID, "Split dimension must be even, but dimension %d is size %d."
                   % (attrs[self._split_attr] if self._split_attr >= 0 else self._split_fixed, full[dim]))
        shape = full[:dim] + (full[dim] // 2,) + full[dim + 1:]
        for k, (n, t, split) in enumerate(zip(self.tensor_names, tensors,
                                              [k in self.split_inputs for k in range(nin)] +
                                              [j in self.split_outputs for j in range(nout)])):
            if t is None:       # the row-limit input
                continue
            if k in self.single_inputs:
                if t.numel != 1:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s must have one element, but has %d (shape %r)."
                           % (n, t.numel, t.shape))
                continue
            want = full if split else shape
            if t.shape != want:
                _raise(ACLNN_ERR_PARAM_INVALID, "The shape of %s must be %r, but got %r." % (n, want, t.shape))
        if any(t is not None and t.numel == 0 for t in tensors):
            return _empty_plan(self)
        # the kernel's operands: each tensor, or its two halves; where each comes from
        kins, kouts, in_slots, out_slots, in_offs, out_offs = [], [], [], [], [], []
        interleaved = self._interleave_attr >= 0 and bool(attrs[self._interleave_attr])
        region = None
        oregion = None
        for k in range(nin + nout):
            t = tensors[k]
            if t is None:       # the row-limit input: read by the launch, not the kernel
                continue
            views, slots, offs = (kins, in_slots, in_offs) if k < nin else (kouts, out_slots, out_offs)
            if interleaved and k >= nin and k - nin in self.split_outputs:
                # an output written as even / odd halves: views only (a contiguous copy
                # of an input has no output counterpart here)
                halves_, oreg = _interleaved_halves(t, shape, dim)
                if oreg is not None:
                    # no one stride: the halves go to a contiguous region, copied into t after
                    oregion = (len(views), t)
                for h in range(2):
                    views.append(halves_[h][0])
                    slots.append(k)
                    offs.append(halves_[h][1] * t.dtype.itemsize)
                continue
            if interleaved and k < nin and k in self.split_inputs:
                # even / odd elements of the axis dims dim.. merge into, as views over
                # the iteration: merged index m = c * after + a (the output's own
                # multi-index past dim, C order) reads elements 2m and 2m + 1
                halves_, region = _interleaved_halves(t, shape, dim)
                for h in range(2):
                    views.append(halves_[h][0])
                    slots.append(k)
                    offs.append(halves_[h][1] * t.dtype.itemsize)
                continue
            if (k < nin and k in self.split_inputs) or (k >= nin and k - nin in self.split_outputs):
                step = shape[dim] * <int64_t>t._strides[dim]
                for h in range(2):
                    views.append(_make_tensor(t.storage, shape, t._strides, t.offset + h * step,
                                              t.dtype, t._format))
                    slots.append(k)
                    offs.append(h * step * t.dtype.itemsize)
            elif k in self.single_inputs:   # its one element at every element of the iteration
                views.append(_make_tensor(t.storage, shape, (0,) * len(shape), t.offset, t.dtype, t._format))
                slots.append(k)
                offs.append(0)
            else:
                views.append(t)
                slots.append(k)
                offs.append(0)
        kernel, fattrs = (self.kernel, self.kernel_attrs(attrs)) if self.kernel_for is None else self.kernel_for(attrs)
        try:
            tiling = self.tiling(kouts[0].numel, ref.dtype.itemsize, soc.ub_size, soc.core_num)
        except TilingError as e:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, str(e))
        regions = ()
        if region is not None:
            # x's merged dims are no one stride: both halves read one contiguous copy
            # (CANN's generated API makes x contiguous first), the odd half at +1 element
            a = [i for i, v in enumerate(kins) if v is region[0]][0]
            regions = ((a, a + 1, region[1], region[2]),)
        p = _elementwise_plan(self, _find_kernel(kernel), fattrs, tuple(kins + kouts), tiling,
                                        ref.dtype if regions else None, (regions[0][0],) if regions else (),
                                        len(kouts), tuple(out_slots + in_slots), tuple(out_offs + in_offs),
                                        c_order=limit is not None, regions=regions)
        if oregion is not None:
            t = oregion[1]
            p.oreg_op = oregion[0]
            p.oreg_itemsize = t.dtype.itemsize
            p.oreg_bytes = (t.numel * t.dtype.itemsize + 63) // 64 * 64
            p.oreg_ndim = len(t.shape)
            for j, (d, s, c) in enumerate(zip(t.shape, t._strides, _contiguous_strides(t.shape))):
                p.oreg_shape[j], p.oreg_dst[j], p.oreg_src[j] = d, s, c
        if limit is not None:
            p.row_limit_k = len(kouts) + len(kins)
            if p.row_limit_k >= AO_MAX_OPERANDS:
                _raise(ACLNN_ERR_INNER, "%s: no operand slot left for the row-limit input" % self.name)
            p.slot[p.row_limit_k] = rl
            p.row_limit_n = (<Tensor>limit).numel
            p.row_count = _prod(full[:dim])
            p.row_inner = _prod(shape[dim:])
            p.row_zero = self.input_params[rl].limits_rows == "zero"
        return p

    def input_dtypes_for(self, soc):
        if self.input_dtypes_by_soc is None or soc is None:
            return self.input_dtypes
        return self.input_dtypes_by_soc.get(soc.name, self.input_dtypes)

    def plan(self, tuple tensors, tuple attrs, soc):
        """Phase 1. Outputs the kernel never writes (Output(written=False)) are checked
        after the others (checked=True: the first output's dtype and shape; a null one
        where optional) and left out of the kernel's operands."""
        cdef int nin = len(self.inputs), j
        cdef Tensor out
        if self._nwritten == len(self.outputs):
            return self._plan_written(tensors, attrs, soc)
        p = self._plan_written(tensors[:nin + self._nwritten], attrs, soc)
        out = tensors[nin]
        for j in self.unwritten_outputs:
            t = tensors[nin + j]
            if t is None or not self.output_params[j].checked:
                continue
            if (<Tensor>t).shape != out.shape or (<Tensor>t).dtype is not out.dtype:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s %s%r should match %s %s%r."
                       % (self.outputs[j], (<Tensor>t).dtype.log_name, (<Tensor>t).shape, self.output,
                          out.dtype.log_name, out.shape))
        return p

    def _plan_written(self, tuple tensors, tuple attrs, soc):
        cdef int nin = len(self.inputs)
        cdef Tensor out = tensors[nin]
        if self._split:
            return self._plan_split(tensors, attrs, soc)
        ins = tensors[:nin]
        names = self.inputs
        if self.input_dtypes is not None:
            return self._plan_wide_inputs(tensors, attrs, soc)
        # 4. dtypes: the support list, then the same-dtype / promotion rule, then BF16.
        by_promoted = self.dtype_check == "promoted" and self._mixes(soc)
        if not by_promoted:
            self.check_dtype_support(tensors, soc)
        in_dtypes = [(<Tensor>t).dtype for t in ins]
        promoted = None
        if self._mixes(soc):
            promoted = _cann_promoted(in_dtypes)
            if promoted is None:
                _raise(ACLNN_ERR_PARAM_INVALID, "The dtypes %s can not be promoted."
                       % ", ".join("%s %s" % (n, d.log_name) for n, d in zip(names, in_dtypes)))
            if by_promoted and promoted is DT_BF16 and self._soc_refuses_bf16(soc):
                _raise(ACLNN_ERR_PARAM_INVALID, "The promoted dtype DT_BF16 is not supported on %s (%s)."
                       % (soc.name, soc.arch))
            if promoted not in self.dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID, "The promoted dtype %s of %s should be in dtype support list %s."
                       % (promoted.log_name, ", ".join("%s %s" % (n, d.log_name) for n, d in zip(names, in_dtypes)),
                          _dt_list(self.dtypes)))
            if self.out_dtype == "equal" and out.dtype is not promoted:
                _raise(ACLNN_ERR_PARAM_INVALID,
                       "Tensor %s dtype should be the promoted dtype %s of the inputs (%s), but got %s."
                       % (self.output, promoted.log_name,
                          ", ".join("%s %s" % (n, d.log_name) for n, d in zip(names, in_dtypes)),
                          out.dtype.log_name))
            if self.out_dtype == "castable" and not _can_cast(promoted, out.dtype):
                _raise(ACLNN_ERR_PARAM_INVALID, "The promoted dtype %s cannot be cast to Tensor %s dtype %s."
                       % (promoted.log_name, self.output, out.dtype.log_name))
            if by_promoted:
                # CANN checks no input's own dtype; the output's list is the kernels' (they
                # write the listed dtypes), checked after CANN's promoted-dtype checks
                self.check_dtype_support((None,) * nin + tensors[nin:], soc)
        elif self.out_dtype == "equal":
            for n, d in zip(names, in_dtypes):
                if d is not out.dtype:
                    _raise(ACLNN_ERR_PARAM_INVALID,
                           "Tensor %s dtype %s should be the same as %s dtype %s."
                           % (n, d.log_name, self.output, out.dtype.log_name))
        else:
            # one input dtype; the output castable from it (or any of its list)
            for n, d in zip(names, in_dtypes):
                if d is not in_dtypes[0]:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the same as %s dtype %s."
                           % (n, d.log_name, names[0], in_dtypes[0].log_name))
            if self.out_dtype == "castable" and not _can_cast(in_dtypes[0], out.dtype):
                _raise(ACLNN_ERR_PARAM_INVALID, "The dtype %s cannot be cast to Tensor %s dtype %s."
                       % (in_dtypes[0].log_name, self.output, out.dtype.log_name))
        if self._soc_refuses_bf16(soc) and not by_promoted:
            for n, d in zip(names, in_dtypes):
                if d is DT_BF16:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype DT_BF16 is not supported on %s (%s)."
                           % (n, soc.name, soc.arch))
        # 5. shapes: rank limit, then equal shapes or broadcast per SoC.
        # 6. empty tensors: success, workspace 0, an executor that runs nothing.
        if self._check_shapes(ins, out, soc) or any((<Tensor>t).numel == 0 for t in ins):
            return _empty_plan(self)
        if self.compute_dtype is not None:
            chosen = self.compute_dtype(tuple(in_dtypes), attrs, out.dtype, soc)
            if isinstance(chosen, tuple):
                chosen, attrs = chosen[0], tuple(chosen[1])
            promoted = as_dtype(chosen)
        return self._plan_kernel(tensors, attrs, soc, promoted, in_dtypes)

    def _plan_wide_inputs(self, tuple tensors, tuple attrs, soc):
        """plan() for an op whose inputs' support list is wider than the kernels'
        (input_dtypes): CANN's per-input list, the compute dtype, the output rule."""
        cdef int nin = len(self.inputs)
        cdef Tensor out = tensors[nin]
        ins = tensors[:nin]
        names = self.inputs
        wide_list = self.input_dtypes_for(soc)
        for n, t in zip(names, ins):
            in_list = wide_list if self.input_dtypes_of is None or n in self.input_dtypes_of else self.dtypes_for(soc)
            if (<Tensor>t).dtype not in in_list:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s."
                       % (n, (<Tensor>t).dtype.log_name, _dt_list(in_list)))
        self.check_dtype_support((None,) * nin + tensors[nin:], soc)
        in_dtypes = [(<Tensor>t).dtype for t in ins]
        if self._soc_refuses_bf16(soc):
            for n, d in zip(names, in_dtypes):
                if d is DT_BF16:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype DT_BF16 is not supported on %s (%s)."
                           % (n, soc.name, soc.arch))
        if self.mixed == "always":
            compute = _cann_promoted(in_dtypes)
            if compute is None:
                _raise(ACLNN_ERR_PARAM_INVALID, "The dtypes %s can not be promoted."
                       % ", ".join("%s %s" % (n, d.log_name) for n, d in zip(names, in_dtypes)))
        else:
            for n, d in zip(names, in_dtypes):
                if d is not in_dtypes[0]:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s should be the same as %s dtype %s."
                           % (n, d.log_name, names[0], in_dtypes[0].log_name))
            compute = in_dtypes[0]
        # a dtype CANN Casts before its kernel (compute=): SoftplusBackward's DOUBLE -> FLOAT
        compute = self.compute_as.get(compute, compute)
        kernel_list = self.dtypes_for(soc)
        if compute not in kernel_list and self.input_cast is not None:
            compute = out.dtype if self.input_cast == "out" else self.input_cast
        if self.out_dtype == "equal" and out.dtype is not compute:
            _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype should be %s, but got %s."
                   % (self.output, compute.log_name, out.dtype.log_name))
        if self.out_dtype == "castable" and not _can_cast(compute, out.dtype):
            _raise(ACLNN_ERR_PARAM_INVALID, "The dtype %s cannot be cast to Tensor %s dtype %s."
                   % (compute.log_name, self.output, out.dtype.log_name))
        for i, prm in enumerate(self.attr_params):
            if getattr(prm, "cast_to_compute", False) and not _can_cast(Scalar.dtype_of(attrs[i]), compute):
                _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s dtype %s cannot be cast to the promoted dtype %s."
                       % (prm.name, Scalar.dtype_of(attrs[i]).log_name, compute.log_name))
        if compute not in kernel_list:
            _raise(ACLNN_ERR_PARAM_INVALID, "The compute dtype %s of %s is not supported: the kernels read %s."
                   % (compute.log_name, ", ".join("%s %s" % (n, d.log_name) for n, d in zip(names, in_dtypes)),
                      _dt_list(kernel_list)))
        if self._check_shapes(ins, out, soc) or any((<Tensor>t).numel == 0 for t in ins):
            return _empty_plan(self)
        if self.compute_dtype is not None:
            chosen = self.compute_dtype(tuple(in_dtypes), attrs, out.dtype, soc)
            if isinstance(chosen, tuple):
                chosen, attrs = chosen[0], tuple(chosen[1])
            compute = as_dtype(chosen)
        return self._plan_kernel(tensors, attrs, soc, compute, in_dtypes)

    def _check_shapes(self, ins, Tensor out, soc):
        """The rank limit, then equal shapes or the broadcast shape per SoC; an
        Input(along=d): as many elements as the output's dim d has (1 where the output
        has no dim d), or one (ops-nn activation/p_relu/op_api/aclnn_prelu.cpp CheckShape).
        Returns True where an empty input ends phase 1 between the two (empty_first=
        "before_shapes": CANN's HardshrinkBackward checks IsEmpty() before its
        broadcast check, ops-nn activation/hard_shrink_grad/op_api/
        aclnn_hardshrink_backward.cpp)."""
        names = self.inputs
        self.check_ranks(tuple(ins))
        if self.empty_first == "before_shapes" and any((<Tensor>t).numel == 0 for t in ins):
            return True
        if self.along_inputs:
            along = dict(self.along_inputs)
            for k, (n, t) in enumerate(zip(names, ins)):
                if k not in along and (<Tensor>t).shape != out.shape:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                           % (n, (<Tensor>t).shape, self.output, out.shape))
            for k, dim in self.along_inputs:
                size = out.shape[dim] if len(out.shape) > dim else 1
                if (<Tensor>ins[k]).numel != size and (<Tensor>ins[k]).numel != 1:
                    _raise(ACLNN_ERR_PARAM_INVALID, "expected %s tensor size equal %s's size %d along dim %d "
                           "(or 1), but found %d" % (names[k], self.output, size, dim,
                                                     (<Tensor>ins[k]).numel))
            return
        if self._broadcasts(soc):
            bshape = broadcast_shapes(*[(<Tensor>t).shape for t in ins])
            if bshape is None:
                _raise(ACLNN_ERR_PARAM_INVALID, "Shapes %s cannot broadcast."
                       % ", ".join("%s %r" % (n, (<Tensor>t).shape) for n, t in zip(names, ins)))
            if out.shape != bshape:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the broadcast shape %r."
                       % (self.output, out.shape, bshape))
        else:
            for n, t in zip(names, ins):
                if (<Tensor>t).shape != out.shape:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r should be the same as %s shape %r."
                           % (n, (<Tensor>t).shape, self.output, out.shape))
        return False

    cdef tuple _along_views(self, tuple tensors):
        """`tensors` with each Input(along=d) replaced by a view of the output's rank whose
        dim d steps through its elements (C order) and whose other dims have size 1 (the
        operand layout then broadcasts them: stride 0); a 1-element one by a 0-d view.
        The view shares the input's storage and offset: the executor binds the input's
        own address (Plan.slot). An input whose elements are not one stride apart in C
        order (a transposed 2-D weight) is 161002: the kernel reads it with one stride."""
        cdef int nin = len(self.inputs), nd, dim, k
        cdef Tensor t, out = tensors[nin]
        cdef int64_t step, acc
        views = list(tensors)
        nd = len(out.shape)
        for k, dim in self.along_inputs:
            t = tensors[k]
            if t.numel == 1:
                views[k] = _make_tensor(t.storage, (), (), t.offset, t.dtype, t._format)
                continue
            dims = [(d, st) for d, st in zip(t.shape, t._strides) if d != 1]
            step = dims[-1][1]
            acc = step
            for d, st in reversed(dims):
                if st != acc:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s shape %r strides %r: its elements are not "
                           "one stride apart; pass a contiguous %s." % (self.inputs[k], t.shape, t._strides,
                                                                       self.inputs[k]))
                acc *= d
            shape = tuple(t.numel if q == dim else 1 for q in range(nd))
            strides = tuple(step if q == dim else 0 for q in range(nd))
            views[k] = _make_tensor(t.storage, shape, strides, t.offset, t.dtype, t._format)
        return tuple(views)

    def _plan_kernel(self, tuple tensors, tuple attrs, soc, promoted, in_dtypes):
        cdef int nin = len(self.inputs)
        cdef Tensor out = tensors[nin]
        if self.along_inputs:
            tensors = self._along_views(tensors)
        ins = tensors[:nin]
        # 7-9. read inputs in place (Contiguous), the kernel, the store into the output's view (ViewCopy).
        kcompute = None
        if self.kernel_for is None:
            kernel, fattrs = self.kernel, self.kernel_attrs(attrs)
        else:
            # kernel_for may add a third item: compute-dtype overrides for that kernel
            # ({"float64": "float32"}: Elu's non-finite alpha path Casts DOUBLE to FLOAT)
            chosen = self.kernel_for(attrs)
            kernel, fattrs = chosen[0], chosen[1]
            kcompute = chosen[2] if len(chosen) > 2 else None
        if len(fattrs) > AO_MAX_ATTRS:
            _raise(ACLNN_ERR_INNER, "%s: %d kernel attributes, at most %d" % (self.name, len(fattrs), AO_MAX_ATTRS))
        kidx = _find_kernel(kernel)
        compute = self._compute_dtype(promoted if promoted is not None else (<Tensor>ins[0]).dtype, kidx, kcompute)
        iattrs = self._int_attrs(attrs, fattrs) if compute is not None and compute is not DT_DOUBLE else ()
        # inputs the fp32 kernels cannot read (integers, ...): cast to the promoted dtype
        # first (a wide compute dtype reads every input converted: no cast step)
        casts = tuple([i for i, d in enumerate(in_dtypes)
                       if compute is None and promoted is not None and d is not promoted
                       and not ao_ew_dtype_ok(d.code)])
        tile_dtype = promoted if 0 in casts else (<Tensor>ins[0]).dtype
        try:
            tiling = self.tiling(out.numel, tile_dtype.itemsize, soc.ub_size, soc.core_num)
        except TilingError as e:
            _raise(ACLNN_ERR_INNER_TILING_ERROR, str(e))
        if self._nwritten > 1:
            # several outputs, each checked like the first (dtype, shape)
            for n, t in zip(self.outputs[1:], tensors[nin + 1:]):
                if (<Tensor>t).shape != out.shape or (<Tensor>t).dtype is not out.dtype:
                    _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s %s%r should match %s %s%r."
                           % (n, (<Tensor>t).dtype.log_name, (<Tensor>t).shape, self.output,
                              out.dtype.log_name, out.shape))
            return _elementwise_plan(self, kidx, fattrs, tensors, tiling, promoted, casts,
                                     self._nwritten, tuple(range(nin, len(tensors))) + tuple(range(nin)),
                                     (0,) * len(tensors), compute, iattrs, self.int_round == "rint")
        return _elementwise_plan(self, kidx, fattrs, tensors, tiling, promoted, casts, compute=compute,
                                 iattrs=iattrs, round_out=self.int_round == "rint",
                                 result_dtype=self._narrowed_result(promoted, in_dtypes, out, kcompute))

    cdef DType _narrowed_result(self, DType promoted, object in_dtypes, Tensor out, dict kcompute):
        """The 16-bit float CANN's kernel computes in where the op's out is another float
        dtype, or None. CANN runs the l0 kernel in the promoted dtype (the input's, for one
        input) and then l0op::Cast's its result into out (hicann/ops-math c41933244,
        math/mul/op_api/aclnn_mul.cpp: Mul, then `l0op::Cast(resTensor, out->GetDataType())`;
        the other ops alike), so out holds values rounded to that dtype. The fp32 kernels
        compute in float32: their result is rounded to it on the way (Plan.narrowed_result)."""
        cdef DType d = self._kernel_dtype(promoted if promoted is not None else in_dtypes[0], kcompute)
        if (d is DT_FLOAT16 or d is DT_BF16) and out.dtype is not d and \
                (out.dtype is DT_FLOAT or out.dtype is DT_FLOAT16 or out.dtype is DT_BF16) and \
                self.row_limit_input < 0:
            return d
        return None
