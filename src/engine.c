/* ascendops elementwise engine: executes an ao_ew_plan (elementwise.h) on the CPU.
 *
 * The plan's CANN tiling blocks, clamped to the real element count (the tiling counts
 * the 32-byte padding as data), are split into pieces of AO_PIECE elements that
 * the worker pool's threads share out (ao_parallel_for: contiguous shares, stealing). A piece is walked in chunks of AO_CHUNK elements,
 * or -- when some operand is transposed in the last two dims -- its full rows in 2-D
 * tiles of AO_TILE_R x AO_TILE_C. Per chunk/tile, each input is either used in place
 * (the kernel's dtype, contiguous or unit inner stride) or loaded into an fp32 buffer
 * (dtype widening, any strides incl. 0; chunks on the stack, tiles in per-thread
 * scratch); the op function of the current ISA computes it; the result is either
 * written by the op directly or narrowed/scattered from a buffer. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <stdlib.h>
#include <string.h>
#include "elementwise.h"
#include "ao_internal.h"

#if AO_THREADS
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <emmintrin.h> /* _mm_sfence */
#define AO_HAVE_STREAM 1
#else
#define AO_HAVE_STREAM 0
#endif

/* Elements per chunk (per operand fp32 stack buffer: 4 KiB each). */
#define AO_CHUNK 1024
/* Elements per piece of work handed to a thread (see ao_ew_run). */
#define AO_PIECE ((int64_t)1 << 16)
#define AO_PIECE_MIN ((int64_t)4096)
/* Below this many elements ao_ew_run stays on the calling thread. Back-to-back calls
 * find the worker watching for them, so a hand-off costs about a microsecond: with the
 * threshold lowered to 4096 (AMD EPYC Zen 3 KVM guest, avx2, 1 against 2 threads, least
 * of 9 blocks, us per call), 2 threads won from 16384 on for the cheapest body too (add
 * float32 4.85 -> 3.87, add float16 3.98 -> 3.61, sigmoid float32 8.27 -> 5.32,
 * SiluBackward float32 9.9-10.4 -> 6.8-8.0), and at 8192 gained at most 1.2x (add
 * float16 lost: 3.02 -> 3.08). docs/performance.md "Per-CPU choices", thread split. */
#define AO_PAR_MIN_NUMEL 16384
/* Contiguous 16-bit plans that move at least this many bytes (inputs and output)
 * have the fused kernel write the output with non-temporal stores (ao_ew16_fn's
 * `stream`): data this large cannot stay in cache for its consumer (an L3 slice of
 * a server part holds 32 MiB), and a plain store first reads each line it writes.
 * SiluBackward n=1e7, C harness, 8 runs alternating, median ns/element, 1 thread:
 * bf16 0.512 -> 0.404, f16 0.549 -> 0.492 (2 threads: medians equal, best runs
 * 0.247 -> 0.201 and 0.280 -> 0.219). Contiguous fp32 plans too: the
 * kernel's own register stores stream (ao_kernel_fn32s; a staged body's block from
 * L1, in the AVX2 and AVX-512 regions), from the output's first 64-byte line on. C harness, 1 thread, CPU time, Zen 4
 * avx512, numpy-like outputs 16 bytes off a line: threshold_backward 1e7 0.46 -> 0.39
 * ns/element (a memory-bound body: 16 bytes moved per element become 12); see
 * docs/performance.md "Large tensors". (An earlier fp32 attempt, a copy
 * out of an L1 buffer after the plain loop, measured slower: 0.583 -> 0.706.) The same
 * for a contiguous output whose inputs are broadcast or strided (ao_run_linear's chunks,
 * started on the output's lines): fp32 4096 x 4096 x + a (4096, 1) column, 1 thread,
 * Zen 4, medians 7.2-8.9 -> 3.6-4.1 ms (with the column's fill once a row), x + a
 * (1, 4096) row 5.7-5.9 -> 4.5-5.2 ms. */
#define AO_STREAM_MIN_BYTES ((int64_t)32 << 20)
/* Below this many bytes ao_strided_copy stays on the calling thread. */
#define AO_COPY_PAR_MIN_BYTES ((int64_t)1 << 20)

/* ---------------------------------------------------------------- threads */

#if AO_THREADS
static int ao_nthreads_set = 0;     /* set by ao_set_num_threads; 0 = the default below */
static int ao_nthreads_default = 1;
static pthread_once_t ao_nthreads_once = PTHREAD_ONCE_INIT;

/* The default thread count, as OpenMP runtimes choose it (the kernels ran on OpenMP
 * before the worker pool replaced it, and OMP_NUM_THREADS is what users set): the
 * first value of OMP_NUM_THREADS, else the CPUs this process may run on. */
static void ao_nthreads_init(void)
{
    int n = 0;
    const char *env = getenv("OMP_NUM_THREADS");
    if (env && *env) {
        char *end;
        long v = strtol(env, &end, 10);
        while (*end == ' ' || *end == '\t')
            end++;
        if (v > 0 && v <= 65536 && (*end == '\0' || *end == ','))
            n = (int)v;
    }
#ifdef CPU_COUNT
    if (n <= 0) {
        cpu_set_t set;
        if (sched_getaffinity(0, sizeof set, &set) == 0)
            n = CPU_COUNT(&set);
    }
#endif
    if (n <= 0) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        n = c > 0 ? (int)c : 1;
    }
    ao_nthreads_default = n;
}
#endif

int ao_get_num_threads(void)
{
#if AO_THREADS
    int n = __atomic_load_n(&ao_nthreads_set, __ATOMIC_RELAXED);
    if (n > 0)
        return n;
    pthread_once(&ao_nthreads_once, ao_nthreads_init);
    return ao_nthreads_default;
#else
    return 1;
#endif
}

void ao_set_num_threads(int n)
{
#if AO_THREADS
    if (n > 0)
        __atomic_store_n(&ao_nthreads_set, n, __ATOMIC_RELAXED);
#else
    (void)n;
#endif
}

int ao_effective_threads(int nthreads)
{
#if AO_THREADS
    return nthreads > 0 ? nthreads : ao_get_num_threads();
#else
    (void)nthreads;
    return 1;
#endif
}

/* ---------------------------------------------------------- strided walk */

/* Copies n elements of size isz with element stride st (0 allowed) from src to the
 * contiguous dst (gather) -- or the reverse (scatter). */
static inline void ao_gather_seg(char *dst, const char *src, int64_t st, int64_t n, int isz)
{
    if (st == 1) {
        memcpy(dst, src, (size_t)(n * isz));
        return;
    }
    switch (isz) {
    case 4: {
        const uint32_t *s = (const uint32_t *)src;
        uint32_t *d = (uint32_t *)dst;
        if (st == 0) { uint32_t v = s[0]; for (int64_t i = 0; i < n; i++) d[i] = v; }
        else for (int64_t i = 0; i < n; i++) d[i] = s[i * st];
        break;
    }
    case 2: {
        const uint16_t *s = (const uint16_t *)src;
        uint16_t *d = (uint16_t *)dst;
        if (st == 0) { uint16_t v = s[0]; for (int64_t i = 0; i < n; i++) d[i] = v; }
        else for (int64_t i = 0; i < n; i++) d[i] = s[i * st];
        break;
    }
    default:
        for (int64_t i = 0; i < n; i++)
            memcpy(dst + i * isz, src + i * st * isz, (size_t)isz);
    }
}

static inline void ao_scatter_seg(char *dst, int64_t st, const char *src, int64_t n, int isz)
{
    if (st == 1) {
        memcpy(dst, src, (size_t)(n * isz));
        return;
    }
    switch (isz) {
    case 4: {
        const uint32_t *s = (const uint32_t *)src;
        uint32_t *d = (uint32_t *)dst;
        for (int64_t i = 0; i < n; i++) d[i * st] = s[i];
        break;
    }
    case 2: {
        const uint16_t *s = (const uint16_t *)src;
        uint16_t *d = (uint16_t *)dst;
        for (int64_t i = 0; i < n; i++) d[i * st] = s[i];
        break;
    }
    default:
        for (int64_t i = 0; i < n; i++)
            memcpy(dst + i * st * isz, src + i * isz, (size_t)isz);
    }
}

/* Moves n elements starting at row-major linear index `lin` of a strided operand
 * (base, strides st over shape[ndim], ndim >= 1) to/from the contiguous buffer buf. */
static void ao_walk(int ndim, const int64_t *shape, const int64_t *st, char *base, int isz,
                    int64_t lin, int64_t n, char *buf, int scatter)
{
    ao_walker w;
    ao_walk_init(&w, ndim, shape, 1, &st, lin, lin + n);
    const int64_t ist = st[ndim - 1];
    int64_t j = 0;
    int64_t seg;
    do {
        seg = ao_walk_run(&w);
        if (scatter)
            ao_scatter_seg(base + w.off[0] * isz, ist, buf + j * isz, seg, isz);
        else
            ao_gather_seg(buf + j * isz, base + w.off[0] * isz, ist, seg, isz);
        j += seg;
    } while (ao_walk_next(&w, seg));
}

/* Element offset of row-major linear index lin. */
static inline int64_t ao_offset(int ndim, const int64_t *shape, const int64_t *st, int64_t lin)
{
    return ao_walk_offset(ndim, shape, st, lin);
}

/* ------------------------------------------------------------- the engine */

/* Operands of one pass: its output and the inputs (a plan of several outputs runs one
 * pass per output, see ao_ew_run), so the buffers below are sized for one output. */
#define AO_RUN_OPERANDS (AO_MAX_INPUTS + 1)

/* Rows at least this long: chunks of a strided plan stop at row ends, so that
 * operands with unit inner stride are used in place. */
#define AO_ROW_DIRECT_MIN 256

