#ifndef GG_PROJECT_H
#define GG_PROJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "buf.h"
#include "config.h"
#include "grad_context.h"
#include "semantic/elsewhere.h"

/*
 * A top-level class of the project, as its own file tells it, for the files
 * that use it: what it derives from, what it defines, which of its methods
 * run with grad off. Only classes with such a method are kept.
 */
typedef struct gg_project_class {
	char *name;         /* owned: dotted, "pkg.attack.Attack" */
	gg_strings bases;   /* dotted, as the class's file resolves them */
	gg_strings methods; /* every method it defines itself */
	gg_strings no_grad; /* methods whose body runs with grad off (a grad-disabling decorator) */
	gg_strings guarded; /* methods its file calls (self.m(...)) only with grad off, at least once */
	/* Class attributes bound to imported functions (`decode = decode_function`), and each function's dotted name. */
	gg_strings aliases, alias_targets;
	bool inherits; /* kept because it derives from a class of the index that says something of grad */
} gg_project_class;

/*
 * What a project's files tell each other (SPEC §2, "a workspace index of
 * per-file summaries"): the grad-disabling callables each module defines at
 * its top level (a decorator factory such as smart_inference_mode(), a
 * context-manager class whose __enter__ turns grad off), by dotted name, so
 * that a file importing one knows what it does; and the classes whose methods
 * run with grad off (above). Built before the files are checked; read-only
 * while they are (threads may share it).
 */
