/* ao_gemm (gemm.h): the engine's matrix product. Its engines, in the order ao_gemm
 * tries them (the sections below): the small-m path (B read in place), bfloat16 on
 * AVX512-BF16 (src/gemm_avx512.c), the BLAS, and first here the portable kernel:
 *
 * The portable kernel's work is cut into tasks of (batch index, block of AO_GEMM_MB rows of C, block of
 * AO_GEMM_NB columns of C), run on the engine's worker pool. A task walks k in tiles of
 * AO_GEMM_KB: it packs the A tile and the B tile as float32 (converting 16-bit operands
 * and gathering any strides), adds their product into a float32 accumulator, and stores
 * the block into C once, rounded once to C's dtype. Each element of C sums k = 0..K-1 in
 * order inside one task, so the result does not depend on the thread count. */
#define _POSIX_C_SOURCE 200809L /* posix_memalign under -std=c11 (an error from gcc 14 on) */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gemm.h"
#include "ao_internal.h"
#include "scalar_cvt.h"
#include "gemm_kernels.h"

#define AO_GEMM_MB 64
#define AO_GEMM_NB 256
#define AO_GEMM_KB 256

/* acc[mb][nb] += A[mb][kb] @ B[kb][nb], all packed row-major (lda = kb, ldb = ldacc = nb).
 * Rows in fours share each loaded row of B; the j loops vectorise. */
static void ao_gemm_block(int64_t mb, int64_t nb, int64_t kb, const float *restrict A,
                          const float *restrict B, float *restrict acc)
{
    int64_t i = 0;
    for (; i + 4 <= mb; i += 4) {
        float *restrict c0 = acc + i * nb, *restrict c1 = c0 + nb, *restrict c2 = c1 + nb,
                       *restrict c3 = c2 + nb;
        const float *a0 = A + i * kb, *a1 = a0 + kb, *a2 = a1 + kb, *a3 = a2 + kb;
        for (int64_t k = 0; k < kb; k++) {
            const float *restrict b = B + k * nb;
            const float w0 = a0[k], w1 = a1[k], w2 = a2[k], w3 = a3[k];
            for (int64_t j = 0; j < nb; j++) {
                const float v = b[j];
                c0[j] += w0 * v;
                c1[j] += w1 * v;
                c2[j] += w2 * v;
                c3[j] += w3 * v;
            }
        }
    }
    for (; i < mb; i++) {
        float *restrict c = acc + i * nb;
        const float *restrict a = A + i * kb;
        for (int64_t k = 0; k < kb; k++) {
            const float *restrict b = B + k * nb;
            const float w = a[k];
            for (int64_t j = 0; j < nb; j++)
                c[j] += w * b[j];
        }
    }
}

typedef struct ao_gemm_job {
    const ao_gemm_problem *p;
    int64_t mblocks, nblocks;
    int failed;
} ao_gemm_job;

/* element offset of batch index `flat` (row-major over batch_shape) in operand o */
static int64_t ao_gemm_batch_offset(const ao_gemm_problem *p, const ao_gemm_operand *o, int64_t flat)
{
    int64_t off = 0;
    for (int d = p->batch_ndim - 1; d >= 0; d--) {
        off += (flat % p->batch_shape[d]) * o->batch_stride[d];
        flat /= p->batch_shape[d];
    }
    return off;
}

/* dst[0 .. n - 1] = n elements of dtype `dtype` (FLOAT, FLOAT16, BFLOAT16) from src,
 * contiguous, as float32 (exact), by the ISA region isa's conversions */
static void ao_gemm_widen(const ao_isa_impl *isa, int dtype, float *dst, const void *src, int64_t n)
{
    if (dtype == AO_DT_FLOAT)
        memcpy(dst, src, (size_t)n * sizeof(float));
    else
        (dtype == AO_DT_FLOAT16 ? isa->f16_to_f32 : isa->bf16_to_f32)(dst, (const uint16_t *)src, n);
}

/* dst[r][c] (row-major, ld cols) = operand element (r0 + r, c0 + c) as float32 */
static void ao_gemm_pack(const ao_gemm_operand *o, int64_t base, int64_t r0, int64_t rows,
                         int64_t c0, int64_t cols, float *restrict dst)
{
    const ao_isa_impl *isa = ao_isa_current();
    for (int64_t r = 0; r < rows; r++) {
        const int64_t off = base + (r0 + r) * o->row_stride + c0 * o->col_stride;
        float *restrict d = dst + r * cols;
        if (o->col_stride == 1 || cols == 1) {
            ao_gemm_widen(isa, o->dtype, d, o->data + off * ao_dtype_itemsize(o->dtype), cols);
            continue;
        }
        for (int64_t c = 0; c < cols; c++)
            d[c] = ao_s_load_f32(o->dtype, o->data, off + c * o->col_stride);
    }
}

static void ao_gemm_item(void *arg, int64_t t)
{
    ao_gemm_job *j = (ao_gemm_job *)arg;
    const ao_gemm_problem *p = j->p;
    const int64_t nblk = t % j->nblocks, rest = t / j->nblocks;
    const int64_t mblk = rest % j->mblocks, batch = rest / j->mblocks;
    const int64_t i0 = mblk * AO_GEMM_MB, j0 = nblk * AO_GEMM_NB;
    const int64_t mb = p->m - i0 < AO_GEMM_MB ? p->m - i0 : AO_GEMM_MB;
    const int64_t nb = p->n - j0 < AO_GEMM_NB ? p->n - j0 : AO_GEMM_NB;
    const int64_t kb_max = p->k < AO_GEMM_KB ? p->k : AO_GEMM_KB;
    float *acc = (float *)calloc((size_t)(mb * nb), sizeof(float));
    float *ap = (float *)malloc((size_t)(mb * (kb_max ? kb_max : 1)) * sizeof(float));
    float *bp = (float *)malloc((size_t)((kb_max ? kb_max : 1) * nb) * sizeof(float));
    if (!acc || !ap || !bp) {
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
        free(acc), free(ap), free(bp);
        return;
    }
    const int64_t abase = ao_gemm_batch_offset(p, &p->a, batch);
    const int64_t bbase = ao_gemm_batch_offset(p, &p->b, batch);
    const int64_t cbase = ao_gemm_batch_offset(p, &p->c, batch);
    for (int64_t k0 = 0; k0 < p->k; k0 += AO_GEMM_KB) {
        const int64_t kb = p->k - k0 < AO_GEMM_KB ? p->k - k0 : AO_GEMM_KB;
        ao_gemm_pack(&p->a, abase, i0, mb, k0, kb, ap);
        ao_gemm_pack(&p->b, bbase, k0, kb, j0, nb, bp);
        ao_gemm_block(mb, nb, kb, ap, bp, acc);
    }
    for (int64_t i = 0; i < mb; i++)
        for (int64_t c = 0; c < nb; c++)
            ao_s_store_f32(p->c.dtype, p->c.data,
                           cbase + (i0 + i) * p->c.row_stride + (j0 + c) * p->c.col_stride,
                           acc[i * nb + c]);
    free(acc), free(ap), free(bp);
}

