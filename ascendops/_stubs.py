"""The op part of ascendops' type stubs and README's Ops table, generated from the op
declarations (OpDef.params) and the runtime signatures of the functions `register`
made, so that adding an op is its declaration file and its math header, nothing else.

    python -m ascendops._stubs DIR            # writes DIR/_ops.pyi and DIR/aclnn.pyi
    python -m ascendops._stubs --readme FILE  # rewrites FILE's Ops table in place

setup.py runs the first with the freshly built core (beside the aclnnop headers,
ascendops/_headers.py) and installs both stubs into the package; neither is kept in
git. `ascendops/__init__.pyi` re-exports `_ops.pyi` (`from ._ops import *`).
tests/core/test_stubs.py checks the stubs against the runtime signatures and README's
table against `readme_table()`.

Each argument's type comes from the kind of its CANN parameter: a tensor is
`_ArrayLike` in a numpy-like function and `Tensor` in the two-stage API, an aclScalar a
float, an int64_t an int, an aclIntArray a Sequence[int], and so on; an optional
parameter (CANN's xxxOptional) is Optional[...]."""
import inspect
import os
import sys

_P = inspect.Parameter

# CANN parameter kind (Param.kind, _opdef.pxi) -> the Python type an attribute takes
_ATTR_TYPES = {
    "scalar": "float", "int": "int", "double": "float", "float": "float", "bool": "bool",
    "str": "str", "int_array": "Sequence[int]", "float_array": "Sequence[float]",
    "bool_array": "Sequence[bool]", "dtype": "_DTypeLike",
}

# phase 2 of every op: aclnn<Op>(workspace, workspaceSize, executor, stream)
_PHASE2_TYPES = {"workspace": "Optional[Tensor]", "workspace_size": "int",
                 "executor": "Executor", "stream": "Optional[Stream]"}

_INIT_HEAD = '''\
# The numpy-like function of every registered op (generated from the op declarations by
# ascendops/_stubs.py at build time; re-exported by ascendops/__init__.pyi).
# Inputs: _ArrayLike; the result is a numpy.ndarray (numpy or Python values in), a torch.Tensor
# (a torch tensor in), an ascendops Tensor (Tensors in), or `out` itself when given.
from typing import Any, Optional, Sequence

from . import _ArrayLike, _DTypeLike, _Out
'''

_ACLNN_HEAD = '''\
# Type stubs of the two-stage aclnn API (generated from the op declarations by
# ascendops/_stubs.py at build time). CANN's argument order: inputs, attributes, the
# outputs; phase 1 returns (workspace_size, executor), phase 2 runs the executor on a stream.
# Every tensor argument is a Tensor (no arrays), as aclnn takes aclTensor pointers.
from typing import Optional, Sequence, Tuple

from . import Executor, Stream, Tensor, _DTypeLike
'''


def _ops():
    """The registered ops, each aclnnInplace<Op> right after its op, by aclnn name."""
    import ascendops
    ops = list(ascendops.registered_ops().values())

    def key(op):
        name = op.name
        inplace = name.startswith("Inplace")
        return (name[len("Inplace"):] if inplace else name, inplace)
    return sorted(ops, key=key)


def _param_type(param, tensor_type):
    if param.tensor:
        t = tensor_type
    elif param.kind == "tensor_list":
        t = "Sequence[%s]" % tensor_type
    else:
        t = _ATTR_TYPES.get(param.kind, "Any")
    return "Optional[%s]" % t if param.optional else t


def _default_type(value):
    """The type of an argument no CANN parameter names (a numpy-like function's own
    keyword), from its default."""
    for t in (bool, int, float, str):
        if type(value) is t:
            return t.__name__
    return "Any"


def _render(name, sig, types, returns):
    """`def name(a: T, b: U = 1.0, /, *, c: V = None) -> R: ...` from an
    inspect.Signature and {argument name: type}."""
    parts, kinds = [], [p.kind for p in sig.parameters.values()]
    for i, p in enumerate(sig.parameters.values()):
        if p.kind is _P.KEYWORD_ONLY and (i == 0 or kinds[i - 1] is not _P.KEYWORD_ONLY):
            parts.append("*")
        text = "%s: %s" % (p.name, types.get(p.name) or _default_type(p.default))
        if p.default is not _P.empty:
            text += " = %r" % (p.default,)
        parts.append(text)
        if p.kind is _P.POSITIONAL_ONLY and (i + 1 == len(kinds) or kinds[i + 1] is not _P.POSITIONAL_ONLY):
            parts.append("/")
    return "def %s(%s) -> %s: ..." % (name, ", ".join(parts), returns)


