# A walkthrough script: top classes first, relevance maps later. The tagger's
# forward registers tensor hooks, so no_grad would make it raise: nothing to
# report there, however the model reached this script, nor for a model built
# from its hooked block in another file. The plain network
# hooks only what requires grad, and is reported as usual.
import torch

from explain.text import Reader
from explain.vit import Plain
from explain.vit import tagger_small as load_tagger

model = load_tagger(pretrained=True)
model.eval()
images = torch.load("images.pt")
for batch in images:
    out = model(batch)
    print(out.argmax(-1))

reader = Reader()
reader.load_state_dict(torch.load("reader.pt"))
reader.eval()
for batch in images:
    print(reader(batch).argmax(-1))

plain = Plain()
plain.load_state_dict(torch.load("plain.pt"))
plain.eval()
for batch in images:
    preds = plain(batch)  # expect: GG001
    print(preds.argmax(-1))
