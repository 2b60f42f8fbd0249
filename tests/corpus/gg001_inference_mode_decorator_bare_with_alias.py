import torch as th


@th.inference_mode()
def predict(model, images):
    model.eval()
    return model(images).softmax(-1)


@th.no_grad
def decode_batch(decoder, latents):
    return decoder(latents)
