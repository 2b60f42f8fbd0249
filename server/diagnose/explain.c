/*
 * The explanation and the fix of a diagnosis, written for someone reading
 * them at 3 a.m.: the verdict, the mechanism in one sentence, the line to
 * change, then what to type.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "phase.h"
#include "text.h"

/* A mid-sized card (a desktop or workstation GPU): at most this much memory. */
#define EXPLAIN_MID_CARD (16.0 * 1024.0 * 1024.0 * 1024.0)


/*
 * A traceback cut right under the script's entry line, its only frame, whose
 * code is a bare call of the entry ("main()", "run", cut): every failure of
 * the script starts there, so the line says nothing of this one.
 */
static bool explain_entry_only(const gg_traceback *tb, const gg_tb_frame *cf)
{
	if (tb->has_exception || tb->len != 1 || cf != &tb->frames[0] || strcmp(cf->function, "<module>") != 0 || !cf->code)
		return false;
	const char *c = cf->code;
	size_t i = 0;
	while (c[i] == '_' || c[i] == '.' || (c[i] >= 'a' && c[i] <= 'z') || (c[i] >= 'A' && c[i] <= 'Z') || (i > 0 && c[i] >= '0' && c[i] <= '9'))
		i++;
	return i > 0 && (c[i] == '\0' || strcmp(c + i, "()") == 0 || strcmp(c + i, "(") == 0);
}
static const char *explain_device(const gg_diagnosis *d)
{
	switch (d->oom.device) {
	case GG_OOM_DEVICE_CUDA: return "GPU memory (CUDA)";
	case GG_OOM_DEVICE_HIP: return "GPU memory (ROCm/HIP)";
	case GG_OOM_DEVICE_MPS: return "Apple GPU memory (MPS)";
	case GG_OOM_DEVICE_XPU: return "Intel GPU memory (XPU)";
	case GG_OOM_DEVICE_CPU: return "host (CPU) memory";
	case GG_OOM_DEVICE_NPU: return "Ascend NPU memory (NPU)";
	case GG_OOM_DEVICE_TPU: return d->oom.onchip ? "a TPU core's on-chip memory (vmem, XLA)" : "TPU memory (HBM, XLA)";
	case GG_OOM_DEVICE_UNKNOWN: break;
	}
	return d->oom.xla ? "accelerator memory (XLA)" : "memory";
}

/* A Triton kernel that needs more shared memory than the GPU has: what it is, and what to change (see oom.h). */
static int explain_out_of_resource(gg_buf *e, gg_buf *x)
{
	int rc = gg_buf_printf(e, " Triton compiled a kernel (one of torch.compile's fused kernels, or a library's) whose blocks need more shared memory per multiprocessor (the \"Required\" figure) than this GPU has (its \"Hardware limit\"): found when the kernel is compiled or autotuned, before it runs. The device's memory is beside the point.");
	rc |= gg_buf_printf(x, "Neither a smaller batch nor no_grad changes a kernel's shared memory. Make the kernel smaller: smaller block sizes or fewer `num_stages` in its configs (a library's kernel: its option for this GPU), or a smaller dimension where the input's shape sets the block (a kernel that holds a whole head or feature dimension per block: a smaller head dimension, more heads), a graph break or a smaller fusion around that op (`torch._dynamo.disable`, `torch.compiler.disable` on the function), max-autotune off; or another PyTorch/Triton release, since which configs are tried changes between releases (a regression in a newer one shows as a version that works).");
	return rc;
}

/* The vendor's tool that lists what holds the device: an AMD or Intel GPU has no nvidia-smi. */
static const char *explain_smi(const gg_diagnosis *d)
{
	switch (d->oom.device) {
	case GG_OOM_DEVICE_HIP: return "rocm-smi --showpids";
	case GG_OOM_DEVICE_XPU: return "xpu-smi ps";
	case GG_OOM_DEVICE_NPU: return "npu-smi info";
	default: break;
	}
	return "nvidia-smi";
}

/*
 * What the PyTorch that printed the log has: advice names only what exists
 * there. From the version the log prints, else from the message's era.
 */
typedef enum explain_era {
	ERA_UNKNOWN,
	ERA_PRE_0_4, /* no torch.no_grad: volatile=True still works */
	ERA_THC,     /* THC-era text, version not printed: 0.x to 1.10 */
	ERA_1X,      /* 0.4 to 2.0: no expandable segments */
	ERA_MODERN,  /* 2.1 and later */
} explain_era;

static explain_era explain_era_of(const gg_diagnosis *d, const gg_log_facts *facts, int *minor_out)
{
	int major = -1, minor = -1;
	if (d->torch_version)
		sscanf(d->torch_version, "%d.%d", &major, &minor);
	*minor_out = major * 100 + minor;
	if ((major == 0 && minor >= 0 && minor < 4) || (major < 0 && facts->pre_0_4))
		return ERA_PRE_0_4;
	if (major == 0 || (major == 1) || (major == 2 && minor == 0))
		return ERA_1X;
	if (major >= 2)
		return ERA_MODERN;
	if (facts->thc || (d->oom.form && (strstr(d->oom.form, "cuda runtime error") || strstr(d->oom.form, "THCudaCheck"))))
		return ERA_THC;
	if (gg_diagnosis_traceback(d)->has_exception && strstr(gg_diagnosis_traceback(d)->exc.detail, "has a total capacity of"))
		return ERA_MODERN; /* 2.1's message format */
	/*
	 * 1.10 to 2.0's message format: "(GPU 0; ... reserved in total by
	 * PyTorch) If reserved memory is >> allocated memory try setting
	 * max_split_size_mb": that setting exists there, expandable segments
	 * do not.
	 */
	if (gg_diagnosis_traceback(d)->has_exception && strstr(gg_diagnosis_traceback(d)->exc.detail, "try setting max_split_size_mb")) {
		*minor_out = 110;
		return ERA_1X;
	}
	/*
	 * The older forms of the same parenthesis: 1.0 to 1.3 said "cached"
	 * (THC's allocator, no autocast, no max_split_size_mb), 1.4 to 1.9
	 * "reserved in total by PyTorch" with no setting to suggest after it.
	 */
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	if (tb->has_exception && strstr(tb->exc.detail, "(GPU ") && strstr(tb->exc.detail, "total capacity;")) {
		if (strstr(tb->exc.detail, " cached)"))
			return ERA_THC;
		if (strstr(tb->exc.detail, "reserved in total by PyTorch)") && !strstr(tb->exc.detail, "max_split_size_mb")) {
			*minor_out = 104;
			return ERA_1X;
		}
	}
	return ERA_UNKNOWN;
}

/* The allocator's settings variable: torch_npu reads its own, with CUDA's keys. */
static const char *explain_alloc_var(const gg_diagnosis *d)
{
	return d->oom.device == GG_OOM_DEVICE_NPU ? "PYTORCH_NPU_ALLOC_CONF" : "PYTORCH_CUDA_ALLOC_CONF";
}

/* The fix for fragmented memory, in the words the log's PyTorch understands. */
static int explain_fragmentation_fix(gg_buf *x, const gg_diagnosis *d, explain_era era, int version)
{
	const char *var = explain_alloc_var(d);
	if (era == ERA_MODERN || era == ERA_UNKNOWN)
		return gg_buf_printf(x, "Set `%s=expandable_segments:True` to avoid fragmentation. ", var);
	if (era == ERA_1X && version >= 110)
		return gg_buf_printf(x, "Set `%s=max_split_size_mb:128` (this PyTorch has no expandable segments) to limit fragmentation. ", var);
	return gg_buf_printf(x, "Free what the previous phase cached with `torch.cuda.empty_cache()` before it; newer PyTorch releases avoid this with `PYTORCH_CUDA_ALLOC_CONF`. ");
}

/*
 * The allocator's setting as a second step, where the cache is larger than
 * the request: in the words of the log's PyTorch (expandable segments from
 * 2.1, max_split_size_mb from 1.10, neither before).
 */
static int explain_second_alloc(gg_buf *x, const gg_diagnosis *d, explain_era era, int version)
{
	double left = d->oom.reserved_unallocated / 1073741824.0;
	if (era == ERA_MODERN || era == ERA_UNKNOWN)
		return gg_buf_printf(x, " Second: the %.2f GiB reserved but unallocated are more than the request, so `%s=expandable_segments:True` may let it fit.",
				     left, explain_alloc_var(d));
	if (era == ERA_1X && version >= 110)
		return gg_buf_printf(x, " Second: the %.2f GiB reserved but unallocated are more than the request, so `%s=max_split_size_mb:128` (this PyTorch has no expandable segments) may let it fit.",
				     left, explain_alloc_var(d));
	return gg_buf_printf(x, " Second: the %.2f GiB reserved but unallocated are more than the request; this PyTorch has no allocator setting for that (max_split_size_mb came in 1.10), so `torch.cuda.empty_cache()` between phases is what returns it.",
			     left);
}

/* A Hugging Face loader on the path (from_pretrained, transformers', diffusers' or accelerate's files): its arguments apply. */
static bool explain_hf_loading(const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	for (size_t i = 0; i < tb->len; i++) {
		const gg_tb_frame *f = &tb->frames[i];
		if (strstr(f->function, "from_pretrained") || (f->code && strstr(f->code, "from_pretrained(")) ||
		    strstr(f->filename, "transformers") || strstr(f->filename, "diffusers") || strstr(f->filename, "accelerate"))
			return true;
	}
	return false;
}

/* A CUDA library's *_ALLOC_FAILED status at handle creation: the library's name, or NULL (gg_oom_handle_alloc_failed). */
static const char *explain_handle_alloc_failed(const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	return tb->has_exception ? gg_oom_handle_alloc_failed(d->oom.form, tb->exc.detail) : NULL;
}

/* The object collective on the path (broadcast_object_list, all_gather_object, ...), or NULL. */
static const char *explain_object_collective(const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	for (size_t i = tb->len; i-- > 0;)
		if (gg_phase_is_object_collective(&tb->frames[i]))
			return tb->frames[i].function;
	return NULL;
}

/*
 * The sentence and the fix for a cause the numbers or the form decided;
 * returns 1 when it wrote them (so the kind's generic advice is not needed).
 */
/* A frame of torch's CUDA-graph capture (torch/cuda/graphs.py: capture_begin, capture_end, graph's __exit__). */
static bool explain_graph_capture(const gg_traceback *tb)
{
	for (size_t i = 0; i < tb->len; i++) {
		const char *f = tb->frames[i].filename;
		if (strstr(f, "torch/cuda/graphs.py") || strstr(f, "torch\\cuda\\graphs.py"))
			return true;
	}
	return false;
}

/* A request this many times the device's whole memory is a wrong shape before it is a large input. */
#define EXPLAIN_WRONG_SHAPE 100.0
/*
 * Ten times the device on a device nearly empty (a tenth of it allocated):
 * nothing else was large, and a real input that size would have been seen
 * coming; a size read from the data (an index out of range) is the suspect.
 */
#define EXPLAIN_SIZED_FROM_DATA 10.0

static bool explain_sized_from_data(const gg_oom_info *m)
{
	return m->total > 0 && m->tried >= EXPLAIN_SIZED_FROM_DATA * m->total && m->allocated >= 0 &&
	       m->allocated < 0.1 * m->total;
}

/*
 * Several times the device on a device nearly empty, short of ten, and
 * more than the largest devices hold whole (128 GiB): an image at full
 * size asks tens of GiB of a small card, but no input is sent as hundreds
 * of GiB; the tensor's shape (a repeat, an expand, a broadcast over the
 * wrong dimensions, data stored in another layout than the code reads) is
 * the first suspect, before resizing.
 */
#define EXPLAIN_SHAPE_SUSPECT 3.0
#define EXPLAIN_SHAPE_BEYOND (128.0 * 1073741824.0)

static bool explain_shape_suspect(const gg_oom_info *m)
{
	return m->total > 0 && m->tried >= EXPLAIN_SHAPE_SUSPECT * m->total && m->tried >= EXPLAIN_SHAPE_BEYOND && m->allocated >= 0 &&
	       m->allocated < 0.1 * m->total;
}

/*
 * The innermost frame of the user's code, where the tensor is sized, when
 * the culprit is another (the call into the model): " The tensor is made at
 * voxnet.py:20 (`...`)." The culprit names where the fix goes; this names
 * where to look.
 */
static int explain_sizing_line(gg_buf *x, const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	for (size_t i = tb->len; i-- > 0;) {
		if (!d->frames[i].user)
			continue;
		if ((int)i == d->culprit || !tb->frames[i].code)
			return 0;
		return gg_buf_printf(x, " The tensor is made in your code at %s:%u (`%s`), inside the call at the failing line: print the sizes there.",
				     gg_tb_frame_file(&tb->frames[i]), tb->frames[i].line, tb->frames[i].code);
	}
	return 0;
}

/*
 * One request that is a large share of the device (but under half, where
 * it is a cause of its own) and more than is free: an item's size, which
 * a message-only paste from an app that runs one item at a time cannot
 * lower by the batch.
 */
#define EXPLAIN_LARGE_SHARE 0.15

static bool explain_large_request(const gg_oom_info *m)
{
	/* Printed equal to the free figure it was still more: it failed (see cause.c). */
	return m->total > 0 && m->tried >= EXPLAIN_LARGE_SHARE * m->total && m->tried < 0.5 * m->total && m->free >= 0 &&
	       m->tried >= m->free;
}

/*
 * The failing line builds one matrix of every row of a table against
 * every row of another: a product with a transposed whole table
 * (`q.mm(t.t())`, `a @ b.transpose(0, 1)`), `cdist`, or an outer
 * broadcast (`x[:, None] + y[None, :]`). Its output is rows × columns
 * whatever autograd is, so no_grad alone does not shrink it; chunks of
 * rows do. Not inside a model's forward (attention has its own fixes).
 */
static bool explain_pairwise_line(const gg_tb_frame *cf)
{
	if (!cf || !cf->code || strcmp(cf->function, "forward") == 0)
		return false;
	const char *c = cf->code;
	bool product = strstr(c, ".mm(") || strstr(c, "matmul(") || strstr(c, " @ ");
	bool transposed = strstr(c, ".t()") || strstr(c, ".T)") || strstr(c, ".T ") || strstr(c, ".transpose(0, 1)") ||
			  strstr(c, ".transpose(1, 0)");
	bool outer = (strstr(c, "[:, None]") && strstr(c, "[None, :]")) || (strstr(c, ".unsqueeze(1)") && strstr(c, ".unsqueeze(0)"));
	return (product && transposed) || strstr(c, "cdist(") || outer;
}

/* The fix for such a line: its matrix a slice at a time, keeping only what the metric needs. */
static int explain_pairwise_fix(gg_buf *x)
{
	return gg_buf_printf(x, "Compute that matrix in chunks of rows (a few thousand queries at a time against the whole table, keeping only each chunk's top-k or scores), or on fewer words or items; the matrix is rows × columns, so halving the rows halves it. ");
}

/*
 * A card of 8 GiB or less that this process's PyTorch fills (85 % or more
 * with its cache), refused a request of a sixteenth of it or more: the
 * work does not fit the card, whatever the allocator does with its pieces.
 */
#define EXPLAIN_SMALL_CARD (8.0 * 1073741824.0)

static bool explain_small_card_full(const gg_oom_info *m)
{
	return m->total > 0 && m->total <= EXPLAIN_SMALL_CARD && m->allocated >= 0 && m->reserved_unallocated >= 0 &&
	       m->allocated + m->reserved_unallocated >= 0.85 * m->total && m->tried >= m->total / 16;
}

/*
 * MPS's figures against its cap, one request a quarter of the whole budget
 * or more: one step's tensor is too large for the model and input as they
 * are (a smaller request refused means the budget is spent over many, which
 * the batch changes).
 */
static bool explain_mps_budget(const gg_oom_info *m)
{
	return m->device == GG_OOM_DEVICE_MPS && m->limit > 0 && m->allocated >= 0 && m->tried >= 0.25 * m->limit;
}

/* Why a failure without frames cannot be placed: no traceback at all, or one cut right after its header. */
static int explain_no_frames(gg_buf *e, const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	if (tb->len)
		return 0;
	bool header_only = tb->has_exception && tb->at.line > tb->exc.at.line;
	return gg_buf_printf(e, " %s", header_only ? "Its traceback is cut right after its header, so where it happened is unknown."
						    : "The log has no traceback for it, so where it happened is unknown.");
}

