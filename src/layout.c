/* Layout ops' driver (plan_fn.h ao_layout_plan): the pieces in order, each one run of
 * the Cast kernel (src/cast.c ao_cast_run) on the output and the input (or the plan's
 * value) moved by the piece's byte offsets. */
#include <stddef.h>
#include <stdint.h>

#include "plan_fn.h"

int ao_layout_run(const void *plan, char *const *data, int nthreads)
{
    const ao_layout_plan *p = (const ao_layout_plan *)plan;
    if (p == NULL || data == NULL || data[0] == NULL || p->npieces < 0)
        return -1;
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
