# ---------------------------------------------------------------------------
# Op declarations: OpDef (the rules every op kind shares, as data) and the kinds of
# parameter (CANN's aclnn<Op>GetWorkspaceSize parameter list).
# ---------------------------------------------------------------------------

cdef int _find_kernel(str name) except -1:
    k = ao_kernel_find(name.encode())
    if k < 0:
        _raise(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, "no kernel %r in this build (src/ops/%s.h)"
               % (name, name))
    return k


# -- op parameters: CANN's aclnn<Op>GetWorkspaceSize parameter list as data --------------
def _snake_name(name):
    """CANN's camelCase parameter name in snake_case: gradOutput -> grad_output."""
    out = "".join("_" + c.lower() if c.isupper() else c for c in name)
    return out.lstrip("_")


def _py_name(name):
    """The numpy-like keyword of CANN's parameter `name`: snake_case, and `self` (which
    would read as a method's receiver) is `x`."""
    return "x" if name == "self" else _snake_name(name)


from libc.math cimport copysign as _copysign
from cpython.dict cimport PyDict_GetItem
from cpython.ref cimport PyObject
from cpython.float cimport PyFloat_AS_DOUBLE
from cpython.tuple cimport PyTuple_GET_ITEM

# _attr_tag's code of a value's type (its aclScalar dtype's, Scalar.dtype_of): filled on
# first use of each type (Python's int, bool, complex; numpy's and ml_dtypes' scalars)
cdef dict _TAG_CODE_BY_TYPE = {}


cdef bint _is_int(v):
    return (isinstance(v, int) and not isinstance(v, bool)) or isinstance(v, np.integer)


cdef bint _is_real(v):
    return _is_int(v) or isinstance(v, (float, np.floating))


class Param:
    """One parameter of aclnn<Op>GetWorkspaceSize, in CANN's C order. Subclasses are
    the kinds of C parameter; `convert` validates a value of the kind (None -> 161001,
    a value of the wrong kind or refused by `check` -> 161002) and normalises it."""
    kind = None          # "input", "output", "scalar", "int", "double", "float", "bool", "str",
                         # "int_array", "dtype"
    c_type = None        # CANN's C type in the aclnnop header
    tensor = False       # an aclTensor (Input / Output)
    numeric = False      # reaches an ElementwiseOp kernel as a float attribute

    def __init__(self, name, default=REQUIRED, py=None, check=None, optional=False, **const):
        # `const` (a keyword of Cython, so taken from **const): const=True writes CANN's
        # header's "const" before the C type (const char *, const aclDataType)
        c_const = const.pop("const", False)
        if const:
            raise TypeError("%s: unexpected keyword arguments %s" % (type(self).__name__, sorted(const)))
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError("%s: the parameter name must be CANN's C identifier, got %r"
                             % (type(self).__name__, name))
        if check is not None and not callable(check):
            raise TypeError("%s(%r): check must be callable" % (type(self).__name__, name))
        self.name = name
        self.py = py if py is not None else _py_name(name)
        self.default = default
        self.check = check
        self.optional = bool(optional)
        self.c_const = bool(c_const)

    @property
    def snake(self):
        """The name in the two-stage API (CANN's name in snake_case; `self` stays)."""
        return _snake_name(self.name)

    def c_decl(self):
        """This parameter as written in CANN's aclnnop header: "const aclTensor *self"."""
        t = self.c_type
        if self.c_const and not t.startswith("const "):
            t = "const " + t
        return "%s%s%s" % (t, "" if t.endswith("*") else " ", self.name)

    def __repr__(self):
        extra = ""
        if self.default is not REQUIRED:
            extra += ", %r" % (self.default,)
        if self.py != _py_name(self.name):
            extra += ", py=%r" % self.py
        if self.optional:
            extra += ", optional=True"
        return "%s(%r%s)" % (type(self).__name__, self.name, extra)

    def convert(self, value):
        """The value validated and normalised (the attribute kinds override `_convert`).
        None is a null: allowed for an optional parameter (CANN's xxxOptional), else 161001."""
        if value is None:
            if self.optional:
                return None
            _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper value but got null for attribute %s."
                   % self.name)
        value = self._convert(value)
        if self.check is not None:
            message = self.check(value)
            if message is not None:
                message = str(message)
                if self.name not in message:
                    message = "Attribute %s: %s" % (self.name, message)
                _raise(ACLNN_ERR_PARAM_INVALID, message)
        return value

    def _convert(self, value):
        return value

    def _refuse(self, value, what):
        # the value's type too: a numpy scalar's repr alone (0.5) would not say why
        kind = value.dtype.name if isinstance(value, np.generic) else type(value).__name__
        _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s should be %s, but got %r (%s)."
               % (self.name, what, value, kind))


def _check_split(kind, name, split):
    if split is not None and (isinstance(split, bool) or not isinstance(split, (str, int))):
        raise TypeError("%s(%r): split names the op's Int attribute of the dim, or is a fixed dim "
                        "(an int), got %r" % (kind, name, split))


