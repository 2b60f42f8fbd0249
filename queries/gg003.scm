; GG003 volatile-no-op: `volatile=True` passed to a call, typically
; `Variable(x, volatile=True)`. The keyword has done nothing since PyTorch 0.4.
; `volatile=False`, `volatile=flag` and a variable named volatile are not it.

(call
  arguments: (argument_list
    (keyword_argument
      name: (identifier) @_name
      value: (true)) @volatile)
  (#eq? @_name "volatile"))
