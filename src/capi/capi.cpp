/* libascendops.so: CANN's C runtime (acl/acl.h) and aclnn base API (aclnn/acl_meta.h)
 * over ascendops' Python core. There is one implementation: every call takes the GIL
 * and calls the `cdef api` functions of ascendops/_capi.pxi (through the generated
 * ascendops/_core_api.h), which use the allocator, Tensor, dispatcher, executor cache,
 * tiling and kernels the Python API uses.
 *
 * The interpreter: inside a Python process (the library loaded with ctypes, say) the
 * running one is used; in a C/C++ program the first call starts an embedded one,
 * configured as the Python that built the library (AO_BUILD_PYTHON; the environment
 * variable ASCENDOPS_PYTHON overrides it), with the folder that holds the ascendops
 * package (found from this library's own path) first on sys.path; ASCENDOPS_SOC
 * selects the SoC profile there. It is never finalized (numpy cannot be re-imported
 * after Py_Finalize).
 *
 * Handles (aclTensor, aclScalar, aclOpExecutor, aclrtStream) are C++ objects holding
 * a reference to their Python object; the live ones are tracked, so a destroyed or
 * foreign handle gives an error code instead of a crash. */
#include <Python.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scalar_cvt.h"  /* src/: the 16-bit conversions of the engine's non-elementwise kernels */

#include <atomic>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "capi/capi_internal.h"
#include "ascendops/_core_api.h"

#ifndef AO_BUILD_PYTHON
#define AO_BUILD_PYTHON ""
#endif

struct aclTensor {
    PyObject *obj;                 /* ascendops.Tensor */
    std::vector<int64_t> view, strides, storage;
    int64_t offset;
    aclDataType dtype;
    aclFormat format;
};
struct aclScalar {
    PyObject *obj;                 /* numpy scalar */
    aclDataType dtype;
};
/* the arrays' values, copied into a tuple of Python ints / floats / bools */
struct aclIntArray {
    PyObject *obj;
};
struct aclFloatArray {
    PyObject *obj;
};
struct aclBoolArray {
    PyObject *obj;
};
/* the tensors it owns (null elements kept, as CANN's aclTensorList keeps them) */
struct aclTensorList {
    std::vector<aclTensor *> tensors;
};
struct aclOpExecutor {
    PyObject *obj;                 /* ascendops.Executor */
    /* aclnn<Op> calls inside this executor (GIL held to change it): the handle is
     * never released under one, so a destroy from another thread is refused with the
     * core's status instead of freeing what a running call still uses. */
    int running;
};
namespace {
struct StreamHandle {
    PyObject *obj;                 /* ascendops.Stream */
};
struct EventHandle {
    PyObject *obj;                 /* ascendops.Event */
    uint32_t flags;                /* aclrtCreateEventWithFlag's flag (aclrtCreateEvent: CANN's default) */
};
/* RT_EVENT_DEFAULT (hicann/runtime pkg_inc/runtime/runtime/event.h): RT_EVENT_DDSYNC |
 * RT_EVENT_TIME_LINE | RT_EVENT_STREAM_MARK, the flag of aclrtCreateEvent's events */
const uint32_t kRtEventDefault = 0x4u | 0x8u | 0x2u;

/* -- the interpreter and the core module ------------------------------------------------ */
std::once_flag g_once;
int g_ready = 0;
std::string g_init_error;
thread_local std::string g_msg;
/* Live handles and runtime state; only touched with the GIL held. */
std::unordered_set<const void *> g_tensors, g_scalars, g_executors, g_streams, g_events;
std::unordered_set<const void *> g_int_arrays, g_float_arrays, g_bool_arrays, g_tensor_lists;
/* tensor -> the aclTensorList that owns it (aclCreateTensorList) */
std::unordered_map<const void *, const void *> g_tensor_owner;
/* every SoC name aclrtGetSocName returned: the strings live as long as the process
 * (a node container: its elements never move) */
std::unordered_set<std::string> g_soc_names;
/* Between aclInit and aclFinalize. Atomic: the runtime guard (AO_INITED) runs before
 * any GIL is taken, in calls that take none. */
std::atomic<bool> g_acl_inited{false};
bool g_acl_finalized = false;  /* aclFinalize succeeded, no aclInit since */
int g_device_refs = 0;

void log_error(const std::string &msg) {
    const char *env = getenv("ASCENDOPS_LOG");
    if (env && *env && strcmp(env, "0") != 0)
        fprintf(stderr, "[ascendops] %s\n", msg.c_str());
}

std::string library_dir() {
    Dl_info info;
    if (dladdr((void *)&library_dir, &info) && info.dli_fname) {
        /* resolved: the loader keeps the path as linked, and one with ".." (pkg-config's
         * ${pcfiledir}/../../lib) or a symlinked folder has no textual parent folders */
        char *resolved = realpath(info.dli_fname, nullptr);
        std::string path(resolved ? resolved : info.dli_fname);
        free(resolved);
        size_t slash = path.rfind('/');
        return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
    }
    return std::string();
}

std::string parent(const std::string &dir) {
    size_t slash = dir.rfind('/');
    return slash == std::string::npos || slash == 0 ? std::string("/") : dir.substr(0, slash);
}

/* With the GIL held: put the package's folder on sys.path (embedded only), import the core. */
void import_core(bool embedded) {
    if (embedded) {
        /* <root>/ascendops/lib/libascendops.so -> <root> */
        std::string root = parent(parent(library_dir()));
        PyObject *sys_path = PySys_GetObject("path");  /* borrowed */
        PyObject *p = PyUnicode_DecodeFSDefault(root.c_str());
        if (sys_path && p) PyList_Insert(sys_path, 0, p);
        Py_XDECREF(p);
        PyErr_Clear();
    }
    /* import ascendops (registers every op), then the core's C API table */
    PyObject *pkg = PyImport_ImportModule("ascendops");
    if (pkg == nullptr || import_ascendops___core() != 0) {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyObject *s = value ? PyObject_Str(value) : nullptr;
        const char *text = s ? PyUnicode_AsUTF8(s) : nullptr;
        g_init_error = std::string("ascendops: cannot import the ascendops package: ") +
                       (text ? text : "unknown error");
        Py_XDECREF(s);
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
        PyErr_Clear();
        Py_XDECREF(pkg);
        return;
    }
    if (embedded) {
        /* ASCENDOPS_SOC=<name>: the SoC profile whose rules apply (ascendops.set_soc) */
        const char *soc = getenv("ASCENDOPS_SOC");
        if (soc && *soc) {
            PyObject *r = PyObject_CallMethod(pkg, "set_soc", "s", soc);
            if (r == nullptr) {
                PyErr_Clear();
                g_init_error = std::string("ascendops: ASCENDOPS_SOC=") + soc + " is not a known SoC profile";
                Py_DECREF(pkg);
                return;
            }
            Py_DECREF(r);
        }
    }
    Py_DECREF(pkg);
    g_ready = 1;
}

void start() {
    if (Py_IsInitialized()) {
        PyGILState_STATE g = PyGILState_Ensure();
        import_core(false);
        PyGILState_Release(g);
        return;
    }
    PyConfig config;
    PyConfig_InitPythonConfig(&config);
    config.install_signal_handlers = 0;
    config.parse_argv = 0;
    const char *exe = getenv("ASCENDOPS_PYTHON");
    if (exe == nullptr || *exe == '\0') exe = AO_BUILD_PYTHON;
    if (*exe && access(exe, X_OK) == 0) PyConfig_SetBytesString(&config, &config.executable, exe);
    PyStatus status = Py_InitializeFromConfig(&config);
    PyConfig_Clear(&config);
    if (PyStatus_Exception(status)) {
        g_init_error = std::string("ascendops: cannot start Python: ") +
                       (status.err_msg ? status.err_msg : "unknown error");
        return;
    }
    import_core(true);
    PyEval_SaveThread();  /* release the GIL: every call takes it with PyGILState_Ensure */
}

bool ready() {
    std::call_once(g_once, start);
    if (!g_ready) {
        g_msg = g_init_error;
        log_error(g_msg);
    }
    return g_ready != 0;
}

struct Gil {
    PyGILState_STATE state;
    Gil() : state(PyGILState_Ensure()) {}
    ~Gil() { PyGILState_Release(state); }
};

/* Records the core's message for the last failure (GIL held). */
int fail(int status) {
    if (status != 0) {
        const char *m = ascendops_capi_error();
        g_msg = m ? m : "";
        log_error(g_msg);
    }
    return status;
}

int fail_msg(int status, const char *msg) {
    g_msg = msg;
    log_error(g_msg);
    return status;
}

#define AO_READY(err)            \
    do {                         \
        if (!ready()) return err; \
    } while (0)

/* The runtime (aclrt*) outside aclInit .. aclFinalize: ACL_ERROR_UNINITIALIZE (100001),
 * whose documented remedy in CANN's aclError table is "call aclInit before the other
 * acl interfaces"; acl.h: "After calling aclFinalize, the services cannot continue to
 * be used normally". CANN's runtime does not check this itself (hicann/runtime
 * src/acl/aclrt_impl/device.cpp: aclrtSetDeviceImpl); on this device a call there is
 * refused instead of working by accident. */
#define AO_INITED(fn)                                                                       \
    do {                                                                                    \
        if (!g_acl_inited)                                                                  \
            return fail_msg(ACL_ERROR_UNINITIALIZE,                                         \
                            fn ": aclInit has not been called, or aclFinalize has been");  \
    } while (0)

}  // namespace

