"""CANN's public op headers, include/aclnnop/aclnn_<snake>.h, generated from the op
declarations (OpDef.params): one header per declared op, with its aclnnInplace<Name>
variant where the op has one, in CANN's C types and parameter order.

    python -m ascendops._headers DIR        # writes DIR/aclnn_<snake>.h for every op

setup.py runs this with the freshly built core and compiles libascendops.so from
the headers it writes (each header's ACLNN_OP lines expand into the op's C entry
points there: include/ascendops/capi/aclnn_op.h)."""
import os
import sys


def _first_line(doc):
    for line in (doc or "").strip().splitlines():
        line = line.strip()
        if line:
            return line.replace("*/", "* /")
    return ""


def _acl_op(op):
    params = ", ".join(p.c_decl() for p in op.params)
    names = ", ".join(p.name for p in op.params)
    return "ACLNN_OP(%s,\n         (%s),\n         (%s))" % (op.name, params, names)


def header_text(ops):
    """The text of CANN's header `ops[0].header`, declaring the entry points of `ops` (an
    op and its aclnnInplace<Name> variant; several ops where CANN's header has several)."""
    op = ops[0]
    guard = "ACLNNOP_%s_" % op.header.upper().replace(".", "_")
    title = _first_line(op.doc)
    if not title.startswith("aclnn" + op.name):
        title = "aclnn%s: %s" % (op.name, title)
    lines = ["/* " + title,
             " * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */",
             "#ifndef %s" % guard,
             "#define %s" % guard,
             '#include "ascendops/capi/aclnn_op.h"']
    for o in ops:
        lines += ["", _acl_op(o)]
    lines += ["", "#endif", ""]
    return "\n".join(lines)


def headers():
    """{file name: text} of every registered op's header (ops sharing a header in
    registration order, each followed by its in-place variant)."""
    import ascendops  # noqa: F401  (registers every op)
    from ascendops import _core
    groups = {}
    for op in _core.registered_ops().values():
        groups.setdefault(op.header, []).append(op)
    return {name: header_text(ops) for name, ops in groups.items()}


def write_headers(folder):
    """Writes every op's header into `folder` (a file whose text is unchanged is not
    rewritten, so builds that depend on it stay up to date) and removes the other
    aclnn_*.h files there (an op that was removed). Returns the paths written."""
    os.makedirs(folder, exist_ok=True)
    texts = headers()
    for name in os.listdir(folder):
        if name.startswith("aclnn_") and name.endswith(".h") and name not in texts:
            os.remove(os.path.join(folder, name))
    paths = []
    for name, text in sorted(texts.items()):
        path = os.path.join(folder, name)
        try:
            with open(path) as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:
            with open(path, "w") as f:
                f.write(text)
        paths.append(path)
    return paths


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m ascendops._headers DIR")
    for p in write_headers(sys.argv[1]):
        print(p)
