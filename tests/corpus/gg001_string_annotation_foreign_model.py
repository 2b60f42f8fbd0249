# A validation callback handed to a quantization library: its `compiled`
# parameter is annotated with a forward reference to a compiled inference
# engine's model, imported for type checking only. That object is no torch
# module (it returns arrays), whatever its name says. A parameter annotated
# as a torch module is one.
from typing import TYPE_CHECKING, Iterable

import torch
import torch.nn as nn

if TYPE_CHECKING:
    from openvino import CompiledModel


def accuracy_of(compiled_model: "CompiledModel", batches: Iterable) -> float:
    hits = 0
    for batch in batches:
        preds = torch.from_numpy(compiled_model(batch["image"])[0])
        hits += int((preds.argmax(1) == batch["label"]).sum())
    return hits


def accuracy_torch(model: nn.Module, test_batches: Iterable) -> float:
    model.eval()
    hits = 0
    for batch in test_batches:
        hits += int((model(batch["image"]).argmax(1) == batch["label"]).sum())  # expect: GG001
    return hits
