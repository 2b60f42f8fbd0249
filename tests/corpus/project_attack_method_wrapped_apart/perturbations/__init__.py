from .sign_step import SignStep
