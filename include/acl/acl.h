/* acl/acl.h: the part of CANN's AscendCL runtime API that aclnn programs use,
 * with CANN's names and numeric values, implemented by ascendops' CPU device
 * (libascendops.so). Build: g++ prog.cpp $(python -m ascendops.config --cflags --libs) */
#ifndef ASCENDOPS_ACL_ACL_H_
#define ASCENDOPS_ACL_ACL_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#define ACL_EXTERN_C extern "C"
#else
#define ACL_EXTERN_C extern
#endif
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#define ACL_API ACL_EXTERN_C ACL_FUNC_VISIBILITY

typedef int aclError;
typedef void *aclrtStream;
typedef void *aclrtEvent;
typedef uint16_t aclFloat16;   /* IEEE half's bits (acl_base_rt.h) */

/* aclError codes: every code of CANN's runtime header acl/acl_base_rt.h, in its order and
 * with its values (hicann/runtime include/external/acl/acl_base_rt.h, commit
 * 681ef7610df13c8128982901142a2c869ddbb53e). CANN declares them `static const int`;
 * macros here keep them usable in C switch labels and #if (the values are the same). */
#define ACL_ERROR_NONE 0
#define ACL_SUCCESS 0

#define ACL_ERROR_INVALID_PARAM 100000
#define ACL_ERROR_UNINITIALIZE 100001
#define ACL_ERROR_REPEAT_INITIALIZE 100002
#define ACL_ERROR_INVALID_FILE 100003
#define ACL_ERROR_WRITE_FILE 100004
#define ACL_ERROR_INVALID_FILE_SIZE 100005
#define ACL_ERROR_PARSE_FILE 100006
#define ACL_ERROR_FILE_MISSING_ATTR 100007
#define ACL_ERROR_FILE_ATTR_INVALID 100008
#define ACL_ERROR_INVALID_DUMP_CONFIG 100009
#define ACL_ERROR_INVALID_PROFILING_CONFIG 100010
#define ACL_ERROR_INVALID_MODEL_ID 100011
#define ACL_ERROR_DESERIALIZE_MODEL 100012
#define ACL_ERROR_PARSE_MODEL 100013
#define ACL_ERROR_READ_MODEL_FAILURE 100014
#define ACL_ERROR_MODEL_SIZE_INVALID 100015
#define ACL_ERROR_MODEL_MISSING_ATTR 100016
#define ACL_ERROR_MODEL_INPUT_NOT_MATCH 100017
#define ACL_ERROR_MODEL_OUTPUT_NOT_MATCH 100018
#define ACL_ERROR_MODEL_NOT_DYNAMIC 100019
#define ACL_ERROR_OP_TYPE_NOT_MATCH 100020
#define ACL_ERROR_OP_INPUT_NOT_MATCH 100021
#define ACL_ERROR_OP_OUTPUT_NOT_MATCH 100022
#define ACL_ERROR_OP_ATTR_NOT_MATCH 100023
#define ACL_ERROR_OP_NOT_FOUND 100024
#define ACL_ERROR_OP_LOAD_FAILED 100025
#define ACL_ERROR_UNSUPPORTED_DATA_TYPE 100026
#define ACL_ERROR_FORMAT_NOT_MATCH 100027
#define ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED 100028
#define ACL_ERROR_KERNEL_NOT_FOUND 100029
#define ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED 100030
#define ACL_ERROR_KERNEL_ALREADY_REGISTERED 100031
#define ACL_ERROR_INVALID_QUEUE_ID 100032
#define ACL_ERROR_REPEAT_SUBSCRIBE 100033
#define ACL_ERROR_STREAM_NOT_SUBSCRIBE 100034
#define ACL_ERROR_THREAD_NOT_SUBSCRIBE 100035
#define ACL_ERROR_WAIT_CALLBACK_TIMEOUT 100036
#define ACL_ERROR_REPEAT_FINALIZE 100037
#define ACL_ERROR_NOT_STATIC_AIPP 100038
#define ACL_ERROR_COMPILING_STUB_MODE 100039
#define ACL_ERROR_GROUP_NOT_SET 100040
#define ACL_ERROR_GROUP_NOT_CREATE 100041
#define ACL_ERROR_PROF_ALREADY_RUN 100042
#define ACL_ERROR_PROF_NOT_RUN 100043
#define ACL_ERROR_DUMP_ALREADY_RUN 100044
#define ACL_ERROR_DUMP_NOT_RUN 100045
#define ACL_ERROR_PROF_REPEAT_SUBSCRIBE 148046
#define ACL_ERROR_PROF_API_CONFLICT 148047
#define ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG 148048
#define ACL_ERROR_INVALID_OPP_PATH 148049
#define ACL_ERROR_OP_UNSUPPORTED_DYNAMIC 148050
#define ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED 148051
#define ACL_ERROR_UNSUPPORTED_JPEG 148052
#define ACL_ERROR_INVALID_BUNDLE_MODEL_ID 148053