typedef struct gg_project {
	gg_strings names; /* "utils.torch_utils.smart_inference_mode", ... */
	gg_strings no_grad_functions; /* top-level functions decorated to run with grad off: "pkg.decoding.decode" */
	/*
	 * Names a library's package binds under another name (`from .sub import X
	 * as Y` in pkg): renamed[i] ("pkg.Y") is renamed_to[i] ("pkg.sub.X").
	 */
	gg_strings renamed, renamed_to;
	/* Files read only when an alias names their module (gg_project_add_deferred): paths as given. */
	gg_strings deferred;
	/*
	 * Files with a top-level class that has bases, read for nothing else
	 * (gg_project_add_deferred): paths as given, and for each the last names
	 * of those bases, space-separated.
	 */
	gg_strings subclass_files, subclass_bases;
	/* gg_project_add_deferred has run: a library's files (read after) are not followed for subclasses. */
	bool subclass_files_done;
	gg_project_class *classes; /* owned */
	size_t classes_len, classes_cap;
	/*
	 * classes by last name (their places, sorted by the class's last name,
	 * then place), made once the classes are all read (gg_project_classes_index);
	 * read only while class_order_len == classes_len. Owned.
	 */
	uint32_t *class_order;
	size_t class_order_len;
	/*
	 * The classes of the files read that derive from an imported class and
	 * say nothing of grad themselves: moved into classes once one of their
	 * bases is found there (gg_project_add_deferred). Owned.
	 */
	gg_project_class *maybe;
	size_t maybe_len, maybe_cap;
	size_t no_grad_methods, guarded_methods; /* over all classes: zero answers every question at once */
	/*
	 * The names of the methods of the project's module classes, other than
	 * forward(), whose body runs a submodule with grad on (project_methods.c):
	 * get_action, inference, sample. Sorted and unique once
	 * gg_project_add_deferred has run.
	 */
	gg_strings forward_methods;
	/*
	 * The attribute names the project's module classes assign a module in
	 * __init__ (`self.blk = SubNet()`, SubNet a module class of that file
	 * or torch's): `agent.blk(x)` in another file runs a submodule. Sorted
	 * and unique as forward_methods.
	 */
	gg_strings submodules;
	/*
	 * The project's top-level classes, "Name module.path": those whose bases
	 * make them modules, and those whose bases are all known to make them
	 * plain (none, object, plain classes of the file). Sorted and unique,
	 * as forward_methods, once gg_project_add_deferred has run.
	 */
	gg_strings module_classes, plain_classes;
	/*
	 * The methods of the project's plain top-level classes that run a module
	 * the class holds (`self.actor = Actor(...)`, then `self.actor(state)` in
	 * select_action), with grad on and no training of their own: "Class.method
	 * module.path" (project_methods.c). An agent holding its networks. Sorted
	 * and unique as the class lists.
	 */
	gg_strings holder_methods;
	/*
	 * The methods of the project's plain top-level classes that put what
	 * the instance holds in eval mode (`self.net_g.eval()` in the body, no
	 * `.train(`): "Class.method module", sorted as holder_methods. A call
	 * of one is the instance's `.eval()` where it is called.
	 */
	gg_strings holder_eval_methods;
	/*
	 * What the methods of the project's top-level classes return as a
	 * tuple, part by part (project_parts.c): "Class.method module MASK",
	 * bit i of MASK set where part i is a plain Python number in every
	 * return. Before gg_project_classes_sort settles them, a bit may wait
	 * on another method's part (a submodule's forward, a method of the
	 * class): pending_parts holds "Class.method module PART
	 * Target.method tmodule POS" (tmodule "-": any), emptied then.
	 */
	gg_strings method_parts, pending_parts;
	/*
	 * Top-level classes whose bases no file had made known when their file
	 * was read (`class GRU4Rec(SequentialRecommender)`, the base in another
	 * file): "Name module" with their bases' last names beside, and the
	 * forward-like methods each would have as a module class, "Name module
	 * method". gg_project_classes_sort settles them: a class with a base
	 * among the module classes (to a fixed point) is one, and its methods
	 * join forward_methods (the class stays out of module_classes). Emptied
	 * then.
	 */
	gg_strings pending_classes, pending_bases, pending_methods;
	/*
	 * A module class's methods that run no submodule themselves but call
	 * one of their own class's methods (`def predict(self, src): return
	 * self.beam_search(src)`): "method callee". Settled in
	 * gg_project_classes_sort: a method whose callee is forward-like is
	 * forward-like too, to a fixed point. Emptied then.
	 */
	gg_strings pending_own_forwards;
	/*
	 * Methods of plain classes that run what the class built from a class
	 * it imports (`self.flow = FlowNet()`, FlowNet from another file):
	 * "Class.method module ctor.dotted". Settled with the pending classes:
	 * where the constructor is a module class, the method joins
	 * holder_methods. Emptied then.
	 */
	gg_strings pending_holders;
	/*
	 * Methods of pending classes that run a module the instance holds,
	 * with grad on and no work of their own, as a plain class's holder
	 * methods: "Class.method module". Where the class settles plain
	 * (its bases all plain), the method joins holder_methods. Emptied then.
	 */
	gg_strings pending_held;
	/*
	 * Module classes whose __init__ freezes their own parameters (a loop
	 * over self.parameters() setting requires_grad to False, or to a
	 * parameter that defaults to False): "Name module -" always, "Name
	 * module PARAM PLACE" unless the constructor is given PARAM (by keyword,
	 * or as positional PLACE after self). Sorted as the class lists.
	 */
	gg_strings frozen_classes;
	/*
	 * Module classes that hold no parameters (a loss or a metric written as
	 * a module: its one base torch's Module, no submodule or Parameter in
	 * its body): "Name module", sorted as the class lists.
	 */
	gg_strings paramless_classes;
	/*
	 * The module classes whose file names a checked framework ("Name module"):
	 * a file that imports one by name runs torch's modules though it never
	 * names torch itself (a class named *Model over pydantic's BaseModel is
	 * in module_classes, not here).
	 */
	gg_strings framework_classes;
	/*
	 * Of those whose one base is torch's Module, the ones whose body runs no
	 * attribute of self (`self.x(...)`, `self.x.f(...)`), or keeps nothing it
	 * is handed (every attribute of self a tensor or a library's layer
	 * without parameters): whatever they are handed (sizes, names) never
	 * runs, so a call computes a fixed function of its input (a mel
	 * spectrogram of audio). "Name module".
	 */
	gg_strings weightless_classes;
	/*
	 * Top-level classes with one base of another name whose body holds no
	 * parameters: "Name module Base" (Base's last name). One whose base is
	 * a parameterless class (to a fixed point: a defence deriving from a
	 * parameterless processor) joins paramless_classes when
	 * gg_project_classes_sort runs. Emptied then.
	 */
	gg_strings pending_paramless;
	/*
	 * Classes whose forward (or __call__) takes gradients of what it
	 * computes (project_graph.c: torch.autograd.grad in its body or in a
	 * method of the file it calls): "Name module", sorted as the class lists.
	 * Such a forward needs its graph, whatever mode its caller is in.
	 */
	gg_strings graph_classes;
	/*
	 * Those of graph_classes whose forward takes its gradient only in a
	 * branch run in training mode (`if self.training:`): "Name module". In
	 * eval mode it takes none; a caller's mode the file cannot tell may be
	 * either, so its forward may differentiate (no wrap proven safe).
	 */
	gg_strings training_graph_classes;
	/*
	 * Module classes that build, in __init__, a part of a class another file
	 * defines: "Class module ctor.dotted" (project_graph.c). Settled when
	 * the classes are sorted: a class whose part is a graph class is one
	 * (to a fixed point). Emptied then.
	 */
	gg_strings pending_graph;
	/* Top-level functions whose body takes a gradient or runs a backward (project_graph.c): "name module", sorted. */
	gg_strings grad_functions;
	/*
	 * The names of the methods of the project's classes, forward and
	 * Module's own API aside, whose body runs a backward or takes a
	 * gradient (a test-time adaptation step that fits a head,
	 * project_graph.c): "method Class module" as scanned, then the names
	 * alone of those whose class is not known to be plain, sorted and
	 * unique, once gg_project_classes_sort has run.
	 */
	gg_strings train_methods;
	/*
	 * The names alone of every method in train_methods as scanned, plain
	 * classes' too, Module's own API aside, sorted and unique: a call of
	 * one, on whatever object, needs autograd where it runs (an attack's
	 * `perturb` that takes the input's gradient), so no fix wraps it.
	 */
	gg_strings grad_methods;
	/*
	 * Methods that add a parameter into their object (`self.sum += val * n`,
	 * `self.items.append(x)`), any class's, as scanned: "module.Class
	 * method PLACE", PLACE the parameter's among a call's positional
	 * arguments (self not counted). A meter handed a loss with its history
	 * keeps every iteration's graph (GG002).
	 */
	gg_strings accumulators;
	/*
	 * Of those methods, what turns their training off, as scanned
	 * (project_graph.c): "method PARAM PLACE POL" where every backward of
	 * the body sits under a test of parameter PARAM (PLACE among a call's
	 * arguments, self not counted; POL '+' training where it is true, '-'
	 * where false), else "method -". Sorted once the classes are.
	 */
	gg_strings flag_methods;
	/*
	 * Method names some module class (or one pending) of the project runs
	 * with grad off (decorated, or a with in its body): a name one class
	 * runs without grad is no forward by its name alone, and
	 * gg_project_classes_sort takes it out of forward_methods; nor is it a
	 * submodule because its name says model (`model.eval_network(...)`).
	 * Sorted and unique then.
	 */
	gg_strings off_methods;
	/*
	 * The names of the methods the project's plain classes define that
	 * record no graph: they run no module, or only under no_grad (a
	 * tokenizer's encode, a wrapper's inference). A receiver whose class is
	 * not known may hold one of those. Sorted and unique then.
	 */
	gg_strings plain_methods;
	/*
	 * The project's top-level functions that run a module they are handed,
	 * "name module.path PLACE PARAM" (project_functions.c). Sorted and unique
	 * as the class lists.
	 */
	gg_strings param_forwarders;
	/*
	 * Top-level functions that hand a parameter on to another function
	 * (`def score(net, seq): return -losses(net, seq).mean()`): "name
	 * module PLACE PARAM callee.dotted CALLEE_PLACE". A forwarder too once
	 * the callee is one at that place: gg_project_classes_sort settles them
	 * to a fixed point (a chain of helpers across files), then empties it.
	 */
	gg_strings pending_forwarders;
	/*
	 * Top-level functions that call a method of a parameter (`def
	 * score_all(data, model): return model.embed_all(data)`): "name module
	 * PLACE PARAM method". A forwarder once the method is a forward-like
	 * method of the project's module classes (settled with forward_methods
	 * in gg_project_classes_sort), then emptied.
	 */
	gg_strings pending_method_forwarders;
	/*
	 * Those that hand back a module in eval mode, "name module.path PART"
	 * (PART: its place in a returned tuple, 0 for the value itself), then
	 * " frozen" where the loader also turns requires_grad off. Sorted
	 * and unique as well.
	 */
	gg_strings eval_loaders;
	/*
	 * Top-level functions whose result is a module by its origin
	 * (project_makers.c): "name module KIND", KIND `m` where every return
	 * builds a module class of the project (directly, through a local,
	 * through a helper that hands its argument back, or through another
	 * such function), `h` where every return hands the first parameter
	 * back (`def prepare(net, ids): ...; return net`), `t` where every
	 * return is a tuple whose first element builds one (`return net,
	 * losses`); then `l` where the body loads state (what it hands back is
	 * trained, not fresh). Sorted and unique as the others.
	 */
	gg_strings module_makers;
	/*
	 * The functions whose returns are all calls (or locals bound to calls),
	 * pending what those calls build: "name module L SRC...", L `l` or `-`
	 * as above (`t` or `_` where the returns are tuples, SRC their first
	 * elements), each SRC `C` (a call of C, dotted) or `H>C` (a call of H
	 * handed what C built). One whose every SRC builds a module joins
	 * module_makers when gg_project_classes_sort runs, to a fixed point.
	 * Emptied then.
	 */
	gg_strings pending_makers;
	/*
	 * Where files call functions they import from a module of the project
	 * (`from test import validation`, then `validation(...)`): "name
	 * module G" per call, module as the import spells it (leading dots
	 * dropped), G 1 when grad is off there (an enclosing `with
	 * torch.no_grad()`, a decorated def), 2 when it is on in a def that
	 * runs a backward after it, 3 where the name is handed on, not called
	 * (a table of decoders: called elsewhere, in a mode unknown), else 0.
	 * Sorted, as the others.
	 */
	gg_strings outside_calls;
	/*
	 * The attribute names the project's files call or name (`tool.predict(`,
	 * `fn=tool.predict`), whatever holds them: "name G", G 1 where a call
	 * runs with grad off (9 with no argument), 0 where with it on, 2 where with it on in a def
	 * that runs a backward after it (its result may be that loss), 4 where
	 * with it on on self (the class's own call; 5 in such a def), 6 with it
	 * on and no argument (`x.name()`), 7 with it on and its result dropped
	 * (8 on self; neither becomes 2 or 5), 3 where the name is read
	 * without a call (a bound method handed on), then the calling file's
	 * module ("test 0 train"). One entry per file and
	 * mode, a test's only with grad off; sorted and unique once settled.
	 * A method of a plain class is run so wherever it is run (calls.c).
	 */
	gg_strings method_calls;
	/*
	 * Classes another file builds handing them its own module: a call of
	 * an imported class with a bare `self` among its arguments, in a class
	 * whose bases say Module (`judge = Evaluator(self)` in a model's
	 * train()): "Name module" as the import spells it, sorted and unique.
	 * A torch-free file that defines one runs what it holds.
	 */
	gg_strings handed_classes;
	bool classes_sorted;
} gg_project;

