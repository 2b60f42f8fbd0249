/*
 * What a name says: the words of snake_case and camelCase names that mean
 * evaluation, an evaluation iterable, or a model (SPEC §2: weak evidence alone).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semantic/model.h"

/*
 * Calls fn on each word of a snake_case or camelCase name, lower-cased into
 * a small buffer; words longer than it are never one of ours. Stops and
 * returns true when fn does.
 */
bool sem_words_any(const semantic *c, span name, word_fn fn, void *arg)
{
	char word[32];
	size_t n = 0;
	bool too_long = false;
	for (size_t i = 0; i <= name.len; i++) {
		char ch = i < name.len ? name.ptr[i] : '_';
		bool sep = !isalnum((unsigned char)ch); /* _ . quotes brackets, and non-ASCII */
		bool boundary = sep || (i > 0 && isupper((unsigned char)ch) && islower((unsigned char)name.ptr[i - 1]));
		if (boundary && n) {
			if (!too_long && fn(c, word, n, arg))
				return true;
			n = 0;
			too_long = false;
		}
		if (sep)
			continue;
		if (isdigit((unsigned char)ch))
			continue; /* model2, net1: digits are no part of a word */
		if (n + 1 >= sizeof word)
			too_long = true;
		else
			word[n++] = (char)tolower((unsigned char)ch);
	}
	return false;
}

bool sem_word_in(const char *word, size_t len, const char *const *list)
{
	/* The first letter first: most words of a list differ there, and strlen of each cost more than the test. */
	for (; *list; list++)
		if (len && (*list)[0] == word[0] && strncmp(*list, word, len) == 0 && (*list)[len] == '\0')
			return true;
	return false;
}

static bool word_in_strings(const char *word, size_t len, const gg_strings *s)
{
	for (size_t i = 0; s && i < s->len; i++)
		if (strlen(s->items[i]) == len && strncasecmp(s->items[i], word, len) == 0)
			return true;
	return false;
}

/*
 * Words that make a function evaluation code. Not for a method of an
 * nn.Module or of a framework's class: callers judge those (walk_function).
 */
/* A module's methods that return the module itself: `net.cuda().eval()` is net, moved and put in a mode. */
const char *const sem_returns_self[] = {
	"to", "cuda", "cpu", "eval", "train", "half", "float", "double", "bfloat16", "requires_grad_", NULL,
};

/* torch's wrappers whose forward runs the module they are handed: what they run is that module's. */
const char *const sem_module_wrappers[] = {
	"torch.nn.DataParallel", "torch.nn.parallel.DataParallel", "torch.nn.parallel.DistributedDataParallel",
	"torch.compile", "torch.optim.swa_utils.AveragedModel", NULL,
};

static const char *const eval_words[] = {
	"eval", "evaluate", "evaluation", "evaluating", "valid", "validate", "validation", "validating",
	"val", "test", "testing", "predict", "prediction", "predicting", "inference", "infer", "score",
	"sample", "sampling", "generate", "generation", "decode", "decoding", "translate", NULL,
};
/* Words of an iterable that make its loop evaluation code. */
static const char *const eval_iter_words[] = {
	"val", "valid", "validation", "eval", "evaluation", "test", "testing", "holdout", NULL,
};
/* Words that name a model as the last word of a name. */
static const char *const model_words[] = {
	"model", "models", "net", "network", "encoder", "decoder", "backbone", "head", "unet",
	"generator", "policy", "classifier", "discriminator", "critic", "actor", "teacher",
	"student", "vae", "autoencoder", "regressor", "detector", "segmenter", "transformer", NULL,
};
/* Words that make a model-sounding name something else: build_model(), data_generator. */
static const char *const not_model_words[] = {
	"build", "create", "get", "load", "make", "init", "setup", "wrap", "prepare", "compile",
	"save", "export", "freeze", "unfreeze", "copy", "clone", "new", "instantiate", "construct",
	"data", "batch", "dataset", "loader", "random", "rng", "noise", "seed", "loss", "criterion",
	"metric", "metrics", "fn", "func", "cls", "class", "config", "cfg", "name", "path", "type",
	"registry", "factory", "builder", "kwargs", "args", "params", "state", "dict", "output",
	/* verbs and prepositions: a callee named so is a function that takes a model */
	"unwrap", "quantize", "generate", "check", "available", "run", "apply", "compute", "update", "convert",
	"merge", "prune", "from", "to", "with", "for", "of", "is", "has", "param", "parameter", "print", "log", NULL,
};

static bool is_eval_word(const semantic *c, const char *w, size_t n, void *arg)
{
	(void)arg;
	return sem_word_in(w, n, eval_words) || (c->config && word_in_strings(w, n, &c->config->extra_eval_names));
}

static bool is_eval_word_alone(const semantic *c, const char *w, size_t n, void *arg)
{
	(void)c;
	(void)arg;
	return sem_word_in(w, n, eval_words);
}

bool sem_name_says_eval_alone(span name)
{
	return sem_words_any(NULL, name, is_eval_word_alone, NULL);
}

bool sem_name_says_eval(const semantic *c, span name)
{
	if (span_is(name, "forward") || span_is(name, "__call__"))
		return false;
	/* estimate_loss is nanoGPT's evaluation: two words that only mean it together. */
	if (memmem(name.ptr, name.len, "estimate_loss", 13))
		return true;
	return sem_words_any(c, name, is_eval_word, NULL);
}

