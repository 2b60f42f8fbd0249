/*
 * Reading a frame for the phase (see phase.h). The tables name libraries'
 * files and functions as they print in tracebacks; every path test takes
 * both separators, since Windows pastes are as common as Linux ones.
 */
#include "phase.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text.h"

static bool has(const char *s, const char *needle)
{
	return s && strstr(s, needle) != NULL;
}

/* Whether p starts with needle, its '/' taken as either separator. */
static bool path_starts(const char *p, const char *needle)
{
	size_t i = 0;
	while (needle[i] && p[i] && (p[i] == needle[i] || (needle[i] == '/' && p[i] == '\\')))
		i++;
	return needle[i] == '\0';
}

/* needle anywhere in s, '/' taken as either separator. */
static bool has_path(const char *s, const char *needle)
{
	for (const char *p = s; p && *p; p++)
		if (path_starts(p, needle))
			return true;
	return false;
}

/* path has a component run starting with needle ('/' either separator): "multiprocessing/" in "C:\\a\\multiprocessing\\spawn.py". */
static bool has_component(const char *path, const char *needle)
{
	for (const char *p = path; *p; p++)
		if ((p == path || p[-1] == '/' || p[-1] == '\\') && path_starts(p, needle))
			return true;
	return false;
}

static bool is(const char *s, const char *lit)
{
	return s && strcmp(s, lit) == 0;
}

/*
 * Whether a folder on the path (not the file's own name) is a cache: named
 * "cache", ending in it ("unsloth_compiled_cache", "torch_extensions_cache")
 * or ".cache". What a tool keeps there it downloaded or generated (a hub's
 * checkout of a model's code, code a library wrote and runs): not the
 * user's source.
 */
static bool in_cache_folder(const char *path)
{
	const char *start = path;
	for (const char *p = path; *p; p++) {
		if (*p != '/' && *p != '\\')
			continue;
		size_t n = (size_t)(p - start);
		if (n >= 5 && strncasecmp(p - 5, "cache", 5) == 0)
			return true;
		start = p + 1;
	}
	return false;
}

/* An entry point an installer wrote into an environment's bin/ (torchrun, accelerate, deepspeed): no ".py". */
bool gg_phase_is_console_script(const char *f)
{
	const char *slash = strrchr(f, '/');
	const char *back = strrchr(f, '\\');
	if (back && (!slash || back > slash))
		slash = back;
	if (!slash || strchr(slash, '.'))
		return false;
	size_t dir = (size_t)(slash - f);
	return (dir >= 4 && (strncmp(slash - 4, "/bin", 4) == 0 || strncmp(slash - 4, "\\bin", 4) == 0)) ||
	       (dir >= 8 && strncasecmp(slash - 8, "\\Scripts", 8) == 0);
}

bool gg_phase_is_library(const char *f)
{
	static const char *const marks[] = {
		"/site-packages/", "/dist-packages/", "/lib/python2", "/lib/python3", "\\Lib\\", "/lib64/python",
		"/torch/nn/", "/torch/autograd/", "/torch/utils/", "/torch/_tensor.py", "/torch/cuda/",
		"/torch/distributed/", "/torch/optim/", "/torch/_dynamo/", "/torch/multiprocessing/",
		"/torch/functional.py", "/torch/serialization.py", "/bin/torchrun", "/bin/accelerate", "/bin/deepspeed",
		"/bin/python", "\\Scripts\\",
		/* Hugging Face's cache of a model repository's own code (trust_remote_code): downloaded, not the user's. */
		"/modules/transformers_modules/", "/modules/diffusers_modules/",
		/* An IDE's debugger running the script (PyCharm's pydevd, VS Code's debugpy): its runner, not the user's code. */
		"/pydev/", "/.pycharm_helpers/", "/_pydevd_bundle/", "/debugpy/", "\\pydev\\", "\\debugpy\\", NULL,
	};
	/* What the user typed at an interactive prompt (<stdin>, <console>) is theirs, as a notebook cell is. */
	if (f[0] == '<' && strncmp(f, "<ipython-input-", 15) != 0 && strcmp(f, "<stdin>") != 0 && strcmp(f, "<console>") != 0)
		return true; /* <frozen ...>, <string>, <decorator-gen-..> */
	/* Or printed relative to the folder that holds it ("torch/distributed/distributed_c10d.py"). */
	for (const char *const *m = marks; *m; m++)
		if (has_path(f, *m) || ((*m)[0] == '/' && path_starts(f, *m + 1)))
			return true;
	if (in_cache_folder(f))
		return true;
	/* The stdlib printed relative to a frozen or embedded build ("multiprocessing\\spawn.py"). */
	static const char *const stdlib[] = { "multiprocessing/", "concurrent/futures/", "asyncio/", "importlib/",
					      "runpy.py", "threading.py", "subprocess.py", NULL };
	for (const char *const *m = stdlib; *m; m++)
		if (has_component(f, *m))
			return true;
	return gg_phase_is_console_script(f);
}