/* ===================================================================================== */
/* acl runtime                                                                           */
/* ===================================================================================== */
extern "C" {

/* aclInit / aclFinalize as CANN's (hicann/runtime src/acl/aclrt_impl/acl.cpp, aclInitImpl
 * and aclFinalizeImpl): a second aclInit is ACL_ERROR_REPEAT_INITIALIZE; aclFinalize is
 * ACL_ERROR_REPEAT_FINALIZE only after a successful aclFinalize with no aclInit since
 * (before the first aclInit it succeeds there too); aclInit after aclFinalize starts
 * the runtime again. */
ACL_FUNC_VISIBILITY aclError aclInit(const char *configPath) {
    (void)configPath;
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (g_acl_inited) return fail_msg(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: already initialized");
    g_acl_inited = true;
    g_acl_finalized = false;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclFinalize(void) {
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (g_acl_finalized)
        return fail_msg(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: already finalized (no aclInit since)");
    g_acl_inited = false;
    g_acl_finalized = true;
    g_device_refs = 0;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY const char *aclGetRecentErrMsg(void) { return g_msg.c_str(); }

/* float16 <-> float (acl_base_rt.h): no runtime state, so no AO_READY */
ACL_FUNC_VISIBILITY float aclFloat16ToFloat(aclFloat16 value) { return ao_s_f16_to_f32(value); }
ACL_FUNC_VISIBILITY aclFloat16 aclFloatToFloat16(float value) { return ao_s_f64_to_f16((double)value); }

ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId) {
    AO_INITED("aclrtSetDevice");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (deviceId != 0)
        return fail_msg(ACL_ERROR_INVALID_DEVICE, "aclrtSetDevice: the CPU device is device 0");
    g_device_refs++;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId) {
    AO_INITED("aclrtResetDevice");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (deviceId != 0)
        return fail_msg(ACL_ERROR_INVALID_DEVICE, "aclrtResetDevice: the CPU device is device 0");
    if (g_device_refs > 0) g_device_refs--;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t *deviceId) {
    AO_INITED("aclrtGetDevice");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (deviceId == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is null");
    if (g_device_refs == 0)
        return fail_msg(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: no device is set (aclrtSetDevice)");
    *deviceId = 0;
    return ACL_SUCCESS;
}

/* No AO_INITED: a device count needs no runtime (programs ask it before choosing to
 * initialize). */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t *count) {
    if (count == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is null");
    *count = 1;
    return ACL_SUCCESS;
}

/* The SoC profile in use (ascendops.get_soc(): ASCENDOPS_SOC, set_soc), e.g. "host" or
 * "Ascend910B". CANN's returns null when it cannot read the SoC version; here the name is
 * always known once the runtime starts ("" if it cannot start: the reason is in
 * aclGetRecentErrMsg). The string stays valid for the life of the process. No aclInit
 * needed (a query of the installation, as aclrtGetDeviceCount). */
ACL_FUNC_VISIBILITY const char *aclrtGetSocName(void) {
    if (!ready()) return "";
    Gil gil;
    const char *name = ascendops_capi_soc_name();
    return g_soc_names.insert(std::string(name ? name : "")).first->c_str();
}

/* CANN's order of checks (hicann/runtime src/acl/aclrt_impl/memory.cpp aclrtGetMemInfoImpl,
 * src/runtime/api/impl/api_error.cc ApiErrorDecorator::MemGetInfoEx, api_impl.cc
 * ApiImpl::MemGetInfoEx): null pointers ACL_ERROR_INVALID_PARAM, a memory kind outside
 * [ACL_DDR_MEM, ACL_MEM_P2P_HUGE1G] ACL_ERROR_RT_INVALID_MEMORY_TYPE, no device set
 * (no context) ACL_ERROR_RT_CONTEXT_NULL. Every kind is the one device memory here. */
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total) {
    AO_INITED("aclrtGetMemInfo");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (free == nullptr || total == nullptr)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo: free or total is null");
    if ((int)attr < (int)ACL_DDR_MEM || (int)attr > (int)ACL_MEM_P2P_HUGE1G)
        return fail_msg(ACL_ERROR_RT_INVALID_MEMORY_TYPE,
                        ("aclrtGetMemInfo: memory attribute " + std::to_string((int)attr) +
                         " is not in [ACL_DDR_MEM, ACL_MEM_P2P_HUGE1G]").c_str());
    if (g_device_refs == 0)
        return fail_msg(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetMemInfo: no device is set (aclrtSetDevice)");
    return fail(ascendops_capi_mem_info(free, total));
}

/* Peer access, as CANN's (hicann/runtime src/acl/aclrt_impl/memory.cpp
 * aclrtDeviceCanAccessPeerImpl / aclrtDeviceEnablePeerAccessImpl): the same device twice is
 * ACL_ERROR_INVALID_PARAM; an id that is not a device fails in the driver's id lookup
 * (hicann/driver uda_user_get_phy_id_by_index: DRV_ERROR_INVALID_VALUE), which the runtime
 * reports as ACL_ERROR_RT_PARAM_INVALID. With one device every other id is such an id. */
ACL_FUNC_VISIBILITY aclError aclrtDeviceCanAccessPeer(int32_t *canAccessPeer, int32_t deviceId, int32_t peerDeviceId) {
    AO_INITED("aclrtDeviceCanAccessPeer");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (deviceId == peerDeviceId)
        return fail_msg(ACL_ERROR_INVALID_PARAM, ("aclrtDeviceCanAccessPeer: deviceId " + std::to_string(deviceId) +
                                                  " cannot be equal to peerDeviceId").c_str());
    /* one of the two is not device 0: the driver refuses it before canAccessPeer is read */
    return fail_msg(ACL_ERROR_RT_PARAM_INVALID,
                    ("aclrtDeviceCanAccessPeer: device " + std::to_string(peerDeviceId != 0 ? peerDeviceId : deviceId) +
                     " does not exist (the CPU device is device 0, the only one)").c_str());
}

ACL_FUNC_VISIBILITY aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags) {
    AO_INITED("aclrtDeviceEnablePeerAccess");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (flags != 0)
        return fail_msg(ACL_ERROR_FEATURE_UNSUPPORTED, "aclrtDeviceEnablePeerAccess: flags is reserved and must be 0");
    if (g_device_refs == 0)
        return fail_msg(ACL_ERROR_RT_CONTEXT_NULL, "aclrtDeviceEnablePeerAccess: no device is set (aclrtSetDevice)");
    if (peerDeviceId == 0)
        return fail_msg(ACL_ERROR_INVALID_PARAM,
                        "aclrtDeviceEnablePeerAccess: peerDeviceId 0 is the current device");
    return fail_msg(ACL_ERROR_RT_PARAM_INVALID, ("aclrtDeviceEnablePeerAccess: device " + std::to_string(peerDeviceId) +
                                                 " does not exist (the CPU device is device 0, the only one)").c_str());
}

ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream *stream) {
    AO_INITED("aclrtCreateStream");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (stream == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: stream is null");
    PyObject *obj = nullptr;
    int rc = ascendops_capi_stream_create(&obj);
    if (rc != 0) return fail(rc);
    StreamHandle *h = new StreamHandle{obj};
    g_streams.insert(h);
    *stream = h;
    return ACL_SUCCESS;
}

namespace {
/* The Stream of a handle (null: the default stream), or -1 for an unknown handle. */
int stream_obj(aclrtStream stream, PyObject **obj) {
    *obj = nullptr;
    if (stream == nullptr) return 0;
    if (!g_streams.count(stream)) return -1;
    *obj = static_cast<StreamHandle *>(stream)->obj;
    return 0;
}
}  // namespace

ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream) {
    AO_INITED("aclrtDestroyStream");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (stream == nullptr || !g_streams.count(stream))
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: not a live stream");
    StreamHandle *h = static_cast<StreamHandle *>(stream);
    int rc = ascendops_capi_stream_destroy(h->obj);
    g_streams.erase(stream);
    Py_DECREF(h->obj);
    delete h;
    return fail(rc);
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream) {
    AO_INITED("aclrtSynchronizeStream");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    PyObject *obj;
    if (stream_obj(stream, &obj) != 0)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtSynchronizeStream: not a live stream");
    return fail(ascendops_capi_stream_sync(obj));
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void) {
    AO_INITED("aclrtSynchronizeDevice");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    for (const void *s : g_streams) {
        int rc = ascendops_capi_stream_sync(static_cast<const StreamHandle *>(s)->obj);
        if (rc != 0) return fail(rc);
    }
    return fail(ascendops_capi_stream_sync(nullptr));
}

ACL_FUNC_VISIBILITY aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy) {
    AO_INITED("aclrtMalloc");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if ((int)policy < 0 || (int)policy > 5)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMalloc: unknown aclrtMemMallocPolicy");
    return fail(ascendops_capi_malloc(devPtr, size));
}

ACL_FUNC_VISIBILITY aclError aclrtFree(void *devPtr) {
    AO_INITED("aclrtFree");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    return fail(ascendops_capi_free(devPtr));
}

ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void **hostPtr, size_t size) {
    AO_INITED("aclrtMallocHost");
    if (hostPtr == nullptr || size == 0)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMallocHost: hostPtr is null or size is 0");
    void *p = nullptr;
    size_t padded = (size + 31) / 32 * 32 + 32;
    if (padded < size || posix_memalign(&p, 64, padded) != 0 || p == nullptr)
        return fail_msg(ACL_ERROR_BAD_ALLOC, "aclrtMallocHost: out of host memory");
    *hostPtr = p;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void *hostPtr) {
    AO_INITED("aclrtFreeHost");
    if (hostPtr == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtFreeHost: hostPtr is null");
    free(hostPtr);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                                         aclrtMemcpyKind kind) {
    AO_INITED("aclrtMemcpy");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    return fail(ascendops_capi_memcpy(dst, destMax, src, count, (int)kind));
}

ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count,
                                              aclrtMemcpyKind kind, aclrtStream stream) {
    AO_INITED("aclrtMemcpyAsync");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    PyObject *obj;
    if (stream_obj(stream, &obj) != 0)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMemcpyAsync: not a live stream");
    /* cpu: the stream's earlier work has finished (phase 2 runs in the call), the copy
     * runs now; cpu:strict (ASCENDOPS_STRICT_DEVICE=1): queued behind that work */
    return fail(ascendops_capi_memcpy_async(dst, destMax, src, count, (int)kind, obj));
}

/* -- events (timing): an event is a point in a stream's work ---------------------------- */
ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent *event) {
    AO_INITED("aclrtCreateEvent");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (event == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtCreateEvent: event is null");
    PyObject *obj = nullptr;
    int rc = ascendops_capi_event_create(&obj);
    if (rc != 0) return fail(rc);
    EventHandle *h = new EventHandle{obj, kRtEventDefault};
    g_events.insert(h);
    *event = h;
    return ACL_SUCCESS;
}

/* CANN's rule for the flag (hicann/runtime src/runtime/api/impl/api_error.cc,
 * ApiErrorDecorator::EventCreate): an OR of RT_EVENT_DDSYNC_NS (ACL_EVENT_SYNC, 0x1),
 * RT_EVENT_STREAM_MARK (0x2), RT_EVENT_DDSYNC (0x4) and RT_EVENT_TIME_LINE (0x8), or
 * RT_EVENT_MC2 (ACL_EVENT_DEVICE_USE_ONLY, 0x10) / RT_EVENT_EXTERNAL (0x20) alone;
 * anything else (0 included) is RT_ERROR_INVALID_VALUE, ACL_ERROR_RT_PARAM_INVALID. */
ACL_FUNC_VISIBILITY aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag) {
    AO_INITED("aclrtCreateEventWithFlag");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (event == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtCreateEventWithFlag: event is null");
    const uint32_t max_flag = 0x3Fu;
    if ((flag & max_flag) == 0 || flag > max_flag || ((flag & 0x10u) && (flag & ~0x10u)) ||
        ((flag & 0x20u) && (flag & ~0x20u)))
        return fail_msg(ACL_ERROR_RT_PARAM_INVALID,
                        ("aclrtCreateEventWithFlag: flag " + std::to_string(flag) +
                         " is not an OR of ACL_EVENT_SYNC, ACL_EVENT_CAPTURE_STREAM_PROGRESS (0x2), 0x4 and "
                         "ACL_EVENT_TIME_LINE, nor ACL_EVENT_DEVICE_USE_ONLY or ACL_EVENT_EXTERNAL alone")
                            .c_str());
    PyObject *obj = nullptr;
    int rc = ascendops_capi_event_create(&obj);
    if (rc != 0) return fail(rc);
    EventHandle *h = new EventHandle{obj, flag};
    g_events.insert(h);
    *event = h;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event) {
    AO_INITED("aclrtDestroyEvent");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (event == nullptr || !g_events.count(event))
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtDestroyEvent: not a live event");
    EventHandle *h = static_cast<EventHandle *>(event);
    g_events.erase(event);
    Py_DECREF(h->obj);
    delete h;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
    AO_INITED("aclrtRecordEvent");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (event == nullptr || !g_events.count(event))
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtRecordEvent: not a live event");
    PyObject *obj;
    if (stream_obj(stream, &obj) != 0)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtRecordEvent: not a live stream");
    return fail(ascendops_capi_event_record(static_cast<EventHandle *>(event)->obj, obj));
}

ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event) {
    AO_INITED("aclrtSynchronizeEvent");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (event == nullptr || !g_events.count(event))
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtSynchronizeEvent: not a live event");
    return fail(ascendops_capi_event_sync(static_cast<EventHandle *>(event)->obj));
}

ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent) {
    AO_INITED("aclrtEventElapsedTime");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (ms == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime: ms is null");
    if (startEvent == nullptr || !g_events.count(startEvent) || endEvent == nullptr || !g_events.count(endEvent))
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime: not a live event");
    return fail(ascendops_capi_event_elapsed(ms, static_cast<EventHandle *>(startEvent)->obj,
                                             static_cast<EventHandle *>(endEvent)->obj));
}

/* CANN's checks (hicann/runtime src/acl/aclrt_impl/stream.cpp aclrtStreamWaitEventImpl, and
 * src/runtime/api/impl/api_error.cc ApiErrorDecorator::StreamWaitEvent): a null event is
 * ACL_ERROR_INVALID_PARAM; a device-only event (ACL_EVENT_DEVICE_USE_ONLY) cannot be waited on
 * from the host (ACL_ERROR_RT_PARAM_INVALID); an event with no wait task (none of
 * RT_EVENT_DDSYNC_NS, RT_EVENT_DDSYNC, RT_EVENT_EXTERNAL, RT_EVENT_IPC: e.g. made with
 * ACL_EVENT_TIME_LINE alone) is ACL_ERROR_RT_FEATURE_NOT_SUPPORT. */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
    AO_INITED("aclrtStreamWaitEvent");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (event == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtStreamWaitEvent: event is null");
    if (!g_events.count(event))
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtStreamWaitEvent: not a live event");
    const EventHandle *h = static_cast<const EventHandle *>(event);
    if (h->flags & 0x10u)
        return fail_msg(ACL_ERROR_RT_PARAM_INVALID,
                        "aclrtStreamWaitEvent: an ACL_EVENT_DEVICE_USE_ONLY event can be waited on only on the device");
    if ((h->flags & (0x1u | 0x4u | 0x20u | 0x40u)) == 0)
        return fail_msg(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        ("aclrtStreamWaitEvent: an event created with flag " + std::to_string(h->flags) +
                         " has no wait task (create it with ACL_EVENT_SYNC, or with aclrtCreateEvent)")
                            .c_str());
    PyObject *obj;
    if (stream_obj(stream, &obj) != 0)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtStreamWaitEvent: not a live stream");
    return fail(ascendops_capi_stream_wait_event(obj, h->obj));
}

ACL_FUNC_VISIBILITY aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count) {
    AO_INITED("aclrtMemset");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    return fail(ascendops_capi_memset(devPtr, maxCount, value, count));
}

ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count,
                                              aclrtStream stream) {
    AO_INITED("aclrtMemsetAsync");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    PyObject *obj;
    if (stream_obj(stream, &obj) != 0)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMemsetAsync: not a live stream");
    return fail(ascendops_capi_memset(devPtr, maxCount, value, count));
}

