"""CLI commands, one module each; importing a module registers its commands on the app."""
