#ifndef GG_DIAGNOSE_H
#define GG_DIAGNOSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "logfacts.h"
#include "oom.h"
#include "resolve.h"
#include "traceback.h"

/*
 * Diagnosis of pasted tracebacks and training logs: out of memory or not,
 * on which device and rank, in training or evaluation, with autograd on or
 * off, which line of the user's code, and what to do about it. It knows
 * nothing of the LSP or of the command line: text in, diagnoses out.
 */

typedef enum gg_dx_kind {
	GG_DX_NOT_OOM,
	GG_DX_OOM,
	GG_DX_OOM_TRAINING,
	GG_DX_OOM_EVAL,
	GG_DX_OOM_EVAL_NO_GRAD,
	GG_DX_INCOMPLETE, /* the paste ends before its exception line, or inside the message */
} gg_dx_kind;

typedef enum gg_dx_phase {
	GG_PHASE_UNKNOWN,
	GG_PHASE_TRAINING,
	GG_PHASE_EVALUATION,
	GG_PHASE_LOADING, /* a model being loaded or moved to the device */
} gg_dx_phase;

typedef enum gg_dx_confidence {
	GG_CONFIDENCE_LOW,
	GG_CONFIDENCE_MEDIUM,
	GG_CONFIDENCE_HIGH,
} gg_dx_confidence;

/* Why the memory ran out (cause.h decides). */
enum {
	GG_CAUSE_NONE = 0,
	GG_CAUSE_ACCUMULATED = 1u << 0, /* outputs/logits kept across batches */
	GG_CAUSE_BATCH = 1u << 1,       /* eval batch larger than training's */
	GG_CAUSE_FRAGMENTATION = 1u << 2, /* reserved but unallocated memory larger than the request */
	GG_CAUSE_OVERSIZED = 1u << 3,   /* one request about as large as the device */
	GG_CAUSE_OTHER_PROCESSES = 1u << 4, /* most of the device held outside this process's PyTorch */
	GG_CAUSE_GROWTH = 1u << 5,      /* memory growing step by step across iterations */
	GG_CAUSE_LOADING = 1u << 6,     /* a model being loaded or moved to the device */
	GG_CAUSE_PAGING_FILE = 1u << 7, /* Windows' commit limit (WinError 1455) */
	GG_CAUSE_HOST_RAM = 1u << 8,    /* the kernel's OOM killer (SIGKILL) */
	GG_CAUSE_REFUSED = 1u << 9,     /* a request far below the free memory refused: the driver or a limit, not the device full */
	GG_CAUSE_PROGRAM = 1u << 10,    /* XLA's compiled program larger than the whole device ("Used X of Y hbm") */
	GG_CAUSE_KV_CACHE = 1u << 11,   /* a serving engine's start-up left no device memory for its KV cache */
	GG_CAUSE_ONCHIP = 1u << 12,     /* XLA: one compiled kernel larger than a core's on-chip scratch (vmem), not the HBM */
	GG_CAUSE_SMALL_DEVICE = 1u << 13, /* a device of 2 GiB or less, full with this process's own memory */
	GG_CAUSE_CAP = 1u << 14,        /* a per-process memory fraction, not the device, is the limit the request met */
	GG_CAUSE_MPS_OTHER = 1u << 15,  /* MPS: most of the cap held by other allocations, outside PyTorch's tensors */
	GG_CAUSE_OWN_TENSORS = 1u << 16, /* no frames: this process's live tensors fill the device, almost nothing cached */
	GG_CAUSE_MPS_OWN = 1u << 18,    /* MPS: this process's own allocations fill the cap, other allocations a sliver, a small request refused */
	GG_CAUSE_OUTSIDE = 1u << 17,    /* a small card: a quarter or more of it outside PyTorch (its context, a display, others), so the step does not fit */
	GG_CAUSE_HOST_ARRAY = 1u << 19, /* Python's own MemoryError: a NumPy array or Python object on the host, no tensor and no graph */
	GG_CAUSE_LARGE_REQUEST = 1u << 20, /* no phase, nothing else: one request 15 % to half of the device, more than is free */
	GG_CAUSE_CARD_TOO_SMALL = 1u << 21, /* a small card, nothing allocated yet, a request of a quarter of it or more refused below the free figure */
};

/* Where a serving engine's memory error reached the paste (see classify.c). */
typedef enum gg_dx_serving {
	GG_SERVING_NONE,
	GG_SERVING_RELAYED, /* a client library's exception carrying the server's message: the memory is the server's */
	GG_SERVING_START,   /* the engine's start: its warm-up, a shard that could not start */
	GG_SERVING_ANSWERING, /* the engine answering requests, its model under inference_mode (vLLM's engine named, nothing else) */
} gg_dx_serving;

typedef struct gg_dx_frame {
	bool user;          /* the user's code (not the stdlib, torch or a library) */
	gg_resolution res;  /* owned; the workspace file, when resolved */
} gg_dx_frame;

