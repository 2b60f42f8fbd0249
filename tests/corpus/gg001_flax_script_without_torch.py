# A script of another framework that names a checked one (transformers'
# Flax classes) and imports nothing of torch: its networks are not torch
# modules, whatever the names say, and no torch wrap belongs here.
import jax.numpy as jnp
from transformers import FlaxBertForMaskedLM

from tiny_flax import FlaxTinyForMaskedLM


def build(use_tiny, name):
    global net
    cls = FlaxTinyForMaskedLM if use_tiny else FlaxBertForMaskedLM
    net = cls.from_pretrained(name)
    net.eval()


def eval_step(params, batch):
    logits = net(**batch, params=params, train=False)[0]
    return jnp.mean(logits)


def evaluate(params, eval_batches):
    return [eval_step(params, b) for b in eval_batches]