static int ao_gemm_dtype_ok(int32_t dt)
{
    return dt == AO_DT_FLOAT || dt == AO_DT_FLOAT16 || dt == AO_DT_BF16;
}

static int ao_gemm_portable(const ao_gemm_problem *p, int64_t batches, int nthreads)
{
    ao_gemm_job job = {p, (p->m + AO_GEMM_MB - 1) / AO_GEMM_MB, (p->n + AO_GEMM_NB - 1) / AO_GEMM_NB, 0};
    const int64_t total = batches * job.mblocks * job.nblocks;
    ao_parallel_for(total, total < 2 ? 1 : nthreads, ao_gemm_item, &job);
    return job.failed ? -1 : 0;
}

/* ---- The BLAS engine ------------------------------------------------------------------
 * The products run on an OpenBLAS sgemm loaded at run time (ao_gemm_use_blas: the Python
 * side hands over the path of the library numpy's wheels ship, or ASCENDOPS_BLAS's), and
 * on the portable kernel above where none was given or usable. OpenBLAS never starts a
 * thread of its own for these products: while any runs, its thread count is 1 (saved and
 * restored around them, so numpy's own products keep theirs), and the work is split into
 * tasks on the engine's worker pool:
 *   many products (batches >= threads): one task per product;
 *   few large ones: each product cut into parts along its longer side of C, one per
 *   thread (part edges on multiples of 64).
 * An operand sgemm cannot read as it is (a 16-bit dtype, a negative or zero stride, no unit
 * stride) is converted into a float32 panel first, in chunks of at most AO_GEMM_PM rows,
 * AO_GEMM_PN columns and AO_GEMM_PK of k (the float32 sums of one element then run over
 * k in chunks of AO_GEMM_PK, added in order); a C sgemm cannot write (16-bit, strided) gets
 * a float32 buffer, rounded once into C. Chunks depend on the shape only, and each
 * element's sum over k is the same whichever part it falls in, so the thread count does
 * not change the result (tests/core/test_gemm.py checks it bit for bit). */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>

#define AO_GEMM_PM 512
#define AO_GEMM_PN 2048
#define AO_GEMM_PK 1024
/* OpenBLAS runs a product of m * n * k at most this single-threaded whatever its thread
 * count (interface/gemm.c: SMP_THRESHOLD_MIN * GEMM_MULTITHREAD_THRESHOLD) */
#define AO_BLAS_SERIAL_MNK 262144.0
/* and at most this with its small-matrix kernels (kernel/x86_64/ small_kernel_permit files:
 * one sum over all of k, where the blocked path adds k in blocks): products are cut into
 * parts only where each part stays above it, as the whole is */
#define AO_BLAS_SMALL_MNK 1000000.0
/* ao_gemm_blas: the parts a large product is cut into, at most (the threads one product
 * can use) */
#define AO_BLAS_PARTS 8
#define AO_BLAS_PART_MIN 256

enum { AO_CBLAS_ROW = 101, AO_CBLAS_N = 111, AO_CBLAS_T = 112 };
typedef void (*ao_sgemm64_fn)(int, int, int, int64_t, int64_t, int64_t, float, const float *, int64_t,
                              const float *, int64_t, float, float *, int64_t);
typedef void (*ao_sgemm32_fn)(int, int, int, int, int, int, float, const float *, int, const float *,
                              int, float, float *, int);
typedef void (*ao_sgemv64_fn)(int, int, int64_t, int64_t, float, const float *, int64_t, const float *, int64_t,
                              float, float *, int64_t);
typedef void (*ao_sgemv32_fn)(int, int, int, int, float, const float *, int, const float *, int, float, float *,
                              int);

static struct {
    ao_sgemm64_fn s64;
    ao_sgemm32_fn s32;
    ao_sgemv64_fn v64;      /* its sgemv, where it exports one (NULL: sgemm takes vectors too) */
    ao_sgemv32_fn v32;
    void (*set_threads)(int);
    int (*get_threads)(void);
} ao_blas;
static char ao_blas_desc[1024] = "portable (no BLAS given)";
static pthread_mutex_t ao_blas_mu = PTHREAD_MUTEX_INITIALIZER;
static int ao_blas_users, ao_blas_saved;
static pthread_once_t ao_blas_once = PTHREAD_ONCE_INIT;

static void ao_blas_fork_prepare(void) { pthread_mutex_lock(&ao_blas_mu); }
static void ao_blas_fork_parent(void) { pthread_mutex_unlock(&ao_blas_mu); }
/* the child has none of the threads that were in a product: none is running there */
static void ao_blas_fork_child(void)
{
    pthread_mutex_init(&ao_blas_mu, NULL);
    ao_blas_users = 0;
}
static void ao_blas_init_once(void)
{
    pthread_atfork(ao_blas_fork_prepare, ao_blas_fork_parent, ao_blas_fork_child);
}

const char *ao_gemm_engine(void)
{
    return ao_blas_desc;
}

int ao_gemm_use_blas(const char *path)
{
    pthread_once(&ao_blas_once, ao_blas_init_once);
    pthread_mutex_lock(&ao_blas_mu);
    memset(&ao_blas, 0, sizeof ao_blas);
    int rc = -1;
    if (!path || !*path) {
        snprintf(ao_blas_desc, sizeof ao_blas_desc, "portable (no BLAS given)");
        goto out;
    }
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        snprintf(ao_blas_desc, sizeof ao_blas_desc, "portable (%s: %s)", path, e ? e : "dlopen failed");
        goto out;
    }
    /* the names OpenBLAS builds export: scipy-openblas (numpy's wheels) and plain, with
     * 64-bit integers (the 64_ suffix) or without */
    static const char *const names[][5] = {
        {"scipy_cblas_sgemm64_", "scipy_openblas_set_num_threads64_", "scipy_openblas_get_num_threads64_",
         "scipy_openblas_get_config64_", "64"},
        {"cblas_sgemm64_", "openblas_set_num_threads64_", "openblas_get_num_threads64_",
         "openblas_get_config64_", "64"},
        {"scipy_cblas_sgemm", "scipy_openblas_set_num_threads", "scipy_openblas_get_num_threads",
         "scipy_openblas_get_config", ""},
        {"cblas_sgemm", "openblas_set_num_threads", "openblas_get_num_threads", "openblas_get_config", ""},
    };
    for (size_t v = 0; v < sizeof names / sizeof names[0]; v++) {
        void *g = dlsym(lib, names[v][0]), *st = dlsym(lib, names[v][1]), *gt = dlsym(lib, names[v][2]);
        char *(*cfg)(void) = (char *(*)(void))dlsym(lib, names[v][3]);
        if (!g || !st || !gt || !cfg)
            continue;
        const char *config = cfg();
        /* an unsuffixed build says whether its integers are 64-bit */
        const int i64 = names[v][4][0] || (config && strstr(config, "USE64BITINT"));
        char gemv[64];
        snprintf(gemv, sizeof gemv, "%s", names[v][0]);
        memcpy(strstr(gemv, "sgemm"), "sgemv", 5);
        void *gv = dlsym(lib, gemv);
        if (i64)
            ao_blas.s64 = (ao_sgemm64_fn)g, ao_blas.v64 = (ao_sgemv64_fn)gv;
        else
            ao_blas.s32 = (ao_sgemm32_fn)g, ao_blas.v32 = (ao_sgemv32_fn)gv;
        ao_blas.set_threads = (void (*)(int))st;
        ao_blas.get_threads = (int (*)(void))gt;
        snprintf(ao_blas_desc, sizeof ao_blas_desc, "%s (%s, %s)", config ? config : "OpenBLAS", names[v][0], path);
        rc = 0;
        goto out;
    }
    /* no OpenBLAS thread control (MKL, BLIS, reference BLAS): its threads could not be
     * held to nthreads; the handle stays open (dlclose of a library numpy uses is harmless,
     * but nothing is gained) */
    snprintf(ao_blas_desc, sizeof ao_blas_desc, "portable (%s: no OpenBLAS sgemm and thread control in it)", path);