void gg_project_init(gg_project *p);
void gg_project_free(gg_project *p);

/*
 * The index as bytes (project_store.c), for the check's cache: appended to
 * b; equal indexes write equal bytes. 0 or -ENOMEM.
 */
int gg_project_write(const gg_project *p, gg_buf *b);

/*
 * Whether the file's text could define such a callable or class at all: it
 * names no_grad or inference_mode other than in a plain `with torch.no_grad():`
 * or `@torch.no_grad()` at top level, or has an __enter__ or a contextmanager and a grad-mode
 * name, or has a class and an indented plain use that can make an export (a
 * decorated forward-like method, or a decorated or with body that calls
 * `self.m(` for a function m of the file). Cheap (a text scan); a false
 * answer is certain but for a with whose body shares its line, a true one
 * only a maybe.
 */
bool gg_project_may_export(const char *text, size_t len);

/*
 * Reads one file's exports: path is its path (the module's dotted name is
 * made from it: utils/torch_utils.py -> utils.torch_utils). Returns 0 or a
 * negative errno.
 */
int gg_project_add_file(gg_project *p, gg_analyzer *a, const char *path, const char *text, size_t len);

/*
 * One file of the project (or of a library) read into the index: when it
 * names the framework, its imports go to wanted (gg_project_imports_scan;
 * NULL: not scanned) and, when it may export
 * something (gg_project_may_export), its exports to p under path's module
 * name; a file whose only such thing is a top-level function decorated to
 * run with grad off is put off (gg_project_add_deferred). *tree (tree not
 * NULL): the parse of text when the index made one, the caller's to delete
 * (gg_analyzer_exports), else NULL. Returns 0 or a negative errno.
 */
