#ifndef GG_CAUSE_H
#define GG_CAUSE_H

#include "diagnose.h"

/*
 * Why the memory ran out, decided from what the failure says: the
 * allocator's numbers (one request larger than the device, memory held by
 * other processes, reserved but unusable memory), the phase (a model being
 * loaded), the frames (outputs collected across batches), the log (batch
 * sizes, memory readings that grow step by step) and the form of the error
 * (Windows' paging file, the kernel's OOM killer).
 */

/* Sets d->causes, d->cause and its evidence. framework: the evaluation framework on the path, or NULL. */
int gg_cause_weigh(gg_diagnosis *d, const gg_log_facts *facts, const char *framework);

/* "oversized-request", ...; NULL for GG_CAUSE_NONE. */
const char *gg_cause_name(unsigned cause);
/* Whether m is Python's or NumPy's MemoryError on the host: an array or object, no tensor of an allocator's. */
bool gg_cause_host_array(const gg_oom_info *m);

#endif
