from .autoencoder import GraphAutoencoder, ActorCritic
