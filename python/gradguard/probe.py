"""gradguard.probe: what an evaluation forward really kept, measured at run time.

The static checker says "this forward may keep activations for a backward";
the probe watches the program run and says how much it did keep, where:

    python -m gradguard run eval.py ARGS...      # a whole program
    with gradguard.probe.watch(): ...            # a block
    gradguard.probe.install()                    # a notebook, until report()/uninstall()

It needs the standard library and torch (1.13 or later) only. Global
module-forward hooks (torch.nn.modules.module.register_module_forward_pre_hook
and register_module_forward_hook) see every forward; for the outermost one
(a model's submodules are not counted again) it records, per call site (the
first frame outside torch and outside gradguard):

- the calls, those in eval mode, those with grad enabled, whether any of the
  module's parameters requires grad;
- the bytes saved for backward during the forward, measured exactly with
  torch.autograd.graph.saved_tensors_hooks: the storages of the saved tensors,
  each counted once per call, the module's own parameters and buffers left out
  (they live anyway); whether a backward later read them;
- GG001: an eval-mode forward with grad enabled that saved bytes no backward
  ever read ("kept 1.3 GB of activations over 500 calls for a backward that
  never came");
- GG002: the autograd graphs of a site's earlier calls still alive at a later
  call of the same site (the saved tensors' holders are weakly referenced):
  outputs or losses accumulated with their history.

When grad is disabled (no_grad, inference_mode, set_grad_enabled(False)),
nothing is saved and the probe does no more than find the call site: see
docs/probe.md for the overhead and docs/performance.md for its measurement.
"""
import os
import sys
import threading
import weakref

__all__ = ["Probe", "watch", "install", "uninstall", "report", "current"]

# A site's graphs alive at once, not counting its latest call, from which on
# GG002 is reported: `prev = out` keeps one on purpose, a list or a sum keeps
# them all.
GG002_MIN_ALIVE = 2
# How far a nested forward looks up the stack for the outermost one's frame
# before it takes that forward for abandoned (it raised).
_NEST_LOOKUP = 256


def _torch():
    import torch  # noqa: F401  (imported late: `python -m gradguard` works without torch)
    import torch.autograd.graph  # noqa: F401
    import torch.nn.modules.module  # noqa: F401
    return torch


def _missing_features(torch):
    """What the probe needs that this torch lacks (empty when all is there)."""
    missing = []
    mm = torch.nn.modules.module
    for name in ("register_module_forward_pre_hook", "register_module_forward_hook"):
        if not hasattr(mm, name):
            missing.append("torch.nn.modules.module." + name)
    if not hasattr(getattr(torch.autograd, "graph", None), "saved_tensors_hooks"):
        missing.append("torch.autograd.graph.saved_tensors_hooks")
    return missing


def _storage_reader(torch):
    """(data_ptr, nbytes) of a tensor's storage: untyped_storage() from torch 2.0, storage() before."""
    if hasattr(torch.Tensor, "untyped_storage"):
        def read(t):
            s = t.untyped_storage()
            return s.data_ptr(), s.nbytes()
    else:
        def read(t):
            s = t.storage()
            return s.data_ptr(), s.nbytes()

    def safe(t):
        try:
            return read(t)
        except Exception:  # sparse, meta, nested tensors: their elements, keyed by the tensor
            return ("t", id(t)), t.numel() * t.element_size()
    return safe


