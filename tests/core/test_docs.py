"""What README.md and docs/*.md tell a reader to run or open exists, and their build
times are measurements, not promises: every module after `python -m`, every script and
file a command or a link names, every extra of `pip install '.[...]'`, every
`ASCENDOPS_*` variable; every `from ascendops.ops import ...` line of
docs/adding-an-op.md imports; a clause of README.md or docs/adding-an-op.md that gives a
build or install time says where and when it was measured ("measured on <machine>,
<YYYY-MM-DD>"). README's Ops table has its own test (test_stubs.py). Text only, plus
imports: about a second in all."""
import glob
import importlib.util
import os
import re

import pytest

import ascendops

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
README = os.path.join(ROOT, "README.md")
DOCS = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))

pytestmark = pytest.mark.skipif(not os.path.isfile(README),
                                reason="no README beside the package (an installed copy)")


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _code(text):
    """The text of the code blocks and inline code spans (where commands are written)."""
    blocks = re.findall(r"```[a-z]*\n(.*?)```", text, re.S)
    spans = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S))
    return "\n".join(blocks + spans)


def _pages():
    return [README] + DOCS


@pytest.mark.parametrize("path", _pages(), ids=os.path.basename)
def test_python_dash_m_modules_exist(path):
    missing = []
    for module in set(re.findall(r"python3? -m ([A-Za-z_][\w.]*)", _code(_read(path)))):
        if module.split(".")[0] != "ascendops":
            continue  # pytest, pip, venv: the environment's
        if importlib.util.find_spec(module) is None:
            missing.append(module)
    assert not missing, "%s runs modules that do not exist: %s" % (path, missing)


@pytest.mark.parametrize("path", _pages(), ids=os.path.basename)
def test_scripts_and_links_exist(path):
    text = _read(path)
    here = os.path.dirname(path)
    missing = []
    # scripts run by a command: python benchmarks/x.py, bash .ci/run, tools/sanitize.sh
    for script in re.findall(r"(?:python3?|bash|sh) ((?:\./)?[\w.-]+/[\w./-]+)", _code(text)):
        if not os.path.exists(os.path.join(ROOT, script)):
            missing.append(script)
    # relative links: [text](path) and [text](path#anchor)
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" in target or target.startswith("mailto:"):
            continue
        if not os.path.exists(os.path.normpath(os.path.join(here, target))):
            missing.append(target)
    assert not missing, "%s names files that do not exist: %s" % (path, sorted(set(missing)))


def _extras():
    text = _read(os.path.join(ROOT, "pyproject.toml"))
    section = text.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    return set(re.findall(r"^(\w[\w-]*)\s*=", section, re.M))


@pytest.mark.parametrize("path", _pages(), ids=os.path.basename)
def test_pip_extras_exist(path):
    extras = _extras()
    asked = set()
    for group in re.findall(r"pip install '?\.\[([\w,-]+)\]", _read(path)):
        asked.update(group.split(","))
    assert asked <= extras, "%s installs extras pyproject.toml lacks: %s" % (path, sorted(asked - extras))


def _source_text():
    parts = []
    for pattern in ("setup.py", "ascendops/*.py", "ascendops/*.pyx", "ascendops/*.pxi", "ascendops/ops/*.py",
                    "src/*.[ch]", "src/*/*.[ch]", "src/capi/*.cpp", "tools/*", "benchmarks/*.py",
                    "tests/*.py", "tests/*/*.py", "tests/*/*.sh", ".ci/*"):
        for path in glob.glob(os.path.join(ROOT, pattern)):
            if os.path.isfile(path):
                with open(path, encoding="utf-8", errors="replace") as f:
                    parts.append(f.read())
    return "\n".join(parts)


def test_environment_variables_are_read_somewhere():
    source = _source_text()
    named = set()
    for path in _pages():
        text = _read(path)
        # in the prose, and set (NAME=...) in code; not a build script's own variables
        prose = re.sub(r"```.*?```", "", text, flags=re.S)
        named.update(re.findall(r"\b(ASCENDOPS_[A-Z0-9_]*[A-Z0-9])\b", prose))
        named.update(re.findall(r"\b(ASCENDOPS_[A-Z0-9_]*[A-Z0-9])=", text))
    unread = sorted(v for v in named if v not in source)
    assert not unread, "documented but read nowhere in the sources: %s" % unread


# a duration: "75 s", "1 min 15 s", "3.5 minutes", "about a minute"
_DURATION = re.compile(r"\b\d+(\.\d+)?\s*(s|ms|min|minutes?|seconds?)\b|\babout an? (minute|second|hour)\b")
_BUILDING = re.compile(r"\b(builds?|rebuilds?|built|compil\w+|pip install)\b", re.I)
_MEASURED = re.compile(r"measured on [^;]*?\b20\d\d-\d\d-\d\d\b", re.I | re.S)


def _clauses(text):
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for paragraph in re.split(r"\n\s*\n", text):
        paragraph = " ".join(paragraph.split())
        # a sentence ends at ". " before a capital or a backquote; a clause at "; "
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z`(])", paragraph):
            yield sentence


@pytest.mark.parametrize("path", [README, os.path.join(ROOT, "docs", "adding-an-op.md")], ids=os.path.basename)
def test_build_times_say_where_and_when_they_were_measured(path):
    bad = []
    for sentence in _clauses(_read(path)):
        for clause in sentence.split("; "):
            if _DURATION.search(clause) and _BUILDING.search(clause) and not _MEASURED.search(sentence):
                bad.append(clause)
    assert not bad, ("%s states build times without 'measured on <machine>, <date>':\n%s"
                     % (path, "\n".join(bad)))


def test_adding_an_op_imports_work():
    """The vocabulary docs/adding-an-op.md imports from ascendops.ops is there."""
    text = _read(os.path.join(ROOT, "docs", "adding-an-op.md"))
    found = re.findall(r"^from (ascendops(?:\.ops|\._core)?) import (\([^)]*\)|[^\n]+)", text, re.M)
    assert found, "docs/adding-an-op.md shows no import line"
    for module_name, names in found:
        names = re.sub(r"#[^\n]*", "", names).strip("()")
        names = [n.strip() for n in names.split(",")]
        module = importlib.import_module(module_name)
        absent = [n for n in names if n and n != "..." and not hasattr(module, n)]
        assert not absent, "from %s import: %s lacks %s" % (module_name, module_name, absent)
