/* ascendops: a list of tensors written into slices of one output (aclnnCat): each piece is
 * a strided copy (ao_strided_copy: one dtype, its bytes) or the Cast kernel's conversion
 * (ao_cast_run: differing dtypes) from one element of the list into its slice of out, or,
 * where every piece is of out's dtype with contiguous rows, all of them together row by row of
 * out (ao_concat_rows, below). The plan
 * (ao_concat_plan, plan_fn.h) is built by the dispatcher (ascendops/_concat.pxi ConcatOp);
 * data[0] is out's first element, data[1] the list's array of element addresses (the
 * executor binds it: ascendops/_executor.pxi _bind_list). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "ao_internal.h"
#include "plan_fn.h"
#include "copy_runs.h"

/* pieces below this many elements run one per thread (a parallel loop over pieces);
 * bigger ones one after another, each on every thread (ao_cast_run's chunks) */
#define AO_CONCAT_SMALL 65536

typedef struct ao_concat_job {
    const ao_concat_plan *p;
    char *out;
    char *const *addrs;
    const int64_t *small;   /* indices of the small pieces */
} ao_concat_job;

static int ao_concat_one(const ao_concat_piece *pc, char *out, char *const *addrs, int nthreads)
{
    char *d[2] = {out + pc->out_offset, addrs[pc->index]};
    if (pc->cp.src == pc->cp.dst)
        return ao_strided_copy(pc->cp.ndim, pc->cp.shape, pc->itemsize, d[0], pc->cp.strides[0], d[1],
                               pc->cp.strides[1], nthreads);
    return ao_cast_run(&pc->cp, d, nthreads);
}

static void ao_concat_small(void *arg, int64_t i)
{
    const ao_concat_job *j = (const ao_concat_job *)arg;
    /* the plan was checked before the loop: a piece cannot fail here */
    (void)ao_concat_one(&AO_CONCAT_PIECES(j->p)[j->small[i]], j->out, j->addrs, 1);
}

/* The row-segment path: every piece of out's dtype, its coalesced layout one block of
 * `rows` rows, each row a contiguous run in the piece and in out, the rows the same number
 * and out's row pitch the same for every piece (a concatenation of contiguous tensors along
 * any dim: along dim 0 one row per piece, along an inner dim a short run per piece in each
 * of out's rows). Out is written row by row, each row's runs one after another, so that
 * the writes stream through out; the threads split the (row, byte) space of out, not the
 * pieces, so a few pieces of many short rows keep every thread busy. */
typedef struct ao_concat_rows_job {
    ao_copy_runs_fn copy;
    ao_copy_seg_rows_fn copy_rows;
    const ao_copy_seg *runs; /* each piece's: its first run in out and in the piece, its pitch, width */
    const int64_t *cols;    /* each piece's first byte in the concatenated row (the runs back to back) */
    int64_t nsegs;
    int64_t width;          /* bytes of a concatenated row: the runs' widths together */
    int64_t dst_pitch;      /* bytes between out's rows */
    int64_t min_width;      /* bytes of the narrowest run */
} ao_concat_rows_job;

/* Bytes [c0, c1) of concatenated row r. */
static void ao_concat_row_span(const ao_concat_rows_job *j, int64_t r, int64_t c0, int64_t c1)
{
    for (int64_t k = 0; k < j->nsegs; k++) {
        const ao_copy_seg *s = &j->runs[k];
        const int64_t col = j->cols[k];
        const int64_t lo = c0 > col ? c0 : col;
        const int64_t hi = c1 < col + s->width ? c1 : col + s->width;
        if (lo < hi)
            j->copy(s->dst + r * j->dst_pitch + (lo - col), 0, s->src + r * s->src_pitch + (lo - col), 0, hi - lo, 1);
    }
}

/* Whole rows [r0, r1). Runs of AO_CONCAT_ROW_ORDER_MIN bytes or more are copied row by
 * row of out, each row's runs one after another, so that out is written in order (4 x 1000
 * runs of 1000 bytes, 1 thread, Zen 4: 89 us so, 96 us in blocks of 4 rows, piece by
 * piece). Shorter runs go in blocks of about AO_CONCAT_BLOCK bytes of out, each piece's
 * runs of a block by one call (the copy's width dispatch once per block, not per run of a
 * few bytes). */
#define AO_CONCAT_BLOCK 16384
#define AO_CONCAT_ROW_ORDER_MIN 64
static void ao_concat_rows_whole(const ao_concat_rows_job *j, int64_t r0, int64_t r1)
{
    const int64_t n = j->nsegs, dp = j->dst_pitch;
    if (j->min_width >= AO_CONCAT_ROW_ORDER_MIN) {
        j->copy_rows(j->runs, n, dp, r0, r1);
        return;
    }
    const int64_t block = j->width >= AO_CONCAT_BLOCK ? 1 : AO_CONCAT_BLOCK / j->width;
    for (int64_t r = r0; r < r1; r += block) {
        const int64_t count = r1 - r < block ? r1 - r : block;
        for (int64_t k = 0; k < n; k++) {
            const ao_copy_seg *s = &j->runs[k];
            j->copy(s->dst + r * dp, dp, s->src + r * s->src_pitch, s->src_pitch, s->width, count);
        }
    }
}