class Site:
    """One call site (a call instruction of the user's code) and what its forwards did."""

    __slots__ = ("filename", "line", "column", "end_line", "end_column", "function", "function_lines",
                 "call", "text", "module", "calls", "eval_calls", "grad_calls", "params_require_grad",
                 "bytes_total", "bytes_peak", "bytes_backward", "saving_calls", "first_step", "last_step",
                 "graphs", "alive_max", "alive_bytes", "alive_call", "cell", "notebook")

    def __init__(self, filename, line, column, end_line, end_column, function, function_lines, call, text):
        self.filename = filename
        self.line = line
        self.column = column          # 1-based, code points; None when Python does not say (before 3.11)
        self.end_line = end_line
        self.end_column = end_column  # exclusive
        self.function = function
        self.function_lines = function_lines  # (first, last) line of the function the call is in
        self.call = call              # the call's text, "model(x)"
        self.text = text              # the stripped text of the line, for staleness checks
        self.cell = None              # a notebook cell's: its source as the kernel ran it (filename names no file)
        self.notebook = None          # ... and the notebook's path, when the kernel says
        self.module = None            # the class of the module called, as last seen
        self.calls = 0
        self.eval_calls = 0           # the module was in eval mode
        self.grad_calls = 0           # ... and grad was enabled
        self.params_require_grad = False
        self.bytes_total = 0          # saved for backward by the eval-mode calls
        self.bytes_peak = 0           # the most one such call saved
        self.bytes_backward = 0       # of bytes_total, what a backward read later
        self.saving_calls = 0         # eval-mode calls that saved something
        self.first_step = None        # the run's count of outermost forwards at the first eval-mode call
        self.last_step = None
        self.graphs = []              # (weakref to a _Marker or None, to a _Ticket, bytes, step): graphs that may be alive
        self.alive_max = 0            # GG002: the most earlier graphs alive at one call
        self.alive_bytes = 0          # ... and what they held
        self.alive_call = None        # ... at this call of the site (1-based)

    @property
    def bytes_kept(self):
        """Saved by eval-mode forwards for a backward that never came."""
        return self.bytes_total - self.bytes_backward


class _Ticket:
    """One forward's saved tensors point here; it dies with the last of them (the graph freed)."""

    __slots__ = ("site", "bytes", "eval", "backward", "counted", "__weakref__")

    def __init__(self, site, is_eval):
        self.site = site
        self.bytes = 0
        self.eval = is_eval
        self.backward = False  # a backward read one of its tensors
        self.counted = False   # its bytes are in its site's bytes_total (the forward ended)


class _Marker:
    """Hooked on a forward output's grad_fn, it lives as long as that node of the graph: the
    output's history is alive while it is (after a backward too, which frees only the saved tensors)."""

    __slots__ = ("__weakref__",)

    def __call__(self, *args):
        return None


def _grad_fn_of(output):
    """The grad_fn of the output's first tensor with one (a tensor, a tuple/list or a dict of them), or None."""
    fn = getattr(output, "grad_fn", None)
    if fn is not None:
        return fn
    items = output.values() if isinstance(output, dict) else output if isinstance(output, (tuple, list)) else ()
    for item in items:
        fn = getattr(item, "grad_fn", None)
        if fn is not None:
            return fn
    return None


class _Packed:
    """What the graph holds instead of a saved tensor: the tensor (detached: no cycle through its grad_fn) and the ticket."""

    __slots__ = ("tensor", "ticket")

    def __init__(self, tensor, ticket):
        self.tensor = tensor
        self.ticket = ticket


class _Call:
    """The outermost forward in progress on a thread."""

    __slots__ = ("module", "frame", "site", "ticket", "seen", "own", "pushed")

    def __init__(self, module, frame, site, ticket, pushed):
        self.module = module
        self.frame = frame    # the hook's caller (the module's __call__): nested forwards find it above them
        self.site = site
        self.ticket = ticket  # None when grad was disabled: nothing can be saved
        self.seen = set()     # storages counted in this call
        self.own = None       # the module's parameters' and buffers' storages, on the first save
        self.pushed = pushed