class Input(Param):
    """const aclTensor *: an input tensor; optional=True: it may be None (nullptr).
    split="dim": the kernel reads it as two operands, its first and second half along
    the dim given by the op's Int attribute `dim` (the gated ops: Glu, SwiGlu, ...;
    ElementwiseOp checks the dim and that its size is even); split=-1 (an int): along
    that fixed dim, where CANN's op has no dim attribute (GeluMul splits the last).
    single=True: a tensor of one element (FatreluMul's threshold, any rank up to the op's
    max_rank) that the kernel reads at every element of the iteration (its element's
    stride-0 view), beside split operands; any other element count is 161002.
    along=d (ElementwiseOp): one value per index of the output's dim d, broadcast over the
    other dims (Prelu's weight along the channel dim 1): any shape of that many elements
    (its elements in C order), or 1 element; an output of rank <= d has one such index.
    split_mode="interleaved" (with split="dim"): the op's Bool attribute `interleaved`
    chooses the halves at plan time: false, the first and second half along the dim;
    true, the even and odd elements of the axis the dims from the split dim on merge
    into (ClippedSwiglu: x as [pre, cut * after], A = x[:, 0::2], B = x[:, 1::2]); the
    string names the attribute.
    affine=True (AxisReduceOp: a norm's weight or bias): one value per element of the
    reduced block (per channel where the block holds whole channels, GroupNorm's),
    shared by every row.
    limits_rows=True (optional, INT64, 1-d; with a split input): the sum of its elements,
    read when the launch runs (on the stream), limits the rows computed, a row being an
    index of the dims before the split dim: rows past the sum keep the output's previous
    contents; a sum past the rows computes them all, one <= 0 none (ClippedSwiglu's
    groupIndexOptional). limits_rows="zero": the rows past the sum are zeroed instead
    (ClippedSwigluGrad's). Not a kernel operand; null computes every row."""
    kind, c_type, tensor = "input", "const aclTensor *", True
    # written=True: CANN's op writes this input too, though its header declares it const
    # (RReluWithNoise's noise): the numpy-like call copies it back to the caller's array
    # where it ran on a copy (another device, a layout aclTensor cannot view), and a
    # read-only one is refused.

    def __init__(self, name, py=None, optional=False, split=None, single=False, along=None, written=False,
                 split_mode=None, limits_rows=False, affine=False, **const):
        # const=False: CANN's header declares this input `aclTensor *` (SoftmaxCrossEntropyWithLogits'
        # labels), though the op only reads it
        c_const = const.pop("const", True)
        if const:
            raise TypeError("Input: unexpected keyword arguments %s" % sorted(const))
        Param.__init__(self, name, py=py, optional=optional)
        if not c_const:
            self.c_type = "aclTensor *"
        _check_split("Input", name, split)
        if split_mode is not None and (split is None or not isinstance(split_mode, str)):
            raise TypeError("Input(%r): split_mode names the op's Bool attribute that chooses even/odd "
                            "halves, with split=, got %r" % (name, split_mode))
        if limits_rows and (split is not None or single or along is not None or not optional):
            raise TypeError("Input(%r): a row-limit input (limits_rows=True) is optional, not split, "
                            "single or along" % name)
        self.split_mode = split_mode
        if limits_rows not in (False, True, "zero"):
            raise ValueError("Input(%r): limits_rows is True (the other rows keep their values) or "
                             "\"zero\" (they are zeroed), got %r" % (name, limits_rows))
        self.limits_rows = limits_rows
        if single and split is not None:
            raise ValueError("Input(%r): a single-element input is not split" % name)
        if along is not None and (isinstance(along, bool) or not isinstance(along, int) or along < 0
                                  or split is not None or single):
            raise TypeError("Input(%r): along is a dim >= 0 (and not with split or single), got %r" % (name, along))
        if affine and (split is not None or single or along is not None or limits_rows):
            raise TypeError("Input(%r): an affine input is not split, single, along or a row limit" % name)
        self.split = split
        self.single = bool(single)
        self.along = along
        self.written = bool(written)
        self.affine = bool(affine)


class _InplaceRef(Input):
    """aclTensor *selfRef of aclnnInplace<Op>: the first input, also the output (const
    where CANN's header has it: the op's inplace_const)."""
    c_type = "aclTensor *"

    def __init__(self, name, py=None, **const):
        Input.__init__(self, name, py=py)
        self.c_const = bool(const.pop("const", False))


class Output(Param):
    """aclTensor *: an output tensor (an op may have several). split="dim": the kernel
    writes it as two outputs, its first and second half along the op's `dim` (a gated
    op's backward: gradInput's halves). reduced=True (a row reduction, RowReduceOp): one
    element per row, its shape the others' without the reduced dim
    (SoftmaxCrossEntropyWithLogits' loss). along=d (a channel reduction,
    ChannelReduceOp): one element per index of dim d, the sum over every other dim
    (PreluBackward's gradWeight, shaped as its Input(along=d)). For an axis reduction
    (AxisReduceOp), reduced=True: one element per row (a norm's mean or rstd), and
    optional=True: the call may pass null, and the kernel leaves that result out."""
    kind, c_type, tensor = "output", "aclTensor *", True
    # written=False: an output CANN's kernel never writes (LogSigmoidForward's buffer,
    # "暂无用"): bound to the executor like any output, never computed; the numpy-like
    # call allocates it zero-filled. checked=True checks its dtype and shape like the
    # first output's; checked=False: CANN checks nothing about it. optional=True: it may
    # be null (an unwritten output, or one of an op kind that computes without it:
    # OpDef.null_outputs).

    def __init__(self, name, py=None, split=None, reduced=False, along=None, optional=False, written=True,
                 checked=True, split_mode=None, **const):
        # const=True: CANN's header declares this output `const aclTensor *` (Relu's out)
        Param.__init__(self, name, py=py, optional=optional, **const)
        _check_split("Output", name, split)
        if split_mode is not None and (split is None or not isinstance(split_mode, str)):
            raise TypeError("Output(%r): split_mode names the op's Bool attribute that chooses even/odd "
                            "halves, with split=, got %r" % (name, split_mode))
        # split_mode: as Input's (ClippedSwigluGrad's gradXOut, written as even/odd halves)
        self.split_mode = split_mode
        if sum([split is not None, bool(reduced), along is not None]) > 1:
            raise TypeError("Output(%r): an output is split, reduced or along a dim, one of them" % (name,))
        if along is not None and (isinstance(along, bool) or not isinstance(along, int) or along < 0):
            raise TypeError("Output(%r): along is a dim >= 0, got %r" % (name, along))
        if written and not checked:
            raise ValueError("Output(%r): checked=False goes with written=False (an output the kernel "
                             "writes is checked)" % name)
        if split is not None and not written:
            raise ValueError("Output(%r): a split output is written" % name)
        self.split = split
        self.reduced = bool(reduced)
        self.along = along
        self.written = bool(written)
        self.checked = bool(checked)


