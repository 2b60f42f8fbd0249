import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer

if __name__ == "__main__":
    tokenizer = AutoTokenizer.from_pretrained("distilbert-base-uncased-finetuned-sst-2-english")
    model = AutoModelForSequenceClassification.from_pretrained("distilbert-base-uncased-finetuned-sst-2-english")
    model.eval()
    inputs = tokenizer(["I loved it", "Terrible"], return_tensors="pt", padding=True)
    logits = model(**inputs).logits  # expect: GG001
    print(logits.softmax(-1))
