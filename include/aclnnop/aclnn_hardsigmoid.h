/* aclnnHardsigmoid: out = clip(self / 6 + 1/2, 0, 1) */
#ifndef ACLNNOP_ACLNN_HARDSIGMOID_H_
#define ACLNNOP_ACLNN_HARDSIGMOID_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Hardsigmoid,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
