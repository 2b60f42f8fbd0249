# %% [markdown]
# A script cut into cells (`# %%`, Jupytext's percent format), run cell by
# cell as a notebook is. After training, cells show the captioner on one
# image each: the image made a batch of one, the start token's id beside it.
# Such a cell is a demonstration, as in a notebook; a loop over the test
# set at the top level stays evaluation.

# %%
import torch

captioner = torch.load("captioner.pt")
captioner.eval()
vocab = {"<start>": 1}
image = test_images[0]

# %%
tokens = captioner(image.unsqueeze(0), vocab["<start>"])
print(tokens)

# %%
scores = [captioner(batch) for batch in test_loader]  # expect: GG001