/* -- virtual memory management ---------------------------------------------------------
 * The checks of CANN's acl layer (hicann/runtime src/acl/aclrt_impl/memory.cpp, the
 * aclrt*Impl functions: null pointers, zero sizes, reserved flags, the property fields:
 * ACL_ERROR_INVALID_PARAM) are made here; the runtime's and the driver's (device ids,
 * granularity, reservations, mappings, handles) by the core (ascendops/_capi.pxi), with
 * the codes those layers return. */
namespace {
const size_t kVmmGranularity = (size_t)2 << 20;  /* DEVMM_MEM_ALLOC_RECOMMENDED_GRANULARITY */
const size_t kVmmGiantPage = (size_t)1 << 30;    /* DEVMM_GIANT_PAGE_SIZE (the *_HUGE1G attributes) */

bool is_ddr_attr(aclrtMemAttr a) {
    return a == ACL_DDR_MEM_HUGE || a == ACL_DDR_MEM_NORMAL || a == ACL_DDR_MEM_P2P_HUGE || a == ACL_DDR_MEM_P2P_NORMAL;
}

/* The attributes memory.cpp's memAttrHandlers accept */
bool known_attr(aclrtMemAttr a) {
    switch (a) {
    case ACL_HBM_MEM_HUGE: case ACL_HBM_MEM_NORMAL: case ACL_HBM_MEM_HUGE1G: case ACL_DDR_MEM_HUGE:
    case ACL_DDR_MEM_NORMAL: case ACL_DDR_MEM_P2P_HUGE: case ACL_DDR_MEM_P2P_NORMAL: case ACL_MEM_NORMAL:
    case ACL_MEM_HUGE: case ACL_MEM_HUGE1G: case ACL_MEM_P2P_NORMAL: case ACL_MEM_P2P_HUGE: case ACL_MEM_P2P_HUGE1G:
        return true;
    default:
        return false;
    }
}

bool giant_attr(aclrtMemAttr a) { return a == ACL_HBM_MEM_HUGE1G || a == ACL_MEM_HUGE1G || a == ACL_MEM_P2P_HUGE1G; }

/* The property checks shared by aclrtMallocPhysical and aclrtMemGetAllocationGranularity
 * (GIL held): 0, or the failure's code; *granularity: the page size of its memory. */
aclError check_prop(const aclrtPhysicalMemProp *prop, const char *fn, size_t *granularity) {
    const aclrtMemLocationType loc = prop->location.type;
    if (loc == ACL_MEM_LOCATION_TYPE_UNREGISTERED || loc == ACL_MEM_LOCATION_TYPE_MANAGED)
        return fail_msg(ACL_ERROR_INVALID_PARAM, (std::string(fn) + ": prop->location.type " + std::to_string((int)loc) +
                                                  " (UNREGISTERED, MANAGED) is not supported").c_str());
    if (loc == ACL_MEM_LOCATION_TYPE_DEVICE && is_ddr_attr(prop->memAttr))
        return fail_msg(ACL_ERROR_INVALID_PARAM, (std::string(fn) + ": memAttr " + std::to_string((int)prop->memAttr) +
                                                  " (DDR) needs a host location").c_str());
    if (!known_attr(prop->memAttr))
        return fail_msg(ACL_ERROR_INVALID_PARAM, (std::string(fn) + ": memAttr " + std::to_string((int)prop->memAttr) +
                                                  " is not a physical memory attribute").c_str());
    if (loc != ACL_MEM_LOCATION_TYPE_DEVICE && loc != ACL_MEM_LOCATION_TYPE_HOST &&
        loc != ACL_MEM_LOCATION_TYPE_HOST_NUMA)
        return fail_msg(ACL_ERROR_RT_PARAM_INVALID, (std::string(fn) + ": prop->location.type " +
                                                     std::to_string((int)loc) + " is not a location").c_str());
    /* the runtime's device id check (api_error.cc: ChgUserDevIdToDeviceId, CheckDeviceIdIsValid) */
    if (loc == ACL_MEM_LOCATION_TYPE_DEVICE && prop->location.id != 0)
        return fail_msg(ACL_ERROR_RT_INVALID_DEVICEID, (std::string(fn) + ": device " +
                                                        std::to_string(prop->location.id) +
                                                        " does not exist (the CPU device is device 0)").c_str());
    *granularity = giant_attr(prop->memAttr) ? kVmmGiantPage : kVmmGranularity;
    return ACL_SUCCESS;
}
}  // namespace