class Probe:
    """The hooks and what they measured. One is installed at a time (install())."""

    def __init__(self):
        torch = _torch()
        missing = _missing_features(torch)
        if missing:
            raise RuntimeError("gradguard.probe needs torch 1.13 or later; this torch (%s) lacks %s"
                               % (getattr(torch, "__version__", "?"), ", ".join(missing)))
        self.torch = torch
        self.torch_version = str(getattr(torch, "__version__", "?"))
        self.sites = {}        # (code, lasti) -> Site
        self.steps = 0         # outermost forwards seen
        self._local = threading.local()
        self._handles = []
        self._internal = {}    # code object -> whether its frames are torch's or gradguard's
        self._storage = _storage_reader(torch)
        self._is_grad_enabled = torch.is_grad_enabled
        self._push = torch._C._autograd._push_saved_tensors_default_hooks
        self._pop = torch._C._autograd._pop_saved_tensors_default_hooks
        # Frames in these folders are not the user's (as written and as resolved: a code
        # object's file name is whatever the import system used).
        dirs = (os.path.dirname(os.path.abspath(torch.__file__)), os.path.dirname(os.path.abspath(__file__)))
        self._skip_dirs = tuple({os.path.join(f(d), "") for d in dirs for f in (str, os.path.realpath)})

    # -- installation -------------------------------------------------------

    def start(self):
        mm = self.torch.nn.modules.module
        if not self._handles:
            pre = mm.register_module_forward_pre_hook(self._pre_hook)
            try:  # torch 2.0 on: the hook runs even when the forward raises
                post = mm.register_module_forward_hook(self._post_hook, always_call=True)
            except TypeError:  # 1.13: a forward that raised is noticed at the next one (_pre_hook)
                post = mm.register_module_forward_hook(self._post_hook)
            self._handles = [pre, post]
        return self

    def stop(self):
        for h in self._handles:
            h.remove()
        self._handles = []
        call = getattr(self._local, "call", None)
        if call is not None:  # stopped inside a forward (or after one that raised)
            self._end_call(call)

    # -- the hooks ----------------------------------------------------------

    def _is_internal(self, code):
        known = self._internal.get(code)
        if known is None:
            name = code.co_filename
            known = name.startswith(self._skip_dirs) or name.startswith("<frozen runpy")
            self._internal[code] = known
        return known

    def _site(self, frame):
        """The Site of the first frame above frame that is neither torch's nor gradguard's."""
        while frame is not None and self._is_internal(frame.f_code):
            frame = frame.f_back
        if frame is None:
            return None
        key = (frame.f_code, frame.f_lasti)
        site = self.sites.get(key)
        if site is None:
            site = self.sites[key] = _make_site(frame)
        return site

    def _pre_hook(self, module, inputs):
        local = self._local
        call = getattr(local, "call", None)
        frame = sys._getframe(1)
        if call is not None:
            # A nested forward, unless the outermost one raised and never returned.
            f = frame.f_back
            outer = call.frame
            for _ in range(_NEST_LOOKUP):
                if f is None:
                    break
                if f is outer:
                    return None
                f = f.f_back
            self._end_call(call)
        site = self._site(frame)
        if site is None:
            return None
        self.steps += 1
        site.calls += 1
        site.module = type(module).__name__
        is_eval = not module.training
        grad = self._is_grad_enabled()
        if is_eval:
            site.eval_calls += 1
            if site.first_step is None:
                site.first_step = self.steps
            site.last_step = self.steps
        ticket = None
        if grad:
            if is_eval:
                site.grad_calls += 1
                if not site.params_require_grad:
                    site.params_require_grad = any(p.requires_grad for p in module.parameters())
            self._gg002_check(site)
            ticket = _Ticket(site, is_eval)
            self._push(self._pack, self._unpack)
        local.call = _Call(module, frame, site, ticket, ticket is not None)
        return None

    def _post_hook(self, module, inputs, output):
        call = getattr(self._local, "call", None)
        if call is not None and call.module is module and sys._getframe(1) is call.frame:
            self._end_call(call, output)
        return None

    def _end_call(self, call, output=None):
        self._local.call = None
        if call.pushed:
            self._pop()
        ticket = call.ticket
        if ticket is None:
            return
        site = call.site
        marker = None
        grad_fn = _grad_fn_of(output) if output is not None else None
        if grad_fn is not None:
            marker = _Marker()
            try:
                grad_fn.register_hook(marker)
            except Exception:  # a node that takes no hooks: its saved tensors alone tell
                marker = None
        if marker is not None or ticket.bytes:
            site.graphs.append((weakref.ref(marker) if marker is not None else None, weakref.ref(ticket),
                                ticket.bytes, self.steps))
        if not ticket.bytes:
            return
        if ticket.eval:
            site.bytes_total += ticket.bytes
            site.saving_calls += 1
            if ticket.bytes > site.bytes_peak:
                site.bytes_peak = ticket.bytes
            ticket.counted = True
            if ticket.backward:  # read already (a backward inside the forward: rare)
                site.bytes_backward += ticket.bytes

    def _gg002_check(self, site):
        """At a new call of site: the graphs of its calls before the last one that are still alive."""
        graphs = site.graphs
        if not graphs:
            return
        # A graph is alive while its output's node is, or while its saved tensors are held.
        alive = [g for g in graphs if (g[0] is not None and g[0]() is not None) or g[1]() is not None]
        site.graphs = alive
        older = alive[:-1] if alive and alive[-1] is graphs[-1] else alive
        if len(older) > site.alive_max:
            site.alive_max = len(older)
            site.alive_bytes = sum(g[2] for g in older if g[1]() is not None)
            site.alive_call = site.calls

    def _pack(self, tensor):
        call = getattr(self._local, "call", None)
        if call is None or call.ticket is None:
            return tensor
        ticket = call.ticket
        key, nbytes = self._storage(tensor)
        if call.own is None:
            call.own = set()
            try:
                for t in call.module.parameters():
                    call.own.add(self._storage(t)[0])
                for t in call.module.buffers():
                    call.own.add(self._storage(t)[0])
            except Exception:
                pass
        if key not in call.seen and key not in call.own:
            call.seen.add(key)
            ticket.bytes += nbytes
        return _Packed(tensor.detach(), ticket)

    def _unpack(self, packed):
        if not isinstance(packed, _Packed):
            return packed
        ticket = packed.ticket
        if not ticket.backward:
            ticket.backward = True
            if ticket.counted:  # else _end_call counts it
                ticket.site.bytes_backward += ticket.bytes
        return packed.tensor

    # -- what was found -----------------------------------------------------

    def findings(self):
        """The runtime findings, as dicts (see probe_output.finding_dict for the members)."""
        from gradguard import probe_output
        return probe_output.findings(self)

    def report(self, fmt="concise", file=None, root=None):
        """Prints the findings in fmt (concise, json, sarif, github) to file (default stderr)."""
        from gradguard import probe_output
        probe_output.print_report(self, fmt, file if file is not None else sys.stderr, root)

    def write_runtime_json(self, root=None):
        """Writes ROOT/.gradguard/runtime.json (ROOT: the current folder); returns its path."""
        from gradguard import probe_output
        return probe_output.write_runtime_json(self, root)


