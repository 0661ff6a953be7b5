# A stand-in for Hermes Agent loading herdr's hermes plugin (fetched from herdr's sources into a
# temp folder by e2e/herdr-hook-capture.ts): the plugin registers its hooks on a context as
# Hermes's does, then on_session_start is called with the keyword arguments Hermes gives it, and
# the agent lives on <linger ms>. Usage: python3 herdr-hook-host.py <plugin folder> <session id>
# <linger ms>
import importlib.util
import sys
import time

folder, session_id, linger_ms = sys.argv[1], sys.argv[2], int(sys.argv[3])
spec = importlib.util.spec_from_file_location("herdr_hermes", f"{folder}/__init__.py")
plugin = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plugin)


class Context:
    def __init__(self):
        self.hooks = {}

    def register_hook(self, name, callback):
        self.hooks[name] = callback


ctx = Context()
plugin.register(ctx)
ctx.hooks["on_session_start"](session_id=session_id, platform="cli")
print("hermes: hooked", flush=True)
time.sleep(linger_ms / 1000)
