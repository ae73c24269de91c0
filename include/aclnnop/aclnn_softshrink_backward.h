/* aclnnSoftshrinkBackward: gradInput = gradOutput where |self| > lambd, else 0 */
#ifndef ACLNNOP_ACLNN_SOFTSHRINK_BACKWARD_H_
#define ACLNNOP_ACLNN_SOFTSHRINK_BACKWARD_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(SoftshrinkBackward,
         (const aclTensor *gradOutput, const aclTensor *self, const aclScalar *lambd, aclTensor *gradInput),
         (gradOutput, self, lambd, gradInput))

#endif
