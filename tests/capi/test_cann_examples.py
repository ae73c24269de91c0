"""CANN's official example programs of the registered ops, compiled UNCHANGED with CANN's
own build line pointed at ascendops, run, and their printed values checked against a
numpy float64 reference computed from the inputs written in each program.

The programs lie verbatim in tests/capi/cann_examples/ (CANN Open Software License
Agreement Version 2.0: LICENSE and README.md there), from:
  hicann/ops-nn, commit e5c3fa9327ea95ba26d06227e746923580d10921:
    activation/silu_grad/examples/test_aclnn_silu_grad.cpp
    activation/sigmoid_grad/examples/test_aclnn_sigmoid_grad.cpp
    activation/gelu_grad/examples/test_aclnn_gelu_backward.cpp
    activation/gelu_grad_v2/examples/test_aclnn_gelu_backward_v2.cpp
    activation/hard_swish_grad/examples/test_aclnn_hard_swish_backward.cpp
    activation/softmax_grad/examples/test_aclnn_softmax_grad.cpp
    activation/swish/docs/aclnnSilu.md: the doc's calling example (Silu has no examples/
      file), as aclnn_silu_doc_example.cpp below a comment naming it
    and every example of the activation family's registered forward and backward ops:
    activation/<op>/examples/test_aclnn_*.cpp, and the examples/arch35/ ones
    that differ from those (as arch35_<file>), each listed in SOURCES and in the
    folder's README.md
    the norm family's examples of RmsNorm, AddRmsNorm, LayerNorm, GroupNorm and Norm:
    norm/{rms_norm,add_rms_norm,layer_norm_v4,group_norm,lp_norm_v2}/examples/ (their
    docs' calling examples are the same programs), listed in SOURCES and the README.md
  hicann/ops-math, commit c41933244c31e44fd496e3bb3212164f8c48c214:
    math/cast/examples/test_aclnn_cast.cpp
    math/cast/docs/aclnnCast.md: the doc's calling example, another program (FLOAT to
      DOUBLE), as aclnn_cast_doc_example.cpp below a comment naming it
    and the examples of the registered math ops: math/<op>/examples/test_aclnn_*.cpp and
    conversion/{clip_by_value_v2,fill,view_copy}/examples/ (Clamp, ClampMin, fill,
    copy); the docs' calling examples of Adds, InplaceAdds, Subs and Divs (no examples/
    file) and those that are other programs than the examples/ files (Add with
    InplaceAdd, Log, InplaceLog, InplaceGtScalar, ClampMin: DOUBLE or both calls in
    one), each as aclnn_<op>_doc_example.cpp below a comment naming it; all listed in
    SOURCES and in the folder's README.md
    math/pow/examples/test_aclnn_pow.cpp, test_aclnn_pow_tensor_tensor.cpp;
    math/pow/docs/aclnnPowScalarTensor.md: the doc's calling example (PowScalarTensor has no
      examples/ file), as aclnn_pow_scalar_tensor_doc_example.cpp below a comment naming it
    math/equal/examples/test_aclnn_eq_tensor.cpp, test_aclnn_inplace_eq_tensor.cpp (their
      data and calls in CreateInputs and ExecOpApi, which main calls)
    math/reduce_sum/examples/test_aclnn_reduce_sum.cpp, math/reduce_mean/examples/
      test_aclnn_mean.cpp, math/arg_max_v2/examples/test_aclnn_arg_max_v2.cpp,
      math/cumsum/examples/test_aclnn_cumsum.cpp
  and the layout, gather, pooling, convolution and sort examples of the registered ops:
    ops-math conversion/{concat_d,mirror_pad,pad_v3,roll,slice,transpose,triu}/examples/,
    math/{sort,tile,triangular_solve}/examples/; ops-nn conv/{conv2d_v2,convolution_forward}/
    examples/ (the 1-d and 2-d ones), index/{gather_v2,repeat_interleave,scatter_update}/
    examples/, pooling/{avg_pool3_d,max_pool_v3}/examples/ (test_aclnn_avgpool2d.cpp,
    test_aclnn_max_pool.cpp), matmul/{mat_mul_v3,batch_mat_mul_v3,mv}/examples/
    (test_aclnn_mm.cpp, test_aclnn_matmul.cpp, test_aclnn_batchmatmul.cpp,
    test_aclnn_mv.cpp), matmul/weight_quant_batch_matmul_v2/examples/
    (test_aclnn_weight_quant_batch_matmul_v2.cpp); each listed in SOURCES and in the folder's README.md, which
    names those left out and why
(The other ops' doc examples are their examples/ files but for line breaks, or restyled:
the same calls on the same data.)

CANN's build lines (same commits), with INCLUDE_PATH = `python -m ascendops.config
--includedir`, ACLNN_INCLUDE_PATH = INCLUDE_PATH/aclnn and both library paths =
`--libdir`:
  ops-nn build.sh, build_single_example:
    g++ ${file} -I ${INCLUDE_PATH} -I ${INCLUDE_PATH}/aclnnop -I ${ACLNN_INCLUDE_PATH}
        -L ${EAGER_LIBRARY_OPP_PATH} -L ${EAGER_LIBRARY_PATH}
        -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o test_aclnn_${example}
    (-lacl_rt instead of -lascendcl where the CANN install has no libascendcl.so)
  ops-math scripts/build_example.sh, compile_eager_example_default:
    g++ ${source_file} -I ${INCLUDE_PATH} -I ${ACLNN_INCLUDE_PATH} -L ${EAGER_LIBRARY_PATH}
        -lopapi_math -lascendcl -lnnopbase -o ${executable_name}
The lines carry no rpath: CANN's set_env.sh puts its lib64 on LD_LIBRARY_PATH, and so do
these tests. Skipped where no g++ exists (the lines name g++)."""
import hashlib
import math
import os
import re
import shutil
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

import ascendops
from ascendops import config
from ao_test_helpers import by_kind, op_class

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "cann_examples")
GXX = shutil.which("g++")
needs_gxx = pytest.mark.skipif(GXX is None, reason="no g++ on this machine (CANN's build line names g++)")

