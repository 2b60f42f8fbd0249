# A preview script draws a few samples through the reader's hook.
from readers.noisy import NoisyReader

reader = NoisyReader(load_tensors("val"))
for i in range(4):
    print(reader._load_sample(i).mean())