out:
    pthread_mutex_unlock(&ao_blas_mu);
    return rc;
}

static void ao_blas_enter(void)
{
    pthread_mutex_lock(&ao_blas_mu);
    if (ao_blas_users++ == 0) {
        ao_blas_saved = ao_blas.get_threads();
        if (ao_blas_saved != 1)
            ao_blas.set_threads(1);
    }
    pthread_mutex_unlock(&ao_blas_mu);
}

static void ao_blas_leave(void)
{
    pthread_mutex_lock(&ao_blas_mu);
    if (--ao_blas_users == 0 && ao_blas_saved != 1)
        ao_blas.set_threads(ao_blas_saved);
    pthread_mutex_unlock(&ao_blas_mu);
}

typedef struct ao_scratch_set {
    float *p[AO_GEMM_SCRATCH_SLOTS];
    size_t n[AO_GEMM_SCRATCH_SLOTS];
} ao_scratch_set;
static pthread_key_t ao_scratch_key;
static pthread_once_t ao_scratch_once = PTHREAD_ONCE_INIT;
static int ao_scratch_key_ok;
static __thread ao_scratch_set *ao_scratch_tls;

static void ao_scratch_release(void *v)
{
    ao_scratch_set *s = (ao_scratch_set *)v;
    for (int i = 0; i < AO_GEMM_SCRATCH_SLOTS; i++)
        free(s->p[i]);
    free(s);
}
static void ao_scratch_key_init(void)
{
    ao_scratch_key_ok = pthread_key_create(&ao_scratch_key, ao_scratch_release) == 0;
}

/* Reused rather than malloc'd per task: a fresh multi-megabyte block is fresh pages, and
 * the kernel zeroing them cost 8% of a convolution's time (perf: clear_page_erms). */
float *ao_gemm_scratch(int slot, size_t n)
{
    if (slot < 0 || slot >= AO_GEMM_SCRATCH_SLOTS)
        return NULL;
    ao_scratch_set *s = ao_scratch_tls;
    if (!s) {
        pthread_once(&ao_scratch_once, ao_scratch_key_init);
        if (!ao_scratch_key_ok || !(s = (ao_scratch_set *)calloc(1, sizeof *s)))
            return NULL;
        if (pthread_setspecific(ao_scratch_key, s) != 0) {
            free(s);
            return NULL;
        }
        ao_scratch_tls = s;
    }
    if (s->n[slot] < n || !s->p[slot]) {
        /* 64-byte aligned: the packed panels' zmm loads each stay in one cache line (a
         * plain malloc of megabytes is mmap'd 16 bytes past a page: every load split) */
        void *q = NULL;
        free(s->p[slot]);
        s->p[slot] = posix_memalign(&q, 64, (n ? n : 1) * sizeof(float)) == 0 ? (float *)q : NULL;
        s->n[slot] = s->p[slot] ? n : 0;
    }
    return s->p[slot];
}

void ao_gemm_begin(void)
{
    if (ao_blas.get_threads)
        ao_blas_enter();
}

void ao_gemm_end(void)
{
    if (ao_blas.get_threads)
        ao_blas_leave();
}

/* a float32 matrix as sgemm reads it: row-major with leading dim ld, or its transpose */
typedef struct ao_mat {
    float *p;
    int trans;
    int64_t ld;
} ao_mat;

/* whether rows x cols of o from element off can be handed to sgemm as it is */
static int ao_gemm_direct(const ao_gemm_operand *o, int64_t off, int64_t rows, int64_t cols, ao_mat *v)
{
    if (o->dtype != AO_DT_FLOAT)
        return 0;
    const int64_t r1 = rows > 1 ? rows : 1, c1 = cols > 1 ? cols : 1;
    int64_t cs = cols > 1 ? o->col_stride : 1, rs = rows > 1 ? o->row_stride : c1;
    if (cs == 1 && rs >= c1) {
        v->trans = 0, v->ld = rs;
    } else {
        rs = rows > 1 ? o->row_stride : 1, cs = cols > 1 ? o->col_stride : r1;
        if (rs != 1 || cs < r1)
            return 0;
        v->trans = 1, v->ld = cs;
    }
    if (ao_blas.s32 && v->ld > INT_MAX)
        return 0;
    v->p = (float *)o->data + off;
    return 1;
}

/* rows x cols of o from element off, as float32 in dst, laid out along o's smaller stride */
static void ao_gemm_panel(const ao_gemm_operand *o, int64_t off, int64_t rows, int64_t cols, float *dst, ao_mat *v)
{
    const int colmajor = rows > 1 && cols > 1 && llabs(o->row_stride) < llabs(o->col_stride);
    const int64_t outer = colmajor ? cols : rows, inner = colmajor ? rows : cols;
    const int64_t so = colmajor ? o->col_stride : o->row_stride, si = colmajor ? o->row_stride : o->col_stride;
    const ao_isa_impl *isa = ao_isa_current();
    for (int64_t r = 0; r < outer; r++) {
        float *d = dst + r * inner;
        const int64_t s = off + r * so;
        if (si == 1 || inner == 1) {
            ao_gemm_widen(isa, o->dtype, d, o->data + s * ao_dtype_itemsize(o->dtype), inner);
        } else {
            for (int64_t c = 0; c < inner; c++)
                d[c] = ao_s_load_f32(o->dtype, o->data, s + c * si);
        }
    }
    v->p = dst, v->trans = colmajor, v->ld = inner > 0 ? inner : 1;
}

/* c (m x n, row-major ldc, or its transpose when ctrans) = a @ b + beta * c; vector: the
 * whole product is a matrix times a vector (a block of one at the edge of a larger product
 * stays with sgemm, whose sums it must match) */