/* What a data iterable's name ends in, written onto its split without a separator: testloader, valset. */
static const char *const data_suffixes[] = { "loader", "set", "data", "dataset", "dl", "ds", "iter", "batches", NULL };

bool sem_is_iter_word(const semantic *c, const char *w, size_t n, void *arg)
{
	(void)c;
	(void)arg;
	if (sem_word_in(w, n, eval_iter_words))
		return true;
	/*
	 * One word of two (the tutorials' testloader, validloader, devset): a
	 * split's word, then a data word. "dev" only so: alone, dev_ids are
	 * devices.
	 */
	for (const char *const *s = data_suffixes; *s; s++) {
		size_t k = strlen(*s);
		if (n > k && memcmp(w + n - k, *s, k) == 0 &&
		    (sem_word_in(w, n - k, eval_iter_words) || (n - k == 3 && memcmp(w, "dev", 3) == 0)))
			return true;
	}
	return false;
}

static bool is_not_model_word(const semantic *c, const char *w, size_t n, void *arg)
{
	(void)c;
	(void)arg;
	return sem_word_in(w, n, not_model_words);
}

/*
 * The last word of a snake_case or camelCase name, lower-cased into buf:
 * "encoder" of text_encoder and textEncoder, "net" of q_net2. 0 when none fits.
 */
size_t sem_last_word(span name, char *buf, size_t cap)
{
	size_t end = name.len;
	while (end > 0 && (isdigit((unsigned char)name.ptr[end - 1]) || name.ptr[end - 1] == '_'))
		end--;
	size_t start = end;
	while (start > 0) {
		char ch = name.ptr[start - 1];
		if (ch == '_' || ch == '.')
			break;
		start--;
		if (isupper((unsigned char)ch))
			break; /* the capital starts the camelCase word */
	}
	/* netG, netD: a one-capital suffix names which one, the word before it says what */
	if (end - start == 1 && start > 0 && islower((unsigned char)name.ptr[start - 1]))
		return sem_last_word((span){ name.ptr, start }, buf, cap);
	size_t n = end - start;
	if (n == 0 || n >= cap)
		return 0;
	for (size_t i = 0; i < n; i++)
		buf[i] = (char)tolower((unsigned char)name.ptr[start + i]);
	return n;
}

/* model, ema_model, text_encoder, cls_head, q_net2, and config extra-model-names. */
bool sem_name_says_model(const semantic *c, span name)
{
	if (!name.len || isupper((unsigned char)name.ptr[0]))
		return false; /* Net(...) builds a model; it does not run one */
	if (c->config) {
		const gg_strings *extra = &c->config->extra_model_names;
		for (size_t i = 0; i < extra->len; i++)
			if (span_is(name, extra->items[i]))
				return true;
	}
	/* The last word first: most names are no model's, and it is one word against one list. */
	char buf[32];
	size_t n = sem_last_word(name, buf, sizeof buf);
	if (!n || !(sem_word_in(buf, n, model_words) ||
		    (c->config && word_in_strings(buf, n, &c->config->extra_model_names))))
		return false;
	return !sem_words_any(c, name, is_not_model_word, NULL);
}

bool sem_name_says_model_cached(semantic *c, span name)
{
	size_t slot = sem_span_hash(name) % (sizeof c->says_model / sizeof *c->says_model);
	if (c->says_model[slot].name.ptr && span_eq(c->says_model[slot].name, name))
		return c->says_model[slot].says;
	bool says = sem_name_says_model(c, name);
	c->says_model[slot].name = name;
	c->says_model[slot].says = says;
	return says;
}

bool sem_name_only_called(const semantic *c, span name)
{
	gg_node root = c->funcs[0].def;
	for (const char *p = c->text, *end = c->text + c->len; name.len && (p = memmem(p, (size_t)(end - p), name.ptr, name.len));
	     p += name.len) {
		uint32_t at = (uint32_t)(p - c->text);
		gg_node n = gg_node_named_descendant_for_byte_range(root, at, at + (uint32_t)name.len);
		if (!IS(n, identifier) || gg_node_start_byte(n) != at || gg_node_end_byte(n) != at + name.len)
			continue; /* a comment, a string, a longer name */
		gg_node parent = gg_node_parent(n);
		if (IS(parent, attribute) && !gg_node_eq(FIELD(parent, object), n))
			continue; /* x.name: another object's */
		if (!IS(parent, call) || !gg_node_eq(FIELD(parent, function), n))
			return false;
	}
	return true;
}

bool gg_semantic_name_says_model(const gg_semantic *s, const char *name, size_t len)
{
	static const semantic none; /* no model built: no configuration either */
	const semantic *c = s && s->file ? s->file : &none;
	return sem_name_says_model(c, (span){ name, len });
}

static bool word_listed(const semantic *c, const char *w, size_t n, void *arg)
{
	(void)c;
	return sem_word_in(w, n, (const char *const *)arg);
}

bool gg_name_has_word(const char *name, size_t len, const char *const *words)
{
	return sem_words_any(NULL, (span){ name, len }, word_listed, (void *)words);
}
