# The evaluation helper never imports torch: it is handed the model, puts
# it in eval mode and runs its scoring method over the episodes, autograd
# on. Only the floats are kept.
from tqdm import tqdm


def run_episodes(model, episodes, meter, show=False):
    model.eval()
    if show:
        episodes = tqdm(episodes)
    for episode in episodes:
        _, stats = model.episode_loss(episode)  # expect: GG001
        meter.add(stats["loss"])
    return meter
