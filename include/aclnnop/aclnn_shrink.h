/* aclnnShrink: out = self -+ bias beyond +-lambd, else 0 */
#ifndef ACLNNOP_ACLNN_SHRINK_H_
#define ACLNNOP_ACLNN_SHRINK_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Shrink,
         (const aclTensor *self, const aclScalar *lambd, const aclScalar *bias, aclTensor *out),
         (self, lambd, bias, out))

#endif
