# Layers of torch.nn that hold no parameter that trains record no graph from
# inputs without history: a Sequential of dropout and activations only, a
# norm built without its affine weights, an embedding table loaded with
# from_pretrained (frozen unless freeze=False). A chapter shows what each does
# after putting them in eval mode; there is nothing to save by wrapping them.
# The trained network, and a table left trainable, are another matter.
import torch
import torch.nn as nn

noise = nn.Sequential(nn.Dropout(0.3), nn.ReLU())
whiten = nn.BatchNorm1d(4, affine=False)
scale = nn.LayerNorm(4, elementwise_affine=False)
words = nn.Embedding.from_pretrained(torch.load("vectors.pt"))
tuned_words = nn.Embedding.from_pretrained(torch.load("vectors.pt"), freeze=False)
net = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
net.load_state_dict(torch.load("net.pt"))

noise.eval()
whiten.eval()
net.eval()
points = torch.load("points.pt")
ids = torch.load("ids.pt")
dropped = noise(points)
centred = whiten(points)
scaled = scale(points)
looked_up = words(ids)
tuned = tuned_words(ids)  # expect: GG001
scores = net(points)  # expect: GG001
