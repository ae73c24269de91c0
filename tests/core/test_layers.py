"""The core's layers show: _core.pyx includes its .pxi files bottom-up, and no file
uses a name that only a later (upper) file defines, nor imports the package's upper
modules (ascendops.ops, ascendops.aclnn). Cython resolves module-level names at run
time, so an upward reference compiles and only this check finds it.

Regression: Tensor.astype (_tensor.pxi) called the dispatcher's _call and _cast.pxi's
_cast_op, which imported ascendops.ops. Reads the sources: skipped where they are not
present (an installed package without its .pxi files)."""
import io
import os
import re
import tokenize

import pytest

import ascendops

PKG = os.path.dirname(os.path.abspath(ascendops.__file__))
CORE = os.path.join(PKG, "_core.pyx")

pytestmark = pytest.mark.skipif(not os.path.isfile(CORE), reason="the core's Cython sources are not present")

# a top-level definition: def/cpdef/cdef function or class, cdef variable, or assignment
TOP_DEF = re.compile(r"^(?:(?:cdef|cpdef)\s+(?:inline\s+)?(?:class\s+)?(?:[\w.\[\]]+\s+\**)*?(\w+)\s*[(:=]"
                     r"|def\s+(\w+)\s*\(|class\s+(\w+)\s*[(:]|(\w+)\s*=[^=])")
UPPER_MODULES = re.compile(r"^\s*(?:import\s+ascendops\.(?:ops|aclnn)\b|from\s+ascendops(?:\.ops|\.aclnn)?\s+import"
                           r"|import\s+ascendops\s*$)", re.M)


def include_order():
    with open(CORE) as f:
        return re.findall(r'^include\s+"(\w+\.pxi)"', f.read(), re.M)


def code_tokens(text):
    """The identifiers of `text` outside comments and strings, except attribute names
    (x.name) and keyword-argument names (f(name=...))."""
    names, prev = set(), None
    toks = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
            if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                              tokenize.DEDENT)]
    for i, t in enumerate(toks):
        if t.type == tokenize.NAME and not (prev is not None and prev.string == "."):
            nxt = toks[i + 1].string if i + 1 < len(toks) else ""
            if not (nxt == "=" and prev is not None and prev.string in ("(", ",")):
                names.add(t.string)
        prev = t
    return names


def top_level_names(text):
    names = set()
    for line in text.splitlines():
        m = TOP_DEF.match(line)
        if m:
            names.add(next(g for g in m.groups() if g))
    return names - {"enum", "struct", "union"}   # cdef enum: / cdef struct ...:


# Files that form one layer and may use each other: a Tensor exports and imports
# DLPack (Tensor.__dlpack__, ascendops.tensor(producer)), DLPack makes Tensors.
SAME_LAYER = [{"_tensor.pxi", "_dlpack.pxi"}]


def layer_mates(name):
    return set().union(*[group for group in SAME_LAYER if name in group]) - {name}


def test_core_files_reference_no_upper_layer():
    files = include_order()
    assert files[:3] == ["_dtypes.pxi", "_memory.pxi", "_tensor.pxi"] and "_api.pxi" in files
    texts = {}
    for name in files:
        with open(os.path.join(PKG, name)) as f:
            texts[name] = f.read()
    defined = {name: top_level_names(texts[name]) for name in files}
    # the cdef classes _core.pxd declares are known to every file (their fields)
    with open(os.path.join(PKG, "_core.pxd")) as f:
        declared = set(re.findall(r"^cdef class (\w+)", f.read(), re.M))
    problems = []
    for i, name in enumerate(files):
        own_and_lower = set().union(*(defined[f] for f in files[:i + 1])) | declared
        used = code_tokens(texts[name])
        for upper in [f for f in files[i + 1:] if f not in layer_mates(name)]:
            for ref in sorted((used & defined[upper]) - own_and_lower):
                problems.append("%s uses %s, defined in the upper layer %s" % (name, ref, upper))
        for m in UPPER_MODULES.finditer(texts[name]):
            problems.append("%s imports an upper module: %s" % (name, m.group(0).strip()))
    assert not problems, "\n".join(problems)


def test_the_check_sees_an_upward_reference():
    """Control: the tokenizer and the definition pattern find what they must."""
    assert {"_call", "_registry"} <= top_level_names("cdef object _call(OpDef op):\n    pass\n"
                                                     "cdef dict _registry = {}\n")
    assert top_level_names(
        "cdef class CastOp(OpDef):\n    pass\ncdef Plan _plan_for(OpDef op):\n    pass\n"
        "def x(a):\n    pass\ncdef class Plan:\n    pass\ncdef enum:\n    A = 1\n"
        "cdef object _astype_kernel = None\n") == {"CastOp", "_plan_for", "Plan", "x", "_astype_kernel"}
    used = code_tokens("def f(t):\n    # _call in a comment\n    s = '_call in a string'\n"
                       "    return _call(t.op, key=1)\n")
    assert "_call" in used and "op" not in used and "key" not in used
    assert UPPER_MODULES.search("    import ascendops.ops  # registers the ops\n")
