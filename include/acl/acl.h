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

/* aclError codes */
#define ACL_SUCCESS 0
#define ACL_ERROR_NONE 0
#define ACL_ERROR_INVALID_PARAM 100000
#define ACL_ERROR_UNINITIALIZE 100001
#define ACL_ERROR_REPEAT_INITIALIZE 100002
#define ACL_ERROR_REPEAT_FINALIZE 100037
#define ACL_ERROR_BAD_ALLOC 200000
#define ACL_ERROR_API_NOT_SUPPORT 200001
#define ACL_ERROR_INVALID_DEVICE 200002
#define ACL_ERROR_MEMORY_ADDRESS_UNALIGNED 200003
#define ACL_ERROR_INTERNAL_ERROR 500000
#define ACL_ERROR_RT_CONTEXT_NULL 107002

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

/* initialisation (the first call of any function also starts the runtime) */
ACL_API aclError aclInit(const char *configPath);
ACL_API aclError aclFinalize(void);
/* the message of the calling thread's last failure ("" if none) */
ACL_API const char *aclGetRecentErrMsg(void);

/* devices: the CPU device is device 0 */
ACL_API aclError aclrtSetDevice(int32_t deviceId);
ACL_API aclError aclrtResetDevice(int32_t deviceId);
ACL_API aclError aclrtGetDevice(int32_t *deviceId);
ACL_API aclError aclrtGetDeviceCount(uint32_t *count);

/* streams (work runs in order; aclnn phase 2 has finished when it returns) */
ACL_API aclError aclrtCreateStream(aclrtStream *stream);
ACL_API aclError aclrtDestroyStream(aclrtStream stream);
ACL_API aclError aclrtSynchronizeStream(aclrtStream stream);
ACL_API aclError aclrtSynchronizeDevice(void);

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

#endif /* ASCENDOPS_ACL_ACL_H_ */