ACL_FUNC_VISIBILITY aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp *prop,
                                                              aclrtMemGranularityOptions option, size_t *granularity) {
    AO_INITED("aclrtMemGetAllocationGranularity");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (prop == nullptr || granularity == nullptr)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMemGetAllocationGranularity: prop or granularity is null");
    size_t g = 0;
    aclError rc = check_prop(prop, "aclrtMemGetAllocationGranularity", &g);
    if (rc != ACL_SUCCESS) return rc;
    /* the driver (hicann/driver halMemGetAllocationGranularity): MINIMUM and RECOMMENDED
     * only, the same value for both (2 MiB, or 1 GiB for 1G pages) */
    if (option != ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM && option != ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED)
        return fail_msg(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, ("aclrtMemGetAllocationGranularity: option " +
                                                           std::to_string((int)option) + " is not supported").c_str());
    *granularity = g;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclrtReserveMemAddress(void **virPtr, size_t size, size_t alignment, void *expectPtr,
                                                    uint64_t flags) {
    AO_INITED("aclrtReserveMemAddress");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (virPtr == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtReserveMemAddress: virPtr is null");
    if (size == 0) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtReserveMemAddress: size must be > 0");
    if (flags != 0 && flags != 1)  /* 1 is kept for compatibility (memory.cpp) */
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtReserveMemAddress: flags must be 0 or 1");
    return fail(ascendops_capi_vmm_reserve(virPtr, size, alignment, expectPtr));
}

ACL_FUNC_VISIBILITY aclError aclrtReleaseMemAddress(void *virPtr) {
    AO_INITED("aclrtReleaseMemAddress");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (virPtr == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtReleaseMemAddress: virPtr is null");
    return fail(ascendops_capi_vmm_release(virPtr));
}

ACL_FUNC_VISIBILITY aclError aclrtMallocPhysical(aclrtDrvMemHandle *handle, size_t size, const aclrtPhysicalMemProp *prop,
                                                 uint64_t flags) {
    AO_INITED("aclrtMallocPhysical");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (handle == nullptr || prop == nullptr)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMallocPhysical: handle or prop is null");
    if (size == 0) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMallocPhysical: size must be > 0");
    if (flags != 0) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMallocPhysical: flags is reserved and must be 0");
    if (prop->handleType != ACL_MEM_HANDLE_TYPE_NONE)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMallocPhysical: prop->handleType must be ACL_MEM_HANDLE_TYPE_NONE");
    if (prop->allocationType != ACL_MEM_ALLOCATION_TYPE_PINNED)
        return fail_msg(ACL_ERROR_INVALID_PARAM,
                        "aclrtMallocPhysical: prop->allocationType must be ACL_MEM_ALLOCATION_TYPE_PINNED");
    size_t g = 0;
    aclError rc = check_prop(prop, "aclrtMallocPhysical", &g);
    if (rc != ACL_SUCCESS) return rc;
    /* 1G pages: the driver rounds the size up to whole pages (devmm_vmm_mem_create) */
    if (g == kVmmGiantPage) {
        if (size > SIZE_MAX - (g - 1))
            return fail_msg(ACL_ERROR_RT_MEMORY_ALLOCATION, "aclrtMallocPhysical: size is more than the device has");
        size = (size + g - 1) / g * g;
    }
    return fail(ascendops_capi_vmm_create(handle, size, g));
}

ACL_FUNC_VISIBILITY aclError aclrtFreePhysical(aclrtDrvMemHandle handle) {
    AO_INITED("aclrtFreePhysical");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (handle == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtFreePhysical: handle is null");
    return fail(ascendops_capi_vmm_free(handle));
}

ACL_FUNC_VISIBILITY aclError aclrtMapMem(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle,
                                         uint64_t flags) {
    AO_INITED("aclrtMapMem");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (virPtr == nullptr || handle == nullptr)
        return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMapMem: virPtr or handle is null");
    if (size == 0) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMapMem: size must be > 0");
    if (flags != 0) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtMapMem: flags is reserved and must be 0");
    return fail(ascendops_capi_vmm_map(virPtr, size, offset, handle));
}

ACL_FUNC_VISIBILITY aclError aclrtUnmapMem(void *virPtr) {
    AO_INITED("aclrtUnmapMem");
    AO_READY(ACL_ERROR_INTERNAL_ERROR);
    Gil gil;
    if (virPtr == nullptr) return fail_msg(ACL_ERROR_INVALID_PARAM, "aclrtUnmapMem: virPtr is null");
    return fail(ascendops_capi_vmm_unmap(virPtr));
}

/* ===================================================================================== */
/* aclnn base: tensors, scalars, executors                                              */
/* ===================================================================================== */
ACL_FUNC_VISIBILITY aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum,
                                               aclDataType dataType, const int64_t *stride, int64_t offset,
                                               aclFormat format, const int64_t *storageDims,
                                               uint64_t storageDimsNum, void *tensorData) {
    if (!ready()) return nullptr;
    Gil gil;
    PyObject *obj = nullptr;
    int rc = ascendops_capi_create_tensor(viewDims, viewDimsNum, (int)dataType, stride, offset,
                                          (int)format, storageDims, storageDimsNum, tensorData, &obj);
    if (rc != 0) {
        fail(rc);
        return nullptr;
    }
    /* the core has validated the counts (<= 64) and pointers */
    aclTensor *t = new aclTensor;
    t->obj = obj;
    t->view.assign(viewDims, viewDims + viewDimsNum);
    if (stride) {
        t->strides.assign(stride, stride + viewDimsNum);
    } else {
        t->strides.assign(viewDimsNum, 1);
        int64_t acc = 1;
        for (uint64_t i = viewDimsNum; i-- > 0;) {
            t->strides[i] = acc;
            acc *= viewDims[i] > 1 ? viewDims[i] : 1;
        }
    }
    t->storage.assign(storageDims, storageDims + storageDimsNum);
    t->offset = offset;
    t->dtype = dataType;
    t->format = format;
    g_tensors.insert(t);
    return t;
}

extern "C++" {  /* a template inside this file's extern "C" section */
namespace {
/* aclDestroyTensor / aclDestroyScalar: a handle is released once; a stale, foreign or
 * twice-destroyed one is an error, not a crash. */
template <typename Handle>
aclnnStatus destroy_handle(const Handle *h, std::unordered_set<const void *> &live, const char *what) {
    if (h == nullptr) return ACLNN_SUCCESS;
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    if (!live.erase(h))
        return fail_msg(ACLNN_ERR_PARAM_INVALID, what);
    Py_DECREF(h->obj);
    delete h;
    return ACLNN_SUCCESS;
}
}  // namespace
}

namespace {
/* Releases a live tensor handle (GIL held). */
void release_tensor(const aclTensor *t) {
    g_tensors.erase(t);
    g_tensor_owner.erase(t);
    Py_DECREF(t->obj);
    delete t;
}
}  // namespace

/* A tensor an aclTensorList owns is destroyed with the list (in CANN, destroying it on its
 * own as well frees it twice): refused here, and the tensor stays usable. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor *tensor) {
    if (tensor == nullptr) return ACLNN_SUCCESS;
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    if (!g_tensors.count(tensor))
        return fail_msg(ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor: not a live aclTensor (destroyed twice?)");
    if (g_tensor_owner.count(tensor))
        return fail_msg(ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor: the tensor belongs to an aclTensorList, which "
                                                 "destroys it (aclDestroyTensorList)");
    release_tensor(tensor);
    return ACLNN_SUCCESS;
}

namespace {
aclnnStatus get_array(const aclTensor *tensor, const std::vector<int64_t> aclTensor::*field, int64_t **out,
                      uint64_t *num, const char *fn) {
    if (tensor == nullptr || out == nullptr || num == nullptr)
        return fail_msg(ACLNN_ERR_PARAM_NULLPTR, (std::string(fn) + ": a pointer argument is null").c_str());
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    if (!g_tensors.count(tensor))
        return fail_msg(ACLNN_ERR_PARAM_INVALID, (std::string(fn) + ": not a live aclTensor").c_str());
    const std::vector<int64_t> &v = tensor->*field;
    int64_t *a = new int64_t[v.size()];  /* the caller frees it with delete[] */
    for (size_t i = 0; i < v.size(); i++) a[i] = v[i];
    *out = a;
    *num = v.size();
    return ACLNN_SUCCESS;
}

/* Null checks and the handle check of the scalar getters. */
aclnnStatus check_tensor(const aclTensor *tensor, const void *out, const char *fn) {
    if (tensor == nullptr || out == nullptr)
        return fail_msg(ACLNN_ERR_PARAM_NULLPTR, (std::string(fn) + ": a pointer argument is null").c_str());
    if (!ready()) return ACLNN_ERR_INNER;
    Gil gil;
    if (!g_tensors.count(tensor))
        return fail_msg(ACLNN_ERR_PARAM_INVALID, (std::string(fn) + ": not a live aclTensor").c_str());
    return ACLNN_SUCCESS;
}
}  // namespace

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum) {
    return get_array(tensor, &aclTensor::view, viewDims, viewDimsNum, "aclGetViewShape");
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims,
                                                   uint64_t *storageDimsNum) {
    aclnnStatus rc = get_array(tensor, &aclTensor::storage, storageDims, storageDimsNum, "aclGetStorageShape");
    if (rc != ACLNN_SUCCESS) return rc;
    /* a storage format an op recorded since aclCreateTensor (aclnnTransMatmulWeight's
     * SetStorageFormat / SetStorageShape): that layout's storage shape, as CANN's tensor has it */
    Gil gil;
    int64_t dims[64];
    uint64_t n = 0;
    if (ascendops_capi_recorded_storage(tensor->obj, (int)tensor->format, dims, &n) == 1) {
        delete[] *storageDims;
        int64_t *a = new int64_t[n ? n : 1];
        for (uint64_t i = 0; i < n; i++) a[i] = dims[i];
        *storageDims = a;
        *storageDimsNum = n;
    }
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue,
                                                  uint64_t *stridesNum) {
    return get_array(tensor, &aclTensor::strides, stridesValue, stridesNum, "aclGetViewStrides");
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset) {
    aclnnStatus rc = check_tensor(tensor, offset, "aclGetViewOffset");
    if (rc == ACLNN_SUCCESS) *offset = tensor->offset;
    return rc;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format) {
    aclnnStatus rc = check_tensor(tensor, format, "aclGetFormat");
    if (rc == ACLNN_SUCCESS) *format = tensor->format;
    return rc;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType) {
    aclnnStatus rc = check_tensor(tensor, dataType, "aclGetDataType");
    if (rc == ACLNN_SUCCESS) *dataType = tensor->dtype;
    return rc;
}

