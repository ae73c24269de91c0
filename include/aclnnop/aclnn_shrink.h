/* aclnnShrink: aclnnHardshrink, aclnnSoftshrink, aclnnShrink.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_SHRINK_H_
#define ACLNNOP_ACLNN_SHRINK_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Shrink,
         (const aclTensor *self, const aclScalar *lambd, const aclScalar *bias, aclTensor *out),
         (self, lambd, bias, out))

#endif