typedef struct gg_diagnosis {
	gg_dx_kind kind;
	gg_oom_info oom;
	int rank;  /* -1 when unknown */
	bool first; /* the initiating failure */
	bool waited; /* a collective timeout of the rank that waited, the one that never arrived not in the paste: not first */
	bool only;  /* the paste's only failure: no other traceback or failure line beside it */
	int follows_rank; /* a collective's lost peer: the rank whose earlier failure this one follows from, or -1 */
	/*
	 * The rank the launcher names as failing first when it is not this
	 * one, which was still running then (see gg_logfacts_rank_stopped):
	 * that rank's own error is not in the paste. -1 otherwise.
	 * failed_tie: this one had exited too when the launcher looked, so
	 * which failed first the log does not tell.
	 */
	int failed_before;
	bool failed_tie;
	/*
	 * A later traceback that only follows from this out-of-memory failure
	 * (a caller's cut traceback, a client's lost connection to the process
	 * it killed), folded into this one: its first log line (0: none) and
	 * its exception type, owned (NULL when it was cut before it).
	 */
	uint64_t consequence_line;
	char *consequence_type;
	bool consequence_nccl; /* consequence_line is the exception line of the collective NCCL's memory error failed (frames taken) */
	long consequence_pid; /* that traceback's worker's pid when another worker printed it (see logscan.h), else 0 */
	uint64_t interleaved_line; /* another process's frames, library code only and cut, printed into the paste right after this failure's exception line, from this line on; 0: none */
	uint64_t launcher_report_line; /* a launcher's CalledProcessError after it, reporting its child's exit: this failure again, folded; 0: none */
	/*
	 * The frames are another rank's traceback, cut before its exception
	 * line, right under this rank's frameless out-of-memory line: that
	 * rank, or -1 when the frames are this failure's own.
	 */
	int frames_rank;
	gg_dx_confidence confidence;
	gg_tb_chain *chain;    /* owned */
	size_t tb;             /* the traceback of chain reported: the first out-of-memory one */
	gg_dx_frame *frames;   /* owned; one per frame of that traceback */
	int culprit;           /* frame index, or -1 */
	int entry;             /* frame index of where the fix goes (the evaluation entry), or -1 */
	gg_dx_phase phase;
	bool callee_cut;       /* the frames stop at the culprit's call into code the paste cuts: grad mode inside it is unseen */
	bool model_runs;       /* a model's forward is on the path (torch.nn's call wrapper, a torch.nn module's own forward) */
	bool own_arithmetic;   /* in evaluation, no model on the path, the user's own line's one request a large share of the device (cause.c) */
	bool transfer;         /* no model on the path: the innermost frame, the user's, copies data to the device (`x.cuda()`, `.to(device)`) */
	bool optimizer_setup;  /* an optimizer stepped inside an object's construction: its state being created, before training (classify.c) */
	bool runtime_call;     /* the driver's OOM raised by a CUDA runtime call that allocates nothing, a stream switch (classify.c) */
	int grad_disabled;     /* 1 off already, 0 on, -1 unknown */
	bool grad_controlled;  /* a frame's grad mode is picked at run time (a flag, a condition): grad_disabled stays unknown */
	bool jax;              /* JAX raised it (jaxlib's error, jax's frames): PyTorch's autograd modes do not exist there */
	gg_dx_serving serving; /* a serving engine's memory, relayed to a client or at the engine's start */
	unsigned causes;       /* GG_CAUSE_* bits: every cause the evidence shows */
	unsigned cause;        /* the one that decides the fix (a GG_CAUSE_* bit), or GG_CAUSE_NONE */
	char *cause_evidence;  /* owned; what shows it, or NULL */
	const char *torch_version; /* the PyTorch version the log prints (owned by the diagnoses), or NULL */
	char *explanation;     /* owned */
	char *fix;             /* owned */
	char **evidence;       /* owned, each owned */
	size_t evidence_len;
	const char *static_code; /* static; a finding of the rules at the culprit ("GG001"), or NULL */
	char *static_message;    /* owned */
	uint32_t static_line;    /* within the cell when static_cell >= 0 */
	int64_t static_cell;     /* the notebook cell of the finding, or -1 */
} gg_diagnosis;

typedef struct gg_diagnoses {
	gg_diagnosis *items; /* owned; in order of appearance */
	char *torch_version; /* owned; what the items' torch_version point to */
	size_t len, cap;
	size_t omitted; /* tracebacks not kept (memory bound) */
	uint64_t lines;
} gg_diagnoses;

void gg_diagnoses_free(gg_diagnoses *d);

/* The reported traceback and exception of a diagnosis. */
const gg_traceback *gg_diagnosis_traceback(const gg_diagnosis *d);
const gg_tb_frame *gg_diagnosis_culprit(const gg_diagnosis *d);
/* Adds a line of evidence (printf-style): the diagnosis's own, or what a caller knows besides (the probe's figures). 0 or -ENOMEM. */
int gg_evidence_add(gg_diagnosis *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

const char *gg_dx_kind_name(gg_dx_kind k);
/*
 * What a memory error's headline says after "OUT OF MEMORY": "in
 * evaluation, with autograd on", "in training", "" for an undecided phase;
 * NULL when d is no memory error (not-oom, incomplete).
 */
const char *gg_diagnosis_verdict(const gg_diagnosis *d);
const char *gg_dx_phase_name(gg_dx_phase p);
const char *gg_dx_confidence_name(gg_dx_confidence c);

struct gg_analyzer;

typedef struct gg_diagnose_options {
	const char *root;               /* workspace folder for resolving frames; NULL: none */
	struct gg_analyzer *analyzer;   /* runs the rules on resolved files; NULL: not run */
	gg_read_fn read;                /* file contents (editor buffers); NULL: the disk */
	void *read_ctx;
} gg_diagnose_options;

/* A streaming diagnoser: feed it the log in chunks, then finish. */
typedef struct gg_diagnoser gg_diagnoser;

gg_diagnoser *gg_diagnoser_new(void);
void gg_diagnoser_delete(gg_diagnoser *d);
/* Returns 0 or -ENOMEM. */
int gg_diagnoser_feed(gg_diagnoser *d, const char *buf, size_t len);
/* Ends the input and fills out (which the caller frees). Returns 0 or -ENOMEM. */
int gg_diagnoser_finish(gg_diagnoser *d, const gg_diagnose_options *opts, gg_diagnoses *out);

/* All at once, for a text in memory. */
int gg_diagnose_text(const char *text, size_t len, const gg_diagnose_options *opts, gg_diagnoses *out);

#endif