int gg_project_add_source(gg_project *p, gg_analyzer *a, const char *path, const char *text, size_t len,
			  gg_strings *wanted, TSTree **tree);

/*
 * Reads the files gg_project_add_source put off: those that decorate top-level
 * functions to run with grad off, whose module a class alias of the index
 * names; then those whose top-level classes derive from a class of the index
 * (by its last name), in rounds, so that a subclass in a file of its own
 * inherits what its base's methods do. base (NULL: none) is the folder their
 * paths are relative to. Call after the project's files, before the
 * libraries. Returns 0 or -ENOMEM.
 */
int gg_project_add_deferred(gg_project *p, gg_analyzer *a, const char *base);

/* One `from M import name [as bound]` of a file: spans into its text, M without a relative import's dots; name "*" for a star import. */
typedef struct gg_project_import {
	gg_text_span module, name, bound;
	bool relative; /* `from .m import x`: the project's own, by its dots */
} gg_project_import;

typedef struct gg_project_imports {
	gg_project_import *items; /* owned: free(items) */
	size_t len, cap;
} gg_project_imports;

/*
 * Every `from ... import ...` of text, torch's own left out, into out
 * (appended): read once per file, for the scans below. Returns 0 or -ENOMEM.
 */
int gg_project_imports_read(const char *text, size_t len, gg_project_imports *out);
/* The first of imports that binds name (n bytes) in its file, or NULL. */
const gg_project_import *gg_project_import_of(const gg_project_imports *imports, const char *name, size_t n);