#define ACL_ERROR_BAD_ALLOC 200000
#define ACL_ERROR_API_NOT_SUPPORT 200001
#define ACL_ERROR_INVALID_DEVICE 200002
#define ACL_ERROR_MEMORY_ADDRESS_UNALIGNED 200003
#define ACL_ERROR_RESOURCE_NOT_MATCH 200004
#define ACL_ERROR_INVALID_RESOURCE_HANDLE 200005
#define ACL_ERROR_FEATURE_UNSUPPORTED 200006
#define ACL_ERROR_PROF_MODULES_UNSUPPORTED 200007

#define ACL_ERROR_STORAGE_OVER_LIMIT 300000

#define ACL_ERROR_INTERNAL_ERROR 500000
#define ACL_ERROR_FAILURE 500001
#define ACL_ERROR_GE_FAILURE 500002
#define ACL_ERROR_RT_FAILURE 500003
#define ACL_ERROR_DRV_FAILURE 500004
#define ACL_ERROR_PROFILING_FAILURE 500005
/* the runtime's codes (ACL_ERROR_RT_*, 107000 and up), as CANN's acl_base_rt.h includes them */
#include "acl/error_codes/rt_error_codes.h"

typedef enum {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_STRING = 13,
    ACL_COMPLEX64 = 16,
    ACL_COMPLEX128 = 17,
    ACL_BF16 = 27,
    ACL_INT4 = 29,
    ACL_UINT1 = 30,
    ACL_COMPLEX32 = 33,
    ACL_HIFLOAT8 = 34,
    ACL_FLOAT8_E5M2 = 35,
    ACL_FLOAT8_E4M3FN = 36,
    ACL_FLOAT8_E8M0 = 37,
    ACL_FLOAT6_E3M2 = 38,
    ACL_FLOAT6_E2M3 = 39,
    ACL_FLOAT4_E2M1 = 40,
    ACL_FLOAT4_E1M2 = 41
} aclDataType;

typedef enum {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_FRACTAL_Z = 4,
    ACL_FORMAT_NC1HWC0_C04 = 12,
    ACL_FORMAT_HWCN = 16,
    ACL_FORMAT_NDHWC = 27,
    ACL_FORMAT_FRACTAL_NZ = 29,
    ACL_FORMAT_NCDHW = 30,
    ACL_FORMAT_NDC1HWC0 = 32,
    ACL_FRACTAL_Z_3D = 33,
    ACL_FORMAT_NC = 35,
    ACL_FORMAT_NCL = 47
} aclFormat;

typedef enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_HUGE_ONLY = 1,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2,
    ACL_MEM_MALLOC_HUGE_FIRST_P2P = 3,
    ACL_MEM_MALLOC_HUGE_ONLY_P2P = 4,
    ACL_MEM_MALLOC_NORMAL_ONLY_P2P = 5
} aclrtMemMallocPolicy;

typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEVICE_TO_HOST = 2,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
    ACL_MEMCPY_DEFAULT = 4
} aclrtMemcpyKind;