bool gg_phase_is_generated(const char *f)
{
	return has_path(f, "/torchinductor_");
}

size_t gg_phase_library_root(const char *f)
{
	static const char *const layouts[] = {
		"triton/runtime/", "triton/compiler/", "triton/language/", "triton/backends/", "torch/_inductor/",
		"torch/_higher_order_ops/", "transformers/models/", "transformers/generation/", "transformers/integrations/",
		"transformers/trainer", "transformers/pipelines/", "transformers/modeling_", "pytorch_lightning/trainer/",
		"lightning/pytorch/trainer/", "lightning/fabric/",
		"deepspeed/runtime/", "deepspeed/ops/", "diffusers/models/", "diffusers/pipelines/", "vllm/model_executor/",
		"vllm/engine/", "vllm/worker/", "peft/tuners/", "trl/trainer/", "accelerate/utils/", "jax/_src/", "flax/linen/",
		"xformers/ops/", "flash_attn/flash_attn_interface.py", "apex/optimizers/",
		/* OpenMMLab's foundations, installed from a checkout (pip install -e) far more often than edited */
		"mmcv/runner/", "mmcv/cnn/", "mmcv/ops/", "mmcv/parallel/", "mmcv/fileio/", "mmengine/runner/", "mmengine/model/",
		/* detectron2, cloned and built in place as its install guide says */
		"detectron2/engine/", "detectron2/evaluation/", "detectron2/modeling/", "detectron2/data/", "detectron2/layers/",
		"detectron2/checkpoint/", NULL,
	};
	if (has_path(f, "/site-packages/") || has_path(f, "/dist-packages/"))
		return 0;
	/*
	 * Another project's checkout vendored into the user's tree, in Python's
	 * "src layout" under a folder kept for such ("lib/pykeen/src/pykeen/
	 * evaluation/evaluator.py", "third_party/NAME/src/NAME/"). The user's own
	 * package in a src layout is no such: only under those folders.
	 */
	static const char *const vendored[] = { "lib", "libs", "third_party", "thirdparty", "3rdparty", "vendor",
						"external", "extern", "deps", NULL };
	for (const char *p = f; *p; p++) {
		if (p == f || (p[-1] != '/' && p[-1] != '\\'))
			continue;
		const char *up = p - 1;
		while (up > f && up[-1] != '/' && up[-1] != '\\')
			up--;
		bool kept = false;
		for (const char *const *v = vendored; *v && !kept; v++)
			kept = strlen(*v) == (size_t)(p - 1 - up) && strncasecmp(up, *v, strlen(*v)) == 0;
		if (!kept)
			continue;
		size_t n = strcspn(p, "/\\");
		if (n == 0 || !p[n] || strncmp(p + n + 1, "src", 3) != 0 || (p[n + 4] != '/' && p[n + 4] != '\\'))
			continue;
		const char *again = p + n + 5;
		if (strncmp(again, p, n) == 0 && (again[n] == '/' || again[n] == '\\'))
			return (size_t)(p - f);
	}
	for (const char *p = f; *p; p++) {
		if (p != f && p[-1] != '/' && p[-1] != '\\')
			continue;
		for (const char *const *l = layouts; *l; l++)
			if (path_starts(p, *l))
				return (size_t)(p - f);
	}
	return 0;
}

/* Whether name is the start of full, at least four characters of it: a frame's name cut where the paste ends ("_wrapped_c"). */
static bool cut_name_of(const char *name, const char *full)
{
	size_t n = name ? strlen(name) : 0;
	return n >= 4 && n < strlen(full) && strncmp(name, full, n) == 0;
}

bool gg_phase_is_module_call(const gg_tb_frame *f)
{
	return has_path(f->filename, "torch/nn/modules/module.py") &&
	       (is(f->function, "_call_impl") || cut_name_of(f->function, "_wrapped_call_impl") || cut_name_of(f->function, "_call_impl") || is(f->function, "__call__") || is(f->function, "_wrapped_call_impl") ||
		is(f->function, "_slow_forward") || has(f->function, "Module._call_impl") ||
		has(f->function, "Module.__call__") || has(f->function, "Module._wrapped_call_impl"));
}

bool gg_phase_runs_model(const gg_tb_frame *f)
{
	return gg_phase_is_module_call(f) || (has_path(f->filename, "torch/nn/modules/") && gg_phase_is_forward(f));
}

