/* Layout ops' driver (plan_fn.h ao_layout_plan). The pieces write disjoint parts of the
 * output (a layout's pieces write every output element once), so they run together: each
 * piece is cut into chunks of elements and every chunk of every piece is one task on the
 * engine's worker pool (one wake-up per call where each piece as a Cast run had its own).
 * A piece that copies one dtype moves the bytes (bit-exact); a fill writes the plan's
 * value converted once to the output's dtype (the Cast kernel's conversion, ao_cast_run
 * on one element: the bits a per-element conversion gave), its bytes repeated with wide
 * stores. Contiguous runs are copied and filled with the ISA region's widest stores,
 * aligned to the output's cache lines (short ones by the region's run copy), step-2 runs
 * of 2- and 4-byte elements by vector packs, other strided runs element by element; a
 * copy moves a block of whole rows per step of the walk. A plan with any
 * other piece (a copy between dtypes) runs its pieces in order, each one Cast-kernel run,
 * on the output and the input (or the plan's value) moved by the piece's byte offsets. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plan_fn.h"
#include "ao_internal.h"
#include "dtypes.h"
#include "copy_runs.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define AO_LAYOUT_X86 1
#else
#define AO_LAYOUT_X86 0
#endif

/* elements per task: a chunk's bytes stay in the order of a core's L2, and a 1e6-element
 * piece makes tasks for every thread */
#define AO_LAYOUT_CHUNK_BYTES (1 << 17)
/* runs of at least this many bytes: ao_layout_copy's line-aligned stores; shorter ones
 * the region's run copy (copy_runs.h) */
#define AO_LAYOUT_ALIGNED_MIN 256
/* at most this many pieces run interleaved (ao_layout_run) */
#define AO_LAYOUT_INTERLEAVE 32

/* n bytes from s to d, d's cache lines written whole by aligned 64-byte stores (a copy
 * whose source and destination sit at different offsets within a line, as a pad's do,
 * cost some CPUs' `rep movsb` behind memcpy twice the bandwidth) */
#if AO_LAYOUT_X86
__attribute__((target("avx512f,avx512bw,avx512vl,bmi2"))) static void ao_layout_copy_avx512(char *d, const char *s,
                                                                                          size_t n)
{
    const size_t head = (size_t)(-(uintptr_t)d & 63);
    if (n < 128 + head) {
        /* a short run (a row of an image): 64-byte moves, the last one masked */
        for (; n >= 64; n -= 64, d += 64, s += 64)
            _mm512_storeu_si512((void *)d, _mm512_loadu_si512((const void *)s));
        if (n) {
            const __mmask64 m = _bzhi_u64(~0ull, (unsigned)n);
            _mm512_mask_storeu_epi8((void *)d, m, _mm512_maskz_loadu_epi8(m, (const void *)s));
        }
        return;
    }
    memcpy(d, s, head);
    d += head, s += head, n -= head;
    for (; n >= 256; n -= 256, d += 256, s += 256) {
        const __m512i a = _mm512_loadu_si512((const void *)s), b = _mm512_loadu_si512((const void *)(s + 64));
        const __m512i c = _mm512_loadu_si512((const void *)(s + 128)), e = _mm512_loadu_si512((const void *)(s + 192));
        _mm512_store_si512((void *)d, a);
        _mm512_store_si512((void *)(d + 64), b);
        _mm512_store_si512((void *)(d + 128), c);
        _mm512_store_si512((void *)(d + 192), e);
    }
    for (; n >= 64; n -= 64, d += 64, s += 64)
        _mm512_store_si512((void *)d, _mm512_loadu_si512((const void *)s));
    memcpy(d, s, n);
}

__attribute__((target("avx2"))) static void ao_layout_copy_avx2(char *d, const char *s, size_t n)
{
    const size_t head = (size_t)(-(uintptr_t)d & 31);
    if (n < 128 + head) {
        memcpy(d, s, n);
        return;
    }
    memcpy(d, s, head);
    d += head, s += head, n -= head;
    for (; n >= 128; n -= 128, d += 128, s += 128) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)s), b = _mm256_loadu_si256((const __m256i *)(s + 32));
        const __m256i c = _mm256_loadu_si256((const __m256i *)(s + 64));
        const __m256i e = _mm256_loadu_si256((const __m256i *)(s + 96));
        _mm256_store_si256((__m256i *)d, a);
        _mm256_store_si256((__m256i *)(d + 32), b);
        _mm256_store_si256((__m256i *)(d + 64), c);
        _mm256_store_si256((__m256i *)(d + 96), e);
    }
    for (; n >= 32; n -= 32, d += 32, s += 32)
        _mm256_store_si256((__m256i *)d, _mm256_loadu_si256((const __m256i *)s));
    memcpy(d, s, n);
}