class Scalar(Param):
    """const aclScalar *: a number (bool, int, float or complex; a numpy scalar keeps its
    dtype, as aclCreateScalar's value does)."""
    kind, c_type, numeric = "scalar", "const aclScalar *", True

    def __init__(self, name, default=REQUIRED, py=None, check=None, cast_to_compute=False, **const):
        Param.__init__(self, name, default, py=py, check=check, **const)
        # CANN's CanCast(scalar's dtype, the compute dtype) (AddRelu's alpha): checked
        # by the op kind once the compute dtype is known (161002)
        self.cast_to_compute = bool(cast_to_compute)

    def _convert(self, value):
        if isinstance(value, (bool, int, float, complex, np.bool_, np.number)):
            return value
        if isinstance(value, np.generic) and value.dtype.kind == "V" and value.dtype.names is None:
            # ml_dtypes' floats (bfloat16: what aclCreateScalar makes of a DT_BF16 value)
            # are numpy scalars but not np.number: a number all the same, of its dtype
            try:
                as_dtype(value.dtype)
                return value
            except (TypeError, ValueError, KeyError):
                pass
        self._refuse(value, "a number (an aclScalar)")

    @staticmethod
    def dtype_of(value):
        """The aclScalar's dtype of a value: a numpy scalar's own, bool BOOL, int INT64,
        float FLOAT, complex COMPLEX64 (aclCreateScalar's value kinds)."""
        return _scalar_dtype(value)


class Int(Param):
    """int64_t."""
    kind, c_type, numeric = "int", "int64_t", True

    def _convert(self, value):
        if not _is_int(value):
            self._refuse(value, "an integer")
        value = int(value)
        if not -(1 << 63) <= value < (1 << 63):
            self._refuse(value, "an int64")
        return value


class Int8(Int):
    """int8_t (CANN's cubeMathType)."""
    c_type = "int8_t"

    def _convert(self, value):
        value = Int._convert(self, value)
        if not -128 <= value < 128:
            self._refuse(value, "an int8")
        return value


class Int32(Int):
    """int (CANN's antiquantGroupSize)."""
    c_type = "int"

    def _convert(self, value):
        value = Int._convert(self, value)
        if not -(1 << 31) <= value < (1 << 31):
            self._refuse(value, "an int32")
        return value


class Double(Param):
    """double."""
    kind, c_type, numeric = "double", "double", True

    def _convert(self, value):
        if not _is_real(value):
            self._refuse(value, "a real number")
        return float(value)


class Float(Double):
    """float (C's single precision: the value is rounded to it, as the C call would)."""
    kind, c_type = "float", "float"

    def _convert(self, value):
        return float(np.float32(Double._convert(self, value)))


class Bool(Param):
    """bool."""
    kind, c_type, numeric = "bool", "bool", True

    def __init__(self, name, default=REQUIRED, py=None, **const):
        Param.__init__(self, name, default, py=py, **const)

    def _convert(self, value):
        if not isinstance(value, (bool, np.bool_)):
            self._refuse(value, "a bool")
        return bool(value)


class Str(Param):
    """char * (const=True: const char *, as CANN's header has it); choices: the
    strings allowed (others -> 161002)."""
    kind, c_type = "str", "char *"

    def __init__(self, name, default=REQUIRED, py=None, choices=None, check=None, **const):
        Param.__init__(self, name, default, py=py, check=check, **const)
        self.choices = None if choices is None else tuple(choices)

    def _convert(self, value):
        if not isinstance(value, str):
            self._refuse(value, "a string")
        if self.choices is not None and value not in self.choices:
            _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s should be in [%s], but got %r."
                   % (self.name, ", ".join(self.choices), value))
        return value


class IntArray(Param):
    """const aclIntArray *: a sequence of int64 values (a tuple once converted)."""
    kind, c_type = "int_array", "const aclIntArray *"

    def _convert(self, value):
        if isinstance(value, np.ndarray) and value.ndim == 1 and value.dtype.kind in "iu":
            value = value.tolist()
        if not isinstance(value, (list, tuple)) or not all(_is_int(v) for v in value):
            self._refuse(value, "a sequence of integers (an aclIntArray)")
        out = tuple(int(v) for v in value)
        if any(not -(1 << 63) <= v < (1 << 63) for v in out):
            self._refuse(value, "int64 values")
        return out


class FloatArray(Param):
    """const aclFloatArray *: a sequence of real numbers (a tuple of floats, rounded to
    float32 as aclCreateFloatArray stores them)."""
    kind, c_type = "float_array", "const aclFloatArray *"

    def _convert(self, value):
        if isinstance(value, np.ndarray) and value.ndim == 1 and value.dtype.kind in "iuf":
            value = value.tolist()
        if not isinstance(value, (list, tuple)) or not all(_is_real(v) for v in value):
            self._refuse(value, "a sequence of real numbers (an aclFloatArray)")
        return tuple(float(np.float32(v)) for v in value)


class BoolArray(Param):
    """const aclBoolArray *: a sequence of bools (a tuple once converted)."""
    kind, c_type = "bool_array", "const aclBoolArray *"

    def _convert(self, value):
        if isinstance(value, np.ndarray) and value.ndim == 1 and value.dtype == np.bool_:
            value = value.tolist()
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, (bool, np.bool_)) for v in value):
            self._refuse(value, "a sequence of bools (an aclBoolArray)")
        return tuple(bool(v) for v in value)