/*
 * Notes what text's classes are (project_methods.c, a text scan; module is
 * the file's dotted module name): its top-level module and plain classes,
 * and the forward-like methods of its module classes (a class whose bases
 * say Module or Model, a method whose body calls self(...),
 * self.forward(...) or a submodule the file builds, not decorated or wrapped
 * grad-off). A base the file imports from a library libs says builds plain
 * objects and that is not built on torch (sklearn's BaseEstimator) is plain
 * (libs may be NULL); imports: the file's (gg_project_imports_read).
 * gg_project_add_source calls it on every file. 0 or -ENOMEM.
 */
int gg_project_classes_scan(gg_project *p, const char *module, const char *text, size_t len,
			    const gg_project_imports *imports, const struct gg_library_facts *libs);
/* The first entry of s (sorted "name ..." entries: the class and function lists) for name, or s->len. */
size_t gg_project_entries_lower(const gg_strings *s, const char *name, size_t n);
/*
 * Notes what text's classes' methods return part by part (project_parts.c,
 * a text scan; module and imports as for the classes). 0 or -ENOMEM.
 */
int gg_project_parts_scan(gg_project *p, const char *module, const char *text, size_t len,
			  const gg_project_imports *imports);
/* Settles method_parts (gg_project_classes_sort does). 0 or -ENOMEM. */
int gg_project_parts_settle(gg_project *p);
/*
 * The parts of what module class dotted's forward() returns that are plain
 * Python numbers (bit i: part i), or 0 when none is known to be.
 */
uint32_t gg_project_forward_numbers(const gg_project *p, const char *dotted, size_t len);
/*
 * Indexes the classes by last name for the lookups of the check (the
 * index's last reads, gg_project_add_deferred and gg_project_add_libraries,
 * call it). 0 or -ENOMEM (the lookups then scan).
 */
int gg_project_classes_index(gg_project *p);
/* Sorts and dedupes the lists (gg_project_add_deferred does). */
int gg_project_classes_sort(gg_project *p); /* 0 or -ENOMEM */
/*
 * Notes text's top-level functions that run a module handed to them
 * (project_functions.c, a text scan; module as for the classes). 0 or -ENOMEM.
 */
int gg_project_functions_scan(gg_project *p, const char *module, const char *text, size_t len,
			      const gg_project_imports *imports);
/* Whether a method name is never taken for a forward: a module's own API (`eval`, `to`), what every object has, a private name. */
bool gg_project_method_excluded(const char *name, size_t n);
/* Settles pending_method_forwarders into param_forwarders once forward_methods is whole and sorted (project_functions.c). */
int gg_project_method_forwarders_settle(gg_project *p);
/* Settles pending_forwarders into param_forwarders (project_functions.c); gg_project_classes_sort calls it. */
int gg_project_forwarders_settle(gg_project *p);
/* Sorts a list of the index's entries and drops repeats (freeing them). */
void gg_project_sort_unique(gg_strings *s);
/* What a pending entry settles to: *out (owned by the caller) where it does, left NULL where not yet. 0 or -ENOMEM. */
typedef int (*gg_project_settle_fn)(gg_project *p, const char *entry, char **out);
/*
 * Moves what fn settles of pending into settled, to a fixed point (a chain
 * across files): each pass sorts settled, as fn's lookups need, and adds
 * what it settled once the pass is done. Empties pending; settled is left
 * sorted and unique. 0 or -ENOMEM.
 */
int gg_project_settle(gg_project *p, gg_strings *pending, gg_strings *settled, gg_project_settle_fn fn);
/* Whether a list sorted in byte order (gg_project_sort_unique's, strcmp's) holds the len bytes at name (no NUL needed). */
bool gg_project_names_has(const gg_strings *s, const char *name, size_t len);
/*
 * Notes where text (module's, dotted) calls functions it imports by name
 * (outside_calls) and methods (method_calls); with test (text is a test
 * module's), only its calls before a backward. 0 or -ENOMEM.
 */
int gg_project_calls_scan(gg_project *p, const char *module, const char *text, size_t len, const gg_project_imports *imports,
			  bool test);
/*
 * Whether dotted (module.function, as an import resolves it) is such a
 * function: *place is the parameter's place among the positional ones and
 * *param its name (pointing into the index).
 */
bool gg_project_param_forwarder(const gg_project *p, const char *dotted, size_t len, unsigned *place, const char **param,
				size_t *param_len);
