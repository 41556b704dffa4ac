"""The widgets every feature uses: fields with their error beside them, chips that show when they
are pressed, buttons, the tab bar, results with their "why", odds (percent first, the fraction on
request), the log and the dice entry ("Roll for me" or "I rolled ..."). Imports ``app.vdom`` and
``pycore`` (never a feature); computes no rule."""
