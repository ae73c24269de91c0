// Checks of ascendops' C API beyond CANN's documentation example: error codes of the
// runtime and of aclnn, aclCreateTensor with non-contiguous strides and offsets, a
// repeatable executor re-pointed with aclSetInputTensorAddr, an output overlapping its
// input (the workspace path), BF16, empty tensors, the tensor getters and calls from
// several threads at once. Status checks are made here ("CHECK ok|FAIL name got expected");
// computed values are printed as "VAL tag dy x out" for tests/capi/test_capi.py to
// compare with a float64 reference. The last line is "DONE <failures>".
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <thread>
#include <vector>
#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_silu_backward.h"

static int failures = 0;

static void check(const char *name, long got, long expected) {
  if (got != expected) failures++;
  printf("CHECK %s %s got %ld expected %ld\n", got == expected ? "ok" : "FAIL", name, got, expected);
}

static void *dev_alloc(size_t bytes) {
  void *p = nullptr;
  aclError rc = aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  check("aclrtMalloc", rc, ACL_SUCCESS);
  return p;
}

static uint16_t f32_to_bf16(float f) {  // round to nearest even
  uint32_t u;
  memcpy(&u, &f, 4);
  u += 0x7FFF + ((u >> 16) & 1);
  return (uint16_t)(u >> 16);
}