typedef struct ao_run_ctx {
    int ndim;                       /* >= 1 (0-d plans run as shape (1)) */
    int nops;                       /* 1 + nin */
    int64_t numel;
    const int64_t *shape;
    const int64_t *strides[AO_RUN_OPERANDS];
    int dtype[AO_RUN_OPERANDS];
    int isz[AO_RUN_OPERANDS];
    int contig[AO_RUN_OPERANDS];    /* row-major contiguous over the whole shape */
    int all_direct;                 /* every operand float32 and contiguous */
    int row_chunks;                 /* chunks stop at row ends (see AO_ROW_DIRECT_MIN) */
    int row_direct[AO_RUN_OPERANDS];/* unit inner stride in the loop's dtype (fp32, or the
                                     * fused 16-bit loop's): in place per row */
    int constant[AO_RUN_OPERANDS];  /* every stride 0 (a broadcast scalar): one value throughout */
    int tile2d;                     /* some operand runs across the rows (see AO_TILE_*) */
    int64_t span;                   /* > 0: one range [0, span) instead of CANN's blocks */
    int64_t span_shift;             /* the span's pieces start at k * piece - span_shift */
    char *data[AO_RUN_OPERANDS];
    ao_ew_fn fn;
    ao_ew16_fn fn16;                /* every operand the same 16-bit dtype: fused loop */
    int all_direct16;               /* ... and every operand contiguous */
    int stream;                     /* a contiguous output by non-temporal stores */
    ao_ew16_fn fn32s;               /* fp32 output at streaming sizes: fn with a stream flag */
    const ao_isa_impl *isa;
    const float *attrs;
    ao_tiling t;
} ao_run_ctx;

static const int64_t ao_one_shape[1] = { 1 };
static const int64_t ao_zero_stride[1] = { 0 };

/* An input constant along the last dim (a broadcast column) over a chunk [s, s + n) within
 * one row, or constant everywhere: its buffer holds one value, filled for the rest of the
 * row (up to a buffer; for a constant, this chunk) and reused by the later chunks that
 * read the same value. Returns how many elements to fill (0: the buffer already holds
 * this value for n elements); *src: the value. */
typedef struct ao_held {
    const char *src;
    int64_t n;
} ao_held;

static inline int64_t ao_held_fill(const ao_run_ctx *c, int o, int64_t s, int64_t n, ao_held *h,
                                   const char **src)
{
    const int64_t left = c->constant[o] ? n : c->shape[c->ndim - 1] - s % c->shape[c->ndim - 1];
    *src = c->data[o] + ao_offset(c->ndim, c->shape, c->strides[o], s) * c->isz[o];
    if (*src == h->src && n <= h->n)
        return 0;
    h->src = *src;
    h->n = left < AO_CHUNK ? left : AO_CHUNK;
    return h->n;
}

/* Elements [lo, hi) of a plan whose operands are all contiguous in the kernel's
 * dtype (all_direct: fp32, all_direct16: one 16-bit dtype): the kernel reads and
 * writes them in place. */
static void ao_run_direct(const ao_run_ctx *c, int64_t lo, int64_t hi)
{
    const void *in[AO_MAX_INPUTS];
    for (int k = 0; k < c->nops - 1; k++)
        in[k] = c->data[k + 1] + lo * c->isz[k + 1];
    char *out = c->data[0] + lo * c->isz[0];
    if (!c->fn16) {
        int64_t head = hi - lo;
        if (c->stream) {
            /* the elements before out's next 64-byte line plainly, so that every
             * register store of the rest is aligned and streams (numpy's arrays start
             * 16 bytes off a line) */
            head = (int64_t)((64 - ((uintptr_t)out & 63)) & 63) / 4;
            if (head > hi - lo)
                head = hi - lo;
        }
        if (head > 0)
            c->fn((float *)out, (const float *const *)in, head, c->attrs);
        if (head < hi - lo) {
            for (int k = 0; k < c->nops - 1; k++)
                in[k] = (const char *)in[k] + head * 4;
            c->fn32s(out + head * 4, in, hi - lo - head, c->attrs, 1);
#if AO_HAVE_STREAM
            _mm_sfence(); /* as below */
#endif
        }
        return;
    }
    c->fn16(out, in, hi - lo, c->attrs, c->stream);
#if AO_HAVE_STREAM
    if (c->stream)
        _mm_sfence(); /* order the non-temporal stores before the pool's completion */
#endif
}

/* ao_run_linear for plans whose operands all have one 16-bit dtype: the fused kernel
 * reads/writes contiguous operands in place; strided ones are gathered/scattered as
 * raw 16-bit data (no fp32 buffers). */
static void ao_run_linear16(const ao_run_ctx *c, int64_t lo, int64_t hi)
{
    const int nin = c->nops - 1;
    if (c->all_direct16) {
        ao_run_direct(c, lo, hi);
        return;
    }
    uint16_t raw[AO_RUN_OPERANDS][AO_CHUNK] __attribute__((aligned(64)));
    const int64_t inner = c->shape[c->ndim - 1];
    ao_held held[AO_RUN_OPERANDS] = { { 0, 0 } };
    for (int64_t s = lo, n; s < hi; s += n) {
        n = hi - s < AO_CHUNK ? hi - s : AO_CHUNK;
        if (c->row_chunks && n > inner - s % inner)
            n = inner - s % inner;
        const int in_row = s % inner + n <= inner;
        const void *in[AO_MAX_INPUTS];
        for (int k = 0; k < nin; k++) {
            const int o = k + 1;
            if (c->contig[o]) {
                in[k] = (const uint16_t *)c->data[o] + s;
            } else if (in_row && c->row_direct[o]) { /* a row in place */
                in[k] = (const uint16_t *)c->data[o] + ao_offset(c->ndim, c->shape, c->strides[o], s);
            } else if ((in_row && c->strides[o][c->ndim - 1] == 0) || c->constant[o]) { /* one value (ao_held_fill) */
                const char *src;
                const int64_t m = ao_held_fill(c, o, s, n, &held[o], &src);
                uint16_t v;
                memcpy(&v, src, 2);
                c->isa->fill(raw[o], v * 0x10001u, m * 2);
                in[k] = raw[o];
            } else {
                ao_walk(c->ndim, c->shape, c->strides[o], c->data[o], 2, s, n, (char *)raw[o], 0);
                in[k] = raw[o];
            }
        }
        if (c->contig[0]) {
            c->fn16((uint16_t *)c->data[0] + s, in, n, c->attrs, c->stream);
        } else {
            c->fn16(raw[0], in, n, c->attrs, 0);
            ao_walk(c->ndim, c->shape, c->strides[0], c->data[0], 2, s, n, (char *)raw[0], 1);
        }
    }
#if AO_HAVE_STREAM
    if (c->stream)
        _mm_sfence(); /* as ao_run_direct's */
#endif
}

/* Computes elements [lo, hi) (row-major linear indices) in linear chunks. */
static void ao_run_linear(const ao_run_ctx *c, int64_t lo, int64_t hi)
{
    const int nin = c->nops - 1;
    if (c->fn16) {
        ao_run_linear16(c, lo, hi);
        return;
    }
    if (c->all_direct) {
        ao_run_direct(c, lo, hi);
        return;
    }
    float buf[AO_RUN_OPERANDS][AO_CHUNK] __attribute__((aligned(64)));
    uint16_t raw[AO_CHUNK] __attribute__((aligned(64)));
    const int64_t inner = c->shape[c->ndim - 1];
    ao_held held[AO_RUN_OPERANDS] = { { 0, 0 } }; /* broadcast columns' buffers, as fp32 */
    for (int64_t s = lo, n; s < hi; s += n) {
        n = hi - s < AO_CHUNK ? hi - s : AO_CHUNK;
        if (c->stream) {
            /* a streamed output's chunks start on its 64-byte lines: the elements
             * before the next one form a chunk of their own, stored plainly */
            const int64_t head = (int64_t)((64 - ((uintptr_t)((float *)c->data[0] + s) & 63)) & 63) / 4;
            if (head > 0 && head < n)
                n = head;
        }
        int in_row = 0;
        if (c->row_chunks) {
            const int64_t left = inner - s % inner;
            if (n > left)
                n = left;
            in_row = 1; /* [s, s + n) lies within one row */
        }
        const float *in[AO_MAX_INPUTS];
        for (int k = 0; k < nin; k++) {
            const int o = k + 1;
            const int dt = c->dtype[o];
            if (in_row && c->row_direct[o]) {
                in[k] = (const float *)c->data[o] + ao_offset(c->ndim, c->shape, c->strides[o], s);
                continue;
            }
            if ((c->strides[o][c->ndim - 1] == 0 && s % inner + n <= inner) || c->constant[o]) {
                const char *src;
                const int64_t m = ao_held_fill(c, o, s, n, &held[o], &src); /* one value */
                if (m) {
                    float v;
                    if (dt == AO_DT_FLOAT)
                        memcpy(&v, src, 4);
                    else if (dt == AO_DT_FLOAT16)
                        c->isa->f16_to_f32(&v, (const uint16_t *)src, 1);
                    else
                        c->isa->bf16_to_f32(&v, (const uint16_t *)src, 1);
                    uint32_t bits;
                    memcpy(&bits, &v, 4);
                    c->isa->fill(buf[o], bits, m * 4);
                }
                in[k] = buf[o];
                continue;
            }
            if (c->contig[o]) {
                if (dt == AO_DT_FLOAT) {
                    in[k] = (const float *)c->data[o] + s;
                    continue;
                }
                const uint16_t *src = (const uint16_t *)c->data[o] + s;
                if (dt == AO_DT_FLOAT16)
                    c->isa->f16_to_f32(buf[o], src, n);
                else
                    c->isa->bf16_to_f32(buf[o], src, n);
            } else if (dt == AO_DT_FLOAT) {
                ao_walk(c->ndim, c->shape, c->strides[o], c->data[o], 4, s, n, (char *)buf[o], 0);
            } else {
                ao_walk(c->ndim, c->shape, c->strides[o], c->data[o], 2, s, n, (char *)raw, 0);
                if (dt == AO_DT_FLOAT16)
                    c->isa->f16_to_f32(buf[o], raw, n);
                else
                    c->isa->bf16_to_f32(buf[o], raw, n);
            }
            in[k] = buf[o];
        }
        const int dt = c->dtype[0];
        if (c->contig[0] && dt == AO_DT_FLOAT) {
            float *o = (float *)c->data[0] + s;
            if (c->stream && !((uintptr_t)o & 63))
                c->fn32s(o, (const void *const *)in, n, c->attrs, 1);
            else
                c->fn(o, in, n, c->attrs);
            continue;
        }
        if (in_row && c->row_direct[0]) {
            c->fn((float *)c->data[0] + ao_offset(c->ndim, c->shape, c->strides[0], s), in, n, c->attrs);
            continue;
        }
        c->fn(buf[0], in, n, c->attrs);
        if (dt == AO_DT_FLOAT) {
            ao_walk(c->ndim, c->shape, c->strides[0], c->data[0], 4, s, n, (char *)buf[0], 1);
            continue;
        }
        uint16_t *dst = c->contig[0] ? (uint16_t *)c->data[0] + s : raw;
        if (dt == AO_DT_FLOAT16)
            c->isa->f32_to_f16(dst, buf[0], n);
        else
            c->isa->f32_to_bf16(dst, buf[0], n);
        if (!c->contig[0])
            ao_walk(c->ndim, c->shape, c->strides[0], c->data[0], 2, s, n, (char *)raw, 1);
    }
#if AO_HAVE_STREAM
    if (c->stream)
        _mm_sfence(); /* as ao_run_direct's */
#endif
}

