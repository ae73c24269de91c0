"""The generated tables of docs/fidelity.md: per API its CANN source, the steps of its
check sequence and its probes; every deviation; every place CANN's doc and source
disagree. Reads the registry (ascendops.registered_ops) and tests/ops/probes/.

    python tools/fidelity_table.py           # print the tables
    python tools/fidelity_table.py --write   # rewrite them in docs/fidelity.md
    python tools/fidelity_table.py --check   # exit 1 where docs/fidelity.md is stale
"""
import argparse
import importlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "fidelity.md")
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)     # the checkout's ascendops (an in-place build) where none is installed


def _probe_modules():
    sys.path.insert(0, os.path.join(ROOT, "tests", "ops"))
    probes = importlib.import_module("probes")
    return [importlib.import_module("probes." + m) for m in probes.modules()]


def sections():
    """{marker: markdown} for the doc's generated sections."""
    import ascendops
    mods = _probe_modules()
    count, devs, doc_source = {}, [], []
    for mod in mods:
        deviations = getattr(mod, "DEVIATIONS", {})
        for p in mod.PROBES:
            api = p.op or mod.OP
            count[api] = count.get(api, 0) + 1
            if p.name in deviations:
                here, why = deviations[p.name]
                devs.append((api, p.name, p.soc, p.status, here, why))
        doc_source.extend(getattr(mod, "DOC_SOURCE", []))
    rows = ["| API | CANN source | steps | probes | deviations |", "|---|---|---|---|---|"]
    for op in sorted(ascendops.registered_ops().values(), key=lambda o: o.name):
        src = op.checks.source if op.checks is not None else None
        where = "`%s` @%s" % (src.path, src.commit[:8]) if src is not None else "none"
        nsteps = len(op.check_steps) if op.check_steps is not None else 0
        ndev = sum(1 for d in devs if d[0] == op.name)
        rows.append("| %s | %s | %d | %d | %d |" % (op.name, where, nsteps, count.get(op.name, 0), ndev))
    dev_rows = ["| API | probe | SoC | CANN | here | why |", "|---|---|---|---|---|---|"]
    for api, name, soc, cann, here, why in sorted(devs):
        dev_rows.append("| %s | %s | %s | %s | %s | %s |" % (api, name, soc, cann, here, why.replace("|", "/")))
    if len(dev_rows) == 2:
        dev_rows = ["None."]
    total = sum(count.values())
    rows.append("")
    rows.append("%d APIs, %d probes, %d deviations." % (len(ascendops.registered_ops()), total, len(devs)))
    return {
        "coverage": "\n".join(rows),
        "deviations": "\n".join(dev_rows),
        "doc-source": "\n".join("- " + s for s in sorted(doc_source)) if doc_source else "None recorded.",
    }


def render(text, secs):
    for marker, body in secs.items():
        pattern = re.compile(r"(<!-- %s:begin -->\n).*?(<!-- %s:end -->)" % (marker, marker), re.S)
        if not pattern.search(text):
            raise SystemExit("docs/fidelity.md has no %s markers" % marker)
        text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    secs = sections()
    with open(DOC) as f:
        text = f.read()
    new = render(text, secs)
    if args.write:
        with open(DOC, "w") as f:
            f.write(new)
    elif args.check:
        if new != text:
            print("docs/fidelity.md is stale: run python tools/fidelity_table.py --write")
            return 1
    else:
        for marker, body in secs.items():
            print("## %s\n\n%s\n" % (marker, body))
    return 0


if __name__ == "__main__":
    sys.exit(main())
