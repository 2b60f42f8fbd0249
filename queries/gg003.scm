; GG003 volatile-no-op: `volatile=...` passed to a call, typically
; `Variable(x, volatile=True)`. The keyword has done nothing since PyTorch 0.4.
; `volatile=True` is it wherever it is passed; another value (`volatile=not
; train`, `volatile=evaluation`) only where the callee is torch's Variable
; (rule_gg003.c), and `volatile=False` never.

(call
  function: (_) @callee
  arguments: (argument_list
    (keyword_argument
      name: (identifier) @_name
      value: (_) @value) @volatile)
  (#eq? @_name "volatile"))