class DTypeAttr(Param):
    """aclDataType (const=True: const aclDataType, as CANN's header has it): a dtype
    name, numpy dtype or ascendops DType, normalised to the DType."""
    kind, c_type = "dtype", "aclDataType"

    def __init__(self, name, default=REQUIRED, py=None, check=None, **const):
        Param.__init__(self, name, default, py=py, check=check, **const)

    def _convert(self, value):
        try:
            return as_dtype(value)
        except (TypeError, ValueError, KeyError):
            _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s %r is not an aclDataType." % (self.name, value))


cdef class TensorListArg:
    """A TensorList parameter's value (an aclTensorList): its Tensors in order (None for a
    null element, which the op's checks refuse as CANN's do), and their kernel addresses
    (`addrs`, bound into a plan's operand by the executor: _bind_data). Equal values have
    the same length and, element by element, the same view (shape, strides, dtype,
    format: Tensor.cache_key), which makes a call's executor cache key cover the list."""
    cdef readonly tuple tensors
    cdef readonly tuple key
    cdef char **addrs

    def __cinit__(self, *args, **kwargs):
        # an instance made by __new__ alone is an empty list
        self.tensors, self.key, self.addrs = (), (), NULL

    def __init__(self, tensors):
        cdef Py_ssize_t i, n
        cdef char **addrs
        tensors = tuple(tensors)
        key = tuple([None if t is None else (<Tensor?>t).cache_key() for t in tensors])
        n = len(tensors)
        addrs = <char **>malloc((n if n else 1) * sizeof(char *))
        if addrs == NULL:
            raise MemoryError()
        for i in range(n):
            addrs[i] = NULL if tensors[i] is None else (<Tensor>tensors[i]).kdata
        c_free(self.addrs)
        self.tensors, self.key, self.addrs = tensors, key, addrs

    def __dealloc__(self):
        c_free(self.addrs)

    def __len__(self):
        return len(self.tensors)

    def __getitem__(self, i):
        return self.tensors[i]

    def __iter__(self):
        return iter(self.tensors)

    def __eq__(self, other):
        return isinstance(other, TensorListArg) and self.key == (<TensorListArg>other).key

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.key)

    def __reduce__(self):
        raise TypeError("a TensorList value holds device addresses of this process; it cannot be pickled")

    def __repr__(self):
        return "TensorList(%s)" % ", ".join("null" if t is None else "%s%r" % ((<Tensor>t).dtype.name, (<Tensor>t).shape)
                                            for t in self.tensors)


class TensorList(Param):
    """const aclTensorList *: a sequence of tensors (CANN's aclCreateTensorList). The
    numpy-like call takes a sequence of arrays, torch tensors or Tensors; the two-stage API
    a sequence of Tensors (an element may be None: a null element, refused by the op's
    checks as CANN's). Normalised to a TensorListArg; optional=True: the list may be null."""
    kind, c_type = "tensor_list", "const aclTensorList *"

    def __init__(self, name, py=None, optional=False, **const):
        c_const = const.pop("const", True)
        if const:
            raise TypeError("TensorList: unexpected keyword arguments %s" % sorted(const))
        Param.__init__(self, name, py=py, optional=optional, const=c_const)
        if not c_const:
            self.c_type = "aclTensorList *"

    def _convert(self, value):
        if isinstance(value, TensorListArg):
            return value
        if isinstance(value, (Tensor, str, bytes)) or not isinstance(value, (list, tuple)):
            self._refuse(value, "a sequence of Tensors (an aclTensorList)")
        for i, t in enumerate(value):
            if t is not None and not isinstance(t, Tensor):
                _raise(ACLNN_ERR_PARAM_INVALID, "Attribute %s: element %d should be a Tensor, but got %s."
                       % (self.name, i, type(t).__name__))
        return TensorListArg(value)


# -- op definitions ----------------------------------------------------------------
# The registry: ops by snake name. OpDef pickles by that name; register() and the
# generated APIs are _api.pxi's.
cdef dict _registry = {}


def _registered_op(str snake):
    """The registered op named `snake` (unpickles OpDef)."""
    return _registry[snake]


cdef tuple _along_shape(tuple shape, int dim):
    """An Input/Output(along=dim)'s shape over the iteration `shape`: one element per
    index of the dim, (1,) where `shape` has no such dim."""
    return (shape[dim],) if len(shape) > dim else (1,)


