import torch


# What a checkpoint holds under a key is what was pickled there: a state dict
# is never called, so a name that is run as a module is the module the
# checkpoint saved, a loaded model, whatever the name says.
def replay(path, test_loader):
    weights = torch.load(path)["state_dict"]
    agent = torch.load(path)["policy"]
    for obs in test_loader:
        print(agent(obs).argmax(-1), len(weights))  # expect: GG001
