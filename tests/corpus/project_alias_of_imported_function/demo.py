# A chat demo picks its streamer by the model family: the name it binds
# holds the imported function itself, not a model, so calling it runs that
# function (under its own inference mode), no forward of a module here.
import torch
from engine.streaming import TokenStreamer


def chat(model, prompts, family):
    model.eval()
    if family == "small":
        stream_generator = TokenStreamer
    else:
        stream_generator = TokenStreamer
    for tokens in prompts:
        for piece in stream_generator(model, tokens):
            print(piece.item())
