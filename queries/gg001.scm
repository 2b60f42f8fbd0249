; GG001 eval-forward-with-grad: the facts the rule gathers in one pass over
; the tree. The walk in server/analysis/rule_gg001.c puts them in order.

; --- Imports -------------------------------------------------------------
; A file is checked only when it imports one of these frameworks. Bindings
; of torch names (`import torch as th`, `from torch import no_grad as ng`)
; resolve `th.no_grad()` and `ng()` to what they are.

(import_statement
  name: (dotted_name . (identifier) @import.root) @import.module
  (#any-of? @import.root "torch" "lightning" "pytorch_lightning" "transformers" "accelerate" "timm"))

(import_statement
  name: (aliased_import
    name: (dotted_name . (identifier) @import.root) @import.module
    alias: (identifier) @import.alias)
  (#any-of? @import.root "torch" "lightning" "pytorch_lightning" "transformers" "accelerate" "timm"))

(import_from_statement
  module_name: (dotted_name . (identifier) @import.root) @from.module
  name: (dotted_name) @from.name
  (#any-of? @import.root "torch" "lightning" "pytorch_lightning" "transformers" "accelerate" "timm"))

(import_from_statement
  module_name: (dotted_name . (identifier) @import.root) @from.module
  name: (aliased_import
    name: (dotted_name) @from.name
    alias: (identifier) @from.alias)
  (#any-of? @import.root "torch" "lightning" "pytorch_lightning" "transformers" "accelerate" "timm"))

; `from torch import *` binds every torch name: the file is checked.
(import_from_statement
  module_name: (dotted_name . (identifier) @import.root) @from.module
  (wildcard_import)
  (#any-of? @import.root "torch" "lightning" "pytorch_lightning" "transformers" "accelerate" "timm"))

; --- Backward evidence ---------------------------------------------------
; Code that computes gradients is training code, whatever else it calls.

; loss.backward(), accelerator.backward(loss), scaler.scale(loss).backward()
(call
  function: (attribute attribute: (identifier) @_method)
  (#eq? @_method "backward")) @backward

; optimizer.step(), self.optim.step(), opt_g.step(), scaler.step(optimizer)
(call
  function: (attribute
    object: [(identifier) (attribute)] @_receiver
    attribute: (identifier) @_method)
  (#eq? @_method "step")
  (#match? @_receiver "([Oo]ptim|(^|[._])opt($|_)|[Ss]caler$)")) @backward

; x.requires_grad_() and x.requires_grad_(True)
(call
  function: (attribute attribute: (identifier) @_method)
  arguments: (argument_list) @_args
  (#eq? @_method "requires_grad_")
  (#not-match? @_args "False")) @backward

; torch.autograd.grad(...), torch.enable_grad(), and their aliases: the
; callee is resolved through the imports before it counts.
(call
  function: [
    (identifier) @_name
    (attribute attribute: (identifier) @_name)
  ] @grad.callee
  (#any-of? @_name "grad" "enable_grad"))

; @torch.enable_grad (without a call)
(decorator
  [
    (identifier) @_name
    (attribute attribute: (identifier) @_name)
  ] @grad.callee
  (#eq? @_name "enable_grad"))

; --- Scopes ---------------------------------------------------------------
; Function bodies, to tell module-level backward evidence from a function's.
(function_definition) @function
