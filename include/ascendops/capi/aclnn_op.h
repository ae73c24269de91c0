/* ACLNN_OP: the one line that declares (and, inside libascendops, defines) an aclnn
 * op's two C entry points. Each include/aclnnop/aclnn_<op>.h holds one:
 *
 *   ACLNN_OP(SiluBackward,
 *            (const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput),
 *            (gradOutput, self, gradInput))
 *
 * declares
 *   aclnnStatus aclnnSiluBackwardGetWorkspaceSize(const aclTensor *gradOutput, const aclTensor *self,
 *       aclTensor *gradInput, uint64_t *workspaceSize, aclOpExecutor **executor);
 *   aclnnStatus aclnnSiluBackward(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
 *       aclrtStream stream);
 * The parameters are CANN's, in CANN's order (inputs, attributes, output); the
 * arguments are forwarded in that order to the op registered in Python under the
 * name "SiluBackward" (ascendops.registered_ops()), through the same dispatcher as
 * ascendops.aclnn. Parameter types the shim forwards: const aclTensor * / aclTensor *,
 * const aclScalar *, integers, float/double, bool, const char * / char *, aclDataType.
 * setup.py compiles every header in include/aclnnop into libascendops.so.
 *
 * ACLNN_OP_NOT_IMPLEMENTED(Name, params) declares (and defines) an API with CANN's
 * parameters that ascendops does not implement yet (ascendops/_cann_api.py): a program
 * written against CANN links, and the call returns ACLNN_ERR_INNER_FIND_KERNEL_ERROR
 * (561003: no kernel for the op in this build) with aclGetRecentErrMsg() naming the
 * API. ACLNN_FN_NOT_IMPLEMENTED: the same for a one-phase API.
 *
 * ACLNN_FN(Name, params, args, result) declares (and defines) a single-call API,
 * `aclnnStatus aclnn<Name>(params)` (no workspace, executor or stream: CANN's
 * aclnnCalculateMatmulWeightSizeV2), whose last parameter `result` is a uint64_t * the
 * Python-registered API's value (ascendops.registered_single_calls()) is written through. */
#ifndef ASCENDOPS_CAPI_ACLNN_OP_H_
#define ASCENDOPS_CAPI_ACLNN_OP_H_

#include "aclnn/acl_meta.h"

#define AO_ACLNN_STRIP(...) __VA_ARGS__

#ifdef ASCENDOPS_CAPI_IMPLEMENT
#include "capi/capi_internal.h"
#define ACLNN_OP(Name, params, args)                                                            \
    ACL_API aclnnStatus aclnn##Name##GetWorkspaceSize(AO_ACLNN_STRIP params, uint64_t *workspaceSize, \
                                                      aclOpExecutor **executor) {               \
        return ascendops_capi::phase1(#Name, workspaceSize, executor, AO_ACLNN_STRIP args);     \
    }                                                                                           \
    ACL_API aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, \
                                    aclrtStream stream) {                                       \
        return ascendops_capi::phase2(#Name, workspace, workspaceSize, executor, stream);       \
    }
/* an API ascendops declares (CANN's signature) but does not implement yet */
#define ACLNN_OP_NOT_IMPLEMENTED(Name, params)                                                  \
    ACL_API aclnnStatus aclnn##Name##GetWorkspaceSize(AO_ACLNN_STRIP params, uint64_t *workspaceSize, \
                                                      aclOpExecutor **executor) {               \
        (void)workspaceSize;                                                                    \
        (void)executor;                                                                         \
        return ascendops_capi::not_implemented("aclnn" #Name "GetWorkspaceSize");               \
    }                                                                                           \
    ACL_API aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, \
                                    aclrtStream stream) {                                       \
        (void)workspace;                                                                        \
        (void)workspaceSize;                                                                    \
        (void)executor;                                                                         \
        (void)stream;                                                                           \
        return ascendops_capi::not_implemented("aclnn" #Name);                                  \
    }
#define ACLNN_FN_NOT_IMPLEMENTED(Name, params)                                                  \
    ACL_API aclnnStatus aclnn##Name(AO_ACLNN_STRIP params) {                                    \
        return ascendops_capi::not_implemented("aclnn" #Name);                                  \
    }
#define ACLNN_FN(Name, params, args, result)                                                    \
    ACL_API aclnnStatus aclnn##Name(AO_ACLNN_STRIP params) {                                    \
        return ascendops_capi::call(#Name, result, AO_ACLNN_STRIP args);                        \
    }
#else
#define ACLNN_FN(Name, params, args, result) ACL_API aclnnStatus aclnn##Name(AO_ACLNN_STRIP params);
#define ACLNN_OP_NOT_IMPLEMENTED(Name, params)                                                  \
    ACL_API aclnnStatus aclnn##Name##GetWorkspaceSize(AO_ACLNN_STRIP params, uint64_t *workspaceSize, \
                                                      aclOpExecutor **executor);                \
    ACL_API aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, \
                                    aclrtStream stream);
#define ACLNN_FN_NOT_IMPLEMENTED(Name, params) ACL_API aclnnStatus aclnn##Name(AO_ACLNN_STRIP params);
#define ACLNN_OP(Name, params, args)                                                            \
    ACL_API aclnnStatus aclnn##Name##GetWorkspaceSize(AO_ACLNN_STRIP params, uint64_t *workspaceSize, \
                                                      aclOpExecutor **executor);                \
    ACL_API aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, \
                                    aclrtStream stream);
#endif

#endif /* ASCENDOPS_CAPI_ACLNN_OP_H_ */