ACL_FUNC_VISIBILITY aclScalar *aclCreateScalar(void *value, aclDataType dataType) {
    if (!ready()) return nullptr;
    Gil gil;
    PyObject *obj = nullptr;
    int rc = ascendops_capi_create_scalar(value, (int)dataType, &obj);
    if (rc != 0) {
        fail(rc);
        return nullptr;
    }
    aclScalar *s = new aclScalar{obj, dataType};
    g_scalars.insert(s);
    return s;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar *scalar) {
    return destroy_handle(scalar, g_scalars, "aclDestroyScalar: not a live aclScalar (destroyed twice?)");
}

extern "C++" {
namespace {
template <typename Handle>
Handle *create_array(int kind, const void *value, uint64_t size, std::unordered_set<const void *> &live) {
    if (!ready()) return nullptr;
    Gil gil;
    PyObject *obj = nullptr;
    int rc = ascendops_capi_create_array(kind, value, size, &obj);
    if (rc != 0) {
        fail(rc);
        return nullptr;
    }
    Handle *h = new Handle{obj};
    live.insert(h);
    return h;
}
}  // namespace
}

ACL_FUNC_VISIBILITY aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size) {
    return create_array<aclIntArray>(AO_ARG_INT_ARRAY, value, size, g_int_arrays);
}

