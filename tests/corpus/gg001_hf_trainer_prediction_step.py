import torch
from transformers import Trainer


class DistillTrainer(Trainer):
    def prediction_step(self, model, inputs, prediction_loss_only, ignore_keys=None):
        inputs = self._prepare_inputs(inputs)
        outputs = model(**inputs)
        return (outputs.loss, outputs.logits, inputs.get("labels"))
