/* aclnnHeaviside: out = Heaviside step of input, values at 0 */
#ifndef ACLNNOP_ACLNN_HEAVISIDE_H_
#define ACLNNOP_ACLNN_HEAVISIDE_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Heaviside,
         (const aclTensor *input, const aclTensor *values, aclTensor *out),
         (input, values, out))

#endif