/* 2-D tiles. When an operand's last dim is not its fastest-varying one (a transposed
 * view: |stride[-2]| < |stride[-1]|), linear chunks would touch one cache line (and
 * often one page) per element. Full rows are then computed in tiles of AO_TILE_R rows
 * x AO_TILE_C columns of the last two dims: every operand is gathered/scattered tile
 * by tile, walking whichever of its two dims has the smaller stride innermost.
 * Operands with unit inner stride are used in place, row by row; transposed ones
 * are moved through 8 x 8 register transposes (ao_isa_impl.transpose32/16).
 * f32 4096^2 x.T, 2 threads, noisy runs: 64 x 64 16.6-17.7 ms, 64 x 128 13.9-16.2,
 * 64 x 256 15.7-17.2, 32 x 128 14.4-16.5, 16 x 256 18.4; contiguous 7.5-8.5 ms.
 * (Before in-place rows and register transposes: 22.4 ms.) With huge pages, 3 runs
 * alternating: 128 x 128 10.9-13.0 ms (1 thread 20.0-20.7), 64 x 128 11.4-14.7
 * (21.4-28.0), 64 x 256 12.1-14.2 (23.5-29.0). Since tiled plans walk whole bands
 * of AO_TILE_R rows (ao_ew_run), C harness, operands 16 bytes off cache lines like
 * numpy's, 4-5 alternating runs, ns/element at 2 threads (1 thread): f32 128 x 256
 * 0.69-0.88 (1.31-1.39), 128 x 128 0.73-0.95 (1.37-1.60), 64 x 256 0.72-0.82
 * (1.33-1.36), 64 x 512 0.79-0.92, 32 x 512 0.93-1.05; f16 128 x 256 0.76-0.94
 * (1.46-1.55), 128 x 128 0.82-1.08 (1.49-1.75), 64 x 256 0.87-1.12. Once the
 * transposes walk whole strips (region.h), 64 x 256 is ahead: f32, 2 threads, three
 * sets of 8 alternating runs, medians 0.749-0.903 against 0.855-0.956 for 128 x 256
 * (1 thread 1.456 against 1.737); 256 x 128, 512 x 64, 64 x 128, 64 x 512, 32 x 256
 * and 32 x 512 are not (0.79-1.14). f16 is the same at both. The tile
 * then holds half the bytes (64 KiB of x per fp32 tile), which leaves more of L2 to
 * the in-place rows and to the next tile's prefetched strips. */
#ifndef AO_TILE_R
#define AO_TILE_R 64
#endif
#ifndef AO_TILE_C
#define AO_TILE_C 256
#endif

/* Tile buffers, per thread: AO_RUN_OPERANDS fp32 tiles and one 16-bit tile (the
 * 16-bit path uses buf as 16-bit tiles). 288 KiB for 64 x 256 tiles (only the
 * buffers of moved operands are touched): too much for
 * the stack of an arbitrary caller's thread, so it is allocated on a thread's first
 * 2-D tile and freed when the thread exits (pthread key destructor; builds without
 * threads (AO_THREADS 0) keep it until the process exits). */
typedef struct ao_tile_scratch {
    float buf[AO_RUN_OPERANDS][AO_TILE_R * AO_TILE_C];
    uint16_t raw[AO_TILE_R * AO_TILE_C];
} ao_tile_scratch;

static _Thread_local ao_tile_scratch *ao_tls_scratch;
#if AO_THREADS
static pthread_key_t ao_scratch_key;
static pthread_once_t ao_scratch_once = PTHREAD_ONCE_INIT;
static int ao_scratch_key_ok;

static void ao_scratch_key_init(void)
{
    ao_scratch_key_ok = pthread_key_create(&ao_scratch_key, free) == 0;
}
#endif

/* This thread's tile buffers, or NULL when they cannot be allocated (the caller
 * then walks the range in linear chunks, which need none). */
static ao_tile_scratch *ao_tile_scratch_get(void)
{
    if (ao_tls_scratch)
        return ao_tls_scratch;
#if AO_THREADS
    pthread_once(&ao_scratch_once, ao_scratch_key_init);
    if (!ao_scratch_key_ok)
        return NULL;
#endif
    ao_tile_scratch *s = aligned_alloc(64, sizeof(ao_tile_scratch));
    if (!s)
        return NULL;
#if AO_THREADS
    if (pthread_setspecific(ao_scratch_key, s) != 0) {
        free(s);
        return NULL;
    }
#endif
    ao_tls_scratch = s;
    return s;
}

/* dst (contiguous, rows x cols) <- src element (i, j) at src + (i*sr + j*sc)*isz;
 * scatter: the reverse. */
static void ao_tile_move(const ao_isa_impl *isa, char *buf, char *base, int64_t sr, int64_t sc,
                         int64_t rows, int64_t cols, int isz, int scatter)
{
    const int64_t asr = sr < 0 ? -sr : sr, asc = sc < 0 ? -sc : sc;
    if (asc <= asr || asr == 0) { /* row by row (incl. broadcast rows/columns) */
        for (int64_t i = 0; i < rows; i++) {
            char *b = buf + i * cols * isz, *p = base + i * sr * isz;
            if (scatter)
                ao_scatter_seg(p, sc, b, cols, isz);
            else
                ao_gather_seg(b, p, sc, cols, isz);
        }
        return;
    }
    /* Column by column: the operand's rows (the smaller stride) innermost. */
    if (sr == 1) {
        /* a transposed copy: the ISA's 8 x 8 register blocks */
        if (isz == 4) {
            if (scatter)
                isa->transpose32((uint32_t *)base, sc, (const uint32_t *)buf, cols, cols, rows);
            else
                isa->transpose32((uint32_t *)buf, cols, (const uint32_t *)base, sc, rows, cols);
            return;
        }
        if (isz == 2) {
            if (scatter)
                isa->transpose16((uint16_t *)base, sc, (const uint16_t *)buf, cols, cols, rows);
            else
                isa->transpose16((uint16_t *)buf, cols, (const uint16_t *)base, sc, rows, cols);
            return;
        }
    }
    for (int64_t j = 0; j < cols; j++) {
        char *b = buf + j * isz, *p = base + j * sc * isz;
        if (isz == 4) {
            uint32_t *bb = (uint32_t *)b, *pp = (uint32_t *)p;
            if (scatter) for (int64_t i = 0; i < rows; i++) pp[i * sr] = bb[i * cols];
            else for (int64_t i = 0; i < rows; i++) bb[i * cols] = pp[i * sr];
        } else {
            uint16_t *bb = (uint16_t *)b, *pp = (uint16_t *)p;
            if (scatter) for (int64_t i = 0; i < rows; i++) pp[i * sr] = bb[i * cols];
            else for (int64_t i = 0; i < rows; i++) bb[i * cols] = pp[i * sr];
        }
    }
}

/* One operand of a 2-D tile: either used in place, row by row (its inner stride is 1
 * and its dtype the kernel's own: no copy), or moved through a contiguous rows x cols
 * buffer. */
typedef struct ao_tile_opnd {
    char *ptr;        /* row 0 of the tile (in place) or the buffer */
    int64_t ld;       /* elements between rows */
} ao_tile_opnd;

/* Memory the tile engine prefetches while the kernel runs: `count` strips of `bytes`
 * bytes, `step` bytes apart (prefetches never fault; the addresses are in bounds). */
typedef struct ao_strips {
    const char *p;
    int64_t step, count, bytes;
    int write;        /* the output: prefetch with intent to write */
} ao_strips;

static void ao_prefetch_strips(const ao_strips *s, int64_t from, int64_t to)
{
    for (int64_t j = from; j < to; j++) {
        const char *q = s->p + j * s->step;
        for (int64_t b = 0; b < s->bytes; b += 64) {
            if (s->write)
                __builtin_prefetch(q + b, 1);
            else
                __builtin_prefetch(q + b, 0);
        }
    }
}

/* What to prefetch for operand o while this tile runs. In place (row by row): its next
 * row. Its rows are `cols` elements far apart in memory, too short for the hardware
 * prefetchers to pick up. Moved column by column (sr == 1, e.g. x.T): the column
 * strips of the next tile to the right (next_cols of them), a whole tile of rows
 * further in memory. Either way the misses then overlap the kernel's compute instead
 * of stalling the next call or the next tile's transpose (staged kernels compute a
 * whole row before they touch their second operand). Returns 0 when there is nothing. */
static int ao_tile_strips(const ao_run_ctx *c, int o, int direct, const ao_tile_opnd *op,
                          const char *src, int64_t rows, int64_t cols, int64_t next_cols,
                          int isz, ao_strips *s)
{
    const int l = c->ndim - 1;
    const int64_t sr = c->strides[o][l - 1], sc = c->strides[o][l];
    s->write = o == 0;
    if (direct) {
        s->p = op->ptr + op->ld * isz;
        s->step = op->ld * isz;
        s->count = rows - 1;
        s->bytes = cols * isz;
        return rows > 1;
    }
    if (sr != 1 || next_cols <= 0 || (sc < 0 ? -sc : sc) <= 1)
        return 0;
    s->p = src + cols * sc * c->isz[o];
    s->step = sc * c->isz[o];
    s->count = next_cols;
    s->bytes = rows * c->isz[o];
    return 1;
}

/* Runs the tile's kernel: one call per row when some operand is used in place, else
 * one call over the whole (contiguous) tile, spreading the prefetches of pf[0..npf)
 * evenly over the calls. isz: the kernel's element size. */