/* n bytes at d = the 64-byte pattern pat (the value's bytes repeated: d is aligned to
 * the value's size, so the pattern starts at d as it starts at a line) */
__attribute__((target("avx512f,avx512bw,avx512vl,bmi2"))) static void ao_layout_fill_avx512(char *d,
                                                                                          const unsigned char *pat,
                                                                                          size_t n)
{
    const __m512i v = _mm512_loadu_si512((const void *)pat);
    if (n >= 256) {
        const size_t head = (size_t)(-(uintptr_t)d & 63);
        _mm512_storeu_si512((void *)d, v);
        d += head, n -= head;
        for (; n >= 64; n -= 64, d += 64)
            _mm512_store_si512((void *)d, v);
    }
    for (; n >= 64; n -= 64, d += 64)
        _mm512_storeu_si512((void *)d, v);
    if (n)
        _mm512_mask_storeu_epi8((void *)d, _bzhi_u64(~0ull, (unsigned)n), v);
}
#endif

/* Every other element of s into n contiguous elements at d (a step-2 run: Slice with step 2
 * along the last dim), rows of them: row r from s + r * sp to d + r * dp. Two loads of the
 * source, their even lanes packed into one register (vpermt2w / vpermt2d on AVX-512,
 * pand + vpackusdw / vshufps and a lane permute on AVX2). A vector step runs only while
 * another element follows its last (so its loads' last element, 2 j + 1, is not read past
 * the run's last, 2 (n - 1)); the rest by the element loop. The bytes are moved, not
 * converted: bit-exact. */
#define AO_LAYOUT_EVEN_LOOP(T, j)                                                                       \
    for (; j < n; j++) {                                                                                \
        T x_;                                                                                           \
        memcpy(&x_, s + 2 * j * (int64_t)sizeof(T), sizeof(T));                                         \
        memcpy(d + j * (int64_t)sizeof(T), &x_, sizeof(T));                                             \
    }

#if AO_LAYOUT_X86
/* elements j.. of one row: 16 or 8 at a time, the rest one by one */
static inline __attribute__((target("avx2"), always_inline)) void ao_layout_even_row_avx2(char *d, const char *s,
                                                                                          int64_t j, int64_t n,
                                                                                          int size)
{
    if (size == 2) {
        const __m256i lo16 = _mm256_set1_epi32(0xffff);
        for (; j + 16 < n; j += 16) {
            const __m256i a = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(s + 4 * j)), lo16);
            const __m256i b = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)(s + 4 * j + 32)), lo16);
            /* (the even lanes zero-extended to 32 bits: packing them saturates nothing) */
            const __m256i v = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xd8);
            _mm256_storeu_si256((__m256i *)(d + 2 * j), v);
        }
        AO_LAYOUT_EVEN_LOOP(uint16_t, j)
    } else {
        for (; j + 8 < n; j += 8) {
            const __m256 a = _mm256_loadu_ps((const float *)(const void *)(s + 8 * j));
            const __m256 b = _mm256_loadu_ps((const float *)(const void *)(s + 8 * j + 32));
            const __m256d v = _mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, 0x88)), 0xd8);
            _mm256_storeu_pd((double *)(void *)(d + 4 * j), v);
        }
        AO_LAYOUT_EVEN_LOOP(uint32_t, j)
    }
}

/* 64-byte steps while a whole one fits, then the AVX2 row's (masked moves for the tail
 * measured slower on Zen 4: 1024 rows of 50 float32, 16.0 against 14.3 us) */