static void ao_blas_sgemm(int64_t m, int64_t n, int64_t k, ao_mat a, ao_mat b, float beta, ao_mat c, int vector)
{
    if (c.trans) {   /* C^T = B^T @ A^T */
        ao_mat t = a;
        a = b, b = t;
        a.trans = !a.trans, b.trans = !b.trans;
        const int64_t s = m;
        m = n, n = s;
    }
    if (vector && (n == 1 || m == 1) && (ao_blas.v64 || ao_blas.v32)) {
        /* a matrix times a vector by gemv: OpenBLAS's sgemm forwards it to its gemv in
         * some builds only, and packs the matrix in the others (aclnnMv float32 1000 x
         * 1000, 1 thread: 223 us against torch's 79, Zen 3 with OpenBLAS's Haswell
         * kernels). n = 1: y = A x, A stored m x k (or k x m, transposed), x = b, its
         * elements 1 apart where b is stored transposed (a 1 x k row), else b.ld apart, y
         * down C's column. m = 1: y = B^T x, x = a, y along C's row. */
        const ao_mat mat = n == 1 ? a : b, vec = n == 1 ? b : a;
        const int64_t rows = n == 1 ? m : n;    /* op(mat)'s rows: y's length */
        const int tv = (n == 1) == !mat.trans ? AO_CBLAS_N : AO_CBLAS_T;
        const int64_t sm = mat.trans == (n == 1) ? k : rows, sn = mat.trans == (n == 1) ? rows : k;
        const int64_t incx = vec.trans == (n == 1) ? 1 : vec.ld, incy = n == 1 ? c.ld : 1;
        if (ao_blas.v64)
            ao_blas.v64(AO_CBLAS_ROW, tv, sm, sn, 1.0f, mat.p, mat.ld, vec.p, incx, beta, c.p, incy);
        else
            ao_blas.v32(AO_CBLAS_ROW, tv, (int)sm, (int)sn, 1.0f, mat.p, (int)mat.ld, vec.p, (int)incx, beta, c.p,
                        (int)incy);
        return;
    }
    const int ta = a.trans ? AO_CBLAS_T : AO_CBLAS_N, tb = b.trans ? AO_CBLAS_T : AO_CBLAS_N;
    if (ao_blas.s64)
        ao_blas.s64(AO_CBLAS_ROW, ta, tb, m, n, k, 1.0f, a.p, a.ld, b.p, b.ld, beta, c.p, c.ld);
    else
        ao_blas.s32(AO_CBLAS_ROW, ta, tb, (int)m, (int)n, (int)k, 1.0f, a.p, (int)a.ld, b.p, (int)b.ld, beta,
                    c.p, (int)c.ld);
}

/* rows x cols of C from element off = buf (row-major, ld ld), rounded once; buf NULL: zeros */
static void ao_gemm_store(const ao_gemm_operand *o, int64_t off, int64_t rows, int64_t cols, const float *buf,
                          int64_t ld)
{
    const ao_isa_impl *isa = ao_isa_current();
    for (int64_t r = 0; r < rows; r++) {
        const int64_t s = off + r * o->row_stride;
        const float *b = buf ? buf + r * ld : NULL;
        if (b && (o->col_stride == 1 || cols == 1)) {
            if (o->dtype == AO_DT_FLOAT)
                memcpy((float *)o->data + s, b, (size_t)cols * sizeof(float));
            else
                (o->dtype == AO_DT_FLOAT16 ? isa->f32_to_f16 : isa->f32_to_bf16)((uint16_t *)o->data + s, b, cols);
            continue;
        }
        for (int64_t c = 0; c < cols; c++)
            ao_s_store_f32(o->dtype, o->data, s + c * o->col_stride, b ? b[c] : 0.0f);
    }
}

typedef struct ao_blas_job {
    const ao_gemm_problem *p;
    int64_t parts, step;    /* parts per product, rows (or columns) of C per part */
    int split_n;            /* parts cut C's columns, else its rows */
    int failed;
} ao_blas_job;

/* C[i0.., j0..] (m x n) = A[i0.., :] @ B[:, j0..] of one product; a, b, c: element offsets */
static int ao_blas_block(const ao_gemm_problem *p, int64_t a, int64_t b, int64_t c, int64_t m, int64_t n)
{
    const int64_t k = p->k;
    if (k == 0) {
        ao_gemm_store(&p->c, c, m, n, NULL, 0);
        return 0;
    }
    const int vector = p->m == 1 || p->n == 1;
    ao_mat av, bv, cv;
    const int ad = ao_gemm_direct(&p->a, a, m, k, &av), bd = ao_gemm_direct(&p->b, b, k, n, &bv);
    const int cd = ao_gemm_direct(&p->c, c, m, n, &cv);
    if (ad && bd && cd) {
        ao_blas_sgemm(m, n, k, av, bv, 0.0f, cv, vector);
        return 0;
    }
    const int64_t mc = cd && ad ? m : (m < AO_GEMM_PM ? m : AO_GEMM_PM);
    const int64_t nc = cd && bd ? n : (n < AO_GEMM_PN ? n : AO_GEMM_PN);
    const int64_t kc = ad && bd ? k : (k < AO_GEMM_PK ? k : AO_GEMM_PK);
    float *ap = ad ? NULL : ao_gemm_scratch(0, (size_t)(mc * kc));
    float *bp = bd ? NULL : ao_gemm_scratch(1, (size_t)(kc * nc));
    float *cp = cd ? NULL : ao_gemm_scratch(2, (size_t)(mc * nc));
    if ((!ad && !ap) || (!bd && !bp) || (!cd && !cp))
        return -1;
    for (int64_t j = 0; j < n; j += nc) {
        const int64_t nb = n - j < nc ? n - j : nc;
        for (int64_t i = 0; i < m; i += mc) {
            const int64_t mb = m - i < mc ? m - i : mc;
            ao_mat cb = {cp, 0, nb};
            if (cd) {
                cb = cv;
                cb.p = cv.trans ? cv.p + j * cv.ld + i : cv.p + i * cv.ld + j;
            }
            for (int64_t l = 0; l < k; l += kc) {
                const int64_t kb = k - l < kc ? k - l : kc;
                ao_mat ab, bb;
                if (ad) {
                    ab = av;
                    ab.p = av.trans ? av.p + l * av.ld + i : av.p + i * av.ld + l;
                } else {
                    ao_gemm_panel(&p->a, a + i * p->a.row_stride + l * p->a.col_stride, mb, kb, ap, &ab);
                }
                if (bd) {
                    bb = bv;
                    bb.p = bv.trans ? bv.p + j * bv.ld + l : bv.p + l * bv.ld + j;
                } else {
                    ao_gemm_panel(&p->b, b + l * p->b.row_stride + j * p->b.col_stride, kb, nb, bp, &bb);
                }
                ao_blas_sgemm(mb, nb, kb, ab, bb, l ? 1.0f : 0.0f, cb, vector);
            }
            if (!cd)
                ao_gemm_store(&p->c, c + i * p->c.row_stride + j * p->c.col_stride, mb, nb, cp, nb);
        }
    }
    return 0;
}