cdef class OpDef:
    """An aclnn op as data. Subclasses plan a kind of computation; the checks that
    every op shares (null arguments, attributes, dtype lists, ranks) live here once.

    params: CANN's aclnn<Op>GetWorkspaceSize parameters in C order (Input, Output,
    Scalar, Int, Double, Float, Bool, Str, IntArray, DTypeAttr). Internally an op's
    tensors are its inputs then its outputs (declaration order), its attributes the
    other parameters (declaration order)."""
    cdef readonly str name          # aclnn name without the prefix: "SiluBackward"
    cdef readonly str snake         # "silu_backward": names of the generated functions
    cdef readonly tuple params      # the Param objects, in CANN's C order
    cdef readonly tuple inputs      # CANN's names of the input tensors, in order
    cdef readonly tuple outputs     # CANN's names of the output tensors, in order
    cdef readonly tuple args        # Python names of the inputs for the numpy-like API
    cdef readonly tuple attr_params # the attribute Params (part of the cache key), in order
    cdef readonly tuple attrs       # Python names of the attributes
    cdef readonly tuple attr_defaults
    cdef readonly tuple tensor_names  # inputs then outputs (CANN's names)
    cdef readonly tuple input_params
    cdef readonly tuple output_params
    cdef readonly tuple written_inputs     # indices of the inputs CANN's op also writes (Input(written=True))
    cdef readonly tuple unwritten_outputs  # indices of the outputs it never writes (Output(written=False))
    cdef readonly tuple zero_filled_outputs  # indices of the outputs a call without out= allocates
                                             # zero-filled: the kernel leaves some or all of them unwritten
    cdef readonly tuple list_attrs  # indices of the TensorList attributes: their values follow the op's
                                    # tensors in an executor's tensors (_bind_data binds their addresses)
    cdef tuple _tensor_slots        # per tensor (inputs, outputs): its position in CANN's args
    cdef tuple _attr_slots          # per attribute: its position in CANN's args
    cdef tuple _tagged              # indices of the attributes whose value's equality is not
                                    # enough for the cache key (Scalar, Double, Float: _attr_tag)
    cdef int _ntag                  # len(_tagged), and _tagged as C ints (the cached call's path)
    cdef Py_ssize_t _tag_idx[16]
    # the tensor and attribute slots whose null the check sequence must see at once (a
    # parameter that may not be null, or one a NotNull step names), for check_steps
    # _null_slots_for (_null_slots)
    cdef tuple _null_tensor_slots, _null_attr_slots
    cdef object _null_slots_for
    cdef tuple _nonnull             # (is_tensor, index, CANN name) of each parameter that may not be
                                    # None, in CANN's order (check_nulls)
    cdef readonly tuple dtypes      # the dtype support list (the "default" one of a per-SoC dict)
    cdef readonly object dtypes_by_soc  # None, or {SoC name: tuple of DTypes} (CANN's per-product lists)
    cdef readonly int min_rank
    cdef readonly object max_rank   # an int, or None: no cap (CANN's op reshapes or has no OP_CHECK_MAX_DIM)
    # "never": empty tensors pass every check first; "non_regbase": on non-regbase SoCs an
    # empty input returns success before any dtype or shape check (CANN's SoftmaxBackward);
    # "always": so on every SoC (CANN's Softmax); "before_shapes": after the dtype and
    # rank checks, before the shape/broadcast check, on every SoC (CANN's
    # HardshrinkBackward: IsEmpty() before CheckShapeBroadcast)
    cdef readonly str empty_first
    # The output's dtype: "equal" (to the inputs' -- with promotion, to the promoted one);
    # "castable" (CanCast(promoted, out), opbase include/nnopbase/opdev/data_type_utils.h);
    # "unchecked" (CANN's op never compares it with the inputs': any dtype of the support
    # list, which the kernels write).
    cdef readonly str out_dtype
    cdef readonly bint inplace      # also registers aclnnInplace<Name> (register())
    cdef readonly bint inplace_only  # inplace="only": CANN has aclnnInplace<Name> alone (InplaceCopy,
                                     # InplaceZero): register() registers it and not this op
    cdef readonly str inplace_name  # CANN's name of the in-place tensor: selfRef
    cdef readonly bint inplace_const  # CANN's header declares it `const aclTensor *`
    cdef readonly str header        # CANN's header declaring the op: "aclnn_<snake>.h" unless
                                    # CANN's differs (aclnn_logsigmoid.h holds LogSigmoidForward)
    cdef readonly object info       # test/doc metadata (references, sample inputs)
    cdef readonly str doc
    # The check sequence (_checks.pxi): `checks`, a Checks of CANN's order; an in-place
    # op's own (inplace_checks, which may splice the base's with BaseChecks()); the steps
    # phase 1 runs (None: the op kind's built-in checks alone); names the steps may use
    # for another parameter ((alias, parameter), an in-place op's self/out -> selfRef)
    cdef readonly object checks
    cdef readonly object inplace_checks
    cdef readonly object check_steps
    cdef readonly tuple check_aliases
    # >= 0: the storage format (an aclFormat) phase 1 records on the op's output, as
    # CANN's SetStorageFormat does (NzWeightOp: TransMatmulWeight's FRACTAL_NZ); -1: none
    cdef readonly int storage_format
    # whether the kind plans a call that passes null for an optional written output
    null_outputs = False

    def __init__(self, name, snake, params, dtypes, min_rank=0, max_rank=8, empty_first="never",
                 out_dtype="equal", inplace=False, inplace_name="selfRef", inplace_const=False, header=None,
                 info=None, doc="", checks=None, inplace_checks=None):
        self.name, self.snake = name, snake
        self.storage_format = -1
        self.header = header if header is not None else "aclnn_%s.h" % snake
        if not (self.header.startswith("aclnn_") and self.header.endswith(".h")):
            raise ValueError("%s: header must be CANN's file name aclnn_<name>.h, got %r" % (name, header))
        self._set_params(tuple(params))
        if isinstance(dtypes, dict):
            if "default" not in dtypes:
                raise ValueError("%s: a per-SoC dtypes dict needs a \"default\" entry" % name)
            self.dtypes_by_soc = {k: tuple(as_dtype(d) for d in v) for k, v in dtypes.items()}
            self.dtypes = self.dtypes_by_soc["default"]
        else:
            self.dtypes = tuple(as_dtype(d) for d in dtypes)
        self.min_rank, self.max_rank = min_rank, max_rank
        if empty_first not in ("never", "non_regbase", "always", "before_shapes"):
            raise ValueError("%s: empty_first must be never/non_regbase/always/before_shapes" % name)
        self.empty_first = empty_first
        if out_dtype not in ("equal", "castable", "unchecked"):
            raise ValueError("%s: out_dtype must be equal/castable/unchecked" % name)
        self.out_dtype = out_dtype
        if inplace not in (False, True, "only"):
            raise ValueError("%s: inplace is False, True or \"only\" (no out-of-place API)" % name)
        self.inplace_only = inplace == "only"
        self.inplace, self.inplace_name, self.inplace_const = bool(inplace), inplace_name, bool(inplace_const)
        if self.inplace and (len(self.outputs) != 1 or not self.inputs):
            raise ValueError("%s: inplace=True needs one Output and at least one Input" % name)
        for p in self.output_params:
            if p.optional and p.written and not self.null_outputs:
                raise ValueError("%s: output %s is optional and written; only an op kind that computes "
                                 "without it (AxisReduceOp) takes that" % (name, p.name))
        self.info, self.doc = info, doc
        self.check_aliases = ()
        self._set_checks(checks, inplace_checks)

    cdef _set_checks(self, checks, inplace_checks):
        if checks is not None and not isinstance(checks, Checks):
            raise TypeError("%s: checks must be a Checks(CannSource(...), steps...)" % self.name)
        if inplace_checks is not None and (not isinstance(inplace_checks, Checks) or not self.inplace):
            raise TypeError("%s: inplace_checks is a Checks, for an op declared inplace=True" % self.name)
        self.checks, self.inplace_checks = checks, inplace_checks
        self.check_steps = None
        if checks is not None:
            self.check_steps = checks.resolved(None)
            self._validate_steps()

    def _validate_steps(self):
        known = set(self.tensor_names) | {p.name for p in self.attr_params} | {a for a, _ in self.check_aliases}
        for step in self.check_steps:
            for n in step.operands():
                if n not in known:
                    raise ValueError("%s: check %r reads %r, which is no parameter of the op (%s) nor "
                                     "derived by an earlier step" % (self.name, step, n, ", ".join(sorted(known))))
            known.update(step.defines())

    cdef _set_params(self, tuple params):
        ins, outs, attrs, tslots, aslots = [], [], [], [], []
        for i, p in enumerate(params):
            if not isinstance(p, Param):
                raise TypeError("%s: params must be Input/Output/Scalar/... objects, got %r" % (self.name, p))
        names = [p.name for p in params]
        if len(set(names)) != len(names):
            raise ValueError("%s: parameter names repeat: %s" % (self.name, names))
        for i, p in enumerate(params):
            if isinstance(p, Input):
                ins.append(p)
                tslots.append(i)
        for i, p in enumerate(params):
            if isinstance(p, Output):
                outs.append(p)
                tslots.append(i)
            elif not p.tensor:
                attrs.append(p)
                aslots.append(i)
        self.params = params
        self.input_params = tuple(ins)
        self.output_params = tuple(outs)
        self.written_inputs = tuple(k for k, p in enumerate(ins) if getattr(p, "written", False))
        self.unwritten_outputs = tuple(j for j, p in enumerate(outs) if not getattr(p, "written", True))
        self.zero_filled_outputs = self.unwritten_outputs
        self.inputs = tuple(p.name for p in ins)
        self.outputs = tuple(p.name for p in outs)
        self.args = tuple(p.py for p in ins)
        self.attr_params = tuple(attrs)
        self.list_attrs = tuple(k for k, p in enumerate(attrs) if isinstance(p, TensorList))
        self.attrs = tuple(p.py for p in attrs)
        self.attr_defaults = tuple(p.default for p in attrs)
        self._tagged = tuple(i for i, p in enumerate(attrs) if p.kind in ("scalar", "double", "float"))
        if len(self._tagged) > 16:
            raise ValueError("%s: at most 16 Scalar/Double/Float attributes" % self.name)
        self._ntag = len(self._tagged)
        for k, i in enumerate(self._tagged):
            self._tag_idx[k] = i
        self.tensor_names = self.inputs + self.outputs
        self._tensor_slots, self._attr_slots = tuple(tslots), tuple(aslots)
        self._set_null_order()
        pys = self.args + self.attrs
        if len(set(pys)) != len(pys) or "out" in pys:
            raise ValueError("%s: the numpy-like names %s repeat or use 'out'" % (self.name, pys))

    cdef _set_null_order(self):
        order = []
        for i, p in enumerate(self.params):
            if p.optional:
                continue
            if p.tensor:
                order.append((True, self._tensor_slots.index(i), p.name))
            else:
                order.append((False, self._attr_slots.index(i), p.name))
        self._nonnull = tuple(order)

    cdef bint _soc_refuses_bf16(self, soc):
        """The op kind's own refusal of BF16 on a SoC without it: only where no check
        sequence owns the dtype rules (a sequence has CANN's per-SoC lists in their place;
        the kernels compute BF16 on any profile)."""
        return not soc.bf16 and self.check_steps is None

    @property
    def output(self):
        """CANN's name of the (first) output tensor."""
        return self.outputs[0] if self.outputs else None

    def dtypes_for(self, soc):
        """The dtype support list on `soc` (a per-SoC dict's entry, else its default)."""
        if self.dtypes_by_soc is None or soc is None:
            return self.dtypes
        return self.dtypes_by_soc.get(soc.name, self.dtypes)

    cdef tuple split_args(self, tuple args):
        """CANN-ordered arguments -> (tensors: inputs then outputs, raw attribute values)."""
        cdef Py_ssize_t i
        if len(args) != len(self.params):
            raise TypeError("%s_get_workspace_size takes %d arguments (%s), got %d"
                            % (self.snake, len(self.params), ", ".join(p.snake for p in self.params), len(args)))
        return (tuple([args[i] for i in self._tensor_slots]), tuple([args[i] for i in self._attr_slots]))

    cdef int check_nulls(self, tuple tensors, tuple raw_attrs) except -1:
        """161001 for the first None among the parameters that may not be null, in CANN's
        order (CANN's CheckNotNull runs before any other check). `tensors` may stop after
        the inputs (the numpy-like call allocates the outputs)."""
        cdef Py_ssize_t k
        cdef bint is_tensor
        # The common call has no None at all: two C loops over the tuples, and the
        # per-parameter walk below (which unpacks Python tuples) only when there is one.
        for k in range(len(tensors)):
            if tensors[k] is None:
                break
        else:
            for k in range(len(raw_attrs)):
                if raw_attrs[k] is None:
                    break
            else:
                return 0
        if (self.check_steps is not None and len(tensors) == len(self.tensor_names)
                and self._null_reaches_the_checks(tensors, raw_attrs)):
            # the sequence in CANN's order up to its null check (_run_null_checks); then
            # the declared order for what it does not null-check
            _run_null_checks(self, tensors, tuple([(<object>self.attr_params[k]).convert(v)
                                                   if v is not None else None
                                                   for k, v in enumerate(raw_attrs)]), _current_soc())
        for is_tensor, k, name in self._nonnull:
            if is_tensor:
                if k < len(tensors) and tensors[k] is None:
                    _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s."
                           % name)
            elif raw_attrs[k] is None:
                _raise(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper value but got null for attribute %s."
                       % name)
        return 0

    cdef bint _null_reaches_the_checks(self, tuple tensors, tuple raw_attrs) except -1:
        """Whether a null of this call is one the sequence must meet before planning: of a
        parameter that may not be null, or of one a NotNull step names. The nulls of other
        optional parameters (Convolution's bias) are values the steps read, as any other:
        the whole sequence runs when the call is planned (_checked_plan, on a cache miss),
        and a cached plan's key holds the same nulls. Running it here as well took a
        Convolution without bias 30 us of phase 1 on every call."""
        cdef Py_ssize_t k
        if self._null_slots_for is not self.check_steps:
            named = set()
            aliases = dict(self.check_aliases)
            for step in self.check_steps:
                if isinstance(step, NotNull):
                    named.update(aliases.get(n, n) for n in step.names)
            self._null_tensor_slots = tuple([k for k, i in enumerate(self._tensor_slots)
                                             if not self.params[i].optional or self.params[i].name in named])
            self._null_attr_slots = tuple([k for k, p in enumerate(self.attr_params)
                                           if not p.optional or p.name in named])
            self._null_slots_for = self.check_steps
        for k in self._null_tensor_slots:
            if tensors[k] is None:
                return True
        for k in self._null_attr_slots:
            if k < len(raw_attrs) and raw_attrs[k] is None:
                return True
        return False

    def __repr__(self):
        return "<aclnn op %s(%s)>" % (self.name, ", ".join(p.c_decl() for p in self.params))

    def __reduce__(self):
        # A registered op is pickled by name, as its numpy-like function is (its kernel
        # and tiling functions are this process's); an unregistered one is refused.
        if self.snake is None or _registry.get(self.snake) is not self:
            raise TypeError("op %r is not registered (ascendops.register): only registered ops "
                            "can be pickled, by name" % (self.name,))
        return (_registered_op, (self.snake,))

    cdef object _attr_tag(self, tuple attrs):
        """What the executor cache's key needs beyond the attribute values' equality
        (_plan_for): 1, 1.0, True, 1+0j and np.float16(1) are equal, and so are 0.0 and
        -0.0, but the checks read an aclScalar's dtype (AddRelu's CanCast of alpha, the
        refusal of a complex one) and the kernels the sign of a zero. 0 (no allocation)
        for Python floats other than -0.0, the common case; else an int holding, per
        Scalar / Double / Float attribute, its aclScalar dtype and the sign of a zero."""
        cdef Py_ssize_t i, k
        cdef object tag = 0
        cdef int code
        cdef double d
        cdef PyObject *found
        if self._ntag == 0 or len(attrs) != len(self.attr_params):
            return 0
        for k in range(self._ntag):
            i = self._tag_idx[k]
            v = <object>PyTuple_GET_ITEM(attrs, i)
            if v is None:
                continue
            t = type(v)
            if t is float:
                d = PyFloat_AS_DOUBLE(v)
                if d == 0.0 and _copysign(1.0, d) < 0:
                    tag = tag | (<object>1 << (8 * i))     # a Python int: no C overflow
                continue
            # the aclScalar dtype by the value's type (Scalar.dtype_of), cached per type
            found = PyDict_GetItem(_TAG_CODE_BY_TYPE, t)
            if found == NULL:
                code = ((<DType>Scalar.dtype_of(v)).code + 1) * 2
                _TAG_CODE_BY_TYPE[t] = code
            else:
                code = <object>found
            # a zero's sign (truth value first: numpy's == on its scalars costs ~100 ns)
            if not v and _copysign(1.0, float(v.real if isinstance(v, (complex, np.complexfloating))
                                              else v)) < 0:
                code += 1
            tag = tag | (<object>code << (8 * i))
        return tag

    cpdef tuple check_attrs(self, tuple attrs):
        """Validates the attribute values by their Params (None -> 161001, a bad value ->
        161002); returns them normalised."""
        cdef Py_ssize_t i, n = len(self.attr_params)
        if n == 0 and not attrs:
            return ()
        if len(attrs) != n:
            raise TypeError("%s takes %d attributes (%s), got %d" % (self.name, n, ", ".join(self.attrs), len(attrs)))
        return tuple([(<object>self.attr_params[i]).convert(attrs[i]) for i in range(n)])

    def operand_shapes(self, shape, tuple attrs, bint whole=False):
        """(input shapes, output shapes) of a call whose kernel iterates over `shape`
        with attributes `attrs` (the one place the declarations' shape rules are read
        for callers that make operands: the harness, the bench, the fork workload):
        every tensor has that shape, except an Input(single=True), 0-d; an Input or
        Output(along=d), one element per index of dim d ((1,) where `shape` has no dim
        d); a per-row Output(reduced=True), `shape` without the reduced dim
        (_reduced_dim). ElementwiseOp adds its split operands; whole=True: `shape` is a
        split operand's own shape instead."""
        shape = tuple(shape)
        return self._special_shapes(shape, attrs, (shape,) * len(self.inputs), (shape,) * len(self.outputs))

    def _reduced_dim(self, tuple attrs, int ndim):
        """The reduced dim of a per-row output in [0, ndim), or None (RowReduceOp's)."""
        return None

    def _special_shapes(self, tuple shape, tuple attrs, tuple ins, tuple outs):
        """ins/outs (one shape per operand) with operand_shapes' exceptions applied. (An
        aclnnInplace op's selfRef is its input and its output: no Output param of its own,
        so its output keeps the input's shape.)"""
        row = self._reduced_dim(attrs, len(shape))
        if len(self.input_params) == len(ins):
            ins = tuple(() if getattr(p, "single", False)
                        else _along_shape(shape, p.along) if getattr(p, "along", None) is not None else s
                        for p, s in zip(self.input_params, ins))
        if len(self.output_params) == len(outs):
            outs = tuple(_along_shape(shape, p.along) if getattr(p, "along", None) is not None
                         else shape[:row] + shape[row + 1:] if getattr(p, "reduced", False) and row is not None
                         else s for p, s in zip(self.output_params, outs))
        return ins, outs

    cdef int set_storage_format(self, tuple tensors) except -1:
        """Phase 1's record of `storage_format` on the output (kinds that set one)."""
        return 0

    cpdef tuple infer_outputs(self, tuple tensors, tuple attrs, soc):
        """((shape, dtype), ...) of the outputs the numpy-like API allocates."""
        return (self.infer_output(tensors, attrs, soc),)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        """(shape, dtype) of the output the numpy-like API allocates."""
        raise NotImplementedError

    def plan(self, tuple tensors, tuple attrs, soc):
        """Phase 1 after the null checks: all checks and planning. Returns a Plan."""
        raise NotImplementedError

    # Shared check steps, in CANN's order, for subclasses to call.
    def check_dtype_support(self, tuple tensors, soc=None):
        dtypes = self.dtypes_for(soc)
        for name, t in zip(self.tensor_names, tensors):
            if t is not None and (<Tensor>t).dtype not in dtypes:
                _raise(ACLNN_ERR_PARAM_INVALID,
                       "Tensor %s not implemented for %s, should be in dtype support list %s."
                       % (name, (<Tensor>t).dtype.log_name, _dt_list(dtypes)))

    def check_ranks(self, tuple tensors):
        for name, t in zip(self.tensor_names, tensors):
            if t is None:
                continue
            nd = len((<Tensor>t).shape)
            if (self.max_rank is not None and nd > self.max_rank) or nd < self.min_rank:
                _raise(ACLNN_ERR_PARAM_INVALID, "Tensor %s has %d dims, should be in [%d, %s]."
                       % (name, nd, self.min_rank, self.max_rank))

    def returns_early_on_empty(self, tuple inputs, soc):
        """The empty-tensor early return before the dtype/shape checks (empty_first)."""
        if self.empty_first == "always" or (self.empty_first == "non_regbase" and not soc.regbase):
            return any((<Tensor>t).numel == 0 for t in inputs)
        return False


