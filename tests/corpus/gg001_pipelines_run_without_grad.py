import torch
from diffusers import DiffusionPipeline

from .pipelines import LocalControlNetPipeline


# A diffusers pipeline (or a project's copy, named *Pipeline) decorates
# __call__ with @torch.no_grad(): calling it is no forward with grad on.
def log_validation(args, unet):
    pipeline = DiffusionPipeline.from_pretrained(args.base, unet=unet)
    pipeline.unet.eval()
    images = []
    for prompt in args.validation_prompts:
        images.append(pipeline(prompt).images[0])
    control = LocalControlNetPipeline.from_pretrained(args.base)
    for prompt in args.validation_prompts:
        images.append(control(prompt).images[0])
    return images


pipe = DiffusionPipeline.from_pretrained("some/checkpoint").to("cuda")
image = pipe("a prompt").images[0]