__attribute__((target("avx512f,avx512bw,avx512vl,bmi2"))) static void ao_layout_even_avx512(
    char *d, int64_t dp, const char *s, int64_t sp, int64_t n, int64_t rows, int size)
{
    if (size == 2) {
        const __m512i idx = _mm512_set_epi16(62, 60, 58, 56, 54, 52, 50, 48, 46, 44, 42, 40, 38, 36, 34, 32, 30, 28,
                                             26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
        for (int64_t r = 0; r < rows; r++, d += dp, s += sp) {
            int64_t j = 0;
            for (; j + 32 < n; j += 32) {
                const __m512i a = _mm512_loadu_si512((const void *)(s + 4 * j));
                const __m512i b = _mm512_loadu_si512((const void *)(s + 4 * j + 64));
                _mm512_storeu_si512((void *)(d + 2 * j), _mm512_permutex2var_epi16(a, idx, b));
            }
            ao_layout_even_row_avx2(d, s, j, n, 2);
        }
    } else {
        const __m512i idx = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
        for (int64_t r = 0; r < rows; r++, d += dp, s += sp) {
            int64_t j = 0;
            for (; j + 16 < n; j += 16) {
                const __m512i a = _mm512_loadu_si512((const void *)(s + 8 * j));
                const __m512i b = _mm512_loadu_si512((const void *)(s + 8 * j + 64));
                _mm512_storeu_si512((void *)(d + 4 * j), _mm512_permutex2var_epi32(a, idx, b));
            }
            ao_layout_even_row_avx2(d, s, j, n, 4);
        }
    }
}

__attribute__((target("avx2"))) static void ao_layout_even_avx2(char *d, int64_t dp, const char *s, int64_t sp,
                                                                int64_t n, int64_t rows, int size)
{
    for (int64_t r = 0; r < rows; r++, d += dp, s += sp)
        ao_layout_even_row_avx2(d, s, 0, n, size);
}
#endif

static void ao_layout_even_rows(char *d, int64_t dp, const char *s, int64_t sp, int64_t n, int64_t rows, int size,
                                int level)
{
#if AO_LAYOUT_X86
    if (level >= 2)
        return ao_layout_even_avx512(d, dp, s, sp, n, rows, size);
    if (level == 1)
        return ao_layout_even_avx2(d, dp, s, sp, n, rows, size);
#endif
    (void)level;
    for (int64_t r = 0; r < rows; r++, d += dp, s += sp) {
        int64_t j = 0;
        if (size == 2)
            AO_LAYOUT_EVEN_LOOP(uint16_t, j)
        else
            AO_LAYOUT_EVEN_LOOP(uint32_t, j)
    }
}
#undef AO_LAYOUT_EVEN_LOOP

static void ao_layout_copy(char *d, const char *s, size_t n, int level)
{
    if ((d < s + n && s < d + n) || (n < 256 && level < 2)) {
        memmove(d, s, n);
        return;
    }
#if AO_LAYOUT_X86
    if (level >= 2)
        return ao_layout_copy_avx512(d, s, n);
    if (level == 1)
        return ao_layout_copy_avx2(d, s, n);
#endif
    (void)level;
    memcpy(d, s, n);
}

static void ao_layout_fill(char *d, const unsigned char *pat, size_t n, int level)
{
#if AO_LAYOUT_X86
    if (level >= 2)
        return ao_layout_fill_avx512(d, pat, n);
#endif
    (void)level;
    size_t i = 0;
    for (; i + 64 <= n; i += 64)
        memcpy(d + i, pat, 64);
    memcpy(d + i, pat, n - i);
}

typedef struct ao_layout_job {
    const ao_layout_plan *p;
    char *const *data;
    const int64_t *first;               /* npieces + 1: each piece's first task, then the total */
    const int64_t *chunk;               /* npieces: elements per task */
    unsigned char pat[64];              /* the fill value's bytes repeated over a line */
    int interleaved;                    /* task t: chunk t / npieces of piece t % npieces */
    int size;                           /* the output's itemsize */
    ao_copy_runs_fn copy;               /* the ISA region's copy of short runs */
    int level;                          /* the ISA region's */
} ao_layout_job;

static void ao_layout_task(void *arg, int64_t t)
{
    const ao_layout_job *j = (const ao_layout_job *)arg;
    const ao_layout_plan *p = j->p;
    int lo_k = 0, hi_k = p->npieces - 1;
    int64_t c;
    if (j->interleaved) {
        lo_k = (int)(t % p->npieces);
        c = t / p->npieces;
    } else {
        while (lo_k < hi_k) {   /* the last piece whose first task is <= t */
            const int mid = (lo_k + hi_k + 1) / 2;
            if (j->first[mid] <= t)
                lo_k = mid;
            else
                hi_k = mid - 1;
        }
        c = t - j->first[lo_k];
    }
    const ao_layout_piece *q = &p->pieces[lo_k];
    const ao_cast_plan *cp = &q->cp;
    const int64_t lo = c * j->chunk[lo_k];
    const int64_t hi = lo + j->chunk[lo_k] < cp->numel ? lo + j->chunk[lo_k] : cp->numel;
    if (lo >= hi)
        return;
    static const int64_t one_shape[1] = {1}, zero_strides[1] = {0};
    const int nd = cp->ndim ? cp->ndim : 1;
    const int64_t *shape = cp->ndim ? cp->shape : one_shape;
    const int64_t *const st[2] = {cp->ndim ? cp->strides[0] : zero_strides, cp->ndim ? cp->strides[1] : zero_strides};
    const int size = j->size;
    const int64_t io = st[0][nd - 1] * size, ii = st[1][nd - 1] * size;
    char *out = j->data[0] + q->out_offset;
    const char *in = q->fill ? NULL : j->data[1] + q->in_offset;
    ao_walker w;
    ao_walk_init(&w, nd, shape, 2, st, lo, hi);
    int64_t run;
    do {
        run = ao_walk_run(&w);
        char *po = out + w.off[0] * size;
        if (q->fill) {
            if (io == size) {
                ao_layout_fill(po, j->pat, (size_t)(run * size), j->level);
                continue;
            }
            const unsigned char *v = j->pat;    /* its first bytes: the value */
#define AO_LAYOUT_SET(T)                                                                                \
    {                                                                                                   \
        T x;                                                                                            \
        memcpy(&x, v, sizeof x);                                                                        \
        for (int64_t k = 0; k < run; k++)                                                               \
            memcpy(po + k * io, &x, sizeof x);                                                          \
    }                                                                                                   \
    break;
            switch (size) {
            case 1: AO_LAYOUT_SET(uint8_t)
            case 2: AO_LAYOUT_SET(uint16_t)
            case 4: AO_LAYOUT_SET(uint32_t)
            default: AO_LAYOUT_SET(uint64_t)
            }
#undef AO_LAYOUT_SET
            continue;
        }
        const char *pi = in + w.off[1] * size;
        /* a block of rows: this run and, where it is a whole row, the whole rows after it
         * in the next dim up, moved in one go, each row's pitches its own (no walker step
         * per row: about 20 ns a row of a Slice's 1024 short rows, where torch's whole
         * copy took 9-19 ns a row) */
        int64_t rows = 1, dp = 0, sp = 0;
        if (nd >= 2 && w.idx[nd - 1] == 0 && run == shape[nd - 1]) {
            const int64_t whole = w.left / run, here = shape[nd - 2] - w.idx[nd - 2];
            rows = whole < here ? whole : here;
            dp = st[0][nd - 2] * size, sp = st[1][nd - 2] * size;
        }
        /* the bytes the block writes and reads: apart, or (overlapping) this run alone,
         * moved in order: a memmove, or element by element from its first */
        const int64_t wrow = (run - 1) * io, rrow = (run - 1) * ii;
        int64_t dlast = (rows - 1) * dp, slast = (rows - 1) * sp;
        const char *wlo = po + (dlast < 0 ? dlast : 0) + (wrow < 0 ? wrow : 0);
        const char *whi = po + (dlast > 0 ? dlast : 0) + (wrow > 0 ? wrow : 0) + size;
        const char *rlo = pi + (slast < 0 ? slast : 0) + (rrow < 0 ? rrow : 0);
        const char *rhi = pi + (slast > 0 ? slast : 0) + (rrow > 0 ? rrow : 0) + size;
        const int apart = whi <= rlo || rhi <= wlo;
        if (!apart)
            rows = 1, dlast = slast = 0;
        const int64_t width = run * size;
        if (io == size && ii == size) {
            if (apart && width < AO_LAYOUT_ALIGNED_MIN) {
                j->copy(po, dp, pi, sp, width, rows);
            } else {
                for (int64_t r = 0; r < rows; r++)      /* (a memmove where they overlap) */
                    ao_layout_copy(po + r * dp, pi + r * sp, (size_t)width, j->level);
            }
        } else if (apart && io == size && ii == 2 * size && (size == 2 || size == 4)) {
            ao_layout_even_rows(po, dp, pi, sp, run, rows, size, j->level);
        } else {
#define AO_LAYOUT_ROWS(T)                                                                               \
    for (int64_t r = 0; r < rows; r++) {                                                                \
        char *pd = po + r * dp;                                                                         \
        const char *ps = pi + r * sp;                                                                   \
        for (int64_t k = 0; k < run; k++) {                                                             \
            T x;                                                                                        \
            memcpy(&x, ps + k * ii, sizeof x);                                                          \
            memcpy(pd + k * io, &x, sizeof x);                                                          \
        }                                                                                               \
    }                                                                                                   \
    break;
            switch (size) {
            case 1: AO_LAYOUT_ROWS(uint8_t)
            case 2: AO_LAYOUT_ROWS(uint16_t)
            case 4: AO_LAYOUT_ROWS(uint32_t)
            default: AO_LAYOUT_ROWS(uint64_t)
            }
#undef AO_LAYOUT_ROWS
        }
        if (rows > 1) {     /* the walker at the last row (its step moves past it) */
            w.left -= (rows - 1) * run;
            w.idx[nd - 2] += rows - 1;
            w.off[0] += dlast / size;
            w.off[1] += slast / size;
        }
    } while (ao_walk_next(&w, run));
}

/* The pieces one after another, each a Cast-kernel run (any pair of dtypes). */
static int ao_layout_in_order(const ao_layout_plan *p, char *const *data, int nthreads)
{
    for (int k = 0; k < p->npieces; k++) {
        const ao_layout_piece *q = &p->pieces[k];
        char *d[2];
        d[0] = data[0] + q->out_offset;
        if (q->fill) {
            d[1] = (char *)p->value;
        } else {
            if (data[1] == NULL)
                return -1;
            d[1] = data[1] + q->in_offset;
        }
        int rc = ao_cast_run(&q->cp, d, nthreads);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int ao_layout_run(const void *plan, char *const *data, int nthreads)
{
    const ao_layout_plan *p = (const ao_layout_plan *)plan;
    if (p == NULL || data == NULL || data[0] == NULL || p->npieces < 0)
        return -1;
    if (p->npieces == 0)
        return 0;
    /* one output dtype of 1, 2, 4 or 8 bytes, every copy of it, every fill from one
     * value dtype: the pieces together; else in order */
    const int dst = p->pieces[0].cp.dst, size = ao_dtype_itemsize(dst);
    int fill_src = -1, have_copy = 0;
    for (int k = 0; k < p->npieces; k++) {
        const ao_layout_piece *q = &p->pieces[k];
        if (q->cp.dst != dst || q->cp.ndim < 0 || q->cp.ndim > AO_MAX_DIMS || q->cp.numel <= 0)
            return ao_layout_in_order(p, data, nthreads);
        if (q->fill) {
            if (fill_src >= 0 && q->cp.src != fill_src)
                return ao_layout_in_order(p, data, nthreads);
            fill_src = q->cp.src;
        } else if (q->cp.src != dst) {
            return ao_layout_in_order(p, data, nthreads);
        } else {
            have_copy = 1;
        }
    }
    if ((size != 1 && size != 2 && size != 4 && size != 8) || (have_copy && data[1] == NULL) ||
        (uintptr_t)data[0] % (uintptr_t)size)
        return ao_layout_in_order(p, data, nthreads);
    ao_layout_job job;
    memset(&job, 0, sizeof job);
    job.p = p, job.data = data, job.size = size, job.level = ao_isa_current()->level;
    job.copy = ao_copy_fns_current().runs;
    if (fill_src >= 0) {
        /* the value in the output's dtype: the Cast kernel's conversion of one element */
        unsigned char one[8];
        ao_cast_plan cp;
        memset(&cp, 0, sizeof cp);
        cp.src = fill_src, cp.dst = dst, cp.ndim = 0, cp.numel = 1;
        char *d[2] = {(char *)one, (char *)p->value};
        if (ao_cast_run(&cp, d, 1) != 0)
            return -1;
        for (int i = 0; i < 64; i++)
            job.pat[i] = one[i % size];
    }
    int64_t *first = (int64_t *)malloc((size_t)(2 * p->npieces + 1) * sizeof(int64_t));
    if (first == NULL)
        return -1;
    int64_t *chunk = first + p->npieces + 1;
    const int64_t per = AO_LAYOUT_CHUNK_BYTES / size;
    int64_t total = 0;
    if (p->npieces <= AO_LAYOUT_INTERLEAVE) {
        /* a few pieces (a pad's copy and the fills around it): each cut into as many
         * chunks as the largest needs, chunk c of every piece one after another. Each
         * piece walks the output in address order, so chunk c of each covers about the
         * same part of the output, which the fills then find in cache, where the copy
         * left it, rather than in memory a pass later */
        int64_t most = 1;
        for (int k = 0; k < p->npieces; k++) {
            const int64_t nk = (p->pieces[k].cp.numel + per - 1) / per;
            most = nk > most ? nk : most;
        }
        for (int k = 0; k < p->npieces; k++)
            chunk[k] = (p->pieces[k].cp.numel + most - 1) / most;
        total = most * p->npieces;
        job.interleaved = 1;
    } else {
        for (int k = 0; k < p->npieces; k++) {
            const int64_t numel = p->pieces[k].cp.numel;
            chunk[k] = per;
            first[k] = total;
            total += (numel + per - 1) / per;
        }
        first[p->npieces] = total;
    }
    job.first = first, job.chunk = chunk;
    int nt = ao_effective_threads(nthreads);
    if (total < 2)
        nt = 1;
    ao_parallel_for(total, nt, ao_layout_task, &job);
    free(first);
    return 0;
}