bool gg_phase_is_backward(const gg_tb_frame *f)
{
	if ((has_path(f->filename, "torch/_tensor.py") || has_path(f->filename, "torch/autograd/")) &&
	    (has(f->function, "backward") || has(f->function, "run_backward")))
		return true;
	/* A compiled graph's backward (AOT autograd under torch.compile): autograd's engine runs it in a backward pass. */
	if (has_path(f->filename, "torch/_functorch/") && (is(f->function, "backward") || has(f->function, "compiled_backward")))
		return true;
	return has(f->code, ".backward(") || has(f->code, "manual_backward(") || has(f->code, "autograd.grad(");
}

bool gg_phase_is_grad_off_frame(const gg_tb_frame *f)
{
	/* 1.5+: decorate_context (3.11 prints it qualified: "context_decorator.<locals>.decorate_context"); 1.0-1.4: decorate_no_grad. */
	size_t n = strlen(f->function);
	bool named = (n >= 16 && strcmp(f->function + n - 16, "decorate_context") == 0) ||
		     (n >= 16 && strcmp(f->function + n - 16, "decorate_no_grad") == 0);
	return named && (has(f->filename, "grad_mode.py") || has(f->filename, "_contextlib.py"));
}

/*
 * A statement that is only "name.to(device)" or "name.cuda()", its result
 * not kept: a tensor's .to returns a copy, so only a module, moved in place
 * with its weights, is worth the line ("pipe.to(device)").
 */
static bool phase_moves_in_place(const char *code)
{
	if (!code)
		return false;
	const char *p = code;
	while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '.')
		p++;
	if (p == code)
		return false;
	size_t head = (size_t)(p - code);
	bool to = head > 3 && memcmp(p - 3, ".to", 3) == 0;
	bool cuda = head > 5 && memcmp(p - 5, ".cuda", 5) == 0;
	if (!(to || cuda) || *p != '(')
		return false;
	/* The call is the whole statement: its closing bracket ends the line. */
	int depth = 0;
	for (; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			break;
	}
	if (!*p)
		return false;
	p++;
	while (*p == ' ')
		p++;
	return *p == '\0' || *p == '#';
}

/*
 * A model handed to a wrapper that takes it in and gives back its
 * replacement, "model = ShardedWrapper(model, ...)" (DDP, FSDP, a sharded or
 * chunked data-parallel class, an engine's initialize): the wrapper's
 * constructor places, shards or broadcasts the weights, set-up before any
 * step. The name must be a model's ("model", "net"): "x = self.block(x)"
 * is a forward, and a submodule's call (self.) never wraps.
 */
static bool phase_wraps_model(const char *code)
{
	if (!code)
		return false;
	const char *p = code;
	while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '.')
		p++;
	size_t nl = (size_t)(p - code);
	if (nl == 0)
		return false;
	bool model_name = false;
	for (size_t i = 0; i + 5 <= nl && !model_name; i++)
		model_name = strncasecmp(code + i, "model", 5) == 0;
	if (!model_name)
		model_name = nl >= 3 && strncasecmp(code + nl - 3, "net", 3) == 0;
	while (*p == ' ')
		p++;
	if (!model_name || *p != '=' || p[1] == '=')
		return false;
	p++;
	while (*p == ' ')
		p++;
	if (strncmp(p, "self.", 5) == 0)
		return false;
	const char *c = p;
	while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '.')
		p++;
	if (p == c || *p != '(')
		return false;
	p++;
	while (*p == ' ')
		p++;
	return strncmp(p, code, nl) == 0 && (p[nl] == ',' || p[nl] == ')' || p[nl] == ' ');
}

/* Whether code calls method name of an object: ".name(" ("self.runner.initialize_kv_cache(cfg)"). */
static bool calls_method(const char *code, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = code; p && (p = strstr(p, name)) != NULL; p += n)
		if (p > code && p[-1] == '.' && p[n] == '(')
			return true;
	return false;
}