static int explain_cause(gg_buf *e, gg_buf *x, const gg_diagnosis *d, explain_era era, int version, int *rc)
{
	const gg_oom_info *m = &d->oom;
	const double gib = 1073741824.0;
	/* cuDNN's words for a full device: whatever the figures say, its own advice, with the other reading named. */
	if (m->form && strcmp(m->form, GG_OOM_FORM_CUDNN_NO_ALGO) == 0) {
		*rc |= gg_buf_printf(e, " PyTorch says this when every cuDNN algorithm it tried for a convolution failed; most often none could get its workspace because the device's memory was full, an out-of-memory error by another name.");
		*rc |= gg_buf_printf(x, "Lower the batch size or the input's resolution%s; `torch.backends.cudnn.benchmark = False` keeps cuDNN to algorithms that need less workspace. If `%s` shows the GPU with room to spare when it fails, it is not memory: a CUDA or cuDNN build that does not match the card or the driver (compare `torch.version.cuda` and `torch.backends.cudnn.version()` with what the card needs, and install the matching build).",
				     d->phase == GG_PHASE_EVALUATION ? ", and run evaluation under `with torch.no_grad():`" : "", explain_smi(d));
		return 1;
	}
	switch (d->cause) {
	case GG_CAUSE_OVERSIZED:
		if (m->tried_beyond_print) {
			/* No shape a program computes comes near: the size was read from somewhere, typically another rank. */
			const char *coll = explain_object_collective(d);
			*rc |= gg_buf_printf(e, " The request is \"more than 1EB\" (PyTorch's words for a size too large to print): no device or machine has a millionth of that, so the size itself is corrupt, not the memory short.");
			if (coll)
				*rc |= gg_buf_printf(e, " It was made in %s(), which sizes its buffer by a length the other ranks send: the ranks disagree about what they exchange (they reached different collectives, or this one a different number of times).", coll);
			else
				*rc |= gg_buf_printf(e, " A size like this is read, not computed from shapes: most often a length received from another rank in an object collective (broadcast_object_list, all_gather_object) the ranks do not call alike, else an uninitialised or overflowed value.");
			*rc |= gg_buf_printf(x, "Neither no_grad, a smaller batch nor allocator settings help. %s `TORCH_DISTRIBUTED_DEBUG=DETAIL` makes PyTorch report collectives that do not match across ranks.",
					     coll ? "Make every rank run the same collectives in the same order: the same number of batches on every rank (pad or drop an uneven last shard), no collective inside a branch only some ranks take."
						  : "Print the size passed to the call that failed and trace where it comes from; if ranks exchange objects or lengths before it, make every rank call those collectives alike.");
			return 1;
		}
		if (m->form && strcmp(m->form, GG_OOM_FORM_MPS_BUFFER) == 0) {
			/* Metal caps one buffer, not the sum: only a smaller tensor helps, not freeing others. */
			*rc |= gg_buf_printf(e, " MPS refused one buffer longer than the largest the Apple GPU can make (Metal's maximum buffer length, a share of the Mac's unified memory): that one tensor cannot exist on the device, however much else is freed.");
			if (m->tried > 0)
				*rc |= gg_buf_printf(e, " It asked for %.2f GiB at once.", m->tried / gib);
			*rc |= gg_buf_printf(x, "Make the input smaller where that tensor is made: a lower resolution, fewer frames or a shorter sequence, or process it in tiles or chunks (a model's tiled or sliced attention or VAE decoding, where it offers one). Neither no_grad, PYTORCH_MPS_HIGH_WATERMARK_RATIO nor a smaller batch of one item changes a single buffer's limit.");
			return 1;
		}
		if (m->form && strcmp(m->form, GG_OOM_FORM_MPS_NDARRAY) == 0) {
			/* A per-array limit of Metal's kernels: the size of one tensor, not what the device holds. */
			*rc |= gg_buf_printf(e, " Metal Performance Shaders aborted the process because one array is over 2**32 bytes (4 GiB), the most its kernels take in one tensor whatever the Mac's memory: that tensor cannot be made on MPS at this size, however much else is freed.");
			*rc |= gg_buf_printf(x, "Make that one tensor smaller: process the input in tiles or chunks, downscale it, or use half precision (half the bytes); else run that step on the CPU. Neither freeing memory, no_grad nor PYTORCH_MPS_HIGH_WATERMARK_RATIO changes a per-tensor limit.");
			return 1;
		}
		if (m->device == GG_OOM_DEVICE_XPU && m->free < 0 && m->total <= 0 && m->tried > 4.0 * gib) {
			/* Cut before its figures: the per-allocation limit is the reading the request alone gives. */
			*rc |= gg_buf_printf(e, " The message is cut after its request, before the device's figures. One request of %.2f GiB is over the Intel GPU runtime's limit on a single allocation (4 GiB by default on Level Zero), which refuses it whatever memory is free.",
					     m->tried / gib);
			*rc |= gg_buf_printf(x, "Set `UR_L0_USE_RELAXED_ALLOCATION_LIMITS=1` in the environment before Python starts, which lets Level Zero make single allocations over 4 GiB; else keep every tensor under 4 GiB (a lower precision, smaller shards or chunks). Paste the whole message to see the device's figures.");
			return 1;
		}
		int build = gg_classify_layer_build(d);
		if (build >= 0) {
			/* A layer's weight is sized by its arguments alone: no input or batch is in it yet. */
			const gg_tb_frame *bf = &gg_diagnosis_traceback(d)->frames[build];
			*rc |= gg_buf_printf(e, " One request of %.2f GiB while torch.nn builds a layer's weight: a weight's size is the product of the layer's own arguments (channels, features, kernel size), so one of them is far larger than intended, most often a size computed from the data or a wrong variable passed.",
					     m->tried / gib);
			*rc |= gg_buf_printf(x, "Print the size arguments passed to the layer at %s:%u (in and out channels or features, kernel size, vocabulary or embedding size) and trace the wrong one. No input, batch, RAM or page-file change makes a weight this size reasonable.",
					     gg_tb_frame_file(bf), bf->line);
			return 1;
		}
		if (m->total <= 0 && m->device == GG_OOM_DEVICE_CPU) {
			*rc |= gg_buf_printf(e, " One request of %.2f GiB of host memory: no tensor a model needs is that large, so the input it is made from is far larger than intended.",
					     m->tried / gib);
			*rc |= gg_buf_printf(x, "Make the input smaller where that tensor is made: split a long sequence (a whole recording, a long document) into pieces, use fewer frames or smaller images, or process it in chunks. More RAM does not make a size like this reasonable, and neither no_grad nor allocator settings help.");
			return 1;
		}
		if (m->total > 0 && m->tried >= EXPLAIN_WRONG_SHAPE * m->total) {
			/*
			 * Hundreds of times the device (below the 1 EB that PyTorch will
			 * not print): no input is meant to be that large; a shape is
			 * computed wrong (a transform's size, a dimension multiplied
			 * in, a broadcast). Chunking would hide the mistake.
			 */
			*rc |= gg_buf_printf(e, " One request of %.2f GiB is %.0f times the device's %.2f GiB: no tensor of a real input is that large, so a shape at that line is almost certainly computed wrong (a size read or multiplied in by mistake, an unintended broadcast or outer product), rather than the input merely too big.",
					     m->tried / gib, m->tried / m->total, m->total / gib);
			*rc |= gg_buf_printf(x, "Check the shape first: print the shapes of the tensors at the failing line (and the sizes they are built from) and compare them with what you expect. Only if they are right, make that tensor smaller: process the input in chunks or tiles. Neither no_grad nor allocator settings help a request of this size.");
			*rc |= explain_sizing_line(x, d);
			return 1;
		}
		if (explain_sized_from_data(m)) {
			/*
			 * Tens of times the device while the device is nearly empty:
			 * nothing else was large, so a size read from the data (an
			 * index's maximum, a count, a length) is the suspect before
			 * the input: an index out of range makes exactly this.
			 */
			*rc |= gg_buf_printf(e, " One request of %.2f GiB is %.0f times the device's %.2f GiB while the device is nearly empty (%.2f GiB allocated): a size this far off is more often computed wrong (from an index's maximum, a count or a length read from the data, an index out of range) than a real input.",
					     m->tried / gib, m->tried / m->total, m->total / gib, (m->allocated >= 0 ? m->allocated : 0) / gib);
			*rc |= gg_buf_printf(x, "Check the size first: print the shape at the failing line and the values it is built from (the indices' max() and min() against the sizes they index, lengths, counts), and rerun with `CUDA_LAUNCH_BLOCKING=1` so that an index out of range is reported where it happens. Only if the size is right, make that tensor smaller: process the input in chunks or tiles. Neither no_grad nor allocator settings help a request of this size.");
			*rc |= explain_sizing_line(x, d);
			return 1;
		}
		if (explain_shape_suspect(m)) {
			*rc |= gg_buf_printf(e, " One request of %.2f GiB is %.1f times the device's %.2f GiB while the device is nearly empty (%.2f GiB allocated): nothing else was large, so a shape at that line is the first suspect (a repeat, expand or broadcast over the wrong dimensions, data laid out otherwise than the code reads it) before the input's size.",
					     m->tried / gib, m->tried / m->total, m->total / gib, m->allocated / gib);
			*rc |= gg_buf_printf(x, "Check the shapes first: print the shapes of the tensors at the failing line (and of what is repeated, expanded or broadcast there) against what the code expects, and the layout of the data loaded into them. Only if they are right, make the input smaller: resize or crop it, or process it in chunks or tiles. Neither no_grad nor allocator settings help a request of this size.");
			*rc |= explain_sizing_line(x, d);
			return 1;
		}
		if (m->total <= 0) {
			/*
			 * No capacity printed, and beyond what any tensor of a model
			 * needs (cause.c's bound): the input is far too large, and a
			 * smaller batch, a larger device or no_grad are not the answer.
			 */
			*rc |= gg_buf_printf(e, " One request of %.2f GiB is %s: no tensor a model needs is that large, so the input it is made from is far larger than intended (an image or video not resized, a whole recording or document as one sequence), or a shape at that line is wrong.",
					     m->tried / gib, m->tried >= 1024.0 * gib ? "more than any single device's memory" : "as much as the largest devices hold whole");
			*rc |= gg_buf_printf(x, "Make the input smaller where that tensor is made: resize (downscale) the image or video, process it in tiles or chunks, or split a long sequence; print the shapes at the failing line first, as a size like this is as often a shape computed wrong. Neither no_grad, a smaller batch nor allocator settings help a single request of this size.");
			return 1;
		}
		if (m->total > 0 && m->tried > m->total)
			*rc |= gg_buf_printf(e, " One request of %.2f GiB is larger than the device's %.2f GiB: that one tensor cannot fit, whatever else is freed.",
					     m->tried / gib, m->total / gib);
		else if (m->total > 0 && m->allocated >= 0)
			*rc |= gg_buf_printf(e, " One request of %.2f GiB is at least half of the device's %.2f GiB: it fits only if everything else this process holds (%.2f GiB allocated now) is under %.2f GiB, so that one tensor is the thing to shrink first.",
					     m->tried / gib, m->total / gib, m->allocated / gib, (m->total - m->tried) / gib);
		else if (m->total > 0)
			*rc |= gg_buf_printf(e, " One request of %.2f GiB is at least half of the device's %.2f GiB: it fits only if everything else held is under %.2f GiB, so that one tensor is the thing to shrink first.",
					     m->tried / gib, m->total / gib, (m->total - m->tried) / gib);
		/*
		 * Larger than the whole device: the input is as a rule larger than
		 * the model was meant for (an image at full size), and resizing it
		 * is the first fix; chunking keeps a size that may be right.
		 */
		if (m->tried > m->total)
			*rc |= gg_buf_printf(x, "Make the input smaller before it reaches the model: resize (downscale) or crop images and videos to the size the model was trained at, or split a long sequence; else process it in chunks or tiles, or compute that step on the CPU. Neither no_grad nor allocator settings help a single request of this size.");
		else
			*rc |= gg_buf_printf(x, "Make that tensor smaller where it is created: for images and video a lower resolution or fewer frames; where it is an attention map, memory-efficient attention (`torch.nn.functional.scaled_dot_product_attention`, xformers, or the application's attention slicing); else process the input in chunks (a smaller batch, tiles, shorter sequences or fewer candidates at that line), or compute that step on the CPU. Offloading the model's weights leaves it more room. Neither no_grad nor allocator settings help a single request of this size.");
		return 1;
	case GG_CAUSE_OTHER_PROCESSES:
		if (m->others >= 2 && m->process_in_use < 0 && m->allocated < 0) {
			/* None of the listed processes is named as this one: placement first, then what each holds. */
			*rc |= gg_buf_printf(e, " The device is held by the processes the message lists: %s (in a container PyTorch cannot tell its own PID).", d->cause_evidence);
			if (d->rank >= 0 && m->device_index >= 0)
				*rc |= gg_buf_printf(e, " Rank %d reports device %d: if another rank runs there too, two ranks share one GPU.", d->rank, m->device_index);
			*rc |= gg_buf_printf(x, "Check that every process has a device of its own: call `torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))` before creating the process group or any tensor (or give each its own `CUDA_VISIBLE_DEVICES`), load checkpoints with `map_location`, and look at `%s` for what else runs on that GPU. If this run alone holds it, lower the batch size or shard the model (ZeRO-3, FSDP, offload).",
					     explain_smi(d));
			return 1;
		}
		/* Others named beside this process's own line, holding less than half: free them first, then this run's own savings. */
		if (m->others > 0 && m->process_in_use >= 0 && m->others_in_use >= 0 && m->total > 0 && m->others_in_use < 0.5 * m->total) {
			*rc |= gg_buf_printf(e, " Another process shares the device: %s.", d->cause_evidence);
			*rc |= gg_buf_printf(x, "Free the device first: stop or move the other process that `%s` lists on this GPU (a notebook kernel, an earlier run still alive, another job), or run on a GPU of its own. If it must stay, this run has to fit in what is left: in training a smaller batch with gradient accumulation, mixed precision or activation checkpointing; in inference `torch.inference_mode()` or no_grad and fewer items at once.",
					     explain_smi(d));
			return 1;
		}
		/* No process listed, a minority outside (cause.c): much of it, not most. */
		bool most = !(m->total > 0 && m->free >= 0 && m->allocated >= 0 &&
			      m->total - m->free - m->allocated - (m->cached > 0 ? m->cached : 0) - (m->reserved_unallocated > 0 ? m->reserved_unallocated : 0) < 0.5 * m->total);
		*rc |= gg_buf_printf(e, " %s of the device is held outside this process's PyTorch: %s.", most ? "Most" : "Much", d->cause_evidence);
		/* The run cannot have what others hold: free the device or move to one that is free, before any saving of its own. */
		*rc |= gg_buf_printf(x, "Free the GPU or move this run to another one: look at `%s` for the other processes on it and stop those that need not be there, or pick a free GPU (`%s=N`, or the launcher's device setting). With several ranks, call `%s(local_rank)` before creating the process group or any tensor, and load checkpoints with `map_location`, so that every rank does not also take memory on GPU 0.",
				     explain_smi(d), d->oom.device == GG_OOM_DEVICE_XPU ? "ZE_AFFINITY_MASK" : "CUDA_VISIBLE_DEVICES",
				     d->oom.device == GG_OOM_DEVICE_XPU ? "torch.xpu.set_device" : "torch.cuda.set_device");
		/*
		 * The other processes are as often copies of this very job (inference
		 * workers or servers started several to a GPU, ranks on one device):
		 * then each one's own footprint is what adds up, and making each
		 * smaller or running fewer is the fix, not finding a stranger.
		 */
		*rc |= gg_buf_printf(x, " If they are copies of this job (several workers or servers started on one GPU, ranks sharing a device), each one's footprint adds up: run fewer per GPU, or make each smaller (inference workers run the model under `torch.inference_mode()` or no_grad, which keeps no activations).");
		/* One request that is a large share of the device by itself: where the others must stay, it is what can change. */
		if (m->tried > m->free && m->free >= 0 && m->total > 0 && m->tried >= 0.25 * m->total)
			*rc |= gg_buf_printf(x, " If they must stay, make that one request smaller (process the input at that line in chunks): it asks %.2f GiB, more than the %.2f GiB left free.",
					     m->tried / gib, m->free / gib);
		return 1;
	case GG_CAUSE_LOADING:
		if (m->device == GG_OOM_DEVICE_CPU) {
			/* The machine's RAM, while weights were read: every process on the node reads its own copy. */
			*rc |= gg_buf_printf(e, " It happened while the model's weights were being read, before any step: the machine's RAM ran out, and each process on the node (every rank) reads its own full copy of them.");
			*rc |= gg_buf_printf(x, "Read the weights once per node or straight to where they belong: `low_cpu_mem_usage=True` or a `device_map`, memory-mapped safetensors, loading on one rank and broadcasting (the meta device, FSDP's `sync_module_states=True`, accelerate's `cpu_ram_efficient_loading`), or fewer processes per node; load in the precision you run in. `free -h` shows what the machine has; `dmesg | grep -i oom` tells whether the kernel killed it.");
			return 1;
		}
		if (d->optimizer_setup) {
			/* The optimizer's state made at set-up (see classify.c): weights, gradients and its buffers, no batch yet. */
			*rc |= gg_buf_printf(e, " It happened while the optimizer's state was being created, before any training step: the weights, their gradients and the optimizer's buffers (Adam keeps two per parameter) do not fit on each device as they are split.");
			*rc |= gg_buf_printf(x, "Split the optimizer state over more devices (a higher data-parallel degree for ZeRO stages 1-2, or stage 3 / FSDP to shard the weights too), offload it to the CPU (ZeRO-Offload), use an optimizer with less state (8-bit Adam, Adafactor) or mixed-precision weights, or train a smaller model. The batch size and no_grad do not change this step.");
			return 1;
		}
		*rc |= gg_buf_printf(e, " It happened while the model was loaded or moved to the device, before any forward pass: the weights themselves do not fit as loaded.");
		if (m->form && strcmp(m->form, "CUDA error: out of memory") == 0) {
			/* The driver's own error, not the caching allocator's: often the device was full, or not the one meant, before the weights came. */
			*rc |= gg_buf_printf(e, " `CUDA error: out of memory` is the driver's error, not the caching allocator's message: where a model's weights are first moved, it often means the device was already full (another process) or was not the device meant.");
			*rc |= gg_buf_printf(x, "First check with `%s` what else holds the device, and that `CUDA_VISIBLE_DEVICES` (or the device index passed) selects a free one. ",
					     explain_smi(d));
		}
		if (m->form && strcmp(m->form, GG_OOM_FORM_TENSORRT) == 0) {
			/* The builder places the weights and its own workspace at once: the batch and autograd play no part yet. */
			if (m->tried > 0)
				*rc |= gg_buf_printf(e, " TensorRT asked for %.2f GiB in one request.", m->tried / gib);
			*rc |= gg_buf_printf(x, "The engine's weights plus the builder's workspace do not fit on the device: cap the workspace (the builder config's memory pool limit, `workspace_size` in torch_tensorrt), build with weight streaming or offload, in lower precision, or a smaller model; check with `%s` that nothing else holds the device. Neither the batch size nor no_grad changes an engine build.",
					     explain_smi(d));
			return 1;
		}
		if (explain_hf_loading(d))
			*rc |= gg_buf_printf(x, "Load it in the precision you run it in (`torch_dtype=torch.bfloat16` or float16), straight to where it belongs (`device_map=\"auto\"`, `low_cpu_mem_usage=True`; `torch.load(path, map_location=\"cpu\")` before moving it), and shard or offload a model larger than one device.");
		else if (era == ERA_PRE_0_4 || era == ERA_THC)
			/* No Hugging Face on the path, and an old PyTorch: only what it had. */
			*rc |= gg_buf_printf(x, "Load the checkpoint onto the CPU first (`torch.load(path, map_location=lambda storage, loc: storage)`), convert the model to the precision you run it in (`model.half()`) before `.cuda()`, and check that nothing else holds the device; a model larger than the device needs a larger one or a smaller model.");
		else
			*rc |= gg_buf_printf(x, "Load the checkpoint onto the CPU first (`torch.load(path, map_location=\"cpu\")`), convert the model to the precision you run it in (`model.half()` or `.to(torch.bfloat16)`) before moving it to the device, and shard or offload a model larger than one device.");
		/* PyTorch holding more than the device: the driver spilled into system memory, the weights are larger than the card. */
		if (m->total > 0 && m->allocated > m->total)
			*rc |= gg_buf_printf(x, " PyTorch already holds more than the device has: this model, as moved, does not fit this card; a smaller or quantized variant, part of it offloaded to the CPU, or a GPU with more memory. The batch size and no_grad do not change a load.");
		return 1;
	case GG_CAUSE_GROWTH:
		*rc |= gg_buf_printf(e, " %s.", d->cause_evidence);
		*rc |= gg_buf_printf(x, "Find what is kept from step to step: accumulate `loss.item()` or `.detach()`ed values, not tensors with their graph, and do not keep outputs in lists across iterations (`gradguard check` reports the first as GG002).");
		return 1;
	case GG_CAUSE_KV_CACHE:
		*rc |= gg_buf_printf(e, " It happened at the serving engine's start, before any request: %s. The engine takes a fixed share of the device (gpu_memory_utilization) for the weights, the activations of its profiling run and the KV cache, and that share left too little for the cache.",
				     d->cause_evidence);
		*rc |= gg_buf_printf(x, "Raise `gpu_memory_utilization` (the share of the device the engine may take) if nothing else needs the device, or lower `max_model_len` (and `max_num_seqs`) so that the cache needs less; a smaller or quantized model, or more devices (`tensor_parallel_size`), leaves more for it. Check with `%s` that no other process holds the device. no_grad and the batch of requests do not change this step.",
				     explain_smi(d));
		return 1;
	case GG_CAUSE_PAGING_FILE:
		if (!m->form || strcmp(m->form, GG_OOM_FORM_PAGING_FILE) != 0) {
			/* Windows' CPU allocator refusing a request: the commit limit, not one step's size. */
			*rc |= gg_buf_printf(e, " This is host memory, not the GPU: %s.", d->cause_evidence);
			/* One request of many gigabytes is one tensor too large: its size first, the paging file only lets it spill to disk. */
			if (m->tried >= 8.0 * 1073741824.0 && d->phase != GG_PHASE_LOADING) {
				*rc |= gg_buf_printf(x, "Make that one tensor smaller first: %.2f GiB at once is a whole batch or input held in one piece (a smaller batch, a lower resolution, tiles, fewer items at once); a larger paging file only lets it spill to disk. Then let Windows grow the paging file (System > Advanced system settings > Performance > Virtual memory) if it still fails.",
						     m->tried / 1073741824.0);
				return 1;
			}
			*rc |= gg_buf_printf(x, "Let Windows grow the paging file, or set a larger one (System > Advanced system settings > Performance > Virtual memory, on a drive with free space), and close other programs that hold memory; then %s. Task Manager's Performance tab shows the commit charge against its limit.",
					     /* While a checkpoint is read, no input is involved yet: the file's own size is what is held. */
					     d->phase == GG_PHASE_LOADING ? "load less at once: a smaller or half-precision checkpoint, in safetensors where there is one (read without a pickle's copies)"
									  : "make the input smaller (a lower resolution, tiles, fewer items at once)");
			return 1;
		}
		*rc |= gg_buf_printf(e, " Windows could not commit more virtual memory (the paging file is too small): this is host memory, not the GPU. Every DataLoader worker process loads torch's CUDA libraries and commits memory for them.");
		*rc |= gg_buf_printf(x, "Lower the DataLoader's num_workers (0 to confirm), or let Windows grow the paging file (System > Advanced system settings > Performance > Virtual memory) on a drive with free space.");
		return 1;
	case GG_CAUSE_HOST_RAM:
		*rc |= gg_buf_printf(e, " The host ran out of RAM, not the GPU: %s.", d->cause_evidence);
		if (m->form && strcmp(m->form, GG_OOM_FORM_NODE_MEMORY) == 0)
			/* The node's RAM, shared by every worker on it: batch size and no_grad are a GPU's levers. */
			*rc |= gg_buf_printf(x, "Give the node more RAM or put fewer or lighter workers on it (fewer actors or rollout workers per node, each loading less: weights loaded once and shared, data memory-mapped); lower the object store's size (`object_store_memory`) if it holds much; the monitor's threshold and interval (`RAY_memory_usage_threshold`, `RAY_memory_monitor_refresh_ms`) only move the kill. `free -h` and the killed task's own figure show who holds it.");
		else if (m->form && strcmp(m->form, GG_OOM_FORM_PINNED_HOST) == 0)
			/* Page-locked memory is RAM the OS cannot swap: Windows and small machines run out of it first. */
			*rc |= gg_buf_printf(x, "Pin less host memory: `pin_memory=False` in the DataLoader (0 workers, or fewer, to confirm), or a smaller batch, so each pinned copy is smaller; close programs that hold RAM. The batch on the GPU, no_grad and the allocator's settings do not change this.");
		else if (m->form && strcmp(m->form, GG_OOM_FORM_WORKER_LOST) == 0)
			*rc |= gg_buf_printf(x, "Confirm it on that node first: `dmesg | grep -i 'killed process'` names the process the kernel killed. Then give the node more RAM or put fewer or lighter workers on it (each loading less: data streamed or memory-mapped, weights loaded once), and lower the object store's share (`object_store_memory`) if it holds much.");
		else if (m->form && strcmp(m->form, GG_OOM_FORM_WORKER_KILLED) == 0)
			*rc |= gg_buf_printf(x, "Lower the DataLoader's num_workers (0 to confirm) and keep the data out of every worker's memory (memory-map it, or load items lazily in __getitem__); `dmesg | grep -i 'killed process'` confirms the OOM killer.");
		else
			*rc |= gg_buf_printf(x, "Use less host memory: fewer DataLoader workers, data memory-mapped instead of loaded whole, results written out or reduced instead of kept in RAM; `free -h` shows what is left.");
		return 1;
	case GG_CAUSE_HOST_ARRAY:
		*rc |= gg_buf_printf(e, " This is host memory, and not a tensor's: %s.", d->cause_evidence);
		*rc |= gg_buf_printf(x, "Do not build that array whole: reduce it a piece at a time (the argmax, softmax or sum over one slice, tile or chunk, written into a result allocated once), in a smaller dtype (float32 or float16 instead of float64, uint8 or int16 for labels), or keep the work on the GPU as a tensor and copy back only the result; else give the machine more RAM (`free -h` shows what is left). no_grad changes nothing here: a NumPy array keeps no autograd graph.");
		return 1;
	case GG_CAUSE_CARD_TOO_SMALL:
		*rc |= gg_buf_printf(e, " %s. So the request did not fail for want of free memory in total: the card is too small for this model.", d->cause_evidence);
		*rc |= gg_buf_printf(x, "Run it on a GPU with more memory, or use the project's low-memory options (a smaller or quantized model, weights offloaded to the CPU, a lower resolution); check with `%s` that nothing else holds the device. The batch size, no_grad and allocator settings do not make a model fit a card this small.",
				     explain_smi(d));
		return 1;
	case GG_CAUSE_SMALL_DEVICE:
		*rc |= gg_buf_printf(e, " The device has only %.2f GiB, and this process's own tensors fill it: the work is larger than the device, whatever else is freed. A GPU this small is often an integrated one, whose memory is a share of the system's RAM set in the firmware.",
				     m->total / gib);
		*rc |= gg_buf_printf(x, "Give it a device with more memory: for an integrated GPU, raise its share of system memory in the BIOS/UEFI settings (UMA frame buffer size); or run on another GPU or the CPU. Else make the work smaller: a lower resolution, a smaller or lower-precision model, the application's low-memory mode.");
		return 1;
	case GG_CAUSE_OUTSIDE:
		*rc |= gg_buf_printf(e, " %s.", d->cause_evidence);
		if (m->total > 0 && m->total <= 2.5 * gib && m->tried >= 0 && m->tried <= 0.01 * m->total) {
			/*
			 * A card of about 2 GiB refusing a request of a few MiB: the
			 * device was full before any step, with what PyTorch holds
			 * (the model, mostly) beside what is outside, so a smaller
			 * step frees next to nothing and the card is what changes.
			 */
			*rc |= gg_buf_printf(x, "This card is too small for the work: it has %.2f GiB in all, and even %.2f MiB more did not fit, so the model and what is held outside PyTorch already fill it before any step. Run on a GPU with more memory, or use a smaller model (a lighter variant, half precision); a smaller step (a smaller input, then the batch) comes second and frees little here. Check `%s` for what else holds it (close other programs, drive the display from another GPU); the CUDA context itself stays.",
					     m->total / gib, m->tried / 1048576.0, explain_smi(d));
			return 1;
		}
		*rc |= gg_buf_printf(x, "This card is small for the work: a large share of it is held outside PyTorch, and what is left does not hold this step. Make the step smaller first: a smaller input (a lower resolution, a shorter sequence), then the batch, half precision; or run on a GPU with more memory. Check `%s` for what else holds it (close other programs, drive the display from another GPU); the CUDA context itself stays.",
				     explain_smi(d));
		return 1;
	case GG_CAUSE_FRAGMENTATION:
		*rc |= gg_buf_printf(e, " %s.", d->cause_evidence);
		/*
		 * A cache that only just covers a request that is itself a large
		 * share of the device: the step's size is the larger fact, and
		 * the allocator's setting only the second fix.
		 */
		if (explain_large_request(m) && m->reserved_unallocated >= 0 && m->reserved_unallocated < 2 * m->tried) {
			*rc |= gg_buf_printf(e, " The request itself is %.0f%% of the device: one step's tensor is a large share of it, and the cache only just covers it.",
					     100.0 * m->tried / m->total);
			*rc |= gg_buf_printf(x, "Make one step smaller first: a single item's size (fewer frames or pixels per sample, a lower resolution, a shorter sequence), then the batch. ");
		} else if (explain_small_card_full(m)) {
			/*
			 * A small card that this process's own memory fills, and a
			 * request of a sizeable share of it: the pieces are real,
			 * but winning them back leaves the step as large as the
			 * card. Less work per step or a larger card is the fix.
			 */
			double own = m->allocated + m->reserved_unallocated;
			*rc |= gg_buf_printf(e, " The card is small for this work: it has %.2f GiB in all, and this process's PyTorch holds %.0f%% of it, so the pieces won back would leave little room for the next step.",
					     m->total / gib, 100.0 * own / m->total);
			*rc |= gg_buf_printf(x, "Give each step less work (fewer frames or items at once, a lower resolution, a shorter sequence), or run on a GPU with more memory. ");
		}
		/* A cache under a tenth of the device is what earlier work left: free it between runs first. */
		if (m->total > 0 && m->reserved_unallocated >= 0 && m->reserved_unallocated < 0.1 * m->total)
			*rc |= gg_buf_printf(x, "Free what a finished run or phase holds before the next (drop its outputs and models, `del` them, `gc.collect()`, then `torch.cuda.empty_cache()`), so the cache is returned between runs. ");
		*rc |= explain_fragmentation_fix(x, d, era, version);
		return 1;
	case GG_CAUSE_MPS_OTHER:
		/* Not the tensors the batch makes: what else the process and the Mac hold must shrink first. */
		*rc |= explain_no_frames(e, d);
		*rc |= gg_buf_printf(e, " Most of MPS's cap is not PyTorch's tensors: %s. Those are Metal memory this process holds outside its tensors (cached graphs and their buffers, weights or libraries that allocate on the GPU themselves), and the cap is a share of the Mac's unified memory, which other applications use too.",
				     d->cause_evidence);
		*rc |= gg_buf_printf(x, "Make room before lowering the batch: a smaller or lower-precision model (a quantized or fp16 variant), a lower resolution, the application's low-memory mode; release cached memory between items (`torch.mps.empty_cache()`) and close other applications that use the GPU. A smaller batch only shrinks the smaller part. PYTORCH_MPS_HIGH_WATERMARK_RATIO raises the cap (set it in the shell before Python starts); 0.0 removes it at the risk of swapping the whole system.");
		return 1;
	case GG_CAUSE_MPS_OWN:
		/* The weights and what each run keeps: free between runs, make each smaller; the cap's note stays. */
		*rc |= explain_no_frames(e, d);
		*rc |= gg_buf_printf(e, " %c%s. That is the model's weights and what each run keeps alive (outputs, intermediate tensors, a graph kept with autograd on); where a second run fails after the first passed, what the first kept is still there.",
				     d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
				     d->cause_evidence + 1);
		*rc |= gg_buf_printf(x, "Make what the process keeps smaller: a smaller, half-precision or quantized model, fewer or smaller outputs at once (a lower resolution, a shorter duration, fewer samples per prompt), the application's low-memory mode; free what a run leaves before the next (drop its outputs, `gc.collect()`, then `torch.mps.empty_cache()`), and run inference under `torch.inference_mode()` or no_grad. PYTORCH_MPS_HIGH_WATERMARK_RATIO raises the cap (set it in the shell before Python starts); 0.0 removes it at the risk of swapping the whole system.");
		return 1;
	case GG_CAUSE_OWN_TENSORS: {
		if (d->grad_disabled == 1) {
			/* Autograd already off: no graph to drop, so the weights and one step's activations are what fill it. */
			*rc |= gg_buf_printf(e, " %c%s. Autograd was already off, so no graph is kept: the model's weights and one step's activations fill it.",
					     d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
					     d->cause_evidence + 1);
			*rc |= gg_buf_printf(x, "Make the model's share smaller: part of it offloaded to the CPU, a quantized or lower-precision model (8-bit, fp8), or spread over more GPUs (sequence or tensor parallelism where the application offers it), or a GPU with more memory where the model needs it; then a smaller input (for images and video, a lower resolution or fewer frames). no_grad is already in place, and the batch is not the lever.");
			return 1;
		}
		/* No frames: both readings are open, and the one that frees most in inference goes first. */
		*rc |= explain_no_frames(e, d);
		if (m->tried < 0.15 * m->total)
			/*
			 * A small request on a device already nearly full: nothing
			 * points to autograd more than to the weights, so the model's
			 * share is said first and the graph as one part of it. Over
			 * a twentieth of the device and over a GiB the request is
			 * no small one: said with its size, and as the step's own.
			 */
			*rc |= m->tried >= 0.05 * m->total && m->tried >= 1073741824.0
				       ? gg_buf_printf(e, " %c%s. The device was nearly full before this step (the model's weights and what the process keeps), and the step's own request of %.2f GiB (%.0f%% of it) was more than the rest: with autograd on, a forward in inference or evaluation also keeps every layer's activations, and in training the batch's activations are part of it.",
						       d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
						       d->cause_evidence + 1, m->tried / 1073741824.0, 100.0 * m->tried / m->total)
				       : gg_buf_printf(e, " %c%s. With a request this small the device was full before this step: the model's weights and what the process keeps take it; with autograd on, a forward in inference or evaluation also keeps every layer's activations, and in training the batch's activations are part of it.",
						       d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
						       d->cause_evidence + 1);
		else
			*rc |= gg_buf_printf(e, " %c%s. In inference or evaluation that is most often the graph a forward keeps with autograd on: every layer's activations, held for a backward that never comes; in training, the batch's activations themselves.",
					     d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
					     d->cause_evidence + 1);
		if (m->tried < 0.15 * m->total && m->reserved_unallocated > m->tried && m->tried > 0 && m->total <= EXPLAIN_MID_CARD) {
			/*
			 * A cache larger than the request: tensors were made and
			 * freed before this one (weights stay put and leave none),
			 * so what fills the device moves with each step's work. On
			 * a card of 16 GiB or less that work (the inputs of a step)
			 * is the lever first, the model's share after; a large card
			 * this full holds a large model's weights, said first below.
			 */
			*rc |= gg_buf_printf(x, "Give each step less work: fewer items at once, a lower resolution or a shorter input (in training keep the effective batch with gradient accumulation). If this is inference or evaluation, run it under `with torch.no_grad():` (or `torch.inference_mode()`): a forward with autograd on keeps every activation. Where that is not enough, make the model's share smaller (a smaller or quantized model, part of it offloaded to the CPU) or use a GPU with more memory.");
			*rc |= explain_second_alloc(x, d, era, version);
			return 1;
		}
		if (m->tried < 0.15 * m->total) {
			/* A small request on a device already nearly full: the weights and what is kept fill it before any one step. */
			*rc |= gg_buf_printf(x, "Make the model's share smaller: a smaller or quantized model (8-bit, 4-bit), or part of it offloaded to the CPU (`device_map=\"auto\"`), or a GPU with more memory where the model needs it; in training, fewer trained parameters (LoRA or adapters instead of full fine-tuning) or its states sharded over more GPUs; then a shorter input or a smaller batch (for images and video, a lower resolution or fewer frames). If this is inference or evaluation, run it under `with torch.no_grad():` (or `torch.inference_mode()`) too: a forward with autograd on keeps every activation.");
			/* A cache larger than the request: the allocator's setting may let this one step fit, second. */
			if (m->reserved_unallocated > m->tried && m->tried > 0)
				*rc |= explain_second_alloc(x, d, era, version);
			return 1;
		}
		*rc |= gg_buf_printf(x, "If this is inference or evaluation, run it under `with torch.no_grad():` (or `torch.inference_mode()`), which keeps no activations: that alone frees most of this. Either way make the work smaller: ");
		if (m->tried >= 0.15 * m->total)
			*rc |= gg_buf_printf(x, "one request is %.0f%% of the device, so a single item's size first (a lower resolution, a shorter audio or sequence, tiles or chunks), then ",
					     100.0 * m->tried / m->total);
		*rc |= gg_buf_printf(x, "a smaller batch (in training keep the effective batch with gradient accumulation), mixed precision or activation checkpointing in training.");
		return 1;
	}
	case GG_CAUSE_CAP: {
		/* The fraction is set in code (a library's or the test's): raise or remove it, or ask for less. */
		const char *api = m->device == GG_OOM_DEVICE_XPU ? "torch.xpu.set_per_process_memory_fraction" : "torch.cuda.set_per_process_memory_fraction";
		*rc |= gg_buf_printf(e, " The limit it met is not the device but a per-process memory fraction (set with %s): the process may hold %.2f GiB, and this request of %.2f GiB, with %.2f GiB allocated, reaches it.",
				     api, m->limit / gib, m->tried / gib, (m->allocated > 0 ? m->allocated : 0) / gib);
		if (m->free >= 0)
			*rc |= gg_buf_printf(e, " The device itself has %.2f GiB free.", m->free / gib);
		*rc |= gg_buf_printf(x, "Raise the fraction or remove the call that sets it (%s, or a library's option that does), or make that tensor smaller; freeing the device or no_grad does not move a cap of %.2f GiB.",
				     api, m->limit / gib);
		return 1;
	}
	case GG_CAUSE_REFUSED:
		if (m->device == GG_OOM_DEVICE_MPS) {
			/* Nothing allocated and a few bytes refused (cause.c): the Metal device, not the work, is the question. */
			*rc |= gg_buf_printf(e, " %c%s.", d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
					     d->cause_evidence + 1);
			*rc |= gg_buf_printf(x, "Neither no_grad nor a smaller batch helps. On a machine whose GPU cannot serve Metal allocations (a virtual machine, a hosted CI runner), run on the CPU there (`device=\"cpu\"`, or skip the MPS tests when it is not usable); elsewhere check whether a one-element tensor on `mps` fails too, and try `PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0` set in the shell before Python starts.");
			return 1;
		}
		if (m->device == GG_OOM_DEVICE_XPU && m->tried > 4.0 * gib && m->free >= m->tried) {
			/* The runtime's per-allocation limit: the tensor's size in one piece is what to change, or the stack. */
			*rc |= gg_buf_printf(e, " %c%s.", d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
					     d->cause_evidence + 1);
			*rc |= gg_buf_printf(x, "Split that tensor so that no single allocation is over 4 GiB (process the step in chunks: a smaller batch or fewer items at that line), or update the GPU driver and the oneAPI runtime or PyTorch XPU build, where newer ones lift the limit on some platforms; `UR_L0_USE_RELAXED_ALLOCATION_LIMITS=1` in the environment lets Level Zero make larger single allocations. Neither no_grad nor freeing other memory helps.");
			return 1;
		}
		*rc |= gg_buf_printf(e, " A request of %.2f MiB was refused while the device reports %.2f GiB free: the figures do not add up for a full device. Either the driver or the runtime refused the allocation, a limit applies to the process, or another process took the memory between the failure and the message.",
				     m->tried / 1048576.0, m->free / gib);
		*rc |= gg_buf_printf(x, "Neither no_grad nor a smaller batch helps. Check that the driver and this PyTorch build support the card (`%s`, `torch.version.%s`), that no limit applies to the process (a container's, a MIG slice's, `set_per_process_memory_fraction`), and whether a one-element tensor on the device fails too.",
				     d->oom.device == GG_OOM_DEVICE_HIP ? "rocm-smi" : d->oom.device == GG_OOM_DEVICE_XPU ? "xpu-smi" : "nvidia-smi",
				     d->oom.device == GG_OOM_DEVICE_HIP ? "hip" : d->oom.device == GG_OOM_DEVICE_XPU ? "xpu" : "cuda");
		return 1;
	}
	return 0;
}

