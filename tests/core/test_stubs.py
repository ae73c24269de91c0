"""The type stubs (ascendops/__init__.pyi, py.typed, and the op stubs the build generates
from the declarations: _ops.pyi, aclnn.pyi) match the runtime API, so they cannot go
stale: every public name is declared, every declared signature
equals inspect.signature of the runtime object (names, kinds, defaults), every
registered op has its numpy-like and two-stage functions; mypy, where installed, sees
them. README's Ops table is the generator's (generated from the registry)."""
import ast
import inspect
import os

import pytest

import ascendops as ao
from ascendops import _stubs, aclnn

PKG = os.path.dirname(os.path.abspath(ao.__file__))
P = inspect.Parameter


def load(name):
    path = os.path.join(PKG, name)
    with open(path) as f:
        return ast.parse(f.read(), path)


INIT, ACLNN = load("__init__.pyi"), load("aclnn.pyi")


def declared(tree):
    """Module-level name -> node (def, class, annotated or plain assignment, import)."""
    names = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = node
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                names[t.id] = node
        elif isinstance(node, ast.ImportFrom) and node.level == 1 and [a.name for a in node.names] == ["*"]:
            # `from ._ops import *`: a stub's star import re-exports the public names
            names.update((n, v) for n, v in declared(load(node.module + ".pyi")).items()
                         if not n.startswith("_"))
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                if a.asname == a.name:      # `from . import aclnn as aclnn`: a stub's re-export
                    names[a.name] = node
    return names


def stub_params(fn):
    """[(name, kind, default)] of a stub function; default: P.empty, Ellipsis (any) or a value."""
    a = fn.args
    positional = [(x, P.POSITIONAL_ONLY) for x in a.posonlyargs] + [(x, P.POSITIONAL_OR_KEYWORD) for x in a.args]
    defaults = [P.empty] * (len(positional) - len(a.defaults)) + list(a.defaults)
    out = [(x.arg, kind, d) for (x, kind), d in zip(positional, defaults)]
    if a.vararg:
        out.append((a.vararg.arg, P.VAR_POSITIONAL, P.empty))
    out += [(x.arg, P.KEYWORD_ONLY, P.empty if d is None else d) for x, d in zip(a.kwonlyargs, a.kw_defaults)]
    if a.kwarg:
        out.append((a.kwarg.arg, P.VAR_KEYWORD, P.empty))
    return [(n, k, d if d is P.empty else ast.literal_eval(d) if not (isinstance(d, ast.Constant)
                                                                        and d.value is Ellipsis) else Ellipsis)
            for n, k, d in out]


def informative(sig):
    """False for the (*args, **kwargs) that Cython's special methods report."""
    kinds = [p.kind for p in sig.parameters.values()]
    return not (P.VAR_POSITIONAL in kinds and P.VAR_KEYWORD in kinds and len(kinds) <= 3)


def assert_same(where, runtime, fn):
    want = [(p.name, p.kind, p.default) for p in runtime.parameters.values()]
    got = stub_params(fn)
    assert [(n, k) for n, k, _ in got] == [(n, k) for n, k, _ in want], \
        "%s: the stub says %s, the runtime %s" % (where, got, runtime)
    for (n, _, d), (_, _, w) in zip(got, want):
        if d is Ellipsis:
            assert w is not P.empty, "%s: %s has no default at run time" % (where, n)
        else:
            assert d == w, "%s: default of %s is %r in the stub, %r at run time" % (where, n, d, w)


def test_py_typed_ships_beside_the_stubs():
    for name in ("py.typed", "__init__.pyi", "_ops.pyi", "aclnn.pyi", "_core.pyi"):
        assert os.path.exists(os.path.join(PKG, name)), name


def test_every_public_name_is_declared_and_exists():
    names = declared(INIT)
    public = {n for n in dir(ao) if not n.startswith("_")}
    # submodules imported elsewhere (ascendops.bench, .config) become attributes too
    missing = sorted(n for n in public - set(names) if not inspect.ismodule(getattr(ao, n)))
    assert {"aclnn", "ops"} <= set(names)
    assert not missing, "add to ascendops/__init__.pyi: %s" % missing
    extra = sorted(n for n in names if not n.startswith("_") and n not in public)
    assert not extra, "declared in the stub but not in ascendops: %s" % extra


def test_module_functions_match():
    for name, node in declared(INIT).items():
        if isinstance(node, ast.FunctionDef):
            sig = inspect.signature(getattr(ao, name))
            if informative(sig):
                assert_same("ascendops.%s" % name, sig, node)


def test_class_methods_match():
    for name, node in declared(INIT).items():
        if not isinstance(node, ast.ClassDef) or name == "_CacheInfo":
            continue
        cls = getattr(ao, name)
        for item in node.body:
            if not isinstance(item, ast.FunctionDef):
                continue
            assert hasattr(cls, item.name), "ascendops.%s has no %s" % (name, item.name)
            attr = inspect.getattr_static(cls, item.name)
            if isinstance(attr, property) or type(attr).__name__ in ("getset_descriptor", "wrapper_descriptor",
                                                                       "member_descriptor"):
                continue    # properties and C slots: their existence is what can be checked
            sig = inspect.signature(getattr(cls, item.name))
            if informative(sig):
                assert_same("ascendops.%s.%s" % (name, item.name), sig, item)