bool gg_phase_is_loading(const gg_tb_frame *f)
{
	static const char *const loaders[] = {
		"from_pretrained", "_load_pretrained_model", "load_state_dict", "_load_from_state_dict",
		"_load_state_dict_into_model", "_load_state_dict_into_meta_model", "load_checkpoint_and_dispatch",
		"load_checkpoint_in_model", "load_sharded_checkpoint", "load_checkpoint", "initialize_kv_caches",
		/* accelerate's placing of one weight of a module on its device, as a checkpoint is loaded or dispatched */
		"set_module_tensor_to_device",
		/* the HF Trainer's own placing of the model on the device, as it is constructed */
		"_move_model_to_device", NULL,
	};
	/*
	 * A framework's own model loading and engine start: its load_model, a
	 * distributed engine's broadcast of the weights from rank 0, a serving
	 * engine's KV-cache set-up after the weights are in: the profiling run
	 * that measures what is left, then the cache sized from it (all at
	 * start-up, before any request). Their frames, and a library's line
	 * calling one (the frame below it cut).
	 */
	static const char *const starts[] = {
		"load_model", "_broadcast_model", "initialize_kv_cache", "_initialize_kv_caches",
		"determine_num_available_blocks", "determine_available_memory", "profile_run", NULL,
	};
	const char *fn = f->function;
	for (const char *const *l = loaders; *l; l++)
		if (is(fn, *l))
			return true;
	for (const char *const *l = starts; *l; l++)
		if (is(fn, *l) || calls_method(f->code, *l))
			return true;
	if (has_path(f->filename, "torch/serialization.py"))
		return true; /* torch.load and its restore_location/deserialize helpers */
	/*
	 * DistributedDataParallel's or FSDP's constructor: the model is being
	 * wrapped, its weights broadcast from rank 0 or sharded, before any
	 * forward (accelerate's prepare() and the Trainer call it as training
	 * starts).
	 */
	if ((has_path(f->filename, "torch/nn/parallel/distributed.py") &&
	     (is(fn, "__init__") || is(fn, "DistributedDataParallel.__init__") || has(fn, "_ddp_init_helper") ||
	      has(fn, "_sync_module_states") || has(fn, "_sync_params_and_buffers"))) ||
	    (has_path(f->filename, "torch/distributed/fsdp/") && (is(fn, "__init__") || has(fn, ".__init__"))))
		return true;
	/* A pickled checkpoint's tensors rebuilt as it is unpickled (torch/_utils.py's _rebuild_tensor_v2, _rebuild_parameter). */
	if (has_path(f->filename, "torch/_utils.py") && gg_text_starts(fn, strlen(fn), "_rebuild_"))
		return true;
	/* An app's own check of a checkpoint, unpickling it itself ("unpickler.load()" under its safe-load wrapper). */
	if (has(f->code, "unpickler.load(") || has(f->code, "Unpickler.load("))
		return true;
	if (has_path(f->filename, "torch/nn/modules/module.py") &&
	    (is(fn, "to") || is(fn, "cuda") || is(fn, "_apply") || is(fn, "half") || is(fn, "Module.to") ||
	     is(fn, "Module.cuda") || is(fn, "Module._apply")))
		return true;
	/*
	 * Module.to's inner function, which moves each tensor ("return
	 * t.to(device, dtype if t.is_floating_point() else None, non_blocking)"):
	 * a paste cut down to that one frame still says the weights are moving.
	 */
	if (has_path(f->filename, "torch/nn/modules/module.py") &&
	    (is(fn, "convert") || is(fn, "Module.to.<locals>.convert")) && has(f->code, "t.to("))
		return true;
	/*
	 * A library's line moving a module in place ("self.module.to(self.device)"
	 * in a distributed engine's constructor): the weights are being placed,
	 * whatever the user's function above is called (train()); the paste may
	 * cut Module.to's own frames under it.
	 */
	if (phase_moves_in_place(f->code))
		return true;
	/* The user's own line doing it: "model.load_state_dict(torch.load(path))". */
	if (gg_phase_is_library(f->filename))
		return false;
	/* "net = build_and_load_model(cfg)": the innermost call loads, whatever the function around it is called. */
	return has(f->code, "from_pretrained(") || has(f->code, "load_state_dict(") || has(f->code, "torch.load(") ||
	       has(f->code, "load_model(") || phase_wraps_model(f->code);
}

/* Whether a frame's function, by its last name (3.11+ prints qualified names: "Net.forward"), is one of names. */
static bool frame_named(const gg_tb_frame *f, const char *const *names)
{
	const char *fn = strrchr(f->function, '.');
	fn = fn ? fn + 1 : f->function;
	for (const char *const *n = names; *n; n++)
		if (is(fn, *n))
			return true;
	return false;
}

bool gg_phase_is_object_collective(const gg_tb_frame *f)
{
	static const char *const names[] = {
		"broadcast_object_list", "all_gather_object", "gather_object", "scatter_object_list",
		"send_object_list", "recv_object_list", "_object_to_tensor", "_tensor_to_object", NULL,
	};
	return frame_named(f, names);
}

