/* aclnnGeluBackwardV2: gradInput = gradOutput * GELU'(self), approximate "none" (erf) or "tanh" */
#ifndef ACLNNOP_ACLNN_GELU_BACKWARD_V2_H_
#define ACLNNOP_ACLNN_GELU_BACKWARD_V2_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(GeluBackwardV2,
         (const aclTensor *gradOutput, const aclTensor *self, char *approximate, aclTensor *gradInput),
         (gradOutput, self, approximate, gradInput))

#endif