def numpy_like_stub(op):
    import ascendops
    types = {p.py: _param_type(p, "_ArrayLike") for p in op.params if p.kind != "output"}
    types["out"] = "_Out"
    return _render(op.snake, inspect.signature(getattr(ascendops, op.snake)), types, "Any")


def two_stage_stubs(op):
    from ascendops import aclnn
    phase1 = op.snake + "_get_workspace_size"
    types = {p.snake: _param_type(p, "Tensor") for p in op.params}
    return [_render(phase1, inspect.signature(getattr(aclnn, phase1)), types, "Tuple[int, Executor]"),
            _render(op.snake, inspect.signature(getattr(aclnn, op.snake)), _PHASE2_TYPES, "None")]


def single_call_stub(api):
    """ascendops.<snake>(attributes) -> the result, of a single-call API (SingleCallApi)."""
    args = ", ".join("%s: %s" % (p.py, _param_type(p, "_ArrayLike")) for p in api.attr_params)
    return "def %s(%s) -> int: ..." % (api.snake, args)


def ops_stub_text():
    import ascendops
    singles = sorted(ascendops.registered_single_calls().values(), key=lambda a: a.name)
    return (_INIT_HEAD + "\n" + "".join(numpy_like_stub(op) + "\n" for op in _ops())
            + "".join(single_call_stub(a) + "\n" for a in singles))


def aclnn_stub_text():
    return _ACLNN_HEAD + "\n" + "".join(line + "\n" for op in _ops() for line in two_stage_stubs(op))


def write_stubs(directory):
    """Writes directory/_ops.pyi and directory/aclnn.pyi (a file whose text is unchanged
    keeps its time stamp)."""
    os.makedirs(directory, exist_ok=True)
    for name, text in (("_ops.pyi", ops_stub_text()), ("aclnn.pyi", aclnn_stub_text())):
        path = os.path.join(directory, name)
        if os.path.exists(path):
            with open(path) as f:
                if f.read() == text:
                    continue
        with open(path, "w") as f:
            f.write(text)


# -- README's Ops table -----------------------------------------------------------------
README_BEGIN = "<!-- ops table: generated by `python -m ascendops._stubs --readme README.md`; do not edit -->"
README_END = "<!-- end of the ops table -->"


def _call(name, sig):
    return "`%s%s`" % (name, sig)


def readme_table():
    """README's Ops table: one row per registered op, each call written with the real
    signature; an op's `info["api_note"]` (e.g. "`Tensor.astype`") follows its call."""
    import ascendops
    from ascendops import aclnn
    rows = ["| aclnn op | numpy-like (`ascendops`) | two-stage phase 1 (`ascendops.aclnn`) |",
            "|---|---|---|"]
    for op in _ops():
        numpy_like = _call(op.snake, inspect.signature(getattr(ascendops, op.snake)))
        note = op.info.get("api_note")
        if note:
            numpy_like += " " + note
        phase1 = op.snake + "_get_workspace_size"
        rows.append("| aclnn%s | %s | %s |" % (op.name, numpy_like,
                                               _call(phase1, inspect.signature(getattr(aclnn, phase1)))))
    return "\n".join(rows)


def readme_with_table(text):
    """`text` (README.md) with the block between README_BEGIN and README_END replaced by
    readme_table()."""
    start, end = text.find(README_BEGIN), text.find(README_END)
    if start < 0 or end < start:
        raise ValueError("README has no ops table markers (%s ... %s)" % (README_BEGIN, README_END))
    return text[:start] + README_BEGIN + "\n" + readme_table() + "\n" + text[end:]


def main(argv):
    if len(argv) == 2 and argv[0] == "--readme":
        with open(argv[1]) as f:
            text = f.read()
        new = readme_with_table(text)
        if new != text:
            with open(argv[1], "w") as f:
                f.write(new)
            print("%s: ops table rewritten (%d ops)" % (argv[1], len(_ops())))
        return 0
    if len(argv) == 1 and not argv[0].startswith("-"):
        write_stubs(argv[0])
        return 0
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