OPS_NN = "e5c3fa9327ea95ba26d06227e746923580d10921"
OPS_MATH = "c41933244c31e44fd496e3bb3212164f8c48c214"
# file -> (repository, path, commit, sha256 of CANN's text): a vendored copy that drifts
# from CANN's is caught here, not trusted
SOURCES = {
    "test_aclnn_silu_grad.cpp": (
        "hicann/ops-nn", "activation/silu_grad/examples/test_aclnn_silu_grad.cpp", OPS_NN,
        "5f4353d043e1ed827415ccef00b1bef2df1d6acb4eda4a705fd54a42c117c636"),
    "test_aclnn_sigmoid_grad.cpp": (
        "hicann/ops-nn", "activation/sigmoid_grad/examples/test_aclnn_sigmoid_grad.cpp", OPS_NN,
        "64e2b9b5afb450efa5c0315a161030569f26409a23c6d04946b59915dcbd3e0b"),
    "test_aclnn_gelu_backward.cpp": (
        "hicann/ops-nn", "activation/gelu_grad/examples/test_aclnn_gelu_backward.cpp", OPS_NN,
        "a0aa21b4c98c6d898cbc0ace179fb9dec6a0122e667ade3e0bfb286bc3deac4d"),
    "test_aclnn_gelu_backward_v2.cpp": (
        "hicann/ops-nn", "activation/gelu_grad_v2/examples/test_aclnn_gelu_backward_v2.cpp", OPS_NN,
        "d741279bfd8435c5b0721c8dedf443c163f0bff52e77e139d6a20058148b01f3"),
    "test_aclnn_hard_swish_backward.cpp": (
        "hicann/ops-nn", "activation/hard_swish_grad/examples/test_aclnn_hard_swish_backward.cpp", OPS_NN,
        "e04e8275c37f2fef4db8ad36eb867d7e90b9d48597ff16aa7dd537b8e806fbb3"),
    "test_aclnn_softmax_grad.cpp": (
        "hicann/ops-nn", "activation/softmax_grad/examples/test_aclnn_softmax_grad.cpp", OPS_NN,
        "a5a9a6976359e254ded5e354c67ec985674ddba89e18dafcb2c3b3024bc91698"),
    "aclnn_silu_doc_example.cpp": (
        "hicann/ops-nn", "activation/swish/docs/aclnnSilu.md (its C++ block with main)", OPS_NN,
        "358a4ae1f82a53b48e0d8b68ec8b648d8f34343b303043c023ce98053c50fc0d"),
    # the activation family's forward and backward examples
    "test_aclnn_add_relu.cpp": (
        "hicann/ops-nn", "activation/relu/examples/test_aclnn_add_relu.cpp", OPS_NN,
        "59b9a5ae84edc0d3eb6291cacc06fc5531e71476f109a080768a9c6368ee092c"),
    "test_aclnn_celu.cpp": (
        "hicann/ops-nn", "activation/celu_v2/examples/test_aclnn_celu.cpp", OPS_NN,
        "9f33e765ae00d91aa072042160bcd73e9cb9ade68ae13d7e02f258041ae851f3"),
    "test_aclnn_elu.cpp": (
        "hicann/ops-nn", "activation/elu/examples/test_aclnn_elu.cpp", OPS_NN,
        "09748ab467a6072869c8002c7f84ced44fab6da08e02740f9a7bcefbaa8a0ec0"),
    "test_aclnn_elu_backward.cpp": (
        "hicann/ops-nn", "activation/elu_grad_v2/examples/test_aclnn_elu_backward.cpp", OPS_NN,
        "db17a73318d64482e9d40ec29af0fb23cdc32b036afbec9279d7045880282061"),
    "test_aclnn_erfinv.cpp": (
        "hicann/ops-nn", "activation/erfinv/examples/test_aclnn_erfinv.cpp", OPS_NN,
        "cae8671ca79939500b3f2834b9307b30890bcdc589db8deb1139d35ed1c7b98f"),
    "test_aclnn_fast_gelu.cpp": (
        "hicann/ops-nn", "activation/fast_gelu/examples/test_aclnn_fast_gelu.cpp", OPS_NN,
        "d07b1c7700be01c455ffba9ade07a580de58aa6171525cd2423c6c562b341c47"),
    "test_aclnn_fast_gelu_backward.cpp": (
        "hicann/ops-nn", "activation/fast_gelu_grad/examples/test_aclnn_fast_gelu_backward.cpp", OPS_NN,
        "b4768716d9de9dd28aad4d53785cc603e766a4355c2917291fa7dcab454b638d"),
    "test_aclnn_gelu.cpp": (
        "hicann/ops-nn", "activation/gelu/examples/test_aclnn_gelu.cpp", OPS_NN,
        "da4ed82b205253fbbf325cf0fdd71364248569a338cf0316be89daff9cb29f7b"),
    "test_aclnn_gelu_v2.cpp": (
        "hicann/ops-nn", "activation/gelu_v2/examples/test_aclnn_gelu_v2.cpp", OPS_NN,
        "59d1be69355ccde9ca7f0f03df8a3a3e32887d63620b1fd9569473730699980c"),
    "test_aclnn_hard_shrink.cpp": (
        "hicann/ops-nn", "activation/hard_shrink/examples/test_aclnn_hard_shrink.cpp", OPS_NN,
        "b79c08cfe32af053f6cc11e3db847fd4a42bbfc928eb08f8ec1cffbb22916fd9"),
    "test_aclnn_hard_shrink_backward.cpp": (
        "hicann/ops-nn", "activation/hard_shrink_grad/examples/test_aclnn_hard_shrink_backward.cpp", OPS_NN,
        "92fa749bcdbe6408255cb3484f53fd5188a34484f43ccdc44d6792f3a5a2958b"),
    "test_aclnn_hard_sigmoid.cpp": (
        "hicann/ops-nn", "activation/hard_sigmoid/examples/test_aclnn_hard_sigmoid.cpp", OPS_NN,
        "365e560158904a9d82be3d72c4bf13cb82d3b6ca5bd9f8c2fba7fd18ac1680c9"),
    "test_aclnn_hard_sigmoid_grad.cpp": (
        "hicann/ops-nn", "activation/hard_sigmoid_grad/examples/test_aclnn_hard_sigmoid_grad.cpp", OPS_NN,
        "ff156218e8ba81ecdf29029e280839426ef6d3bd37c9405e77cccf8e322a3470"),
    "test_aclnn_hard_swish.cpp": (
        "hicann/ops-nn", "activation/hard_swish/examples/test_aclnn_hard_swish.cpp", OPS_NN,
        "d0a935fe0eaca0689e401dda1a3acddfb9bc9d334efd8152f8e815ab7f589f62"),
    "test_aclnn_hard_swish_backward_v2.cpp": (
        "hicann/ops-nn", "activation/hard_swish_grad_v2/examples/test_aclnn_hard_swish_backward_v2.cpp", OPS_NN,
        "200a02ce314d4d6bdef9a6296e9d1d1066a6edb40a776eae9e263c65b3292967"),
    "test_aclnn_hardtanh_grad.cpp": (
        "hicann/ops-nn", "activation/hardtanh_grad/examples/test_aclnn_hardtanh_grad.cpp", OPS_NN,
        "9b9595e87021fb9adf4feea3c9b52201d3a0b9ea52761a8170bbf9b2a960d7e6"),
    "test_aclnn_heaviside.cpp": (
        "hicann/ops-nn", "activation/heaviside/examples/test_aclnn_heaviside.cpp", OPS_NN,
        "4ac8d0f1b0dbdc4047c6116ed9e952be96462e4864a4a2e0b093e3c5f1cb1e05"),
    "test_aclnn_inplace_add_relu.cpp": (
        "hicann/ops-nn", "activation/relu/examples/test_aclnn_inplace_add_relu.cpp", OPS_NN,
        "7e49677b3dd5006439fadc8ab30599cc8745cb560ff88f27f57c8ef7df48c2c1"),
    "test_aclnn_inplace_celu.cpp": (
        "hicann/ops-nn", "activation/celu_v2/examples/test_aclnn_inplace_celu.cpp", OPS_NN,
        "33cb6f77084c04ff33b37a201897bf55160d4dd91f390b6f1a34932d50906f44"),
    "test_aclnn_inplace_elu.cpp": (
        "hicann/ops-nn", "activation/elu/examples/test_aclnn_inplace_elu.cpp", OPS_NN,
        "674ac1ec5697970db2e1fb10aea4cda6a6e2955a13f65cceca78da57403950df"),
    "test_aclnn_inplace_erfinv.cpp": (
        "hicann/ops-nn", "activation/erfinv/examples/test_aclnn_inplace_erfinv.cpp", OPS_NN,
        "6b38e9362d540f673bc76e43b2de824890fccc558d350f47c2a4b9f6180bdd66"),
    "test_aclnn_inplace_hard_sigmoid.cpp": (
        "hicann/ops-nn", "activation/hard_sigmoid/examples/test_aclnn_inplace_hard_sigmoid.cpp", OPS_NN,
        "d2f9f2961a4abf68087da5b6516114688417097817c5c3ba41de3c11ec01a472"),
    "test_aclnn_inplace_leaky_relu.cpp": (
        "hicann/ops-nn", "activation/leaky_relu/examples/test_aclnn_inplace_leaky_relu.cpp", OPS_NN,
        "37c770b5b9fd5109c2f1417c9eaa5b69e504632f4cce8d8031d6aea492c5835c"),
    "test_aclnn_inplace_mish.cpp": (
        "hicann/ops-nn", "activation/mish/examples/test_aclnn_inplace_mish.cpp", OPS_NN,
        "cc9c46964876e7abc099019c08e4e171b36e18e653616da8a127af185f0e7794"),
    "test_aclnn_inplace_relu.cpp": (
        "hicann/ops-nn", "activation/relu/examples/test_aclnn_inplace_relu.cpp", OPS_NN,
        "e85bfb2f2cf182e6dfbf31b46606c0e4a50083bdb7a84c7124b51e2014533f3d"),
    "test_aclnn_inplace_selu.cpp": (
        "hicann/ops-nn", "activation/selu/examples/test_aclnn_inplace_selu.cpp", OPS_NN,
        "4beef3b4f4dc382871b11db17c3b3bb978a04ffd2c0fb9f2769d61d66753ba8e"),
    "test_aclnn_inplace_sigmoid.cpp": (
        "hicann/ops-nn", "activation/sigmoid/examples/test_aclnn_inplace_sigmoid.cpp", OPS_NN,
        "e8410164853306f5f3e00a8caa0f919819efdadabc9fc507a5dda4ddaa0466c7"),
    "test_aclnn_inplace_threshold.cpp": (
        "hicann/ops-nn", "activation/threshold/examples/test_aclnn_inplace_threshold.cpp", OPS_NN,
        "f897fa50d5ef08017c2101a1ff76ab013441b7d5a0060653dc0d13c3d7d215d2"),
    "test_aclnn_leaky_relu.cpp": (
        "hicann/ops-nn", "activation/leaky_relu/examples/test_aclnn_leaky_relu.cpp", OPS_NN,
        "12a47e2ff7b626b97996dfb815a05fbe488110d6d6c6b8feafe5ea7077a4d4ac"),
    "test_aclnn_leaky_relu_backward.cpp": (
        "hicann/ops-nn", "activation/leaky_relu_grad/examples/test_aclnn_leaky_relu_backward.cpp", OPS_NN,
        "07d5b4b0b429f2fbfa883fabee510f6e838125b9c40b0a90e40eac5c082e454f"),
    "test_aclnn_logsigmoid.cpp": (
        "hicann/ops-nn", "activation/log_sigmoid/examples/test_aclnn_logsigmoid.cpp", OPS_NN,
        "cde460d428a674f66d8ec2bde91d7ea242011243e72f71efd59a9e0731716010"),
    "test_aclnn_logsigmoid_grad.cpp": (
        "hicann/ops-nn", "activation/logsigmoid_grad/examples/test_aclnn_logsigmoid_grad.cpp", OPS_NN,
        "3ffe7d21f7b95ef2d71cd8c7839e1c7d1a30e2eb523b1f299926d14ab97457a7"),
    "test_aclnn_mish.cpp": (
        "hicann/ops-nn", "activation/mish/examples/test_aclnn_mish.cpp", OPS_NN,
        "3463d88badd7ce0b5e6b9c4292685b62af7c8b84a3fd6a12e2363dace7135a19"),
    "test_aclnn_mish_grad.cpp": (
        "hicann/ops-nn", "activation/mish_grad/examples/test_aclnn_mish_grad.cpp", OPS_NN,
        "26aae42697690bd9a00661c14c9948687098fb6d93ae61b69994eaa789150cb4"),
    "test_aclnn_relu.cpp": (
        "hicann/ops-nn", "activation/relu/examples/test_aclnn_relu.cpp", OPS_NN,
        "90366877a74c392d8f5769c876c4ea155f6a8bfe0a5dda1c89e84aeefa62d091"),
    "test_aclnn_selu.cpp": (
        "hicann/ops-nn", "activation/selu/examples/test_aclnn_selu.cpp", OPS_NN,
        "11d104934fe507c32cc43429fa669c46cd0264e4c4219f5f5d77b10f20939e7e"),
    "test_aclnn_selu_grad.cpp": (
        "hicann/ops-nn", "activation/selu_grad/examples/test_aclnn_selu_grad.cpp", OPS_NN,
        "f66b09e941fab961582926ff5cee5bca43089a69b2c04bc862b0b32b2f19f343"),
    "test_aclnn_shrink.cpp": (
        "hicann/ops-nn", "activation/shrink/examples/test_aclnn_shrink.cpp", OPS_NN,
        "ec44451296771fe446280422d536041960ef18db69fc5943e9f55542591ab25e"),
    "test_aclnn_sigmoid.cpp": (
        "hicann/ops-nn", "activation/sigmoid/examples/test_aclnn_sigmoid.cpp", OPS_NN,
        "e055bb2eec08e47cfcdb67bed09c8e282818936e7514b2a269a5c3f45804d59f"),
    "test_aclnn_soft_shrink_grad.cpp": (
        "hicann/ops-nn", "activation/soft_shrink_grad/examples/test_aclnn_soft_shrink_grad.cpp", OPS_NN,
        "ed735673d2c155fd39a1a40c7e57bc63950fe83993ed0c2b4da60d279d579b2d"),
    "test_aclnn_softplus.cpp": (
        "hicann/ops-nn", "activation/softplus_v2/examples/test_aclnn_softplus.cpp", OPS_NN,
        "c5df342bf547bad073705763cdc6f588be4220152cd404ee42451d3a5af8a545"),
    "test_aclnn_softplus_v2_grad.cpp": (
        "hicann/ops-nn", "activation/softplus_v2_grad/examples/test_aclnn_softplus_v2_grad.cpp", OPS_NN,
        "c4af1c71f2c1194569053816c5a515c90f6c79aa708b1bfc74286be9991bbfbb"),
    "test_aclnn_softshrink.cpp": (
        "hicann/ops-nn", "activation/softshrink/examples/test_aclnn_softshrink.cpp", OPS_NN,
        "b2bb49e44ca16dcc43eabf2bbb3443e4a78a048781a6d2b0a5437b4ea87a736d"),
    "test_aclnn_squared_relu.cpp": (
        "hicann/ops-nn", "activation/squared_relu/examples/test_aclnn_squared_relu.cpp", OPS_NN,
        "c5ce9957a3bade9ea1f40e2128d11612504c6c919da426ea69bc31cf4a76c48b"),
    "test_aclnn_swish.cpp": (
        "hicann/ops-nn", "activation/swish/examples/test_aclnn_swish.cpp", OPS_NN,
        "4d717c5c54f6ec7fe08c88bdb537d26ebc17528f181d180fffefb08caf8d0690"),
    "test_aclnn_swish_grad.cpp": (
        "hicann/ops-nn", "activation/swish_grad/examples/test_aclnn_swish_grad.cpp", OPS_NN,
        "d69cd4cf6e2328b168358cb9286ee1003fcac6b570efe9956c1f46a34719847e"),
    "test_aclnn_threshold.cpp": (
        "hicann/ops-nn", "activation/threshold/examples/test_aclnn_threshold.cpp", OPS_NN,
        "f96df62a66b661fcdd41d97940f16e3b4c2b7c2ca4482f5fdf51cc593db1c03a"),
    "test_aclnn_threshold_backward.cpp": (
        "hicann/ops-nn", "activation/threshold_grad_v2_d/examples/test_aclnn_threshold_backward.cpp", OPS_NN,
        "deaad8003e62789f7030f7d5cff042541be795de05cb4335174e4398d35c01aa"),
    # the examples/arch35/ programs that differ from their op's examples/ file
    "arch35_test_aclnn_selu_grad.cpp": (
        "hicann/ops-nn", "activation/selu_grad/examples/arch35/test_aclnn_selu_grad.cpp", OPS_NN,
        "7e02cd99c4334a52b7f2718799f4ed54aa4a2704f69900be52ad23bd0e341947"),
    "arch35_test_aclnn_soft_shrink_grad.cpp": (
        "hicann/ops-nn", "activation/soft_shrink_grad/examples/arch35/test_aclnn_soft_shrink_grad.cpp", OPS_NN,
        "8bfade1efdb69358b3a67e10882a44140cca8f0d11105676c0039dd68ab9b1d3"),
    # the softmax family
    "test_aclnn_softmax_v2.cpp": (
        "hicann/ops-nn", "activation/softmax_v2/examples/test_aclnn_softmax_v2.cpp", OPS_NN,
        "b0a2928dbd762290b84ca628e1b1a2877a4646d034f64db959c83a16e2298b67"),
    "test_aclnn_log_softmax_v2.cpp": (
        "hicann/ops-nn", "activation/log_softmax_v2/examples/test_aclnn_log_softmax_v2.cpp", OPS_NN,
        "4cab951b44496c47ade717bfd45e645eedb574e951d40f191ac521ed504f76fc"),
    "test_aclnn_log_softmax_grad.cpp": (
        "hicann/ops-nn", "activation/log_softmax_grad/examples/test_aclnn_log_softmax_grad.cpp", OPS_NN,
        "c16794c092af67b136943842041ff07e910c443e71c1e669db94f37933933d43"),
    "test_aclnn_cast.cpp": (
        "hicann/ops-math", "math/cast/examples/test_aclnn_cast.cpp", OPS_MATH,
        "7ab607b7653a22e0005b08046efdb22a6a356d1f8b3923711944d5adda0d4365"),
    "aclnn_cast_doc_example.cpp": (
        "hicann/ops-math", "math/cast/docs/aclnnCast.md (its C++ block with main)", OPS_MATH,
        "c2aee1e08f17476e2e9a3d3e6d64b82c231eaaf8b21fc3fa2140d9dfdf5b8bad"),
    # the gated units (split operands). Not vendored: activation/swi_glu_grad/
    # examples/test_aclnn_swi_glu_grad.cpp, whose outHostData holds 32 floats for its
    # (2, 32) out: its CreateAclTensor copies 64 from the vector, reading past its end
    "test_aclnn_glu.cpp": (
        "hicann/ops-nn", "activation/glu/examples/test_aclnn_glu.cpp", OPS_NN,
        "64355aa9ab5b32687d911622d96c6a6a46b71ce14ff2df3871cb0b772acf1699"),
    "test_aclnn_glu_backward.cpp": (
        "hicann/ops-nn", "activation/glu_grad/examples/test_aclnn_glu_backward.cpp", OPS_NN,
        "e5f1036a9ee8268af09d30cc207588f06e0ce863da300abb7997d99b8aacff43"),
    "test_aclnn_swi_glu.cpp": (
        "hicann/ops-nn", "activation/swi_glu/examples/test_aclnn_swi_glu.cpp", OPS_NN,
        "3235736729c21773a1d1f11a57536518b7789daf979190134f84b3bece2644db"),
    "test_aclnn_ge_glu.cpp": (
        "hicann/ops-nn", "activation/ge_glu_v2/examples/test_aclnn_ge_glu.cpp", OPS_NN,
        "49fe2249ad11bd0b9f3ec005ae7817879cd0d4777b05ae19e0644f850fb8a98f"),
    "test_aclnn_ge_glu_v3.cpp": (
        "hicann/ops-nn", "activation/ge_glu_v2/examples/test_aclnn_ge_glu_v3.cpp", OPS_NN,
        "f16db21dc69a55089fa805f8926fe75f40c24338fc99344905317be562354dc4"),
    "test_aclnn_ge_glu_backward.cpp": (
        "hicann/ops-nn", "activation/ge_glu_grad_v2/examples/test_aclnn_ge_glu_backward.cpp", OPS_NN,
        "b5a6baf30db238af465bd5e39b2d8c63d0f89692e5e3fbcf502cf2480a66c387"),
    "test_aclnn_ge_glu_v3_backward.cpp": (
        "hicann/ops-nn", "activation/ge_glu_grad_v2/examples/test_aclnn_ge_glu_v3_backward.cpp", OPS_NN,
        "6420ced502ef15c9cf075a835191a07baca6452730eb71a717a157ef34835937"),
    "test_aclnn_gelu_mul.cpp": (
        "hicann/ops-nn", "activation/gelu_mul/examples/test_aclnn_gelu_mul.cpp", OPS_NN,
        "edb038b4ab56342f3a0824aef9a2f730def8ba1e8dd846dc5469b9ced019e708"),
    "test_aclnn_fatrelu_mul.cpp": (
        "hicann/ops-nn", "activation/fatrelu_mul/examples/test_aclnn_fatrelu_mul.cpp", OPS_NN,
        "70378d6f59bcf79076cdd7dfd6752833c4477607d48e21d90f941f1a30078adb"),
    # Prelu and PreluBackward. Not vendored: activation/softmax_cross_entropy_with_logits/
    # examples/test_aclnn_softmax_cross_entropy_with_logits.cpp, whose loss and backprop
    # host vectors are int16_t (16 and 64 elements) created as ACL_FLOAT tensors: its
    # CreateAclTensor allocates and copies 2 bytes per element, so the op's float results
    # would be written past the ends of both device buffers (and read back past them)
    "test_aclnn_prelu.cpp": (
        "hicann/ops-nn", "activation/p_relu/examples/test_aclnn_prelu.cpp", OPS_NN,
        "6f2d79139a88c6754923ea1ed85b0461c3a9bd7e08ea64ef76bea802a7edc875"),
    "test_aclnn_prelu_backward.cpp": (
        "hicann/ops-nn", "activation/p_relu_grad_update/examples/test_aclnn_prelu_backward.cpp", OPS_NN,
        "650e29d25e48a0c359dcd5a678c5e6f114bba4f9205a5209f81a3a7d249f86d1"),
    # RReluWithNoise (+Inplace) and LogSigmoidForward (its never-written buffer)
    "test_aclnn_rrelu_with_noise.cpp": (
        "hicann/ops-nn", "activation/leaky_relu/examples/test_aclnn_rrelu_with_noise.cpp", OPS_NN,
        "99afc921c7ba9bd7e5b4abd888e49b75fc7b40c8326f02855b3d76709811d176"),
    "test_aclnn_logsigmoid_forward.cpp": (
        "hicann/ops-nn", "activation/log_sigmoid/examples/test_aclnn_logsigmoid_forward.cpp", OPS_NN,
        "f55f0c64893522fa129a5ef225ec6310e546445017c4631eb18f0847c6895ecb"),
    # ClippedSwiglu and ClippedSwigluV2: groupIndex {1} of a
    # (2, 32) x computes row 0; row 1 keeps the zeros out was created with
    "test_aclnn_clipped_swiglu.cpp": (
        "hicann/ops-nn", "activation/clipped_swiglu/examples/test_aclnn_clipped_swiglu.cpp", OPS_NN,
        "ee151121d90792dd53d01eb6f398072c8b78756cb53e6c6fb04045b2dc0d1742"),
    "test_aclnn_clipped_swiglu_v2.cpp": (
        "hicann/ops-nn", "activation/clipped_swiglu/examples/test_aclnn_clipped_swiglu_v2.cpp", OPS_NN,
        "d52c487177a05229835d1b0b52086e18ec64637d628d93f9457ce75b60f5eb0d"),
    # ClippedSwigluGrad: groupIndexOptional passed as nullptr
    "test_aclnn_clipped_swiglu_grad.cpp": (
        "hicann/ops-nn", "activation/clipped_swiglu_grad/examples/test_aclnn_clipped_swiglu_grad.cpp", OPS_NN,
        "72f15da57d5ab1baf7697a3ea675a1ff4f309f5b94a52d5d865d49034bd35ae0"),
    # the norm family: every printed output (LayerNorm's and GroupNorm's out, mean, rstd;
    # RmsNorm and AddRmsNorm print y alone). Their docs' calling examples are these
    # programs but for line breaks and comments. Not vendored, as they call no registered
    # API: norm/layer_norm_v4/examples/test_aclnn_layer_norm_with_impl_mode.cpp
    # (aclnnLayerNormWithImplMode) and test_aclnn_fast_layer_norm.cpp (aclnnFastLayerNorm),
    # norm/lp_norm_v2/examples/test_aclnn_LinalgVectorNorm.cpp (aclnnLinalgVectorNorm) and
    # norm/group_norm/examples/test_geir_group_norm.cpp (a graph-engine program, ge_api.h)
    "test_aclnn_rms_norm.cpp": (
        "hicann/ops-nn", "norm/rms_norm/examples/test_aclnn_rms_norm.cpp", OPS_NN,
        "ff1e9b3b5d7c5ef7db2fb516d896c795b1945063e6021c08f09e1bf5d1616486"),
    "test_aclnn_add_rms_norm.cpp": (
        "hicann/ops-nn", "norm/add_rms_norm/examples/test_aclnn_add_rms_norm.cpp", OPS_NN,
        "47750ce09c85c86ab6e67aa05e2e3d0740e83cc9ad590c11fb55bb7b4b88aaba"),
    "test_aclnn_layer_norm_v4.cpp": (
        "hicann/ops-nn", "norm/layer_norm_v4/examples/test_aclnn_layer_norm_v4.cpp", OPS_NN,
        "e1c4d889126b741ea9a813d846455e6684eaa4797ec4bb55e881512e9b75694e"),
    "test_aclnn_GroupNorm.cpp": (
        "hicann/ops-nn", "norm/group_norm/examples/test_aclnn_GroupNorm.cpp", OPS_NN,
        "e82ad1df50bc351edd9570f794274b9a6ccb31dce71e84838ffb6098528e9192"),
    "test_aclnn_norm.cpp": (
        "hicann/ops-nn", "norm/lp_norm_v2/examples/test_aclnn_norm.cpp", OPS_NN,
        "a6da4b76876f08c20127dff58c3e080a738cbc3df9ec36782d40423577124099"),
    # ops-math's examples of the registered math ops (unary, binary, scalar, clamp,
    # compare, fill, copy, arange). Not vendored: conversion/clip_by_value_v2/examples/
    # test_aclnn_clamp_max.cpp and test_aclnn_inplace_clamp_max.cpp (ClampMax and
    # InplaceClampMax; their docs' examples are the same programs), which copy INT32
    # results into a std::vector<float> and print them with %f: the floats whose bits are
    # 0..4 all print 0.000000, whatever the op computes, so their output checks nothing
    "test_aclnn_abs.cpp": (
        "hicann/ops-math", "math/abs/examples/test_aclnn_abs.cpp", OPS_MATH,
        "3b9d11928770fec9a57c1d2a6508cf5a3ab8a622ac4c63e62e7e668ba4adb85d"),
    "test_aclnn_neg.cpp": (
        "hicann/ops-math", "math/neg/examples/test_aclnn_neg.cpp", OPS_MATH,
        "6436ebe92c8d36c7ceb50a16f3a469fdcce84d17b1ec9707ef2351d2ea6bf99c"),
    "test_aclnn_inplace_neg.cpp": (
        "hicann/ops-math", "math/neg/examples/test_aclnn_inplace_neg.cpp", OPS_MATH,
        "0a14fe82db7fb8efe6834d8ddb6983b4e3fbdabbe0e07ea1b66a2d10fa75a7ab"),
    "test_aclnn_exp.cpp": (
        "hicann/ops-math", "math/exp/examples/test_aclnn_exp.cpp", OPS_MATH,
        "d8bd79f1199bd4a960e1382c81f2290512b5ae216b1f148d43012a20622c2ac4"),
    "test_aclnn_log.cpp": (
        "hicann/ops-math", "math/log/examples/test_aclnn_log.cpp", OPS_MATH,
        "66e131c50d6c13b06996f71740ba5964b0bc0eb246e7237166fd2de757d71c86"),
    "test_aclnn_inplace_log.cpp": (
        "hicann/ops-math", "math/log/examples/test_aclnn_inplace_log.cpp", OPS_MATH,
        "992313c77d1df06d45062faf2071107130bff9195bab5bf0d8a32ee995b441ef"),
    "test_aclnn_sqrt.cpp": (
        "hicann/ops-math", "math/sqrt/examples/test_aclnn_sqrt.cpp", OPS_MATH,
        "fb9cab8ba534b07480acafb7b4e3c80e5744d86aed64a500e937a47155060999"),
    "test_aclnn_sin.cpp": (
        "hicann/ops-math", "math/sin/examples/test_aclnn_sin.cpp", OPS_MATH,
        "7bdcaad6fa223bd956c71f562b5b6e928efb3913f8b71acaa30d0c3e2fdd8cae"),
    "test_aclnn_cos.cpp": (
        "hicann/ops-math", "math/cos/examples/test_aclnn_cos.cpp", OPS_MATH,
        "1df0d50453eb4c8f2ae075390f9e423ab4a1878825bb2a4d7f1ef60069717d84"),
    "test_aclnn_tanh.cpp": (
        "hicann/ops-math", "math/tanh/examples/test_aclnn_tanh.cpp", OPS_MATH,
        "37dd940a01c14ec71de83d34642eb6730c9c3b22226cb26f1d6f0074d1e514d5"),
    "test_aclnn_sign.cpp": (
        "hicann/ops-math", "math/sign/examples/test_aclnn_sign.cpp", OPS_MATH,
        "ba8a18465afedf0b772b12009263a7ce569f64617e8b4b034692aff3250e9f7e"),
    "test_aclnn_add.cpp": (
        "hicann/ops-math", "math/add/examples/test_aclnn_add.cpp", OPS_MATH,
        "00c265e75b25a56a0c27b99b1ecc5c4ac5541728d932a982e0e54b2d34eec48c"),
    "test_aclnn_inplace_add.cpp": (
        "hicann/ops-math", "math/add/examples/test_aclnn_inplace_add.cpp", OPS_MATH,
        "14df6d03ca2ae908819b66a9d2165546bdeab466c3042a4c150ce9793cdb63bf"),
    "test_aclnn_sub.cpp": (
        "hicann/ops-math", "math/sub/examples/test_aclnn_sub.cpp", OPS_MATH,
        "4fe7f4f85f00c46780e364c6ada6cca21a046f2f54924a354cd305b801531c53"),
    "test_aclnn_mul.cpp": (
        "hicann/ops-math", "math/mul/examples/test_aclnn_mul.cpp", OPS_MATH,
        "3efc732c4365abe5dfafd86af0e6f5203bf9fedbd42b7f7a34bcf102fc34c0e4"),
    "test_aclnn_inplace_mul.cpp": (
        "hicann/ops-math", "math/mul/examples/test_aclnn_inplace_mul.cpp", OPS_MATH,
        "799deb28d1bc23e588c935e09dd5607e9ced8fbc34c171a47220912e37241da9"),
    "test_aclnn_div.cpp": (
        "hicann/ops-math", "math/div/examples/test_aclnn_div.cpp", OPS_MATH,
        "6abfac2c477d8bc6ce0ebc5347dd97fe621c556f7178421b2a6b96bec7341750"),
    "test_aclnn_muls.cpp": (
        "hicann/ops-math", "math/muls/examples/test_aclnn_muls.cpp", OPS_MATH,
        "f5906e0fe2dbc323dd329477b6ed39bfa8d35169219380ea53a8c8cfb268f15f"),
    "test_aclnn_inplace_muls.cpp": (
        "hicann/ops-math", "math/muls/examples/test_aclnn_inplace_muls.cpp", OPS_MATH,
        "3d91c8f2d1b4d8622883a74a9b3fbe841fbe1fe097a39aa4ceece52e21225457"),
    "test_aclnn_clamp.cpp": (
        "hicann/ops-math", "conversion/clip_by_value_v2/examples/test_aclnn_clamp.cpp", OPS_MATH,
        "ed0d3b8163dce40a6072ab10e795350949d62db26d7e8240af9d463cde952c5b"),
    "test_aclnn_clamp_min.cpp": (
        "hicann/ops-math", "conversion/clip_by_value_v2/examples/test_aclnn_clamp_min.cpp", OPS_MATH,
        "cee660a08b38d8c4b13e5d6036809546056168e1808f3966f2b7a8e5debf8f84"),
    "test_aclnn_gt_scalar.cpp": (
        "hicann/ops-math", "math/greater/examples/test_aclnn_gt_scalar.cpp", OPS_MATH,
        "dcc63fca4759b94e6dad4d55b7751c74c42219fcbed3d885647a2a537ffdd758"),
    "test_aclnn_inplace_gt_scalar.cpp": (
        "hicann/ops-math", "math/greater/examples/test_aclnn_inplace_gt_scalar.cpp", OPS_MATH,
        "c8d93a350bdbc91bf16cc0402a133609db1d3ed3fb5d0be4c5edcaa45b816bd1"),
    "test_aclnn_view_copy.cpp": (
        "hicann/ops-math", "conversion/view_copy/examples/test_aclnn_view_copy.cpp", OPS_MATH,
        "3058614437155b492f7dfc094ec958d3172c8f6f90d3ce9d3f03fd6f84804749"),
    "test_aclnn_fill_scalar.cpp": (
        "hicann/ops-math", "conversion/fill/examples/test_aclnn_fill_scalar.cpp", OPS_MATH,
        "3a82df77fcfc987c2e57b1b7a9f417fa0ffe75574dfcfe38bebc44a36676227f"),
    "test_aclnn_zero.cpp": (
        "hicann/ops-math", "math/zero_op/examples/test_aclnn_zero.cpp", OPS_MATH,
        "095773c96a978ae80641d30915116431cfaa16efea40eb3de5e2c3a0cb838c72"),
    "test_aclnn_arange.cpp": (
        "hicann/ops-math", "math/range/examples/test_aclnn_arange.cpp", OPS_MATH,
        "667d2dfba2fae16fd9472be5613ba2189d09a38d259a9c29c3e8c6944e52166d"),
    # the docs' calling examples: of the scalar forms, which have no examples/ file, and
    # those that are other programs than the op's examples/ files (the others are those
    # files restyled: the same calls on the same data). Not vendored: aclnnGtScalar's
    # (math/greater/docs/aclnnGtScalar&aclnnInplaceGtScalar.md), whose `float otherValue`
    # is passed to aclCreateScalar as ACL_DOUBLE: 8 bytes are read from a 4-byte float, so
    # the scalar's upper half (sign, exponent) is whatever lies next to it on the stack
    "aclnn_adds_doc_example.cpp": (
        "hicann/ops-math", "math/add/docs/aclnnAdds.md (its C++ block with main)", OPS_MATH,
        "13a00a7fdbdbede9c093d5b12dfd533720438d7367d64ed4d0d29c4dbb851916"),
    "aclnn_inplace_adds_doc_example.cpp": (
        "hicann/ops-math", "math/add/docs/aclnnInplaceAdds.md (its C++ block with main)", OPS_MATH,
        "9358ba59e1c0930874202f8ef46ec04ce2e28431adaf88f0870f0d5ba5ea9420"),
    "aclnn_subs_doc_example.cpp": (
        "hicann/ops-math", "math/sub/docs/aclnnSubs&aclnnInplaceSubs.md (its C++ block with main)", OPS_MATH,
        "387d4079e714f3837d2f6e2e2c303a3cabe52a166d7643722a3523109be35e1f"),
    "aclnn_divs_doc_example.cpp": (
        "hicann/ops-math", "math/div/docs/aclnnDivs&aclnnInplaceDivs.md (its C++ block with main)", OPS_MATH,
        "13646653dca822f193edf749c5c362d8f985129cb663778a4e53a5a57e26f427"),
    "aclnn_add_doc_example.cpp": (
        "hicann/ops-math", "math/add/docs/aclnnAdd&aclnnInplaceAdd.md (its C++ block with main)", OPS_MATH,
        "f85c1a41e356b39287479749d551cc8d8d60826ce932f4710bc203766db00a7f"),
    "aclnn_log_doc_example.cpp": (
        "hicann/ops-math", "math/log/docs/aclnnLog&aclnnInplaceLog.md (the block calling aclnnLog)", OPS_MATH,
        "be80c67179036ee55d8215ff7dd66cc772c7dabd74dab8bc0ea9d13069168a5f"),
    "aclnn_inplace_log_doc_example.cpp": (
        "hicann/ops-math", "math/log/docs/aclnnLog&aclnnInplaceLog.md (the block calling aclnnInplaceLog)",
        OPS_MATH,
        "2c2002f874db91b0602ae6811b8aa54399fc61fd6d4c95c6be4f339267b0ce47"),
    "aclnn_inplace_gt_scalar_doc_example.cpp": (
        "hicann/ops-math",
        "math/greater/docs/aclnnGtScalar&aclnnInplaceGtScalar.md (the block calling aclnnInplaceGtScalar)",
        OPS_MATH,
        "7a0f211ee1f23192493e9fe7ed6ab69990eb5ee5fcf351ba8302742e7133db85"),
    "aclnn_clamp_min_doc_example.cpp": (
        "hicann/ops-math", "conversion/clip_by_value_v2/docs/aclnnClampMin.md (its C++ block with main)", OPS_MATH,
        "5f14f55ec5bf57374790f6445bdb2a89b2e28622082b8a91b1bd6314d709c8f3"),
    # Pow (PowTensorScalar + InplacePowTensorScalar, PowTensorTensor, PowScalarTensor's doc
    # example) and EqTensor, InplaceEqTensor
    "test_aclnn_pow.cpp": (
        "hicann/ops-math", "math/pow/examples/test_aclnn_pow.cpp", OPS_MATH,
        "1e6c7b7000db5532194c82abc525099bf5775dc436abf6c59f4320087beafa59"),
    "test_aclnn_pow_tensor_tensor.cpp": (
        "hicann/ops-math", "math/pow/examples/test_aclnn_pow_tensor_tensor.cpp", OPS_MATH,
        "2c09849b1ee8093cca005a357fd0b2f41ab6da01788dbadbdb4fac8fbcc592f5"),
    "aclnn_pow_scalar_tensor_doc_example.cpp": (
        "hicann/ops-math", "math/pow/docs/aclnnPowScalarTensor.md (its C++ block with main)", OPS_MATH,
        "a9a681fbf3c8a19dba269453f27c1de7cbf9452500a4965a1ae4942b4c47adb6"),
    "test_aclnn_eq_tensor.cpp": (
        "hicann/ops-math", "math/equal/examples/test_aclnn_eq_tensor.cpp", OPS_MATH,
        "fdeb02da5826a952a0132fbba375cf45e20b4ab896c11a031de298e88a8c6b07"),
    "test_aclnn_inplace_eq_tensor.cpp": (
        "hicann/ops-math", "math/equal/examples/test_aclnn_inplace_eq_tensor.cpp", OPS_MATH,
        "83c279d1c2282a8243497f0ca9babae3976778557d119297ce1b920cfb1e361e"),
    # the arithmetic reductions and the scan (ReduceSum, Mean, ArgMax, Cumsum)
    "test_aclnn_reduce_sum.cpp": (
        "hicann/ops-math", "math/reduce_sum/examples/test_aclnn_reduce_sum.cpp", OPS_MATH,
        "d6d78564a92193164c787fb76cb619ec049700d499791be74f8ba218a6817f17"),
    "test_aclnn_mean.cpp": (
        "hicann/ops-math", "math/reduce_mean/examples/test_aclnn_mean.cpp", OPS_MATH,
        "fedf5c9dd0ed241a07846ebaa2adb991effc86c212a8d4fad4804512aee9d073"),
    "test_aclnn_arg_max_v2.cpp": (
        "hicann/ops-math", "math/arg_max_v2/examples/test_aclnn_arg_max_v2.cpp", OPS_MATH,
        "f7727cedb664d5f14ac3643498993c39742ccce74cefce93891941a6e849eb86"),
    "test_aclnn_cumsum.cpp": (
        "hicann/ops-math", "math/cumsum/examples/test_aclnn_cumsum.cpp", OPS_MATH,
        "529f2c22d01c254e353cc4de0adafcc1f88ed03bc0f3dc93ec17bf7598d7b9f2"),
    # the layout, tensor-list, gather and scatter, pooling, convolution and sort examples
    "test_aclnn_cat.cpp": (
        "hicann/ops-math", "conversion/concat_d/examples/test_aclnn_cat.cpp", OPS_MATH,
        "a6f6685351bb8ea4d5fdd0accfda5a388486e42813b16db75e814ec6bdee3895"),
    "test_aclnn_reflection_pad_1d.cpp": (
        "hicann/ops-math", "conversion/mirror_pad/examples/test_aclnn_reflection_pad_1d.cpp", OPS_MATH,
        "6ec686ccbf3adcf1de551ce7c0fabf77dd852a041266049213c04c6a29f6ebf5"),
    "test_aclnn_constant_pad_nd.cpp": (
        "hicann/ops-math", "conversion/pad_v3/examples/test_aclnn_constant_pad_nd.cpp", OPS_MATH,
        "fd7498693778fe4f50740c245d3414e43cbde01ea7df3a13ba70b9b6204b3ff4"),
    "test_aclnn_roll.cpp": (
        "hicann/ops-math", "conversion/roll/examples/test_aclnn_roll.cpp", OPS_MATH,
        "6ddf65b28cbdc4a198576c0a981e9572892000eb134fbadc70f64c3ea99b5066"),
    "test_aclnn_slice.cpp": (
        "hicann/ops-math", "conversion/slice/examples/test_aclnn_slice.cpp", OPS_MATH,
        "a3ad2abc4944c034d75aee53f715e63753f239252f3297dcb8c1bc1d99a7c18b"),
    "test_aclnn_permute.cpp": (
        "hicann/ops-math", "conversion/transpose/examples/test_aclnn_permute.cpp", OPS_MATH,
        "b00a836a5d87cf2bc9269effb944da787fa82f292b954bd94c4ee7bc31ecb91b"),
    "test_aclnn_triu.cpp": (
        "hicann/ops-math", "conversion/triu/examples/test_aclnn_triu.cpp", OPS_MATH,
        "94e0c63006c6e5a8e88d3a2c50ccd8ae6d0863f29c765bf57864ef9926db4239"),
    "test_aclnn_argsort.cpp": (
        "hicann/ops-math", "math/sort/examples/test_aclnn_argsort.cpp", OPS_MATH,
        "ea001d123268394c7571751d1c65e2b49acbce9c6b64d2c0f3cc1a773def1092"),
    "test_aclnn_repeat.cpp": (
        "hicann/ops-math", "math/tile/examples/test_aclnn_repeat.cpp", OPS_MATH,
        "0ec9c68c7756a5c789df9af72130cf938c74c79a5647a61a194bf64301812d77"),
    "test_aclnn_triangular_solve.cpp": (
        "hicann/ops-math", "math/triangular_solve/examples/test_aclnn_triangular_solve.cpp", OPS_MATH,
        "598d5db48d4e8ebc3a9dd847900d1f730fa9022739beb0c51f043f366a1d4c3b"),
    "test_aclnn_conv2d_v2.cpp": (
        "hicann/ops-nn", "conv/conv2d_v2/examples/test_aclnn_conv2d_v2.cpp", OPS_NN,
        "acfd3e358f9362a55bd48439284d452273bd4aaa1bc70ceaf97720a5b855e9d5"),
    "test_aclnn_convolution_1d_transpose.cpp": (
        "hicann/ops-nn", "conv/convolution_forward/examples/test_aclnn_convolution_1d_transpose.cpp", OPS_NN,
        "3174e26e9d65fd768765b12446a63599fad08c5c5f2f71b908916a6d6625055a"),
    "test_aclnn_convolution_2d_transpose.cpp": (
        "hicann/ops-nn", "conv/convolution_forward/examples/test_aclnn_convolution_2d_transpose.cpp", OPS_NN,
        "7bacfb1c16717142e7d622580ef2ef5e9b546be10b95aafc89b2a98ae4c4721a"),
    "test_aclnn_gather_v2.cpp": (
        "hicann/ops-nn", "index/gather_v2/examples/test_aclnn_gather_v2.cpp", OPS_NN,
        "043936c9720a18c46e4dbff778ed2972b1ac1cb22d6e3e46457665602f7ddf49"),
    "test_aclnn_mm.cpp": (
        "hicann/ops-nn", "matmul/mat_mul_v3/examples/test_aclnn_mm.cpp", OPS_NN,
        "3f5648b4d19b5266ef3311f4182e4c455dc2ac67073972b2bf291e48cf95f1c7"),
    "test_aclnn_matmul.cpp": (
        "hicann/ops-nn", "matmul/mat_mul_v3/examples/test_aclnn_matmul.cpp", OPS_NN,
        "4e97c3b547c7e167d4828283817578f6aff48cc949c130aee638b753a008b74e"),
    "test_aclnn_batchmatmul.cpp": (
        "hicann/ops-nn", "matmul/batch_mat_mul_v3/examples/test_aclnn_batchmatmul.cpp", OPS_NN,
        "717bea301f31a6fa8827a697c1f34f5d2f0c6fb4c211bd53f7ddb270e1580359"),
    "test_aclnn_mv.cpp": (
        "hicann/ops-nn", "matmul/mv/examples/test_aclnn_mv.cpp", OPS_NN,
        "588f44809cdc5668d989cd50af24d1bb460b10547e3a30304f4ee96b7f1db39c"),
    "test_aclnn_weight_quant_batch_matmul_v2.cpp": (
        "hicann/ops-nn", "matmul/weight_quant_batch_matmul_v2/examples/test_aclnn_weight_quant_batch_matmul_v2.cpp",
        OPS_NN, "8fd8499c8eea986f55f556fa2f385ed8a0beeac0abdb292acff1dbd96e7a8ddd"),
    "test_aclnn_index_select.cpp": (
        "hicann/ops-nn", "index/gather_v2/examples/test_aclnn_index_select.cpp", OPS_NN,
        "f6088cb00f4b4a1d5a6d5baaf660bc80acf024639ad494307e98bf86936307d2"),
    "test_aclnn_repeat_interleave_int_with_dim.cpp": (
        "hicann/ops-nn", "index/repeat_interleave/examples/test_aclnn_repeat_interleave_int_with_dim.cpp", OPS_NN,
        "bd2fcbcf2a5eee2328ed6199445648bb02d8c75486ec9d1bd46ea1990f121dde"),
    "test_aclnn_inplace_index_copy.cpp": (
        "hicann/ops-nn", "index/scatter_update/examples/test_aclnn_inplace_index_copy.cpp", OPS_NN,
        "450b2fb0a3960aa0a92c59f38e4fdeb7564f45dd98fb2c51d5f361d6773a00fd"),
    "test_aclnn_avgpool2d.cpp": (
        "hicann/ops-nn", "pooling/avg_pool3_d/examples/test_aclnn_avgpool2d.cpp", OPS_NN,
        "2d772df9385f85c767f496ab1551dee29760f21aa75867c38c65e3301e72e5be"),
    "test_aclnn_max_pool.cpp": (
        "hicann/ops-nn", "pooling/max_pool_v3/examples/test_aclnn_max_pool.cpp", OPS_NN,
        "3c2144cfaca640b226aba6852c17eaeccd11d9f3d022ad12ddcb7e0a25c0543a"),
}