/*
 * Of the calls other files of the project make of function name of the
 * module whose dotted path is module (a file's path from the project root,
 * as gg_project_module_of gives it): how many run with grad off and how many
 * with it on, and of those how many sit in a function that runs a backward
 * (*trains: their result may be its loss).
 */
/*
 * How the project's files call methods named name (method_calls), with
 * takes_args leaving out the calls with no argument (`x.name()`): *off
 * whether some call runs with grad off, *other whether some runs with it on
 * or the name is handed on without a call (module's own calls on self or its
 * parts left out, when module is given: its call graph resolves them), *users
 * (NULL: not asked) whether some call with grad on is on another object than
 * self (`agent.test(...)`)
 * in a file other than module's (NULL: any file), *trains (NULL: not asked)
 * whether some call, in a file other than module's, keeps the result in a
 * def that runs a backward after it (the result may be that loss).
 */
void gg_project_method_calls(const gg_project *p, const char *name, size_t n, bool takes_args, bool *off, bool *other,
			     bool *users, bool *trains, const char *module);
/* Whether some file of the project imports a function named name (of any module) and calls or hands it on. */
bool gg_project_called_elsewhere(const gg_project *p, const char *name, size_t n);
void gg_project_outside_calls(const gg_project *p, const char *name, size_t n, const char *module, size_t module_len,
			      size_t *off, size_t *on, size_t *trains);
/* The dotted module of a path relative to the project root: ./pkg/utils.py -> pkg.utils, pkg/__init__.py -> pkg. */
int gg_project_module_of(const char *path, gg_buf *out);
/* Whether dotted (module.function) hands back a module in eval mode; *part: its place in a returned tuple. */
bool gg_project_eval_loader(const gg_project *p, const char *dotted, size_t len, unsigned *part);
/* Whether that loader also turns requires_grad off for what it loads (a module that records no graph). */
bool gg_project_frozen_loader(const gg_project *p, const char *dotted, size_t len);
/*
 * Notes, for function name of module, what its returns are (project_makers.c):
 * its body is [start, end), param its first positional parameter (NULL:
 * none). 0 or -ENOMEM.
 */
int gg_project_makers_note(gg_project *p, const char *module, const char *name, size_t n, const char *param,
			   size_t param_len, const char *start, const char *end, const gg_project_imports *imports);
/* Settles pending_makers (gg_project_classes_sort, once the classes are sorted). 0 or -ENOMEM. */
int gg_project_makers_settle(gg_project *p);
/* Whether dotted (module.function) hands back a module by its origin; *loads: state loaded into it on the way. */
bool gg_project_makes_module(const gg_project *p, const char *dotted, size_t len, bool *loads);
/* Whether dotted is a function of the project whose every return is a tuple that hands such a module first; *loads as above. */
bool gg_project_makes_module_first(const gg_project *p, const char *dotted, size_t len, bool *loads);
/* Whether dotted hands its first argument back (moved, wrapped or not); *loads as above. */
bool gg_project_hands_back(const gg_project *p, const char *dotted, size_t len, bool *loads);
/* The one module class a settled factory's returns build, dotted as its entry spells it (pointing into the index), or empty. */
gg_text_span gg_project_maker_class(const gg_project *p, const char *dotted, size_t len);
/*
 * The entry of s (sorted "name module[ rest]" entries) for dotted
 * (module.function, as an import resolves it; a relative import's dots
 * matched by the tail): what follows the module, or NULL.
 */
const char *gg_project_function_entry(const gg_project *p, const gg_strings *s, const char *dotted, size_t len);
/*
 * What the class an import resolves to (dotted: module.Class, its module
 * matched by gg_project_module_names, a re-exporting package too; a bare
 * Class: any module's) is: 1 a module, -1 a plain class,
 * 0 unknown (not the project's, or two such classes disagree).
 */
int gg_project_class_kind(const gg_project *p, const char *dotted, size_t len);
/*
 * Whether a class of the project is what dotted names with every package it
 * spells: its module ends with dotted's whole module, not only with a tail
 * of it (`jittor.lib.net.Net` against the project's `lib.net.Net` is not).
 */
bool gg_project_class_spelled(const gg_project *p, const char *dotted, size_t len);
/* Whether name is a forward-like method of some module class of the project. */
bool gg_project_forward_method(const gg_project *p, const char *name, size_t len);
/* Whether some module class of the project assigns self.<name> a module in its __init__ (a submodule's name). */
bool gg_project_submodule(const gg_project *p, const char *name, size_t len);
/* Whether some module class of the project defines a method of that name that runs with grad off (off_methods). */
bool gg_project_off_method(const gg_project *p, const char *name, size_t len);
/* Whether some plain class of the project defines a method of that name that records no graph (plain_methods). */
bool gg_project_plain_method(const gg_project *p, const char *name, size_t len);
/*
 * Whether the module class dotted (module.Class, or Class alone: of any
 * module) freezes its own parameters in __init__: true with *param NULL
 * always; with *param (len *param_len, borrowed) and *place when only
 * unless the constructor is handed that parameter.
 */
