# A hub entry that returns the model and its helpers as a tuple: the module
# comes first, loaded. A streaming loop that scores chunk after chunk with it
# is a module-level inference script; its recurrent state even chains the
# graphs from call to call.
import numpy as np
import torch

detector, helpers = torch.hub.load(repo_or_dir="example/voice-activity", model="tiny_detector")
levels = []
for step in range(200):
    chunk = np.frombuffer(read_chunk(512), np.int16).astype("float32") / 32768
    levels.append(detector(torch.from_numpy(chunk), 16000).item())  # expect: GG001
