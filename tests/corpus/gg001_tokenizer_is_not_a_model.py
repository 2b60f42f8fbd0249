import torch


def run_inference(args, model_class, tokenizer_class, prompts):
    tokenizer = tokenizer_class.from_pretrained(args.name)
    model = model_class.from_pretrained(args.name)
    model.eval()
    encoded = [tokenizer.encode(p, return_tensors="pt") for p in prompts]
    return [model(ids) for ids in encoded]  # expect: GG001
