/* aclnn/acl_meta.h: CANN's aclnn base types (aclTensor, aclScalar, aclOpExecutor),
 * status codes and their functions, implemented by libascendops.so. */
#ifndef ASCENDOPS_ACLNN_ACL_META_H_
#define ASCENDOPS_ACLNN_ACL_META_H_

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h> /* bool: aclCreateBoolArray, and the bool parameters of aclnnop headers */
#endif
#include "acl/acl.h"

typedef int32_t aclnnStatus;

#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001
#define ACLNN_ERR_PARAM_INVALID 161002
#define ACLNN_ERR_RUNTIME_ERROR 361001
#define ACLNN_ERR_INNER 561000
#define ACLNN_ERR_INNER_INFERSHAPE_ERROR 561001
#define ACLNN_ERR_INNER_TILING_ERROR 561002
#define ACLNN_ERR_INNER_FIND_KERNEL_ERROR 561003
#define ACLNN_ERR_INNER_CREATE_EXECUTOR 561101
#define ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR 561102
#define ACLNN_ERR_INNER_NULLPTR 561103
#define ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE 561104
#define ACLNN_ERR_INNER_KEY_CONFLICT 561105

typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclOpExecutor aclOpExecutor;

/* aclTensor: a view (element strides and offset; strides null = contiguous) of
 * storage [deviceData, deviceData + prod(storageDims) * itemsize), which must lie in
 * one aclrtMalloc block (deviceData may be null for an empty storage). Null on failure
 * (the reason: aclGetRecentErrMsg). */
ACL_API aclTensor *aclCreateTensor(const int64_t *viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                   const int64_t *stride, int64_t offset, aclFormat format,
                                   const int64_t *storageDims, uint64_t storageDimsNum, void *tensorData);
ACL_API aclnnStatus aclDestroyTensor(const aclTensor *tensor);
/* the arrays returned here are the caller's, to free with delete[] */
ACL_API aclnnStatus aclGetViewShape(const aclTensor *tensor, int64_t **viewDims, uint64_t *viewDimsNum);
ACL_API aclnnStatus aclGetStorageShape(const aclTensor *tensor, int64_t **storageDims, uint64_t *storageDimsNum);
ACL_API aclnnStatus aclGetViewStrides(const aclTensor *tensor, int64_t **stridesValue, uint64_t *stridesNum);
ACL_API aclnnStatus aclGetViewOffset(const aclTensor *tensor, int64_t *offset);
ACL_API aclnnStatus aclGetFormat(const aclTensor *tensor, aclFormat *format);
ACL_API aclnnStatus aclGetDataType(const aclTensor *tensor, aclDataType *dataType);

/* aclScalar: the host value is copied */
ACL_API aclScalar *aclCreateScalar(void *value, aclDataType dataType);
ACL_API aclnnStatus aclDestroyScalar(const aclScalar *scalar);

/* aclIntArray / aclFloatArray / aclBoolArray: `size` host values, copied (value may be
 * null when size is 0). Null on failure (the reason: aclGetRecentErrMsg). */
ACL_API aclIntArray *aclCreateIntArray(const int64_t *value, uint64_t size);
ACL_API aclFloatArray *aclCreateFloatArray(const float *value, uint64_t size);
ACL_API aclBoolArray *aclCreateBoolArray(const bool *value, uint64_t size);
ACL_API aclnnStatus aclDestroyIntArray(const aclIntArray *array);
ACL_API aclnnStatus aclDestroyFloatArray(const aclFloatArray *array);
ACL_API aclnnStatus aclDestroyBoolArray(const aclBoolArray *array);

/* aclTensorList: `size` tensors (signatures of hicann/opbase include/nnopbase/aclnn/acl_meta.h,
 * commit aa3cd74b7f6d772acd64ff48292a7e65a9bc8142). The list owns them, as in CANN:
 * aclDestroyTensorList destroys the tensors too, and they cannot be destroyed on their own
 * (161002) or put in another list. Null elements are kept; a null value (or size 0) makes
 * an empty list. Null on failure (the reason: aclGetRecentErrMsg). */
ACL_API aclTensorList *aclCreateTensorList(const aclTensor *const *value, uint64_t size);
ACL_API aclnnStatus aclDestroyTensorList(const aclTensorList *array);
ACL_API aclnnStatus aclGetTensorListSize(const aclTensorList *tensorList, uint64_t *size);

/* executors: single use unless made repeatable right after phase 1 */
ACL_API aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor *executor);
ACL_API aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor *executor);
ACL_API aclnnStatus aclSetInputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                          void *addr);
ACL_API aclnnStatus aclSetOutputTensorAddr(aclOpExecutor *executor, const size_t index, aclTensor *tensor,
                                           void *addr);

#endif /* ASCENDOPS_ACLNN_ACL_META_H_ */
