/* aclnnHardswishBackwardV2: out = gradOutput * HardSwish'(self), open bounds at -3 and 3 */
#ifndef ACLNNOP_ACLNN_HARDSWISH_BACKWARD_V2_H_
#define ACLNNOP_ACLNN_HARDSWISH_BACKWARD_V2_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(HardswishBackwardV2,
         (const aclTensor *gradOutput, const aclTensor *self, aclTensor *out),
         (gradOutput, self, out))

#endif