/* The types, enums and flags below are CANN's, with its values (hicann/runtime
 * include/external/acl/acl_rt.h, commit 681ef7610df13c8128982901142a2c869ddbb53e). */

/* aclrtCreateEventWithFlag flags */
#define ACL_EVENT_SYNC 0x00000001U
#define ACL_EVENT_CAPTURE_STREAM_PROGRESS 0x00000002U
#define ACL_EVENT_TIME_LINE 0x00000008U
#define ACL_EVENT_DEVICE_USE_ONLY 0x00000010U
#define ACL_EVENT_EXTERNAL 0x00000020U
#define ACL_EVENT_IPC 0x00000040U

/* aclrtGetMemInfo, aclrtPhysicalMemProp.memAttr */
typedef enum aclrtMemAttr {
    ACL_DDR_MEM,
    ACL_HBM_MEM,
    ACL_DDR_MEM_HUGE,
    ACL_DDR_MEM_NORMAL,
    ACL_HBM_MEM_HUGE,
    ACL_HBM_MEM_NORMAL,
    ACL_DDR_MEM_P2P_HUGE,
    ACL_DDR_MEM_P2P_NORMAL,
    ACL_HBM_MEM_P2P_HUGE,
    ACL_HBM_MEM_P2P_NORMAL,
    ACL_HBM_MEM_HUGE1G,
    ACL_HBM_MEM_P2P_HUGE1G,
    ACL_MEM_NORMAL,
    ACL_MEM_HUGE,
    ACL_MEM_HUGE1G,
    ACL_MEM_P2P_NORMAL,
    ACL_MEM_P2P_HUGE,
    ACL_MEM_P2P_HUGE1G
} aclrtMemAttr;

/* virtual memory management (aclrtReserveMemAddress, aclrtMallocPhysical, aclrtMapMem) */
typedef enum aclrtMemLocationType {
    ACL_MEM_LOCATION_TYPE_HOST = 0,
    ACL_MEM_LOCATION_TYPE_DEVICE,
    ACL_MEM_LOCATION_TYPE_UNREGISTERED,
    ACL_MEM_LOCATION_TYPE_MANAGED,
    ACL_MEM_LOCATION_TYPE_HOST_NUMA = 4
} aclrtMemLocationType;

typedef struct aclrtMemLocation {
    uint32_t id;
    aclrtMemLocationType type;
} aclrtMemLocation;

typedef enum aclrtMemAllocationType {
    ACL_MEM_ALLOCATION_TYPE_PINNED = 0
} aclrtMemAllocationType;

typedef enum aclrtMemHandleType {
    ACL_MEM_HANDLE_TYPE_NONE = 0,
    ACL_MEM_HANDLE_TYPE_POSIX = 2
} aclrtMemHandleType;

typedef struct aclrtPhysicalMemProp {
    aclrtMemHandleType handleType;
    aclrtMemAllocationType allocationType;
    aclrtMemAttr memAttr;
    aclrtMemLocation location;
    uint64_t reserve;
} aclrtPhysicalMemProp;

typedef enum aclrtMemGranularityOptions {
    ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM,
    ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED,
    ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF = 0xFFFF
} aclrtMemGranularityOptions;

typedef void *aclrtDrvMemHandle;

/* initialisation (the first call of any function also starts the runtime) */
ACL_API aclError aclInit(const char *configPath);
ACL_API aclError aclFinalize(void);
/* the message of the calling thread's last failure ("" if none) */
ACL_API const char *aclGetRecentErrMsg(void);

/* float16 <-> float (hicann/runtime include/external/acl/acl_base_rt.h, commit
 * 681ef7610df13c8128982901142a2c869ddbb53e): exact widening; narrowing rounds to nearest
 * even (CANN's examples print float16 results with aclFloat16ToFloat) */
ACL_API float aclFloat16ToFloat(aclFloat16 value);
ACL_API aclFloat16 aclFloatToFloat16(float value);