def cann_text(name):
    """The program as CANN publishes it: the file, less the provenance comment above a
    doc example's code block."""
    with open(os.path.join(EXAMPLES, name), "rb") as f:
        data = f.read()
    if name.endswith("_doc_example.cpp"):
        data = data[data.index(b"#include"):]
    return data


def test_vendored_examples_are_cann_s_text():
    assert sorted(os.listdir(EXAMPLES)) == sorted(list(SOURCES) + ["LICENSE", "README.md"])
    for name, (_, _, _, sha) in SOURCES.items():
        assert hashlib.sha256(cann_text(name)).hexdigest() == sha, name
    with open(os.path.join(EXAMPLES, "LICENSE")) as f:
        assert f.readline().strip() == "CANN Open Software License Agreement Version 2.0"
    readme = open(os.path.join(EXAMPLES, "README.md")).read()
    for name, (repo, path, commit, _) in SOURCES.items():
        assert name in readme and repo in readme and path.split(" ")[0] in readme and commit in readme


# -- CANN's build lines ---------------------------------------------------------------------
def ops_nn_line(source, exe, runtime_lib="ascendcl"):
    inc, lib = config.include_dir(), config.lib_dir()
    return [GXX, source, "-I", inc, "-I", inc + "/aclnnop", "-I", inc + "/aclnn", "-L", lib, "-L", lib,
            "-lopapi_nn", "-lopapi_math", "-l" + runtime_lib, "-lnnopbase", "-o", exe]


