import torch
from transformers import AutoModelForSeq2SeqLM, AutoTokenizer


def evaluate_summaries(model_name, articles):
    tokenizer = AutoTokenizer.from_pretrained(model_name)
    model = AutoModelForSeq2SeqLM.from_pretrained(model_name)
    model.eval()
    summaries = []
    for article in articles:
        batch = tokenizer(article, return_tensors="pt", truncation=True)
        out = model.generate(**batch, num_beams=4, max_new_tokens=64)
        summaries.append(tokenizer.decode(out[0], skip_special_tokens=True))
    return summaries