/* A frame of the reported traceback calls a model's generate(): the failure is in text generation. */
static bool explain_generates(const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	for (size_t i = 0; i < tb->len; i++) {
		bool off;
		const char *fw = gg_phase_framework_eval(&tb->frames[i], &off);
		if (fw && strcmp(fw, GG_PHASE_GENERATE_CALL) == 0)
			return true;
	}
	return false;
}

/* " It failed in evaluate() at eval.py:42: `out = model(x)`." for the culprit, or "". */
/* The number after `key` in `s` ("Timeout(ms)=1800000"), or -1. */
static long explain_number_after(const char *s, const char *key)
{
	const char *p = strstr(s, key);
	if (!p)
		return -1;
	p += strlen(key);
	long v = 0;
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9' && v < 1000000000L)
		v = v * 10 + (*p++ - '0');
	return v;
}

/*
 * NCCL's watchdog timing a collective out (its own line, c10's
 * checkTimeout location, a C++ abort's what()): some rank never reached
 * that collective. What to look for, and how to see it.
 */
/*
 * An extension's check of a CUDA driver API call ("CUresult error
 * result=1 file=... func=resume"): the driver refused that call, and the
 * status names why. Not the allocator's memory; the fix is in the
 * extension (its version against the driver and PyTorch, the path through
 * that function), which the line names.
 */
static int explain_curesult(gg_buf *e, gg_buf *x, const char *detail)
{
	const char *r = strstr(detail, "result=");
	long code = r ? strtol(r + 7, NULL, 10) : -1;
	const char *name = code == 1     ? "CUDA_ERROR_INVALID_VALUE: an argument the driver rejected (an address or size not from its own allocation, a handle already released)"
			   : code == 201 ? "CUDA_ERROR_INVALID_CONTEXT: no current CUDA context on that thread"
			   : code == 700 ? "CUDA_ERROR_ILLEGAL_ADDRESS: a kernel read or wrote outside its memory"
			   : code == 999 ? "CUDA_ERROR_UNKNOWN"
					 : NULL;
	const char *fn = strstr(detail, "func=");
	size_t fn_len = fn ? strcspn(fn + 5, " ,") : 0;
	int rc = gg_buf_printf(e, " A native extension's own check of a CUDA driver API call failed");
	if (fn && fn_len)
		rc |= gg_buf_printf(e, " in its function %.*s()", (int)fn_len, fn + 5);
	if (code >= 0)
		rc |= gg_buf_printf(e, " with status %ld%s%s", code, name ? ", " : "", name ? name : "");
	rc |= gg_buf_printf(e, ". The driver refused that call; the device's memory did not run out (that status is 2, CUDA_ERROR_OUT_OF_MEMORY). A child process that exits with a nonzero code after it, with no Python traceback, died of it.");
	rc |= gg_buf_printf(x, "The fix is in that extension, not in the batch or no_grad: check that its version matches the installed PyTorch, CUDA and driver (rebuild it against them), look for a newer release or its issue tracker for that function, and try the run without the feature that calls it (an offload, pause/resume or memory-sharing step) to confirm.");
	return rc;
}

/*
 * A child's exit status that is a Windows NTSTATUS (0xC0000000 and up),
 * as a launcher's CalledProcessError prints it in decimal: which native
 * failure it names. Not a memory shortage the allocator saw, whatever the
 * run was doing.
 */
static const char *explain_ntstatus_name(unsigned long v)
{
	return v == 0xC0000005UL   ? "STATUS_ACCESS_VIOLATION: native code read or wrote memory it does not own (an extension, a driver, a library built for another version)"
	       : v == 0xC00000FDUL ? "STATUS_STACK_OVERFLOW: a recursion too deep, in Python or native code"
	       : v == 0xC0000409UL ? "STATUS_STACK_BUFFER_OVERRUN: a native library's fail-fast abort (a failed check, a corrupted stack)"
	       : v == 0xC000001DUL ? "STATUS_ILLEGAL_INSTRUCTION: a binary built for a CPU this machine does not have"
	       : v == 0xC0000374UL ? "STATUS_HEAP_CORRUPTION: native code corrupted the heap"
	       : v == 0xC0000135UL ? "STATUS_DLL_NOT_FOUND: a DLL the child needs is missing"
				   : "a native crash";
}

/*
 * The child's exit status a CalledProcessError's message gives, signed
 * ("-9" is a signal's, not a Windows status), or 0 where it names none.
 */
static long explain_exit_status(const char *message)
{
	const char *p = strstr(message, "exit status ");
	return p ? strtol(p + 12, NULL, 10) : 0;
}

/* Whether a CalledProcessError's message gives a Windows NTSTATUS (0xC0000000 and up) as its child's exit status. */
static bool explain_exit_ntstatus(const gg_tb_exception *exc)
{
	return strstr(exc->type, "CalledProcessError") && explain_exit_status(exc->message) >= 0xC0000000L;
}

static int explain_ntstatus(gg_buf *e, gg_buf *x, const char *message)
{
	unsigned long v = (unsigned long)explain_exit_status(message);
	const char *name = explain_ntstatus_name(v);
	int rc = gg_buf_printf(e, " The child exited with %lu, which is 0x%lX in hex, Windows' %s. The process crashed; it did not run out of GPU memory through PyTorch's allocator, which raises an error of its own.",
			       v, v, name);
	rc |= gg_buf_printf(x, "Look at the child's own last output above the launcher's traceback. An access violation is usually a native extension that does not match the installed PyTorch, CUDA or driver (xformers, bitsandbytes, a custom kernel), an out-of-date GPU driver, or, under heavy memory pressure, the page file too small: update or reinstall the extensions that match PyTorch, update the driver, and enlarge the Windows page file. Run with fewer extensions or optimizations turned on to find the one at fault.");
	return rc;
}

static int explain_collective_timeout(gg_buf *e, gg_buf *x, const char *message, const gg_log_facts *facts)
{
	/* The watchdog's own header over frames that name the timeout check: its what() line is cut from the paste. */
	bool frames = facts->nccl_timeout_frames && strstr(message, "Exception raised from") && strstr(message, "Watchdog");
	if (!gg_logfacts_collective_timeout(message) && !frames)
		return 1;
	int rc = 0;
	if (frames)
		rc |= gg_buf_printf(e, " The paste holds NCCL's watchdog frames (WorkNCCL::checkTimeout) but stops before its what() line, which names the collective: it is the watchdog's collective timeout.");
	const char *op = strstr(message, "OpType=");
	size_t op_len = 0;
	if (op) {
		op += 7;
		while ((op[op_len] >= 'A' && op[op_len] <= 'Z') || op[op_len] == '_')
			op_len++;
	}
	long seq = explain_number_after(message, "SeqNum=");
	long timeout = explain_number_after(message, "Timeout(ms)=");
	rc |= gg_buf_printf(e, " A collective");
	if (op_len)
		rc |= gg_buf_printf(e, " (%.*s%s", (int)op_len, op, seq >= 0 ? "" : ")");
	if (seq >= 0)
		rc |= gg_buf_printf(e, "%ssequence number %ld)", op_len ? ", " : " (", seq);
	if (timeout > 0)
		rc |= gg_buf_printf(e, " waited its whole timeout (%ld ms, %.0f min) for the other ranks", timeout, (double)timeout / 60000.0);
	else
		rc |= gg_buf_printf(e, " waited its whole timeout for the other ranks");
	rc |= gg_buf_printf(e, ": a rank never reached that collective, or hung inside it. The watchdog then takes the process down (SIGABRT, exit code -6).");
	rc |= gg_buf_printf(x, "Find the rank that did not arrive: one that died or hung first (its own error is earlier in the log, under its rank), or one that diverged and took another path (a data-dependent `if`, a different number of batches per rank, evaluation or checkpoint saving done on rank 0 alone while the others wait in the next collective). "
				"Run with `NCCL_DEBUG=INFO` (and `TORCH_DISTRIBUTED_DEBUG=DETAIL`) to see which collective each rank entered last; keep `TORCH_NCCL_ASYNC_ERROR_HANDLING=1` (`NCCL_ASYNC_ERROR_HANDLING` before PyTorch 2.2) so that a hang ends in this error rather than forever. "
				"Raise the timeout (`timeout=datetime.timedelta(...)` in `init_process_group`) only when a rank is legitimately slower (rank 0 alone evaluating or saving); it does not fix a rank that never arrives.");
	return rc;
}