/* devices: the CPU device is device 0 */
ACL_API aclError aclrtSetDevice(int32_t deviceId);
ACL_API aclError aclrtResetDevice(int32_t deviceId);
ACL_API aclError aclrtGetDevice(int32_t *deviceId);
ACL_API aclError aclrtGetDeviceCount(uint32_t *count);
/* the name of the SoC profile in use ("host", "Ascend910B", ...; ASCENDOPS_SOC, set_soc);
 * never null, valid for the life of the process (acl_base_rt.h) */
ACL_API const char *aclrtGetSocName(void);
/* free and total bytes of the device memory (its capacity, ASCENDOPS_DEVICE_CAPACITY, or
 * else the host's physical memory); every memory kind is the same memory here */
ACL_API aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total);
/* peer access between devices: with one device there is no peer (CANN's codes: the same
 * device twice 100000, an id that is not a device 107000) */
ACL_API aclError aclrtDeviceCanAccessPeer(int32_t *canAccessPeer, int32_t deviceId, int32_t peerDeviceId);
ACL_API aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags);

/* streams (work runs in order; on the CPU device aclnn phase 2 has finished when it
 * returns; with ASCENDOPS_STRICT_DEVICE=1 it is queued on the stream's own thread, as on
 * an NPU: aclrtSynchronizeStream before reading results back) */
ACL_API aclError aclrtCreateStream(aclrtStream *stream);
ACL_API aclError aclrtDestroyStream(aclrtStream stream);
ACL_API aclError aclrtSynchronizeStream(aclrtStream stream);
ACL_API aclError aclrtSynchronizeDevice(void);

/* events: a point in a stream's work, timed when the stream reaches it */
ACL_API aclError aclrtCreateEvent(aclrtEvent *event);
/* flag: an OR of ACL_EVENT_SYNC, ACL_EVENT_CAPTURE_STREAM_PROGRESS, ACL_EVENT_TIME_LINE, or
 * ACL_EVENT_DEVICE_USE_ONLY / ACL_EVENT_EXTERNAL alone (CANN's rule; others: 107000) */
ACL_API aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag);
ACL_API aclError aclrtDestroyEvent(aclrtEvent event);
ACL_API aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);
ACL_API aclError aclrtSynchronizeEvent(aclrtEvent event);
ACL_API aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent);
/* the stream's later work waits for the work recorded in the event before this call
 * (nothing to wait for if it was never recorded) */
ACL_API aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);

/* device memory: 32-byte aligned, the size rounded up to 32 bytes plus 32 */
ACL_API aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
ACL_API aclError aclrtFree(void *devPtr);
ACL_API aclError aclrtMallocHost(void **hostPtr, size_t size);
ACL_API aclError aclrtFreeHost(void *hostPtr);
ACL_API aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count,
                             aclrtMemcpyKind kind);
ACL_API aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count,
                                  aclrtMemcpyKind kind, aclrtStream stream);
ACL_API aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count);
ACL_API aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count,
                                  aclrtStream stream);

/* virtual memory management: reserve an address range, create physical memory, map it
 * into the range (granularity 2 MiB; 1 GiB for the *_HUGE1G attributes). Mapped memory is
 * device memory like aclrtMalloc's: aclCreateTensor, aclnn ops, aclrtMemcpy/Memset take it
 * (a range may span adjacent mappings). */
ACL_API aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp *prop, aclrtMemGranularityOptions option,
                                                  size_t *granularity);
ACL_API aclError aclrtReserveMemAddress(void **virPtr, size_t size, size_t alignment, void *expectPtr,
                                        uint64_t flags);
ACL_API aclError aclrtReleaseMemAddress(void *virPtr);
ACL_API aclError aclrtMallocPhysical(aclrtDrvMemHandle *handle, size_t size, const aclrtPhysicalMemProp *prop,
                                     uint64_t flags);
ACL_API aclError aclrtFreePhysical(aclrtDrvMemHandle handle);
ACL_API aclError aclrtMapMem(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags);
ACL_API aclError aclrtUnmapMem(void *virPtr);

#endif /* ASCENDOPS_ACL_ACL_H_ */
