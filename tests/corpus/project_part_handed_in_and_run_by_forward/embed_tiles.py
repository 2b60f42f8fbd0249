# An inference script runs the trained classifier's trunk alone over every
# tile of a slide to save their embeddings: the trunk's forward keeps its
# activations for nothing.
import numpy as np
import torch
import torchvision

from nets import SlideClassifier

clf = SlideClassifier(torchvision.models.vgg16().features)
clf.load_state_dict(torch.load("slide_classifier.pt"))
clf.cuda()
rows = []
for tiles in torch.load("tiles.pt"):
    emb = clf.tile_features(tiles.cuda())  # expect: GG001
    rows.append(emb.data.cpu().numpy())
np.save("embeddings.npy", np.concatenate(rows))