static float bf16_to_f32(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

int main() {
  aclrtStream stream = nullptr;
  // -- runtime ------------------------------------------------------------------------
  check("aclInit", aclInit(nullptr), ACL_SUCCESS);
  check("aclInit twice", aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  check("aclrtSetDevice(1)", aclrtSetDevice(1), ACL_ERROR_INVALID_DEVICE);
  check("aclrtSetDevice(-1)", aclrtSetDevice(-1), ACL_ERROR_INVALID_DEVICE);
  check("aclrtSetDevice(0)", aclrtSetDevice(0), ACL_SUCCESS);
  int32_t dev = -1;
  check("aclrtGetDevice", aclrtGetDevice(&dev), ACL_SUCCESS);
  check("device id", dev, 0);
  check("aclrtGetDevice(null)", aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM);
  check("aclrtCreateStream(null)", aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM);
  check("aclrtCreateStream", aclrtCreateStream(&stream), ACL_SUCCESS);
  check("aclrtDestroyStream(null)", aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM);

  void *p = nullptr;
  check("aclrtMalloc(null)", aclrtMalloc(nullptr, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  check("aclrtMalloc(size 0)", aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
  check("aclrtMalloc(bad policy)", aclrtMalloc(&p, 16, (aclrtMemMallocPolicy)99), ACL_ERROR_INVALID_PARAM);
  check("aclrtMalloc(2^61 bytes)", aclrtMalloc(&p, (size_t)1 << 61, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_BAD_ALLOC);
  p = dev_alloc(10);  // padded: ceil(10 / 32) * 32 + 32 = 64 bytes
  check("aclrtMalloc 32-byte aligned", (long)((uintptr_t)p % 32), 0);
  check("aclrtMemset whole padded block", aclrtMemset(p, 64, 0x5A, 64), ACL_SUCCESS);
  check("aclrtMemset past the block", aclrtMemset(p, 65, 0, 65), ACL_ERROR_INVALID_PARAM);
  check("aclrtMemset count > maxCount", aclrtMemset(p, 8, 0, 9), ACL_ERROR_INVALID_PARAM);
  unsigned char host[128];
  memset(host, 0, sizeof host);
  check("aclrtMemcpy unknown kind", aclrtMemcpy(host, 64, p, 64, (aclrtMemcpyKind)7), ACL_ERROR_INVALID_PARAM);
  check("aclrtMemcpy count > destMax", aclrtMemcpy(host, 8, p, 16, ACL_MEMCPY_DEVICE_TO_HOST),
        ACL_ERROR_INVALID_PARAM);
  check("aclrtMemcpy D2H past the block", aclrtMemcpy(host, 128, p, 65, ACL_MEMCPY_DEVICE_TO_HOST),
        ACL_ERROR_INVALID_PARAM);
  check("aclrtMemcpy D2H from host memory", aclrtMemcpy(host, 16, host + 64, 16, ACL_MEMCPY_DEVICE_TO_HOST),
        ACL_ERROR_INVALID_PARAM);
  check("aclrtMemcpy null", aclrtMemcpy(nullptr, 16, p, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
  check("aclrtMemcpy D2H", aclrtMemcpy(host, 128, p, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  check("memset value arrived", host[63], 0x5A);
  // a tensor over the block, then the block freed: a tensor over its address is refused
  // (the lookup of recent blocks forgets a freed one); counts that overflow int64 are
  // refused, not wrapped into a small view
  int64_t four[1] = {4}, huge[2] = {(int64_t)1 << 62, 4}, two[2] = {2, 2}, far[2] = {(int64_t)1 << 62, 1};
  aclTensor *in_p = aclCreateTensor(four, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, four, 1, p);
  check("aclCreateTensor over a live block", in_p != nullptr, 1);
  check("aclCreateTensor storage bytes past int64",
        aclCreateTensor(four, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, huge, 2, p) == nullptr, 1);
  check("aclCreateTensor view elements past int64",
        aclCreateTensor(huge, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, four, 1, p) == nullptr, 1);
  check("aclCreateTensor view reach past int64",
        aclCreateTensor(two, 2, ACL_FLOAT, far, (int64_t)1 << 62, ACL_FORMAT_ND, four, 1, p) == nullptr, 1);
  check("aclDestroyTensor(in_p)", aclDestroyTensor(in_p), ACLNN_SUCCESS);
  check("aclrtFree", aclrtFree(p), ACL_SUCCESS);
  check("aclCreateTensor over a freed block",
        aclCreateTensor(four, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, four, 1, p) == nullptr, 1);
  check("aclrtFree twice", aclrtFree(p), ACL_ERROR_INVALID_PARAM);
  check("aclrtFree(null)", aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);

  // -- non-contiguous views: x is the transpose of a (3, 4) storage; the output is a
  //    strided view with an offset inside a (5, 4) storage whose other elements must
  //    stay untouched ----------------------------------------------------------------------
  std::vector<float> xs(12), dys(12), outs(20, -7.0f);
  for (int i = 0; i < 12; i++) {
    xs[i] = -2.0f + 0.37f * i;
    dys[i] = 0.5f + 0.25f * (i % 5);
  }
  void *xa = dev_alloc(12 * 4), *dya = dev_alloc(12 * 4), *oa = dev_alloc(20 * 4);
  check("H2D x", aclrtMemcpy(xa, 48, xs.data(), 48, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  check("H2D dy", aclrtMemcpy(dya, 48, dys.data(), 48, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  check("H2D out", aclrtMemcpy(oa, 80, outs.data(), 80, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  int64_t view[2] = {4, 3}, xstride[2] = {1, 4}, xstorage[2] = {3, 4};
  int64_t ostride[2] = {1, 5}, ostorage[2] = {5, 4}, toobig[2] = {10, 4};
  aclTensor *x = aclCreateTensor(view, 2, ACL_FLOAT, xstride, 0, ACL_FORMAT_ND, xstorage, 2, xa);
  aclTensor *dy = aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 2, dya);  // null strides
  aclTensor *out = aclCreateTensor(view, 2, ACL_FLOAT, ostride, 1, ACL_FORMAT_NCHW, ostorage, 2, oa);
  check("aclCreateTensor x", x != nullptr, 1);
  check("aclCreateTensor dy", dy != nullptr, 1);
  check("aclCreateTensor out", out != nullptr, 1);

  int64_t *dims = nullptr;
  uint64_t n = 0;
  check("aclGetViewShape", aclGetViewShape(x, &dims, &n), ACLNN_SUCCESS);
  check("view ndim", (long)n, 2);
  check("view dims", dims[0] * 10 + dims[1], 43);
  delete[] dims;
  check("aclGetViewStrides (null = contiguous)", aclGetViewStrides(dy, &dims, &n), ACLNN_SUCCESS);
  check("contiguous strides", dims[0] * 10 + dims[1], 31);
  delete[] dims;
  check("aclGetStorageShape", aclGetStorageShape(out, &dims, &n), ACLNN_SUCCESS);
  check("storage dims", dims[0] * 10 + dims[1], 54);
  delete[] dims;
  int64_t off = -1;
  check("aclGetViewOffset", aclGetViewOffset(out, &off), ACLNN_SUCCESS);
  check("offset", off, 1);
  aclFormat fmt = ACL_FORMAT_UNDEFINED;
  check("aclGetFormat", aclGetFormat(out, &fmt), ACLNN_SUCCESS);
  check("format", fmt, ACL_FORMAT_NCHW);
  aclDataType dt = ACL_DT_UNDEFINED;
  check("aclGetDataType", aclGetDataType(x, &dt), ACLNN_SUCCESS);
  check("dtype", dt, ACL_FLOAT);
  check("aclGetViewShape(null tensor)", aclGetViewShape(nullptr, &dims, &n), ACLNN_ERR_PARAM_NULLPTR);
  check("aclGetViewShape(null out)", aclGetViewShape(x, nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);

  // aclCreateTensor: a view past its storageDims but inside the block is taken (CANN's
  // aclTensor never relates the two); refusals: a view past the block (48 bytes padded
  // to 96; 128 reached), memory not from aclrtMalloc, storage past the block (160 asked),
  // a negative stride, an unknown dtype, null dims
  int64_t big[2] = {4, 4}, past[2] = {4, 8}, neg[2] = {-1, 4};
  aclTensor *wide = aclCreateTensor(big, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, xstorage, 2, xa);
  check("aclCreateTensor view past storageDims inside the block", wide != nullptr, 1);
  check("aclDestroyTensor(wide)", aclDestroyTensor(wide), ACLNN_SUCCESS);
  check("aclCreateTensor view past the block",
        aclCreateTensor(past, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, xstorage, 2, xa) == nullptr, 1);
  check("aclCreateTensor host memory",
        aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 2, host) == nullptr, 1);
  check("aclCreateTensor storage past the block",
        aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, toobig, 2, xa) == nullptr, 1);
  check("aclCreateTensor negative stride",
        aclCreateTensor(view, 2, ACL_FLOAT, neg, 0, ACL_FORMAT_ND, xstorage, 2, xa) == nullptr, 1);
  check("aclCreateTensor bad dtype",
        aclCreateTensor(view, 2, (aclDataType)5, nullptr, 0, ACL_FORMAT_ND, view, 2, xa) == nullptr, 1);
  check("aclCreateTensor null dims",
        aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 2, xa) == nullptr, 1);

  uint64_t ws = 0;
  aclOpExecutor *ex = nullptr;
  check("phase 1 (strided)", aclnnSiluBackwardGetWorkspaceSize(dy, x, out, &ws, &ex), ACLNN_SUCCESS);
  void *wsa = ws ? dev_alloc(ws) : nullptr;
  check("phase 2 (strided)", aclnnSiluBackward(wsa, ws, ex, stream), ACLNN_SUCCESS);
  check("aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
  check("phase 2 again: released", aclnnSiluBackward(wsa, ws, ex, stream), ACLNN_ERR_INNER_NULLPTR);
  check("destroy a released executor", aclDestroyAclOpExecutor(ex), ACLNN_ERR_INNER_NULLPTR);
  check("D2H out", aclrtMemcpy(outs.data(), 80, oa, 80, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  int untouched = 0;
  for (int k = 0; k < 20; k++) {
    int i = -1, j = -1;  // out[i][j] lives at 1 + i + 5 j
    if (k >= 1 && (k - 1) % 5 < 4 && (k - 1) / 5 < 3) {
      i = (k - 1) % 5;
      j = (k - 1) / 5;
    }
    if (i < 0) {
      untouched += outs[k] == -7.0f;
      continue;
    }
    printf("VAL strided %.9g %.9g %.9g\n", dys[i * 3 + j], xs[i + 4 * j], outs[k]);
  }
  check("elements outside the output view untouched", untouched, 8);

  // -- a repeatable executor, re-pointed at a second input -----------------------------
  std::vector<float> x2s(12);
  for (int i = 0; i < 12; i++) x2s[i] = 3.0f - 0.5f * i;
  void *x2a = dev_alloc(48);
  check("H2D x2", aclrtMemcpy(x2a, 48, x2s.data(), 48, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  check("phase 1 (repeatable)", aclnnSiluBackwardGetWorkspaceSize(dy, x, out, &ws, &ex), ACLNN_SUCCESS);
  check("aclSetAclOpExecutorRepeatable", aclSetAclOpExecutorRepeatable(ex), ACLNN_SUCCESS);
  check("run 1", aclnnSiluBackward(nullptr, 0, ex, stream), ACLNN_SUCCESS);
  check("run 2 (repeatable)", aclnnSiluBackward(nullptr, 0, ex, stream), ACLNN_SUCCESS);
  check("aclSetInputTensorAddr", aclSetInputTensorAddr(ex, 1, x, x2a), ACLNN_SUCCESS);
  check("aclSetInputTensorAddr index 2", aclSetInputTensorAddr(ex, 2, x, x2a), ACLNN_ERR_PARAM_INVALID);
  check("aclSetOutputTensorAddr index 1", aclSetOutputTensorAddr(ex, 1, out, oa), ACLNN_ERR_PARAM_INVALID);
  check("aclSetInputTensorAddr null executor", aclSetInputTensorAddr(nullptr, 0, x, x2a), ACLNN_ERR_INNER_NULLPTR);
  check("aclSetInputTensorAddr host memory", aclSetInputTensorAddr(ex, 1, x, host), ACLNN_ERR_PARAM_INVALID);
  check("run 3 (re-pointed)", aclnnSiluBackward(nullptr, 0, ex, stream), ACLNN_SUCCESS);
  check("aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
  check("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
  check("aclDestroyAclOpExecutor twice", aclDestroyAclOpExecutor(ex), ACLNN_ERR_INNER_NULLPTR);
  check("aclDestroyAclOpExecutor(null)", aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_INNER_NULLPTR);
  check("aclSetAclOpExecutorRepeatable(null)", aclSetAclOpExecutorRepeatable(nullptr), ACLNN_ERR_INNER_NULLPTR);
  check("D2H out", aclrtMemcpy(outs.data(), 80, oa, 80, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 3; j++)
      printf("VAL repointed %.9g %.9g %.9g\n", dys[i * 3 + j], x2s[i + 4 * j], outs[1 + i + 5 * j]);

  // -- an output that overlaps its input with another layout: phase 1 asks for a
  //    workspace (the kernel writes there, then ViewCopy); in place on the same view
  //    needs none -----------------------------------------------------------------------
  {
    std::vector<float> ws_x(12), res(12);
    for (int i = 0; i < 12; i++) ws_x[i] = -1.5f + 0.3f * i;
    void *wxa = dev_alloc(48);
    check("H2D wx", aclrtMemcpy(wxa, 48, ws_x.data(), 48, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    aclTensor *wx = aclCreateTensor(view, 2, ACL_FLOAT, xstride, 0, ACL_FORMAT_ND, xstorage, 2, wxa);
    aclTensor *wout = aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 2, wxa);
    uint64_t wsz = 0;
    aclOpExecutor *wex = nullptr;
    check("phase 1 overlapping output", aclnnSiluBackwardGetWorkspaceSize(dy, wx, wout, &wsz, &wex), ACLNN_SUCCESS);
    check("workspace bytes", (long)wsz, 48);
    check("phase 2 without the workspace", aclnnSiluBackward(nullptr, wsz, wex, stream), ACLNN_ERR_PARAM_NULLPTR);
    void *wsp = dev_alloc(wsz);
    check("phase 2 workspace too small", aclnnSiluBackward(wsp, wsz - 4, wex, stream), ACLNN_ERR_PARAM_INVALID);
    check("phase 2 workspace from host memory", aclnnSiluBackward(host, wsz, wex, stream), ACLNN_ERR_PARAM_INVALID);
    check("phase 2 with the workspace", aclnnSiluBackward(wsp, wsz, wex, stream), ACLNN_SUCCESS);
    check("aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    check("D2H overlapped", aclrtMemcpy(res.data(), 48, wxa, 48, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 3; j++)
        printf("VAL workspace %.9g %.9g %.9g\n", dys[i * 3 + j], ws_x[i + 4 * j], res[i * 3 + j]);
    // exactly in place: gradInput is self
    aclTensor *same = aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view, 2, wxa);
    check("phase 1 in place", aclnnSiluBackwardGetWorkspaceSize(dy, same, same, &wsz, &wex), ACLNN_SUCCESS);
    check("in place workspace", (long)wsz, 0);
    check("phase 2 in place", aclnnSiluBackward(nullptr, 0, wex, stream), ACLNN_SUCCESS);
    std::vector<float> res2(12);
    check("D2H in place", aclrtMemcpy(res2.data(), 48, wxa, 48, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (int k = 0; k < 12; k++) printf("VAL inplace %.9g %.9g %.9g\n", dys[k], res[k], res2[k]);
    check("destroy", aclDestroyTensor(wx) + aclDestroyTensor(wout) + aclDestroyTensor(same), 0);
    check("free", aclrtFree(wxa) + aclrtFree(wsp), 0);
  }

  // -- several threads at once, each with its own stream and buffers -------------------
  {
    const int nthreads = 4, iters = 25, len = 1000;
    std::vector<int> bad(nthreads, 0);
    std::vector<std::thread> pool;
    for (int t = 0; t < nthreads; t++) {
      pool.emplace_back([t, &bad]() {
        aclrtStream st = nullptr;
        if (aclrtCreateStream(&st) != ACL_SUCCESS) { bad[t]++; return; }
        std::vector<float> hx(len), hdy(len, 1.0f), hout(len), first(len);
        for (int i = 0; i < len; i++) hx[i] = -4.0f + 0.008f * i + t;
        void *a = nullptr, *b = nullptr, *c = nullptr;
        if (aclrtMalloc(&a, len * 4, ACL_MEM_MALLOC_HUGE_FIRST) || aclrtMalloc(&b, len * 4, ACL_MEM_MALLOC_HUGE_FIRST) ||
            aclrtMalloc(&c, len * 4, ACL_MEM_MALLOC_HUGE_FIRST)) { bad[t]++; return; }
        aclrtMemcpy(a, len * 4, hx.data(), len * 4, ACL_MEMCPY_HOST_TO_DEVICE);
        aclrtMemcpy(b, len * 4, hdy.data(), len * 4, ACL_MEMCPY_HOST_TO_DEVICE);
        int64_t shp[1] = {len};
        aclTensor *tx = aclCreateTensor(shp, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shp, 1, a);
        aclTensor *tdy = aclCreateTensor(shp, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shp, 1, b);
        aclTensor *to = aclCreateTensor(shp, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shp, 1, c);
        for (int it = 0; it < iters; it++) {
          uint64_t w = 0;
          aclOpExecutor *e = nullptr;
          if (aclnnSiluBackwardGetWorkspaceSize(tdy, tx, to, &w, &e) != ACLNN_SUCCESS || w != 0) { bad[t]++; break; }
          if (aclnnSiluBackward(nullptr, 0, e, st) != ACLNN_SUCCESS) { bad[t]++; break; }
          aclrtSynchronizeStream(st);
          aclrtMemcpy(hout.data(), len * 4, c, len * 4, ACL_MEMCPY_DEVICE_TO_HOST);
          if (it == 0) first = hout;
          else if (memcmp(first.data(), hout.data(), len * 4) != 0) bad[t]++;
        }
        // spot check against the formula
        for (int i = 0; i < len; i += 97) {
          double x = hx[i], s = 1.0 / (1.0 + exp(-x)), ref = s * (1.0 + x * (1.0 - s));
          if (fabs(first[i] - ref) > 1e-5 * (1.0 + fabs(ref))) bad[t]++;
        }
        aclDestroyTensor(tx); aclDestroyTensor(tdy); aclDestroyTensor(to);
        aclrtFree(a); aclrtFree(b); aclrtFree(c);
        aclrtDestroyStream(st);
      });
    }
    for (auto &th : pool) th.join();
    int total = 0;
    for (int v : bad) total += v;
    check("threads: deterministic, correct results", total, 0);
  }

  // -- aclnn error paths ------------------------------------------------------------------
  check("phase 1 null workspaceSize", aclnnSiluBackwardGetWorkspaceSize(dy, x, out, nullptr, &ex),
        ACLNN_ERR_PARAM_NULLPTR);
  check("phase 1 null executor", aclnnSiluBackwardGetWorkspaceSize(dy, x, out, &ws, nullptr),
        ACLNN_ERR_PARAM_NULLPTR);
  check("phase 1 null gradOutput", aclnnSiluBackwardGetWorkspaceSize(nullptr, x, out, &ws, &ex),
        ACLNN_ERR_PARAM_NULLPTR);
  check("phase 1 null gradInput", aclnnSiluBackwardGetWorkspaceSize(dy, x, nullptr, &ws, &ex),
        ACLNN_ERR_PARAM_NULLPTR);
  void *da = dev_alloc(12 * 8);
  aclTensor *xd = aclCreateTensor(view, 2, ACL_DOUBLE, nullptr, 0, ACL_FORMAT_ND, view, 2, da);
  check("aclCreateTensor double", xd != nullptr, 1);
  check("phase 1 DT_DOUBLE", aclnnSiluBackwardGetWorkspaceSize(dy, xd, out, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  // ACL_DT_UNDEFINED: CANN's aclCreateTensor makes the tensor and its ops refuse it (161002;
  // hicann/ops-nn gelu_grad UT gelu_backward_testcase_030_undefined_dtype)
  aclTensor *xu = aclCreateTensor(view, 2, ACL_DT_UNDEFINED, nullptr, 0, ACL_FORMAT_ND, view, 2, nullptr);
  check("aclCreateTensor DT_UNDEFINED", xu != nullptr, 1);
  aclDataType udt = ACL_FLOAT;
  check("aclGetDataType DT_UNDEFINED", aclGetDataType(xu, &udt), ACLNN_SUCCESS);
  check("DT_UNDEFINED dtype", udt, ACL_DT_UNDEFINED);
  check("phase 1 DT_UNDEFINED", aclnnSiluBackwardGetWorkspaceSize(dy, xu, out, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  aclDestroyTensor(xu);
  int64_t five[1] = {5};
  aclTensor *x5 = aclCreateTensor(five, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, five, 1, xa);
  check("phase 1 shapes (4,3) vs (5,)", aclnnSiluBackwardGetWorkspaceSize(dy, x5, out, &ws, &ex),
        ACLNN_ERR_PARAM_INVALID);
  check("phase 2 null executor", aclnnSiluBackward(nullptr, 0, nullptr, stream), ACLNN_ERR_PARAM_NULLPTR);
  float one = 1.0f;
  aclScalar *s = aclCreateScalar(&one, ACL_FLOAT);
  check("aclCreateScalar", s != nullptr, 1);
  check("aclCreateScalar(null)", aclCreateScalar(nullptr, ACL_FLOAT) == nullptr, 1);
  check("aclDestroyScalar", aclDestroyScalar(s), ACLNN_SUCCESS);
  check("aclDestroyScalar twice", aclDestroyScalar(s), ACLNN_ERR_PARAM_INVALID);
  check("aclDestroyTensor x5", aclDestroyTensor(x5), ACLNN_SUCCESS);
  check("aclDestroyTensor twice", aclDestroyTensor(x5), ACLNN_ERR_PARAM_INVALID);
  check("phase 1 destroyed tensor", aclnnSiluBackwardGetWorkspaceSize(dy, x5, out, &ws, &ex),
        ACLNN_ERR_PARAM_INVALID);
  check("recent error message", strlen(aclGetRecentErrMsg()) > 0, 1);

  // -- BF16 -----------------------------------------------------------------------------
  const int nb = 40;
  std::vector<uint16_t> xb(nb), dyb(nb), ob(nb, 0);
  for (int i = 0; i < nb; i++) {
    xb[i] = f32_to_bf16(-5.0f + 0.25f * i);
    dyb[i] = f32_to_bf16(1.0f - 0.125f * (i % 9));
  }
  void *xba = dev_alloc(nb * 2), *dyba = dev_alloc(nb * 2), *oba = dev_alloc(nb * 2);
  check("H2D xb", aclrtMemcpy(xba, nb * 2, xb.data(), nb * 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  check("H2D dyb", aclrtMemcpy(dyba, nb * 2, dyb.data(), nb * 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  int64_t bshape[3] = {2, 4, 5};
  aclTensor *tx = aclCreateTensor(bshape, 3, ACL_BF16, nullptr, 0, ACL_FORMAT_ND, bshape, 3, xba);
  aclTensor *tdy = aclCreateTensor(bshape, 3, ACL_BF16, nullptr, 0, ACL_FORMAT_ND, bshape, 3, dyba);
  aclTensor *tout = aclCreateTensor(bshape, 3, ACL_BF16, nullptr, 0, ACL_FORMAT_ND, bshape, 3, oba);
  check("phase 1 bf16", aclnnSiluBackwardGetWorkspaceSize(tdy, tx, tout, &ws, &ex), ACLNN_SUCCESS);
  check("phase 2 bf16", aclnnSiluBackward(nullptr, 0, ex, nullptr), ACLNN_SUCCESS);  // null stream: default
  check("aclrtSynchronizeStream(null)", aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  check("D2H bf16", aclrtMemcpy(ob.data(), nb * 2, oba, nb * 2, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  for (int i = 0; i < nb; i++)
    printf("VAL bf16 %.9g %.9g %.9g\n", bf16_to_f32(dyb[i]), bf16_to_f32(xb[i]), bf16_to_f32(ob[i]));

  // -- empty tensors: success, workspace 0, the executor runs nothing ------------------
  int64_t eshape[2] = {0, 3};
  aclTensor *e1 = aclCreateTensor(eshape, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, eshape, 2, nullptr);
  aclTensor *e2 = aclCreateTensor(eshape, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, eshape, 2, nullptr);
  aclTensor *e3 = aclCreateTensor(eshape, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, eshape, 2, nullptr);
  check("aclCreateTensor empty", e1 && e2 && e3, 1);
  ws = 99;
  check("phase 1 empty", aclnnSiluBackwardGetWorkspaceSize(e1, e2, e3, &ws, &ex), ACLNN_SUCCESS);
  check("empty workspace", (long)ws, 0);
  check("phase 2 empty", aclnnSiluBackward(nullptr, 0, ex, stream), ACLNN_SUCCESS);

  // -- teardown -------------------------------------------------------------------------
  aclTensor *all[] = {x, dy, out, xd, tx, tdy, tout, e1, e2, e3};
  for (aclTensor *t : all) check("aclDestroyTensor", aclDestroyTensor(t), ACLNN_SUCCESS);
  void *blocks[] = {xa, dya, oa, x2a, da, xba, dyba, oba};
  for (void *b : blocks) check("aclrtFree", aclrtFree(b), ACL_SUCCESS);
  if (wsa) check("aclrtFree ws", aclrtFree(wsa), ACL_SUCCESS);
  check("aclrtDestroyStream", aclrtDestroyStream(stream), ACL_SUCCESS);
  check("aclrtDestroyStream twice", aclrtDestroyStream(stream), ACL_ERROR_INVALID_PARAM);
  check("aclrtResetDevice(3)", aclrtResetDevice(3), ACL_ERROR_INVALID_DEVICE);
  check("aclrtResetDevice", aclrtResetDevice(0), ACL_SUCCESS);
  check("aclFinalize", aclFinalize(), ACL_SUCCESS);
  printf("DONE %d\n", failures);
  return failures ? 1 : 0;
}
