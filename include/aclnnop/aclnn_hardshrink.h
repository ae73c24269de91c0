/* aclnnHardshrink, aclnnSoftshrink, aclnnShrink.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_HARDSHRINK_H_
#define ACLNNOP_ACLNN_HARDSHRINK_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Hardshrink,
         (const aclTensor *self, const aclScalar *lambd, aclTensor *out),
         (self, lambd, out))

#endif