const char *gg_phase_framework_eval(const gg_tb_frame *f, bool *grad_off)
{
	*grad_off = false;
	const char *fn = f->function;
	/* The Hugging Face Trainer, and trainers built on it (their trainer.py keeps its loops). */
	bool hf = has_path(f->filename, "transformers/trainer.py");
	if (hf || (gg_phase_is_library(f->filename) && has(f->filename, "trainer"))) {
		if (has(fn, "prediction_step")) {
			*grad_off = true;
			return "the Hugging Face Trainer's prediction_step (runs under torch.no_grad())";
		}
		if (has(fn, "evaluation_loop") || has(fn, "prediction_loop")) {
			/* What it collects comes from prediction_step, computed without a graph. */
			*grad_off = true;
			return "the Hugging Face Trainer's evaluation loop (its prediction_step runs the model under torch.no_grad())";
		}
		if (hf && (is(fn, "evaluate") || is(fn, "predict")))
			return "the Hugging Face Trainer's evaluation";
	}
	/*
	 * The Trainer's helpers that join each evaluation batch's predictions
	 * to the ones before (trainer_pt_utils.py's nested_concat and its
	 * padding concatenations): only its evaluation loop calls them, on
	 * outputs prediction_step computed without a graph.
	 */
	if (has_path(f->filename, "transformers/trainer_pt_utils.py") &&
	    (has(fn, "nested_concat") || has(fn, "pad_and_concatenate"))) {
		*grad_off = true;
		return "the Hugging Face Trainer's joining of each evaluation batch's predictions to the ones before (its evaluation loop)";
	}
	if (has_path(f->filename, "transformers/generation/") && has(fn, "generate")) {
		*grad_off = true;
		return "transformers' generate() (decorated with @torch.no_grad())";
	}
	/*
	 * A call of a model's generate(), in any library's frame ("ids =
	 * model.generate(**inputs)"): text generation is inference, and
	 * Hugging Face's generate and most others run under torch.no_grad();
	 * whose generate it is the paste does not show (see classify.c).
	 */
	if (has(f->code, "model.generate(")) {
		*grad_off = true;
		return GG_PHASE_GENERATE_CALL;
	}
	/* OpenMMLab's test loops run the model under torch.no_grad(). */
	if ((has(f->filename, "mmdet") || has(f->filename, "mmcv") || has(f->filename, "mmseg")) &&
	    (is(fn, "single_gpu_test") || is(fn, "multi_gpu_test"))) {
		*grad_off = true;
		return "OpenMMLab's single_gpu_test/multi_gpu_test (runs the model under torch.no_grad())";
	}
	if ((has(f->filename, "lightning") && (has(f->filename, "evaluation_loop.py") ||
					       has(f->filename, "prediction_loop.py") ||
					       has(f->filename, "evaluation_epoch_loop.py"))) ||
	    (has(f->filename, "lightning") && has_path(f->filename, "loops/utilities.py") && has(fn, "_decorator"))) {
		*grad_off = true;
		return "Lightning's evaluation loop (runs under torch.no_grad() / inference_mode)";
	}
	/*
	 * The Trainer's own entry points for a model's evaluation: unlike a bare
	 * library evaluate(), they always run the LightningModule, under
	 * inference_mode or no_grad, whatever the paste cuts after them.
	 */
	if (has(f->filename, "lightning") && has_path(f->filename, "trainer/trainer.py") &&
	    (is(fn, "predict") || is(fn, "validate") || is(fn, "test") || is(fn, "_predict_impl") ||
	     is(fn, "_validate_impl") || is(fn, "_test_impl") || is(fn, "Trainer.predict") || is(fn, "Trainer.validate") ||
	     is(fn, "Trainer.test"))) {
		*grad_off = true;
		return "Lightning's Trainer.predict/validate/test (runs the model under inference_mode or torch.no_grad())";
	}
	return NULL;
}

/*
 * An optimizer's step: torch.optim's own frames, or the user's line
 * stepping an object named for one ("opt.step()", "self.optimizer.step()",
 * "scaler.step(optim)"). Only training steps an optimizer.
 */
bool gg_phase_is_optimizer_step(const gg_tb_frame *f)
{
	if (has_path(f->filename, "torch/optim/") && !has_path(f->filename, "lr_scheduler.py"))
		return true;
	const char *c = f->code;
	if (!c)
		return false;
	if (has(c, "scaler.step(opt"))
		return true;
	for (const char *p = strstr(c, ".step("); p; p = strstr(p + 1, ".step(")) {
		const char *w = p;
		while (w > c && ((w[-1] >= 'a' && w[-1] <= 'z') || (w[-1] >= 'A' && w[-1] <= 'Z') || (w[-1] >= '0' && w[-1] <= '9') || w[-1] == '_'))
			w--;
		if (strncmp(w, "opt", 3) == 0) /* opt, optim, optimizer, opt_g */
			return true;
	}
	return false;
}

