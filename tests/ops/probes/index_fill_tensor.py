"""Probes of aclnnInplaceIndexFillTensor (ascendops/ops/index_fill_tensor.py)."""
import numpy as np

from probes import Probe, f

SOURCE = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921",
          "experimental/index/index_fill/op_api/aclnn_index_fill_tensor.cpp")
OP = "InplaceIndexFillTensor"
X = f((3, 4))
V = np.float32(1.5)

PROBES = [
    Probe("null selfRef", [None], [0, [0], V], [], 161001, "CheckNotNull: OP_CHECK_NULL(self)"),
    Probe("null index", [X], [0, None, V], [], 161001, "CheckNotNull: OP_CHECK_NULL(index)"),
    Probe("null value", [X], [0, [0], None], [], 161001, "CheckNotNull: OP_CHECK_NULL(value)"),
    Probe("float32", [X], [0, [0, 2], V], [], 0, "DTYPE_910B_SUPPORT_LIST: DT_FLOAT"),
    Probe("int8 on Ascend910B", [f((3, 4), "INT8")], [0, [1], np.int32(3)], [], 0, "DTYPE_910B_SUPPORT_LIST: DT_INT8"),
    Probe("int8 on Ascend950", [f((3, 4), "INT8")], [0, [1], np.int32(3)], [], 161002,
          "CheckDtypeValid: DTYPE_SUPPORT_LIST (not 910B/910_93) has no DT_INT8", soc="Ascend950"),
    Probe("double on Ascend910B", [f((3, 4), "DOUBLE")], [0, [1], V], [], 0, "DTYPE_910B_SUPPORT_LIST: DT_DOUBLE"),
    Probe("uint16", [f((3, 4), "UINT16")], [0, [1], V], [], 161002, "CheckDtypeValid: no DT_UINT16"),
    Probe("complex64", [f((3, 4), "COMPLEX64")], [0, [1], V], [], 161002, "CheckDtypeValid: no DT_COMPLEX64"),
    Probe("9-d selfRef", [f((1,) * 9)], [0, [0], V], [], 161002, "CheckShape: OP_CHECK_MAX_DIM(self, 8)"),
    Probe("empty selfRef, dim out of range", [f((2, 0))], [5, [7], V], [], 0,
          "CheckShape: an empty self passes"),
    Probe("dim 2 of 2-d", [X], [2, [0], V], [], 161002, "CheckShape: dim >= selfDim"),
    Probe("dim -3 of 2-d", [X], [-3, [0], V], [], 161002, "CheckShape: dim < -selfDim"),
    Probe("dim -2 of 2-d", [X], [-2, [0], V], [], 0, "CheckShape: dim >= -selfDim"),
    Probe("0-d selfRef, dim 0", [f(())], [0, [0], V], [], 0, "CheckShape: dim == 0 is never > selfDim"),
    Probe("0-d selfRef, dim -1, index -1", [f(())], [-1, [-1], V], [], 0, "CheckShape: dim >= -1, dimSize 1"),
    Probe("0-d selfRef, dim 1", [f(())], [1, [0], V], [], 161002, "CheckShape: dim != 0 and dim >= 0"),
    Probe("0-d selfRef, dim -2", [f(())], [-2, [0], V], [], 161002, "CheckShape: dim < -1 for a 0-d self"),
    Probe("0-d selfRef, index 1", [f(())], [0, [1], V], [], 161002, "CheckShape: index >= dimSize 1"),
    Probe("index = size", [X], [1, [0, 4], V], [], 161002, "CheckShape: index >= dimSize"),
    Probe("index = -size", [X], [1, [-4], V], [], 0, "CheckShape: index >= -dimSize"),
    Probe("index < -size", [X], [1, [-5], V], [], 161002, "CheckShape: index < -dimSize"),
    Probe("empty index", [X], [1, [], V], [], 0, "index->Size() == 0: success"),
    Probe("complex value", [X], [1, [0], np.complex64(1 + 2j)], [], 161002, "CheckPromoteType: IsComplexType"),
    Probe("complex value, bad index", [X], [1, [9], np.complex64(1)], [], 161002,
          "CheckShape before CheckPromoteType"),
    Probe("bad dtype and bad dim", [f((3, 4), "UINT16")], [5, [0], V], [], 161002, "CheckDtypeValid first"),
]

DOC_SOURCE = [
    "InplaceIndexFillTensor: ops-nn has two experimental sources of this header (experimental/index/index_fill "
    "and index_fill_d, the same prototype); index_fill_d's doc lists INT64 but its op_api's DAV_2201 list (INT32, "
    "FLOAT16, FLOAT, BOOL, BF16) has none, while index_fill's op_api lists and doc agree (FLOAT16, FLOAT, DOUBLE, "
    "INT8, UINT8, INT16, INT32, INT64, BOOL, BF16 on 910B/910_93): index_fill is the one modelled",
]