cdef class InplaceOp(OpDef):
    """aclnnInplace<Name>(aclTensor *selfRef, <the other inputs and attributes>): made
    by register() from an op declared with inplace=True. Its first input is also its
    output, so every rule of the out-of-place op applies with out = selfRef."""
    cdef readonly OpDef base

    def __init__(self, OpDef base):
        ref = base.input_params[0]
        params = [_InplaceRef(base.inplace_name, py=ref.py, const=base.inplace_const) if p is ref else p
                  for p in base.params if not isinstance(p, Output)]
        OpDef.__init__(self, "Inplace" + base.name, "inplace_" + base.snake, params,
                       base.dtypes if base.dtypes_by_soc is None else base.dtypes_by_soc,
                       min_rank=base.min_rank, max_rank=base.max_rank, empty_first=base.empty_first,
                       out_dtype=base.out_dtype, header=base.header, info=base.info, doc=base.doc)
        self.base = base
        # the output is the in-place tensor: tensors are the inputs, then selfRef again
        self._tensor_slots = self._tensor_slots + (self._tensor_slots[0],)
        self.outputs = (base.inplace_name,)
        self.tensor_names = self.inputs + self.outputs
        # the out-of-place op's names of self and out stand for selfRef in its steps
        self.check_aliases = ((base.inputs[0], base.inplace_name), (base.outputs[0], base.inplace_name))
        self.checks = base.inplace_checks if base.inplace_checks is not None else base.checks
        if base.inplace_checks is not None:
            self.check_steps = base.inplace_checks.resolved(base.checks)
        else:
            self.check_steps = base.check_steps
        if self.check_steps is not None:
            self._validate_steps()

    def __getattr__(self, name):
        # the out-of-place op's kind-specific fields (broadcast, mixed, kernel, ...)
        if name.startswith("__") or self.base is None:
            raise AttributeError(name)
        return getattr(self.base, name)

    cdef OpDef _base(self):
        if self.base is None:
            raise TypeError("this InplaceOp was not made by register() (InplaceOp.__new__)")
        return self.base

    cpdef tuple check_attrs(self, tuple attrs):
        return self._base().check_attrs(attrs)

    cpdef tuple infer_output(self, tuple tensors, tuple attrs, soc):
        return self._base().infer_output(tensors, attrs, soc)

    def plan(self, tuple tensors, tuple attrs, soc):
        return self._base().plan(tensors, attrs, soc)