static void ao_tile_kernel(const ao_run_ctx *c, const ao_tile_opnd *op, int any_direct,
                           int64_t rows, int64_t cols, int isz, const ao_strips *pf, int npf)
{
    const int nin = c->nops - 1;
    const int64_t nrow = any_direct ? rows : 1, len = any_direct ? cols : rows * cols;
    for (int64_t i = 0; i < nrow; i++) {
        for (int k = 0; k < npf; k++)
            ao_prefetch_strips(&pf[k], pf[k].count * i / nrow, pf[k].count * (i + 1) / nrow);
        const void *in[AO_MAX_INPUTS];
        for (int k = 0; k < nin; k++)
            in[k] = op[k + 1].ptr + i * op[k + 1].ld * isz;
        void *out = op[0].ptr + i * op[0].ld * isz;
        if (isz == 4)
            c->fn((float *)out, (const float *const *)in, len, c->attrs);
        else
            c->fn16(out, in, len, c->attrs, 0);
    }
}

/* Where operand o of the tile at linear index lin lives for the kernel: in place
 * when its inner stride is 1 and its dtype is the kernel's (kernel_dt), else in buf.
 * *src: the operand's element (0, 0) of the tile. Returns 1 when in place. */
static int ao_tile_operand(const ao_run_ctx *c, int o, int64_t lin, int kernel_dt, char *buf,
                           int64_t cols, ao_tile_opnd *op, char **src)
{
    const int64_t *st = c->strides[o];
    const int l = c->ndim - 1;
    *src = c->data[o] + ao_offset(c->ndim, c->shape, st, lin) * c->isz[o];
    if (st[l] == 1 && c->dtype[o] == kernel_dt) {
        op->ptr = *src;
        op->ld = st[l - 1];
        return 1;
    }
    op->ptr = buf;
    op->ld = cols;
    return 0;
}

/* ao_run_tile for plans whose operands all have one 16-bit dtype: raw 16-bit tiles,
 * fused kernel. */
static void ao_run_tile16(const ao_run_ctx *c, ao_tile_scratch *sc_, int64_t lin, int64_t rows,
                          int64_t cols, int64_t next_cols)
{
    uint16_t *r16[AO_RUN_OPERANDS];
    for (int o = 0; o < AO_RUN_OPERANDS; o++)
        r16[o] = (uint16_t *)sc_->buf[o];
    const int l = c->ndim - 1;
    ao_tile_opnd op[AO_RUN_OPERANDS];
    char *src[AO_RUN_OPERANDS];
    int any_direct = 0, direct[AO_RUN_OPERANDS], npf = 0;
    ao_strips pf[AO_RUN_OPERANDS];
    for (int o = 0; o < c->nops; o++) {
        direct[o] = ao_tile_operand(c, o, lin, c->dtype[0], (char *)r16[o], cols, &op[o], &src[o]);
        any_direct |= direct[o];
        npf += ao_tile_strips(c, o, direct[o], &op[o], src[o], rows, cols, next_cols, 2, &pf[npf]);
        if (o > 0 && !direct[o])
            ao_tile_move(c->isa, (char *)r16[o], src[o], c->strides[o][l - 1], c->strides[o][l],
                         rows, cols, 2, 0);
    }
    ao_tile_kernel(c, op, any_direct, rows, cols, 2, pf, npf);
    if (!direct[0])
        ao_tile_move(c->isa, (char *)r16[0], src[0], c->strides[0][l - 1], c->strides[0][l],
                     rows, cols, 2, 1);
}

/* Computes the rows x cols tile whose first element has linear index lin. */
static void ao_run_tile(const ao_run_ctx *c, ao_tile_scratch *sc_, int64_t lin, int64_t rows,
                        int64_t cols, int64_t next_cols)
{
    if (c->fn16) {
        ao_run_tile16(c, sc_, lin, rows, cols, next_cols);
        return;
    }
    float (*buf)[AO_TILE_R * AO_TILE_C] = sc_->buf;
    uint16_t *raw = sc_->raw;
    const int l = c->ndim - 1;
    const int64_t n = rows * cols;
    ao_tile_opnd op[AO_RUN_OPERANDS];
    char *src[AO_RUN_OPERANDS];
    int any_direct = 0, direct[AO_RUN_OPERANDS], npf = 0;
    ao_strips pf[AO_RUN_OPERANDS];
    for (int o = 0; o < c->nops; o++) {
        direct[o] = ao_tile_operand(c, o, lin, AO_DT_FLOAT, (char *)buf[o], cols, &op[o], &src[o]);
        any_direct |= direct[o];
        npf += ao_tile_strips(c, o, direct[o], &op[o], src[o], rows, cols, next_cols, 4, &pf[npf]);
        if (o == 0 || direct[o])
            continue;
        const int64_t sr = c->strides[o][l - 1], sc = c->strides[o][l];
        if (c->dtype[o] == AO_DT_FLOAT) {
            ao_tile_move(c->isa, (char *)buf[o], src[o], sr, sc, rows, cols, 4, 0);
        } else {
            ao_tile_move(c->isa, (char *)raw, src[o], sr, sc, rows, cols, 2, 0);
            if (c->dtype[o] == AO_DT_FLOAT16)
                c->isa->f16_to_f32(buf[o], raw, n);
            else
                c->isa->bf16_to_f32(buf[o], raw, n);
        }
    }
    ao_tile_kernel(c, op, any_direct, rows, cols, 4, pf, npf);
    if (direct[0])
        return;
    const int64_t sr = c->strides[0][l - 1], sc = c->strides[0][l];
    if (c->dtype[0] == AO_DT_FLOAT) {
        ao_tile_move(c->isa, (char *)buf[0], src[0], sr, sc, rows, cols, 4, 1);
        return;
    }
    if (c->dtype[0] == AO_DT_FLOAT16)
        c->isa->f32_to_f16(raw, buf[0], n);
    else
        c->isa->f32_to_bf16(raw, buf[0], n);
    ao_tile_move(c->isa, (char *)raw, src[0], sr, sc, rows, cols, 2, 1);
}

/* Peels that put later tiles on 64-byte boundaries (numpy's arrays are only 16-byte
 * aligned; vector loads and stores that straddle cache lines cost the transposed
 * case ~20%): *cols, the width of a first, narrower column tile that aligns the
 * output's rows, and *rows, the height of a first, shorter row tile that aligns the
 * column strips of the first input read column by column (sr == 1). Each only when
 * the operand's other stride keeps every row/strip equally aligned (a multiple of
 * 64 bytes); 0 otherwise. s: the linear index of the first full row. */
static void ao_tile_peels(const ao_run_ctx *c, int64_t s, int64_t *rows, int64_t *cols)
{
    const int l = c->ndim - 1;
    *rows = *cols = 0;
    for (int o = 0; o < c->nops; o++) {
        const int64_t *st = c->strides[o];
        const int64_t isz = c->isz[o];
        const uintptr_t a = (uintptr_t)(c->data[o] + ao_offset(c->ndim, c->shape, st, s) * isz);
        if (a % (uintptr_t)isz != 0)
            continue;
        const int64_t peel = (int64_t)((64 - a % 64) % 64) / isz;
        if (o == 0 && st[l] == 1 && (st[l - 1] * isz) % 64 == 0)
            *cols = peel;
        else if (o > 0 && !*rows && st[l - 1] == 1 && st[l] != 1 && (st[l] * isz) % 64 == 0)
            *rows = peel;
    }
}

/* Computes elements [lo, hi): partial rows linearly, runs of full rows (within one
 * matrix of the last two dims) in 2-D tiles when the plan asks for them. */
static void ao_run_range(const ao_run_ctx *c, int64_t lo, int64_t hi)
{
    ao_tile_scratch *sc_ = c->tile2d ? ao_tile_scratch_get() : NULL;
    if (!sc_) {
        ao_run_linear(c, lo, hi);
        return;
    }
    const int64_t C = c->shape[c->ndim - 1], R = c->shape[c->ndim - 2];
    for (int64_t s = lo; s < hi;) {
        const int64_t col = s % C;
        if (col != 0 || hi - s < C) {
            int64_t e = s - col + C;
            if (e > hi)
                e = hi;
            ao_run_linear(c, s, e);
            s = e;
            continue;
        }
        int64_t nrows = (hi - s) / C;
        const int64_t left = R - (s / C) % R; /* rows left in this matrix */
        if (nrows > left)
            nrows = left;
        int64_t rpeel, cpeel;
        ao_tile_peels(c, s, &rpeel, &cpeel);
        for (int64_t r0 = 0; r0 < nrows;) {
            int64_t br = r0 == 0 && rpeel ? rpeel : AO_TILE_R;
            br = nrows - r0 < br ? nrows - r0 : br;
            for (int64_t c0 = 0; c0 < C;) {
                int64_t bc = c0 == 0 && cpeel ? cpeel : AO_TILE_C;
                bc = C - c0 < bc ? C - c0 : bc;
                const int64_t c1 = c0 + bc; /* next tile's columns, 0 at the row end */
                ao_run_tile(c, sc_, s + r0 * C + c0, br, bc, C - c1 < AO_TILE_C ? C - c1 : AO_TILE_C);
                c0 = c1;
            }
            r0 += br;
        }
        s += nrows * C;
    }
}

/* Elements [*lo, *hi) of tiling block b: CANN's block ranges, clamped to numel. CANN's
 * tiles (UB loads) have no CPU counterpart: the engine walks a block in its own
 * cache-sized chunks (AO_CHUNK) or 2-D tiles (AO_TILE_*), across CANN tile bounds. */
static void ao_block_range(const ao_run_ctx *c, int64_t b, int64_t *lo, int64_t *hi)
{
    const ao_tiling *t = &c->t;
    int64_t start, len;
    if (b < t->tail_block_num) {
        start = t->big_core_data_num * b;
        len = t->big_core_data_num;
    } else {
        start = t->big_core_data_num * b -
                (t->big_core_data_num - t->small_core_data_num) * (b - t->tail_block_num);
        len = t->small_core_data_num;
    }
    int64_t end = start + len;
    *lo = start < c->numel ? start : c->numel;
    *hi = end < c->numel ? end : c->numel;
}

/* Runs piece k (of AO_PIECE-sized pieces, see ao_ew_run) of block b, or of the span
 * (c->span > 0: b is 0, the first piece is shortened by span_shift). */
