/* aclnnHardshrink: out = |self| > lambd ? self : 0 */
#ifndef ACLNNOP_ACLNN_HARDSHRINK_H_
#define ACLNNOP_ACLNN_HARDSHRINK_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Hardshrink,
         (const aclTensor *self, const aclScalar *lambd, aclTensor *out),
         (self, lambd, out))

#endif