def test_cache_info_fields():
    node = declared(INIT)["_CacheInfo"]
    fields = [item.target.id for item in node.body if isinstance(item, ast.AnnAssign)]
    assert tuple(fields) == type(ao.cache_info())._fields


@pytest.mark.parametrize("name", sorted(ao.registered_ops()))
def test_every_op_is_in_the_stubs(name):
    init, two = declared(INIT), declared(ACLNN)
    assert name in init, "ascendops/_ops.pyi lacks %s: rebuild (setup.py build_ext)" % name
    assert_same("ascendops.%s" % name, inspect.signature(getattr(ao, name)), init[name])
    for fn in (name, name + "_get_workspace_size"):
        assert fn in two, "ascendops/aclnn.pyi lacks %s: rebuild (setup.py build_ext)" % fn
        assert_same("aclnn.%s" % fn, inspect.signature(getattr(aclnn, fn)), two[fn])


def test_mypy_sees_the_signatures(tmp_path, monkeypatch):
    api = pytest.importorskip("mypy.api")
    snippet = tmp_path / "use_ascendops.py"
    snippet.write_text(
        "import numpy as np\n"
        "import ascendops\n"
        "from ascendops import aclnn\n"
        "x = np.ones(3, np.float32)\n"
        "reveal_type(ascendops.silu_backward)\n"                    # line 5
        "ascendops.silu_backward(grad_output=x, x=x)\n"
        "ascendops.cast(x)\n"                                       # line 7: dtype is required
        "ascendops.sigmoid_backward(x, y=x)\n"                      # line 8: CANN's name is output
        "t = ascendops.tensor(x)\n"
        "reveal_type(t.astype('float16'))\n"                        # line 10
        "ws, ex = aclnn.softmax_backward_get_workspace_size(t, t, -1, t)\n"
        "reveal_type(ex)\n")                                        # line 12
    monkeypatch.chdir(os.path.dirname(PKG))     # the ascendops under test (checkout or site-packages)
    out, err, _ = api.run([str(snippet), "--cache-dir", str(tmp_path / "cache"), "--no-error-summary",
                           "--follow-imports=silent"])
    lines = out.splitlines()

    def at(n):
        return " ".join(line for line in lines if ":%d:" % n in line)

    assert "def (grad_output:" in at(5) and "x:" in at(5) and "out:" in at(5), out + err
    assert not at(6), out
    assert 'Missing positional argument "dtype"' in at(7), out
    assert 'Unexpected keyword argument "y"' in at(8), out
    assert "ascendops.Tensor" in at(10), out
    assert "ascendops.Executor" in at(12), out


@pytest.mark.parametrize("name, text", [("_ops.pyi", _stubs.ops_stub_text),
                                          ("aclnn.pyi", _stubs.aclnn_stub_text)])
def test_the_installed_op_stubs_are_the_generator_s(name, text):
    """The build wrote the op stubs from these declarations (a stale copy would type-check
    calls against signatures that no longer exist)."""
    with open(os.path.join(PKG, name)) as f:
        assert f.read() == text(), "%s is stale: rebuild (python setup.py build_ext --inplace)" % name


def test_op_stubs_type_each_argument_by_its_cann_kind():
    """Tensors are _ArrayLike (numpy-like) / Tensor (two-stage); attributes take their
    CANN kind's Python type: an aclScalar a float, an int64_t an int, a bool a bool, an
    optional scalar Optional[float]."""
    init, two = declared(INIT), declared(ACLNN)

    def annotations(fn):
        a = fn.args
        return {x.arg: ast.unparse(x.annotation) for x in a.posonlyargs + a.args + a.kwonlyargs}
    assert annotations(init["elu_backward"]) == {
        "grad_output": "_ArrayLike", "self_or_result": "_ArrayLike", "alpha": "float", "scale": "float",
        "input_scale": "float", "is_result": "bool", "out": "_Out"}
    assert annotations(two["elu_backward_get_workspace_size"]) == {
        "grad_output": "Tensor", "alpha": "float", "scale": "float", "input_scale": "float",
        "is_result": "bool", "self_or_result": "Tensor", "grad_input": "Tensor"}
    assert annotations(two["softmax_backward_get_workspace_size"])["dim"] == "int"
    assert annotations(init["swish"])["beta_optional"] == "Optional[float]"
    assert annotations(two["cast_get_workspace_size"])["dtype"] == "_DTypeLike"
    assert annotations(two["silu_backward"]) == {
        "workspace": "Optional[Tensor]", "workspace_size": "int", "executor": "Executor",
        "stream": "Optional[Stream]"}


def test_readme_ops_table_is_generated_from_the_registry():
    """README's Ops table: one row per registered op (aclnnInplace<Op> after its op),
    each call written with the real signature (CANN's argument names), as
    `python -m ascendops._stubs --readme README.md` writes it: the table and the code
    cannot disagree."""
    readme = os.path.join(os.path.dirname(PKG), "README.md")
    if not os.path.exists(readme):
        pytest.skip("no README beside the package (an installed copy)")
    with open(readme) as f:
        text = f.read()
    assert _stubs.readme_with_table(text) == text, \
        "README's ops table is stale: run python -m ascendops._stubs --readme README.md"
    rows = [line for line in text.splitlines() if line.startswith("| aclnn") and not line.startswith("| aclnn op")]
    assert sorted(r.split("|")[1].strip() for r in rows) == sorted(
        "aclnn" + op.name for op in ao.registered_ops().values())
