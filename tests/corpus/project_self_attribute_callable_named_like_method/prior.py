# A learned mixture prior holds a callable its owner hands in, under an
# attribute named like a method of the project's encoder (inference). Calling
# self.inference(...) runs that value, not a method of this class: its
# origin is a constructor argument, unknown here, and the pseudo-inputs it
# encodes are trained through it (the prior's log-density is a loss term).
# The encoder's .eval() is a toggle for dropout, put back in finally.
import torch
from torch import nn
from torch.distributions import Normal


class LearnedPrior(nn.Module):
    def __init__(self, inference, encoder, n_pseudo, n_in):
        super().__init__()
        self.inference = inference
        self.encoder = encoder
        self.pseudo = nn.Parameter(torch.randn(n_pseudo, n_in))

    def components(self):
        was_training = self.encoder.training
        self.encoder.eval()
        try:
            mu, logvar = self.inference(self.pseudo)
        finally:
            self.encoder.train(was_training)
        return Normal(mu, (0.5 * logvar).exp())

    def kl_term(self, q, z):
        return (q.log_prob(z) - self.components().log_prob(z.unsqueeze(1)).mean(1)).sum(-1)
