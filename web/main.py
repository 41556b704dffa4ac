# The page's entry point: PyScript runs this once Pyodide is up. All logic lives in rkweb/pycore.
from rkweb.app.browser import start

app = start()
