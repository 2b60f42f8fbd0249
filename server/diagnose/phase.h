#ifndef GG_PHASE_H
#define GG_PHASE_H

#include <stdbool.h>

#include "traceback.h"

/*
 * What one frame of a traceback says about what the program was doing:
 * training, evaluation or loading a model. Read from frames only — function
 * names, library files, the callee and assignment target of a code line —
 * never from words inside a call's arguments (`validation_only=True`,
 * `training_args.do_train`), which say nothing of the phase.
 */

/* Paths of the stdlib, installed packages, console scripts and PyTorch itself: not the user's code. */
bool gg_phase_is_library(const char *filename);
/* A file torch.compile generated (Inductor's kernels under /tmp/torchinductor_<user>/): nobody's source to change. */
bool gg_phase_is_generated(const char *filename);
/*
 * A library's own source tree outside site-packages (a checkout it was
 * installed from, "~/src/triton/python/triton/runtime/jit.py"): the
 * length of the path before the package's folder (the checkout's root,
 * "~/src/triton/python/"), or 0 when the path shows no known library's
 * layout (a package with one of its own subpackages, so that a user's
 * folder that is only named like it, "proj/triton/model.py", is not one).
 */
size_t gg_phase_library_root(const char *filename);

/* An entry point an installer wrote into an environment's bin/ (torchrun, accelerate, deepspeed). */
bool gg_phase_is_console_script(const char *filename);

/* torch.nn.Module's call wrapper: the frame after it runs a model's forward. */
bool gg_phase_is_module_call(const gg_tb_frame *f);

/* A model's forward running: torch.nn's call wrapper, or one of torch.nn's own modules' forward (an LSTM's). */
bool gg_phase_runs_model(const gg_tb_frame *f);

/* A backward pass (autograd's engine, or a code line calling .backward()). */
bool gg_phase_is_backward(const gg_tb_frame *f);

/* torch's decorate_context: the function it calls is decorated with no_grad/inference_mode. */
bool gg_phase_is_grad_off_frame(const gg_tb_frame *f);

/*
 * A model being loaded or placed: from_pretrained, load_state_dict,
 * torch.load, a module's .to()/.cuda() (in torch's own frames).
 */
bool gg_phase_is_loading(const gg_tb_frame *f);

/*
 * torch.distributed's object collectives (broadcast_object_list,
 * all_gather_object, ...) and their helpers, or a framework's wrapper of
 * the same name: they size a buffer by a length another rank sends.
 */
bool gg_phase_is_object_collective(const gg_tb_frame *f);

/* gg_phase_framework_eval's answer for a frame calling a model's generate(): grad off by presumption, not shown. */
#define GG_PHASE_GENERATE_CALL "a call of a model's generate() (transformers' and most libraries' run under torch.no_grad())"

/*
 * Framework code that runs evaluation: a description, and *grad_off when it
 * is known to run with autograd off; NULL when f is none.
 */
const char *gg_phase_framework_eval(const gg_tb_frame *f, bool *grad_off);
bool gg_phase_framework_train(const gg_tb_frame *f);
/* An optimizer's step on the path: torch.optim's frames, or a line like "opt.step()". */
bool gg_phase_is_optimizer_step(const gg_tb_frame *f);

enum { GG_WORDS_EVAL = 1, GG_WORDS_TRAIN = 2 };

/* The phase words of an identifier (snake_case, camelCase): GG_WORDS_* bits. */
int gg_phase_words(const char *name);
/* The same for the n bytes of any text (a progress bar's label). */
int gg_phase_words_n(const char *s, size_t n);

/*
 * The phase words of a frame (how: GG_FRAME_* bits): for the user's code,
 * what its code line calls ("self.validate(...)"), else its function name,
 * else its code line's assignment target (a for loop's iterable; the data
 * fed to the model on the line that calls it), then, when a model runs on
 * the path, its file's name; for a library's, only strong words of its
 * function name (a framework's validate_epoch). GG_WORDS_* bits.
 */
enum {
	GG_FRAME_USER = 1,        /* the user's code */
	GG_FRAME_FEEDS_MODEL = 2, /* its line calls the model */
	GG_FRAME_MODEL_RUNS = 4,  /* a model's forward is on the path */
	GG_FRAME_NO_FILE = 8,     /* the frame's own words only, not its file's name */
};
int gg_phase_frame_words(const gg_tb_frame *f, unsigned how);

/* A pytest module: test_x.py, x_test.py, or anything under a tests/ folder. */
bool gg_phase_is_test_file(const char *filename);

/* forward() or __call__: code training also runs, never where a fix goes. */
bool gg_phase_is_forward(const gg_tb_frame *f);
/*
 * Whether a frame inside a model is its training branch by its own name:
 * a method named training or forward_train, which a forward calls only
 * when the module trains (self.algo.training(...), mmdet's forward_train).
 */
bool gg_phase_is_train_branch(const gg_tb_frame *f);
bool gg_phase_is_loss_method(const gg_tb_frame *f);

#endif