def ops_math_line(source, exe):
    inc, lib = config.include_dir(), config.lib_dir()
    return [GXX, source, "-I", inc, "-I", inc + "/aclnn", "-L", lib,
            "-lopapi_math", "-lascendcl", "-lnnopbase", "-o", exe]


def set_env():
    """The environment CANN's set_env.sh gives a program: its library folder on
    LD_LIBRARY_PATH; nothing else of this test run (no PYTHONPATH, no SoC override)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LD_LIBRARY_PATH", "ASCENDOPS_SOC")}
    env["LD_LIBRARY_PATH"] = config.lib_dir()
    return env


def build(line, cwd):
    """Runs a build line (asserting it succeeded); the program it made."""
    made = subprocess.run(line, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, "CANN's build line failed: %s\n%s" % (" ".join(line), made.stderr)
    return line[line.index("-o") + 1]


def build_and_run(line, cwd):
    exe = build(line, cwd)
    return subprocess.run([exe], cwd=cwd, env=set_env(), capture_output=True, text=True, timeout=120)


# -- what each program computes, read from its source ---------------------------------------
_C_TYPES = {"float": np.float32, "double": np.float64, "int": np.int32, "int32_t": np.int32,
            "int64_t": np.int64, "int16_t": np.int16, "int8_t": np.int8, "uint8_t": np.uint8,
            "uint16_t": np.uint16, "bool": np.bool_, "char": np.int8}
_ACL_DTYPES = {"ACL_FLOAT": np.float32, "ACL_DOUBLE": np.float64, "ACL_INT32": np.int32,
               "ACL_INT64": np.int64, "ACL_FLOAT16": np.float16, "ACL_BF16": ml_dtypes.bfloat16,
               "ACL_INT16": np.int16, "ACL_INT8": np.int8, "ACL_UINT8": np.uint8, "ACL_BOOL": np.bool_}
_OPS = {op.name: op for op in ascendops.registered_ops().values()}


def _c_value(text):
    text = text.strip()
    if text in ("true", "false"):
        return text == "true"
    return float(re.sub(r"(?<=[\d.])f$", "", text))


# Step functions some ops-math examples call from main() for their data and the op's call
# (test_aclnn_eq_tensor.cpp); each is read in place of its call, its parameters named as
# main's arguments are
_STEP_FUNCTIONS = ("CreateInputs", "ExecOpApi")


def _inline_steps(source, main):
    # and a function main calls for the whole test (the convolution examples' aclnnConvolutionTest,
    # WeightQuantBatchMatmulV2's AclnnWeightQuantBatchMatmulV2Test)
    tests = re.findall(r"\bret = ([Aa]clnn\w+Test)\(", main)
    for fn in _STEP_FUNCTIONS + tuple(tests):
        m = re.search(r"\b%s\([^()]*\)\s*\{" % fn, source)
        if m is None:
            continue
        depth, i = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(source[i], 0)
            i += 1
        body = source[m.end():i - 1]
        main = re.sub(r"\bret = %s\([^;]*\);" % fn, lambda _: body, main)
    return main


def _main_text(source):
    """main() of the program, comments dropped, whitespace collapsed (the helpers above it
    -- CreateAclTensor, Print*Result -- are CANN's boilerplate, not the op's data), the
    step functions it calls read in place (_STEP_FUNCTIONS)."""
    source = re.sub(r"//[^\n]*|/\*.*?\*/", "", source, flags=re.S)
    return re.sub(r"\s+", " ", _inline_steps(source, source[source.index("int main("):]))


def _c_expr(expr, values):
    """A C arithmetic expression of numbers and the program's variables: + - * / ( ),
    ceil and static_cast to a number type (float suffixes dropped; / divides as Python
    does: C's integer division is not modelled, the programs' sizes divide floats)."""
    py = re.sub(r"static_cast<(?:double|float)>", "float", expr)
    py = re.sub(r"static_cast<(?:int64_t|int32_t|int)>", "int", py)
    py = re.sub(r"(?<=[\d.])f\b", "", py)
    assert re.fullmatch(r"[\w.+\-*/() ]*", py), expr
    return eval(py, {"__builtins__": {}, "float": float, "int": int, "ceil": math.ceil}, values)


def _with_helpers(source, text):
    """main() (text) with each call of a helper of the program that makes tensors or
    scalars (ClampMin's PrepareInputAndOutput holds its data) replaced by the helper's
    body: main passes the variables its parameters are named after (checked)."""
    source = re.sub(r"//[^\n]*|/\*.*?\*/", "", source, flags=re.S)
    source = re.sub(r"\s+", " ", source[:source.index("int main(")])
    for m in re.finditer(r"\bint (\w+)\(([^()]*)\) ?\{", source):
        depth, end = 1, m.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(source[end], 0)
            end += 1
        body = source[m.end():end - 1]
        call = re.search(r"\b%s\(([^;]*)\);" % m.group(1), text)
        if call is None or ("CreateAclTensor(" not in body and "aclCreateScalar(" not in body):
            continue
        params = [p.split()[-1].lstrip("*&") for p in m.group(2).split(",")]
        args = [a.strip().lstrip("&") for a in call.group(1).split(",")]
        assert args == params, (m.group(1), args, params)
        text = text[:call.start()] + body + text[call.end():]
    return text


def expected_prints(source):
    """The values the program prints, in order, computed in float64 from what it writes:
    main() run statement by statement -- each CreateAclTensor (its host vector's bytes, C
    type as written, read as the aclDataType it is created with, in its shape; LayerNorm's
    CreateAclTensorMem copies the vector to a device address that its aclCreateTensorP
    then reads so), each aclCreateScalar (its host value as that aclDataType), each
    aclCreateIntArray / aclCreateIntArrayP (its host entries), each aclCreateTensorList (its
    tensors, by name, read when the op is called), each aclnn<Op>GetWorkspaceSize
    call (the op's float64 reference on the tensors' current values; an aclnnInplace<Op>
    writes its first tensor), each device-to-host aclrtMemcpy or Print*Result (the
    tensor behind that device address, as it is then). Returns (the ops called, values)."""
    text = _with_helpers(source, _main_text(source))
    values = {}     # plain C variables: numbers, bools, strings, aclScalars
    for ctype, name, value in re.findall(r"\b(float|double|int64_t|int32_t|int8_t|int|bool) (\w+) = ([-\w.]+);",
                                         text):
        values.setdefault(name, _c_value(value) if ctype in ("float", "double", "bool") else int(_c_value(value)))
    # aclDataType variables (ReduceSum's `auto dtype = aclDataType::ACL_FLOAT;`)
    for name, acl in re.findall(r"\b(?:aclDataType|auto) (\w+) = aclDataType::(\w+);", text):
        values.setdefault(name, _ACL_DTYPES[acl])
    # sizes computed from them (Arange's: ceil(static_cast<double>(endValue - startValue) / stepValue))
    for ctype, name, expr in re.findall(r"\b(double|int64_t) (\w+) = ((?:ceil|static_cast)\b[^;]*);", text):
        values.setdefault(name, _c_expr(expr, values) if ctype == "double" else int(_c_expr(expr, values)))
    for ctype, name, init in re.findall(r"std::vector<(\w+)> (\w+) = \{([^}]*)\};", text):
        values[name] = np.array([_c_expr(v, values) for v in init.split(",") if v.strip()], _C_TYPES[ctype])
    # a vector declared empty, assigned later (the convolution examples' convStrides = {1, 1, 1, 1};)
    for ctype, name in re.findall(r"std::vector<(\w+)> (\w+);", text):
        for init in re.findall(r"[;{}] %s = \{([^}]*)\};" % name, text):
            values[name] = np.array([_c_expr(v, values) for v in init.split(",") if v.strip()], _C_TYPES[ctype])
    # the helper GetShapeSize(shape) in a vector's size (Repeat's selfHostData(GetShapeSize(selfShape) * 2, 1)):
    # the product of the shape's entries
    text = re.sub(r"\bGetShapeSize\((\w+)\)", lambda m: str(int(np.prod(values[m.group(1)]))) if m.group(1) in values
                  else m.group(0), text)
    # (a binary literal: WeightQuantBatchMatmulV2's FLOAT16 bits 0b0011110000000000 in a uint16_t vector)
    for ctype, name, count, value in re.findall(r"std::vector<(\w+)> (\w+)\(([\w *]+), (0b[01]+|[-\d.]+)f?\);",
                                                text):
        if all(w in values for w in re.findall(r"[A-Za-z_]\w*", count)):     # not resultData(size, 0)
            number = int(value, 0) if value.startswith("0b") else float(value)
            values[name] = np.full(int(_c_expr(count, values)), number, _C_TYPES[ctype])
    # Mean's helper CreateAclIntArray(hostData, &intArray): the array of the vector's entries
    for host, name in re.findall(r"\bCreateAclIntArray\((\w+), &?(\w+)\);", text):
        values[name] = tuple(int(d) for d in values[host])
    # tensor lists (Cat's): aclCreateTensorList over a vector of the tensors, by name
    for name, init in re.findall(r"std::vector<aclTensor\*> (\w+)\{([^}]*)\};", text):
        values[name] = [a.strip() for a in init.split(",")]
    for name, host in re.findall(r"aclTensorList\* (\w+) = aclCreateTensorList\((\w+)\.data\(\), \w+\.size\(\)\);", text):
        values[name] = _TensorList(values[host])
    values.update(re.findall(r"char\* (\w+) = \"([^\"]*)\";", text))
    values.update(re.findall(r"char (\w+)\[\] = \"([^\"]*)\";", text))    # GeluMul's approximate
    tensors, devices, ops, printed = {}, {}, [], []
    event = re.compile(r"CreateAclTensor\(([^;]*)\);|(\w+) = aclCreateScalar\(&(\w+), aclDataType::(\w+)\);"
                       r"|aclnn(\w+)GetWorkspaceSize\(([^;]*)\);|aclrtMemcpy\(([^;]*)ACL_MEMCPY_DEVICE_TO_HOST\);"
                       r"|Print\w*Result\(([^;]*)\);"
                       r"|CreateAclTensorMem\((\w+), \w+, &(\w+)\);"
                       r"|aclCreateTensorP\((\w+), &(\w+), aclDataType::(\w+), &(\w+)\);"
                       r"|aclCreateIntArrayP\((\w+), &(\w+)\);|(\w+) = aclCreateIntArray\((\w+)\.data\(\), ([\w.()]+)\);")
    memory = {}     # CreateAclTensorMem's device addresses: the host vector copied there
    for m in event.finditer(text):
        if m.group(9) is not None:
            memory[m.group(10)] = values[m.group(9)]
        elif m.group(11) is not None:
            shape = values[m.group(11)].astype(np.int64)
            tensors[m.group(14)] = np.frombuffer(memory[m.group(12)].tobytes(), _ACL_DTYPES[m.group(13)])[
                :int(np.prod(shape))].reshape(tuple(shape))
            devices[m.group(12)] = m.group(14)
        elif m.group(15) is not None:
            values[m.group(16)] = tuple(int(d) for d in values[m.group(15)])
        elif m.group(17) is not None:
            count = m.group(19)     # a number, or the vector's .size() (ReduceSum's dimsData.size())
            count = len(values[count[:-len(".size()")]]) if count.endswith(".size()") else int(_c_expr(count, values))
            values[m.group(17)] = tuple(int(d) for d in values[m.group(18)][:count])
        elif m.group(1) is not None:
            args = [a.strip().lstrip("&") for a in m.group(1).split(",")]
            dtype = [a for a in args if a.startswith("aclDataType::")]
            assert len(dtype) == 1, args
            acl = _ACL_DTYPES[dtype[0][len("aclDataType::"):]]
            host, shape = values[args[0]], values[args[1]].astype(np.int64)
            data = np.frombuffer(host.tobytes(), acl)[:int(np.prod(shape))].reshape(tuple(shape))
            tensors[args[-1]] = data
            # the device address: the argument that is not the host data, shape, dtype or tensor
            dev = [a for a in args[2:-1] if a != dtype[0]]
            assert len(dev) == 1, args
            devices[dev[0]] = args[-1]
        elif m.group(2) is not None:
            values[m.group(2)] = _ACL_DTYPES[m.group(4)](values[m.group(3)]).item()
        elif m.group(5) is not None:
            ops.append(m.group(5))
            _run_call(m.group(5), [a.strip() for a in m.group(6).split(",")][:-2], tensors, values)
        else:
            args = [re.sub(r"\.get\(\)$", "", a.strip().lstrip("&")) for a in (m.group(7) or m.group(8)).split(",")]
            dev = [a for a in args if a in devices]
            assert len(dev) == 1, args
            printed.append(np.asarray(tensors[devices[dev[0]]], np.float64).ravel())
    return ops, np.concatenate(printed) if printed else np.zeros(0)


class _TensorList(list):
    """The tensor names of an aclCreateTensorList."""


def _run_call(name, args, tensors, values):
    """aclnn<name>(args...): the op's float64 reference (CANN's formula) on the current
    tensors, its result rounded to the output tensor's dtype and stored there."""
    op = _OPS[name]
    base = getattr(op, "base", None) or op
    assert len(args) == len(op.params), (name, args)
    ins, attrs, outs = [], [], []
    for p, a in zip(op.params, args):
        a = re.sub(r"\.get\(\)$", "", a)
        if p.kind == "input":
            ins.append(a)
        elif p.kind == "tensor_list":     # the listed tensors' current values
            attrs.append([np.asarray(tensors[t], np.float64) for t in values[a]])
        elif p.kind == "output":
            outs.append(a)
        elif a in values:
            attrs.append(values[a])
        elif a.startswith("aclDataType::"):
            attrs.append(_ACL_DTYPES[a[len("aclDataType::"):]])
        elif a == "nullptr":
            attrs.append(None)
        else:       # a literal: an integer stays one (Convolution's groups 1)
            attrs.append(int(a) if re.fullmatch(r"-?\d+", a) else _c_value(a))
    if base is not op:          # aclnnInplace<Op>: its first tensor is also the output
        outs = [ins[0]]
    reference = REFERENCES.get(base.name) or base.info["reference"]
    kwargs = {}
    if None in attrs:           # a null optional attribute (betaOptional): the default
        names = [p.py for p in base.params if not p.tensor]
        kwargs = {n: v for n, v in zip(names, attrs) if v is not None}
        attrs = []
    # a null optional input (ClippedSwigluGrad's groupIndexOptional): None; an index op's
    # integer tensors (GatherV2's index) stay integers, every other tensor is float64
    def arg(t):
        if t == "nullptr":
            return None
        a = np.asarray(tensors[t])
        keep = base.info.get("indexed") and np.issubdtype(a.dtype, np.integer)
        return a.astype(np.int64) if keep else a.astype(np.float64)
    result = reference(*[arg(t) for t in ins], *attrs, **kwargs)
    # several outputs (GeGlu's out, outGelu): the reference returns one result per output
    results = result if len(outs) > 1 else (result,)
    assert len(results) == len(outs), (name, outs)
    for name_out, res in zip(outs, results):
        out = tensors[name_out]
        with np.errstate(invalid="ignore", over="ignore"):
            tensors[name_out] = np.broadcast_to(np.asarray(res, np.float64), out.shape).astype(out.dtype)