static void ao_run_piece(const ao_run_ctx *c, int64_t b, int64_t k, int64_t piece)
{
    int64_t lo, hi;
    if (c->span > 0) {
        lo = k * piece - c->span_shift;
        hi = lo + piece;
        lo = lo < 0 ? 0 : lo;
        hi = hi > c->span ? c->span : hi;
    } else {
        ao_block_range(c, b, &lo, &hi);
        lo += k * piece;
        hi = hi - lo > piece ? lo + piece : hi;
    }
    if (lo >= hi)
        return;
    ao_run_range(c, lo, hi);
}

static int ao_is_contig(int ndim, const int64_t *shape, const int64_t *st)
{
    int64_t expect = 1;
    for (int d = ndim - 1; d >= 0; d--) {
        if (shape[d] != 1 && st[d] != expect)
            return 0;
        expect *= shape[d];
    }
    return 1;
}

/* ------------------------------------------------- barrier-free worker pool
 *
 * Every parallel loop of the engine (elementwise plans, strided copies, SoftmaxBackward,
 * Cast) runs here, on threads the engine owns, never in OpenMP: libgomp's thread team
 * does not survive fork(), so a child forked after any parallel region hung in its
 * first one; the pool instead starts afresh in a child (ao_pool_atfork_child).
 *
 * An OpenMP parallel region also ends with a barrier: on a machine where another
 * process holds a core, a worker thread that the OS has not scheduled yet makes the
 * caller wait a whole scheduler time slice (several ms) even for a 100 us job. The pool
 * hands out the items through atomic claims instead; the caller takes items too, and
 * at the end it waits only for workers that really took part (a worker that wakes
 * after every item was claimed, or after the job closed, does nothing).
 *
 * The split is static with stealing, as at::parallel_for's is static: participant k
 * (the caller 0, worker k-1 as k) owns the k-th of nt contiguous ranges of items and
 * runs them in order, then takes items from the ends of the others' ranges, one at a
 * time, until none is left. So on back-to-back calls a thread works on the same part
 * of the operands each time, and a late or descheduled thread's items are still run
 * by the others. With one shared counter instead, the two threads' items interleaved
 * differently on every call, and every item claim moved the counter's line between
 * the cores (threshold_backward f32 1e6, 2 threads, Zen 4 KVM guest under load,
 * per-call 5th percentile, with the end-of-job watch below in both: 118-158 us shared
 * counter, 67-90 us static split).
 *
 * The caller watches (spins) for its last workers to leave for up to 200 us before it
 * sleeps on a condition variable: a futex wake-up costs tens of microseconds (an
 * inter-processor interrupt; in a virtual machine an exit to the host), as long as
 * half of a 1e6-element job, and with 2 threads the worker still runs its last item
 * when the caller runs out on about half the calls. Sleeping there made 2-thread
 * calls no faster than 1-thread ones (same case: 5th percentile 157 us at 1 thread,
 * 157-171 us at 2; 67-90 us with the watch and the static split). One job per pool
 * at a time: concurrent callers take the next free pool of AO_NPOOLS (each with its own
 * workers, started on first use), and run serially when all are busy. An idle worker
 * watches for the next job for 200 us, then sleeps: on a quiet machine that makes
 * back-to-back mid-sized calls (1e5 elements) 1.5x faster than waking it each time;
 * unbounded spinning (or sched_yield loops) took the core from other processes'
 * threads on a loaded machine and made 2-thread runs slower than 1-thread ones. */
#if AO_THREADS
/* How long an idle worker watches for the next job before it sleeps. */
#define AO_POOL_SPIN_NS ((int64_t)200000)
/* Callers that can run threaded jobs at the same time (threads on several streams). */
#define AO_NPOOLS 4
/* A slot holds 32-bit unit indices: a job of more items than this groups them into
 * units of several items (ao_pool_test_max_units lowers it for the tests). */
static int64_t ao_pool_max_units = (int64_t)UINT32_MAX;

static int64_t ao_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline void ao_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* One participant's share of a job: units [lo, hi) in one word (lo in the low half),
 * so that its owner, from the front, and thieves, from the back, claim a unit with one
 * compare-and-swap each. A line of its own: the owner claims from it on every unit. */
typedef struct ao_slot {
    uint64_t range;
    char pad[64 - sizeof(uint64_t)];
} ao_slot;

typedef struct ao_pool {
    pthread_mutex_t busy;     /* held by the caller whose job the pool runs */
    pthread_mutex_t mu;
    pthread_cond_t cv_work;   /* workers: a new generation was posted */
    pthread_cond_t cv_done;   /* caller: the last participating worker left */
    int nworkers;             /* threads started */
    uint64_t gen;             /* job generation */
    int open;                 /* workers may still join the current job */
    int want;                 /* workers 0 .. want-1 may join */
    int users;                /* workers inside the current job (atomic) */
    ao_par_fn fn;
    void *arg;
    int64_t total;
    int64_t unit;             /* items per unit: 1 unless total exceeds ao_pool_max_units */
    int nparts;               /* slots in use: the caller's (0), then worker k's (k + 1) */
    int nslots;               /* slots allocated (kept across jobs and fork) */
    ao_slot *slots;
} ao_pool;

static ao_pool ao_pools[AO_NPOOLS];
static pthread_once_t ao_pool_once = PTHREAD_ONCE_INIT;

