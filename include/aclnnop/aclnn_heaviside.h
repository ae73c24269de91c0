/* aclnnHeaviside(input, values, out): out = 0 where input < 0, values where input == 0,
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_HEAVISIDE_H_
#define ACLNNOP_ACLNN_HEAVISIDE_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Heaviside,
         (const aclTensor *input, const aclTensor *values, aclTensor *out),
         (input, values, out))

#endif