/* Bytes [lo, hi) of out's (row, byte) space: a partial first row, whole rows, a partial last. */
static void ao_concat_rows_part(void *arg, int64_t lo, int64_t hi)
{
    const ao_concat_rows_job *j = (const ao_concat_rows_job *)arg;
    const int64_t w = j->width;
    int64_t r = lo / w, c = lo % w;
    const int64_t rend = hi / w, cend = hi % w;
    if (r == rend) {
        ao_concat_row_span(j, r, c, cend);
        return;
    }
    if (c) {
        ao_concat_row_span(j, r, c, w);
        r++;
    }
    ao_concat_rows_whole(j, r, rend);
    if (cend)
        ao_concat_row_span(j, rend, 0, cend);
}

/* Below this many bytes a concatenation stays on the calling thread; a thread's share is
 * at least half of it. */
#define AO_CONCAT_PAR_BYTES ((int64_t)1 << 18)

/* The row-segment path for the plan's pieces, or 1 where they do not have its layout. */
static int ao_concat_rows(const ao_concat_plan *p, char *out, char *const *addrs, int nthreads)
{
    const ao_concat_piece *pieces = AO_CONCAT_PIECES(p);
    ao_copy_seg stack[16];
    int64_t stack_cols[16];
    ao_copy_seg *segs = p->npieces <= 16 ? stack : (ao_copy_seg *)malloc((size_t)p->npieces * sizeof(ao_copy_seg));
    int64_t *cols = p->npieces <= 16 ? stack_cols : (int64_t *)malloc((size_t)p->npieces * sizeof(int64_t));
    if (!segs || !cols) {
        if (segs != stack)
            free(segs);
        if (cols != stack_cols)
            free(cols);
        return 1;
    }
    int64_t rows = -1, dst_pitch = 0, width = 0, min_width = INT64_MAX;
    int fits = 1;
    for (int64_t i = 0; i < p->npieces && fits; i++) {
        const ao_concat_piece *pc = &pieces[i];
        const int64_t isz = pc->itemsize;
        int64_t sh[AO_MAX_DIMS], st[2][AO_MAX_DIMS];
        const int64_t *const vs[2] = {pc->cp.strides[0], pc->cp.strides[1]};
        const int n = ao_coalesce(pc->cp.ndim, pc->cp.shape, 2, vs, sh, st);
        int64_t r = 1, dp = 0, sp = 0;
        if (pc->cp.src != pc->cp.dst || n > 2 || st[0][n - 1] != 1 || st[1][n - 1] != 1) {
            fits = 0;
            break;
        }
        if (n == 2) {
            r = sh[0];
            dp = st[0][0] * isz;
            sp = st[1][0] * isz;
        }
        if (rows < 0) {
            rows = r;
            dst_pitch = dp;
        } else if (r != rows || (r > 1 && dp != dst_pitch)) {
            fits = 0;
            break;
        }
        segs[i].dst = out + pc->out_offset;
        segs[i].src = addrs[pc->index];
        segs[i].src_pitch = sp;
        cols[i] = width;
        segs[i].width = sh[n - 1] * isz;
        width += segs[i].width;
        if (segs[i].width < min_width)
            min_width = segs[i].width;
    }
    if (fits && rows > 0 && width > 0) {
        const ao_copy_fns copies = ao_copy_fns_current();
        ao_concat_rows_job job = {copies.runs, copies.seg_rows, segs, cols, p->npieces, width, dst_pitch, min_width};
        const int64_t bytes = rows * width;
        int nt = ao_effective_threads(nthreads);
        if (bytes < AO_CONCAT_PAR_BYTES)
            nt = 1;
        ao_parallel_ranges(bytes, nt, AO_CONCAT_PAR_BYTES / 2, ao_concat_rows_part, &job);
    }
    if (segs != stack)
        free(segs);
    if (cols != stack_cols)
        free(cols);
    return fits && rows > 0 && width > 0 ? 0 : 1;
}

int ao_concat_run(const void *plan, char *const *data, int nthreads)
{
    const ao_concat_plan *p = (const ao_concat_plan *)plan;
    if (!p || !data || !data[0] || !data[1] || p->npieces < 0)
        return -1;
    char *const *addrs = (char *const *)data[1];
    const ao_concat_piece *pieces = AO_CONCAT_PIECES(p);
    for (int64_t i = 0; i < p->npieces; i++)
        if (pieces[i].cp.numel <= 0 || !addrs[pieces[i].index])
            return -1;
    if (p->npieces > 0 && ao_concat_rows(p, data[0], addrs, nthreads) == 0)
        return 0;
    int nt = ao_effective_threads(nthreads);
    if (p->numel < AO_CONCAT_SMALL)
        nt = 1;
    /* the small pieces: one per item of a parallel loop */
    int64_t nsmall = 0;
    int64_t stack[64];
    int64_t *small = p->npieces <= 64 ? stack : (int64_t *)malloc((size_t)p->npieces * sizeof(int64_t));
    if (!small)
        return -1;
    for (int64_t i = 0; i < p->npieces; i++)
        if (pieces[i].cp.numel < AO_CONCAT_SMALL)
            small[nsmall++] = i;
    int rc = 0;
    if (nsmall) {
        ao_concat_job job = {p, data[0], addrs, small};
        ao_parallel_for(nsmall, nsmall > 1 ? nt : 1, ao_concat_small, &job);
    }
    for (int64_t i = 0; i < p->npieces && rc == 0; i++)
        if (pieces[i].cp.numel >= AO_CONCAT_SMALL)
            rc = ao_concat_one(&pieces[i], data[0], addrs, nt);
    if (small != stack)
        free(small);
    return rc;
}
