# A tutorial prints what the model returns, read for its shape right where it
# is computed: nothing keeps the output, and its graph goes with the
# statement. A shape inspection, not evaluation. Keeping the predictions is.
import torch

forecaster = torch.load("forecaster.pt")
forecaster.eval()
batch = torch.load("one_batch.pt")
print(forecaster(batch)["prediction"].size())
print(forecaster(batch).shape, forecaster(batch).dtype)
predictions = [forecaster(b)["prediction"] for b in torch.load("val_batches.pt")]  # expect: GG001