/*
 * A code line that closes more brackets than it opens is the tail of a
 * statement spread over several lines: Python before 3.8 printed a
 * multi-line call at its last line ("WRONG_SIZE)"), which is not the call.
 */
static bool explain_is_call_tail(const char *code)
{
	int depth = 0;
	for (const char *p = code; p && *p; p++) {
		if (*p == '#' || *p == '"' || *p == '\'')
			break; /* a comment or a string: its brackets are not code's */
		if (*p == '(' || *p == '[' || *p == '{')
			depth++;
		else if ((*p == ')' || *p == ']' || *p == '}') && --depth < 0)
			return true;
	}
	return false;
}

/*
 * The only frame is the place a logger printed on the message's own line
 * ("OOM at runner.py:88, CUDA out of memory ..."): no traceback, no
 * function, never module level.
 */
static bool explain_placed(const gg_diagnosis *d)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	return tb->len == 1 && tb->has_exception && !tb->frames[0].function[0] && !tb->frames[0].code &&
	       tb->frames[0].at.line == tb->exc.at.line;
}

static int explain_where(gg_buf *b, const gg_diagnosis *d, const char *verb)
{
	const gg_tb_frame *f = gg_diagnosis_culprit(d);
	if (!f)
		return 0;
	/* The place a logger printed with the message (FILE:LINE on the same line): no frame, no function. */
	if (explain_placed(d))
		return gg_buf_printf(b, " The log line names %s:%u as where it was logged; it has no traceback, so the calls that led there are not in the paste.",
				     gg_tb_frame_file(f), f->line);
	/* A frame line cut before ", in name": where it is, without inventing a function. */
	if (!f->function[0] && f->notebook)
		return gg_buf_printf(b, " It %s at %s:%u%s%s%s.", verb, gg_tb_frame_file(f), f->line, f->code ? ": `" : "",
				     f->code ? f->code : "", f->code ? "`" : "");
	if (!f->function[0])
		return gg_buf_printf(b, " It %s at %s:%u%s%s%s (the frame's line is cut before its function's name).", verb, gg_tb_frame_file(f),
				     f->line, f->code ? ": `" : "", f->code ? f->code : "", f->code ? "`" : "");
	/* A frame whose location line the paste lost (a cut pytest report): its function and code, no line number. */
	if (f->line == 0)
		return gg_buf_printf(b, " It %s in %s()%s%s%s%s%s (its line number is not in the paste).", verb, f->function[0] ? f->function : "<module>",
				     f->filename[0] ? " in " : "", f->filename[0] ? gg_tb_frame_file(f) : "", f->code ? ": `" : "",
				     f->code ? f->code : "", f->code ? "`" : "");
	if (explain_is_call_tail(f->code))
		return gg_buf_printf(b, " It %s in %s() in the statement that ends at %s:%u (`%s`): the traceback prints the last line of a call spread over several lines, which starts above it.",
				     verb, f->function[0] ? f->function : "<module>", gg_tb_frame_file(f), f->line, f->code);
	return gg_buf_printf(b, " It %s in %s() at %s:%u%s%s%s.", verb, f->function[0] ? f->function : "<module>", gg_tb_frame_file(f),
			     f->line, f->code ? ": `" : "", f->code ? f->code : "", f->code ? "`" : "");
}

/*
 * An out-of-memory error of XLA's runtime (torch_xla, JAX on a TPU or a
 * GPU): PyTorch's allocator advice does not apply (no nvidia-smi, no
 * PYTORCH_CUDA_ALLOC_CONF), and neither does no_grad for JAX. What does:
 * the batch or sequence per core, the shapes XLA compiles a program for,
 * checkpointing in training, sharding over more cores. Not for PyTorch/XLA
 * evaluation with autograd on, where no_grad is still the fix.
 */
static bool explain_is_xla(const gg_diagnosis *d)
{
	return d->oom.is_oom && d->oom.xla && d->kind != GG_DX_OOM_EVAL_NO_GRAD && d->kind != GG_DX_NOT_OOM &&
	       d->kind != GG_DX_INCOMPLETE;
}

/* A size as a number and its unit, for "%.2f %s": MiB under a GiB (XLA's small requests), else GiB. */
#define EXPLAIN_SIZE(b) ((b) >= 1073741824.0 ? (b) / 1073741824.0 : (b) / 1048576.0), ((b) >= 1073741824.0 ? "GiB" : "MiB")

/*
 * XLA's first steps compile the programs a run keeps (the first, then the
 * one with the optimizer's state): a program too large at a later step was
 * compiled anew, because the graph grew or a shape changed since.
 */
#define EXPLAIN_XLA_SETTLED_STEP 3

static int explain_xla(gg_buf *e, gg_buf *x, const gg_diagnosis *d, const char *dev, const gg_log_facts *facts)
{
	const gg_oom_info *m = &d->oom;
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	const double gib = 1073741824.0;
	int rc = 0;
	rc |= gg_buf_printf(e, "Out of %s%s.", dev,
			    d->phase == GG_PHASE_TRAINING ? " during training"
			    : d->phase == GG_PHASE_EVALUATION ? " during evaluation or inference"
			    : d->phase == GG_PHASE_LOADING ? " while loading the model" : "");
	rc |= explain_where(e, d, "failed");
	if (d->cause == GG_CAUSE_ONCHIP) {
		/* A kernel's scratch, not the HBM: the batch and the sharding that size the HBM's use may not change it. */
		rc |= gg_buf_printf(e, " %c%s. XLA compiles each step into kernels whose working set must fit a core's small on-chip vector memory; this kernel, as compiled for these shapes, does not (often the compiler's own spill slots), however much HBM is free.",
				    d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
				    d->cause_evidence + 1);
		if (!tb->len)
			rc |= gg_buf_printf(e, " The log has no traceback for it, so where it happened is unknown.");
		rc |= gg_buf_printf(x, "Change what that step compiles to, not the memory around it: another shape for it (a different sequence or batch length, padding to another size), another op or attention implementation for that layer, or a newer torch_xla/libtpu whose compiler tiles it differently; XLA's flags for the TPU compiler can lower its scratch use. A smaller batch or more sharding may not change a kernel's scratch. If it persists, report it to XLA with the HLO dump (`XLA_FLAGS=--xla_dump_to=DIR`).");
		return rc;
	}
	if (d->cause == GG_CAUSE_PROGRAM)
		rc |= gg_buf_printf(e, " XLA compiles each step into one program and checks its memory before running it: this one needs %.2f GiB, more than the device's %.2f GiB, so it cannot run as compiled, however empty the device is.",
				    m->tried / gib, m->total / gib);
	else if (m->tried > 0 && m->free >= 0)
		rc |= gg_buf_printf(e, " XLA's runtime asked for %.2f %s with %.2f %s free%s.", EXPLAIN_SIZE(m->tried), EXPLAIN_SIZE(m->free),
				    m->total > 0 ? "" : " on the device");
	else if (m->tried > 0)
		rc |= gg_buf_printf(e, " XLA's runtime asked for %.2f %s.", EXPLAIN_SIZE(m->tried));
	if (m->total > 0 && d->cause != GG_CAUSE_PROGRAM)
		rc |= gg_buf_printf(e, " The device has %.2f GiB of HBM.", m->total / gib);
	if (d->cause == GG_CAUSE_FRAGMENTATION) {
		/* Enough is free, in pieces: a smaller batch may fit, but what splits the HBM is what to change. */
		rc |= gg_buf_printf(e, " %c%s.", d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
				    d->cause_evidence + 1);
		if (!tb->len)
			rc |= gg_buf_printf(e, " The log has no traceback for it, so where it happened is unknown.");
		rc |= gg_buf_printf(x, "The HBM is split by buffers and compiled programs of earlier steps: keep the input shapes few and fixed (pad to a few sizes, drop an uneven last batch), so that fewer programs and buffers of other sizes are kept; restart the process between phases that use other shapes (training, then evaluation); free large tensors kept across steps. A smaller step (batch size per core, sequence length) needs a smaller piece.");
		if (m->device == GG_OOM_DEVICE_TPU)
			rc |= gg_buf_printf(x, " %s shows the TPU's memory, which GPU tools do not see.",
					    d->jax ? "`jax.local_devices()[0].memory_stats()`" : "`xm.get_memory_info(xm.xla_device())`");
		return rc;
	}
	if (d->cause == GG_CAUSE_OVERSIZED)
		rc |= gg_buf_printf(e, " %c%s.", d->cause_evidence[0] >= 'a' && d->cause_evidence[0] <= 'z' ? d->cause_evidence[0] - 32 : d->cause_evidence[0],
				    d->cause_evidence + 1);
	/*
	 * While a model is built, a request of a few hundred MiB refused: the
	 * device was nearly full before it (another process on the core, or
	 * what this one placed earlier), not a step too large.
	 */
	if (d->phase == GG_PHASE_LOADING && m->tried > 0 && m->tried <= 1024.0 * 1048576.0 && d->cause != GG_CAUSE_PROGRAM) {
		rc |= gg_buf_printf(e, " A request this small refused while the model is being built means the device was already nearly full: another process holds it, or this one placed much before (a second copy of the weights, arrays kept from an earlier step).");
		if (!tb->len)
			rc |= gg_buf_printf(e, " The log has no traceback for it, so where it happened is unknown.");
		rc |= gg_buf_printf(x, "Free the device first: stop other processes on it (one process per TPU host holds all its cores), and drop what an earlier step placed (`del` it, or build the model before anything else). A conversion or export does not need the accelerator: run it on the CPU (`JAX_PLATFORMS=cpu`, or `CUDA_VISIBLE_DEVICES=` / no XLA device for torch). If the weights themselves do not fit, shard them over more cores (%s) or load them in a lower precision.",
				    d->jax ? "jax.sharding, pjit" : "FSDP, SPMD");
		if (m->device == GG_OOM_DEVICE_TPU)
			rc |= gg_buf_printf(x, " %s shows the TPU's memory, which GPU tools do not see.",
					    d->jax ? "`jax.local_devices()[0].memory_stats()`" : "`xm.get_memory_info(xm.xla_device())`");
		return rc;
	}
	if (d->jax)
		rc |= gg_buf_printf(e, " JAX keeps no graph for a backward pass unless jax.grad is called, so torch.no_grad has no counterpart here.");
	if (!tb->len)
		rc |= gg_buf_printf(e, " The log has no traceback for it, so where it happened is unknown.");

	/*
	 * A program too large after the run's steps had settled: the same step
	 * compiled to a smaller program before, so what grew is the graph (a
	 * step not cut by mark_step, a tensor carried across steps) or the
	 * shapes, whatever the batch; that goes first.
	 */
	const gg_traceback *xt = gg_diagnosis_traceback(d);
	bool grew = d->cause == GG_CAUSE_PROGRAM && !d->jax && facts->step >= EXPLAIN_XLA_SETTLED_STEP && xt->has_exception &&
		    facts->step_line <= xt->exc.at.line;
	if (grew) {
		rc |= gg_buf_printf(e, " It came at step %ld (log line %llu), after earlier steps ran: XLA compiled this program anew then, so the graph grew or a shape changed since the first steps.",
				    facts->step, (unsigned long long)facts->step_line);
		rc |= gg_buf_printf(x, "Find what makes the step's graph grow: cut every step with `xm.mark_step()` (or iterate an `MpDeviceLoader`, which does), do not carry tensors from step to step (`loss.item()` only at logging, after the step), and keep the shapes fixed (pad to one size, drop an uneven last batch); `PT_XLA_DEBUG_LEVEL=2` (or the metrics report's CompileTime count) shows a recompilation at that step. A smaller batch does not help a graph that keeps growing. ");
	}
	/* A program larger than the device: what it is compiled from must shrink, not what else the device holds. */
	rc |= gg_buf_printf(x, "%s", grew ? "If it does not grow, make the compiled step smaller: lower"
				    : d->cause == GG_CAUSE_PROGRAM ? "Make the compiled step smaller, not the memory around it: lower" : "Lower");
	if (d->phase == GG_PHASE_TRAINING)
		rc |= gg_buf_printf(x, " the batch size per core (gradient accumulation keeps the effective batch) or the sequence length; use gradient checkpointing (%s), which recomputes activations in the backward pass instead of keeping them; shard parameters, gradients and optimizer state over the cores (%s).",
				    d->jax ? "`jax.checkpoint`, remat" : "torch_xla's or torch.utils' `checkpoint`",
				    d->jax ? "jax.sharding, pjit" : "FSDP, SPMD");
	else if (d->phase == GG_PHASE_EVALUATION)
		rc |= gg_buf_printf(x, " the batch size or the sequence length (for generation, the prompt's and the maximum length), or shard the weights over more cores (%s).",
				    d->jax ? "jax.sharding, pjit" : "FSDP, SPMD");
	else
		rc |= gg_buf_printf(x, " the batch size per core or the input's size (sequence length, image size); in training, gradient checkpointing recomputes activations instead of keeping them; shard the model over more cores (%s).",
				    d->jax ? "jax.sharding, pjit" : "FSDP, SPMD");
	/* Every new input shape is a new program, compiled and kept: varying shapes multiply what the device holds. */
	rc |= gg_buf_printf(x, " Keep the input shapes few and fixed (pad to a few sizes, drop an uneven last batch): XLA compiles and keeps a program for every shape it sees.");
	if (m->device == GG_OOM_DEVICE_TPU)
		rc |= gg_buf_printf(x, " %s shows the TPU's memory, which GPU tools do not see.",
				    d->jax ? "`jax.local_devices()[0].memory_stats()`" : "`xm.get_memory_info(xm.xla_device())`");
	return rc;
}

/*
 * A serving engine's memory (see classify.c): relayed to a client, the
 * server's budgets decide; at its start, the weights and the warm-up's
 * largest batch against the devices it is spread over.
 */
static int explain_serving(gg_buf *e, gg_buf *x, const gg_diagnosis *d)
{
	const gg_oom_info *m = &d->oom;
	const double gib = 1073741824.0;
	int rc = 0;
	if (d->serving == GG_SERVING_RELAYED)
		rc |= gg_buf_printf(e, "Out of %s in the server: the error reached this script through its client library, which passes on the server's message. The memory ran out in the serving process while it handled a request, not in this script, and no_grad or anything else along these frames does not change it.",
				    explain_device(d));
	else if (d->serving == GG_SERVING_ANSWERING) {
		/*
		 * The engine reserves most of the device ahead (weights, KV cache,
		 * CUDA graphs) and runs its model without autograd: what is left
		 * for a step's own tensors is the headroom its settings leave.
		 */
		rc |= gg_buf_printf(e, "Out of %s in vLLM's serving engine while it answered requests. The engine runs its model under inference_mode, so no_grad changes nothing here; it takes a fixed share of the device ahead (gpu_memory_utilization: the weights, the KV cache, CUDA graphs), and what was left beside it was too little for a step.",
				    explain_device(d));
		if (m->tried > 0 && m->allocated >= 0 && m->total > 0)
			rc |= gg_buf_printf(e, " It asked for %.2f GiB with %.2f GiB already allocated of %.2f GiB.", m->tried / gib, m->allocated / gib, m->total / gib);
		rc |= gg_buf_printf(x, "Lower `gpu_memory_utilization` so that the engine leaves room beside its reservation (other processes on the device count against it too), or lower `max_model_len` and `max_num_seqs` so that a step needs less; `enforce_eager=True` gives back what CUDA graphs hold; a smaller or quantized model leaves more of the device. The batch size and no_grad are not the levers here.");
		return rc;
	} else
		rc |= gg_buf_printf(e, "Out of %s at the serving engine's start, before any request: loading the weights, or the warm-up that runs the largest batch the engine is set to accept.",
				    explain_device(d));
	if (m->tried > 0 && m->allocated >= 0 && m->total > 0)
		rc |= gg_buf_printf(e, " It asked for %.2f GiB with %.2f GiB already allocated of %.2f GiB.", m->tried / gib, m->allocated / gib, m->total / gib);
	else if (m->tried > 0 && m->total > 0)
		rc |= gg_buf_printf(e, " It asked for %.2f GiB of %.2f GiB.", m->tried / gib, m->total / gib);
	if (d->serving == GG_SERVING_START && m->allocated >= 0 && m->total > 0 && m->allocated >= 0.9 * m->total)
		rc |= gg_buf_printf(e, " Nearly the whole device was already allocated: the weights alone do not fit one device as loaded.");
	bool weights = d->serving == GG_SERVING_START && m->allocated >= 0 && m->total > 0 && m->allocated >= 0.9 * m->total;
	if (d->serving == GG_SERVING_RELAYED)
		rc |= gg_buf_printf(x, "Change the server, not the client: this request's length and the server's limits decide. ");
	/*
	 * The engine's own message often names the setting to lower ("You need
	 * to decrease `--max-batch-prefill-tokens`"): that one first.
	 */
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	const char *flag = !weights && tb->has_exception ? strstr(tb->exc.detail, "`--") : NULL;
	const char *flag_end = flag ? strchr(flag + 1, '`') : NULL;
	bool named = flag_end && flag_end - flag > 3 && flag_end - flag < 80;
	if (named)
		rc |= gg_buf_printf(x, "Lower `%.*s` first, as the engine's message says: the warm-up runs a batch of that many tokens at once. ",
				    (int)(flag_end - flag - 1), flag + 1);
	if (weights)
		/* The weights fill the device before the warm-up: only fewer weights per device helps. */
		rc |= gg_buf_printf(x, "Spread the model over more GPUs (more shards, tensor parallelism), or load it quantized or in a smaller variant; lowering the engine's token budgets does not shrink the weights.");
	else
		rc |= gg_buf_printf(x, "%s its maximum input length and total tokens, the tokens it batches at once (prefill and total batch tokens), the number of concurrent requests; or use a quantized or smaller model, or spread it over more GPUs (more shards, tensor parallelism).",
				    named ? "With it, the other budgets:" : "Lower the engine's budgets:");
	rc |= gg_buf_printf(x, " Check with `%s` that nothing else holds the server's GPU.", explain_smi(d));
	return rc;
}

/* The failure, or a line of the paste beside it, is Triton's "out of resource" (see oom.h). */
static bool explain_lookalike_resource(const gg_diagnosis *d, const gg_log_facts *facts)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	return facts->out_of_resource ||
	       (tb->has_exception && gg_oom_out_of_resource(tb->exc.type, tb->exc.detail, strlen(tb->exc.detail)));
}

/*
 * A kernel's device-side assertion printed above a traceback cut before
 * its exception line (a few lines between at most: the device prints it
 * as the kernel fails, the host raises at its next call).
 */
#define EXPLAIN_ASSERT_REACH 6

bool gg_explain_assert_above(const gg_diagnosis *d, const gg_log_facts *facts)
{
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	return d->kind == GG_DX_INCOMPLETE && !tb->has_exception && facts->device_assert_line &&
	       facts->device_assert_line < tb->at.line && facts->device_assert_line + EXPLAIN_ASSERT_REACH >= tb->at.line;
}

/* The bare source line pasted right above a frameless exception line (see logfacts.h), or NULL. */
static const char *explain_code_above(const gg_log_facts *facts, uint64_t line)
{
	for (size_t i = 0; i < facts->orphans_len; i++)
		if (facts->orphans[i].at.line == line)
			return facts->orphans[i].code_above;
	return NULL;
}

/*
 * The signal of torchelastic's own exception for a signal the agent was
 * sent ("SignalException: Process 2920830 got signal: 1"), or 0: the run
 * stopped from outside, as the agent's "Received 1 death signal" says.
 */
static int explain_signal_exception(const gg_tb_exception *exc)
{
	size_t t = strlen(exc->type);
	const char *got = strstr(exc->message, "got signal: ");
	if (t < 15 || strcmp(exc->type + t - 15, "SignalException") != 0 || !got)
		return 0;
	return atoi(got + 12);
}

/*
 * A CUDA kernel that failed on the device: a device-side assertion (an
 * index out of range, nearly always) or an illegal memory access. CUDA
 * reports both at a later call, so the frame shown may not be the one;
 * the fix is to make it report where it happens, then check the indices.
 * code: the line to look at (a frame's, or a bare line pasted above), or
 * NULL. Returns 0 or a gg_buf error.
 */
