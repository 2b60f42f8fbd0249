#ifndef GG_CLASSIFY_H
#define GG_CLASSIFY_H

#include "diagnose.h"
#include "notebook.h"

struct gg_analyzer;

/*
 * Internal to the diagnosis: classify.c weighs the evidence of one chain
 * (frames, code lines, the log's facts, the workspace) into a diagnosis;
 * explain.c writes its explanation and fix.
 */
/* nb resolves notebook cell frames (NULL: they stay unresolved). */
int gg_classify(gg_diagnosis *d, const gg_log_facts *facts, gg_workspace *ws, gg_notebooks *nb,
		struct gg_analyzer *analyzer);
int gg_explain(gg_diagnosis *d, const gg_log_facts *facts);
/* An incomplete d whose cut traceback has a CUDA kernel's device-side assertion printed just above it. */
bool gg_explain_assert_above(const gg_diagnosis *d, const gg_log_facts *facts);
/*
 * Whether d's failure is the DataLoader's "worker (pid(s) N) exited
 * unexpectedly" with the error it was raised from (the worker's signal) not
 * in the paste: what killed the worker is cut.
 */
bool gg_classify_worker_exit_cut(const gg_diagnosis *d);
/* Whether tb's frames end in torch.multiprocessing's spawn: the launching process waiting on its workers. */
bool gg_classify_spawn_waits(const gg_traceback *tb);
/* Whether an allocator's message ends cut inside its request, before its size ("... out of memory. Tried to a"). */
bool gg_classify_cut_in_request(const char *message);
/*
 * The user's frame that constructs a layer where the paste ends inside
 * torch.nn's own construction of it (its __init__, the weight's Parameter,
 * its initialiser): that frame's index, or -1.
 */
int gg_classify_layer_build(const gg_diagnosis *d);

#endif
