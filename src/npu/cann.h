/* The CANN runtime found at run time: ascendops has no build-time dependency on CANN.
 * ao_cann_load() finds an installation as CANN's set_env.sh leaves it, dlopens its
 * runtime, libnnopbase.so and op libraries, and resolves every function ascendops calls
 * by name into `ao_cann`, each pointer typed with CANN's exact signature: __typeof__ of
 * the declarations in include/acl/acl.h and include/aclnn/acl_meta.h, which are written
 * as CANN's own headers (hicann/runtime include/external/acl/acl_rt.h, hicann/opbase
 * include/nnopbase/aclnn/acl_meta.h) declare them; the few functions those headers of
 * ours do not declare are typed here, copied from acl_rt.h. Nothing is loaded before
 * ao_cann_load() is called (ascendops.npu.is_available(), or the first use of npu:N). */
#ifndef ASCENDOPS_NPU_CANN_H_
#define ASCENDOPS_NPU_CANN_H_

#include <stddef.h>
#include <stdint.h>
#include "acl/acl.h"
#include "aclnn/acl_meta.h"

/* From hicann/runtime include/external/acl/acl_rt.h and acl_base_rt.h (identical
 * typedefs may be repeated in C11, so this stays valid once acl.h declares them). */
typedef void *aclrtEvent;
typedef aclError (*ao_aclrtCreateEvent_fn)(aclrtEvent *event);
typedef aclError (*ao_aclrtDestroyEvent_fn)(aclrtEvent event);
typedef aclError (*ao_aclrtRecordEvent_fn)(aclrtEvent event, aclrtStream stream);
typedef aclError (*ao_aclrtSynchronizeEvent_fn)(aclrtEvent event);
typedef aclError (*ao_aclrtEventElapsedTime_fn)(float *ms, aclrtEvent startEvent, aclrtEvent endEvent);
/* aclsysGetCANNVersion(aclCANNPackageName, aclCANNPackageVersion *): ACL_PKG_NAME_CANN is
 * 0, the struct's fields are char[128], 4 x char[64], char[128] (acl_rt.h). */
typedef struct {
    char version[128];
    char majorVersion[64];
    char minorVersion[64];
    char releaseVersion[64];
    char patchVersion[64];
    char reserved[128];
} ao_aclCANNPackageVersion;
typedef aclError (*ao_aclsysGetCANNVersion_fn)(int name, ao_aclCANNPackageVersion *version);
typedef aclError (*ao_aclrtGetVersion_fn)(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion);

/* aclnn<Op>(workspace, workspaceSize, executor, stream): one signature for every op
 * (include/ascendops/capi/aclnn_op.h, as CANN's aclnn_<op>.h headers declare it). */
typedef aclnnStatus (*ao_aclnn_phase2_fn)(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                                          aclrtStream stream);

#define AO_CANN_MAX_OPLIBS 4
#define AO_CANN_PATH_MAX 4096

typedef struct {
    int loaded;                        /* every required symbol resolved, aclInit done */
    void *runtime, *nnopbase;          /* dlopen handles */
    void *oplibs[AO_CANN_MAX_OPLIBS];
    int n_oplibs;
    char oplib_names[AO_CANN_MAX_OPLIBS][32];   /* each one's file name, in search order */
    char home[AO_CANN_PATH_MAX];       /* the installation's root (lib64/ under it) */
    char runtime_path[AO_CANN_PATH_MAX];
    char version[256];                 /* CANN's version, as found (see ao_cann_version) */

    /* the runtime (acl/acl_rt.h) */
    __typeof__(aclInit) *aclInit;
    __typeof__(aclGetRecentErrMsg) *aclGetRecentErrMsg;
    __typeof__(aclrtSetDevice) *aclrtSetDevice;
    __typeof__(aclrtGetDeviceCount) *aclrtGetDeviceCount;
    __typeof__(aclrtSynchronizeDevice) *aclrtSynchronizeDevice;
    __typeof__(aclrtCreateStream) *aclrtCreateStream;
    __typeof__(aclrtDestroyStream) *aclrtDestroyStream;
    __typeof__(aclrtSynchronizeStream) *aclrtSynchronizeStream;
    __typeof__(aclrtMalloc) *aclrtMalloc;
    __typeof__(aclrtFree) *aclrtFree;
    __typeof__(aclrtMemcpy) *aclrtMemcpy;
    __typeof__(aclrtMemcpyAsync) *aclrtMemcpyAsync;
    /* optional: events (device timing) and the version queries */
    ao_aclrtCreateEvent_fn aclrtCreateEvent;
    ao_aclrtDestroyEvent_fn aclrtDestroyEvent;
    ao_aclrtRecordEvent_fn aclrtRecordEvent;
    ao_aclrtSynchronizeEvent_fn aclrtSynchronizeEvent;
    ao_aclrtEventElapsedTime_fn aclrtEventElapsedTime;
    ao_aclsysGetCANNVersion_fn aclsysGetCANNVersion;
    ao_aclrtGetVersion_fn aclrtGetVersion;

    /* libnnopbase (aclnn/acl_meta.h) */
    __typeof__(aclCreateTensor) *aclCreateTensor;
    __typeof__(aclDestroyTensor) *aclDestroyTensor;
    __typeof__(aclCreateScalar) *aclCreateScalar;
    __typeof__(aclDestroyScalar) *aclDestroyScalar;
    __typeof__(aclCreateIntArray) *aclCreateIntArray;
    __typeof__(aclDestroyIntArray) *aclDestroyIntArray;
    __typeof__(aclCreateFloatArray) *aclCreateFloatArray;
    __typeof__(aclDestroyFloatArray) *aclDestroyFloatArray;
    __typeof__(aclCreateBoolArray) *aclCreateBoolArray;
    __typeof__(aclDestroyBoolArray) *aclDestroyBoolArray;
    __typeof__(aclSetAclOpExecutorRepeatable) *aclSetAclOpExecutorRepeatable;
    __typeof__(aclDestroyAclOpExecutor) *aclDestroyAclOpExecutor;
    __typeof__(aclSetInputTensorAddr) *aclSetInputTensorAddr;
    __typeof__(aclSetOutputTensorAddr) *aclSetOutputTensorAddr;
} ao_cann;

/* The process's table (zeroed until ao_cann_load succeeds). */
extern ao_cann ao_cann_api;

/* Finds and loads CANN once (later calls return the first call's result). 0 on
 * success; -1 with `err` saying what was looked for where and why it failed. Not
 * thread-safe on its own: the core calls it with the GIL held. */
int ao_cann_load(char *err, size_t errlen);

/* How many times ao_cann_load has tried to dlopen a library (tests: nothing is
 * loaded until asked). */
int ao_cann_dlopen_attempts(void);

/* An op library's symbol ("aclnnSiluBackwardGetWorkspaceSize"), searched in every op
 * library loaded (libopapi.so, or libopapi_nn.so then libopapi_math.so); NULL if none
 * has it. */
void *ao_cann_op_symbol(const char *name);

/* aclrtSetDevice(device) on the calling thread unless this thread already set it:
 * CANN's current device/context is per thread. */
aclError ao_cann_use_device(int32_t device);

#endif