static int explain_kernel_failure(gg_buf *e, gg_buf *x, bool assert_failed, const char *condition, const char *code)
{
	int rc = 0;
	/*
	 * The loss kernel's range check ("input_val >= zero && input_val <=
	 * one" in Loss.cu): binary cross-entropy given a value outside [0, 1],
	 * no index at all.
	 */
	if (assert_failed && condition && strstr(condition, "input_val >= zero") && strstr(condition, "input_val <= one")) {
		rc |= gg_buf_printf(e, " A CUDA kernel's device-side assertion failed (`%s`): binary cross-entropy's check that every input lies in [0, 1]. A prediction outside it reached the loss: no sigmoid before it, a NaN or inf from the step before, or input and target passed the other way round. CUDA reports it at a later call, so the line shown may not be the failing one.",
				    condition);
		if (code)
			rc |= gg_buf_printf(e, " The line pasted is `%s`.", code);
		rc |= gg_buf_printf(x, "Feed the loss probabilities: apply `torch.sigmoid` before `binary_cross_entropy` (or `nn.BCELoss`), or better give the raw logits to `binary_cross_entropy_with_logits` (`nn.BCEWithLogitsLoss`), which is also safe under autocast; check the predictions for NaN and inf (`torch.isfinite(p).all()`) and the argument order (input, then target). `CUDA_LAUNCH_BLOCKING=1` makes the error appear at the loss's line. After this error the CUDA context is unusable: restart the process. Not memory: no_grad and the batch size do not apply.");
		return rc;
	}
	if (assert_failed) {
		rc |= gg_buf_printf(e, " A CUDA kernel's device-side assertion failed%s%s%s: nearly always an index out of range (a class label outside [0, num_classes) in a loss, a token or position id at or beyond an embedding's size, an index past a dimension in gather, index_select or scatter). CUDA reports it at a later call, so the line shown may not be the failing one.",
				    condition ? " (`" : "", condition ? condition : "", condition ? "`)" : "");
		/* An embedding lookup on the line: the ids and positions are what to check. */
		if (code && (strstr(code, "emb") || strstr(code, "Emb")))
			rc |= gg_buf_printf(e, " The line pasted (`%s`) adds or looks up embeddings: an id at or beyond its table's size (the vocabulary, or the block size for positions) is the usual cause there.",
					    code);
		else if (code)
			rc |= gg_buf_printf(e, " The line pasted is `%s`.", code);
		rc |= gg_buf_printf(x, "Rerun with `CUDA_LAUNCH_BLOCKING=1` so that the error is raised at the failing kernel's line, or run one batch on the CPU, where the same mistake is an IndexError naming the index and the size. Then check the indices there: `ids.max()` against the embedding's num_embeddings (and sequence length against the position table), labels against the number of classes. After this error the CUDA context is unusable: restart the process. Not memory: no_grad and the batch size do not apply.");
		return rc;
	}
	rc |= gg_buf_printf(e, " A CUDA kernel read or wrote outside its memory: most often a custom CUDA extension or op built for another PyTorch or CUDA version, or an index out of range in an op that does not check it; less often a driver or library bug. CUDA reports it at a later call, so the line shown may not be the failing one.");
	rc |= gg_buf_printf(x, "Rerun with `CUDA_LAUNCH_BLOCKING=1` so that the error is raised at the op that really failed (`compute-sanitizer python ...` names the kernel); rebuild custom CUDA extensions against this PyTorch and CUDA, and try without them or on the CPU, where an index out of range is an IndexError. Not memory: no_grad and the batch size do not apply.");
	return rc;
}

