# Named like a pytest module, but a benchmark script written at module level
# (no __main__ guard): arguments parsed on import, a checkpoint loaded and put
# in eval mode, then a loop over the test patches. Nothing pytest would
# collect: evaluation code, checked as such.
import argparse

import numpy as np
import torch

parser = argparse.ArgumentParser()
parser.add_argument("--weights", default="denoiser.pt")
args = parser.parse_args()
restorer = torch.load(args.weights)
restorer.eval()
for index in range(40):
    noisy = torch.from_numpy(np.load(f"patch_{index}.npy")).unsqueeze(0)
    clean = restorer(noisy)  # expect: GG001
    np.save(f"clean_{index}.npy", clean.detach().numpy())
