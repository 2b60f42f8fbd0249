from .layers import Affine, Chain, Clamp