ACL_FUNC_VISIBILITY aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size) {
    return create_array<aclFloatArray>(AO_ARG_FLOAT_ARRAY, value, size, g_float_arrays);
}

ACL_FUNC_VISIBILITY aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size) {
    return create_array<aclBoolArray>(AO_ARG_BOOL_ARRAY, value, size, g_bool_arrays);
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray *array) {
    return destroy_handle(array, g_int_arrays, "aclDestroyIntArray: not a live aclIntArray (destroyed twice?)");
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray *array) {
    return destroy_handle(array, g_float_arrays, "aclDestroyFloatArray: not a live aclFloatArray (destroyed twice?)");
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray *array) {
    return destroy_handle(array, g_bool_arrays, "aclDestroyBoolArray: not a live aclBoolArray (destroyed twice?)");
}

/* aclCreateTensorList as CANN's (hicann/opbase src/nnopbase/common/api/acl_op_api.cpp and
 * common_types.cpp, aclTensorList::aclTensorList): the list takes the `size` pointers (null
 * ones included; a null value or a size of 0 makes an empty list) and owns the tensors.
 * Refused (null, the reason in aclGetRecentErrMsg) where CANN would later free a tensor
 * twice or free a stale one: an element that is not a live aclTensor, one listed twice, or
 * one another list owns. */
