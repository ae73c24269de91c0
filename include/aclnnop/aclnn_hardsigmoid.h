/* aclnnHardsigmoid and aclnnHardswish.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_HARDSIGMOID_H_
#define ACLNNOP_ACLNN_HARDSIGMOID_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Hardsigmoid,
         (const aclTensor *self, aclTensor *out),
         (self, out))

ACLNN_OP(InplaceHardsigmoid,
         (aclTensor *self),
         (self))

#endif
