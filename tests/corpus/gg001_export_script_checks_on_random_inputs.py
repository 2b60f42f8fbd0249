# An export script: the loaded model is run once on random inputs as a dry
# run before tracing, and the reloaded traced module once more to compare
# outputs. Export and tracing are not evaluation (SPEC §2), nor are their
# checks on synthetic tensors. The same script scoring a folder of real
# images after the export is evaluation.
import torch


def export(checkpoint, out_path, images):
    model = torch.load(checkpoint)
    model.eval()
    sample = torch.rand(1, 3, 96, 96)
    sample = sample.to("cpu")
    reference = model(sample)
    traced = torch.jit.trace(model, (sample,))
    traced.save(out_path)
    reloaded = torch.jit.load(out_path)
    drift = (reloaded(sample) - reference).abs().max()
    print(f"max drift {drift.item():.2e}")
    return [reloaded(image[None]).argmax().item() for image in images]  # expect: GG001