static void ao_blas_item(void *arg, int64_t t)
{
    ao_blas_job *j = (ao_blas_job *)arg;
    const ao_gemm_problem *p = j->p;
    const int64_t batch = t / j->parts, part = t % j->parts;
    int64_t a = ao_gemm_batch_offset(p, &p->a, batch), b = ao_gemm_batch_offset(p, &p->b, batch);
    int64_t c = ao_gemm_batch_offset(p, &p->c, batch), m = p->m, n = p->n;
    const int64_t s0 = part * j->step, len = j->split_n ? n : m;
    const int64_t s1 = s0 + j->step < len ? s0 + j->step : len;
    if (j->split_n) {
        b += s0 * p->b.col_stride, c += s0 * p->c.col_stride, n = s1 - s0;
    } else {
        a += s0 * p->a.row_stride, c += s0 * p->c.row_stride, m = s1 - s0;
    }
    if (ao_blas_block(p, a, b, c, m, n))
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
}

static int ao_gemm_blas(const ao_gemm_problem *p, int64_t batches, int nthreads)
{
    /* A large product is cut into parts of rows (or of columns where there are more) for
     * the threads, the same parts at every thread count: the BLAS's sum for an element
     * depends on the call's own m and n (OpenBLAS's Haswell sgemm blocks rows in halves
     * of m and groups columns by n: 1 thread against 2, with parts cut per thread count,
     * changed the last bit of a 110 x 545 product in columns 184-199 and 264-279, and of a
     * 1000 x 300 one in rows 504-511). Up to AO_BLAS_PARTS parts a product, whatever
     * the batch (a product alone and in a batch: the same bits), each of a multiple of 64
     * rows (columns), at least AO_BLAS_PART_MIN, and above AO_BLAS_SMALL_MNK. Each part
     * packs the other operand again, a cost of about 1 / (its rows) of its time: at 1
     * thread, 1024^3 float32 took 4% longer in parts of 128 rows (Zen 3). */
    ao_blas_job job = {p, 1, 0, p->n > p->m, 0};
    const int64_t len = job.split_n ? p->n : p->m;
    job.step = len;
    if ((double)p->m * (double)p->n * (double)p->k >= 4.0 * AO_BLAS_SERIAL_MNK) {
        const int64_t want = AO_BLAS_PARTS;
        const double other = (double)(job.split_n ? p->m : p->n) * (double)p->k;
        int64_t step = ((len + want - 1) / want + 63) / 64 * 64;
        if (step < AO_BLAS_PART_MIN)
            step = AO_BLAS_PART_MIN;
        while (step < len && (double)step * other <= AO_BLAS_SMALL_MNK)
            step += 64;
        if (step < len)
            job.step = step, job.parts = (len + step - 1) / step;
    }
    const double task_mnk = (double)job.step * (double)(job.split_n ? p->m : p->n) * (double)p->k;
    const int guard = task_mnk > AO_BLAS_SERIAL_MNK;
    if (guard)
        ao_blas_enter();
    const int64_t total = batches * job.parts;
    ao_parallel_for(total, total < 2 ? 1 : nthreads, ao_blas_item, &job);
    if (guard)
        ao_blas_leave();
    return job.failed ? -1 : 0;
}

/* ---- Small m: B read where it is -------------------------------------------------------
 * A product of at most AO_GEMV_MAX_M rows of C (decode's matrix-vector products: one token,
 * or a few; or, transposed by ao_gemm, of at most that many columns: a matrix times a
 * vector) does 2 m flops per element of B, too few to repay packing B: the tasks read
 * B's rows (unit column stride) or columns (unit row stride: a weight matrix stored as n
 * rows of k, the form of a linear layer's B = W^T) in place, converting 16-bit elements to
 * float32 in registers, and cut n into chunks of columns, one task each. A is
 * converted to float32 (m x k) by each task. The sum of an element runs over k in one
 * task, in an order set by the shape alone (the AVX-512 dots: 16 lanes of partial sums
 * added at the end), so the thread count does not change the result. */
#define AO_GEMV_MAX_M 8
/* columns per task: a weight's rows of k (dots) 4 at a time; B's rows (rows) in runs of
 * 512 columns, long enough for the prefetcher */
#define AO_GEMV_DOTS_CHUNK 128
#define AO_GEMV_ROWS_CHUNK 512

typedef struct ao_gemv_job {
    const ao_gemm_problem *p;
    int64_t chunks, chunk;
    int dots;       /* B's rows are unit-stride (else its columns) */
    int simd;       /* the ISA kernels: 2 AVX-512, 1 AVX2, 0 the portable loops */
    int failed;
} ao_gemv_job;

/* the portable form of ao_gemv_rows_avx512 / ao_gemv_dots_avx512 (src/gemm_kernels.h);
 * w: scratch of max(k, ncols) floats */
static void ao_gemv_portable(int dots, int64_t m, int64_t k, const float *a, const void *b, int dtype,
                             int64_t ldb, int64_t ncols, float *out, float *w)
{
    const ao_isa_impl *isa = ao_isa_current();
    const int64_t es = ao_dtype_itemsize(dtype);
    if (dots) {
        for (int64_t j = 0; j < ncols; j++) {
            ao_gemm_widen(isa, dtype, w, (const char *)b + j * ldb * es, k);
            for (int64_t r = 0; r < m; r++) {
                const float *x = a + r * k;
                float s = 0.0f;
                for (int64_t kk = 0; kk < k; kk++)
                    s += x[kk] * w[kk];
                out[r * ncols + j] = s;
            }
        }
        return;
    }
    for (int64_t i = 0; i < m * ncols; i++)
        out[i] = 0.0f;
    for (int64_t kk = 0; kk < k; kk++) {
        ao_gemm_widen(isa, dtype, w, (const char *)b + kk * ldb * es, ncols);
        for (int64_t r = 0; r < m; r++) {
            float *restrict o = out + r * ncols;
            const float x = a[r * k + kk];
            for (int64_t j = 0; j < ncols; j++)
                o[j] += x * w[j];
        }
    }
}