ACL_FUNC_VISIBILITY aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size) {
    if (!ready()) return nullptr;
    Gil gil;
    aclTensorList *list = new aclTensorList;
    if (value != nullptr && size != 0) {
        std::unordered_set<const void *> seen;
        for (uint64_t i = 0; i < size; i++) {
            const aclTensor *t = value[i];
            const char *why = nullptr;
            if (t == nullptr) {
                list->tensors.push_back(nullptr);
                continue;
            }
            if (!g_tensors.count(t)) why = "is not a live aclTensor";
            else if (g_tensor_owner.count(t)) why = "already belongs to an aclTensorList";
            else if (!seen.insert(t).second) why = "is listed twice (the list would destroy it twice)";
            if (why) {
                delete list;
                fail_msg(ACLNN_ERR_PARAM_INVALID,
                         ("aclCreateTensorList: element " + std::to_string(i) + " " + why).c_str());
                return nullptr;
            }
            list->tensors.push_back(const_cast<aclTensor *>(t));
        }
    }
    for (aclTensor *t : list->tensors)
        if (t) g_tensor_owner[t] = list;
    g_tensor_lists.insert(list);
    return list;
}

/* Destroys the list and the tensors it owns, as CANN's. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList *array) {
    if (array == nullptr) return ACLNN_SUCCESS;
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    if (!g_tensor_lists.erase(array))
        return fail_msg(ACLNN_ERR_PARAM_INVALID, "aclDestroyTensorList: not a live aclTensorList (destroyed twice?)");
    for (aclTensor *t : array->tensors)
        if (t) release_tensor(t);
    delete array;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclGetTensorListSize(const aclTensorList *tensorList, uint64_t *size) {
    if (tensorList == nullptr || size == nullptr)
        return fail_msg(ACLNN_ERR_PARAM_NULLPTR, "aclGetTensorListSize: a pointer argument is null");
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    if (!g_tensor_lists.count(tensorList))
        return fail_msg(ACLNN_ERR_PARAM_INVALID, "aclGetTensorListSize: not a live aclTensorList");
    *size = tensorList->tensors.size();
    return ACLNN_SUCCESS;
}

namespace {
void release_executor(aclOpExecutor *ex) {
    g_executors.erase(ex);
    Py_DECREF(ex->obj);
    delete ex;
}

/* executor handle check shared by the executor functions (GIL held) */
bool live_executor(aclOpExecutor *executor, const char *fn) {
    if (executor == nullptr || !g_executors.count(executor)) {
        fail_msg(ACLNN_ERR_INNER_NULLPTR, (std::string(fn) + ": executor is null or was released").c_str());
        return false;
    }
    return true;
}

aclnnStatus set_addr(aclOpExecutor *executor, size_t index, aclTensor *tensor, void *addr, int output,
                     const char *fn) {
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    if (!live_executor(executor, fn)) return ACLNN_ERR_INNER_NULLPTR;
    if (tensor != nullptr && !g_tensors.count(tensor))
        return fail_msg(ACLNN_ERR_PARAM_INVALID, (std::string(fn) + ": not a live aclTensor").c_str());
    PyObject *fresh = nullptr;
    int rc = ascendops_capi_set_tensor_addr(executor->obj, index, tensor ? tensor->obj : nullptr, addr,
                                            output, &fresh);
    if (rc != 0) return fail(rc);
    /* the aclTensor now describes the same view at the new address */
    Py_DECREF(tensor->obj);
    tensor->obj = fresh;
    return ACLNN_SUCCESS;
}
}  // namespace

ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor) {
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    if (!live_executor(executor, "aclSetAclOpExecutorRepeatable")) return ACLNN_ERR_INNER_NULLPTR;
    return fail(ascendops_capi_executor_repeatable(executor->obj));
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor) {
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    if (!live_executor(executor, "aclDestroyAclOpExecutor")) return ACLNN_ERR_INNER_NULLPTR;
    /* refused (161002) while another thread runs it: the handle stays live, destroy it
     * again after that call returns */
    int rc = ascendops_capi_executor_destroy(executor->obj);
    if (rc != 0) return fail(rc);
    release_executor(executor);
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                      aclTensor *tensor, void *addr) {
    return set_addr(executor, index, tensor, addr, 0, "aclSetInputTensorAddr");
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index,
                                                       aclTensor *tensor, void *addr) {
    return set_addr(executor, index, tensor, addr, 1, "aclSetOutputTensorAddr");
}

}  // extern "C"

