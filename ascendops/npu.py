"""ascendops.npu: Huawei Ascend NPUs through CANN, found and loaded at run time.

ascendops has no build-time dependency on CANN. The first call here (or the first use
of a device "npu:N") looks for CANN as its set_env.sh leaves it -- $ASCEND_HOME_PATH,
$ASCEND_TOOLKIT_HOME, then /usr/local/Ascend/ascend-toolkit/latest and
$HOME/Ascend/ascend-toolkit/latest, each with lib64/ under it -- and dlopens the runtime
(libascendcl.so, or libacl_rt.so), libnnopbase.so and the op libraries (libopapi.so, or
libopapi_nn.so + libopapi_math.so; libopapi_cv.so and libopapi_transformer.so where
present). Importing ascendops loads none of it.
docs/npu.md says more; `python -m ascendops.standin DIR` makes a stand-in installation
backed by ascendops' own C API for machines without an NPU."""
from ascendops import _core

NpuUnavailableError = _core.NpuUnavailableError


def is_available():
    """True when CANN loads and reports at least one NPU; False otherwise (never raises
    for a missing or unusable CANN). Loads CANN on first call."""
    return _core._npu_is_available()


def device_count():
    """The number of NPUs CANN reports (aclrtGetDeviceCount); 0 without CANN."""
    return _core._npu_device_count()


def version():
    """The version of the CANN installation loaded (aclsysGetCANNVersion where the
    runtime has it, else the installation's version file); None without CANN."""
    try:
        return _core._npu_info()["version"]
    except NpuUnavailableError:
        return None


def info():
    """{"home", "runtime", "op_libraries", "version"}: where CANN was found, the runtime
    library loaded, the op libraries loaded (file names, in search order) and its version. Raises NpuUnavailableError (saying what was looked for where)
    without CANN."""
    return _core._npu_info()


def load():
    """Loads CANN now; raises NpuUnavailableError saying what was looked for where."""
    _core._npu_load()