bool gg_phase_framework_train(const gg_tb_frame *f)
{
	const char *fn = f->function;
	if (has_path(f->filename, "transformers/trainer.py") &&
	    (has(fn, "_inner_training_loop") || has(fn, "training_step")))
		return true;
	return has(f->filename, "lightning") &&
	       (has(f->filename, "fit_loop.py") || has(f->filename, "training_epoch_loop.py") ||
		has_path(f->filename, "optimization/automatic.py"));
}

static const char *const eval_words[] = {
	"eval", "evaluate", "evaluation", "valid", "validate", "validation", "val", "test", "testing", "predict",
	"prediction", "inference", "infer", "estimate", "score", "sample", "generate", "decode", "translate",
	"metrics", "benchmark", "demo",
	/* A progress bar's label says what runs in the present participle. */
	"evaluating", "validating",
	/* Features or embeddings taken out of a trained model (extract_features, extract_embeddings): inference. */
	"extract", NULL,
};
/*
 * In the names a code line assigns and passes, not "score": a model's
 * scores are its logits (`scores = model(x)`, `seg_score = net(img)`),
 * in training as much as anywhere. Nor "sample": a batch is one
 * (`criterion(model, sample)`, `for sample in loader`); a call of
 * `.sample(` is read from what the line calls.
 */
static const char *const code_eval_words[] = {
	"eval", "evaluate", "evaluation", "valid", "validate", "validation", "val", "test", "testing", "predict",
	"prediction", "inference", "infer", "estimate", "generate", "decode", "translate",
	"metrics", "benchmark", "demo", "evaluating", "validating", "extract", NULL,
};
/* In a library's function names only these are sure: "test" is pytest's, "sample" a distribution's. */
static const char *const library_eval_words[] = {
	"eval", "evaluate", "evaluation", "valid", "validate", "validation", "val", "predict", "prediction",
	"inference", "infer", NULL,
};
/* "bwd", "fwbw", "fwdbwd": the backward pass abbreviated (fwd_bwd_step, fwbw(model, n)); evaluation runs none. */
static const char *const train_words[] = { "train", "training", "fit", "backward", "optimize", "bwd", "fwbw", "fwdbwd", NULL };

static bool word_in(const char *w, size_t n, const char *const *list)
{
	for (const char *const *x = list; *x; x++)
		if (strlen(*x) == n && strncasecmp(w, *x, n) == 0)
			return true;
	return false;
}