def _sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


_erf = np.vectorize(math.erf, otypes=[np.float64])


def _f64(*arrays):
    return [np.asarray(a, np.float64) for a in arrays]


def _gelu_grad_erf(x):
    return 0.5 * (1.0 + _erf(x / math.sqrt(2.0))) + x * np.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)


def _gelu_grad_tanh(x):
    k = math.sqrt(2.0 / math.pi)
    t = np.tanh(k * (x + 0.044715 * x ** 3))
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3.0 * 0.044715 * x * x)


def _silu_backward(dy, x):
    dy, x = _f64(dy, x)
    s = _sigmoid(x)
    return dy * s * (1.0 + x * (1.0 - s))


def _silu(x):
    x, = _f64(x)
    return x * _sigmoid(x)


def _sigmoid_backward(dy, y):
    dy, y = _f64(dy, y)
    return dy * y * (1.0 - y)


def _gelu_backward(dy, x):
    dy, x = _f64(dy, x)
    return dy * _gelu_grad_erf(x)


def _gelu_backward_v2(dy, x, approximate):
    dy, x = _f64(dy, x)
    return dy * (_gelu_grad_tanh(x) if approximate == "tanh" else _gelu_grad_erf(x))


def _hardswish_backward(dy, x):
    # CANN's aclnnHardswishBackward doc: 0 below -3, x/3 + 0.5 on [-3, 3], 1 above 3
    dy, x = _f64(dy, x)
    return dy * np.where(x < -3, 0.0, np.where(x <= 3, x / 3.0 + 0.5, 1.0))


