"""What the layout ops' declarations share: CANN's commit and the Cast kernel's dtypes
(the dtypes a layout copies; the complex and 8-bit float ones of CANN's lists are refused
after the check sequence)."""
from ascendops._core import as_dtype

REPO = "hicann/ops-math"
COMMIT = "c41933244c31e44fd496e3bb3212164f8c48c214"
COPYABLE = ("float32", "float16", "bfloat16", "float64", "int8", "int16", "int32", "int64",
            "uint8", "uint16", "uint32", "uint64", "bool")


def copyable(dtypes):
    """The dtypes of a CANN list the Cast kernel copies, in the list's order."""
    names = {as_dtype(d) for d in COPYABLE}
    return tuple(d for d in dtypes if as_dtype(d) in names)


def shape_of(ctx, name):
    t = ctx.tensor(name)
    return tuple(t.shape)