static void ao_gemv_item(void *arg, int64_t t)
{
    ao_gemv_job *jb = (ao_gemv_job *)arg;
    const ao_gemm_problem *p = jb->p;
    const int64_t batch = t / jb->chunks, j0 = (t % jb->chunks) * jb->chunk;
    const int64_t m = p->m, k = p->k, nc = p->n - j0 < jb->chunk ? p->n - j0 : jb->chunk;
    float *a = ao_gemm_scratch(0, (size_t)(m * k));
    float *out = ao_gemm_scratch(1, (size_t)(m * nc));
    float *w = jb->simd ? out : ao_gemm_scratch(2, (size_t)(k > nc ? k : nc));
    if (!a || !out || !w) {
        __atomic_store_n(&jb->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    const int64_t abase = ao_gemm_batch_offset(p, &p->a, batch);
    const ao_isa_impl *isa = ao_isa_current();
    for (int64_t r = 0; r < m; r++) {
        const int64_t s = abase + r * p->a.row_stride;
        if (p->a.col_stride == 1 || k == 1)
            ao_gemm_widen(isa, p->a.dtype, a + r * k, p->a.data + s * ao_dtype_itemsize(p->a.dtype), k);
        else
            for (int64_t kk = 0; kk < k; kk++)
                a[r * k + kk] = ao_s_load_f32(p->a.dtype, p->a.data, s + kk * p->a.col_stride);
    }
    const int64_t es = ao_dtype_itemsize(p->b.dtype);
    const char *b = p->b.data + (ao_gemm_batch_offset(p, &p->b, batch) + j0 * p->b.col_stride) * es;
    const int64_t ldb = jb->dots ? p->b.col_stride : p->b.row_stride;
#if defined(__x86_64__)
    if (jb->simd == 2) {
        (jb->dots ? ao_gemv_dots_avx512 : ao_gemv_rows_avx512)(m, k, a, b, p->b.dtype, ldb, nc, out);
    } else if (jb->simd == 1) {
        (jb->dots ? ao_gemv_dots_avx2 : ao_gemv_rows_avx2)(m, k, a, b, p->b.dtype, ldb, nc, out);
    } else
#endif
        ao_gemv_portable(jb->dots, m, k, a, b, p->b.dtype, ldb, nc, out, w);
    ao_gemm_store(&p->c, ao_gemm_batch_offset(p, &p->c, batch) + j0 * p->c.col_stride, m, nc, out, nc);
}

/* 1 when the small-m path ran (0 or -1 in *rc), 0 when it does not take this problem */
static int ao_gemv(const ao_gemm_problem *p, int64_t batches, int nthreads, int *rc)
{
    if (p->m > AO_GEMV_MAX_M || p->k == 0)
        return 0;
    const int level = ao_isa_current()->level;
    ao_gemv_job job = {p, 0, AO_GEMV_ROWS_CHUNK, 0, level >= 2 ? 2 : level == 1, 0};
    if (p->b.col_stride == 1 || p->n == 1) {
        /* float32 rows: OpenBLAS reads them in place too, and streams them faster (whole
         * rows) than the 512-column tasks here at m = 1 (docs/performance.md) */
        if (p->b.dtype == AO_DT_FLOAT && (ao_blas.s64 || ao_blas.s32))
            return 0;
        job.dots = 0;
    } else if (p->b.row_stride == 1 || p->k == 1)
        job.dots = 1, job.chunk = AO_GEMV_DOTS_CHUNK;
    else
        return 0;
    job.chunks = (p->n + job.chunk - 1) / job.chunk;
    const int64_t total = batches * job.chunks;
    ao_parallel_for(total, total < 2 ? 1 : nthreads, ao_gemv_item, &job);
    *rc = job.failed ? -1 : 0;
    return 1;
}

/* ---- bfloat16 on AVX512-BF16 ----------------------------------------------------------
 * Where the CPU has vdpbf16ps, a product of two bfloat16 operands multiplies them as they
 * are: B is packed whole into pairs of k (src/gemm_kernels.h), in blocks of AO_BF16_KC of
 * k, and A too unless the tiles read its pairs in place (ao_bf16_reads_a_in_place: a
 * row-major A, whose pairs are 32-bit words already); C is cut into tiles of
 * AO_BF16_MC x AO_BF16_NC, one task each, whose float32 accumulator takes the k blocks in
 * order, the last straight from the registers into C where C is bfloat16 or float32 with
 * unit column stride (else the accumulator is rounded once into C). Tiles are numbered
 * down C's columns first, so that a thread's run of tiles shares one strip of B (two
 * threads split n, each with its half of B in its own L2) and the strip stays cached from
 * tile to tile. vdpbf16ps adds a pair's two products (exact in float32) into the sum one
 * after the other, in float32 with denormals flushed to zero: the sum of an element
 * differs from the float32 panels' order of OpenBLAS by rounding only (within k * 2^-23 *
 * sum |a||b|), and runs in the same order whatever the tile and thread, so the thread
 * count does not change it.
 * Few products: packing, then the tiles, each a parallel loop; as many products as
 * threads or more: one task per product. */
#if defined(__x86_64__)
/* a B panel of AO_BF16_KC x NR (64 KiB) stays in L2 while the A panels pass over it (the
 * tile prefetches the next into L2); each k block reloads the accumulators, and blocks of
 * 256 (a panel in L1) made a 1024^3 product 6% slower, a 4096^3 one 6% (docs/performance.md) */
#define AO_BF16_KC 1024
#define AO_BF16_MC 96    /* 8 register tiles of rows */
#define AO_BF16_NC 512   /* 16 register tiles of columns */
#define AO_BF16_KC2 (AO_BF16_KC / 2)

typedef struct ao_bf16_job {
    const ao_gemm_problem *p;
    int64_t mpanels, npanels, kc2, mtiles, ntiles;
    int a_in_place;                 /* A read where it is (ao_bf16_reads_a_in_place), not packed */
    int64_t batch;                  /* the product of the parallel phases */
    uint32_t *apack, *bpack;        /* the parallel phases' packed operands */
    int failed;
} ao_bf16_job;

/* A panel ip (rows ip * MR ..), every k block, into pk (all of A packed) */
static void ao_bf16_pack_a(const ao_bf16_job *j, int64_t base, int64_t ip, uint32_t *pk)
{
    const ao_gemm_problem *p = j->p;
    const uint16_t *src = (const uint16_t *)p->a.data;
    const int64_t mpad = j->mpanels * AO_BF16_MR, cs = p->a.col_stride;
    for (int64_t kb = 0; kb * AO_BF16_KC2 < j->kc2; kb++) {
        const int64_t p0 = kb * AO_BF16_KC2, n2 = j->kc2 - p0 < AO_BF16_KC2 ? j->kc2 - p0 : AO_BF16_KC2;
        uint32_t *dst = pk + p0 * mpad + ip * n2 * AO_BF16_MR;
        const int64_t full = (2 * (p0 + n2) <= p->k) ? n2 : n2 - 1;   /* pairs with both halves */
        const int64_t rows = p->m - ip * AO_BF16_MR < AO_BF16_MR ? p->m - ip * AO_BF16_MR : AO_BF16_MR;
        const uint16_t *r0 = src + base + ip * AO_BF16_MR * p->a.row_stride + 2 * p0 * cs;
        /* unit column stride, rows 4-byte aligned: a pair is a 32-bit word, the panel a
         * transpose of words */
        const int words = cs == 1 && p->a.row_stride % 2 == 0 && (uintptr_t)r0 % 4 == 0;
        if (words && rows == AO_BF16_MR && AO_BF16_MR == 12) {
            /* rows 0-7 and 4-11 (4-7 written twice, the same words): the region's 8 x 8
             * blocks take all 12, where one call leaves the 4 past its last block to its
             * scalar edge loop (a third of the panel) */
            const int64_t ld = p->a.row_stride / 2;
            ao_isa_current()->transpose32(dst, AO_BF16_MR, (const uint32_t *)r0, ld, full, 8);
            ao_isa_current()->transpose32(dst + 4, AO_BF16_MR, (const uint32_t *)r0 + 4 * ld, ld, full, 8);
        } else if (words) {
            ao_isa_current()->transpose32(dst, AO_BF16_MR, (const uint32_t *)r0, p->a.row_stride / 2, full, rows);
        }
        for (int64_t i = 0; i < AO_BF16_MR; i++) {
            const int64_t row = ip * AO_BF16_MR + i;
            if (row >= p->m) {
                for (int64_t q = 0; q < n2; q++)
                    dst[q * AO_BF16_MR + i] = 0;
                continue;
            }
            const uint16_t *r = src + base + row * p->a.row_stride + 2 * p0 * cs;
            for (int64_t q = words ? full : 0; q < full; q++)
                dst[q * AO_BF16_MR + i] = (uint32_t)r[2 * q * cs] | (uint32_t)r[(2 * q + 1) * cs] << 16;
            if (full < n2)
                dst[full * AO_BF16_MR + i] = r[2 * full * cs];
        }
    }
}

/* B panels jp .. jp + AO_BF16_PACK_GROUP - 1 (columns jp * NR ..; those there are), every
 * k block, into pk (all of B packed) */
#define AO_BF16_PACK_GROUP 4
static void ao_bf16_pack_b(const ao_bf16_job *j, int64_t base, int64_t jp, uint32_t *pk)
{
    const ao_gemm_problem *p = j->p;
    const uint16_t *src = (const uint16_t *)p->b.data;
    const int64_t npad = j->npanels * AO_BF16_NR, rs = p->b.row_stride, cs = p->b.col_stride;
    const int64_t j0 = jp * AO_BF16_NR, group = AO_BF16_PACK_GROUP * AO_BF16_NR;
    const int64_t cols = p->n - j0 < group ? p->n - j0 : group;
    for (int64_t kb = 0; kb * AO_BF16_KC2 < j->kc2; kb++) {
        const int64_t p0 = kb * AO_BF16_KC2, n2 = j->kc2 - p0 < AO_BF16_KC2 ? j->kc2 - p0 : AO_BF16_KC2;
        uint32_t *dst = pk + p0 * npad + jp * n2 * AO_BF16_NR;
        const uint16_t *s0 = src + base + 2 * p0 * rs + j0 * cs;
        if (cs == 1 || p->n == 1) {
            ao_gemm_bf16_pack_rows_avx512bf16(dst, n2 * AO_BF16_NR, s0, rs, p->k - 2 * p0, cols, n2);
            continue;
        }
        for (int64_t c = 0; c < (cols + AO_BF16_NR - 1) / AO_BF16_NR * AO_BF16_NR; c++) {
            const uint16_t *col = s0 + c * cs;
            uint32_t *d = dst + c / AO_BF16_NR * n2 * AO_BF16_NR + c % AO_BF16_NR;
            for (int64_t q = 0; q < n2; q++) {
                const int64_t kk = 2 * (p0 + q);
                uint32_t w = 0;
                if (c < cols) {
                    w = col[2 * q * rs];
                    if (kk + 1 < p->k)
                        w |= (uint32_t)col[(2 * q + 1) * rs] << 16;
                }
                d[q * AO_BF16_NR] = w;
            }
        }
    }
}

/* tile t of C (of product `batch`) from the packed operands */
static int ao_bf16_tile(const ao_bf16_job *j, int64_t batch, int64_t t, const uint32_t *apk, const uint32_t *bpk)
{
    const ao_gemm_problem *p = j->p;
    const int64_t ti = t % j->mtiles, tj = t / j->mtiles;
    const int64_t mp0 = ti * (AO_BF16_MC / AO_BF16_MR), np0 = tj * (AO_BF16_NC / AO_BF16_NR);
    const int64_t mpn = j->mpanels - mp0 < AO_BF16_MC / AO_BF16_MR ? j->mpanels - mp0 : AO_BF16_MC / AO_BF16_MR;
    const int64_t npn = j->npanels - np0 < AO_BF16_NC / AO_BF16_NR ? j->npanels - np0 : AO_BF16_NC / AO_BF16_NR;
    const int64_t ld = npn * AO_BF16_NR, mpad = j->mpanels * AO_BF16_MR, npad = j->npanels * AO_BF16_NR;
    float *acc = ao_gemm_scratch(2, (size_t)(mpn * AO_BF16_MR * ld));
    if (!acc)
        return -1;
    const int64_t i0 = ti * AO_BF16_MC, c0 = tj * AO_BF16_NC;
    const int64_t rows = p->m - i0 < AO_BF16_MC ? p->m - i0 : AO_BF16_MC;
    const int64_t cols = p->n - c0 < AO_BF16_NC ? p->n - c0 : AO_BF16_NC;
    const int64_t coff = ao_gemm_batch_offset(p, &p->c, batch) + i0 * p->c.row_stride + c0 * p->c.col_stride;
    /* a bfloat16 or float32 C with unit column stride takes the last k block's sums from
     * the registers (rounded as ao_gemm_store would), not through acc */
    const int direct = (p->c.dtype == AO_DT_BF16 || p->c.dtype == AO_DT_FLOAT) && (p->c.col_stride == 1 || cols == 1);
    const ao_bf16_out out = {p->c.data + coff * ao_dtype_itemsize(p->c.dtype), p->c.dtype, p->c.row_stride, rows, cols};
    const uint16_t *arows = j->a_in_place ? (const uint16_t *)p->a.data + ao_gemm_batch_offset(p, &p->a, batch) +
                                                i0 * p->a.row_stride : NULL;
    for (int64_t p0 = 0; p0 < j->kc2; p0 += AO_BF16_KC2) {
        const int64_t n2 = j->kc2 - p0 < AO_BF16_KC2 ? j->kc2 - p0 : AO_BF16_KC2;
        const ao_bf16_a a = {arows ? NULL : apk + p0 * mpad + mp0 * n2 * AO_BF16_MR, n2 * AO_BF16_MR,
                             arows ? arows + 2 * p0 : NULL, p->a.row_stride, rows};
        ao_gemm_bf16_tile_avx512bf16(n2, mpn, npn, &a, bpk + p0 * npad + np0 * n2 * AO_BF16_NR, n2 * AO_BF16_NR,
                                     acc, ld, p0 == 0, direct && p0 + n2 == j->kc2 ? &out : NULL);
    }
    if (!direct)
        ao_gemm_store(&p->c, coff, rows, cols, acc, ld);
    return 0;
}

/* one whole product on this thread (packed into its own scratch) */
static void ao_bf16_product(void *arg, int64_t batch)
{
    ao_bf16_job *j = (ao_bf16_job *)arg;
    const ao_gemm_problem *p = j->p;
    uint32_t *apk = j->a_in_place ? NULL : (uint32_t *)ao_gemm_scratch(0, (size_t)(j->mpanels * AO_BF16_MR * j->kc2));
    uint32_t *bpk = (uint32_t *)ao_gemm_scratch(1, (size_t)(j->npanels * AO_BF16_NR * j->kc2));
    int bad = (!apk && !j->a_in_place) || !bpk;
    if (!bad) {
        const int64_t abase = ao_gemm_batch_offset(p, &p->a, batch), bbase = ao_gemm_batch_offset(p, &p->b, batch);
        for (int64_t ip = 0; ip < j->mpanels && !j->a_in_place; ip++)
            ao_bf16_pack_a(j, abase, ip, apk);
        for (int64_t jp = 0; jp < j->npanels; jp += AO_BF16_PACK_GROUP)
            ao_bf16_pack_b(j, bbase, jp, bpk);
        for (int64_t t = 0; t < j->mtiles * j->ntiles && !bad; t++)
            bad = ao_bf16_tile(j, batch, t, apk, bpk) != 0;
    }
    if (bad)
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
}

static void ao_bf16_pack_item(void *arg, int64_t t)
{
    ao_bf16_job *j = (ao_bf16_job *)arg;
    if (j->a_in_place)
        t += j->mpanels;
    if (t < j->mpanels)
        ao_bf16_pack_a(j, ao_gemm_batch_offset(j->p, &j->p->a, j->batch), t, j->apack);
    else
        ao_bf16_pack_b(j, ao_gemm_batch_offset(j->p, &j->p->b, j->batch), (t - j->mpanels) * AO_BF16_PACK_GROUP,
                       j->bpack);
}

static void ao_bf16_tile_item(void *arg, int64_t t)
{
    ao_bf16_job *j = (ao_bf16_job *)arg;
    if (ao_bf16_tile(j, j->batch, t, j->apack, j->bpack))
        __atomic_store_n(&j->failed, 1, __ATOMIC_RELAXED);
}

/* Whether the tiles read A's pairs where they are rather than from a packed copy: a pair
 * (k, k + 1) of a row is one 32-bit word where A's column stride is 1, so the register
 * tile broadcasts it from A's 12 rows as it would from the packed panel, in the same
 * order (the same bits), without the 12-row transpose (5% of a 1024^3 product; in place
 * it runs 3-4% faster at 1024^3, 1056^3, 2000^3). Not for an odd k (the last pair's
 * partner is past the row: the packed panel's zero keeps its product, and the sign of a
 * zero sum, as they are), nor where A's rows are a multiple of 4 KiB apart: all 12 then
 * fall in the same L1 sets (8 ways, beside the B panel's 4), and a 2048^3 or 4096^3
 * product ran 25-30% slower in place; 2 KiB apart (1024 columns) they fall in two. */
static int ao_bf16_reads_a_in_place(const ao_gemm_problem *p)
{
    return p->a.col_stride == 1 && p->k % 2 == 0 && (p->a.row_stride * 2) % 4096 != 0;
}

static int ao_gemm_bf16(const ao_gemm_problem *p, int64_t batches, int nthreads)
{
    ao_bf16_job j = {p, (p->m + AO_BF16_MR - 1) / AO_BF16_MR, (p->n + AO_BF16_NR - 1) / AO_BF16_NR, (p->k + 1) / 2,
                     (p->m + AO_BF16_MC - 1) / AO_BF16_MC, (p->n + AO_BF16_NC - 1) / AO_BF16_NC,
                     ao_bf16_reads_a_in_place(p), 0, NULL, NULL, 0};
    const int nt = ao_effective_threads(nthreads);
    if (batches >= nt || j.mtiles * j.ntiles < 2 || nt < 2) {
        ao_parallel_for(batches, batches < 2 ? 1 : nthreads, ao_bf16_product, &j);
        return j.failed ? -1 : 0;
    }
    /* the calling thread's slots hold the shared packs, the tasks' accumulators slot 2 */
    j.apack = j.a_in_place ? NULL : (uint32_t *)ao_gemm_scratch(0, (size_t)(j.mpanels * AO_BF16_MR * j.kc2));
    j.bpack = (uint32_t *)ao_gemm_scratch(1, (size_t)(j.npanels * AO_BF16_NR * j.kc2));
    if ((!j.apack && !j.a_in_place) || !j.bpack)
        return -1;
    for (j.batch = 0; j.batch < batches && !j.failed; j.batch++) {
        ao_parallel_for((j.a_in_place ? 0 : j.mpanels) + (j.npanels + AO_BF16_PACK_GROUP - 1) / AO_BF16_PACK_GROUP,
                        nthreads, ao_bf16_pack_item, &j);
        ao_parallel_for(j.mtiles * j.ntiles, nthreads, ao_bf16_tile_item, &j);
    }
    return j.failed ? -1 : 0;
}
#endif

int ao_gemm(const ao_gemm_problem *p, int nthreads)
{
    if (!p || p->m < 0 || p->n < 0 || p->k < 0 || p->batch_ndim < 0 ||
        p->batch_ndim > AO_GEMM_MAX_BATCH || !ao_gemm_dtype_ok(p->a.dtype) ||
        !ao_gemm_dtype_ok(p->b.dtype) || !ao_gemm_dtype_ok(p->c.dtype))
        return -1;
    int64_t batches = 1;
    for (int d = 0; d < p->batch_ndim; d++) {
        if (p->batch_shape[d] < 0)
            return -1;
        batches *= p->batch_shape[d];
    }
    if (batches == 0 || p->m == 0 || p->n == 0)
        return 0;
    int rc;
    if (ao_gemv(p, batches, nthreads, &rc))
        return rc;
    if (p->n <= AO_GEMV_MAX_M && p->m > AO_GEMV_MAX_M && !(p->a.dtype == AO_DT_FLOAT && (ao_blas.s64 || ao_blas.s32))) {
        /* few columns of C (a matrix times a vector): C^T = B^T A^T by the small-m path,
         * which reads A^T in place (a row-major A is its "dots" form: each row of A
         * streamed once, widened in registers). A float32 A stays with OpenBLAS's gemv,
         * faster at it (1024 x 1024: 56 against 71 us, 1 thread) */
        ao_gemm_problem t = *p;
        t.m = p->n, t.n = p->m;
        t.a = p->b, t.b = p->a, t.c = p->c;
        ao_gemm_operand *ops[3] = {&t.a, &t.b, &t.c};
        for (int q = 0; q < 3; q++) {
            const int64_t rs = ops[q]->row_stride;
            ops[q]->row_stride = ops[q]->col_stride, ops[q]->col_stride = rs;
        }
        if (ao_gemv(&t, batches, nthreads, &rc))
            return rc;
    }
#if defined(__x86_64__)
    if (p->a.dtype == AO_DT_BF16 && p->b.dtype == AO_DT_BF16 && p->k > 0 && ao_gemm_bf16_dot_usable())
        return ao_gemm_bf16(p, batches, nthreads);
#endif
    /* a 32-bit-integer BLAS takes sizes up to INT_MAX only (its chunks are smaller) */
    if (ao_blas.s64 || (ao_blas.s32 && p->m <= INT_MAX && p->n <= INT_MAX && p->k <= INT_MAX))
        return ao_gemm_blas(p, batches, nthreads);
    return ao_gemm_portable(p, batches, nthreads);
}
