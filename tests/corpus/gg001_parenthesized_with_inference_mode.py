import torch
from torch.cuda.amp import autocast


def infer(model, batches, log_path):
    model.eval()
    outputs = []
    with (
        open(log_path, "w") as log,
        autocast(),
        torch.inference_mode(),
    ):
        for batch in batches:
            outputs.append(model(batch))
            log.write("ok\n")
    return outputs