/* ===================================================================================== */
/* the two phases of every op (the aclnnop headers expand into calls of these)           */
/* ===================================================================================== */
namespace ascendops_capi {

/* The arguments' handles resolved to their Python objects (the core's ao_capi_arg list);
 * the tuples made for aclTensorLists are released by release_args. With the GIL held. */
static aclnnStatus resolve_args(const char *name, const char *suffix, Arg *args, int nargs,
                                std::vector<ao_capi_arg> &list) {
    /* the API's name for a message: made only when one is needed (not on every call) */
    const auto fn = [&] { return std::string("aclnn") + name + suffix; };
    for (int i = 0; i < nargs; i++) {
        list[i] = args[i].a;
        if (args[i].a.kind == AO_ARG_TENSOR && args[i].handle) {
            const aclTensor *t = static_cast<const aclTensor *>(args[i].handle);
            if (!g_tensors.count(t))
                return fail_msg(ACLNN_ERR_PARAM_INVALID, (fn() +
                                                          ": an argument is not a live aclTensor").c_str());
            list[i].obj = t->obj;
        } else if (args[i].a.kind == AO_ARG_SCALAR && args[i].handle) {
            const aclScalar *s = static_cast<const aclScalar *>(args[i].handle);
            if (!g_scalars.count(s))
                return fail_msg(ACLNN_ERR_PARAM_INVALID, (fn() +
                                                          ": an argument is not a live aclScalar").c_str());
            list[i].obj = s->obj;
        } else if (args[i].handle && (args[i].a.kind == AO_ARG_INT_ARRAY || args[i].a.kind == AO_ARG_FLOAT_ARRAY ||
                                      args[i].a.kind == AO_ARG_BOOL_ARRAY)) {
            const int kind = args[i].a.kind;
            const std::unordered_set<const void *> &live =
                kind == AO_ARG_INT_ARRAY ? g_int_arrays : kind == AO_ARG_FLOAT_ARRAY ? g_float_arrays : g_bool_arrays;
            if (!live.count(args[i].handle))
                return fail_msg(ACLNN_ERR_PARAM_INVALID,
                                (fn() + ": an argument is not a live acl" +
                                 (kind == AO_ARG_INT_ARRAY ? "IntArray" : kind == AO_ARG_FLOAT_ARRAY ? "FloatArray"
                                                                                                      : "BoolArray"))
                                    .c_str());
            list[i].obj = kind == AO_ARG_INT_ARRAY ? static_cast<const aclIntArray *>(args[i].handle)->obj
                          : kind == AO_ARG_FLOAT_ARRAY ? static_cast<const aclFloatArray *>(args[i].handle)->obj
                                                       : static_cast<const aclBoolArray *>(args[i].handle)->obj;
        } else if (args[i].handle && args[i].a.kind == AO_ARG_TENSOR_LIST) {
            /* the elements' Tensors as a new tuple (None for a null element), released after phase 1 */
            const aclTensorList *l = static_cast<const aclTensorList *>(args[i].handle);
            bool bad = !g_tensor_lists.count(l);
            PyObject *tup = bad ? nullptr : PyTuple_New((Py_ssize_t)l->tensors.size());
            for (size_t k = 0; tup && k < l->tensors.size(); k++) {
                PyObject *o = l->tensors[k] ? l->tensors[k]->obj : Py_None;
                Py_INCREF(o);
                PyTuple_SET_ITEM(tup, (Py_ssize_t)k, o);
            }
            if (!tup) {
                PyErr_Clear();
                for (int j = 0; j < i; j++)
                    if (args[j].a.kind == AO_ARG_TENSOR_LIST) Py_XDECREF(list[j].obj);
                return fail_msg(bad ? ACLNN_ERR_PARAM_INVALID : ACLNN_ERR_INNER,
                                (fn() + ": an argument is not a live aclTensorList").c_str());
            }
            list[i].obj = tup;
        }
    }
    return ACLNN_SUCCESS;
}

static void release_args(Arg *args, int nargs, std::vector<ao_capi_arg> &list) {
    for (int i = 0; i < nargs; i++)
        if (args[i].a.kind == AO_ARG_TENSOR_LIST) Py_XDECREF(list[i].obj);
}

aclnnStatus phase1_impl(const char *name, Arg *args, int nargs, uint64_t *workspaceSize,
                        aclOpExecutor **executor) {
    /* 1. the out-pointers, before anything else */
    if (workspaceSize == nullptr || executor == nullptr)
        return fail_msg(ACLNN_ERR_PARAM_NULLPTR, (std::string("aclnn") + name +
                                                  "GetWorkspaceSize: workspaceSize or executor is null").c_str());
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    std::vector<ao_capi_arg> list((size_t)nargs);
    aclnnStatus st = resolve_args(name, "GetWorkspaceSize", args, nargs, list);
    if (st != ACLNN_SUCCESS) return st;
    PyObject *ex = nullptr;
    uint64_t size = 0;
    int rc = ascendops_capi_phase1(name, list.data(), nargs, &size, &ex);
    release_args(args, nargs, list);
    if (rc != 0) return fail(rc);
    aclOpExecutor *h = new aclOpExecutor{ex, 0};
    g_executors.insert(h);
    *workspaceSize = size;
    *executor = h;
    return ACLNN_SUCCESS;
}

aclnnStatus phase2(const char *name, void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                   aclrtStream stream) {
    (void)name;
    /* Phase 2 launches on the runtime: outside aclInit .. aclFinalize nothing runs and the
     * executor is left as it was. ACLNN_ERR_RUNTIME_ERROR is what CANN's opbase returns
     * when a runtime call of the launch fails (hicann/opbase
     * src/nnopbase/composite_op/aclnn_engine/rts_arg.cpp). */
    if (!g_acl_inited)
        return fail_msg(ACLNN_ERR_RUNTIME_ERROR, (std::string("aclnn") + name +
                                                  ": the runtime is not initialized (aclInit has not been "
                                                  "called, or aclFinalize has been)").c_str());
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    PyObject *st;
    if (stream_obj(stream, &st) != 0)
        return fail_msg(ACLNN_ERR_RUNTIME_ERROR, (std::string("aclnn") + name + ": not a live stream").c_str());
    PyObject *ex = nullptr;
    if (executor != nullptr) {
        if (!g_executors.count(executor))
            return fail_msg(ACLNN_ERR_INNER_NULLPTR, (std::string("aclnn") + name +
                                                      ": the executor was released (it runs once unless "
                                                      "aclSetAclOpExecutorRepeatable)").c_str());
        ex = executor->obj;
    }
    int released = 0;
    if (executor != nullptr) executor->running++;
    int rc = ascendops_capi_phase2(workspace, workspaceSize, ex, st, &released);
    if (executor != nullptr) executor->running--;
    /* a used-up executor is released by the last call inside it to return (another
     * thread's call that was refused as consumed must not free it under this one) */
    if (released && executor->running == 0) release_executor(executor);
    return fail(rc);
}

}  // namespace ascendops_capi

namespace ascendops_capi {

aclnnStatus call_impl(const char *name, Arg *args, int nargs, uint64_t *result) {
    AO_READY(ACLNN_ERR_INNER);
    Gil gil;
    std::vector<ao_capi_arg> list((size_t)nargs);
    aclnnStatus st = resolve_args(name, "", args, nargs, list);
    if (st != ACLNN_SUCCESS) return st;
    uint64_t value = 0;
    int rc = ascendops_capi_call(name, list.data(), nargs, &value);
    release_args(args, nargs, list);
    if (rc != 0) return fail(rc);
    *result = value;  /* the core checked the result pointer (a null one is its 161001) */
    return ACLNN_SUCCESS;
}

aclnnStatus not_implemented(const char *api) {
    std::string msg = std::string(api) + " is not implemented in this ascendops version (`python -m "
                      "ascendops.config --coverage PROGRAM` lists the aclnn APIs a program needs and which are "
                      "implemented)";
    return fail_msg(ACLNN_ERR_INNER_FIND_KERNEL_ERROR, msg.c_str());
}

}  // namespace ascendops_capi
