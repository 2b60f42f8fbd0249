# A model class of another file returns Python numbers beside its loss (hit
# rates from .item(), from its decoder's forward in a third file, and a rate
# counted by its own method or set to 0 in the other branch) and a tensor's
# .data: summing those parts over a training loop keeps no graph. A part another file's forward returns as a tensor (a critic's
# value) still carries its history when evaluation sums it.
import torch

from nets import GraphAutoencoder, ActorCritic


def train(batches, epochs):
    model = GraphAutoencoder(16).cuda()
    optimizer = torch.optim.Adam(model.parameters())
    for epoch in range(epochs):
        word_rate, stop_rate, align_rate, divergence_sum, stop_sum = 0, 0, 0, 0, 0
        for nodes in batches:
            optimizer.zero_grad()
            loss, divergence, word_hit, stop_hit, align_hit, stop_part = model(nodes.cuda())
            loss.backward()
            optimizer.step()
            word_rate += word_hit
            stop_rate += stop_hit
            align_rate += align_hit
            divergence_sum += divergence
            stop_sum += stop_part
        print(epoch, word_rate, stop_rate, align_rate, divergence_sum, stop_sum)


def score_states(states, weights):
    critic = ActorCritic(8)
    critic.load_state_dict(torch.load(weights))
    critic.eval()
    total_value, actions = 0, 0
    for state in states:
        action, log_prob, value = critic(torch.as_tensor(state))  # expect: GG001
        total_value += value  # expect: GG002
        actions += action.item()
    return total_value, actions