int gg_explain(gg_diagnosis *d, const gg_log_facts *facts)
{
	gg_buf e = { 0 }, x = { 0 };
	int rc = 0;
	const gg_traceback *tb = gg_diagnosis_traceback(d);
	const char *dev = explain_device(d);
	const gg_tb_frame *cf = gg_diagnosis_culprit(d);
	/* The fix goes on the evaluation entry, never on a forward() training also runs. */
	const gg_tb_frame *ef = d->entry >= 0 ? &tb->frames[d->entry] : NULL;
	const char *fn = ef && ef->function[0] && ef->function[0] != '<' ? ef->function : NULL;
	int version;
	explain_era era = explain_era_of(d, facts, &version);
	bool unseen = false; /* autograd's state not shown by the paste (evaluation without a grad-off frame) */
	bool pairwise = explain_pairwise_line(cf);

	if (explain_is_xla(d))
		rc |= explain_xla(&e, &x, d, dev, facts);
	else switch (d->kind) {
	case GG_DX_OOM_EVAL_NO_GRAD:
		unseen = d->grad_disabled == -1 && !d->static_code && !(cf && d->frames[d->culprit].res.path);
		if (d->grad_controlled) {
			/* The code picks the mode at run time (see the evidence): say both sides, fix the flag's side. */
			rc |= gg_buf_printf(&e, "Out of %s during evaluation, in code where a flag or a condition picks whether autograd is on.", dev);
			rc |= explain_where(&e, d, "failed");
			rc |= gg_buf_printf(&e, " If this run had it on, every forward pass kept all its layers' activations for a backward pass that never comes; if it was off, the cause is elsewhere (the batch, outputs kept across batches, one large request).");
			rc |= gg_buf_printf(&x, "Make sure evaluation runs with the flag choosing torch.no_grad() (or wrap the loop in `with torch.no_grad():` unconditionally); if it already did, lower the evaluation batch size.");
			break;
		}
		/*
		 * Autograd's state unseen (no grad-off frame, no source read): a
		 * `with torch.no_grad():` block leaves no frame, so the missing
		 * no_grad is a suspicion, said as one.
		 */
		if (unseen)
			rc |= gg_buf_printf(&e, "Out of %s during evaluation; nothing in the paste shows autograd turned off, but a `with torch.no_grad():` block leaves no frame in a traceback, so it may well be off already.", dev);
		else
			rc |= gg_buf_printf(&e, "Out of %s during evaluation, with autograd on.", dev);
		rc |= explain_where(&e, d, "failed");
		if (pairwise)
			rc |= gg_buf_printf(&e, " That line is no model's forward: it builds one matrix of every row of one table against every row of another, rows × columns in size whatever autograd is, and that matrix alone can fill the device. Autograd adds to it only where the tables require grad; model.eval() does not turn it off");
		else
			rc |= gg_buf_printf(&e, " Without torch.no_grad(), every forward pass keeps all its layers' activations for a backward pass that never comes, so evaluation needs several times the memory it should. model.eval() does not turn autograd off");
		if (facts->volatile_warning >= 0)
			rc |= gg_buf_printf(&e, ", and volatile=True has been ignored since PyTorch 0.4");
		rc |= gg_buf_printf(&e, ".");
		/* Others hold much of the device too, but PyTorch's own share is large enough for no_grad to matter (see classify.c). */
		if (d->cause == GG_CAUSE_OTHER_PROCESSES)
			rc |= gg_buf_printf(&e, " Besides, %s.", d->cause_evidence);
		if (pairwise)
			rc |= explain_pairwise_fix(&x);
		if (era == ERA_PRE_0_4) {
			/* torch.no_grad arrived in 0.4: before it, volatile inputs were the way. */
			rc |= gg_buf_printf(&x, "PyTorch %s has no torch.no_grad: create the evaluation inputs with `Variable(x, volatile=True)`%s%s%s, or upgrade and wrap the loop in `with torch.no_grad():`.",
					    d->torch_version ? d->torch_version : "0.3 or older (this log's era)", fn ? " in " : "", fn ? fn : "",
					    fn ? "()" : "");
			/* Whether they were volatile does not show: the batch is the other half of the either/or. */
			if (unseen)
				rc |= gg_buf_printf(&x, " If they already are, lower the evaluation batch size.");
			break;
		}
		bool lead = unseen && explain_large_request(&d->oom) && !pairwise;
		if (pairwise) {
			lead = true;
			rc |= gg_buf_printf(&x, "Then check autograd: if `torch.is_grad_enabled()` is true there, ");
		} else if (unseen && d->cause == GG_CAUSE_SMALL_DEVICE) {
			/* A device this small holds no such step, grad on or off: the device leads, autograd is the check after. */
			lead = true;
			rc |= gg_buf_printf(&e, " Besides, the device has only %.2f GiB and this process's own tensors fill it: the work is larger than the device.",
					    d->oom.total / 1073741824.0);
			rc |= gg_buf_printf(&x, "Give it a device with more memory (for an integrated GPU, raise its share of system memory in the BIOS/UEFI settings, the UMA frame buffer size), or make the work smaller (a lower resolution, a smaller or lower-precision model). ");
			rc |= gg_buf_printf(&x, "Then check autograd: if `torch.is_grad_enabled()` is true there, ");
		} else if (lead) {
			/* One step's tensor is a large share of the device: that is there whatever autograd was. */
			rc |= gg_buf_printf(&x, "One request of %.2f GiB (%.0f%% of the device) is one step's intermediate: evaluate less at once (a smaller evaluation batch, fewer candidates or proposals per item, a smaller input, or the work in chunks). ",
					    d->oom.tried / 1073741824.0, 100.0 * d->oom.tried / d->oom.total);
			rc |= gg_buf_printf(&x, "Then check autograd: if `torch.is_grad_enabled()` is true in the loop, ");
		}
		if (d->callee_cut && cf && cf->code) {
			/* The evaluator's own frames are cut: the fix goes on its call or on it, not on a caller that may also train. */
			rc |= gg_buf_printf(&x, "%s the evaluator does not turn autograd off itself (its frames are cut), wrap the call `%s` at line %u in `with torch.no_grad():`, or decorate the evaluation method it calls with `@torch.no_grad()`",
					    lead ? "and" : "If", cf->code, cf->line);
		} else {
			rc |= gg_buf_printf(&x, "%s the evaluation loop in `with torch.no_grad():`", lead ? "wrap" : "Wrap");
			/* A script's main() usually trains as well: a decorator there would turn training's gradients off too. */
			if (fn && strcmp(fn, "main") != 0)
				rc |= gg_buf_printf(&x, " (or put `@torch.no_grad()` on %s())", fn);
		}
		if (era == ERA_THC)
			rc |= gg_buf_printf(&x, "; on PyTorch 0.3 or older, which lack it, create the inputs with `Variable(x, volatile=True)` instead.");
		else if (era == ERA_1X && version < 109)
			rc |= gg_buf_printf(&x, ".");
		else
			rc |= gg_buf_printf(&x, "; `torch.inference_mode()` saves a little more.");
		if (facts->volatile_warning >= 0)
			rc |= gg_buf_printf(&x, " Remove volatile=True.");
		rc |= gg_buf_printf(&x, " Check with `assert not torch.is_grad_enabled()` in the loop.");
		if (d->cause == GG_CAUSE_OTHER_PROCESSES)
			rc |= gg_buf_printf(&x, " Look at `%s` for the other processes on the GPU.", explain_smi(d));
		break;
	case GG_DX_OOM_EVAL:
		if (d->grad_disabled != 1) {
			/* Decided by the numbers, autograd unseen (see classify.c); with no frame, by the log's prints alone. */
			if (tb->len == 0)
				rc |= gg_buf_printf(&e, "Out of %s during evaluation, by the log's own lines; no frame shows what ran, so whether autograd was on does not show either.", dev);
			else
				rc |= gg_buf_printf(&e, "Out of %s during evaluation, and not for a missing no_grad.", dev);
			rc |= explain_where(&e, d, "failed");
			if (d->cause == GG_CAUSE_ACCUMULATED) {
				/* After the loop: what was gathered over the whole set is joined at once (see classify.c). */
				rc |= gg_buf_printf(&e, " No model runs there: %s, and joining them needs the whole result at once, on top of the parts.", d->cause_evidence);
				rc |= gg_buf_printf(&x, "Do not keep every batch's outputs: compute the metric per batch (or update a running metric), keep only what it needs (predicted labels, not whole logits or masks), or write the outputs to disk as you go; if they must be joined, allocate the result once and fill it, instead of a torch.cat of the list.");
				break;
			}
			if (d->transfer && (d->cause == GG_CAUSE_NONE || d->cause == GG_CAUSE_OWN_TENSORS || d->cause == GG_CAUSE_OTHER_PROCESSES)) {
				/* The copy of a batch to the device, no model on the path (see classify.c). */
				rc |= gg_buf_printf(&e, " No model runs there: the line copies a batch to the device, which needs room for the batch itself; what already fills the device (the model and optimizer state, tensors kept from training, another process) is the question, not autograd.");
				rc |= gg_buf_printf(&x, "Evaluate a smaller batch (the evaluation loader's batch size), free what training left on the device before evaluating (delete its last outputs and losses, `torch.cuda.empty_cache()`), and check with `%s` that no other process holds the GPU and that the run uses the GPU you meant (CUDA_VISIBLE_DEVICES). If the error names the host's caching allocator, pinned memory failed: try `pin_memory=False` and a plain `.cuda()` without non_blocking.",
						    explain_smi(d));
				break;
			}
			if (d->own_arithmetic && d->cause == GG_CAUSE_LARGE_REQUEST) {
				/* The script's own tensor arithmetic after the model (see classify.c): its one product is the request. */
				rc |= gg_buf_printf(&e, " No model runs there: %s, asked for by the script's own arithmetic on the model's results, the same with autograd on or off.", d->cause_evidence);
				rc |= gg_buf_printf(&x, "Make that step's tensors smaller: work on fewer items or candidates at once (in chunks, keeping the top ones only), at a lower resolution, or in a cheaper dtype, and detach or move to the CPU what is only drawn or saved. `with torch.no_grad():` around the evaluation is still good practice, but it does not shrink this request.");
				break;
			}
			if (!explain_cause(&e, &x, d, era, version, &rc))
				/* No cause the numbers prove: what evaluation can always do, no claim about autograd. */
				rc |= gg_buf_printf(&x, "Evaluate less at once: a smaller evaluation batch, a smaller input or crop, or the work in chunks; keep what you gather or join together on the CPU, not the GPU; and run evaluation under `with torch.no_grad():` if it is not already.");
			break;
		}
		rc |= gg_buf_printf(&e, "Out of %s during evaluation, although autograd was already off.", dev);
		rc |= explain_where(&e, d, "failed");
		if (d->cause & (GG_CAUSE_OVERSIZED | GG_CAUSE_OTHER_PROCESSES | GG_CAUSE_LOADING | GG_CAUSE_GROWTH | GG_CAUSE_REFUSED | GG_CAUSE_OWN_TENSORS)) {
			explain_cause(&e, &x, d, era, version, &rc);
			break;
		}
		/*
		 * A cause the list below does not word (MPS's other allocations or
		 * own tensors, ...): its own explanation, never an empty one.
		 */
		if (d->causes && !(d->causes & (GG_CAUSE_ACCUMULATED | GG_CAUSE_BATCH | GG_CAUSE_FRAGMENTATION)) &&
		    explain_cause(&e, &x, d, era, version, &rc))
			break;
		if (!d->causes && pairwise) {
			/* Autograd off and nothing else shown: the matrix the line builds is the memory. */
			rc |= gg_buf_printf(&e, " So it is not a missing no_grad: the line builds one matrix of every row of one table against every row of another, rows × columns in size, and that matrix alone filled the device.");
			rc |= explain_pairwise_fix(&x);
			if (x.len && x.data[x.len - 1] == ' ')
				x.data[--x.len] = '\0';
			break;
		}
		if (!d->causes && explain_generates(d)) {
			/* Generation's memory is its inputs and its cache, per token and per sequence: not outputs kept across batches. */
			rc |= gg_buf_printf(&e, " So it is not a missing no_grad: generation holds the prompt's activations and a key/value cache that grows with every new token, for every sequence at once (each prompt, beam and returned sequence).");
			rc |= gg_buf_printf(&x, "Generate with less at once: a shorter prompt or a smaller image, a lower max_new_tokens, fewer beams or returned sequences, fewer prompts per call; a quantized or smaller model leaves more room for the cache.");
			break;
		}
		rc |= gg_buf_printf(&e, " So it is not a missing no_grad: ");
		if (!d->causes)
			rc |= gg_buf_printf(&e, "the log does not show which of the usual causes it is: outputs kept across batches, an evaluation batch larger than training's, or fragmented memory.");
		else {
			const char *sep = "";
			if (d->causes & GG_CAUSE_ACCUMULATED)
				rc |= gg_buf_printf(&e, "%soutputs (logits) are kept for every batch until evaluation ends", sep), sep = "; ";
			if (d->causes & GG_CAUSE_BATCH)
				rc |= gg_buf_printf(&e, "%sthe evaluation batch (%ld) is larger than the training one (%ld)", sep, facts->eval_batch, facts->train_batch), sep = "; ";
			if (d->causes & GG_CAUSE_FRAGMENTATION)
				rc |= gg_buf_printf(&e, "%sthe allocator's memory is fragmented (much reserved but unallocated)", sep);
			rc |= gg_buf_printf(&e, ".");
		}
		if (!d->causes || (d->causes & GG_CAUSE_ACCUMULATED))
			rc |= gg_buf_printf(&x, "Move outputs off the device as you collect them (`outputs.append(out.detach().cpu())`) or compute metrics per batch; with the Hugging Face Trainer set `eval_accumulation_steps` (e.g. 8) and `preprocess_logits_for_metrics` to keep only what the metric needs. ");
		if (!d->causes || (d->causes & GG_CAUSE_BATCH))
			rc |= gg_buf_printf(&x, "Lower the evaluation batch size (per_device_eval_batch_size) to the training one. ");
		if (!d->causes || (d->causes & GG_CAUSE_FRAGMENTATION))
			rc |= explain_fragmentation_fix(&x, d, era, version);
		if (x.len && x.data[x.len - 1] == ' ')
			x.data[--x.len] = '\0';
		break;
	case GG_DX_OOM_TRAINING:
		rc |= gg_buf_printf(&e, "Out of %s during training.", dev);
		rc |= explain_where(&e, d, "failed");
		if (explain_cause(&e, &x, d, era, version, &rc))
			break;
		if (d->oom.device == GG_OOM_DEVICE_CPU) {
			/* The host's RAM: the GPU recipe (mixed precision, the device's allocator) is beside the point. */
			rc |= gg_buf_printf(&e, " The machine's RAM (and swap) ran out, not a GPU's: training on the CPU keeps every activation for the backward pass in RAM.");
			rc |= gg_buf_printf(&x, "`free -h` shows what the machine has left and `top` what holds it. Lower the batch size (gradient accumulation keeps the effective batch) or the sequence or image size, and close what else holds RAM; if this was meant to run on a GPU, check that the model and the batch are moved to it (`.to(device)`).");
			break;
		}
		rc |= gg_buf_printf(&e, " Training needs the activations for the backward pass, so this is the batch, model or sequence size against the device's memory%s.",
				    d->static_code && strcmp(d->static_code, "GG002") == 0 ? ", made worse by a loss kept with its graph across iterations (GG002)" : "");
		/* Activation checkpointing already on the path (its backward re-runs the forward): no use advising it. */
		bool checkpointed = false;
		for (size_t i = 0; i < tb->len && !checkpointed; i++)
			checkpointed = strstr(tb->frames[i].filename, "torch/utils/checkpoint.py") || strstr(tb->frames[i].filename, "torch\\utils\\checkpoint.py");
		/* One request a large share of the device (cause.c): one item's tensor (a long sequence's logits), which the batch size does not shrink. */
		if (d->cause == GG_CAUSE_LARGE_REQUEST && d->oom.total > 0 && d->oom.tried > 0)
			rc |= gg_buf_printf(&x, "One request is %.0f%% of the device: one item's size first (a shorter maximum sequence length, long samples cut or left out, a lower resolution, the loss computed in chunks). ",
					    100.0 * d->oom.tried / d->oom.total);
		if (era == ERA_PRE_0_4)
			/* 0.3 and older: no autocast, no torch.utils.checkpoint, no .item(); a Variable's graph and data are what to cut. */
			rc |= gg_buf_printf(&x, "Lower the batch size (or the sequence length or the model's width); in a recurrent model, detach the hidden state between batches (`hidden = Variable(hidden.data)`) so that each batch's graph does not hold the previous ones; sum the loss for logging as `loss.data[0]`, not `loss`. Mixed precision and activation checkpointing need a newer PyTorch.");
		else if (checkpointed)
			rc |= gg_buf_printf(&x, "Lower the batch size or the sequence length (gradient accumulation keeps the effective batch); activation checkpointing is already on (its frames are on the path), so the rest is a smaller or quantized model, fewer trained parameters (LoRA or adapters) or mixed precision. If memory grows step by step, accumulate `loss.item()`, not `loss`.");
		else if (era == ERA_THC)
			rc |= gg_buf_printf(&x, "Lower the batch size and use gradient accumulation to keep the effective batch; activation checkpointing (`torch.utils.checkpoint`, 0.4 and later) or mixed precision (`torch.cuda.amp`, 1.6 and later) where this PyTorch has them. If memory grows step by step, accumulate `loss.item()` (`loss.data[0]` before 0.4), not `loss` (`gradguard check` reports this as GG002).");
		else
			rc |= gg_buf_printf(&x, "Lower the batch size and use gradient accumulation to keep the effective batch; use mixed precision (torch.autocast) or activation checkpointing. If memory grows step by step, accumulate `loss.item()`, not `loss` (`gradguard check` reports this as GG002).");
		/* MPS's cap is a share of unified memory, its own setting: the one lever no CUDA advice names. */
		if (d->oom.device == GG_OOM_DEVICE_MPS)
			rc |= gg_buf_printf(&x, " On MPS the cap is PYTORCH_MPS_HIGH_WATERMARK_RATIO (a share of the Mac's unified memory), read when PyTorch starts: set it in the shell before launching Python; 0.0 removes the cap at the risk of swapping the whole system.");
		break;
	case GG_DX_OOM:
		if (d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_CGROUP) == 0) {
			/* The limit is what the job asked for: the fix is the request, or less RAM under it. */
			rc |= gg_buf_printf(&e, "A process was killed by the OOM handler of its %s memory limit (a cgroup): it used more host RAM (not GPU memory) than the job was granted, not necessarily more than the machine has.",
					    facts->cgroup_slurm ? "SLURM job's" : "job's or container's");
			if (facts->cgroup_slurm)
				rc |= gg_buf_printf(&x, "Ask for more memory (`#SBATCH --mem=...` or `--mem-per-cpu`, within what the node has), and compare what the job used with what it asked for: `sacct -j JOBID --format=JobID,MaxRSS,ReqMem,State` or `seff JOBID`. Or use less host RAM: fewer DataLoader workers, data memory-mapped instead of loaded whole, no tensors kept on the CPU across steps.");
			else
				rc |= gg_buf_printf(&x, "Raise the job's or container's memory limit (a Kubernetes pod's `resources.limits.memory`, Docker's `--memory`), or use less host RAM: fewer DataLoader workers, data memory-mapped instead of loaded whole, no tensors kept on the CPU across steps.");
			break;
		}
		if (d->oom.form && strncmp(d->oom.form, "SIGKILL", 7) == 0 && facts->killed_macos && facts->launcher_rank < 0) {
			/* macOS' shell adds the number ("Killed: 9"): its kernel ends a process under memory pressure, and MPS shares that memory. */
			rc |= gg_buf_printf(&e, "The process was killed with SIGKILL without a Python traceback, in macOS' words (\"Killed: 9\"): the system ended it under memory pressure. On a Mac the CPU and the GPU (MPS) share one unified memory, so the model's tensors count against it as much as the data does.");
			rc |= gg_buf_printf(&x, "Watch Memory Pressure in Activity Monitor while it runs. Use less memory: a smaller batch or model, fewer DataLoader workers, nothing kept across steps; with MPS, cap PyTorch's share with PYTORCH_MPS_HIGH_WATERMARK_RATIO below 1 (0.7, say) so that it raises its own out-of-memory error before the system kills it (0.0 lifts the cap, and makes the kill likelier).");
			break;
		}
		if (d->oom.form && strncmp(d->oom.form, "SIGKILL", 7) == 0) {
			/* The paste is the kernel's own report already: no need to look for it. */
			const char *check = facts->killed_kernel ? "" : "Check with `dmesg | grep -i 'killed process'`. ";
			rc |= gg_buf_printf(&e, "The process was killed with SIGKILL (signal 9: a shell reports exit code 137, or just \"Killed\"; a Python launcher -9) without a Python error of its own: almost always the Linux OOM killer, because the machine ran out of host RAM (not GPU memory).");
			/* A launcher's ranks or a shell's one process: "each rank" only where there are ranks. */
			bool ranks = d->rank >= 0 || facts->launcher_rank >= 0 || facts->root_rank >= 0 || facts->elastic_summary;
			if (d->phase == GG_PHASE_LOADING && !ranks) {
				/* One process killed while it read the weights: the whole model went through host RAM at once. */
				rc |= gg_buf_printf(&e, " It came while the model's weights were being read, before any step: the process reads them into RAM (often in full precision, or once more while they are converted) before they reach the device.");
				rc |= gg_buf_printf(&x, "%sRead the weights straight to where they belong: `low_cpu_mem_usage=True` or a `device_map`, memory-mapped safetensors, in the precision you run in (a quantized variant for a small machine); or give the process more RAM (a container's or pod's memory limit, swap).",
						    check);
				break;
			}
			if (d->phase == GG_PHASE_LOADING) {
				/* Killed while the weights were read: every rank on the node holds its own copy of them in RAM. */
				rc |= gg_buf_printf(&e, " It came while the model's weights were being read, before any step: each rank on the node reads its own full copy of them into RAM.");
				rc |= gg_buf_printf(&x, "%sRead the weights once per node or straight to where they belong: `low_cpu_mem_usage=True` or a `device_map`, memory-mapped safetensors, loading on one rank and broadcasting (the meta device, FSDP's `sync_module_states=True`, accelerate's `cpu_ram_efficient_loading`), in the precision you run in; or run fewer ranks per node.",
						    check);
				break;
			}
			if (ranks)
				rc |= gg_buf_printf(&x, "%sUse less host memory per rank: fewer DataLoader workers, datasets memory-mapped instead of loaded whole in every rank, no tensors kept on the CPU across steps; or run fewer ranks per node.",
						    check);
			else
				rc |= gg_buf_printf(&x, "%sUse less host memory: fewer DataLoader workers, datasets memory-mapped instead of loaded whole, no outputs or tensors kept on the CPU across steps; or give the process more RAM (a container's or job's memory limit, swap).",
						    check);
			break;
		}
		if (d->serving != GG_SERVING_NONE) {
			rc |= explain_serving(&e, &x, d);
			break;
		}
		rc |= gg_buf_printf(&e, "Out of %s.", dev);
		rc |= explain_where(&e, d, "failed");
		/* The numbers or the form decide it when they can; the two-branch advice is for when nothing does. */
		if (explain_cause(&e, &x, d, era, version, &rc))
			break;
		const char *lib = explain_handle_alloc_failed(d);
		if (lib) {
			/* Where the library failed to start, the device was full before it, or an earlier error surfaces late. */
			rc |= gg_buf_printf(&e, " %s could not allocate its handle, which it creates at its first call in the process (or thread): the GPU was already full when it started (other processes, or memory this process took before), or an earlier asynchronous CUDA error is reported here, at a later call (most often a device-side assert from an index out of range: token or position ids beyond an embedding's size, labels beyond the number of classes).",
					    lib);
			rc |= gg_buf_printf(&x, "Check what holds the GPU with `%s` before and during the run, and rerun with `CUDA_LAUNCH_BLOCKING=1` so that the error is reported at the call that really failed. A device full from the start needs freeing, or another one (`CUDA_VISIBLE_DEVICES`); no_grad or a smaller batch is not the first thing to try here.",
					    explain_smi(d));
			break;
		}
		if (explain_graph_capture(tb)) {
			/*
			 * CUDA graphs are captured once, at start-up, for each batch size
			 * to replay: their memory pools come on top of the weights and
			 * whatever else the process set aside, not from a batch too large.
			 */
			rc |= gg_buf_printf(&e, " It happened while a CUDA graph was being captured (torch.cuda.graph): graphs are recorded once, at start-up, each with its own memory pool, on top of the weights and of whatever the process has already set aside for later (a serving engine's cache), before any request runs.");
			rc |= gg_buf_printf(&x, "Leave headroom for the capture: if a serving engine reserves a fraction of the GPU for its cache, lower that fraction (or its maximum sequence count and length); capture fewer or smaller batch sizes, or skip capture (eager mode) to confirm. no_grad and the batch of requests do not change this step.");
			break;
		}
		if (d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_CUDA_CODE_2) == 0) {
			/*
			 * A compiled extension's own CUDA check gives only the number:
			 * its kernels' buffers are sized by what it is handed (points,
			 * voxels, pixels), which one batch per GPU already holds.
			 */
			rc |= explain_no_frames(&e, d);
			rc |= gg_buf_printf(&e, " The message gives only CUDA's error number: 2 is cudaErrorMemoryAllocation (out of memory), raised by a check of a CUDA call (most often a compiled extension's own, in its .cu source), so that kernel's buffers did not fit beside what the process already held.");
			rc |= gg_buf_printf(&x, "Give that step less at once: fewer points or voxels (a smaller range, a coarser grid), a lower resolution, fewer items per GPU; or run on a GPU with more memory. Check with `%s` that nothing else holds the device.",
					    explain_smi(d));
			break;
		}
		if (d->oom.device == GG_OOM_DEVICE_CPU && tb->len && !d->model_runs) {
			/* Frames and no model among them: the data is being read or converted, and its size is what to change. */
			rc |= gg_buf_printf(&e, " No model runs on this path: the data being prepared is larger than the machine's RAM (and swap).");
			rc |= gg_buf_printf(&x, "Make the input smaller where it is loaded or converted: resize or crop it, take fewer frames or items at once, or convert it in chunks (a float32 copy of 8-bit images or video takes four times their size). Neither no_grad nor the model's batch size changes this step; `free -h` shows what the machine has.");
			break;
		}
		/* A traceback under the message, cut right after its header: it was there, its frames are not. */
		rc |= tb->len && !explain_placed(d) ? gg_buf_printf(&e, " The frames do not say whether this was training or evaluation.")
		      : tb->len			   ? gg_buf_printf(&e, " Nothing in the paste says whether this was training or evaluation.")
						   : explain_no_frames(&e, d);
		if (d->oom.device == GG_OOM_DEVICE_CPU)
			rc |= gg_buf_printf(&e, " It is the machine's RAM (and swap) that ran out, not a GPU's.");
		/*
		 * One piece of advice for both phases, in the words of the log's
		 * PyTorch and device: a smaller batch helps inference as much as
		 * training; no_grad only the one, gradient accumulation and
		 * checkpointing only the other.
		 */
		/* A whole-table product fails the same in any phase: its rows, not the batch, are what to cut. */
		if (pairwise && tb->len)
			rc |= explain_pairwise_fix(&x);
		if (d->cause == GG_CAUSE_LARGE_REQUEST && d->oom.total < 0) {
			/* One request of gigabytes, no capacity printed (cause.c): that item's size is the fix, not the batch. */
			const gg_tb_frame *lf = tb->len ? &tb->frames[tb->len - 1] : NULL;
			bool attention = cf && cf->code &&
					 (strstr(cf->code, "scaled_dot_product_attention") || strstr(cf->code, "attention(") || strstr(cf->code, "attn("));
			for (size_t i = 0; i < tb->len && !attention; i++)
				attention = strstr(tb->frames[i].function, "attention") != NULL;
			rc |= gg_buf_printf(&e, " One request of %.2f GiB: a single tensor that large is one step's item, whatever the device.",
					    d->oom.tried / 1073741824.0);
			if (attention) {
				rc |= gg_buf_printf(&e, " It is asked for in attention: the full score matrix (sequence × sequence per head), which memory-efficient attention never builds.");
				rc |= gg_buf_printf(&x, "Use a memory-efficient attention backend (flash or memory-efficient SDPA, xformers), which needs a GPU and dtype it supports (fp16/bf16; flash attention needs Ampere or newer), or a shorter sequence (fewer tokens, frames or a lower resolution), or attention in chunks. A smaller batch does not shrink one item's matrix. ");
			} else
				rc |= gg_buf_printf(&x, "Make that item smaller: a lower resolution, fewer frames or a shorter sequence, or process it in tiles or chunks%s. ",
						    lf && lf->code ? " at the failing line" : "");
		} else if (explain_mps_budget(&d->oom))
			/* MPS's cap is most of the Mac's memory: a smaller model or input is the fix, the watermark a risk. */
			rc |= gg_buf_printf(&x, "Make the work smaller: a smaller or lower-precision model (a quantized or fp16 variant), a lower resolution or shorter input, the application's low-memory or tiled mode. ");
		else if (explain_large_request(&d->oom)) {
			/* Apps that fail this way run one item at a time: the item's size is what can change. */
			if (d->cause == GG_CAUSE_LARGE_REQUEST)
				rc |= gg_buf_printf(&e, " One request is %.0f%% of the device and more than was free: one step's tensor is a large share of it.",
						    100.0 * d->oom.tried / d->oom.total);
			rc |= gg_buf_printf(&x, "Make the input smaller: one request is %.0f%% of the device, a single item's size (a lower resolution, a shorter audio or sequence, tiles or chunks, the application's tiled mode) before the batch",
					    100.0 * d->oom.tried / d->oom.total);
			/* On a small card an item this large may simply not fit beside the model: a larger card is the other way out. */
			rc |= d->oom.total <= EXPLAIN_SMALL_CARD ? gg_buf_printf(&x, "; or run on a GPU with more memory, since a %.2f GiB card leaves little room for a step this large. ", d->oom.total / 1073741824.0)
								 : gg_buf_printf(&x, ". ");
			/*
			 * No frame says what the tensor is: in evaluation the commonest one
			 * this large is every batch's outputs joined. Not where a source
			 * line pasted above the error shows what it is.
			 */
			if (!tb->len && d->cause == GG_CAUSE_LARGE_REQUEST && !(tb->has_exception && explain_code_above(facts, tb->exc.at.line)))
				rc |= gg_buf_printf(&x, "If this was an evaluation, a request this large is often the outputs of every batch kept on the GPU and joined at the end (the whole set's logits): move each batch's outputs to the CPU, or with Hugging Face's Trainer set `eval_accumulation_steps` and reduce the logits with `preprocess_logits_for_metrics`. ");
			/* The free and the cached memory together would hold it (cause.c): the cache is in pieces, the allocator's setting may help. */
			const gg_oom_info *m = &d->oom;
			if (m->reserved_unallocated > 0 && m->reserved_unallocated < m->tried && m->free >= 0 && m->tried > m->free &&
			    m->free + m->reserved_unallocated >= 1.1 * m->tried && m->reserved_unallocated >= 0.25 * m->tried && !facts->expandable_segments)
				rc |= explain_fragmentation_fix(&x, d, era, version);
		}
		/*
		 * A GPU's line with no figures and no frames (a message quoted in
		 * prose, cut after its request): nothing tells a batch too large
		 * from a model that fills the device, or a pipeline that put all
		 * its parts on one of several GPUs, so both go first, side by side.
		 */
		bool blind = !tb->len && era != ERA_PRE_0_4 && era != ERA_THC && d->oom.total < 0 && d->oom.allocated < 0 && d->oom.free < 0 &&
			     d->oom.reserved < 0 && d->oom.process_in_use < 0 &&
			     (d->oom.device == GG_OOM_DEVICE_CUDA || d->oom.device == GG_OOM_DEVICE_HIP) &&
			     !explain_large_request(&d->oom) && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_NVML_REPORT) != 0;
		/*
		 * Raised under torch.cuda's lazy initialisation (_lazy_init, or
		 * _lazy_new, which removes itself after the process's first CUDA
		 * tensor): the first allocation, when CUDA creates its context,
		 * so no tensor of the run's was there to fill the device. Error 2
		 * there is CUDA failing to start: a build without kernels for this
		 * GPU's architecture, a driver older than the build's CUDA, or a
		 * small GPU the display already fills.
		 */
		bool lazy_first = false;
		for (size_t i = 0; i < tb->len && !lazy_first; i++)
			lazy_first = gg_phase_is_library(tb->frames[i].filename) &&
				     (strstr(tb->frames[i].filename, "torch/cuda/__init__.py") || strstr(tb->frames[i].filename, "torch\\cuda\\__init__.py")) &&
				     (strcmp(tb->frames[i].function, "_lazy_new") == 0 || strcmp(tb->frames[i].function, "_lazy_init") == 0);
		if (lazy_first && (d->oom.device == GG_OOM_DEVICE_CUDA || d->oom.device == GG_OOM_DEVICE_HIP)) {
			rc |= gg_buf_printf(&e, " It was raised under torch.cuda's lazy initialisation, at the process's first CUDA allocation, when CUDA creates its context: no tensor of the run's was there yet, so this is CUDA failing to start on this GPU rather than memory running short (an unsupported architecture for this build, a driver older than its CUDA, or a small GPU the display already fills).");
			rc |= gg_buf_printf(&x, "Check that this PyTorch build supports the GPU (`torch.cuda.get_device_capability()` against the architectures it was built for, `torch.cuda.get_arch_list()` on newer versions), that the driver is at least the one its CUDA version needs (`nvidia-smi`), and that CUDA's own samples (deviceQuery) run; reinstall a build for this GPU and CUDA. A smaller batch or freeing memory does not change a failure at the first allocation.");
		} else if (era == ERA_PRE_0_4)
			rc |= gg_buf_printf(&x, "Lower the batch size (in training too). If this is evaluation or inference, also create its inputs with `Variable(x, volatile=True)` (this PyTorch, 0.3 or older, has no torch.no_grad).");
		else if (d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_NCCL) == 0) {
			/* NCCL's buffers come after the model and optimizer are placed: what they left is what ran out. */
			rc |= gg_buf_printf(&e, " NCCL could not allocate its own buffers on the device (its CUDA call failed with error 2, out of memory): the model, its optimizer state and this rank's other tensors had already filled the GPU when the communicator was set up or grew a channel.");
			rc |= gg_buf_printf(&x, "Leave room for NCCL: put less of the model and its optimizer state on each GPU (more sharding or tensor/pipeline parallelism, optimizer offload, a smaller micro-batch), or make NCCL's buffers smaller (`NCCL_BUFFSIZE`, fewer channels with `NCCL_MAX_NCHANNELS`); check with `%s` that nothing else holds the devices. no_grad does not apply.",
					    explain_smi(d));
		} else if (d->runtime_call) {
			/* A stream or device switch ran out (see classify.c): the room is gone outside the allocator, not in this step's tensors. */
			rc |= gg_buf_printf(&e, " It was raised by a switch of CUDA stream or device, a runtime call that allocates no tensor: the CUDA runtime itself found no room (a context or its own workspace on that device), so the device was already full outside this process's caching allocator: a serving engine's memory pool reserved up front, other processes, or every worker's context landing on one GPU.");
			rc |= gg_buf_printf(&x, "Check with `%s` what holds the device. A serving engine that reserves a share of the GPU at start (its GPU memory utilisation or static memory fraction) leaves only the rest for CUDA's own needs: lower that share to leave a GiB or two free. Give each worker its own device (`CUDA_VISIBLE_DEVICES`, or `torch.cuda.set_device` before any CUDA call) and stop other processes on it. A smaller batch does not change this call.",
					    explain_smi(d));
		} else if (blind && strcmp(d->oom.form, "CUDA error: out of memory") == 0) {
			/*
			 * The driver's error, not the caching allocator's (which
			 * gives figures): the runtime itself found no room, most
			 * often on a device already full before this run's tensors
			 * came (another process, or not the device meant). That
			 * is checked first; the two readings of the run's own after.
			 */
			rc |= gg_buf_printf(&e, " `CUDA error: out of memory` is the driver's error, not the caching allocator's message: the CUDA runtime itself found no room (its context, a library's workspace, a copy), which most often means the device was already full (another process) or was not the device meant.");
			rc |= gg_buf_printf(&x, "First check with `%s` what else holds the device (other processes), and that `CUDA_VISIBLE_DEVICES` (or the device index passed) selects a free one. Then the line alone does not say what filled it: the batch or the model itself. Lower the batch size (fewer items at once), or make the model's share of this device smaller (a smaller or quantized model, part of it offloaded to the CPU, its parts spread over several GPUs). If this is evaluation or inference, also run it under `with torch.no_grad():`.",
					    explain_smi(d));
		} else if (d->cause == GG_CAUSE_LARGE_REQUEST && d->oom.total < 0)
			/* The item's size was said first; the batch would not shrink it. */
			rc |= gg_buf_printf(&x, "If this is evaluation or inference, also run it under `with torch.no_grad():`.");
		else if (blind)
			rc |= gg_buf_printf(&x, "The line alone does not say what filled the device: the batch or the model itself. Lower the batch size (in evaluation or inference fewer items at once, in training the same effective batch with gradient accumulation), or make the model's share of this device smaller: a smaller or quantized model, part of it offloaded to the CPU, or, over several GPUs, its parts spread so that this one does not hold them all (`device_map`, the pipeline's parallel degree); `%s` while it runs shows which device fills. If this is evaluation or inference, also run it under `with torch.no_grad():`; if it is training, mixed precision or activation checkpointing save memory too.",
					    explain_smi(d));
		else
			rc |= gg_buf_printf(&x, "Lower the batch size: in evaluation or inference process fewer items at once, in training keep the effective batch with gradient accumulation. If this is evaluation or inference, also run it under `with torch.no_grad():`%s; if it is training, %s.",
					    era == ERA_THC ? " (`Variable(x, volatile=True)` on 0.3 or older)" : "",
					    d->oom.device == GG_OOM_DEVICE_CPU ? "activation checkpointing saves RAM too"
									       : "mixed precision or activation checkpointing save memory too");
		if (d->oom.device == GG_OOM_DEVICE_CPU)
			rc |= gg_buf_printf(&x, " `free -h` shows what the machine has left; data memory-mapped or loaded lazily instead of whole also frees RAM.");
		if (d->oom.device == GG_OOM_DEVICE_MPS)
			rc |= gg_buf_printf(&x, " On MPS the cap is PYTORCH_MPS_HIGH_WATERMARK_RATIO (a share of the Mac's unified memory), read when PyTorch starts: set it in the shell before launching Python, not in the script; 0.0 removes the cap at the risk of swapping the whole system.");
		else if (d->oom.device == GG_OOM_DEVICE_XPU)
			rc |= gg_buf_printf(&x, " `xpu-smi stats -d 0` shows the Intel GPU's memory; a single allocation over 4 GiB needs the driver's relaxed allocation limits on many Intel GPUs.");
		else if (d->oom.device == GG_OOM_DEVICE_HIP)
			rc |= gg_buf_printf(&x, " `rocm-smi --showmeminfo vram` shows the AMD GPU's memory; allocator settings go in PYTORCH_HIP_ALLOC_CONF.");
		else if (d->oom.device == GG_OOM_DEVICE_NPU)
			/* Ascend's tools and its allocator's variable, and the multi-device way out large models take there. */
			rc |= gg_buf_printf(&x, " `npu-smi info` shows the NPU's memory and who holds it; allocator settings go in PYTORCH_NPU_ALLOC_CONF. A model too large for its share of the NPUs needs it split further: ZeRO-3 or FSDP (with offload), more NPUs, or a shorter sequence.");
		break;
	case GG_DX_INCOMPLETE:
		if (gg_classify_worker_exit_cut(d)) {
			/* The signal decides: the OOM killer's, /dev/shm's, or a native crash's (oom.c, above). */
			rc |= gg_buf_printf(&e, "A DataLoader worker died without a Python error, and the paste stops short of the error this was raised from, which names the signal that ended it: \"killed by signal: Killed\" is the kernel's OOM killer (host RAM, the usual one), \"Bus error\" shared memory (/dev/shm) too small, \"Segmentation fault\" or \"Aborted\" a crash in native code in the worker.");
			rc |= gg_buf_printf(&x, "Paste the traceback above this one (\"The above exception was the direct cause ...\"), or rerun with `num_workers=0`, where the dataset's own error shows. Meanwhile `dmesg | grep -i oom` tells an OOM kill, `df -h /dev/shm` the shared memory; fewer workers and smaller batches per worker relieve both.");
			break;
		}
		if (d->chain->from_summary && tb->len == 0 && facts->root_exitcode < 0) {
			/*
			 * A signal leaves no Python traceback to paste: what the
			 * reader needs is that rank's last lines, and which signal
			 * says where to look (SIGABRT: NCCL's watchdog after a
			 * collective hung, or a C++ abort; SIGSEGV: native code).
			 */
			long sig = -facts->root_exitcode;
			rc |= gg_buf_printf(&e, "torchrun's summary says rank %d failed first, stopped by signal %ld%s with no Python traceback, and what led to it is not in the paste.",
					    d->rank, sig, sig == 7 ? " (SIGBUS)" : sig == 6 ? " (SIGABRT)" : sig == 11 ? " (SIGSEGV)" : sig == 15 ? " (SIGTERM)" : "");
			if (sig == 7)
				rc |= gg_buf_printf(&e, " SIGBUS is most often shared memory (/dev/shm) running out in a container: DataLoader workers and NCCL pass tensors through it, and Docker gives it 64 MiB by default; else a memory-mapped file that shrank or sits on a failing disk.");
			else if (sig == 6)
				rc |= gg_buf_printf(&e, " SIGABRT after a long run is most often NCCL's watchdog aborting the process when a collective waited its whole timeout (a rank hung, or one rank alone ran evaluation or saving while the others waited); else a C++ abort in an extension.");
			else if (sig == 11)
				rc |= gg_buf_printf(&e, " SIGSEGV is a crash in native code (an extension, a driver, a library built for another version), not a memory shortage.");
			if (sig == 7)
				rc |= gg_buf_printf(&x, "Check `df -h /dev/shm` where it runs: in Docker start the container with a larger --shm-size (or --ipc=host), in Kubernetes mount an emptyDir with medium Memory on /dev/shm; meanwhile DataLoader(num_workers=0) or NCCL_SHM_DISABLE=1 tells whether that is it. ");
			rc |= gg_buf_printf(&x, "Paste rank %d's own last lines above the summary (prefixed with [rank%d]: when the launcher tags them): a watchdog's `Watchdog caught collective operation timeout` line, a C++ `terminate called` or an error before the signal tells what stopped it. With NCCL_DEBUG=INFO and TORCH_DISTRIBUTED_DEBUG=DETAIL the ranks say which collective each entered last.",
					    d->rank, d->rank);
			break;
		}
		if (d->chain->from_summary && tb->len == 0 && d->rank < 0) {
			/* Cut before the root cause's rank: the summary says only that workers failed. */
			rc |= gg_buf_printf(&e, "torchrun's failure summary says a worker failed, but the paste stops before its \"Root Cause\" names the rank that failed first and before anything that rank raised, so what failed cannot be told from it.");
			rc |= gg_buf_printf(&x, "Paste the rest of the summary (its \"Root Cause\" section: rank, exitcode, traceback) and that rank's own traceback, earlier in the log (prefixed with [rankN]: when the launcher tags them). An exitcode of 1 is a Python exception in the worker; -9 means the kernel's OOM killer (host RAM).");
			break;
		}
		if (d->chain->from_summary && tb->len == 0 && (facts->root_error_file || facts->root_traceback)) {
			/*
			 * The entry point is decorated with @record already: the
			 * summary carries the rank's traceback (its "traceback :"
			 * field) and names the file torchrun wrote it to.
			 */
			rc |= gg_buf_printf(&e, "torchrun's summary says rank %d failed first (exit code %ld)%s, but the paste stops before what it raised.",
					    d->rank, facts->root_exitcode,
					    facts->root_traceback ? " and prints its traceback in the summary's \"traceback :\" field" : "");
			rc |= gg_buf_printf(&x, "Paste the rest of the summary's \"traceback :\" field down to its exception line, or the error file its \"error_file:\" line names (a JSON record with the rank's message and traceback): the entry point is already decorated with @record, which is why the summary holds it.");
			break;
		}
		if (d->chain->from_summary && tb->len == 0) {
			rc |= gg_buf_printf(&e, "torchrun's summary says rank %d failed first (exit code %ld), but what it raised is not in the paste.",
					    d->rank, facts->root_exitcode);
			rc |= gg_buf_printf(&x, "Paste that rank's own traceback: it is earlier in the log, its lines prefixed with [rank%d]:. Decorating the entry point with torch.distributed.elastic.multiprocessing.errors.record makes torchrun print it in the summary.",
					    d->rank);
			break;
		}
		if (tb->has_exception && explain_exit_ntstatus(&tb->exc)) {
			/*
			 * The child crashed in native code (an NTSTATUS) and said
			 * nothing the paste holds. An access violation while a large
			 * model loads or trains is often the host's memory: Windows'
			 * commit limit (the page file) refusing a native allocation
			 * that was then used unchecked. Possible, not shown: said at
			 * low, first among the checks because it is the cheapest.
			 */
			unsigned long v = (unsigned long)explain_exit_status(tb->exc.message);
			rc |= gg_buf_printf(&e, "A launcher reports that the child it ran crashed with exit status %lu (0x%lX, Windows' %s), but the child's own output, printed above the launcher's traceback, is not in the paste: what failed cannot be told from it.",
					    v, v, explain_ntstatus_name(v));
			if (v == 0xC0000005UL)
				rc |= gg_buf_printf(&e, " With a large model this is often the host's memory running out (RAM and the page file), not the GPU's; the paste does not show it (low confidence).");
			rc |= gg_buf_printf(&x, "Paste the child's own output above the launcher's lines (its last messages, a traceback if it printed one). Meanwhile check the host's memory while it runs (Task Manager's committed memory against its limit) and enlarge the Windows page file; then update or reinstall the native extensions that must match PyTorch, CUDA and the driver (xformers, bitsandbytes, custom kernels) and the driver itself.");
			break;
		}
		if (tb->has_exception && strstr(tb->exc.type, "CalledProcessError")) {
			long st = explain_exit_status(tb->exc.message);
			if (st)
				rc |= gg_buf_printf(&e, "A launcher reports that the child it ran exited with an error (exit status %ld), but the child's own error, printed above the launcher's traceback, is not in the paste: what failed cannot be told from it.",
						    st);
			else
				rc |= gg_buf_printf(&e, "A launcher reports that the child it ran failed, but its message is cut inside the child's command, before the exit status, and the child's own error, printed above the launcher's traceback, is not in the paste: what failed cannot be told from it.");
			if (d->phase == GG_PHASE_TRAINING)
				rc |= gg_buf_printf(&e, " The log shows training running when it happened.");
			rc |= gg_buf_printf(&x, "Paste the child's own traceback, above the launcher's lines (`Traceback (most recent call last):` and the exception line under it): for a memory error, `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ...` with the numbers.");
			break;
		}
		if (d->chain->from_listing) {
			rc |= gg_buf_printf(&e, "The paste is XLA's listing of the largest allocations in a program it compiled (sizes, shapes, padding, the operation's label), which XLA prints under its out-of-memory error (`RESOURCE_EXHAUSTED: ... Ran out of memory in memory space hbm` or `vmem`); that error line is above where the paste starts, so which memory ran out and by how much cannot be told from it. Entries that padding expands many times over, or of allocation type scoped, point at one fused operation's on-chip scratch rather than the batch.");
			rc |= gg_buf_printf(&x, "Paste the error line above the listing (`RESOURCE_EXHAUSTED` with its \"Ran out of memory in memory space ...\" and the figures used and available): memory space hbm is the device's memory (batch, sequence length, model sharding), vmem a core's scratch for one fused kernel (a shape whose padding blows up: pad or reshape that dimension, or a smaller block of that operation).");
			break;
		}
		if (d->chain->from_cut && facts->last_exc_cut) {
			rc |= gg_buf_printf(&e, "The paste ends inside its exception line: the message stops in the words of an out-of-memory error, before the part that says which (the signal that killed a DataLoader worker, the device and the figures), so what failed cannot be told for sure.");
			rc |= gg_buf_printf(&x, "Paste the whole line, and the traceback above it: a DataLoader worker `killed by signal: Killed` is the kernel's OOM killer (host RAM: `dmesg | grep -i oom` tells), `Bus error` its shared memory (/dev/shm); a device's out-of-memory message goes on with the figures that say what filled it.");
			break;
		}
		if (d->chain->from_cut) {
			rc |= gg_buf_printf(&e, "The paste is a run's output (its launcher's or libraries' log lines) that ends cut inside its last line, with no error line above it: what stopped the run is below where the paste ends, so what failed cannot be told from it.");
			if (d->phase == GG_PHASE_TRAINING)
				rc |= gg_buf_printf(&e, " The log shows training running when it happened.");
			else if (d->phase == GG_PHASE_EVALUATION)
				rc |= gg_buf_printf(&e, " The log shows an evaluation running when it happened.");
			else if (d->phase == GG_PHASE_LOADING)
				/* Weights are read into the machine's RAM before they reach a device: a silent death there is usually the OOM killer. */
				rc |= gg_buf_printf(&e, " The log shows the model being loaded when it happened: a worker that dies while loading, with no Python error, was most often killed for the machine's RAM (the weights pass through host memory, once per process), so check `free -h` and `dmesg | grep -i oom` (in a container or a VM, its memory limit).");
			rc |= gg_buf_printf(&x, "Paste the log to its end: the failing rank's traceback down to its exception line (for a memory error, `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ...` with the numbers), or the launcher's line with the worker's exit code. An exit code of -9 there, with no traceback, means the kernel's OOM killer (host RAM: `dmesg | grep -i oom` tells).");
			break;
		}
		if (d->chain->from_worker_crash) {
			rc |= gg_buf_printf(&e, "A pytest-xdist test worker died without a Python error: a crash in native code (a segmentation fault, an abort) or a kill (the kernel's OOM killer sends SIGKILL), and the paste does not say which.");
			rc |= gg_buf_printf(&x, "Run the test it was running alone, without xdist (`pytest -p no:xdist %s%s%s`), to see how it ends: \"Killed\" (and `dmesg | grep -i 'killed process'`) is the OOM killer, host RAM; \"Segmentation fault\" or \"Aborted\" is a crash in native code, not memory.",
					    facts->worker_crash_test ? "'" : "", facts->worker_crash_test ? facts->worker_crash_test : "TEST",
					    facts->worker_crash_test ? "'" : "");
			break;
		}
		if (d->chain->from_launcher && facts->mpirun_first_line) {
			rc |= gg_buf_printf(&e, "mpirun says rank %d was the first process to exit with a non-zero code (%ld), but what it raised is not in the paste%s.",
					    d->rank, facts->launcher_exitcode,
					    facts->launcher_exitcode == 1 ? ": an exit code of 1 is a Python exception in that process, not a kill" : "");
			rc |= gg_buf_printf(&x, "Paste that rank's own traceback, above mpirun's lines (prefixed with [1,%d]<stderr>: when mpirun runs with --tag-output): its exception line decides the diagnosis.",
					    d->rank);
			break;
		}
		if (d->chain->from_launcher) {
			rc |= gg_buf_printf(&e, "torchrun's agent says local rank %d failed with exit code %ld, but what it raised is not in the paste%s.",
					    d->rank, facts->launcher_exitcode,
					    facts->launcher_exitcode == 1 ? ": an exit code of 1 is a Python exception in the worker, not a kill" : "");
			rc |= gg_buf_printf(&x, "Paste that rank's own traceback, above the agent's line (prefixed with [rank%d]: when the launcher tags its lines): its exception line decides the diagnosis. Decorating the entry point with torch.distributed.elastic.multiprocessing.errors.record makes torchrun print it in its summary.",
					    d->rank);
			break;
		}
		if (d->chain->from_stop && !facts->stopped_line && !facts->killing_line) {
			rc |= gg_buf_printf(&e, "mpirun aborted the job because one of its processes exited with a non-zero code, but that process's own error, printed above mpirun's banner, is not in the paste: what failed cannot be told from it.");
			rc |= gg_buf_printf(&x, "Paste the failing process's own traceback, above mpirun's lines (with --tag-output each line carries its rank, `[1,R]<stderr>:`), and mpirun's report below the banner (\"The first process to do so was: Process name ... Exit code: N\"): an exit code of 137, or \"exited on signal 9 (Killed)\", is the kernel's OOM killer (host RAM).");
			break;
		}
		if (d->chain->from_stop) {
			/* torchrun's agent (its SIGTERM lines), else DeepSpeed's launcher (its "Killing subprocess" lines). */
			bool torchrun = facts->stopped_line != 0;
			rc |= gg_buf_printf(&e, "%s", torchrun ? "torchrun's agent is stopping its workers (SIGTERM), which it does after one of them failed, but the paste ends before that worker's error and the agent's line naming its rank and exit code."
							       : "DeepSpeed's launcher is killing its processes, which it does after one of them exited with an error, but the paste ends before that process's error and the launcher's line giving its exit code.");
			if (d->phase == GG_PHASE_EVALUATION)
				rc |= gg_buf_printf(&e, " The log shows an evaluation running when it happened.");
			rc |= gg_buf_printf(&x, "%s", torchrun ? "Paste the log further down (the agent's `failed (exitcode: N) local_rank: R` line and the summary's \"Root Cause\") and the failing rank's own traceback, above these lines with its [rankR]: prefix: its exception line decides the diagnosis. An exitcode of -9 means the kernel's OOM killer (host RAM)."
							       : "Paste the log further down (the launcher's `exits with return code = N` line) and the failing process's own traceback, above these lines: its exception line decides the diagnosis. A return code of -9 means the kernel's OOM killer (host RAM): `dmesg | grep -i 'killed process'` confirms it.");
			break;
		}
		/*
		 * The same, the worker stopped by a signal other than the OOM
		 * killer's: the signal says where to look. SIGBUS in a
		 * container is most often /dev/shm too small for what DataLoader
		 * workers or NCCL put there, not the machine's RAM.
		 */
		if (!cf && !tb->has_exception && facts->launcher_rank >= 0 && facts->launcher_exitcode < 0 &&
		    facts->launcher_exitcode != -9 && tb->len > 0 && gg_phase_is_console_script(tb->frames[0].filename)) {
			long sig = -facts->launcher_exitcode;
			rc |= gg_buf_printf(&e, "The launcher says rank %d exited with code %ld, stopped by signal %ld%s with no Python traceback, and the paste holds only the launcher's own traceback, cut before its ChildFailedError. It is not the kernel's OOM killer, which sends SIGKILL (-9).",
					    facts->launcher_rank, facts->launcher_exitcode, sig,
					    sig == 7 ? " (SIGBUS)" : sig == 6 ? " (SIGABRT)" : sig == 11 ? " (SIGSEGV)" : sig == 15 ? " (SIGTERM)" : "");
			if (sig == 7)
				rc |= gg_buf_printf(&e, " SIGBUS is most often shared memory (/dev/shm) running out in a container: DataLoader workers and NCCL pass tensors through it, and Docker gives it 64 MiB by default; else a memory-mapped file that shrank or sits on a failing disk.");
			else if (sig == 6)
				rc |= gg_buf_printf(&e, " SIGABRT is most often NCCL's watchdog aborting the process after a collective waited its whole timeout, or a C++ abort in an extension.");
			else if (sig == 11)
				rc |= gg_buf_printf(&e, " SIGSEGV is a crash in native code (an extension, a driver, a library built for another version), not a memory shortage.");
			if (sig == 7)
				rc |= gg_buf_printf(&x, "Check `df -h /dev/shm` where it runs: in Docker start the container with a larger --shm-size (or --ipc=host), in Kubernetes mount an emptyDir with medium Memory on /dev/shm; meanwhile DataLoader(num_workers=0) or NCCL_SHM_DISABLE=1 tells whether that is it. ");
			rc |= gg_buf_printf(&x, "Paste rank %d's own last lines above the launcher's (prefixed with [rank%d]: when the launcher tags them): an error printed before the signal tells what stopped it.",
					    facts->launcher_rank, facts->launcher_rank);
			break;
		}
		/* The launcher's own frames, cut, under its line for a worker that exited with an error. */
		if (!cf && !tb->has_exception && facts->launcher_rank >= 0 && facts->launcher_exitcode > 0 && tb->len > 0 &&
		    gg_phase_is_console_script(tb->frames[0].filename)) {
			rc |= gg_buf_printf(&e, "The launcher says rank %d exited with code %ld, and the paste holds only the launcher's own traceback, cut before its ChildFailedError: exit code %ld is a Python exception in the worker, not a kill (the OOM killer's is -9).",
					    facts->launcher_rank, facts->launcher_exitcode, facts->launcher_exitcode);
			rc |= gg_buf_printf(&x, "Paste the worker's own traceback, earlier in the log under its rank (its lines prefixed with [rank%d]: when the launcher tags them), or the summary's \"Root Cause\" section below this traceback: its exception line decides the diagnosis.",
					    facts->launcher_rank);
			break;
		}
		if (tb->has_exception && strstr(tb->exc.type, "ChildFailedError")) {
			rc |= gg_buf_printf(&e, "torchrun reports that a worker failed, but the paste stops before the summary's \"Root Cause\" section, so which rank failed and what it raised cannot be told from it.");
			rc |= gg_buf_printf(&x, "Paste the rest of the summary (its \"Root Cause\" section: rank, exitcode, traceback) and the failing rank's own traceback, earlier in the log with its [rankN]: prefix. An exitcode of -9 there means the kernel's OOM killer (host RAM).");
			break;
		}
		if (d->chain->original_cut) {
			bool pinned = strstr(tb->exc.message, "pin memory thread") != NULL;
			rc |= gg_buf_printf(&e, "%s reraised an error, and the paste stops inside its original traceback, so what failed cannot be told from it.",
					    pinned ? "The DataLoader's pin-memory thread" : "A DataLoader worker");
			if (cf)
				rc |= gg_buf_printf(&e, " It surfaced in %s() at %s:%u%s%s%s, while fetching a batch: no model runs on this path.",
						    cf->function[0] ? cf->function : "<module>", gg_tb_frame_file(cf), cf->line, cf->code ? ": `" : "",
						    cf->code ? cf->code : "", cf->code ? "`" : "");
			rc |= gg_buf_printf(&x, "Paste the original traceback down to its exception line.");
			if (pinned)
				rc |= gg_buf_printf(&x, " The failure is in copying a batch into pinned (page-locked) host memory, not in the model, so no_grad would not change it; if the message says out of memory, set `pin_memory=False` on the DataLoader (or lower num_workers and prefetch_factor), and check the host's free RAM.");
			break;
		}
		if (tb->has_exception && !tb->len && !tb->exc.type[0] && strncmp(tb->exc.message, "Exception raised from ", 22) == 0)
			/* c10's location line alone: the paste starts below the error's own line, not in it. */
			rc |= gg_buf_printf(&e, "The paste starts at c10's location line under a C++ error, below the error's own line, so what failed cannot be told from it: that line follows every error c10 checks, out-of-memory included.");
		else
			rc |= gg_buf_printf(&e, "The paste stops %s, so what failed cannot be told from it.",
					    tb->has_exception ? "inside the exception message" : "before its exception line");
		if (d->chain->prose_above)
			rc |= gg_buf_printf(&e, " The sentence above the frames says it ran out of memory: if so, the frames show where, and the message's own figures (how much was asked, how much this process held) say why.");
		if (cf && explain_entry_only(tb, cf))
			rc |= gg_buf_printf(&e, " Its only frame is the script's entry line, %s:%u (`%s`): where it failed is below the cut, not on that line.",
					    gg_tb_frame_file(cf), cf->line, cf->code);
		else if (cf)
			rc |= gg_buf_printf(&e, " The frame of your code to look at is %s%s at %s:%u%s%s%s.", cf->function[0] ? cf->function : cf->notebook ? "the cell" : "cut before its function's name",
					    cf->function[0] ? "()" : "", gg_tb_frame_file(cf), cf->line, cf->code ? ": `" : "", cf->code ? cf->code : "", cf->code ? "`" : "");
		if (d->phase != GG_PHASE_UNKNOWN)
			rc |= gg_buf_printf(&e, " The frames show %s.", d->phase == GG_PHASE_EVALUATION ? "evaluation" : d->phase == GG_PHASE_TRAINING ? "training" : "model loading");
		if (gg_explain_assert_above(d, facts)) {
			/* The device printed its assertion before the host raised: that is what the cut traceback was raising. */
			rc |= gg_buf_printf(&e, " Above it, log line %llu is a CUDA kernel's device-side assertion: the error this traceback was raising is most likely `CUDA error: device-side assert triggered`, not memory, and a later CUBLAS or CUDA error would only follow from it.",
					    (unsigned long long)facts->device_assert_line);
			rc |= explain_kernel_failure(&e, &x, true, facts->device_assert, NULL);
			rc |= gg_buf_printf(&x, " Pasting the traceback down to its exception line confirms it.");
			break;
		}
		if (tb->has_exception && !tb->len && !tb->exc.type[0] && strncmp(tb->exc.message, "Exception raised from ", 22) == 0) {
			rc |= gg_buf_printf(&x, "Paste the lines above it: the `what():` or `CUDA error: ...` line and the Python traceback over them, which decide the diagnosis (for a memory error, `CUDA error: out of memory` or `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ...`).");
			break;
		}
		rc |= gg_buf_printf(&x, "Paste the traceback down to its last line: the exception's type and its whole message (for a memory error, `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ...` with the numbers), which decide the diagnosis.");
		break;
	case GG_DX_NOT_OOM: {
		const gg_tb_exception *exc = tb->has_exception ? &tb->exc : NULL;
		/*
		 * A DataLoader worker's bus error is shared memory (/dev/shm) too
		 * small for the batches the workers hand over: not the device's
		 * memory nor the OOM killer, but its fix is memory's all the same.
		 */
		bool shm = exc && facts->shm;
		for (size_t i = 0; exc && !shm && i < d->chain->len; i++) {
			const gg_traceback *link = &d->chain->tbs[i]; /* the worker's own error may be a cause of the one raised last */
			const char *m = link->has_exception ? link->exc.message : "";
			shm = (strstr(m, "Bus error") && strstr(m, "DataLoader worker")) || strstr(m, "to file </torch_");
		}
		int rc2;
		const char *lib;
		size_t ml = exc ? strlen(exc->message) : 0;
		rc |= gg_buf_printf(&e, "Not an out-of-memory error: %s%s%s%s", exc ? exc->type : "a traceback without its exception line",
				    exc && exc->type[0] && ml ? ": " : "", exc ? exc->message : "", ml && exc->message[ml - 1] == '.' ? "" : ".");
		rc |= explain_where(&e, d, "was raised");
		if (d->follows_rank >= 0) {
			rc |= gg_buf_printf(&e, " Its collective lost the process across it: rank %d failed first, and this rank's error follows from that one.",
					    d->follows_rank);
			rc |= gg_buf_printf(&x, "Nothing to fix here: fix rank %d's failure, and this one goes with it.", d->follows_rank);
		} else if (exc && (rc2 = explain_collective_timeout(&e, &x, exc->message, facts)) <= 0) {
			rc |= rc2;
		} else if (d->chain->agent_signal || (exc && explain_signal_exception(exc) > 0)) {
			/* The launcher told to stop from outside: a closed terminal, a scheduler, Ctrl-C. */
			int sig = facts->agent_signal ? facts->agent_signal : explain_signal_exception(exc);
			rc |= gg_buf_printf(&e, " The launcher was sent the signal and passed it on to its workers: nothing in the run failed. %s",
					    sig == 1 ? "SIGHUP is a hang-up: the terminal or SSH session that started the run closed."
					    : sig == 2 ? "SIGINT is an interrupt: Ctrl-C, or a tool that stops the run as Ctrl-C does."
					    : sig == 15 ? "SIGTERM is a request to stop: a scheduler's time limit or preemption, `kill`, or a container being stopped."
							: "Something outside the run sent it.");
			rc |= gg_buf_printf(&x, "%s",
					    sig == 1 ? "Start the run so that it outlives the session: `nohup torchrun ... > train.log 2>&1 &`, `setsid`, tmux or screen, or a batch job."
					    : sig == 15 ? "Look at what stopped it: the scheduler's job record (a time limit, a preemption, or a memory limit it enforces by stopping the job), and give the run more time or make it resume from a checkpoint."
							: "Nothing to fix in the code: start the run again, detached from the terminal if it must outlive it.");
		} else if (d->chain->open_files) {
			rc |= gg_buf_printf(&e, " The DataLoader's workers hand each batch over as shared-memory files, one open file descriptor each; the process reached its open-file limit, and mapping the next one failed with it.");
			rc |= gg_buf_printf(&x, "Raise the open-file limit before the run (`ulimit -n 65536`, or the container's nofile limit), or have the workers share tensors through the file system: `torch.multiprocessing.set_sharing_strategy(\"file_system\")` at the top of the script. Fewer workers or a smaller prefetch_factor also keep fewer files open.");
		} else if (d->chain->debugger_stop) {
			rc |= gg_buf_printf(&e, " The program was paused at a debugger's prompt when it was killed: PyCharm's and VS Code's stop buttons end a run with SIGKILL, which is reported as exit code 137, the same code the kernel's OOM killer leaves.");
			rc |= gg_buf_printf(&x, "Nothing ran out of memory: the run was stopped from the debugger. If it was killed without anyone stopping it, run it again outside the debugger and read `dmesg | grep -i 'killed process'`.");
		} else if (d->chain->job_signal) {
			/* SIGBUS, SIGSEGV and their kin from the shell's job line: a native crash, never the OOM killer's SIGKILL. */
			bool bus = strcmp(facts->job_signal, "bus error") == 0;
			rc |= gg_buf_printf(&e, " The kernel's OOM killer sends SIGKILL, which the shell reports as \"killed\"; this is another signal, a crash in native code.%s",
					    bus ? " A bus error (SIGBUS) is a memory-mapped file read past its end or changed under the process (a data or weights file cut short or rewritten while in use), shared memory (/dev/shm) too small, or a fault in a driver or an extension (on Apple silicon, Metal's)." : "");
			rc |= gg_buf_printf(&x, "Not a memory shortage to fix with the batch or no_grad. %sRun it again under `python -X faulthandler` to see the Python line where it crashed, and try another PyTorch release or the CPU device to tell a bug of the backend from one of the data.",
					    bus ? "Check the files the run maps as it starts (regenerate a cached data or weights file, and do not rewrite it while the run reads it), and give /dev/shm room if DataLoader workers use it. " : "");
		} else if (exc && gg_oom_block_limit(exc->detail, strlen(exc->detail))) {
			/* A per-allocation limit of Intel's GPU runtime: one tensor's size in one piece, whatever is free. */
			rc |= gg_buf_printf(&e, " Intel's GPU runtime (XPU) refuses any single allocation larger than its per-allocation limit (4 GB on many Intel GPUs), however much of the device is free: one tensor of this step is too large in one piece, the device is not full.");
			rc |= gg_buf_printf(&x, "Split that tensor so that no single allocation is over 4 GiB (process the step in chunks: a smaller batch or fewer items, a shorter sequence or a smaller image at that line), or update the GPU driver and the oneAPI runtime or the PyTorch XPU build, where newer ones lift the limit on some platforms. Neither no_grad nor freeing other memory helps; `xpu-smi stats -d 0` shows the device's memory.");
		} else if (explain_lookalike_resource(d, facts)) {
			rc |= explain_out_of_resource(&e, &x);
		} else if (exc && strstr(exc->type, "ChildFailedError"))
			rc |= gg_buf_printf(&x, "This is torchrun reporting that a worker died; the worker's own traceback (earlier in the log, or the summary's root cause) is the real error.");
		else if (shm) {
			rc |= gg_buf_printf(&e, " The DataLoader's workers hand their batches to the main process through shared memory (/dev/shm), and it ran out (Docker gives a container 64 MB unless told otherwise). Not GPU memory, and not the OOM killer.");
			rc |= gg_buf_printf(&x, "Give the workers more shared memory: `docker run --shm-size=8g` (or `--ipc=host`), on Kubernetes a memory-backed volume at /dev/shm (`emptyDir: {medium: Memory}`); `df -h /dev/shm` shows its size. Or lower the DataLoader's num_workers (0 confirms it) or the batch each worker prepares.");
		} else if (exc && strstr(exc->message, "DataLoader worker") && strstr(exc->message, "killed by signal: Terminated")) {
			/* SIGTERM is sent, never raised by a crash: something outside the worker stopped it. */
			rc |= gg_buf_printf(&e, " A DataLoader worker was stopped from outside with SIGTERM, not crashed: the main process shutting its workers down after an error of its own (which comes first in the log), a scheduler or a container stopping the job, or a memory limit enforced by stopping processes (a container's or a job's: the usual one when it comes after training has run a while). The kernel's OOM killer sends SIGKILL instead (\"killed by signal: Killed\").");
			rc |= gg_buf_printf(&x, "Find what stopped it: the main process's own error above this line, the scheduler's or the container's record of the job (its exit reason, `kubectl describe pod`), and `dmesg`. If it was memory: lower the DataLoader's num_workers and the batch each worker prepares, and watch the host's RAM (`free -h`) and /dev/shm while it runs.");
		} else if (exc && strstr(exc->message, "DataLoader worker") && strstr(exc->message, "killed by signal")) {
			/* Killed is the OOM killer's (oom.c) and a bus error /dev/shm's (above): any other signal is a crash inside the worker. */
			rc |= gg_buf_printf(&e, " A DataLoader worker process crashed (a signal from native code: an abort, a segmentation fault): the dataset's or a native library's fault inside the worker, whose own error is not in this traceback. Not memory.");
			rc |= gg_buf_printf(&x, "Run it with `num_workers=0`: the dataset's code then runs in the main process, and its own error shows with its traceback. Look at the native libraries `__getitem__` uses (OpenCV, image or audio decoders, an allocator such as tcmalloc preloaded into the process) and at the workers' start method (`multiprocessing_context=\"spawn\"`).");
		} else if (exc && strstr(exc->message, "returned nan values")) {
			/* Autograd's anomaly mode caught a NaN in the backward pass: numbers, not memory. */
			rc |= gg_buf_printf(&e, " Autograd's anomaly detection found a NaN in the output of that backward function: a numerical problem (a value that overflowed, a log or a division of zero, a learning rate too high), not memory.");
			if (d->chain->anomaly_forward)
				rc |= gg_buf_printf(&x, "Anomaly mode's forward trace above this error (log line %llu) names the forward operation that made this function, where the NaN starts: %s. ",
						    (unsigned long long)d->chain->anomaly_line, d->chain->anomaly_forward);
			else
				rc |= gg_buf_printf(&x, "Read the forward traceback anomaly mode prints above this error: it shows the forward operation that made this function, where the NaN starts. ");
			rc |= gg_buf_printf(&x, "Check the loss and the inputs there for inf or NaN, lower the learning rate, clip the gradients, and under fp16 use a loss scaler or bf16.");
		} else if (exc && (lib = gg_oom_handle_init_failed(exc->detail, strlen(exc->detail)))) {
			/* The library's handle is made at its first call: the device was full before it, or the install does not match. */
			/*
			 * Its first call is also where an earlier kernel's failure surfaces:
			 * CUDA reports errors at the next call, and a device-side assert
			 * from an index out of range is the usual one; alone, the line
			 * cannot tell the two apart, so both are said at equal rank.
			 */
			rc |= gg_buf_printf(&e, " %s could not initialise: it creates its handle and workspace at its first call in the process. Two causes are about as common: the GPU had no memory left for them (a model or batch that filled it, or another process), or an earlier kernel failed and CUDA reported it at this next call, most often a device-side assert from an index out of range (token ids at or beyond an embedding's size, such as a tokenizer's added tokens that the model's vocabulary lacks; labels beyond the number of classes); else the driver, CUDA and the library do not match.",
					    lib);
			rc |= gg_buf_printf(&x, "Check what holds the GPU with `%s` while it runs, and rerun with `CUDA_LAUNCH_BLOCKING=1` (or one batch on the CPU, where an index out of range is an IndexError naming the index and the size) to see the call that really failed. If the device is full, free it (other processes) or use a smaller batch or model; if an index is out of range, check `ids.max()` against the embedding's num_embeddings (the tokenizer's length against the model's vocabulary) and labels against the classes. If neither, check that the driver supports this PyTorch build's CUDA (`torch.version.cuda`) and that no other %s is loaded in its place.",
					    explain_smi(d), lib);
		} else if (exc && strstr(exc->detail, "aoti_torch_empty") && strstr(exc->detail, "API call failed")) {
			/* The shim hides the allocator's own error: memory, as often as not, with the figures further up. */
			const char *dn = gg_oom_device_name(d->oom.device);
			rc |= gg_buf_printf(&e, " AOTInductor's compiled code could not allocate a buffer");
			if (dn && d->oom.device_index >= 0)
				rc |= gg_buf_printf(&e, " on %s:%d", dn, d->oom.device_index);
			else if (dn)
				rc |= gg_buf_printf(&e, " on %s", dn);
			rc |= gg_buf_printf(&e, ": its C shim reports only that the call failed, and that is most often an out-of-memory error.");
			rc |= gg_buf_printf(&x, "Look earlier in the full log for the allocator's own message (`CUDACachingAllocator` or `CUDA out of memory`, with the figures). If it is memory, lower the batch size or resolution the compiled model was run with (or compile for the smaller shape), as for any out-of-memory error; `%s` while it runs shows how full the device is.",
					    explain_smi(d));
		} else if (exc && strstr(exc->detail, "HIP error: invalid device function")) {
			/*
			 * ROCm's runtime has no kernel for this GPU's ISA in the build
			 * (its boilerplate mentions device-side assertions, but none
			 * failed): an architecture the wheel was not compiled for.
			 */
			if (d->oom.device == GG_OOM_DEVICE_UNKNOWN)
				d->oom.device = GG_OOM_DEVICE_HIP;
			rc |= gg_buf_printf(&e, " ROCm found no kernel for this AMD GPU's architecture (its gfx ISA) in this PyTorch build: the build was compiled for other architectures. No index is out of range and no memory ran out.");
			rc |= gg_buf_printf(&x, "Install a PyTorch ROCm build whose architectures include this GPU's (`rocminfo | grep gfx` names it), or, for a GPU close to a supported one, set `HSA_OVERRIDE_GFX_VERSION` to that supported ISA (10.3.0 for the RDNA2 family) before Python starts. `AMD_SERIALIZE_KERNEL=3` makes such errors appear at the failing call. no_grad and the batch size do not apply.");
			if (cf)
				rc |= gg_buf_printf(&x, " The first kernel launched was at %s:%u.", gg_tb_frame_file(cf), cf->line);
		} else if (exc && (d->chain->device_assert || strstr(exc->detail, "device-side assert") || strstr(exc->detail, "illegal memory access"))) {
			bool asserted = d->chain->device_assert || strstr(exc->detail, "device-side assert") != NULL;
			const char *code = cf && cf->code ? cf->code : explain_code_above(facts, exc->at.line);
			rc |= explain_kernel_failure(&e, &x, asserted, asserted ? facts->device_assert : NULL, code);
			if (cf)
				rc |= gg_buf_printf(&x, " Start at %s:%u.", gg_tb_frame_file(cf), cf->line);
		} else if (exc && strstr(exc->type, "CalledProcessError") && facts->argparse_text && facts->argparse_line < exc->at.line) {
			/* The child's own last words are above the launcher's traceback: its argument parser refused the command line. */
			rc |= gg_buf_printf(&e, " The child's own error is above it (log line %llu): `%s`: the script's argument parser refused its command line, and the launcher reports the exit.",
					    (unsigned long long)facts->argparse_line, facts->argparse_text);
			rc |= gg_buf_printf(&x, "Check the command line the launcher builds for the script: a stray or empty argument (an empty value in a config or GUI field, a trailing space or quote), or an option this version of the script does not have (the tool that writes the command and the script updated apart). `python <script> --help` lists what it accepts.");
		} else if (exc && explain_exit_ntstatus(exc)) {
			rc |= explain_ntstatus(&e, &x, exc->message);
		} else if (exc && strstr(exc->detail, "deserialize object on a CUDA device")) {
			/* A checkpoint saved from CUDA tensors, loaded where there is no CUDA: where the storages go is the fix. */
			rc |= gg_buf_printf(&e, " A checkpoint saved with CUDA tensors is being loaded where this PyTorch has no CUDA device (a CPU-only machine, a Mac, or a build without CUDA).");
			rc |= gg_buf_printf(&x, "Load it with `torch.load(path, map_location=\"cpu\")` (or `map_location=torch.device(\"cpu\")`), then move the model to the device you have (`.to(\"mps\")` on a Mac).");
		} else if (exc && d->phase == GG_PHASE_LOADING &&
			   (strstr(exc->type, "UnpicklingError") || strstr(exc->type, "BadZipFile") ||
			    strstr(exc->detail, "failed finding central directory") || strstr(exc->detail, "invalid load key"))) {
			/* A checkpoint that is neither a zip nor a pickle torch wrote: its bytes are not what the loader expects. */
			rc |= gg_buf_printf(&e, " The checkpoint's bytes are not a file torch.save wrote: most often a download cut short, or a page or pointer file (an HTML error page, a Git LFS pointer) saved under its name.");
			rc |= gg_buf_printf(&x, "Delete that file and download it again (check its size against the source's); a Git LFS checkout needs `git lfs pull`. Skipping a safety check does not repair it.");
		} else if (exc && strstr(exc->detail, "CUDNN_STATUS_INTERNAL_ERROR")) {
			/*
			 * cuDNN's catch-all: it could not get its workspace or run a
			 * kernel, and it reports no reason. Memory the device lacks
			 * (often a process still holding it) is the commonest, an
			 * earlier kernel's failure reported late the next.
			 */
			rc |= gg_buf_printf(&e, " cuDNN's internal error names no reason: most often the GPU had no memory left for its workspace (held by this run, or still by another or an earlier process), else an earlier kernel failed and CUDA reported it at this call.");
			rc |= gg_buf_printf(&x, "Check with `%s` that no leftover or other process holds the GPU (kill it, or pick a free GPU with CUDA_VISIBLE_DEVICES), then try a smaller batch; rerun with `CUDA_LAUNCH_BLOCKING=1` to see the call that really failed.",
					    explain_smi(d));
			if (cf)
				rc |= gg_buf_printf(&x, " It surfaced at %s:%u.", gg_tb_frame_file(cf), cf->line);
		} else if (exc && strstr(exc->detail, "CUresult error")) {
			rc |= explain_curesult(&e, &x, exc->detail);
		} else if (d->failed_before >= 0 && !d->failed_tie) {
			/* A follower's error (a collective that lost its peer): the cause is the first rank's own. */
			rc |= gg_buf_printf(&x, "This rank failed because rank %d had stopped; rank %d's own error, above this in its full output, is the one to read (search it for its first `Traceback` or `Error`).",
					    d->failed_before, d->failed_before);
		} else if (cf)
			rc |= gg_buf_printf(&x, "gradguard diagnoses memory errors; for this one, start at %s:%u.", gg_tb_frame_file(cf), cf->line);
		else if (d->chain->lone || tb->len == 0)
			rc |= gg_buf_printf(&x, "gradguard diagnoses memory errors; the paste has only this line of the error: its traceback, pasted whole, shows where it was raised.");
		else if (gg_classify_spawn_waits(tb))
			rc |= gg_buf_printf(&x, "gradguard diagnoses memory errors; this traceback is the launching process's, waiting on its workers: the failed worker's own traceback, printed above it in the full output, shows what failed and where.");
		else
			rc |= gg_buf_printf(&x, "gradguard diagnoses memory errors; this traceback has no frame of your code.");
		break;
	}
	}
	/*
	 * The paste names a release before 0.4 that worked and the failing
	 * run is 0.4 or later: volatile=True, 0.3's way to turn autograd off,
	 * does nothing since 0.4, the change the upgrade brought.
	 */
	if (d->oom.is_oom && d->kind != GG_DX_NOT_OOM && d->kind != GG_DX_INCOMPLETE && facts->torch_version_refuted &&
	    facts->torch_version_refuted[0] == '0' && strncmp(facts->torch_version_refuted, "0.4", 3) < 0)
		rc |= gg_buf_printf(&x, "%sThe paste also names PyTorch %s: code written for it that turned autograd off with `volatile=True` keeps the whole graph since 0.4, where that flag does nothing; wrap evaluation in `with torch.no_grad():` instead.",
				    x.len ? " " : "", facts->torch_version_refuted);
	/* Windows' commit limit under a phase's verdict (explain_cause says it where the cause decides the fix). */
	if (d->kind != GG_DX_OOM && d->cause == GG_CAUSE_PAGING_FILE && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_PAGING_FILE) != 0)
		rc |= gg_buf_printf(&x, "%sOn Windows a refused host allocation is the commit limit (RAM and the paging file together): let Windows grow the paging file (System > Advanced system settings > Performance > Virtual memory) and close other programs that hold memory.",
				    x.len ? " " : "");
	if (d->oom.is_oom && d->oom.form && strcmp(d->oom.form, GG_OOM_FORM_NVML_REPORT) == 0) {
		/* The message is the allocator's report failing, not the failure: say what it hides. */
		rc |= gg_buf_printf(&e, " The error is PyTorch's caching allocator failing to write its out-of-memory report: it asks NVML what each process holds only after an allocation has failed, and NVML could not answer (a MIG slice, a container, a driver whose NVML does not match), so the figures that would say why are lost.");
		/*
		 * No frame and no phase: nothing shows a step had run, so the
		 * per-step advice (batch, no_grad) would be a guess. What holds
		 * the device comes first: the model itself, or another program
		 * (on a board whose CPU and GPU share memory, any program).
		 */
		const gg_traceback *ntb = gg_diagnosis_traceback(d);
		if (ntb->len == 0 && d->phase == GG_PHASE_UNKNOWN && d->kind == GG_DX_OOM) {
			gg_buf_free(&x);
			rc |= gg_buf_printf(&x, "Treat it as out of memory, with no step shown: first see what holds the device when it fails: other programs on the same GPU (on a board whose CPU and GPU share one memory, such as a Jetson, every program's memory counts: `tegrastats` shows it), or the model itself once loaded (a smaller or quantized model, or fewer programs at once). Then, if a step was running, the usual per-step changes apply.");
		} else
			rc |= gg_buf_printf(&x, "%sTreat it as out of memory: the advice above applies.", x.len ? " " : "");
		rc |= gg_buf_printf(&x, " To see the real report, check why NVML fails here: run `nvidia-smi` inside the same container, check for MIG (`nvidia-smi -L`) and `CUDA_VISIBLE_DEVICES`, and match the driver to the container's CUDA; a PyTorch release that handles NVML's failure prints the usual message.");
	}
	/* The allocator's head is there, its figures cut (classify.c): an OOM, but the figures that say why are not. */
	const gg_traceback *ctb = gg_diagnosis_traceback(d);
	if (d->oom.is_oom && d->kind != GG_DX_INCOMPLETE && ctb->has_exception && gg_classify_cut_in_request(ctb->exc.message))
		rc |= gg_buf_printf(&e, " The paste stops inside the message, before its figures (how much was asked, free and held by this process), so the memory's own account of why is cut; pasting the whole message tells more.");
	if (d->kind != GG_DX_NOT_OOM && d->kind != GG_DX_INCOMPLETE && d->rank >= 0 && d->failed_before >= 0 && d->failed_tie)
		rc |= gg_buf_printf(&e, " (rank %d; the launcher names rank %d as the first to fail, and both had exited when it looked: which came first the log does not tell)",
				    d->rank, d->failed_before);
	else if (d->kind != GG_DX_NOT_OOM && d->kind != GG_DX_INCOMPLETE && d->rank >= 0 && d->failed_before >= 0)
		rc |= gg_buf_printf(&e, " (rank %d, not the first to fail: the launcher names rank %d, whose own error is not in the paste)",
				    d->rank, d->failed_before);
	else if (d->kind != GG_DX_NOT_OOM && d->kind != GG_DX_INCOMPLETE && d->rank >= 0)
		rc |= gg_buf_printf(&e, " (rank %d%s)", d->rank, d->first ? ", the first to fail" : "");
	if (rc) {
		gg_buf_free(&e);
		gg_buf_free(&x);
		return rc;
	}
	while (x.len && x.data[x.len - 1] == ' ')
		x.data[--x.len] = '\0';
	d->explanation = gg_buf_take(&e);
	d->fix = gg_buf_take(&x);
	return d->explanation && d->fix ? 0 : -12;
}