/* Claims a unit of slot s, the first (back = 0) or the last; -1 when it has none left. */
static int64_t ao_slot_claim(ao_slot *s, int back)
{
    uint64_t r = __atomic_load_n(&s->range, __ATOMIC_RELAXED);
    for (;;) {
        const uint32_t lo = (uint32_t)r, hi = (uint32_t)(r >> 32);
        if (lo >= hi)
            return -1;
        const uint64_t claimed = back ? (uint64_t)(hi - 1) << 32 | lo : (uint64_t)hi << 32 | (lo + 1);
        if (__atomic_compare_exchange_n(&s->range, &r, claimed, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            return back ? (int64_t)(hi - 1) : (int64_t)lo;
    }
}

static void ao_pool_unit(ao_pool *p, ao_par_fn fn, void *arg, int64_t u)
{
    const int64_t lo = u * p->unit, hi = lo + p->unit < p->total ? lo + p->unit : p->total;
    for (int64_t i = lo; i < hi; i++)
        fn(arg, i);
}

/* Participant `self` runs the units of its own slot in order, then takes the other
 * slots' units from their ends until none is left. */
static void ao_pool_take(ao_pool *p, int self, ao_par_fn fn, void *arg)
{
    const int nparts = p->nparts;
    int64_t u;
    while ((u = ao_slot_claim(&p->slots[self], 0)) >= 0)
        ao_pool_unit(p, fn, arg, u);
    for (int k = 1; k < nparts; k++) {
        ao_slot *victim = &p->slots[(self + k) % nparts];
        while ((u = ao_slot_claim(victim, 1)) >= 0)
            ao_pool_unit(p, fn, arg, u);
    }
}

typedef struct ao_worker_arg { ao_pool *pool; int index; } ao_worker_arg;

static void *ao_pool_worker(void *arg)
{
    ao_pool *p = ((ao_worker_arg *)arg)->pool;
    const int index = ((ao_worker_arg *)arg)->index;
    free(arg);
    pthread_mutex_lock(&p->mu);
    uint64_t seen = p->gen;
    for (;;) {
        if (p->gen == seen) {
            /* Back-to-back calls are the common case (a training step, a benchmark
             * loop): watch for the next job for a short while before sleeping, since a
             * condition-variable wake-up costs tens of microseconds, as long as a whole
             * mid-sized job. Bounded, so an idle process gives its cores back. */
            pthread_mutex_unlock(&p->mu);
            const int64_t until = ao_now_ns() + AO_POOL_SPIN_NS;
            for (long spin = 1; __atomic_load_n(&p->gen, __ATOMIC_ACQUIRE) == seen; spin++) {
                ao_cpu_relax();
                if ((spin & 255) == 0 && ao_now_ns() > until)
                    break;
            }
            pthread_mutex_lock(&p->mu);
        }
        while (p->gen == seen)
            pthread_cond_wait(&p->cv_work, &p->mu);
        seen = p->gen;
        if (!p->open || index >= p->want)
            continue;
        __atomic_store_n(&p->users, p->users + 1, __ATOMIC_RELAXED);
        ao_par_fn fn = p->fn;
        void *fn_arg = p->arg;
        pthread_mutex_unlock(&p->mu);
        ao_pool_take(p, index + 1, fn, fn_arg);
        pthread_mutex_lock(&p->mu);
        /* release: the caller may see 0 without the mutex (ao_pool_run's spin) */
        const int left = p->users - 1;
        __atomic_store_n(&p->users, left, __ATOMIC_RELEASE);
        if (left == 0)
            pthread_cond_signal(&p->cv_done);
    }
    return NULL;
}

static void ao_pool_reset(ao_pool *p)
{
    pthread_mutex_init(&p->busy, NULL);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv_work, NULL);
    pthread_cond_init(&p->cv_done, NULL);
    p->nworkers = 0;
    p->open = 0;
    p->want = 0;
    p->users = 0;
    p->fn = NULL;
    p->arg = NULL;
}

/* fork(): the pools' state is consistent while the forking thread holds every `mu`
 * (workers and callers hold one only for a few instructions; waits release it). */
static void ao_pool_atfork_prepare(void)
{
    for (int k = 0; k < AO_NPOOLS; k++)
        pthread_mutex_lock(&ao_pools[k].mu);
}

static void ao_pool_atfork_parent(void)
{
    for (int k = AO_NPOOLS - 1; k >= 0; k--)
        pthread_mutex_unlock(&ao_pools[k].mu);
}

/* In a forked child only the forking thread exists: no workers, and no caller inside
 * a job (one running in another parent thread does not exist here, and its `busy`
 * lock would never be released). Start afresh: workers are created again on the
 * next job. */
static void ao_pool_atfork_child(void)
{
    for (int k = 0; k < AO_NPOOLS; k++)
        ao_pool_reset(&ao_pools[k]);
}

static void ao_pool_init(void)
{
    for (int k = 0; k < AO_NPOOLS; k++)
        ao_pool_reset(&ao_pools[k]);
    pthread_atfork(ao_pool_atfork_prepare, ao_pool_atfork_parent, ao_pool_atfork_child);
}

/* Runs items [0, total) with up to nt threads (the caller included); the caller holds
 * p->busy. Returns 0, having run nothing, when it has no memory for the slots. */
static int ao_pool_run(ao_pool *p, int nt, int64_t total, ao_par_fn fn, void *arg)
{
    pthread_mutex_lock(&p->mu);
    if (p->nslots < nt) {
        ao_slot *grown = aligned_alloc(64, (size_t)nt * sizeof(ao_slot));
        if (!grown) {
            pthread_mutex_unlock(&p->mu);
            return 0;
        }
        free(p->slots);
        p->slots = grown;
        p->nslots = nt;
    }
    while (p->nworkers < nt - 1) {
        ao_worker_arg *a = malloc(sizeof *a);
        pthread_t th;
        pthread_attr_t at;
        if (!a)
            break;
        a->pool = p;
        a->index = p->nworkers;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        int rc = pthread_create(&th, &at, ao_pool_worker, a);
        pthread_attr_destroy(&at);
        if (rc != 0) {
            free(a);
            break; /* fewer workers: the caller takes the remaining items */
        }
        p->nworkers++;
    }
    p->fn = fn;
    p->arg = arg;
    p->total = total;
    p->unit = total > ao_pool_max_units ? (total + ao_pool_max_units - 1) / ao_pool_max_units : 1;
    const int64_t units = (total + p->unit - 1) / p->unit;
    p->nparts = nt;
    for (int k = 0; k < nt; k++) {
        const uint64_t lo = (uint64_t)(units * k / nt), hi = (uint64_t)(units * (k + 1) / nt);
        __atomic_store_n(&p->slots[k].range, hi << 32 | lo, __ATOMIC_RELAXED);
    }
    p->want = nt - 1;
    p->open = 1;
    __atomic_store_n(&p->gen, p->gen + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&p->cv_work);
    pthread_mutex_unlock(&p->mu);
    ao_pool_take(p, 0, fn, arg);
    pthread_mutex_lock(&p->mu);
    p->open = 0;
    if (p->users > 0) {
        /* a worker still runs its last unit: watch for it to leave before sleeping
         * (see the comment above the pool), bounded like the workers' watch */
        pthread_mutex_unlock(&p->mu);
        const int64_t until = ao_now_ns() + AO_POOL_SPIN_NS;
        for (long spin = 1; __atomic_load_n(&p->users, __ATOMIC_ACQUIRE) > 0; spin++) {
            ao_cpu_relax();
            if ((spin & 255) == 0 && ao_now_ns() > until)
                break;
        }
        pthread_mutex_lock(&p->mu);
    }
    while (p->users > 0)
        pthread_cond_wait(&p->cv_done, &p->mu);
    p->fn = NULL;
    p->arg = NULL;
    pthread_mutex_unlock(&p->mu);
    return 1;
}

void ao_pool_test_max_units(int64_t units)
{
    ao_pool_max_units = units > 0 ? units : (int64_t)UINT32_MAX;
}
#else
void ao_pool_test_max_units(int64_t units)
{
    (void)units;
}
#endif

void ao_parallel_for(int64_t total, int nthreads, ao_par_fn fn, void *arg)
{
    if (total <= 0)
        return;
#if AO_THREADS
    int nt = ao_effective_threads(nthreads);
    if (nt > total)
        nt = (int)total;
    if (nt > 1) {
        pthread_once(&ao_pool_once, ao_pool_init);
        for (int k = 0; k < AO_NPOOLS; k++) {
            ao_pool *p = &ao_pools[k];
            if (pthread_mutex_trylock(&p->busy) == 0) {
                const int ran = ao_pool_run(p, nt, total, fn, arg);
                pthread_mutex_unlock(&p->busy);
                if (ran)
                    return;
                break; /* no memory for the slots: the caller runs every item */
            }
        }
    }
#else
    (void)nthreads;
#endif
    for (int64_t i = 0; i < total; i++)
        fn(arg, i);
}

typedef struct ao_ranges_job {
    ao_range_fn fn;
    void *arg;
    int64_t total, nparts;
} ao_ranges_job;

static void ao_ranges_item(void *arg, int64_t i)
{
    const ao_ranges_job *j = (const ao_ranges_job *)arg;
    /* exact integer split: part i is [total*i/n, total*(i+1)/n) */
    const int64_t q = j->total / j->nparts, r = j->total % j->nparts;
    const int64_t lo = i * q + (i < r ? i : r), hi = lo + q + (i < r ? 1 : 0);
    if (lo < hi)
        j->fn(j->arg, lo, hi);
}

void ao_parallel_ranges(int64_t total, int nthreads, int64_t min_per_part, ao_range_fn fn, void *arg)
{
    if (total <= 0)
        return;
    const int nt = ao_effective_threads(nthreads);
    if (min_per_part < 1)
        min_per_part = 1;
    /* a few parts per thread, so that a late thread costs little */
    int64_t nparts = total / min_per_part;
    if (nparts > (int64_t)nt * 4)
        nparts = (int64_t)nt * 4;
    if (nt <= 1 || nparts <= 1) {
        fn(arg, 0, total);
        return;
    }
    ao_ranges_job j = {fn, arg, total, nparts};
    ao_parallel_for(nparts, nt, ao_ranges_item, &j);
}

typedef struct ao_piece_job {
    const ao_run_ctx *c;
    int64_t ppb, piece;
} ao_piece_job;

static void ao_piece_item(void *arg, int64_t i)
{
    const ao_piece_job *j = (const ao_piece_job *)arg;
    ao_run_piece(j->c, i / j->ppb, i % j->ppb, j->piece);
}

/* Rows shorter than this run one pass per output: a fused kernel's call and its
 * partial last register per row would cost more than the passes' chunked gathers. */
#define AO_FUSED2_MIN_ROW 64

/* A two-result plan run by its fused kernel (ao_ew2_fn): the iteration's dims coalesced,
 * every operand with unit stride along the last (its rows contiguous). */
typedef struct ao_fused2_job {
    ao_ew2_fn fn;
    int ndim, nops, dtype, stream;
    int64_t isz;
    int64_t shape[AO_MAX_DIMS];
    int64_t strides[AO_MAX_OPERANDS][AO_MAX_DIMS]; /* elements */
    char *data[AO_MAX_OPERANDS];                   /* out0, out1, inputs */
    const float *attrs;
} ao_fused2_job;

/* Row-major elements [lo, hi) of the job: each row's run by one kernel call. */
static void ao_fused2_range(void *arg, int64_t lo, int64_t hi)
{
    const ao_fused2_job *j = (const ao_fused2_job *)arg;
    const int last = j->ndim - 1;
    const int64_t len = j->shape[last];
    int64_t idx[AO_MAX_DIMS], row = lo / len, col = lo % len;
    for (int d = last - 1; d >= 0; d--) {
        idx[d] = row % j->shape[d];
        row /= j->shape[d];
    }
    for (int64_t s = lo; s < hi;) {
        const int64_t n = len - col < hi - s ? len - col : hi - s;
        char *p[AO_MAX_OPERANDS];
        for (int o = 0; o < j->nops; o++) {
            int64_t off = col;
            for (int d = 0; d < last; d++)
                off += idx[d] * j->strides[o][d];
            p[o] = j->data[o] + off * j->isz;
        }
        j->fn(p[0], p[1], (const void *const *)(p + 2), n, j->attrs, j->dtype, j->stream);
        s += n;
        col = 0;
        for (int d = last - 1; d >= 0 && ++idx[d] == j->shape[d]; d--)
            idx[d] = 0;
    }
#if AO_HAVE_STREAM
    if (j->stream)
        _mm_sfence(); /* order the non-temporal stores before the pool's completion */
#endif
}

/* Runs a two-result plan by the body's fused kernel where it applies: float compute,
 * every operand of one dtype the kernels read in place (FLOAT, FLOAT16, BF16), rows
 * contiguous in every operand and at least AO_FUSED2_MIN_ROW long once the dims are
 * coalesced. Returns 0 (done), -1 (a bad plan), or 1 (not applicable: the caller runs
 * one pass per output). */
static int ao_ew_run_fused2(const ao_ew_plan *plan, char *const *data, int nthreads)
{
    const int nops = 2 + plan->nin;
    ao_fused2_job j;
    j.fn = plan->nout == 2 && plan->compute == AO_DT_FLOAT ? ao_kernel_fn2(plan->kernel) : NULL;
    if (!j.fn)
        return 1;
    const int64_t numel = ao_ew_plan_numel(plan);
    if (numel < 0)
        return -1;
    j.dtype = plan->dtype[0];
    if (j.dtype != AO_DT_FLOAT && j.dtype != AO_DT_FLOAT16 && j.dtype != AO_DT_BF16)
        return 1;
    for (int o = 0; o < nops; o++) {
        if (plan->dtype[o] != j.dtype)
            return 1;
        if (!data[o])
            return -1;
        j.data[o] = data[o];
    }
    const int64_t *plan_strides[AO_MAX_OPERANDS];
    for (int o = 0; o < AO_MAX_OPERANDS; o++)   /* all of them: gcc cannot see nops <= the bound */
        plan_strides[o] = plan->strides[o];
    j.ndim = ao_coalesce(plan->ndim, plan->shape, nops, plan_strides, j.shape, j.strides);
    if (j.shape[j.ndim - 1] < AO_FUSED2_MIN_ROW && numel >= AO_FUSED2_MIN_ROW)
        return 1;
    for (int o = 0; o < nops; o++)
        if (j.strides[o][j.ndim - 1] != 1)
            return 1;
    j.nops = nops;
    j.isz = ao_dtype_itemsize(j.dtype);
    j.attrs = plan->attrs;
    /* data this large: both outputs by non-temporal stores, as one-output plans (ao_vst
     * streams every dtype where a store is aligned to its register) */
    j.stream = AO_HAVE_STREAM && numel * j.isz * nops >= AO_STREAM_MIN_BYTES;
    const int nt = ao_effective_threads(nthreads);
    if (nt > 1 && numel >= AO_PAR_MIN_NUMEL)
        ao_parallel_ranges(numel, nt, AO_PIECE_MIN, ao_fused2_range, &j);
    else
        ao_fused2_range(&j, 0, numel);
    return 0;
}

/* A plan of nout > 1 outputs: by the body's fused kernel where it applies
 * (ao_ew_run_fused2), else one pass per output j, a one-output plan of the kernel's
 * row for result j (kernel + j), reading the same inputs. */
static int ao_ew_run_outputs(const ao_ew_plan *plan, char *const *data, int nthreads)
{
    const int nin = plan->nin, nout = plan->nout;
    if (nout > AO_MAX_OUTPUTS || nin < 1 || nin > AO_MAX_INPUTS ||
        ao_kernel_nout(plan->kernel) != nout || ao_kernel_result(plan->kernel) != 0)
        return -1;
    const int fused = ao_ew_run_fused2(plan, data, nthreads);
    if (fused <= 0)
        return fused;
    ao_ew_plan pass = *plan;
    char *pdata[AO_RUN_OPERANDS];
    pass.nout = 1;
    for (int k = 0; k < nin; k++) {
        pass.dtype[1 + k] = plan->dtype[nout + k];
        memcpy(pass.strides[1 + k], plan->strides[nout + k], sizeof pass.strides[0]);
        pdata[1 + k] = data[nout + k];
    }
    for (int j = 0; j < nout; j++) {
        pass.kernel = plan->kernel + j;
        pass.dtype[0] = plan->dtype[j];
        memcpy(pass.strides[0], plan->strides[j], sizeof pass.strides[0]);
        pdata[0] = data[j];
        const int rc = ao_ew_run(&pass, pdata, nthreads);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int64_t ao_ew_plan_numel(const ao_ew_plan *plan)
{
    const int nin = plan->nin;
    if (nin < 1 || nin > AO_MAX_INPUTS || plan->ndim < 0 || plan->ndim > AO_MAX_DIMS ||
        ao_kernel_arity(plan->kernel) != nin)
        return -1;
    int64_t numel = 1;
    for (int d = 0; d < plan->ndim; d++) {
        if (plan->shape[d] <= 0)
            return -1;
        numel *= plan->shape[d];
    }
    if (plan->numel <= 0 || numel != plan->numel)
        return -1;
    const ao_tiling *t = &plan->tiling;
    if (t->block_dim < 1 || t->small_core_data_num < 0 ||
        t->big_core_data_num < t->small_core_data_num ||
        t->tail_block_num < 0 || t->tail_block_num > t->block_dim)
        return -1;
    /* the blocks must cover every element */
    if (t->big_core_data_num * t->tail_block_num +
            t->small_core_data_num * (t->block_dim - t->tail_block_num) < numel)
        return -1;
    return numel;
}

/* The bytes operand o spans: its itemsize times the extents of the dims it steps
 * along (numel * itemsize for a dense operand; one row for a broadcast row). */
static int64_t ao_span_bytes(const ao_run_ctx *c, int o)
{
    int64_t bytes = c->isz[o];
    for (int d = 0; d < c->ndim; d++)
        if (c->strides[o][d] != 0)
            bytes *= c->shape[d];
    return bytes;
}

int ao_ew_run(const ao_ew_plan *plan, char *const *data, int nthreads)
{
    if (!plan || !data)
        return -1;
    if (plan->nout > 1)
        return ao_ew_run_outputs(plan, data, nthreads);
    if (plan->compute != AO_DT_FLOAT)
        return ao_wide_run(plan, data, nthreads); /* float64 / integer compute (wide.c) */
    const int nin = plan->nin;
    const int64_t numel = ao_ew_plan_numel(plan);
    if (numel < 0 || plan->nout < 0)
        return -1;
    ao_run_ctx c;
    memset(&c, 0, sizeof c);
    c.fn = ao_kernel_fn(plan->kernel);
    if (!c.fn)
        return -1;
    const ao_tiling *t = &plan->tiling;
    c.t = *t;
    c.numel = numel;
    c.nops = nin + 1;
    c.attrs = plan->attrs;
    c.isa = ao_isa_current();
    if (plan->ndim == 0) {
        c.ndim = 1;
        c.shape = ao_one_shape;
    } else {
        c.ndim = plan->ndim;
        c.shape = plan->shape;
    }
    c.all_direct = 1;
    for (int o = 0; o < c.nops; o++) {
        c.isz[o] = ao_dtype_itemsize(plan->dtype[o]);
        if (!data[o])
            return -1;
        if (!ao_ew_dtype_ok(plan->dtype[o]))
            return ao_wide_run(plan, data, nthreads); /* integers, DOUBLE, ... via fp32 */
        c.dtype[o] = plan->dtype[o];
        c.data[o] = data[o];
        c.strides[o] = plan->ndim == 0 ? ao_zero_stride : plan->strides[o];
        c.contig[o] = plan->ndim == 0 ? 1 : ao_is_contig(c.ndim, c.shape, c.strides[o]);
        if (!(c.contig[o] && c.dtype[o] == AO_DT_FLOAT))
            c.all_direct = 0;
        c.row_direct[o] = !c.contig[o] && c.dtype[o] == AO_DT_FLOAT &&
                          c.strides[o][c.ndim - 1] == 1;
        c.constant[o] = !c.contig[o];
        for (int d = 0; d < c.ndim; d++)
            c.constant[o] &= c.strides[o][d] == 0;
        /* rows of an operand used in place, or of one value each (a broadcast column,
         * whose buffer is filled once a row: worth it from rows of a chunk, where chunks
         * cut at row ends are not many more; shorter rows' runs are filled as walked):
         * chunks stop at row ends */
        if ((c.row_direct[o] && c.shape[c.ndim - 1] >= AO_ROW_DIRECT_MIN) ||
            (o > 0 && c.strides[o][c.ndim - 1] == 0 && !c.constant[o] &&
             c.shape[c.ndim - 1] >= AO_CHUNK))
            c.row_chunks = 1;
        if (c.ndim >= 2 && c.shape[c.ndim - 1] > 1 && c.shape[c.ndim - 2] > 1) {
            const int64_t sr = c.strides[o][c.ndim - 2], sc = c.strides[o][c.ndim - 1];
            if (sr != 0 && (sr < 0 ? -sr : sr) < (sc < 0 ? -sc : sc))
                c.tile2d = 1;
        }
    }
    /* one 16-bit dtype for every operand: the fused 16-bit kernel */
    if (c.dtype[0] == AO_DT_FLOAT16 || c.dtype[0] == AO_DT_BF16) {
        int same = 1, contig = 1;
        for (int o = 0; o < c.nops; o++) {
            same &= c.dtype[o] == c.dtype[0];
            contig &= c.contig[o];
        }
        if (same) {
            c.fn16 = ao_kernel_fn16(plan->kernel, c.dtype[0]);
            c.all_direct16 = contig && c.fn16;
            /* the fused loop reads rows of unit inner stride in place too */
            for (int o = 1; o < c.nops && c.fn16; o++) {
                c.row_direct[o] = !c.contig[o] && c.strides[o][c.ndim - 1] == 1;
                if (c.row_direct[o] && c.shape[c.ndim - 1] >= AO_ROW_DIRECT_MIN)
                    c.row_chunks = 1;
            }
        }
    }
    /* Non-temporal stores for a contiguous output that the kernel writes in place (the
     * fused 16-bit loop, or fp32) in a plan that moves at least AO_STREAM_MIN_BYTES,
     * whether its inputs are contiguous or broadcast or strided (chunked; a broadcast
     * operand counts the bytes it spans, not the elements it is read as). Not 2-D
     * tiles: their in-place rows measured slower streamed. */
    const int out_in_place = c.contig[0] && !c.tile2d && (c.fn16 || c.dtype[0] == AO_DT_FLOAT);
    if (AO_HAVE_STREAM && out_in_place) {
        int64_t bytes = 0;
        for (int o = 0; o < c.nops; o++)
            bytes += ao_span_bytes(&c, o);
        c.stream = bytes >= AO_STREAM_MIN_BYTES;
        if (!c.fn16 && c.stream) {
            /* fp32 out of 4-byte alignment cannot reach a line boundary */
            c.fn32s = ((uintptr_t)c.data[0] & 3) ? NULL : ao_kernel_fn32s(plan->kernel);
            c.stream = c.fn32s != NULL;
        }
    }
    int64_t nb = t->block_dim;
    /* 2-D tiles walk bands of whole rows. CANN's blocks are consecutive ranges whose
     * bounds fall mid-row (4096^2 over 48 blocks: 85.3 rows each), and a partial row
     * of a transposed operand runs linearly, one cache miss per element; so tiled
     * plans run the blocks' union [0, end of the last block) as one range, cut into
     * bands of AO_TILE_R rows. Every element is computed once either way. */
    if (c.tile2d && nb > 0) {
        int64_t lo, hi;
        ao_block_range(&c, nb - 1, &lo, &hi);
        if (hi > 0) {
            c.span = hi;
            nb = 1;
        }
    }
    /* Blocks are split into pieces, stolen at the end (ao_parallel_for): a thread that finishes
     * early (or one the OS descheduled, on a loaded machine) does not leave the others
     * waiting at the barrier with a whole block of work. 2-D tiled plans use pieces of
     * whole tile rows so that few rows are cut. */
    int64_t piece = AO_PIECE;
    if (numel < AO_PIECE * 8) {
        /* Mid sizes: a few pieces per thread, so one late worker costs little. */
        piece = numel / 8 > AO_PIECE_MIN ? numel / 8 : AO_PIECE_MIN;
    }
    if (c.tile2d) {
        const int64_t band = c.shape[c.ndim - 1] * AO_TILE_R;
        piece = (piece + band - 1) / band * band;
    }
    if (c.span > 0) {
        /* bands start where the tiles' peels (ao_tile_peels) would put them: a first
         * band of rpeel rows, then full ones, each aligned like the next */
        int64_t rpeel, cpeel;
        ao_tile_peels(&c, 0, &rpeel, &cpeel);
        c.span_shift = rpeel > 0 ? piece - rpeel * c.shape[c.ndim - 1] : 0;
    }
    const int64_t blen = c.span > 0 ? c.span + c.span_shift : t->big_core_data_num;
    const int64_t ppb = (blen + piece - 1) / piece; /* pieces per block */
    int nt = ao_effective_threads(nthreads);
    if (nt > 1 && numel >= AO_PAR_MIN_NUMEL) {
        ao_piece_job job = {&c, ppb, piece};
        ao_parallel_for(nb * ppb, nt, ao_piece_item, &job);
        return 0;
    }
    for (int64_t i = 0; i < nb * ppb; i++)
        ao_run_piece(&c, i / ppb, i % ppb, piece);
    return 0;
}

int64_t ao_row_limit(const int64_t *values, int64_t n, int64_t rows)
{
    int64_t sum = 0;
    for (int64_t i = 0; i < n; i++) {
        if (__builtin_add_overflow(sum, values[i], &sum))
            return values[i] > 0 ? rows : 0;
    }
    return sum < 0 ? 0 : sum > rows ? rows : sum;
}

/* A run of a C-ordered iteration's elements as boxes: the prefix [0, limit) or the
 * suffix [limit, numel) of an iteration over `shape`. With d_k the mixed-radix digits of
 * limit, box k fixes dims < k at d_0 .. d_k-1, spans dim k over [0, d_k) (prefix) or
 * [d_k + 1, shape_k) (suffix; [d_k, shape_k) for the last dim, which holds limit
 * itself), and takes dims > k whole: at most ndim boxes, empty ones left out. */
typedef struct ao_box {
    int dim;                            /* k: the box covers dims k .. ndim-1 */
    int64_t lo, count;                  /* dim k's first index and extent */
    int64_t fixed[AO_MAX_DIMS];         /* dims < k: limit's digits */
} ao_box;

static int ao_range_boxes(int ndim, const int64_t *shape, int64_t limit, int suffix, ao_box *boxes)
{
    int64_t inner[AO_MAX_DIMS], acc = 1;
    for (int d = ndim - 1; d >= 0; d--) {
        inner[d] = acc;
        acc *= shape[d];
    }
    int n = 0;
    int64_t rest = limit, digits[AO_MAX_DIMS];
    for (int d = 0; d < ndim; d++) {
        digits[d] = rest / inner[d];
        rest -= digits[d] * inner[d];
        const int64_t lo = suffix ? digits[d] + (d < ndim - 1) : 0;
        const int64_t hi = suffix ? shape[d] : digits[d];
        if (hi > lo) {
            boxes[n].dim = d;
            boxes[n].lo = lo;
            boxes[n].count = hi - lo;
            memcpy(boxes[n].fixed, digits, sizeof(int64_t) * (size_t)d);
            n++;
        }
    }
    return n;
}

/* Operand o's element offset of a box's first element. */
static int64_t ao_box_offset(const ao_box *b, const int64_t *strides)
{
    int64_t off = b->lo * strides[b->dim];
    for (int d = 0; d < b->dim; d++)
        off += b->fixed[d] * strides[d];
    return off;
}

int ao_ew_zero_suffix(const ao_ew_plan *plan, char *const *data, int64_t limit)
{
    if (!plan || !data || plan->ndim < 0 || plan->ndim > AO_MAX_DIMS)
        return -1;
    const int nout = plan->nout > 1 ? plan->nout : 1;
    if (nout > AO_MAX_OUTPUTS)
        return -1;
    int64_t numel = 1;
    for (int d = 0; d < plan->ndim; d++)
        numel *= plan->shape[d];
    if (limit < 0)
        limit = 0;
    if (limit >= numel)
        return 0;
    /* one zero element, read with stride 0 by the strided copy (every itemsize <= 16) */
    static const char zero[16];
    const int64_t zero_strides[AO_MAX_DIMS] = {0};
    ao_box boxes[AO_MAX_DIMS];
    const int nbox = ao_range_boxes(plan->ndim, plan->shape, limit, 1, boxes);
    for (int o = 0; o < nout; o++) {
        const int64_t isz = ao_dtype_itemsize(plan->dtype[o]);
        if (!data[o] || isz <= 0 || isz > (int64_t)sizeof zero)
            return -1;
        if (plan->ndim == 0) {          /* one element, and limit is 0 */
            memset(data[o], 0, (size_t)isz);
            continue;
        }
        for (int b = 0; b < nbox; b++) {
            const ao_box *box = &boxes[b];
            int64_t shape[AO_MAX_DIMS];
            memcpy(shape, plan->shape + box->dim, sizeof(int64_t) * (size_t)(plan->ndim - box->dim));
            shape[0] = box->count;
            const int rc = ao_strided_copy(plan->ndim - box->dim, shape, isz,
                                           data[o] + ao_box_offset(box, plan->strides[o]) * isz,
                                           plan->strides[o] + box->dim, zero, zero_strides, 0);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

int ao_ew_run_prefix(const ao_ew_plan *plan, char *const *data, int64_t limit, int nthreads)
{
    if (!plan || !data)
        return -1;
    const int64_t numel = plan->nout > 1 || plan->compute != AO_DT_FLOAT ? plan->numel
                                                                           : ao_ew_plan_numel(plan);
    if (numel < 0 || plan->ndim < 0 || plan->ndim > AO_MAX_DIMS)
        return -1;
    if (limit >= numel)
        return ao_ew_run(plan, data, nthreads);
    if (limit <= 0)
        return 0;
    const int nops = (plan->nout > 1 ? plan->nout : 1) + plan->nin;
    if (nops > AO_MAX_OPERANDS)
        return -1;
    ao_box boxes[AO_MAX_DIMS];
    const int nbox = ao_range_boxes(plan->ndim, plan->shape, limit, 0, boxes);
    for (int b = 0; b < nbox; b++) {
        /* the box as a sub-plan of the same operands, one block */
        const ao_box *bx = &boxes[b];
        ao_ew_plan box = *plan;
        char *base[AO_MAX_OPERANDS];
        box.ndim = plan->ndim - bx->dim;
        for (int e = bx->dim; e < plan->ndim; e++) {
            box.shape[e - bx->dim] = plan->shape[e];
            for (int o = 0; o < nops; o++)
                box.strides[o][e - bx->dim] = plan->strides[o][e];
        }
        box.shape[0] = bx->count;
        box.numel = 1;
        for (int e = 0; e < box.ndim; e++)
            box.numel *= box.shape[e];
        box.tiling.block_dim = 1;
        box.tiling.tail_block_num = 0;
        box.tiling.small_core_data_num = box.tiling.big_core_data_num = box.numel;
        for (int o = 0; o < nops; o++)
            base[o] = data[o] + ao_box_offset(bx, plan->strides[o]) * ao_dtype_itemsize(plan->dtype[o]);
        const int rc = ao_ew_run(&box, base, nthreads);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* ---------------------------------------------------------- strided copy */

/* Copies elements [lo, hi) (row-major linear indices over shape). */
static void ao_copy_range(int ndim, const int64_t *shape, int64_t isz, char *dst,
                          const int64_t *ds, const char *src, const int64_t *ss,
                          int64_t lo, int64_t hi)
{
    const int last = ndim - 1;
    if (ndim == 1 && ds[0] == 1 && ss[0] == 1) {
        memcpy(dst + lo * isz, src + lo * isz, (size_t)((hi - lo) * isz));
        return;
    }
    const int64_t *const st[2] = {ds, ss};
    ao_walker w;
    ao_walk_init(&w, ndim, shape, 2, st, lo, hi);
    const int64_t dst_st = ds[last], src_st = ss[last];
    int64_t seg;
    do {
        seg = ao_walk_run(&w);
        char *d = dst + w.off[0] * isz;
        const char *s = src + w.off[1] * isz;
        if (dst_st == 1 && src_st == 1) {
            memcpy(d, s, (size_t)(seg * isz));
        } else {
            switch (isz) {
#define AO_COPY_T(T)                                                                  \
            {                                                                         \
                T *dd = (T *)d;                                                       \
                const T *sp = (const T *)s;                                           \
                if (src_st == 0) { T v = sp[0]; for (int64_t i = 0; i < seg; i++) dd[i * dst_st] = v; } \
                else for (int64_t i = 0; i < seg; i++) dd[i * dst_st] = sp[i * src_st]; \
                break;                                                                \
            }
            case 1: AO_COPY_T(uint8_t)
            case 2: AO_COPY_T(uint16_t)
            case 4: AO_COPY_T(uint32_t)
            case 8: AO_COPY_T(uint64_t)
#undef AO_COPY_T
            default:
                for (int64_t i = 0; i < seg; i++)
                    memcpy(d + i * dst_st * isz, s + i * src_st * isz, (size_t)isz);
            }
        }
    } while (ao_walk_next(&w, seg));
}

typedef struct ao_copy_job {
    int ndim;
    const int64_t *shape;
    int64_t isz;
    char *dst;
    const int64_t *ds;
    const char *src;
    const int64_t *ss;
} ao_copy_job;

static void ao_copy_part(void *arg, int64_t lo, int64_t hi)
{
    const ao_copy_job *j = (const ao_copy_job *)arg;
    ao_copy_range(j->ndim, j->shape, j->isz, j->dst, j->ds, j->src, j->ss, lo, hi);
}

int ao_strided_copy(int ndim, const int64_t *shape, int64_t itemsize,
                    char *dst, const int64_t *dst_strides,
                    const char *src, const int64_t *src_strides, int nthreads)
{
    if (ndim < 0 || ndim > AO_MAX_DIMS || itemsize <= 0)
        return -1;
    if (ndim > 0 && (!shape || !dst_strides || !src_strides))
        return -1;
    int64_t numel = 1;
    for (int d = 0; d < ndim; d++) {
        if (shape[d] < 0)
            return -1;
        numel *= shape[d];
    }
    if (numel == 0)
        return 0;
    if (!dst || !src)
        return -1;
    int64_t sh[AO_MAX_DIMS], st[2][AO_MAX_DIMS];
    const int64_t *const view_strides[2] = {dst_strides, src_strides};
    const int n = ao_coalesce(ndim, shape, 2, view_strides, sh, st);
    const int64_t *const ds = st[0], *const ss = st[1];
    int nt = ao_effective_threads(nthreads);
    int64_t bytes = numel * itemsize;
    if (nt > 1 && bytes >= AO_COPY_PAR_MIN_BYTES) {
        int64_t maxt = bytes / (AO_COPY_PAR_MIN_BYTES / 4);
        if (nt > maxt)
            nt = (int)maxt;
        ao_copy_job job = {n, sh, itemsize, dst, ds, src, ss};
        ao_parallel_ranges(numel, nt, 1, ao_copy_part, &job);
        return 0;
    }
    ao_copy_range(n, sh, itemsize, dst, ds, src, ss, 0, numel);
    return 0;
}
