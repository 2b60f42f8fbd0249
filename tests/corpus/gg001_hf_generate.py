from transformers import AutoModelForCausalLM, AutoTokenizer

tokenizer = AutoTokenizer.from_pretrained("gpt2")
model = AutoModelForCausalLM.from_pretrained("gpt2")
model.eval()
ids = tokenizer("hello", return_tensors="pt").input_ids
generated = model.generate(ids, max_new_tokens=20)
print(tokenizer.decode(generated[0]))
