# A slide classifier is handed its backbone: __init__ keeps it as an
# attribute and forward runs it on the input. The attribute is a module by
# its use, whatever it is called.
from torch import nn


class SlideClassifier(nn.Module):
    def __init__(self, trunk, width=4096):
        super().__init__()
        self.tile_features = trunk
        self.act = None
        self.scorer = nn.Linear(width, 2)

    def forward(self, tiles):
        h = self.tile_features(tiles)
        return self.scorer(h)