def _softmax_backward(dy, y, dim):
    dy, y = _f64(dy, y)
    return y * (dy - np.sum(dy * y, axis=int(dim), keepdims=True))


def _cast(x, dtype):
    return np.asarray(x).astype(dtype).astype(np.float64)


# The first registered ops' references, written here from CANN's docs; every other op's
# is its declaration's info["reference"] (a float64 formula, ascendops/ops/*.py).
REFERENCES = {"SiluBackward": _silu_backward, "Silu": _silu, "SigmoidBackward": _sigmoid_backward,
              "GeluBackward": _gelu_backward, "GeluBackwardV2": _gelu_backward_v2,
              "HardswishBackward": _hardswish_backward, "SoftmaxBackward": _softmax_backward,
              "Cast": _cast}


def _print_mat(values, m, n):
    """The entries WeightQuantBatchMatmulV2's PrintMat prints of an m x n matrix: rows and
    columns 0..2 and the last three, where there are more than five."""
    a, out = np.asarray(values).reshape(m, n), []
    i = 0
    while i < m:
        j = 0
        while j < n:
            out.append(a[i, j])
            if j == 2 and j + 3 < n:
                j = n - 4
            j += 1
        if i == 2 and i + 3 < m:
            i = m - 4
        i += 1
    return np.array(out)