/*
 * Notes text's classes whose forward takes gradients of what it computes
 * (project_graph.c, a text scan of a file that names autograd; module as
 * for the classes). 0 or -ENOMEM.
 */
int gg_project_graph_scan(gg_project *p, const char *module, const char *text, size_t len,
			  const gg_project_imports *imports);
/* Settles pending_graph into graph_classes (gg_project_classes_sort calls it, the graph classes sorted). 0 or -ENOMEM. */
int gg_project_graph_settle(gg_project *p);
/*
 * Whether the class dotted names (module.Class, or Class alone: of any
 * module) has a forward that takes gradients of its own output; with dotted
 * NULL, whether any class of the project has.
 */
bool gg_project_class_takes_grad(const gg_project *p, const char *dotted, size_t len);
/* Whether the class dotted names is one of those whose forward takes them only in training mode (training_graph_classes). */
bool gg_project_class_takes_grad_training(const gg_project *p, const char *dotted, size_t len);
/*
 * Whether the module named module (exactly, n bytes) defines a class whose
 * forward takes gradients of its own output (in eval mode too).
 */
bool gg_project_module_takes_grad(const gg_project *p, const char *module, size_t n);
/*
 * Whether every method of the project named name that trains does so only
 * under a test of one parameter, the same in each (flag_methods): *param
 * (borrowed, *param_len), *place, and *pol ('+': trains where it is true).
 */
bool gg_project_flag_method(const gg_project *p, const char *name, size_t len, const char **param, size_t *param_len,
			    unsigned *place, char *pol);
/* Whether name is one of train_methods: calling it trains. */
bool gg_project_train_method(const gg_project *p, const char *name, size_t len);
/* Whether name is one of grad_methods: a call of it needs autograd. */
bool gg_project_grad_method(const gg_project *p, const char *name, size_t len);
/* Whether dotted (module.function, as an import resolves it) takes a gradient or runs a backward in its body. */
bool gg_project_function_takes_grad(const gg_project *p, const char *dotted, size_t len);
/* Whether dotted names a module class of the project that holds no parameters. */
bool gg_project_class_paramless(const gg_project *p, const char *dotted, size_t len);
/* Whether dotted names a module class whose file names a checked framework (framework_classes). */
bool gg_project_class_in_framework(const gg_project *p, const char *dotted, size_t len);
/*
 * Whether text, a file of p's project that never names a checked framework,
 * runs its modules all the same: it puts what it is handed in eval mode
 * (`model.eval()`, an evaluation helper that never imports torch), in a
 * project that defines module classes; or it defines a class that another
 * file's module builds with itself (handed_classes: `Evaluator(self)`).
 */
/* Whether the plain class dotted names has a method that runs a module it holds (holder_methods). */
bool gg_project_holder_class(const gg_project *p, const char *dotted, size_t len);
bool gg_project_text_runs_modules(const gg_project *p, const char *text, size_t len);
/* Whether dotted names a parameterless module class that nothing handed to it can make record (weightless_classes). */
bool gg_project_class_weightless(const gg_project *p, const char *dotted, size_t len);
bool gg_project_class_frozen(const gg_project *p, const char *dotted, size_t len, const char **param,
			     size_t *param_len, int *place);
/* Whether method of the class an import resolves to (dotted: module.Class) is one of holder_methods. */
bool gg_project_holder_method(const gg_project *p, const char *dotted, size_t len, const char *method, size_t method_len);
/* Whether method of that class is one of holder_eval_methods. */
bool gg_project_holder_eval_method(const gg_project *p, const char *dotted, size_t len, const char *method,
				   size_t method_len);

/* Whether the shorter of a and b ends the longer one at a dot (or they are equal): the index's names matched by their dotted tails. */
bool gg_project_dotted_suffix(const char *a, size_t an, const char *b, size_t bn);

/*
 * Whether dotted (an import's module, leading dots dropped) names module (the
 * module a name of the index lives in, as its path makes it): one ends the
 * other at a dot, so that the project's root and the package layout need not
 * agree; or dotted is a package above module (a run of its names, more after)
 * that re-exports the names of its modules (pkg/__init__.py: from .sub import
 * X, and the user writes from pkg import X). The one rule for every lookup of
 * the index by module: wrappers, classes' grad facts and class kinds.
 */
