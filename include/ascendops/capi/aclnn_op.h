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
 * setup.py compiles every header in include/aclnnop into libascendops.so. */
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
#else
#define ACLNN_OP(Name, params, args)                                                            \
    ACL_API aclnnStatus aclnn##Name##GetWorkspaceSize(AO_ACLNN_STRIP params, uint64_t *workspaceSize, \
                                                      aclOpExecutor **executor);                \
    ACL_API aclnnStatus aclnn##Name(void *workspace, uint64_t workspaceSize, aclOpExecutor *executor, \
                                    aclrtStream stream);
#endif

#endif /* ASCENDOPS_CAPI_ACLNN_OP_H_ */
