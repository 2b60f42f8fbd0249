import torch
from transformers import AutoModelForSequenceClassification

model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased")
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)


def train(dataloader, epochs=3):
    history = {"loss": []}
    for epoch in range(epochs):
        for batch in dataloader:
            outputs = model(**batch)
            loss = outputs.loss
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            history["loss"].append(loss)  # expect: GG002
    return [l.item() for l in history["loss"]]