bool gg_project_module_names(const char *module, size_t n, const char *dotted, size_t len);

/* Records that module.name is module_to.name_to (a re-export under another name). Returns 0 or -ENOMEM. */
int gg_project_rename(gg_project *p, const char *module, const char *name, const char *module_to, const char *name_to);

/*
 * What a file of the project imports from outside it, appended to wanted for
 * gg_project_add_libraries: "module" for `import module`, "module:name" for
 * `from module import name`; relative imports and torch's own are left out.
 * A text scan (any indentation, parenthesised and continued lines). Returns
 * 0 or -ENOMEM.
 */
int gg_project_imports_scan(gg_strings *wanted, const char *text, size_t len);
/* One import: module (dotted, maybe relative), name ("" for `import module`), alias (the bound name, or ""). */
typedef int (*gg_project_import_fn)(void *ctx, gg_text_span module, gg_text_span name, gg_text_span alias);
/*
 * Calls fn for each import of text (project_libraries.c's text scan: any
 * indentation, parenthesised and continued lines), stopping at its first
 * non-zero return, which it returns.
 */
int gg_project_imports_each(const char *text, size_t len, gg_project_import_fn fn, void *ctx);

/*
 * Reads into p what the libraries behind wanted (gg_project_imports_scan;
 * sorted here, so the caller's scratch) define: each module is looked up
 * under roots (the environment's folders, first first) unless project_root
 * (NULL: the current folder) holds its top package, read with the same
 * pre-pass as the project's files, and a name its package only re-exports
 * is followed to where it is defined. Bounded in files and depth. Returns 0
 * or -ENOMEM; *files is how many library files were read.
 */
int gg_project_add_libraries(gg_project *p, gg_analyzer *a, const gg_strings *roots, const char *project_root,
			     gg_strings *wanted, size_t *files);

/* What gg_project_add_own reads from. */
typedef struct gg_project_own {
	const char *root;          /* the project's folder: the configuration's, or NULL (the current one) */
	char *const *checked; /* the files being checked, read into the index already: paths as given */
	size_t checked_len;
	/* Whether a walk of the folder root would leave its file below out (exclude patterns, .gitignore); NULL: none is. */
	bool (*excluded)(void *ctx, const char *root, const char *below);
	void *ctx;
	gg_strings *wanted; /* what the checked files import (gg_project_imports_scan); what the modules read import is appended */
} gg_project_own;

/*
 * When the files checked are not the whole project (files named one by one,
 * as pre-commit names the changed ones): reads into p the modules of the
 * project's own that they import, as gg_project_add_source reads the
 * project's files, so that an imported class, wrapper or forward-like method
 * is known as under a check of the whole project. A module is looked up as
 * Python's path finder would, under the project's folder and then each
 * checked file's own; what its package re-exports is followed to where it
 * is defined, and what each module read imports in turn, bounded as the
 * libraries are. A checked file is not read twice. Call before
 * gg_project_add_deferred. Returns 0 or -ENOMEM; *files is how many files
 * were read.
 */
int gg_project_add_own(gg_project *p, gg_analyzer *a, const gg_project_own *own, size_t *files);

/*
 * Whether the dotted name an import resolves to (utils.torch_utils.x, or
 * .torch_utils.x from a relative import) names a grad-disabling callable of
 * the project: one is a suffix of the other at a dot, so the project's root
 * and the package layout need not agree.
 */
bool gg_project_disables_grad(const gg_project *p, const char *dotted, size_t len);

/* Whether dotted (as for gg_project_disables_grad) names a top-level function of the project decorated to run with grad off. */
bool gg_project_no_grad_function(const gg_project *p, const char *dotted, size_t len);


/*
 * Whether method of the project class an import resolves to (cls, dotted as
 * for gg_project_disables_grad) has fact: the class itself or, when it does
 * not define the method, its bases in the index, first base first. A method
 * bound by a class attribute to an imported function runs with grad off when
 * that function does (GG_ELSEWHERE_NO_GRAD). A class or base the index lacks
 * answers false.
 */
bool gg_project_method(const gg_project *p, const char *cls, size_t len, const char *method, size_t method_len,
		       gg_elsewhere_fact fact);
/* The place of the parameter method of the class cls names adds into its object (accumulators), or -1. */
int gg_project_accumulates(const gg_project *p, const char *cls, size_t len, const char *method, size_t method_len);

/* The index seen through the one interface the semantic model is given (semantic/elsewhere.h); NULL for NULL. */
const gg_elsewhere *gg_project_elsewhere(const gg_project *p);

#endif
