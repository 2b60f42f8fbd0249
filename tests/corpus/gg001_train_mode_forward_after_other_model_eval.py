# A notebook-style walk through a model at module level: the pretrained
# encoder is put in eval mode and run (reported); then a classifier is put
# in train mode and run with labels to show its loss: training mode on
# purpose, which the encoder's eval() does not speak for.
import torch
from transformers import AutoModel, AutoModelForSequenceClassification

encoder = AutoModel.from_pretrained("roberta-base")
encoder.eval()
hidden = encoder(input_ids)  # expect: GG001
print(hidden.last_hidden_state.shape)

classifier = AutoModelForSequenceClassification.from_pretrained("roberta-base", num_labels=2)
classifier.train()
out = classifier(input_ids, labels=labels)
print(out.loss)