def _function_lines(code):
    """The first and last line of a code object (its own lines, not its nested functions')."""
    first = code.co_firstlineno
    last = first
    try:
        lines = code.co_lines()  # 3.10
        for _, _, line in lines:
            if line is not None and line > last:
                last = line
    except AttributeError:
        import dis
        for _, line in dis.findlinestarts(code):
            if line is not None and line > last:
                last = line
    return first, last


def _make_site(frame):
    import linecache
    code = frame.f_code
    filename = code.co_filename
    line = frame.f_lineno
    column = end_line = end_column = None
    positions = getattr(code, "co_positions", None)  # 3.11: the call instruction's exact range
    if positions is not None:
        try:
            pos = list(positions())[frame.f_lasti // 2]
            if pos[0] is not None and pos[2] is not None:
                line, end_line = pos[0], pos[1]
                column, end_column = pos[2] + 1, pos[3] + 1  # byte offsets, fixed below
        except (IndexError, ValueError):
            pass
    text = linecache.getline(filename, line)
    call = None
    if column is not None:
        lines = [linecache.getline(filename, n) for n in range(line, end_line + 1)]
        if lines and all(lines):
            # co_positions counts UTF-8 bytes; the report counts code points (as gradguard check does).
            first = lines[0].encode("utf-8")
            last = lines[-1].encode("utf-8")
            if len(lines) == 1:
                call = first[column - 1:end_column - 1].decode("utf-8", "replace")
            else:
                call = (first[column - 1:].decode("utf-8", "replace") + "".join(lines[1:-1]) +
                        last[:end_column - 1].decode("utf-8", "replace"))
            column = len(first[:column - 1].decode("utf-8", "replace")) + 1
            end_column = len(last[:end_column - 1].decode("utf-8", "replace")) + 1
            call = " ".join(call.split())
            if len(call) > 60:
                call = call[:57] + "..."
    site = Site(filename, line, column, end_line, end_column, code.co_name, _function_lines(code),
                call, text.strip())
    site.cell = _cell_source(filename)
    if site.cell is not None:
        site.notebook = _notebook_path()
    return site


def _ipython_shell():
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    return get() if get is not None else None


def _cell_source(filename):
    """The source of the notebook cell IPython compiled under filename, else None.

    IPython (and ipykernel) compile each cell under a name of their own
    (`<ipython-input-4-...>`, `/tmp/ipykernel_N/HASH.py`) that names no file:
    its compiler maps the names it gave to execution counts, and linecache
    holds the cell's lines (as IPython transformed them: a magic is a call).
    """
    import linecache
    shell = _ipython_shell()
    names = getattr(getattr(shell, "compile", None), "_filename_map", None)
    if not isinstance(names, dict) or filename not in names:
        return None
    lines = linecache.getlines(filename)
    return "".join(lines) if lines else None


def _notebook_path():
    """The notebook the running kernel serves, when it says: VS Code's `__vsc_ipynb_file__`,
    or Jupyter server's JPY_SESSION_NAME (a path from the server's root; the kernel runs in
    the notebook's folder). None when neither names a notebook that is there."""
    candidates = []
    shell = _ipython_shell()
    user_ns = getattr(shell, "user_ns", None)
    if isinstance(user_ns, dict) and isinstance(user_ns.get("__vsc_ipynb_file__"), str):
        candidates.append(user_ns["__vsc_ipynb_file__"])
    session = os.environ.get("JPY_SESSION_NAME")
    if session:
        candidates += [session, os.path.basename(session)]
    for path in candidates:
        if path.endswith(".ipynb") and os.path.isfile(path):
            return os.path.realpath(path)
    return None


# -- the module's interface: one probe installed at a time ---------------------

_lock = threading.Lock()
_current = None


def current():
    """The installed Probe, or None."""
    return _current


def install(report_at_exit=True, fmt="concise", root=None):
    """Installs the probe until uninstall() (for a notebook: run it in the first cell).

    With report_at_exit, the interpreter's exit prints the findings (fmt, on
    stderr) and writes .gradguard/runtime.json under root (the current folder).
    Returns the Probe; installing again returns the one installed.
    """
    global _current
    with _lock:
        if _current is not None:
            return _current
        probe = Probe().start()
        _current = probe
    if report_at_exit:
        import atexit

        def at_exit():
            if _current is probe:
                uninstall(fmt=fmt, root=root)
        atexit.register(at_exit)
    return probe


def uninstall(fmt="concise", root=None, write=True):
    """Removes the installed probe; prints its findings (fmt; None: print nothing) and,
    with write, writes .gradguard/runtime.json under root. Returns the Probe or None."""
    global _current
    with _lock:
        probe, _current = _current, None
    if probe is None:
        return None
    probe.stop()
    if fmt:
        probe.report(fmt, root=root)
    if write:
        probe.write_runtime_json(root)
    return probe


def report(fmt="concise", file=None, root=None):
    """Prints what the installed probe found so far (a notebook's cell can ask at any time)."""
    if _current is not None:
        _current.report(fmt, file, root)


class watch:
    """with gradguard.probe.watch() as p: ...  watches the block; p.findings() after it.

    report: the format printed on stderr when the block ends (None: nothing);
    write: whether .gradguard/runtime.json is written under root (the current folder).
    """

    def __init__(self, report="concise", write=True, root=None):
        self._fmt = report
        self._write = write
        self._root = root
        self.probe = None

    def __enter__(self):
        global _current
        with _lock:
            if _current is not None:
                raise RuntimeError("gradguard.probe is already installed (install(), run or another watch())")
            self.probe = _current = Probe().start()
        return self.probe

    def __exit__(self, *exc):
        uninstall(fmt=self._fmt, root=self._root, write=self._write)
        return False
