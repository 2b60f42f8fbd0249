# The scoring script loads a trained model and hands it to the helper.
import torch

from fewshot import evaluation

model = torch.load("best.pt")
print(evaluation.run_episodes(model, test_episodes, meter).mean())
