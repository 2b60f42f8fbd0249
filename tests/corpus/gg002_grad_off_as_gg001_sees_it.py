import torch


def no_tracking():
    """A wrapper of this file: GG001 knows it turns grad off, and so does GG002."""
    return torch.no_grad()


def evaluate_all(model, loader):
    with no_tracking():
        outputs = []
        for x in loader:
            outputs.append(model(x))
        return outputs


# Reached only from a no_grad __call__ through a helper: every caller is guarded.
class Generator:
    def __init__(self, text_encoder):
        self.text_encoder = text_encoder

    def _score_glyphs(self, prompts):
        embeds = []
        for p in prompts:
            embeds.append(self.text_encoder(p))
        return embeds

    def encode_prompt(self, prompts):
        return self._score_glyphs(prompts)

    @torch.no_grad()
    def __call__(self, prompts):
        return self.encode_prompt(prompts)