static int phase_words_in(const char *s, size_t n, const char *const *evals)
{
	int found = 0;
	size_t i = 0;
	while (i < n) {
		while (i < n && !((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
			i++;
		size_t j = i + 1;
		while (j < n && ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= '0' && s[j] <= '9') ||
				 (s[j] >= 'A' && s[j] <= 'Z' && s[j - 1] >= 'A' && s[j - 1] <= 'Z')))
			j++;
		if (i < n) {
			if (word_in(s + i, j - i, evals))
				found |= GG_WORDS_EVAL;
			if (word_in(s + i, j - i, train_words))
				found |= GG_WORDS_TRAIN;
		}
		i = j;
	}
	return found;
}

int gg_phase_words(const char *name)
{
	return phase_words_in(name, strlen(name), eval_words);
}

int gg_phase_words_n(const char *s, size_t n)
{
	return phase_words_in(s, n, eval_words);
}

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether code[a, b) is one plain name, possibly starred ("val_images", "*batch"). */
static bool phase_plain_name(const char *code, size_t a, size_t b)
{
	while (a < b && (code[a] == ' ' || code[a] == '*'))
		a++;
	while (b > a && code[b - 1] == ' ')
		b--;
	if (a == b || (code[a] >= '0' && code[a] <= '9'))
		return false;
	for (size_t i = a; i < b; i++)
		if (!ident_char(code[i]))
			return false;
	return true;
}

/*
 * The words of a code line that tell its phase: what it assigns to and what
 * it calls ("val_loss = criterion(outputs, labels)"), for a `for` loop what
 * it iterates over, and for the line that runs the model the data it feeds
 * it ("preds = model(val_images)"). Inside a call's parentheses only an
 * argument that is one plain name counts, and only there: keyword arguments
 * ("validation_only=True"), attributes ("training_args.do_train"), flags
 * passed along ("run_online_evaluation") and expressions are left out.
 */
static int phase_code_words(const char *code, bool feeds_model, bool model_runs)
{
	size_t n = strlen(code);
	bool loop = gg_text_starts(code, n, "for ") || gg_text_starts(code, n, "async for ");
	/*
	 * What a line assigns to names its data only where a model runs on the
	 * path ("val_loss = criterion(...)"); elsewhere a name is just a name
	 * ("valid_masks = dilate(x)": the masks that are valid).
	 */
	if (!loop && !model_runs)
		return 0;
	char *keep = malloc(2 * n + 2); /* a kept argument gains a space on each side */
	if (!keep)
		return 0;
	const char *in = loop ? gg_text_find(code, n, " in ") : NULL;
	size_t k = 0, depth = 0;
	for (size_t i = in ? (size_t)(in - code) + 4 : 0; i < n; i++) {
		char c = code[i];
		if (c == '"' || c == '\'') {
			/* A string literal says nothing: skip it whole. */
			for (i++; i < n && code[i] != c; i++)
				i += code[i] == '\\';
			continue;
		}
		if (depth == 0 && c != '(' && c != '[' && c != '{') {
			keep[k++] = c;
			continue;
		}
		if (c == ')' || c == ']' || c == '}') {
			if (depth == 0) {
				/* The tail of a call begun on an earlier line ("training=True)"): not the statement. */
				free(keep);
				return 0;
			}
			depth--;
			continue;
		}
		if (c != '(' && c != '[' && c != '{' && c != ',')
			continue;
		if (c != ',')
			depth++;
		if (!loop && !feeds_model)
			continue;
		/* An argument starts after the bracket or comma: keep it when it is one plain name. */
		size_t a = i + 1, j = a, d = 0;
		for (; j < n; j++) {
			char x = code[j];
			if (x == '(' || x == '[' || x == '{')
				d++;
			else if ((x == ')' || x == ']' || x == '}') && d-- == 0)
				break;
			else if ((x == ',' && d == 0) || x == '"' || x == '\'')
				break;
		}
		if (j <= n && phase_plain_name(code, a, j)) {
			keep[k++] = ' ';
			memcpy(keep + k, code + a, j - a);
			k += j - a;
			keep[k++] = ' ';
			i = j - 1;
		}
	}
	int w = phase_words_in(keep, k, code_eval_words);
	free(keep);
	return w;
}

/* The words of a file's name: "evaluate.py", "run_demo.py", "tester.py" (not "test_x.py"'s folder). */
static int phase_file_words(const char *filename)
{
	const char *base = filename;
	for (const char *p = filename; *p; p++)
		if (*p == '/' || *p == '\\')
			base = p + 1;
	size_t n = strlen(base);
	if (n > 3 && strcmp(base + n - 3, ".py") == 0)
		n -= 3;
	/*
	 * A module pytest would collect (test_peak.py, peak_test.py) is no
	 * evaluation for its "test" (SPEC: test modules are not evaluation
	 * code): only the rest of its name may speak.
	 */
	if (n > 5 && strncmp(base, "test_", 5) == 0)
		base += 5, n -= 5;
	else if (n > 5 && strncmp(base + n - 5, "_test", 5) == 0)
		n -= 5;
	/* "tester", "trainer": the agent nouns say the same as their verbs. */
	if (n > 2 && strncmp(base + n - 2, "er", 2) == 0) {
		int w = phase_words_in(base, n - 2, eval_words);
		if (w)
			return w;
	}
	return phase_words_in(base, n, eval_words);
}

/*
 * The words of what a code line calls: the last name before its first
 * call's parenthesis ("validate" of "valid_stats = self.validate(it)").
 */
static int phase_callee_words(const char *code)
{
	size_t n = strlen(code);
	for (size_t i = 0; i < n; i++) {
		char c = code[i];
		if (c == '"' || c == '\'')
			return 0; /* a string before any call: no callee worth reading */
		if (c == '[' || c == '{')
			return 0;
		if (c != '(')
			continue;
		size_t e = i, b = i;
		while (b > 0 && ident_char(code[b - 1]))
			b--;
		/*
		 * A callee that builds data ("trainData(...)", "TrainDataset(",
		 * "make_val_loader("): the data prepared, not a step run on it;
		 * its "train" or "val" is the split's name.
		 */
		static const char *const data_tails[] = { "data", "dataset", "datasets", "loader", "dataloader", "sampler", NULL };
		for (const char *const *t = data_tails; b < e && *t; t++) {
			size_t tl = strlen(*t);
			if (e - b > tl && strncasecmp(code + e - tl, *t, tl) == 0 &&
			    (code[e - tl - 1] == '_' || (code[e - tl] >= 'A' && code[e - tl] <= 'Z') ||
			     (code[e - tl - 1] >= 'a' && code[e - tl - 1] <= 'z')))
				return 0;
		}
		return b < e ? phase_words_in(code + b, e - b, eval_words) : 0;
	}
	return 0;
}

/* Whether a code line's first call is of a test or a test's helper ("self._test_x(", "test_y("). */
static bool phase_callee_is_test(const char *code)
{
	const char *open = strchr(code, '(');
	if (!open)
		return false;
	const char *b = open;
	while (b > code && ident_char(b[-1]))
		b--;
	while (b < open && *b == '_')
		b++;
	return open - b > 5 && strncmp(b, "test_", 5) == 0;
}

bool gg_phase_is_test_file(const char *filename)
{
	const char *base = filename;
	for (const char *p = filename; *p; p++)
		if (*p == '/' || *p == '\\')
			base = p + 1;
	size_t n = strlen(base);
	return strncmp(base, "test_", 5) == 0 || (n > 8 && strcmp(base + n - 8, "_test.py") == 0) ||
	       has_path(filename, "tests/") || strstr(filename, "tests\\") != NULL;
}

/* Whether a function's name is one word of list and nothing else ("evaluate", "_predict", "Metric.evaluate"). */
static bool phase_bare_word(const char *fn, const char *const *list)
{
	const char *dot = strrchr(fn, '.');
	if (dot)
		fn = dot + 1;
	while (*fn == '_')
		fn++;
	return word_in(fn, strlen(fn), list);
}

int gg_phase_frame_words(const gg_tb_frame *f, unsigned how)
{
	if (!(how & GG_FRAME_USER)) {
		/* PyTorch's own functions name no phase of the user's (torch/_dynamo/eval_frame.py). */
		if (has_path(f->filename, "/torch/"))
			return 0;
		/*
		 * A bare evaluate() or predict() of a library is a metric's or an
		 * evaluator's as often as a loop's: with no model on the path it is
		 * scoring what was gathered, not running anything with autograd. A
		 * compound name (validate_epoch, evaluation_loop) names the loop.
		 */
		if (!(how & GG_FRAME_MODEL_RUNS) && phase_bare_word(f->function, library_eval_words))
			return 0;
		return phase_words_in(f->function, strlen(f->function), library_eval_words) & GG_WORDS_EVAL ? GG_WORDS_EVAL
		       : gg_phase_words(f->function) & GG_WORDS_TRAIN ? GG_WORDS_TRAIN : 0;
	}
	/*
	 * What the line calls is more specific than the function it is in:
	 * train() at `self.validate(it)` is validating. Not a test's helper
	 * called from a test module (`self._test_masks(device)`): a test's
	 * name says nothing of the phase (see below).
	 */
	bool test_file = gg_phase_is_test_file(f->filename) || !f->filename[0];
	int w = f->code && !(test_file && phase_callee_is_test(f->code)) ? phase_callee_words(f->code) : 0;
	if (w == GG_WORDS_EVAL || w == GG_WORDS_TRAIN)
		return w;
	/*
	 * pytest's test_x() in test_y.py (or tests/) is a test, not an
	 * evaluation: its name says nothing of the phase. So where the paste
	 * dropped the file ("line 42, in test_x"), the likelier reading; a
	 * plain test() stays an evaluation.
	 */
	const char *tf = f->function;
	while (*tf == '_')
		tf++; /* a test's private helper, "_test_masks" */
	bool pytest_fn = gg_text_starts(tf, strlen(tf), "test_") && test_file;
	w = pytest_fn ? 0 : gg_phase_words(f->function);
	if ((w == 0 || w == (GG_WORDS_EVAL | GG_WORDS_TRAIN)) && f->code)
		w = phase_code_words(f->code, how & GG_FRAME_FEEDS_MODEL, how & GG_FRAME_MODEL_RUNS);
	/* A file named train_ddp.py says little of a failure in its setup; of a forward it runs, more. */
	if ((w == 0 || w == (GG_WORDS_EVAL | GG_WORDS_TRAIN)) && !f->notebook && (how & GG_FRAME_MODEL_RUNS) && !(how & GG_FRAME_NO_FILE))
		w = phase_file_words(f->filename);
	return w;
}

bool gg_phase_is_train_branch(const gg_tb_frame *f)
{
	/* Exact names only: a forward's helpers named train_x or y_training say nothing of the branch taken. */
	static const char *const branches[] = { "training", "forward_train", "train_forward", "forward_training", NULL };
	return frame_named(f, branches);
}

/*
 * A model's own loss computation called from its forward ("losses",
 * "compute_loss", mmdet's "loss_by_feat"): a model that returns its losses
 * (a detector's loss dict) computes them only when it trains; in
 * evaluation the same forward returns predictions. Exact names only.
 */
bool gg_phase_is_loss_method(const gg_tb_frame *f)
{
	static const char *const names[] = { "loss", "losses", "compute_loss", "compute_losses", "get_loss", "get_losses", "loss_by_feat", NULL };
	return frame_named(f, names);
}

bool gg_phase_is_forward(const gg_tb_frame *f)
{
	static const char *const names[] = { "forward", "__call__", "_forward", "forward_features", NULL };
	return frame_named(f, names);
}