# The entries a program prints of its values, where not all of them
ABRIDGED = {"test_aclnn_weight_quant_batch_matmul_v2.cpp": lambda e: _print_mat(e, 16, 16)}
# How a program prints its values: "...[i] is: %f" unless it says otherwise here
PRINTED = {"arch35_test_aclnn_selu_grad.cpp": r"\[\d+\] out=.* => NPU=(\S+)",
           # PrintMat's "[[v, v, v, ..., v]," rows ("%.1f")
           "test_aclnn_weight_quant_batch_matmul_v2.cpp": r"(-?\d+\.\d+)(?=[,\]])",
           # aclnnInplaceSubs' results as "i acos(self) = result"
           "aclnn_subs_doc_example.cpp": r"(?:\[\d+\] is:|\d+ acos\(\S+\) =) (\S+)"}


def check_printed_values(name, stdout):
    ops, expected = expected_prints(cann_text(name).decode())
    # a program that prints only the first values (the transposed convolutions' printSize = size > 10 ? 10 : size)
    limit = re.search(r"\bprintSize = size > (\d+) \? \1 : size;", cann_text(name).decode())
    if limit:
        expected = expected[:int(limit.group(1))]
    if name in ABRIDGED:
        expected = ABRIDGED[name](expected)
    got = [float(v) for v in re.findall(PRINTED.get(name, r"\[\d+\] is: (\S+)"), stdout)]
    assert len(got) == expected.size, stdout
    # %f prints 6 decimals (half a unit of the last one), the float32 results within the
    # 16 ulps the harness allows their kernels
    np.testing.assert_allclose(got, expected, rtol=16 * 2.0 ** -23, atol=1.5e-6, err_msg=stdout)
    return ops, expected


def example_op(name):
    """The registered op whose aclnn<Op>GetWorkspaceSize the example calls first."""
    return _OPS[re.search(r"aclnn(\w+)GetWorkspaceSize\(", _main_text(cann_text(name).decode())).group(1)]


def example_params():
    """Every example; in the plain run those of one op of each class (ao_test_helpers.op_class:
    what the C ABI and the strict device do per op depends on its kind, not its kernel,
    which tests/ops checks op by op), all with ASCENDOPS_SLOW_TESTS=1. GeluBackward's
    example calls it with an INT32 gradOutput and a FLOAT self: CANN's PromoteType gives
    FLOAT, CheckPromoteTypeGeluBackward checks only that, and the INT32 input is cast to
    it before the kernel (tests/ops/test_promotion.py)."""
    names = sorted(SOURCES)
    op_of = {n: example_op(n) for n in names}      # each example's source read once
    return by_kind(names, {op.snake: op for op in op_of.values()}, key=lambda n: op_of[n].snake, kind=op_class,
                   ids=lambda n: n[:-4])


def build_example(name, folder):
    """The example, unchanged, built with its repository's build line in `folder`: the
    path of the program (asserting the build succeeded)."""
    source = os.path.join(folder, name)
    with open(source, "wb") as f:
        f.write(cann_text(name))
    exe = os.path.join(folder, name[:-4])
    line = ops_math_line(source, exe) if SOURCES[name][0] == "hicann/ops-math" else ops_nn_line(source, exe)
    return build(line, folder)


@needs_gxx
@pytest.mark.parametrize("name", example_params())
def test_official_example_with_cann_s_build_line(name, example_program):
    """Each example, unchanged, with its repository's build line; it exits 0 and prints the
    op's values for the inputs written in it."""
    exe = example_program(name)
    r = subprocess.run([exe], cwd=os.path.dirname(exe), env=set_env(), capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    check_printed_values(name, r.stdout)


@needs_gxx
@pytest.mark.parametrize("runtime_lib", ["acl_rt", "ascendcl"])
def test_ops_nn_line_with_either_runtime_library(runtime_lib, tmp_path):
    """ops-nn's build.sh links -lacl_rt where CANN has no libascendcl.so; and ops-math's
    example builds with ops-nn's line too (CANN's ops-nn line is the one most programs copy)."""
    for name in ("test_aclnn_cast.cpp", "test_aclnn_softmax_grad.cpp"):
        exe = str(tmp_path / (name[:-4] + "_" + runtime_lib))
        r = build_and_run(ops_nn_line(os.path.join(EXAMPLES, name), exe, runtime_lib), str(tmp_path))
        assert r.returncode == 0, r.stdout + r.stderr
        check_printed_values(name, r.stdout)


# -- CANN's library names -------------------------------------------------------------------
CANN_LIBRARIES = ("ascendcl", "acl_rt", "nnopbase", "opapi", "opapi_nn", "opapi_math")


def test_cann_library_names_are_linker_scripts_for_libascendops():
    """Regular files (a wheel stores a symlink as a copy of the library, and a program
    linked against copies would load several libascendops.so), each linking -lascendops."""
    for name in CANN_LIBRARIES:
        path = os.path.join(config.lib_dir(), "lib%s.so" % name)
        assert os.path.isfile(path) and not os.path.islink(path), path
        with open(path) as f:
            text = f.read()
        assert re.sub(r"/\*.*?\*/", "", text, flags=re.S).split() == ["INPUT(-lascendops)"], text


@needs_gxx
def test_programs_need_libascendops_once_and_no_cann_name(tmp_path):
    """Linked with all of CANN's names, the program needs libascendops.so alone (one copy
    of the runtime); without LD_LIBRARY_PATH (CANN's line has no rpath) it does not start,
    as a CANN program does not without set_env.sh."""
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf is not installed (binutils)")
    inc, lib = config.include_dir(), config.lib_dir()
    exe = str(tmp_path / "silu_grad")
    line = [GXX, os.path.join(EXAMPLES, "test_aclnn_silu_grad.cpp"), "-I", inc, "-I", inc + "/aclnnop",
            "-L", lib] + ["-l" + n for n in CANN_LIBRARIES] + ["-o", exe]
    made = subprocess.run(line, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    dynamic = subprocess.run([readelf, "-d", exe], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\).*\[(.*)\]", dynamic)
    assert "libascendops.so" in needed
    assert not [n for n in needed if any(n == "lib%s.so" % c for c in CANN_LIBRARIES)], needed
    env = set_env()
    del env["LD_LIBRARY_PATH"]
    r = subprocess.run([exe], cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode != 0 and "libascendops.so" in r.stderr
    r = subprocess.run([exe], cwd=str(tmp_path), env=set_env(), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    check_printed_values("test_aclnn_silu_grad.cpp", r.stdout)


@needs_gxx
def test_installed_layout(tmp_path):
    """The package as pip lays it out (site/ascendops with include/ and lib/ inside): CANN's
    line pointed at its --includedir and --libdir works there too (the scripts name
    -lascendops, found on the same -L path: nothing absolute)."""
    import ascendops
    site = tmp_path / "site"
    pkg = site / "ascendops"
    shutil.copytree(os.path.dirname(ascendops.__file__), str(pkg),
                    ignore=shutil.ignore_patterns("__pycache__", "*.c", "*.pyx", "*.pxi", "*.pxd", "*.h"))
    shutil.copytree(config.include_dir(), str(pkg / "include"), dirs_exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(site))
    dirs = subprocess.run([sys.executable, "-m", "ascendops.config", "--includedir", "--libdir"], env=env,
                          cwd="/", capture_output=True, text=True, check=True).stdout.split()
    assert dirs == [str(pkg / "include"), str(pkg / "lib")]
    inc, lib = dirs
    exe = str(tmp_path / "cast")
    line = [GXX, os.path.join(EXAMPLES, "test_aclnn_cast.cpp"), "-I", inc, "-I", inc + "/aclnnop",
            "-L", lib, "-lopapi_nn", "-lopapi_math", "-lascendcl", "-lnnopbase", "-o", exe]
    made = subprocess.run(line, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    run_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ASCENDOPS_SOC")}
    run_env["LD_LIBRARY_PATH"] = lib
    r = subprocess.run([exe], cwd=str(tmp_path), env=run_env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    check_printed_values("test_aclnn_cast.cpp", r.stdout)


# -- acl/acl.h's error codes ----------------------------------------------------------------
# Every `static const int ACL_ERROR_*` (and ACL_SUCCESS) of hicann/runtime
# include/external/acl/acl_base_rt.h, commit 681ef7610df13c8128982901142a2c869ddbb53e, in order.
ACL_BASE_RT_CODES = [
    ("ACL_ERROR_NONE", 0), ("ACL_SUCCESS", 0),
    ("ACL_ERROR_INVALID_PARAM", 100000), ("ACL_ERROR_UNINITIALIZE", 100001),
    ("ACL_ERROR_REPEAT_INITIALIZE", 100002), ("ACL_ERROR_INVALID_FILE", 100003),
    ("ACL_ERROR_WRITE_FILE", 100004), ("ACL_ERROR_INVALID_FILE_SIZE", 100005),
    ("ACL_ERROR_PARSE_FILE", 100006), ("ACL_ERROR_FILE_MISSING_ATTR", 100007),
    ("ACL_ERROR_FILE_ATTR_INVALID", 100008), ("ACL_ERROR_INVALID_DUMP_CONFIG", 100009),
    ("ACL_ERROR_INVALID_PROFILING_CONFIG", 100010), ("ACL_ERROR_INVALID_MODEL_ID", 100011),
    ("ACL_ERROR_DESERIALIZE_MODEL", 100012), ("ACL_ERROR_PARSE_MODEL", 100013),
    ("ACL_ERROR_READ_MODEL_FAILURE", 100014), ("ACL_ERROR_MODEL_SIZE_INVALID", 100015),
    ("ACL_ERROR_MODEL_MISSING_ATTR", 100016), ("ACL_ERROR_MODEL_INPUT_NOT_MATCH", 100017),
    ("ACL_ERROR_MODEL_OUTPUT_NOT_MATCH", 100018), ("ACL_ERROR_MODEL_NOT_DYNAMIC", 100019),
    ("ACL_ERROR_OP_TYPE_NOT_MATCH", 100020), ("ACL_ERROR_OP_INPUT_NOT_MATCH", 100021),
    ("ACL_ERROR_OP_OUTPUT_NOT_MATCH", 100022), ("ACL_ERROR_OP_ATTR_NOT_MATCH", 100023),
    ("ACL_ERROR_OP_NOT_FOUND", 100024), ("ACL_ERROR_OP_LOAD_FAILED", 100025),
    ("ACL_ERROR_UNSUPPORTED_DATA_TYPE", 100026), ("ACL_ERROR_FORMAT_NOT_MATCH", 100027),
    ("ACL_ERROR_BIN_SELECTOR_NOT_REGISTERED", 100028), ("ACL_ERROR_KERNEL_NOT_FOUND", 100029),
    ("ACL_ERROR_BIN_SELECTOR_ALREADY_REGISTERED", 100030), ("ACL_ERROR_KERNEL_ALREADY_REGISTERED", 100031),
    ("ACL_ERROR_INVALID_QUEUE_ID", 100032), ("ACL_ERROR_REPEAT_SUBSCRIBE", 100033),
    ("ACL_ERROR_STREAM_NOT_SUBSCRIBE", 100034), ("ACL_ERROR_THREAD_NOT_SUBSCRIBE", 100035),
    ("ACL_ERROR_WAIT_CALLBACK_TIMEOUT", 100036), ("ACL_ERROR_REPEAT_FINALIZE", 100037),
    ("ACL_ERROR_NOT_STATIC_AIPP", 100038), ("ACL_ERROR_COMPILING_STUB_MODE", 100039),
    ("ACL_ERROR_GROUP_NOT_SET", 100040), ("ACL_ERROR_GROUP_NOT_CREATE", 100041),
    ("ACL_ERROR_PROF_ALREADY_RUN", 100042), ("ACL_ERROR_PROF_NOT_RUN", 100043),
    ("ACL_ERROR_DUMP_ALREADY_RUN", 100044), ("ACL_ERROR_DUMP_NOT_RUN", 100045),
    ("ACL_ERROR_PROF_REPEAT_SUBSCRIBE", 148046), ("ACL_ERROR_PROF_API_CONFLICT", 148047),
    ("ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG", 148048), ("ACL_ERROR_INVALID_OPP_PATH", 148049),
    ("ACL_ERROR_OP_UNSUPPORTED_DYNAMIC", 148050), ("ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED", 148051),
    ("ACL_ERROR_UNSUPPORTED_JPEG", 148052), ("ACL_ERROR_INVALID_BUNDLE_MODEL_ID", 148053),
    ("ACL_ERROR_BAD_ALLOC", 200000), ("ACL_ERROR_API_NOT_SUPPORT", 200001),
    ("ACL_ERROR_INVALID_DEVICE", 200002), ("ACL_ERROR_MEMORY_ADDRESS_UNALIGNED", 200003),
    ("ACL_ERROR_RESOURCE_NOT_MATCH", 200004), ("ACL_ERROR_INVALID_RESOURCE_HANDLE", 200005),
    ("ACL_ERROR_FEATURE_UNSUPPORTED", 200006), ("ACL_ERROR_PROF_MODULES_UNSUPPORTED", 200007),
    ("ACL_ERROR_STORAGE_OVER_LIMIT", 300000),
    ("ACL_ERROR_INTERNAL_ERROR", 500000), ("ACL_ERROR_FAILURE", 500001),
    ("ACL_ERROR_GE_FAILURE", 500002), ("ACL_ERROR_RT_FAILURE", 500003),
    ("ACL_ERROR_DRV_FAILURE", 500004), ("ACL_ERROR_PROFILING_FAILURE", 500005),
]


def test_acl_h_has_every_error_code_of_cann_s_runtime_header():
    """Regression: acl.h had 11 of these; test_aclnn_cast.cpp returns ACL_ERROR_FAILURE and
    did not compile. The values as the preprocessor sees them (no compiler needed)."""
    assert len(ACL_BASE_RT_CODES) == 71
    with open(os.path.join(config.include_dir(), "acl", "acl.h")) as f:
        header = f.read()
    defined = dict(re.findall(r"^#define (ACL_(?:ERROR_\w+|SUCCESS)) (-?\d+)$", header, re.M))
    missing = [n for n, _ in ACL_BASE_RT_CODES if n not in defined]
    assert not missing, missing
    wrong = [(n, defined[n], v) for n, v in ACL_BASE_RT_CODES if int(defined[n]) != v]
    assert not wrong, wrong


@needs_gxx
def test_acl_h_error_codes_compile_to_cann_s_values(tmp_path):
    """The same table through the compiler, as C++ and as C (gcc through g++ -x c)."""
    body = "".join('    printf("%s %%d\\n", (int)%s);\n' % (n, n) for n, _ in ACL_BASE_RT_CODES)
    for lang, std in (("c++", "-std=c++11"), ("c", "-std=c11")):
        src = tmp_path / ("codes." + ("cpp" if lang == "c++" else "c"))
        src.write_text('#include <stdio.h>\n#include "acl/acl.h"\nint main(void) {\n%s    return 0;\n}\n' % body)
        exe = str(tmp_path / ("codes_" + lang.replace("+", "x")))
        made = subprocess.run([GXX, "-x", lang, std, "-Wall", "-Werror", str(src), "-I", config.include_dir(),
                               "-o", exe], capture_output=True, text=True, timeout=120)
        assert made.returncode == 0, made.stderr
        out = subprocess.run([exe], capture_output=True, text=True, timeout=60, check=True).stdout
        assert [tuple(l.split()) for l in out.splitlines()] == [(n, str(v)) for n, v in ACL_BASE_RT_CODES]


# -- docs/c-api.md ----------------------------------------------------------------------------
@needs_gxx
def test_doc_build_line_snippet(tmp_path):
    """docs/c-api.md's "CANN's own build line" snippet, verbatim but for the python it runs,
    in a folder holding the example it names."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    with open(os.path.join(os.path.dirname(os.path.dirname(HERE)), "docs", "c-api.md")) as f:
        doc = f.read()
    section = doc[doc.index("## CANN's own build line"):]
    snippet = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    assert snippet.count("python -m ascendops.config") == 2
    snippet = snippet.replace("python -m ascendops.config", "%s -m ascendops.config" % sys.executable)
    shutil.copy(os.path.join(EXAMPLES, "test_aclnn_silu_grad.cpp"), str(tmp_path))
    env = {k: v for k, v in os.environ.items() if k not in ("LD_LIBRARY_PATH", "ASCENDOPS_SOC")}
    # the python that runs the tests finds this ascendops (an in-place build or installed)
    import ascendops
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(ascendops.__file__)))
    r = subprocess.run([bash, "-e", "-c", snippet], cwd=str(tmp_path), env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    check_printed_values("test_aclnn_silu_grad.cpp", r.stdout)
